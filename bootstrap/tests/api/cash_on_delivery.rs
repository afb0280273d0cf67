//! Cash on delivery (issue 43): offered where a served zone takes cash, up to the shop's
//! maximum; the order holds its stock unpaid (no provider is asked) until its rider
//! collects the total with the code, and each rider's cash of the day is marked handed in.

use crate::helpers::TestApp;
use domain::notification::Topic;
use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::{json, Value};

fn address(city: &str, district: &str) -> Value {
    json!({ "fullName": "Amina Hassan", "phone": "615551234", "city": city, "district": district,
        "addressLine": "Maka Al Mukarama Rd 12", "landmark": "Near the Hodan market mosque" })
}

fn cash_checkout(address: Option<Value>) -> Value {
    json!({ "paymentMethod": "cash-on-delivery", "paymentPhone": "61 555 1234", "shippingAddress": address })
}

async fn zones(app: &TestApp, admin: &str) {
    for (city, district, cash) in [("Mogadishu", Some("Hodan"), true), ("Bosaso", None, false)] {
        let zone = json!({ "city": city, "district": district, "fee": 2, "etaDays": { "min": 0, "max": 1 },
            "cashOnDelivery": cash, "served": true });
        let made = app
            .post("/api/admin/delivery/zones", Some(admin), zone)
            .await;
        assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    }
}

async fn topics_of(app: &TestApp, order: &str) -> Vec<Topic> {
    let mut topics: Vec<Topic> = app
        .outbox()
        .await
        .iter()
        .filter(|m| m.reference == order)
        .map(|m| m.topic)
        .collect();
    topics.sort_by_key(|t| t.as_str());
    topics
}

/// The shopper's cart checked out to Hodan, paid in cash on delivery: the order placed.
async fn cash_order_to_hodan(app: &TestApp, token: &str) -> Value {
    let placed = app
        .post(
            "/api/orders/checkout",
            Some(token),
            cash_checkout(Some(address("Mogadishu", "Hodan"))),
        )
        .await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
    placed.body["order"].clone()
}

/// Order `id` sent out by the admin with a new rider, hassan: the rider's token.
async fn out_with_hassan(app: &TestApp, admin: &str, id: &str) -> String {
    let rider = app.staff(admin, "hassan", "rider").await;
    let rider_id = app.me_id(&rider).await;
    let sent = app
        .post(
            "/api/admin/deliveries",
            Some(admin),
            json!({ "orderIds": [id], "riderId": rider_id }),
        )
        .await;
    assert_eq!(sent.status, StatusCode::OK, "{}", sent.body);
    rider
}

/// The dashboard's revenue, in dollars.
async fn revenue(app: &TestApp, admin: &str) -> f64 {
    let stats = app.get("/api/admin/stats", Some(admin)).await;
    assert_eq!(stats.status, StatusCode::OK, "{}", stats.body);
    stats.body["totalRevenue"].as_f64().unwrap()
}

