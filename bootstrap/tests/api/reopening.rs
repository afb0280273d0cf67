//! Reopening a canceled order (issue 38, item 6): an order whose money went back stays
//! canceled; any other reopen takes its stock and its code's use again under the same
//! guards as a checkout, so racing reopens cannot oversell a size or overuse a code. A
//! second delivery keeps the first one's return window.

use crate::helpers::{TestApp, APPROVED_PHONE};
use domain::message::texts::REOPENING_CODE_UNUSABLE;
use domain::order::StatusChangeRefusal;
use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::{json, Value};
use shop_payments::sandbox::NO_ANSWER_NUMBER;

fn order_path(order: &Value) -> String {
    format!("/api/orders/{}", order["_id"].as_str().unwrap())
}

async fn set_status(app: &TestApp, admin: &str, path: &str, status: &str) -> crate::reply::Reply {
    app.put(path, Some(admin), json!({ "status": status }))
        .await
}

/// A one-use code, made by the admin; its id.
async fn one_use_code(app: &TestApp, admin: &str) -> String {
    let made = app
        .post(
            "/api/admin/discounts",
            Some(admin),
            json!({ "code": "ONCE", "kind": "fixed", "value": 5, "usageLimit": 1, "active": true }),
        )
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    made.body["_id"].as_str().unwrap().to_owned()
}

async fn times_used(app: &TestApp, admin: &str) -> u64 {
    app.get("/api/admin/discounts", Some(admin)).await.body[0]["timesUsed"]
        .as_u64()
        .unwrap()
}

/// A new shopper's order of one unit of `product` with the code ONCE whose payment was never
/// confirmed, canceled by the admin (payment failed, unit and code's use given back).
async fn canceled_with_code(app: &TestApp, admin: &str, shopper: &str, product: &str) -> String {
    let (token, _) = app.shopper(shopper).await;
    app.add_to_cart(&token, product, 1).await;
    let applied = app
        .post(
            "/api/cart/discount",
            Some(&token),
            json!({ "code": "ONCE" }),
        )
        .await;
    assert_eq!(applied.status, StatusCode::OK, "{}", applied.body);
    let placed = app.checkout(&token, NO_ANSWER_NUMBER).await;
    assert_eq!(placed.status, StatusCode::ACCEPTED, "{}", placed.body);
    assert_eq!(placed.body["order"]["discountCode"], "ONCE");
    let path = order_path(&placed.body["order"]);
    let canceled = set_status(app, admin, &path, "canceled").await;
    assert_eq!(
        canceled.body["paymentStatus"], "failed",
        "{}",
        canceled.body
    );
    path
}

