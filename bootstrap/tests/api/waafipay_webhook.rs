//! WaafiPay's Hosted Payment Page webhook (issue 61): a signed notification makes the shop
//! ask WaafiPay about the payment attempt it names, and only WaafiPay's answer is recorded;
//! each card charge is made under its own attempt's reference; a forged, unreadable or
//! replayed notification changes nothing.

use crate::helpers::{TestApp, WAAFIPAY_WEBHOOK_SECRET};
use crate::late_money::{cancel, checkout_by};
use crate::reply::Reply;
use futures_util::future::join_all;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

/// A new shopper's card checkout, in a shop the admin opened: the admin's token, the order
/// and its card attempt (the reference WaafiPay knows it by).
async fn card_attempt(app: &TestApp) -> (String, String, String) {
    let admin = app.admin_token().await;
    let (order, _) = checkout_by(app, &admin, "hodan", "card").await;
    let attempt = app.waafipay.as_ref().unwrap().card_page_of(&order);
    (admin, order, attempt)
}

/// `body` as WaafiPay posts it, signed with the shop's webhook secret.
async fn signed(app: &TestApp, body: &Value) -> Reply {
    app.waafipay_notifies(body, Some(WAAFIPAY_WEBHOOK_SECRET))
        .await
}

/// WaafiPay's `authorization` notification of the payment made under `reference`.
fn authorization(reference: &str, status: &str) -> Value {
    json!({
        "event": "authorization",
        "payment": { "status": status, "amount": 45.0, "reference_id": reference },
    })
}

async fn payment_status(app: &TestApp, admin: &str, order: &str) -> Value {
    let read = app.get(&format!("/api/orders/{order}"), Some(admin)).await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.body);
    read.body["paymentStatus"].clone()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_signed_notification_settles_a_card_payment_before_its_payer_comes_back() {
    for app in TestApp::all_with_fake_waafipay_cards().await {
        let waafipay = app.waafipay.as_ref().unwrap();
        let (admin, order, attempt) = card_attempt(&app).await;
        // The charge is made under its attempt's own reference, the order as the invoice.
        let opened = &waafipay.bodies_of("HPP_PURCHASE")[0]["serviceParams"]["transactionInfo"];
        assert_ne!(attempt, order);
        assert_eq!(
            (&opened["referenceId"], &opened["invoiceId"]),
            (&json!(attempt), &json!(order))
        );
        let listed = app
            .get(
                &format!("/api/admin/payments?orderId={order}"),
                Some(&admin),
            )
            .await;
        assert_eq!(listed.body[0]["_id"], json!(attempt), "{}", listed.body);

        waafipay.card_page_ended(&order, "Approved");
        let noticed = signed(&app, &authorization(&attempt, "APPROVED")).await;
        assert_eq!(noticed.status, StatusCode::OK, "{}", noticed.body);
        assert_eq!(noticed.body, json!({ "received": true }));
        assert_eq!(payment_status(&app, &admin, &order).await, json!("paid"));
        let asked = waafipay.bodies_of("HPP_GETTRANINFO");
        assert_eq!(asked.len(), 1, "{}", app.backend);
        assert_eq!(asked[0]["serviceParams"]["referenceId"], json!(attempt));

        // WaafiPay's resend, a replay and the payer's return settle nothing twice.
        let again = signed(&app, &authorization(&attempt, "APPROVED")).await;
        assert_eq!(again.status, StatusCode::OK);
        let (status, location) = app
            .unfollowed(
                Method::GET,
                &format!("/api/payments/card/return?order={order}"),
                &[],
            )
            .await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        assert_eq!(
            location.as_deref(),
            Some(format!("/order-success?order={order}").as_str())
        );
        assert_eq!(waafipay.calls_of("HPP_GETTRANINFO"), 1, "{}", app.backend);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_notification_is_a_hint_never_the_answer() {
    for app in TestApp::all_with_fake_waafipay_cards().await {
        let waafipay = app.waafipay.as_ref().unwrap();
        let (admin, order, attempt) = card_attempt(&app).await;
        // Signed, but WaafiPay itself has no approval of it yet: nothing is paid.
        let noticed = signed(&app, &authorization(&attempt, "APPROVED")).await;
        assert_eq!(noticed.status, StatusCode::OK, "{}", noticed.body);
        assert_eq!(payment_status(&app, &admin, &order).await, json!("pending"));

        let body = authorization(&attempt, "APPROVED");
        for (refused, signature) in [
            (&body, None),
            (&body, Some("another secret")),
            (&authorization(&attempt, "DECLINED"), Some("whsec-other")),
        ] {
            let forged = app.waafipay_notifies(refused, signature).await;
            assert_eq!(forged.status, StatusCode::UNAUTHORIZED, "{}", forged.body);
            assert_eq!(
                forged.body["message"],
                json!("The notification's signature does not match.")
            );
        }
        let unreadable = signed(&app, &json!({ "event": "authorization" })).await;
        assert_eq!(
            unreadable.status,
            StatusCode::BAD_REQUEST,
            "{}",
            unreadable.body
        );
        assert_eq!(
            unreadable.body["message"],
            json!("The notification could not be read.")
        );
        let ping = signed(&app, &json!({ "event": "webhook.test" })).await;
        assert_eq!(ping.status, StatusCode::OK, "{}", ping.body);
        assert_eq!(payment_status(&app, &admin, &order).await, json!("pending"));
        assert_eq!(waafipay.calls_of("HPP_GETTRANINFO"), 1, "{}", app.backend);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn notifications_racing_returns_for_a_canceled_order_pay_the_money_back_once() {
    for app in TestApp::all_with_fake_waafipay_cards().await {
        let waafipay = app.waafipay.as_ref().unwrap();
        let (admin, order, attempt) = card_attempt(&app).await;
        cancel(&app, &admin, &order).await;
        waafipay.card_page_ended(&order, "Approved");

        let body = authorization(&attempt, "APPROVED");
        let back = format!("/api/payments/card/return?order={order}");
        let notices = (0..5).map(|_| signed(&app, &body));
        let returns = (0..5).map(|_| app.unfollowed(Method::GET, &back, &[]));
        let (noticed, returned) = tokio::join!(join_all(notices), join_all(returns));
        assert!(noticed.iter().all(|reply| reply.status == StatusCode::OK));
        assert!(returned
            .iter()
            .all(|(status, _)| *status == StatusCode::SEE_OTHER));
        assert_eq!(
            waafipay.calls_of("HPP_REFUNDPURCHASE"),
            1,
            "{}: paid back once",
            app.backend
        );
        let listed = app
            .get(
                &format!("/api/admin/payments?orderId={order}"),
                Some(&admin),
            )
            .await;
        assert_eq!(
            listed.body[0]["state"],
            json!("refunded"),
            "{}",
            listed.body
        );
        let read = app.get(&format!("/api/orders/{order}"), Some(&admin)).await;
        assert_eq!(read.body["status"], json!("canceled"), "{}", read.body);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_shop_without_a_webhook_secret_takes_no_notifications() {
    for app in TestApp::all().await {
        let noticed = signed(&app, &authorization("attempt-1", "APPROVED")).await;
        assert_eq!(noticed.status, StatusCode::NOT_FOUND, "{}", noticed.body);
        assert_eq!(
            noticed.body["message"],
            json!("This shop takes no payment notifications.")
        );
    }
}