fn cash_method(methods: &Value) -> &Value {
    methods
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"] == "cash-on-delivery")
        .unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_cash_order_holds_its_stock_unpaid_until_its_rider_collects_the_total_with_the_code() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        assert_eq!(
            cash_method(&app.get("/api/payments/methods", None).await.body)["available"],
            false
        );
        zones(&app, &admin).await;
        assert_eq!(
            cash_method(&app.get("/api/payments/methods", None).await.body)["available"],
            true
        );
        let dress = app.product(&admin, "Dirac", "20", 5).await;
        let dress = dress["_id"].as_str().unwrap();
        let (token, _) = app.shopper("amina").await;
        app.add_to_cart(&token, dress, 1).await;

        let checkout = |body| app.post("/api/orders/checkout", Some(&token), body);
        let nowhere = checkout(cash_checkout(None)).await;
        assert_eq!(
            nowhere.body["errors"]["paymentMethod"],
            "Cash on delivery needs a delivery address in a place we deliver to"
        );
        let bosaso = checkout(cash_checkout(Some(address("Bosaso", "")))).await;
        assert_eq!(
            bosaso.body["errors"]["paymentMethod"],
            "Cash on delivery is not available in Bosaso"
        );

        let placed = checkout(cash_checkout(Some(address("Mogadishu", "Hodan")))).await;
        assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
        assert_eq!(placed.message(), "Order placed successfully");
        let order = &placed.body["order"];
        assert_eq!(
            (
                &order["paymentMethod"],
                &order["paymentStatus"],
                &order["totalAmount"],
                &order["paymentAwaits"],
                &order["awaitingPayment"]
            ),
            (
                &json!("cash-on-delivery"),
                &json!("pending"),
                &json!(22.0),
                &json!("rider"),
                &json!(false)
            ),
            "cash waits for its rider, not for a provider's confirmation"
        );
        let id = order["_id"].as_str().unwrap().to_owned();
        assert_eq!(app.stock_of(dress).await, 4);
        assert_eq!(
            app.get("/api/cart", Some(&token)).await.body["products"],
            json!([])
        );
        assert_eq!(
            topics_of(&app, &id).await,
            [
                Topic::NewOrder,
                Topic::OrderConfirmed,
                Topic::OrderConfirmed
            ]
        );
        // No charge waits: the shopper may order again, and pay another way.
        app.add_to_cart(&token, dress, 1).await;
        let second =
            checkout(json!({ "paymentMethod": "evc-plus", "paymentPhone": "61 555 1234" })).await;
        assert_eq!(second.status, StatusCode::CREATED, "{}", second.body);
        let paid_by_wallet = second.body["order"]["totalAmount"].as_f64().unwrap();
        assert_eq!(
            revenue(&app, &admin).await,
            paid_by_wallet,
            "cash counts once collected"
        );

        let handler = app.staff(&admin, "hawa", "orders").await;
        let rider = app.staff(&admin, "hassan", "rider").await;
        let rider_id = app.me_id(&rider).await;
        let sent = app
            .post(
                "/api/admin/deliveries",
                Some(&handler),
                json!({ "orderIds": [id], "riderId": rider_id }),
            )
            .await;
        assert_eq!(sent.status, StatusCode::OK, "{}", sent.body);
        let awaiting = app
            .get("/api/orders/all?paymentStatus=awaiting", Some(&admin))
            .await;
        assert_eq!(awaiting.body, json!([]), "the banner counts no cash order");
        let mine = app.get("/api/deliveries", Some(&rider)).await.body;
        assert_eq!(mine[0]["cashToCollect"], 22.0);
        assert_eq!(
            mine[0]["number"], order["number"],
            "the stop names the order"
        );
        let my_cash = |rider: String| {
            let app = &app;
            async move { app.get("/api/deliveries/cash", Some(&rider)).await }
        };
        let before = my_cash(rider.clone()).await;
        assert_eq!(before.status, StatusCode::OK, "{}", before.body);
        assert_eq!(
            (
                &before.body["deliveries"],
                &before.body["collected"],
                &before.body["inHand"]
            ),
            (&json!(0), &json!(0.0), &json!(0.0)),
            "nothing collected yet"
        );
        let code = app.delivery_code(&id).await;
        let path = format!("/api/deliveries/{id}/delivered");
        for short in [
            json!({ "code": code }),
            json!({ "code": code, "cashCollected": 20 }),
        ] {
            let refused = app.post(&path, Some(&rider), short).await;
            assert_eq!(
                refused.body["errors"]["cashCollected"],
                "Collect the order's total in cash, $22.00, and confirm it"
            );
        }
        let done = app
            .post(
                &path,
                Some(&rider),
                json!({ "code": code, "cashCollected": 22 }),
            )
            .await;
        assert_eq!(done.status, StatusCode::OK, "{}", done.body);
        assert_eq!(done.body["cashToCollect"], 0.0);
        let read = app
            .get(&format!("/api/orders/{id}"), Some(&token))
            .await
            .body;
        assert_eq!(
            (&read["status"], &read["paymentStatus"]),
            (&json!("delivered"), &json!("paid"))
        );
        assert_eq!(app.stock_of(dress).await, 3, "delivering moves no stock");
        assert_eq!(revenue(&app, &admin).await, paid_by_wallet + 22.0);
        let mut told = topics_of(&app, &id).await;
        told.retain(|t| *t != Topic::OrderShipped);
        assert_eq!(
            told,
            [
                Topic::NewOrder,
                Topic::OrderConfirmed,
                Topic::OrderConfirmed,
                Topic::OrderDelivered,
                Topic::OrderDelivered
            ],
            "confirmed once, when placed"
        );

        let cash = app.get("/api/admin/riders/cash", Some(&admin)).await;
        assert_eq!(cash.status, StatusCode::OK, "{}", cash.body);
        assert_eq!(cash.body.as_array().unwrap().len(), 1);
        assert_eq!(
            (
                &cash.body[0]["riderName"],
                &cash.body[0]["deliveries"],
                &cash.body[0]["collected"],
                &cash.body[0]["received"]
            ),
            (&json!("hassan"), &json!(1), &json!(22.0), &Value::Null)
        );
        let date = cash.body[0]["date"].as_str().unwrap().to_owned();
        let received_path = format!("/api/admin/riders/{rider_id}/cash/{date}/received");
        assert_eq!(
            app.post(&received_path, Some(&handler), json!({}))
                .await
                .status,
            StatusCode::FORBIDDEN
        );
        let in_hand = my_cash(rider.clone()).await.body;
        assert_eq!(
            (
                &in_hand["date"],
                &in_hand["deliveries"],
                &in_hand["collected"],
                &in_hand["handedIn"],
                &in_hand["inHand"]
            ),
            (
                &json!(date),
                &json!(1),
                &json!(22.0),
                &json!(0.0),
                &json!(22.0)
            )
        );
        assert_eq!(
            my_cash(handler.clone()).await.status,
            StatusCode::FORBIDDEN,
            "a rider's own"
        );
        for _ in 0..2 {
            let received = app.post(&received_path, Some(&admin), json!({})).await;
            assert_eq!(received.status, StatusCode::OK, "{}", received.body);
            assert_eq!(
                (
                    &received.body["received"]["collected"],
                    &received.body["received"]["by"]["name"]
                ),
                (&json!(22.0), &json!("Administrator"))
            );
        }
        let handed = my_cash(rider.clone()).await.body;
        assert_eq!(
            (&handed["handedIn"], &handed["inHand"]),
            (&json!(22.0), &json!(0.0))
        );
        let audit = app
            .get("/api/admin/audit?entity=rider", Some(&admin))
            .await
            .body;
        let cash_entries = audit
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["action"] == "rider.cash")
            .count();
        assert_eq!(cash_entries, 1, "received once");
        let nobody = app
            .post(
                &format!("/api/admin/riders/{rider_id}/cash/2020-01-01/received"),
                Some(&admin),
                json!({}),
            )
            .await;
        assert_eq!(
            (nobody.status, nobody.message()),
            (
                StatusCode::NOT_FOUND,
                "This rider collected no cash that day"
            )
        );
        let bad_day = app
            .get("/api/admin/riders/cash?date=27-11-2026", Some(&admin))
            .await;
        assert_eq!(
            (bad_day.status, bad_day.message()),
            (StatusCode::BAD_REQUEST, "A day is written YYYY-MM-DD")
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_cash_order_refused_at_the_door_and_canceled_puts_its_stock_back_once_and_is_over_the_maximum_refused(
) {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        zones(&app, &admin).await;
        let gown = app.product(&admin, "Gown", "250", 3).await;
        let dress = app.product(&admin, "Dirac", "20", 5).await;
        let (token, _) = app.shopper("amina").await;
        app.add_to_cart(&token, gown["_id"].as_str().unwrap(), 1)
            .await;
        let over = app
            .post(
                "/api/orders/checkout",
                Some(&token),
                cash_checkout(Some(address("Mogadishu", "Hodan"))),
            )
            .await;
        assert_eq!(
            over.body["errors"]["paymentMethod"],
            "Cash on delivery is available for orders up to $200.00"
        );
        app.delete(
            &format!("/api/cart/remove/{}", gown["_id"].as_str().unwrap()),
            Some(&token),
        )
        .await;
        let dress = dress["_id"].as_str().unwrap();
        app.add_to_cart(&token, dress, 2).await;
        let placed = cash_order_to_hodan(&app, &token).await;
        let id = placed["_id"].as_str().unwrap().to_owned();
        assert_eq!(app.stock_of(dress).await, 3);

        let rider = out_with_hassan(&app, &admin, &id).await;
        let refused = app
            .post(
                &format!("/api/deliveries/{id}/not-delivered"),
                Some(&rider),
                json!({ "reason": "refused" }),
            )
            .await;
        assert_eq!(refused.status, StatusCode::OK, "{}", refused.body);
        let order_path = format!("/api/orders/{id}");
        let cancels = futures_util::future::join_all(
            (0..3).map(|_| app.put(&order_path, Some(&admin), json!({ "status": "canceled" }))),
        )
        .await;
        assert!(cancels.iter().any(|c| c.status == StatusCode::OK));
        let read = app
            .get(&format!("/api/orders/{id}"), Some(&admin))
            .await
            .body;
        assert_eq!(
            (&read["status"], &read["paymentStatus"]),
            (&json!("canceled"), &json!("failed"))
        );
        assert_eq!(app.stock_of(dress).await, 5, "its two units are back, once");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_cash_orders_return_is_refunded_by_hand_and_the_admin_records_how() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        zones(&app, &admin).await;
        let dress = app.product(&admin, "Dirac", "10", 5).await;
        let dress = dress["_id"].as_str().unwrap();
        let (token, _) = app.shopper("amina").await;
        app.add_to_cart(&token, dress, 2).await;
        let placed = cash_order_to_hodan(&app, &token).await;
        let id = placed["_id"].as_str().unwrap().to_owned();
        let rider = out_with_hassan(&app, &admin, &id).await;
        let code = app.delivery_code(&id).await;
        let delivered = app
            .post(
                &format!("/api/deliveries/{id}/delivered"),
                Some(&rider),
                json!({ "code": code, "cashCollected": placed["totalAmount"] }),
            )
            .await;
        assert_eq!(delivered.status, StatusCode::OK, "{}", delivered.body);

        let asked = app
            .post(
                &format!("/api/orders/{id}/returns"),
                Some(&token),
                json!({ "lines": [{ "lineId": format!("{id}-1"), "quantity": 1 }], "reason": "Too small" }),
            )
            .await;
        assert_eq!(asked.status, StatusCode::CREATED, "{}", asked.body);
        assert_eq!(
            (&asked.body["refundByHand"], &asked.body["refundPaidWith"]),
            (&json!(true), &Value::Null)
        );
        let path = format!("/api/admin/returns/{}", asked.body["_id"].as_str().unwrap());
        for status in ["approved", "received"] {
            let moved = app
                .put(&path, Some(&admin), json!({ "status": status }))
                .await;
            assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
        }
        for (said, refusal) in [
            (
                Value::Null,
                "Say how the refund was paid out: in cash or to a wallet",
            ),
            (
                json!("card"),
                "Choose cash or a wallet: EVC Plus, ZAAD, SAHAL, eDahab",
            ),
        ] {
            let refused = app
                .put(
                    &path,
                    Some(&admin),
                    json!({ "status": "refunded", "refundPaidWith": said }),
                )
                .await;
            assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.body);
            assert_eq!(refused.body["errors"]["refundPaidWith"], refusal);
        }
        let refunded = app
            .put(
                &path,
                Some(&admin),
                json!({ "status": "refunded", "refundPaidWith": "cash" }),
            )
            .await;
        assert_eq!(refunded.status, StatusCode::OK, "{}", refunded.body);
        assert_eq!(
            (
                &refunded.body["status"],
                &refunded.body["refundAmount"],
                &refunded.body["refundPaidWith"]
            ),
            (&json!("refunded"), &json!(10.0), &json!("cash"))
        );
        assert_eq!(app.payments.refunds_sent(), 0, "no provider was asked");
        let order = app
            .get(&format!("/api/orders/{id}"), Some(&token))
            .await
            .body;
        assert_eq!(order["paymentStatus"], "partiallyRefunded");
        let audit = app
            .get("/api/admin/audit?entity=order", Some(&admin))
            .await
            .body;
        let recorded = audit
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["action"] == "order.return" && e["after"]["status"] == "refunded")
            .expect("the refund is in the audit trail");
        assert_eq!(recorded["after"]["refundPaidWith"], "cash");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn cash_delivered_after_the_days_hand_in_is_handed_in_again_and_each_hand_in_once() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        zones(&app, &admin).await;
        let dress = app.product(&admin, "Dirac", "20", 5).await;
        let dress = dress["_id"].as_str().unwrap();
        let (token, _) = app.shopper("amina").await;
        let rider = app.staff(&admin, "hassan", "rider").await;
        let rider_id = app.me_id(&rider).await;
        for round in 1..=2 {
            app.add_to_cart(&token, dress, 1).await;
            let id = cash_order_to_hodan(&app, &token).await["_id"]
                .as_str()
                .unwrap()
                .to_owned();
            let sent = app
                .post(
                    "/api/admin/deliveries",
                    Some(&admin),
                    json!({ "orderIds": [id], "riderId": rider_id }),
                )
                .await;
            assert_eq!(sent.status, StatusCode::OK, "{}", sent.body);
            let code = app.delivery_code(&id).await;
            let done = app
                .post(
                    &format!("/api/deliveries/{id}/delivered"),
                    Some(&rider),
                    json!({ "code": code, "cashCollected": 22 }),
                )
                .await;
            assert_eq!(done.status, StatusCode::OK, "{}", done.body);

            let day = &app.get("/api/admin/riders/cash", Some(&admin)).await.body[0];
            let collected = 22.0 * f64::from(round);
            assert_eq!(
                (&day["collected"], &day["toHandIn"]),
                (&json!(collected), &json!(22.0)),
                "{}",
                app.backend
            );
            let path = format!(
                "/api/admin/riders/{rider_id}/cash/{}/received",
                day["date"].as_str().unwrap()
            );
            // Marked four times at once: received once.
            let marks = join_all((0..4).map(|_| app.post(&path, Some(&admin), json!({})))).await;
            for mark in &marks {
                assert_eq!(mark.status, StatusCode::OK, "{}", mark.body);
                assert_eq!(
                    (
                        &mark.body["handedIn"],
                        &mark.body["toHandIn"],
                        &mark.body["received"]["collected"]
                    ),
                    (&json!(collected), &json!(0.0), &json!(collected))
                );
            }
        }
        let day = &app.get("/api/admin/riders/cash", Some(&admin)).await.body[0];
        assert_eq!(
            (
                &day["deliveries"],
                &day["collected"],
                &day["handedIn"],
                &day["toHandIn"]
            ),
            (&json!(2), &json!(44.0), &json!(44.0), &json!(0.0))
        );
        let hand_ins: Vec<(&Value, &Value, &Value)> = day["handIns"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| (&h["amount"], &h["deliveries"], &h["by"]["name"]))
            .collect();
        let each = (&json!(22.0), &json!(1), &json!("Administrator"));
        assert_eq!(hand_ins, [each, each]);
        let audit = app
            .get("/api/admin/audit?entity=rider", Some(&admin))
            .await
            .body;
        let received: Vec<&Value> = audit
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["action"] == "rider.cash")
            .collect();
        assert_eq!(received.len(), 2, "one entry a hand-in");
    }
}
