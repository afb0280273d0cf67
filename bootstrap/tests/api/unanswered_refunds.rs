//! Refunds whose answer was lost (issue 38, item 5): WaafiPay makes the refund but answers
//! after the gateway's time-out. The refund stays claimed as "sent, answer not received";
//! no retry, however many are sent at once, reaches WaafiPay again; an admin resolves it,
//! once, by confirming it or by sending it again, and the audit trail says which.

use crate::helpers::{TestApp, APPROVED_PHONE};
use domain::message::texts::REFUND_UNANSWERED;
use domain::refund::RefundRefusal;
use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::time::Duration;

/// Longer than the gateway waits (`helpers::PROVIDER_TIMEOUT`).
const LATE: Duration = Duration::from_secs(3);

fn unanswered() -> String {
    REFUND_UNANSWERED
        .with("reason", "The payment provider did not answer in time.")
        .to_string()
}

fn statuses(replies: &[crate::reply::Reply]) -> Vec<StatusCode> {
    let mut statuses: Vec<StatusCode> = replies.iter().map(|r| r.status).collect();
    statuses.sort();
    statuses
}

async fn last_audit(app: &TestApp, admin: &str) -> Value {
    app.get("/api/admin/audit?limit=1", Some(admin)).await.body[0].clone()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_cancel_answered_late_stays_unconfirmed_and_no_retry_reverses_it_again() {
    for app in TestApp::all_with_fake_waafipay(LATE).await {
        let waafipay = app.waafipay.as_ref().unwrap();
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dress", "10", 5).await;
        let id = dress["_id"].as_str().unwrap();
        let (token, _) = app.shopper("amina").await;
        let placed = app.buy(&token, id, 1, APPROVED_PHONE).await;
        assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
        let path = format!(
            "/api/orders/{}",
            placed.body["order"]["_id"].as_str().unwrap()
        );

        let canceled = app
            .put(&path, Some(&admin), json!({ "status": "canceled" }))
            .await;
        assert_eq!(canceled.status, StatusCode::BAD_GATEWAY, "{}", app.backend);
        assert_eq!(canceled.message(), unanswered());
        let order = app.get(&path, Some(&admin)).await.body;
        assert_eq!(
            (
                order["status"].as_str(),
                order["paymentStatus"].as_str(),
                order["refundStatus"].as_str()
            ),
            (Some("pending"), Some("paid"), Some("unconfirmed"))
        );
        assert!(order["refundSentAt"].is_string());
        assert_eq!(app.stock_of(id).await, 4, "nothing lands while unconfirmed");

        // Retries, one by one and four at once: refused, never sent.
        let retry = app
            .put(&path, Some(&admin), json!({ "status": "canceled" }))
            .await;
        assert_eq!(retry.status, StatusCode::CONFLICT);
        assert_eq!(retry.message(), RefundRefusal::Unconfirmed.to_string());
        let retries =
            join_all((0..4).map(|_| app.put(&path, Some(&admin), json!({ "status": "canceled" }))))
                .await;
        assert_eq!(statuses(&retries), [StatusCode::CONFLICT; 4]);
        let ship = app
            .put(&path, Some(&admin), json!({ "status": "shipped" }))
            .await;
        assert_eq!(ship.status, StatusCode::CONFLICT);
        assert_eq!(
            waafipay.calls_of("API_CANCELPURCHASE"),
            1,
            "{}",
            app.backend
        );
        assert_eq!(app.payments.refunds_sent(), 1);

        // The admin saw the money back at EVC Plus: two confirmations at once, one applies.
        let refund_path = format!("{path}/refund");
        let confirmations = join_all((0..2).map(|_| {
            app.post(
                &refund_path,
                Some(&admin),
                json!({ "resolution": "confirmed" }),
            )
        }))
        .await;
        assert_eq!(
            statuses(&confirmations),
            [StatusCode::OK, StatusCode::CONFLICT],
            "{}",
            app.backend
        );
        let confirmed = confirmations
            .iter()
            .find(|r| r.status == StatusCode::OK)
            .unwrap();
        assert_eq!(
            (
                confirmed.body["status"].as_str(),
                confirmed.body["paymentStatus"].as_str(),
                confirmed.body["refundedAmount"].as_f64()
            ),
            (Some("canceled"), Some("refunded"), Some(15.0))
        );
        assert_eq!(confirmed.body["refundStatus"], Value::Null);
        assert_eq!(confirmed.body["refundSentAt"], Value::Null);
        let refused = confirmations
            .iter()
            .find(|r| r.status == StatusCode::CONFLICT)
            .unwrap();
        assert_eq!(
            refused.message(),
            RefundRefusal::NothingToResolve.to_string()
        );
        assert_eq!(app.stock_of(id).await, 5);
        assert_eq!(waafipay.calls_of("API_CANCELPURCHASE"), 1);
        assert_eq!(app.payments.refunds_sent(), 1);

        let entry = last_audit(&app, &admin).await;
        assert_eq!(entry["action"], "order.refund");
        assert_eq!(
            entry["before"],
            json!({ "status": "pending", "paymentStatus": "paid", "refundStatus": "unconfirmed" })
        );
        assert_eq!(
            entry["after"],
            json!({ "status": "canceled", "paymentStatus": "refunded", "refundStatus": null,
                    "resolution": "confirmed" })
        );
    }
}

/// A delivered order of two $10.00 dresses by a new shopper, with a return of one of them
/// approved and received: the return's id.
async fn received_return(app: &TestApp, admin: &str) -> String {
    let dress = app.product(admin, "Dress", "10", 5).await;
    let (token, _) = app.shopper("amina").await;
    let placed = app
        .buy(&token, dress["_id"].as_str().unwrap(), 2, APPROVED_PHONE)
        .await;
    let order = placed.body["order"]["_id"].as_str().unwrap();
    app.received_return_of_one(admin, &token, order).await
}

#[tokio::test(flavor = "multi_thread")]
async fn a_return_refund_answered_late_is_paid_once_and_sent_again_only_when_the_admin_says() {
    for app in TestApp::all_with_fake_waafipay(LATE).await {
        let waafipay = app.waafipay.as_ref().unwrap();
        let admin = app.admin_token().await;
        let id = received_return(&app, &admin).await;
        let path = format!("/api/admin/returns/{id}");

        let refunded = app
            .put(&path, Some(&admin), json!({ "status": "refunded" }))
            .await;
        assert_eq!(refunded.status, StatusCode::BAD_GATEWAY, "{}", app.backend);
        assert_eq!(refunded.message(), unanswered());
        let listed = app.get("/api/admin/returns", Some(&admin)).await.body;
        assert_eq!(listed[0]["status"], "received");
        assert_eq!(listed[0]["refundStatus"], "unconfirmed");
        assert!(listed[0]["refundSentAt"].is_string());

        // The $10.00 return must not become $20.00 paid back: retries are refused.
        let retries =
            join_all((0..4).map(|_| app.put(&path, Some(&admin), json!({ "status": "refunded" }))))
                .await;
        assert_eq!(statuses(&retries), [StatusCode::CONFLICT; 4]);
        assert_eq!(retries[0].message(), RefundRefusal::Unconfirmed.to_string());
        assert_eq!(waafipay.calls_of("API_REFUND"), 1, "{}", app.backend);

        // The admin found no refund at EVC Plus and sends it again; it answers in time now.
        // Two resends at once send it once.
        waafipay.answer_refunds_after(Duration::ZERO);
        let resolve = format!("{path}/refund");
        let resends = join_all(
            (0..2).map(|_| app.post(&resolve, Some(&admin), json!({ "resolution": "resend" }))),
        )
        .await;
        assert_eq!(
            statuses(&resends),
            [StatusCode::OK, StatusCode::CONFLICT],
            "{}",
            app.backend
        );
        let resent = resends.iter().find(|r| r.status == StatusCode::OK).unwrap();
        assert_eq!(resent.body["status"], "refunded");
        assert_eq!(resent.body["refundStatus"], Value::Null);
        assert_eq!(
            waafipay.calls_of("API_REFUND"),
            2,
            "the first and the resend"
        );
        assert_eq!(app.payments.refunds_sent(), 2);
        let order_id = resent.body["orderId"].as_str().unwrap();
        let order = app
            .get(&format!("/api/orders/{order_id}"), Some(&admin))
            .await
            .body;
        assert_eq!(
            (
                order["paymentStatus"].as_str(),
                order["refundedAmount"].as_f64()
            ),
            (Some("partiallyRefunded"), Some(10.0))
        );

        let entry = last_audit(&app, &admin).await;
        assert_eq!(entry["action"], "order.refund");
        assert_eq!(entry["entityId"], order_id);
        assert_eq!(
            entry["after"],
            json!({ "returnId": id, "status": "refunded", "refundAmount": 10.0,
                    "refundStatus": null, "resolution": "resend" })
        );
        let bad = app
            .post(&resolve, Some(&admin), json!({ "resolution": "retry" }))
            .await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            bad.body["errors"]["resolution"],
            "Resolution must be confirmed or resend"
        );
    }
}
