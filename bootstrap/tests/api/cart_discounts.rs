//! Discount codes at the till (issue 15): a shopper applies a code to the cart, checkout
//! charges the discounted total, a use is taken once per order and given back when the
//! order is not paid or canceled before it ships; every refusal says why.

use crate::helpers::{TestApp, APPROVED_PHONE};
use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::{json, Value};
use shop_payments::sandbox::DECLINED_NUMBER;

/// Makes a code as an admin and returns its id.
async fn code(app: &TestApp, admin: &str, fields: Value) -> String {
    let made = app.post("/api/admin/discounts", Some(admin), fields).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    made.body["_id"].as_str().unwrap().to_owned()
}

async fn times_used(app: &TestApp, admin: &str, id: &str) -> u64 {
    let codes = app.get("/api/admin/discounts", Some(admin)).await.body;
    codes
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["_id"] == id)
        .expect("the code is listed")["timesUsed"]
        .as_u64()
        .unwrap()
}

async fn apply(app: &TestApp, token: &str, code: &str) -> crate::reply::Reply {
    app.post("/api/cart/discount", Some(token), json!({ "code": code }))
        .await
}

/// A shopper with two $20.00 dresses in the cart (shipping $5.00), and the dress's id.
async fn shopper_with_cart(app: &TestApp, admin: &str, name: &str) -> (String, String) {
    let dress = app.product(admin, "Eid Dress", "20", 50).await;
    let id = dress["_id"].as_str().unwrap().to_owned();
    let (token, _) = app.shopper(name).await;
    assert_eq!(app.add_to_cart(&token, &id, 2).await.status, StatusCode::OK);
    (token, id)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_code_takes_its_share_off_the_cart_and_checkout_charges_exactly_that() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let id = code(
            &app,
            &admin,
            json!({ "code": "EID-15", "kind": "percent", "value": 15, "active": true }),
        )
        .await;
        let (token, _) = shopper_with_cart(&app, &admin, "amina").await;

        let applied = apply(&app, &token, " eid-15 ").await;
        assert_eq!(applied.status, StatusCode::OK, "{}", applied.body);
        assert_eq!(
            applied.body["discount"],
            json!({ "code": "EID-15", "amount": 6.0 })
        );
        assert_eq!(
            (
                &applied.body["subtotal"],
                &applied.body["shipping"],
                &applied.body["total"]
            ),
            (&json!(40.0), &json!(5.0), &json!(39.0))
        );
        assert_eq!(applied.body["discountNotApplied"], Value::Null);
        let cart = app.get("/api/cart", Some(&token)).await.body;
        assert_eq!(cart["discount"]["code"], "EID-15");
        assert_eq!(cart["total"], 39.0);

        let paid = app.checkout(&token, APPROVED_PHONE).await;
        assert_eq!(paid.status, StatusCode::CREATED, "{}", paid.body);
        let order = &paid.body["order"];
        assert_eq!(
            (
                &order["totalAmount"],
                &order["discountCode"],
                &order["discountAmount"]
            ),
            (&json!(39.0), &json!("EID-15"), &json!(6.0))
        );
        let stored = app
            .get(
                &format!("/api/orders/{}", order["_id"].as_str().unwrap()),
                Some(&token),
            )
            .await;
        assert_eq!(stored.body["discountCode"], "EID-15");
        assert_eq!(stored.body["totalAmount"], 39.0);
        assert_eq!(times_used(&app, &admin, &id).await, 1, "{}", app.backend);
        // The back office counts what was charged, and what the code gave.
        let stats = app.get("/api/admin/stats", Some(&admin)).await.body;
        assert_eq!(stats["totalRevenue"], 39.0);
        let report = app
            .get("/api/admin/reports?days=7", Some(&admin))
            .await
            .body;
        assert_eq!(report["totalSales"], 39.0);
        assert_eq!(report["discountsGiven"], 6.0);
        assert_eq!(
            report["discountCodes"],
            json!([{ "code": "EID-15", "orders": 1, "amount": 6.0 }])
        );
        let emptied = app.get("/api/cart", Some(&token)).await.body;
        assert_eq!(
            (&emptied["discount"], &emptied["total"]),
            (&Value::Null, &json!(0.0))
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn free_shipping_makes_shipping_zero_and_a_fixed_amount_never_passes_the_subtotal() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        code(
            &app,
            &admin,
            json!({ "code": "SHIPFREE", "kind": "freeShipping", "active": true }),
        )
        .await;
        code(
            &app,
            &admin,
            json!({ "code": "BIG-100", "kind": "fixed", "value": 100, "active": true }),
        )
        .await;
        let (token, _) = shopper_with_cart(&app, &admin, "amina").await;
        let free = apply(&app, &token, "SHIPFREE").await.body;
        assert_eq!(
            (
                &free["discount"]["amount"],
                &free["shipping"],
                &free["total"]
            ),
            (&json!(0.0), &json!(0.0), &json!(40.0))
        );
        // A second code takes the first one's place: one code per cart.
        let big = apply(&app, &token, "big-100").await.body;
        assert_eq!(
            big["discount"],
            json!({ "code": "BIG-100", "amount": 40.0 })
        );
        assert_eq!(
            (&big["shipping"], &big["total"]),
            (&json!(5.0), &json!(5.0))
        );
        let removed = app.delete("/api/cart/discount", Some(&token)).await;
        assert_eq!(removed.status, StatusCode::OK);
        assert_eq!(
            (&removed.body["discount"], &removed.body["total"]),
            (&Value::Null, &json!(45.0))
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn every_refused_code_says_why_and_nothing_sticks_to_the_cart() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let refused = [
            (
                json!({ "code": "OFF-NOW", "kind": "percent", "value": 10, "active": false }),
                "This discount code is not active",
            ),
            (
                json!({ "code": "LATER", "kind": "percent", "value": 10, "active": true,
                     "startsAt": "2099-01-01T00:00:00Z" }),
                "This discount code is not valid yet",
            ),
            (
                json!({ "code": "OVER", "kind": "percent", "value": 10, "active": true,
                     "startsAt": "2020-01-01T00:00:00Z", "endsAt": "2020-02-01T00:00:00Z" }),
                "This discount code has expired",
            ),
            (
                json!({ "code": "BIG-SPEND", "kind": "fixed", "value": 10, "active": true,
                     "minSubtotal": 100 }),
                "This discount code needs a subtotal of at least $100.00",
            ),
        ];
        for (fields, _) in &refused {
            code(&app, &admin, fields.clone()).await;
        }
        let (token, _) = shopper_with_cart(&app, &admin, "amina").await;
        for (fields, message) in &refused {
            let reply = apply(&app, &token, fields["code"].as_str().unwrap()).await;
            assert_eq!(
                reply.status,
                StatusCode::BAD_REQUEST,
                "{}: {}",
                app.backend,
                reply.body
            );
            assert_eq!(reply.body["message"], *message);
        }
        for unknown in ["NO-SUCH-CODE", "<script>", ""] {
            let reply = apply(&app, &token, unknown).await;
            assert_eq!(reply.status, StatusCode::NOT_FOUND, "{unknown:?}");
            assert_eq!(reply.body["message"], "Discount code not found");
        }
        let cart = app.get("/api/cart", Some(&token)).await.body;
        assert_eq!(
            (&cart["discount"], &cart["total"]),
            (&Value::Null, &json!(45.0))
        );

        // Used up, and past the shopper's own limit.
        code(
            &app,
            &admin,
            json!({ "code": "ONCE", "kind": "percent", "value": 10,
                                    "active": true, "usageLimit": 1 }),
        )
        .await;
        code(
            &app,
            &admin,
            json!({ "code": "MINE-ONCE", "kind": "percent", "value": 10,
                                    "active": true, "perCustomerLimit": 1 }),
        )
        .await;
        assert_eq!(apply(&app, &token, "ONCE").await.status, StatusCode::OK);
        assert_eq!(
            app.checkout(&token, APPROVED_PHONE).await.status,
            StatusCode::CREATED
        );
        let (dress_buyer, dress) = shopper_with_cart(&app, &admin, "hodan").await;
        let used_up = apply(&app, &dress_buyer, "ONCE").await;
        assert_eq!(used_up.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            used_up.body["message"],
            "This discount code has been used up"
        );
        assert_eq!(
            apply(&app, &dress_buyer, "MINE-ONCE").await.status,
            StatusCode::OK
        );
        assert_eq!(
            app.checkout(&dress_buyer, APPROVED_PHONE).await.status,
            StatusCode::CREATED
        );
        app.add_to_cart(&dress_buyer, &dress, 1).await;
        let again = apply(&app, &dress_buyer, "MINE-ONCE").await;
        assert_eq!(again.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            again.body["message"],
            "You have already used this discount code"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn racing_buyers_of_a_one_use_code_one_gets_it_and_the_others_keep_their_cart_without_it() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let id = code(
            &app,
            &admin,
            json!({ "code": "FIRST-ONE", "kind": "fixed", "value": 5,
                                             "active": true, "usageLimit": 1 }),
        )
        .await;
        let dress = app.product(&admin, "Eid Dress", "20", 50).await;
        let buyers = app
            .buyers_with_carts(8, dress["_id"].as_str().unwrap())
            .await;
        for token in &buyers {
            assert_eq!(apply(&app, token, "FIRST-ONE").await.status, StatusCode::OK);
        }
        let replies = join_all(buyers.iter().map(|t| app.checkout(t, APPROVED_PHONE))).await;
        let paid: Vec<_> = replies
            .iter()
            .filter(|r| r.status == StatusCode::CREATED)
            .collect();
        assert_eq!(
            paid.len(),
            1,
            "{}: {:?}",
            app.backend,
            replies
                .iter()
                .map(|r| (r.status, r.body.clone()))
                .collect::<Vec<_>>()
        );
        assert_eq!(paid[0].body["order"]["totalAmount"], 20.0);
        for (reply, token) in replies.iter().zip(&buyers) {
            if reply.status == StatusCode::CREATED {
                continue;
            }
            assert_eq!(reply.status, StatusCode::CONFLICT);
            assert_eq!(reply.body["message"], "This discount code has been used up");
            let cart = app.get("/api/cart", Some(token)).await.body;
            assert_eq!(
                (&cart["discount"], &cart["total"]),
                (&Value::Null, &json!(25.0))
            );
        }
        assert_eq!(times_used(&app, &admin, &id).await, 1);
        assert_eq!(app.stock_of(dress["_id"].as_str().unwrap()).await, 49);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_declined_payment_or_a_cancel_before_shipping_gives_the_use_back() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let id = code(
            &app,
            &admin,
            json!({ "code": "EID-5", "kind": "fixed", "value": 5,
                                             "active": true, "usageLimit": 1 }),
        )
        .await;
        let (token, _) = shopper_with_cart(&app, &admin, "amina").await;
        assert_eq!(apply(&app, &token, "EID-5").await.status, StatusCode::OK);
        let declined = app.checkout(&token, DECLINED_NUMBER).await;
        assert_eq!(
            declined.status,
            StatusCode::PAYMENT_REQUIRED,
            "{}",
            declined.body
        );
        assert_eq!(times_used(&app, &admin, &id).await, 0, "{}", app.backend);
        // The cart is kept for another try, with its code.
        assert_eq!(app.get("/api/cart", Some(&token)).await.body["total"], 40.0);

        let paid = app.checkout(&token, APPROVED_PHONE).await;
        assert_eq!(paid.status, StatusCode::CREATED, "{}", paid.body);
        assert_eq!(times_used(&app, &admin, &id).await, 1);
        let path = format!(
            "/api/orders/{}",
            paid.body["order"]["_id"].as_str().unwrap()
        );
        let canceled = app
            .put(&path, Some(&admin), json!({ "status": "canceled" }))
            .await;
        assert_eq!(canceled.status, StatusCode::OK, "{}", canceled.body);
        assert_eq!(times_used(&app, &admin, &id).await, 0);
        app.put(&path, Some(&admin), json!({ "status": "canceled" }))
            .await;
        assert_eq!(times_used(&app, &admin, &id).await, 0, "given back once");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_code_switched_off_after_it_was_applied_is_refused_at_checkout_and_taken_off() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let fields = json!({ "code": "FLASH", "kind": "percent", "value": 20, "active": true });
        let id = code(&app, &admin, fields.clone()).await;
        let (token, _) = shopper_with_cart(&app, &admin, "amina").await;
        assert_eq!(apply(&app, &token, "FLASH").await.body["total"], 37.0);
        let mut off = fields;
        off["active"] = json!(false);
        let switched = app
            .put(&format!("/api/admin/discounts/{id}"), Some(&admin), off)
            .await;
        assert_eq!(switched.status, StatusCode::OK);

        let cart = app.get("/api/cart", Some(&token)).await.body;
        assert_eq!(
            (&cart["discount"], &cart["total"]),
            (&Value::Null, &json!(45.0))
        );
        assert_eq!(
            cart["discountNotApplied"],
            json!({ "code": "FLASH", "message": "This discount code is not active" })
        );
        let refused = app.checkout(&token, APPROVED_PHONE).await;
        assert_eq!(refused.status, StatusCode::CONFLICT);
        assert_eq!(refused.body["message"], "This discount code is not active");
        let cart = app.get("/api/cart", Some(&token)).await.body;
        assert_eq!(
            (&cart["discountNotApplied"], &cart["total"]),
            (&Value::Null, &json!(45.0))
        );
        assert_eq!(
            app.checkout(&token, APPROVED_PHONE).await.status,
            StatusCode::CREATED
        );
    }
}

/// Checkout refuses a code whose terms are not those the shopper applied it for (edited or
/// deleted by an admin since) and takes it off the cart, whose full price is then shown;
/// it never charges a total the cart did not show.
async fn refused_at_checkout_as_changed(app: &TestApp, token: &str, code: &str, message: &str) {
    let cart = app.get("/api/cart", Some(token)).await.body;
    assert_eq!(
        (&cart["discount"], &cart["total"]),
        (&Value::Null, &json!(45.0))
    );
    assert_eq!(
        cart["discountNotApplied"],
        json!({ "code": code, "message": message })
    );
    let refused = app.checkout(token, APPROVED_PHONE).await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.body);
    assert_eq!(refused.body["message"], message);
    let orders = app.get("/api/orders", Some(token)).await.body;
    assert_eq!(orders, json!([]), "no order was placed or charged");
    let cart = app.get("/api/cart", Some(token)).await.body;
    assert_eq!(
        (&cart["discountNotApplied"], &cart["total"]),
        (&Value::Null, &json!(45.0))
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_code_edited_after_it_was_applied_is_refused_at_checkout_never_charged_on_new_terms() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let fields = json!({ "code": "HALF", "kind": "percent", "value": 50, "active": true });
        let id = code(&app, &admin, fields.clone()).await;
        let (token, _) = shopper_with_cart(&app, &admin, "amina").await;
        assert_eq!(apply(&app, &token, "HALF").await.body["total"], 25.0);
        let mut smaller = fields;
        smaller["value"] = json!(5);
        let edited = app
            .put(&format!("/api/admin/discounts/{id}"), Some(&admin), smaller)
            .await;
        assert_eq!(edited.status, StatusCode::OK, "{}", edited.body);

        let changed = "This discount code has changed. Apply it again to see its new terms";
        refused_at_checkout_as_changed(&app, &token, "HALF", changed).await;
        // Applied again, the shopper sees the new terms and is charged exactly them.
        assert_eq!(apply(&app, &token, "HALF").await.body["total"], 43.0);
        let paid = app.checkout(&token, APPROVED_PHONE).await;
        assert_eq!(paid.status, StatusCode::CREATED, "{}", paid.body);
        assert_eq!(paid.body["order"]["totalAmount"], 43.0);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_code_deleted_after_it_was_applied_is_refused_at_checkout_not_dropped_silently() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let fields = json!({ "code": "HALF", "kind": "percent", "value": 50, "active": true });
        let id = code(&app, &admin, fields).await;
        let (token, _) = shopper_with_cart(&app, &admin, "amina").await;
        assert_eq!(apply(&app, &token, "HALF").await.body["total"], 25.0);
        let deleted = app
            .delete(&format!("/api/admin/discounts/{id}"), Some(&admin))
            .await;
        assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.body);

        let gone = "This discount code is no longer available";
        refused_at_checkout_as_changed(&app, &token, "HALF", gone).await;
        let paid = app.checkout(&token, APPROVED_PHONE).await;
        assert_eq!(paid.status, StatusCode::CREATED, "{}", paid.body);
        assert_eq!(paid.body["order"]["totalAmount"], 45.0);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_order_a_code_makes_free_is_placed_paid_without_a_charge_sent() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let free_shipping = json!({ "shopName": "Dukaan", "supportPhone": "+252 61 111 1111",
            "supportEmail": "care@dukaan.so", "shippingFee": "0" });
        let saved = app.put("/api/settings", Some(&admin), free_shipping).await;
        assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
        code(
            &app,
            &admin,
            json!({ "code": "GIFT-40", "kind": "fixed", "value": 40, "active": true }),
        )
        .await;
        let (token, _) = shopper_with_cart(&app, &admin, "amina").await;
        assert_eq!(apply(&app, &token, "GIFT-40").await.body["total"], 0.0);

        let paid = app.checkout(&token, APPROVED_PHONE).await;
        assert_eq!(paid.status, StatusCode::CREATED, "{}", paid.body);
        let order = &paid.body["order"];
        assert_eq!(
            (
                &order["totalAmount"],
                &order["paymentStatus"],
                &order["transactionId"]
            ),
            (&json!(0.0), &json!("paid"), &Value::Null),
            "no provider's transaction: nothing was sent to charge"
        );
        let cart = app.get("/api/cart", Some(&token)).await.body;
        assert_eq!(cart["products"], json!([]), "the cart was emptied");
    }
}
