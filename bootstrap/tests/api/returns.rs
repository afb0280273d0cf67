//! Returns over HTTP (issue 16), on both databases: a shopper returns units of a delivered
//! order; admins approve, receive (stock back once, per size) and refund (the provider
//! called once, the order's refunded amount and payment status following); every refusal;
//! the same change sent many times at once.

use crate::helpers::{TestApp, APPROVED_PHONE};
use crate::variants::{add_size, dress, size_id};
use chrono::{TimeDelta, Utc};
use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::{json, Value};
use shop_payments::sandbox::NO_ANSWER_NUMBER;

/// A delivered order of `token`'s: two of the dress in L and one in S ($40 each, $5
/// shipping: $125), paid with EVC Plus. Returns the order.
pub(crate) async fn delivered_dresses(
    app: &TestApp,
    admin: &str,
    token: &str,
    product: &Value,
) -> Value {
    let id = product["_id"].as_str().unwrap();
    add_size(app, token, id, &size_id(product, "L", None), 2).await;
    add_size(app, token, id, &size_id(product, "S", None), 1).await;
    let placed = app.checkout(token, APPROVED_PHONE).await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
    deliver(app, admin, placed.body["order"]["_id"].as_str().unwrap()).await
}

pub(crate) async fn deliver(app: &TestApp, admin: &str, order: &str) -> Value {
    let path = format!("/api/orders/{order}");
    let mut reply = None;
    for status in ["shipped", "delivered"] {
        let moved = app
            .put(&path, Some(admin), json!({ "status": status }))
            .await;
        assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
        reply = Some(moved.body);
    }
    reply.unwrap()
}

/// The id of the order's line of `size`.
pub(crate) fn line_of(order: &Value, size: &str) -> String {
    order["products"]
        .as_array()
        .unwrap()
        .iter()
        .find(|line| line["variant"]["size"] == size)
        .unwrap_or_else(|| panic!("no line in {size} in {order}"))["_id"]
        .as_str()
        .unwrap()
        .to_owned()
}

pub(crate) fn ask(lines: &[(&str, Value)], reason: &str) -> Value {
    json!({
        "lines": lines.iter().map(|(id, q)| json!({ "lineId": id, "quantity": q })).collect::<Vec<_>>(),
        "reason": reason,
    })
}

pub(crate) async fn set_return(
    app: &TestApp,
    admin: &str,
    id: &str,
    status: &str,
) -> crate::helpers::Reply {
    app.put(
        &format!("/api/admin/returns/{id}"),
        Some(admin),
        json!({ "status": status }),
    )
    .await
}