#[tokio::test(flavor = "multi_thread")]
async fn a_canceled_order_whose_payment_was_refunded_cannot_be_reopened() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dress", "20", 5).await;
        let id = dress["_id"].as_str().unwrap();
        let (token, _) = app.shopper("amina").await;
        let order = app.buy(&token, id, 2, APPROVED_PHONE).await.body["order"].clone();
        let path = order_path(&order);
        let canceled = set_status(&app, &admin, &path, "canceled").await;
        assert_eq!(canceled.body["paymentStatus"], "refunded");
        assert_eq!(app.stock_of(id).await, 5);

        for status in ["pending", "shipped", "delivered"] {
            let reopened = set_status(&app, &admin, &path, status).await;
            assert_eq!(reopened.status, StatusCode::CONFLICT, "{}", app.backend);
            assert_eq!(
                reopened.message(),
                StatusChangeRefusal::ReopeningRefunded.to_string()
            );
        }
        let stored = app.get(&path, Some(&admin)).await.body;
        assert_eq!(
            (stored["status"].as_str(), stored["paymentStatus"].as_str()),
            (Some("canceled"), Some("refunded"))
        );
        assert_eq!(app.stock_of(id).await, 5, "no unit was taken again");
        assert_eq!(app.payments.refunds_sent(), 1);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn reopening_takes_the_codes_use_again_and_is_refused_once_another_order_used_it() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        one_use_code(&app, &admin).await;
        let dress = app.product(&admin, "Dress", "20", 5).await;
        let id = dress["_id"].as_str().unwrap();

        let first = canceled_with_code(&app, &admin, "amina", id).await;
        assert_eq!(times_used(&app, &admin).await, 0, "the cancel gave it back");
        let reopened = set_status(&app, &admin, &first, "pending").await;
        assert_eq!(reopened.status, StatusCode::OK, "{}", reopened.body);
        assert_eq!(times_used(&app, &admin).await, 1, "{}", app.backend);
        assert_eq!(app.stock_of(id).await, 4);

        // Canceled again, and the code's one use goes to another shopper's paid order.
        set_status(&app, &admin, &first, "canceled").await;
        assert_eq!(times_used(&app, &admin).await, 0);
        let (hodan, _) = app.shopper("hodan").await;
        app.add_to_cart(&hodan, id, 1).await;
        app.post(
            "/api/cart/discount",
            Some(&hodan),
            json!({ "code": "ONCE" }),
        )
        .await;
        let paid = app.checkout(&hodan, APPROVED_PHONE).await;
        assert_eq!(paid.status, StatusCode::CREATED, "{}", paid.body);
        assert_eq!(paid.body["order"]["discountCode"], "ONCE");

        let refused = set_status(&app, &admin, &first, "pending").await;
        assert_eq!(refused.status, StatusCode::CONFLICT, "{}", app.backend);
        assert_eq!(refused.message(), REOPENING_CODE_UNUSABLE);
        assert_eq!(times_used(&app, &admin).await, 1);
        assert_eq!(app.stock_of(id).await, 4, "only hodan's unit is out");
        assert_eq!(
            app.get(&first, Some(&admin)).await.body["status"],
            "canceled"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn two_orders_racing_to_reopen_with_a_one_use_code_take_it_once() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        one_use_code(&app, &admin).await;
        let dress = app.product(&admin, "Dress", "20", 10).await;
        let id = dress["_id"].as_str().unwrap();
        let orders = [
            canceled_with_code(&app, &admin, "amina", id).await,
            canceled_with_code(&app, &admin, "hodan", id).await,
        ];
        assert_eq!(times_used(&app, &admin).await, 0);

        let replies = join_all(
            orders
                .iter()
                .map(|path| set_status(&app, &admin, path, "pending")),
        )
        .await;
        let mut statuses: Vec<StatusCode> = replies.iter().map(|r| r.status).collect();
        statuses.sort();
        assert_eq!(
            statuses,
            [StatusCode::OK, StatusCode::CONFLICT],
            "{}",
            app.backend
        );
        let refused = replies
            .iter()
            .find(|r| r.status == StatusCode::CONFLICT)
            .unwrap();
        assert_eq!(refused.message(), REOPENING_CODE_UNUSABLE);
        assert_eq!(times_used(&app, &admin).await, 1, "{}", app.backend);
        assert_eq!(app.stock_of(id).await, 9, "one order holds its unit again");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn reopens_racing_for_the_last_unit_take_it_once() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dress", "20", 2).await;
        let id = dress["_id"].as_str().unwrap();
        let mut orders = Vec::new();
        for name in ["amina", "hodan"] {
            let (token, _) = app.shopper(name).await;
            let placed = app.buy(&token, id, 1, NO_ANSWER_NUMBER).await;
            let path = order_path(&placed.body["order"]);
            set_status(&app, &admin, &path, "canceled").await;
            orders.push(path);
        }
        let (ayaan, _) = app.shopper("ayaan").await;
        assert_eq!(
            app.buy(&ayaan, id, 1, APPROVED_PHONE).await.status,
            StatusCode::CREATED
        );
        assert_eq!(app.stock_of(id).await, 1);

        // Both orders, each reopened by two admins at once: one unit, one reopen. (The
        // winner's second request may come after it and find it shipped: a no-op, 200.)
        let sent: Vec<&String> = orders.iter().chain(orders.iter()).collect();
        let replies = join_all(
            sent.iter()
                .map(|path| set_status(&app, &admin, path, "shipped")),
        )
        .await;
        let mut shipped = Vec::new();
        for path in &orders {
            if app.get(path, Some(&admin)).await.body["status"] == "shipped" {
                shipped.push(path);
            }
        }
        assert_eq!(shipped.len(), 1, "{}", app.backend);
        assert_eq!(app.stock_of(id).await, 0, "{}", app.backend);
        for (path, reply) in sent.iter().zip(&replies) {
            if *path != shipped[0] {
                assert_eq!(reply.status, StatusCode::CONFLICT, "{}", app.backend);
                assert_eq!(reply.message(), "Not enough stock for Dress: 0 left");
            } else {
                assert!(
                    [StatusCode::OK, StatusCode::CONFLICT].contains(&reply.status),
                    "{}",
                    reply.body
                );
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn delivering_an_order_again_keeps_its_first_delivery_and_return_window() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dress", "20", 5).await;
        let (token, _) = app.shopper("amina").await;
        let placed = app
            .buy(&token, dress["_id"].as_str().unwrap(), 1, APPROVED_PHONE)
            .await;
        let path = order_path(&placed.body["order"]);
        set_status(&app, &admin, &path, "shipped").await;
        let first = set_status(&app, &admin, &path, "delivered").await.body;
        assert_ne!(first["deliveredAt"], Value::Null);
        assert_ne!(first["returnableUntil"], Value::Null);

        let back = set_status(&app, &admin, &path, "shipped").await.body;
        assert_eq!(back["deliveredAt"], first["deliveredAt"]);
        assert_eq!(
            back["returnableUntil"],
            Value::Null,
            "no window while shipped"
        );
        let again = set_status(&app, &admin, &path, "delivered").await.body;
        assert_eq!(again["status"], "delivered");
        assert_eq!(
            (&again["deliveredAt"], &again["returnableUntil"]),
            (&first["deliveredAt"], &first["returnableUntil"]),
            "{}",
            app.backend
        );
        assert_eq!(again["statusHistory"].as_array().unwrap().len(), 5);
    }
}
