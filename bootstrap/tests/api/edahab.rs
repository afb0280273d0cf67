//! eDahab (issue 41): paid, declined, answered late and then paid by the status check, and a
//! refund paid out once however many cancels race, against a fake eDahab that refuses any
//! call not signed with the shop's secret.

use crate::fake_edahab::{EDAHAB_SECRET, LATE_ANSWER, LATE_NUMBER};
use crate::helpers::TestApp;
use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::time::Duration;

async fn pay_with_edahab(app: &TestApp, token: &str, phone: &str) -> crate::reply::Reply {
    app.post(
        "/api/orders/checkout",
        Some(token),
        json!({ "paymentMethod": "edahab", "paymentPhone": phone }),
    )
    .await
}

async fn order(app: &TestApp, token: &str, placed: &Value) -> Value {
    let path = format!("/api/orders/{}", placed["order"]["_id"].as_str().unwrap());
    app.get(&path, Some(token)).await.body
}

#[tokio::test(flavor = "multi_thread")]
async fn edahab_pays_declines_and_an_answer_after_checkout_is_paid_by_the_status_check() {
    for app in TestApp::all_with_fake_edahab(EDAHAB_SECRET).await {
        let edahab = app.edahab.as_ref().unwrap();
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dirac", "45", 5).await;
        let id = dress["_id"].as_str().unwrap();
        let methods = app.get("/api/payments/methods", None).await.body;
        let available: Vec<&str> = methods
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["available"] == true)
            .map(|m| m["id"].as_str().unwrap())
            .collect();
        assert_eq!(available, ["edahab"], "{}", app.backend);
        let (token, _) = app.shopper("Hodan").await;

        app.add_to_cart(&token, id, 1).await;
        let paid = pay_with_edahab(&app, &token, "+252 65 123 4567").await;
        assert_eq!(paid.status, StatusCode::CREATED, "{}", paid.body);
        assert_eq!(paid.body["order"]["paymentMethod"], "edahab");
        assert_eq!(paid.body["order"]["transactionId"], "EDH-9001");
        assert_eq!(
            edahab.bodies_of("IssueInvoice")[0],
            json!({ "apiKey": "EDH-API-KEY", "edahabNumber": "651234567", "amount": 50,
                    "agentCode": "701234", "currency": "USD" })
        );

        app.add_to_cart(&token, id, 1).await;
        let declined = pay_with_edahab(&app, &token, "065 000 0001").await;
        assert_eq!(
            declined.status,
            StatusCode::PAYMENT_REQUIRED,
            "{}",
            declined.body
        );
        assert_eq!(
            app.stock_of(id).await,
            4,
            "the declined order gave its dress back"
        );

        let late = pay_with_edahab(&app, &token, LATE_NUMBER).await;
        assert_eq!(late.status, StatusCode::ACCEPTED, "{}", late.body);
        assert_eq!(late.body["order"]["paymentStatus"], "pending");
        tokio::time::sleep(LATE_ANSWER).await;
        let payments = &app.state.shop.payments;
        assert_eq!(payments.check_awaited_payments().await.unwrap(), 1);
        assert_eq!(
            order(&app, &token, &late.body).await["paymentStatus"],
            "pending"
        );
        edahab.pay_open_invoices();
        assert_eq!(payments.check_awaited_payments().await.unwrap(), 1);
        let settled = order(&app, &token, &late.body).await;
        assert_eq!(
            (
                settled["paymentStatus"].as_str(),
                settled["transactionId"].as_str()
            ),
            (Some("paid"), Some("EDH-9003")),
            "{}",
            app.backend
        );
        assert_eq!(payments.check_awaited_payments().await.unwrap(), 0);
        assert_eq!(app.stock_of(id).await, 3);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_edahab_refund_is_paid_out_to_the_payer_once_however_many_cancels_race() {
    for app in TestApp::all_with_fake_edahab(EDAHAB_SECRET).await {
        let edahab = app.edahab.as_ref().unwrap();
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dirac", "19.99", 5).await;
        let id = dress["_id"].as_str().unwrap();
        let (token, _) = app.shopper("Hodan").await;
        app.add_to_cart(&token, id, 1).await;
        let paid = pay_with_edahab(&app, &token, "62 123 4567").await;
        assert_eq!(paid.status, StatusCode::CREATED, "{}", paid.body);
        let path = format!(
            "/api/orders/{}",
            paid.body["order"]["_id"].as_str().unwrap()
        );
        let cancels =
            join_all((0..5).map(|_| app.put(&path, Some(&admin), json!({ "status": "canceled" }))))
                .await;
        assert!(cancels.iter().any(|c| c.status == StatusCode::OK));
        let payouts = edahab.bodies_of("agentPayment");
        assert_eq!(payouts.len(), 1, "{}", app.backend);
        assert_eq!(payouts[0]["phoneNumber"], "621234567");
        assert_eq!(payouts[0]["currency"], "USD");
        let total = paid.body["order"]["totalAmount"].as_f64().unwrap();
        assert_eq!(payouts[0]["transactionAmount"].as_f64(), Some(total));
        let order = app.get(&path, Some(&admin)).await.body;
        assert_eq!(
            (order["status"].as_str(), order["paymentStatus"].as_str()),
            (Some("canceled"), Some("refunded"))
        );
        assert_eq!(app.stock_of(id).await, 5);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_call_signed_with_the_wrong_secret_is_refused_and_nothing_is_held() {
    for app in TestApp::all_with_fake_edahab("not-the-secret").await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dirac", "45", 5).await;
        let id = dress["_id"].as_str().unwrap();
        let (token, _) = app.shopper("Hodan").await;
        app.add_to_cart(&token, id, 1).await;
        let refused = pay_with_edahab(&app, &token, "65 123 4567").await;
        assert_eq!(refused.status, StatusCode::BAD_GATEWAY, "{}", refused.body);
        assert_eq!(app.stock_of(id).await, 5);
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_returned_item_of_an_edahab_order_is_paid_back_to_the_payer_once() {
    for app in TestApp::all_with_fake_edahab(EDAHAB_SECRET).await {
        let edahab = app.edahab.as_ref().unwrap();
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dress", "10", 5).await;
        let (token, _) = app.shopper("Hodan").await;
        app.add_to_cart(&token, dress["_id"].as_str().unwrap(), 2)
            .await;
        let paid = pay_with_edahab(&app, &token, "62 123 4567").await;
        assert_eq!(paid.status, StatusCode::CREATED, "{}", paid.body);
        let order = paid.body["order"]["_id"].as_str().unwrap();
        let id = app.received_return_of_one(&admin, &token, order).await;
        let path = format!("/api/admin/returns/{id}");
        let refunds =
            join_all((0..3).map(|_| app.put(&path, Some(&admin), json!({ "status": "refunded" }))))
                .await;
        assert!(refunds.iter().any(|r| r.status == StatusCode::OK));
        let payouts = edahab.bodies_of("agentPayment");
        assert_eq!(payouts.len(), 1, "{}", app.backend);
        assert_eq!(payouts[0]["phoneNumber"], "621234567");
        assert_eq!(payouts[0]["transactionAmount"].as_f64(), Some(10.0));
        let order = app
            .get(&format!("/api/orders/{order}"), Some(&token))
            .await
            .body;
        assert_eq!(
            order["paymentStatus"], "partiallyRefunded",
            "{}",
            app.backend
        );
    }
}