fn size_stock(product: &Value, size: &str) -> u64 {
    product["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["size"] == size && v["colour"].is_null())
        .unwrap()["stock"]
        .as_u64()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_return_is_approved_received_and_refunded_each_once_however_often_it_is_sent() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let product = dress(&app, &admin).await;
        let product_id = product["_id"].as_str().unwrap().to_owned();
        let (token, _) = app.shopper("amina").await;
        let order = delivered_dresses(&app, &admin, &token, &product).await;
        let order_id = order["_id"].as_str().unwrap();
        let returnable_until =
            chrono::DateTime::parse_from_rfc3339(order["returnableUntil"].as_str().unwrap())
                .unwrap();
        let delivered_at =
            chrono::DateTime::parse_from_rfc3339(order["deliveredAt"].as_str().unwrap()).unwrap();
        assert_eq!(returnable_until - delivered_at, TimeDelta::days(30));
        let large = line_of(&order, "L");
        let small = line_of(&order, "S");
        let returns_path = format!("/api/orders/{order_id}/returns");

        let requested = app
            .post(
                &returns_path,
                Some(&token),
                ask(&[(&large, json!(1))], "  Too big  "),
            )
            .await;
        assert_eq!(requested.status, StatusCode::CREATED, "{}", requested.body);
        let body = &requested.body;
        assert_eq!(body["status"], "requested");
        assert_eq!(body["orderId"], order_id);
        assert_eq!(body["reason"], "Too big");
        assert_eq!(body["refundAmount"], 40.0);
        assert_eq!(body["lines"][0]["lineId"], large.as_str());
        assert_eq!(body["lines"][0]["variant"]["size"], "L");
        assert_eq!(body["lines"][0]["quantity"], 1);
        assert_eq!(body["lines"][0]["amount"], 40.0);
        assert_eq!(body["statusHistory"][0]["status"], "requested");
        assert_eq!(
            body["statusHistory"][0]["by"],
            Value::Null,
            "a shopper sees no names"
        );
        assert_eq!(body["customer"]["name"], "amina");
        let return_id = body["_id"].as_str().unwrap().to_owned();

        let listed = app.get(&returns_path, Some(&token)).await;
        assert_eq!(listed.status, StatusCode::OK);
        assert_eq!(listed.body.as_array().unwrap().len(), 1);

        // The same change sent eight times at once moves the return once.
        for status in ["approved", "received"] {
            let replies =
                join_all((0..8).map(|_| set_return(&app, &admin, &return_id, status))).await;
            for reply in &replies {
                assert!(
                    reply.status == StatusCode::OK || reply.status == StatusCode::CONFLICT,
                    "{status}: {} {}",
                    reply.status,
                    reply.body
                );
            }
            assert!(replies.iter().any(|r| r.status == StatusCode::OK));
        }
        let after_receipt = app
            .get(&format!("/api/products/{product_id}"), None)
            .await
            .body;
        assert_eq!(
            size_stock(&after_receipt, "L"),
            3,
            "2 of 4 sold, 1 back once"
        );
        assert_eq!(after_receipt["stock"], 7 - 3 + 1);

        let refunds_before = app.payments.refunds_sent();
        let replies =
            join_all((0..8).map(|_| set_return(&app, &admin, &return_id, "refunded"))).await;
        assert!(replies.iter().any(|r| r.status == StatusCode::OK));
        assert!(replies
            .iter()
            .all(|r| r.status == StatusCode::OK || r.status == StatusCode::CONFLICT));
        assert_eq!(
            app.payments.refunds_sent(),
            refunds_before + 1,
            "{}",
            app.backend
        );
        let again = set_return(&app, &admin, &return_id, "refunded").await;
        assert_eq!(again.status, StatusCode::OK, "repeating is a no-op");
        assert_eq!(app.payments.refunds_sent(), refunds_before + 1);
        let statuses: Vec<&str> = again.body["statusHistory"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["status"].as_str().unwrap())
            .collect();
        assert_eq!(statuses, ["requested", "approved", "received", "refunded"]);
        assert_eq!(
            again.body["statusHistory"][1]["by"]["name"],
            "Administrator"
        );

        let order_path = format!("/api/orders/{order_id}");
        let partly = app.get(&order_path, Some(&token)).await.body;
        assert_eq!(partly["paymentStatus"], "partiallyRefunded");
        assert_eq!(partly["refundedAmount"], 40.0);
        let canceled = app
            .put(&order_path, Some(&admin), json!({ "status": "canceled" }))
            .await;
        assert_eq!(canceled.status, StatusCode::CONFLICT);
        assert_eq!(
            canceled.body["message"],
            "This order has returns: settle them on the Returns screen instead of canceling the order"
        );
        assert_eq!(app.payments.refunds_sent(), refunds_before + 1);

        // The rest of the order: its last units bring the shipping back with them.
        let rest = app
            .post(
                &returns_path,
                Some(&token),
                ask(&[(&large, json!(1)), (&small, json!(1))], "Changed my mind"),
            )
            .await;
        assert_eq!(rest.status, StatusCode::CREATED, "{}", rest.body);
        assert_eq!(rest.body["refundAmount"], 85.0);
        let rest_id = rest.body["_id"].as_str().unwrap();
        for status in ["approved", "received", "refunded"] {
            let moved = set_return(&app, &admin, rest_id, status).await;
            assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
        }
        let refunded = app.get(&order_path, Some(&token)).await.body;
        assert_eq!(refunded["paymentStatus"], "refunded");
        assert_eq!(refunded["refundedAmount"], 125.0);
        let stats = app.get("/api/admin/stats", Some(&admin)).await.body;
        assert_eq!(stats["totalRevenue"], 0.0, "{}", stats);
        let nothing_left = app
            .post(
                &returns_path,
                Some(&token),
                ask(&[(&small, json!(1))], "Again"),
            )
            .await;
        assert_eq!(nothing_left.status, StatusCode::CONFLICT);
        assert_eq!(
            nothing_left.body["message"],
            "This order has been refunded in full"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn every_refusal_of_a_request_says_why_and_stores_nothing() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let product = dress(&app, &admin).await;
        let (token, _) = app.shopper("amina").await;
        let (other, _) = app.shopper("hodan").await;
        let id = product["_id"].as_str().unwrap();
        add_size(&app, &token, id, &size_id(&product, "L", None), 2).await;
        let placed = app.checkout(&token, APPROVED_PHONE).await.body["order"].clone();
        let order_id = placed["_id"].as_str().unwrap();
        let path = format!("/api/orders/{order_id}/returns");
        let large = line_of(&placed, "L");
        let one = || ask(&[(&large, json!(1))], "Too big");

        let not_delivered = app.post(&path, Some(&token), one()).await;
        assert_eq!(not_delivered.status, StatusCode::CONFLICT);
        assert_eq!(
            not_delivered.body["message"],
            "Only delivered orders can be returned"
        );

        deliver(&app, &admin, order_id).await;
        let cases = [
            (ask(&[], "Too big"), "Choose at least one item to return"),
            (
                ask(&[(&large, json!(1))], "   "),
                "Please tell us why you are returning these items",
            ),
            (
                ask(&[(&large, json!(1))], &"x".repeat(1001)),
                "Reason must be at most 1000 characters",
            ),
            (
                ask(&[(&large, json!(0))], "Too big"),
                "Quantity must be a whole number of 1 or more",
            ),
            (
                ask(&[(&large, json!(1.5))], "Too big"),
                "Quantity must be a whole number of 1 or more",
            ),
            (
                ask(&[(&large, json!("two"))], "Too big"),
                "Quantity must be a whole number of 1 or more",
            ),
            (
                ask(&[("nope-1", json!(1))], "Too big"),
                "This order has no item nope-1",
            ),
            (
                json!({}),
                "Please tell us why you are returning these items",
            ),
        ];
        for (body, message) in cases {
            let refused = app.post(&path, Some(&token), body).await;
            assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{message}");
            assert_eq!(refused.body["message"], message);
        }
        let too_many = app
            .post(&path, Some(&token), ask(&[(&large, json!(3))], "Too big"))
            .await;
        assert_eq!(too_many.status, StatusCode::CONFLICT);
        assert_eq!(
            too_many.body["message"],
            "You can return at most 2 of Linen Wrap Dress"
        );

        for (who, status) in [
            (Some(other.as_str()), StatusCode::NOT_FOUND),
            (None, StatusCode::UNAUTHORIZED),
        ] {
            assert_eq!(app.post(&path, who, one()).await.status, status);
            assert_eq!(app.get(&path, who).await.status, status);
        }
        let missing = app
            .post("/api/orders/no-such-order/returns", Some(&token), one())
            .await;
        assert_eq!(missing.status, StatusCode::NOT_FOUND);
        assert_eq!(
            app.get(&path, Some(&token)).await.body,
            json!([]),
            "nothing stored"
        );

        // A rejected return gives its units back to what may be returned.
        let first = app
            .post(&path, Some(&token), ask(&[(&large, json!(2))], "Too big"))
            .await;
        assert_eq!(first.status, StatusCode::CREATED);
        let first_id = first.body["_id"].as_str().unwrap();
        assert_eq!(
            app.post(&path, Some(&token), one()).await.status,
            StatusCode::CONFLICT
        );
        let rejected = set_return(&app, &admin, first_id, "rejected").await;
        assert_eq!(rejected.status, StatusCode::OK);
        assert_eq!(
            app.post(&path, Some(&token), one()).await.status,
            StatusCode::CREATED
        );

        // 31 days after delivery the window is closed.
        let month_ago = Utc::now() - TimeDelta::days(31);
        shop_db::test_support::deliver_at(&app.database, order_id, month_ago).await;
        let late = app.post(&path, Some(&token), one()).await;
        assert_eq!(late.status, StatusCode::CONFLICT);
        let ended = (month_ago + TimeDelta::days(30))
            .format("%-d %B %Y")
            .to_string();
        assert_eq!(
            late.body["message"],
            format!("The 30 days to return this order ended on {ended}")
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn admins_move_returns_only_along_their_steps() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let product = dress(&app, &admin).await;
        let (token, _) = app.shopper("amina").await;
        let order = delivered_dresses(&app, &admin, &token, &product).await;
        let path = format!("/api/orders/{}/returns", order["_id"].as_str().unwrap());
        let requested = app
            .post(
                &path,
                Some(&token),
                ask(&[(&line_of(&order, "S"), json!(1))], "Too small"),
            )
            .await;
        let id = requested.body["_id"].as_str().unwrap();

        for (status, message) in [
            ("received", "Only an approved return can be marked received"),
            ("refunded", "Only a received return can be refunded"),
        ] {
            let refused = set_return(&app, &admin, id, status).await;
            assert_eq!(refused.status, StatusCode::CONFLICT);
            assert_eq!(refused.body["message"], message);
        }
        for status in ["requested", "lost"] {
            let refused = set_return(&app, &admin, id, status).await;
            assert_eq!(refused.status, StatusCode::BAD_REQUEST);
            assert_eq!(
                refused.body["message"],
                "Status must be approved, rejected, received or refunded"
            );
        }
        assert_eq!(
            set_return(&app, &token, id, "approved").await.status,
            StatusCode::FORBIDDEN
        );
        assert_eq!(
            set_return(&app, &admin, "no-such-return", "approved")
                .await
                .status,
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            set_return(&app, &admin, id, "rejected").await.status,
            StatusCode::OK
        );
        let after = set_return(&app, &admin, id, "approved").await;
        assert_eq!(after.status, StatusCode::CONFLICT);
        assert_eq!(
            after.body["message"],
            "Only a requested return can be approved"
        );
        let product_now = app
            .get(
                &format!("/api/products/{}", product["_id"].as_str().unwrap()),
                None,
            )
            .await
            .body;
        assert_eq!(
            size_stock(&product_now, "S"),
            1,
            "a rejected return restocks nothing"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_back_office_lists_returns_newest_first_by_status_one_page_at_a_time() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let product = dress(&app, &admin).await;
        let (token, _) = app.shopper("amina").await;
        let order = delivered_dresses(&app, &admin, &token, &product).await;
        let path = format!("/api/orders/{}/returns", order["_id"].as_str().unwrap());
        let large = line_of(&order, "L");
        let mut ids = Vec::new();
        for reason in ["First", "Second"] {
            let made = app
                .post(&path, Some(&token), ask(&[(&large, json!(1))], reason))
                .await;
            assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
            ids.push(made.body["_id"].as_str().unwrap().to_owned());
        }
        assert_eq!(
            set_return(&app, &admin, &ids[0], "approved").await.status,
            StatusCode::OK
        );

        let all = app.get("/api/admin/returns", Some(&admin)).await;
        assert_eq!(all.status, StatusCode::OK);
        assert_eq!(all.headers["x-total-count"], "2");
        let reasons: Vec<&str> = all
            .body
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["reason"].as_str().unwrap())
            .collect();
        assert_eq!(reasons, ["Second", "First"]);
        assert_eq!(all.body[0]["customer"]["email"], "amina@example.com");

        let approved = app
            .get("/api/admin/returns?status=approved", Some(&admin))
            .await;
        assert_eq!(approved.headers["x-total-count"], "1");
        assert_eq!(approved.body[0]["_id"], ids[0].as_str());
        assert_eq!(
            approved.body[0]["statusHistory"][1]["by"]["name"],
            "Administrator"
        );

        let second_page = app
            .get("/api/admin/returns?page=2&limit=1", Some(&admin))
            .await;
        assert_eq!(second_page.headers["x-total-count"], "2");
        assert_eq!(second_page.body[0]["reason"], "First");

        let bad = app
            .get("/api/admin/returns?status=lost", Some(&admin))
            .await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            app.get("/api/admin/returns", Some(&token)).await.status,
            StatusCode::FORBIDDEN
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_refund_the_provider_refuses_is_502_and_the_return_stays_received_to_retry() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dress", "20", 5).await;
        let (token, _) = app.shopper("amina").await;
        let placed = app
            .buy(&token, dress["_id"].as_str().unwrap(), 1, NO_ANSWER_NUMBER)
            .await;
        assert_eq!(placed.status, StatusCode::ACCEPTED, "{}", placed.body);
        let order_id = placed.body["order"]["_id"].as_str().unwrap();
        // Paid, an admin confirms, with a transaction the sandbox does not know.
        let paid = app
            .put(
                &format!("/api/orders/{order_id}/payment"),
                Some(&admin),
                json!({ "paymentStatus": "paid", "transactionId": "WAAFI-123" }),
            )
            .await;
        assert_eq!(paid.status, StatusCode::OK, "{}", paid.body);
        let order = deliver(&app, &admin, order_id).await;
        let requested = app
            .post(
                &format!("/api/orders/{order_id}/returns"),
                Some(&token),
                ask(
                    &[(order["products"][0]["_id"].as_str().unwrap(), json!(1))],
                    "Too small",
                ),
            )
            .await;
        let id = requested.body["_id"].as_str().unwrap();
        for status in ["approved", "received"] {
            assert_eq!(
                set_return(&app, &admin, id, status).await.status,
                StatusCode::OK
            );
        }
        for attempt in 1..=2 {
            let refused = set_return(&app, &admin, id, "refunded").await;
            assert_eq!(refused.status, StatusCode::BAD_GATEWAY, "{}", refused.body);
            assert_eq!(
                refused.body["message"],
                "The refund could not be sent: Unknown sandbox transaction: WAAFI-123"
            );
            assert_eq!(
                app.payments.refunds_sent(),
                attempt,
                "tried again each time"
            );
        }
        let kept = app
            .get("/api/admin/returns?status=received", Some(&admin))
            .await;
        assert_eq!(kept.body[0]["_id"], id);
        let unchanged = app
            .get(&format!("/api/orders/{order_id}"), Some(&token))
            .await
            .body;
        assert_eq!(unchanged["paymentStatus"], "paid");
        assert_eq!(unchanged["refundedAmount"], 0.0);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_reason_with_a_control_character_is_400_naming_it_and_stores_nothing() {
    for app in TestApp::all().await {
        let backend = app.backend;
        let admin = app.admin_token().await;
        let product = dress(&app, &admin).await;
        let (token, _) = app.shopper("amina").await;
        let order = delivered_dresses(&app, &admin, &token, &product).await;
        let path = format!("/api/orders/{}/returns", order["_id"].as_str().unwrap());
        let large = line_of(&order, "L");
        let message = "reason must not contain control characters";
        for reason in ["Too\u{0} big", "\u{1b}[31mToo big", "Too big\u{7}"] {
            let refused = app
                .post(&path, Some(&token), ask(&[(&large, json!(1))], reason))
                .await;
            assert_eq!(
                refused.status,
                StatusCode::BAD_REQUEST,
                "{backend} {reason:?}"
            );
            assert_eq!(refused.body["message"], message, "{backend} {reason:?}");
            assert_eq!(refused.body["errors"]["reason"], message, "{backend}");
        }
        assert_eq!(
            app.get(&path, Some(&token)).await.body,
            json!([]),
            "{backend}"
        );
        let typed = app
            .post(
                &path,
                Some(&token),
                ask(&[(&large, json!(1))], "Too big,\r\n\tthe colour is off"),
            )
            .await;
        assert_eq!(
            typed.status,
            StatusCode::CREATED,
            "{backend}: {}",
            typed.body
        );
        assert_eq!(typed.body["reason"], "Too big,\r\n\tthe colour is off");
    }
}
