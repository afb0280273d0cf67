//! The card page's calls against a fake WaafiPay (wiremock): the exact bodies sent and the
//! outcomes read from each reply.

use super::*;
use domain::ids::{OrderId, PaymentAttemptId};
use domain::money::Money;
use domain::phone::MobileNumber;
use domain::ports::ApprovedAmount;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

const HPP_KEY: &str = "HPP-KEY-0123456789ABCDEF";

async fn cards_replying(reply: ResponseTemplate) -> (MockServer, WaafiPayCards) {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/asm"))
        .respond_with(reply)
        .mount(&server)
        .await;
    let card = WaafiPayCardConfig {
        url: format!("{}/asm", server.uri()),
        ..config()
    };
    (server, WaafiPayCards::new(card).unwrap())
}

fn config() -> WaafiPayCardConfig {
    WaafiPayCardConfig {
        url: "https://api.waafipay.net/asm".to_owned(),
        merchant_uid: "M0910291".to_owned(),
        store_id: "1000297".to_owned(),
        hpp_key: HPP_KEY.to_owned(),
        return_url: "https://dukaan.so/api/payments/card/return".to_owned(),
    }
}

fn reply(code: &str, message: &str, params: Value) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(json!({
        "schemaVersion": "1.0",
        "timestamp": "2026-11-27 08:52:06.287",
        "responseId": "12314",
        "responseCode": code,
        "errorCode": if code == "2001" { "0" } else { "E10205" },
        "responseMsg": message,
        "params": params,
    }))
}

fn status(status: &str) -> ResponseTemplate {
    reply(
        "2001",
        "RCS_SUCCESS",
        json!({
            "tranStatusDesc": status,
            "amount": "45.0",
            "currency": "USD",
            "transactionId": "126895",
            "tranStatusId": "3",
            "status": status,
        }),
    )
}

fn request() -> PaymentRequest {
    PaymentRequest {
        attempt: PaymentAttemptId::parse("attempt-7").unwrap(),
        order: OrderId::parse("order-42").unwrap(),
        method: PaymentMethod::Card,
        phone: MobileNumber::parse("615123456").unwrap(),
        amount: Money::from_cents(4_500).unwrap(),
        description: "Order order-42".to_owned(),
    }
}

fn check() -> PaymentCheck {
    PaymentCheck {
        attempt: PaymentAttemptId::parse("attempt-7").unwrap(),
        order: OrderId::parse("order-42").unwrap(),
        method: PaymentMethod::Card,
        reference: Some("https://sandbox.waafipay.net/hpp/token/4542".to_owned()),
    }
}

fn refund_of(cents: i64, whole_charge: bool) -> RefundRequest {
    RefundRequest {
        transaction_id: "126895".into(),
        reference: OrderId::parse("order-42").unwrap(),
        method: PaymentMethod::Card,
        payer: MobileNumber::parse("615123456").unwrap(),
        amount: Money::from_cents(cents).unwrap(),
        whole_charge,
    }
}

async fn sent_body(server: &MockServer) -> Value {
    let requests = server.received_requests().await.unwrap();
    assert_eq!(requests.len(), 1);
    serde_json::from_slice(&requests[0].body).unwrap()
}

#[tokio::test]
async fn the_card_page_is_opened_with_the_hpp_credentials_and_the_shops_return_address() {
    let (server, cards) = cards_replying(reply(
        "2001",
        "RCS_SUCCESS",
        json!({
            "hppUrl": "https://sandbox.waafipay.net/hpp/token/4542",
            "orderId": "1185941",
            "hppRequestId": "10629",
            "referenceId": "order-42",
        }),
    ))
    .await;
    assert_eq!(
        cards.charge(&request()).await,
        PaymentOutcome::OnPage {
            url: "https://sandbox.waafipay.net/hpp/token/4542".into()
        }
    );
    let body = sent_body(&server).await;
    assert_eq!(body["serviceName"], "HPP_PURCHASE");
    let return_url = "https://dukaan.so/api/payments/card/return?order=order-42";
    assert_eq!(
        body["serviceParams"],
        json!({
            "merchantUid": "M0910291",
            "storeId": "1000297",
            "hppKey": HPP_KEY,
            "paymentMethod": "CREDIT_CARD",
            "hppSuccessCallbackUrl": return_url,
            "hppFailureCallbackUrl": return_url,
            "hppRespDataFormat": 4,
            "transactionInfo": {
                "referenceId": "attempt-7",
                "invoiceId": "order-42",
                "amount": "45.00",
                "currency": "USD",
                "description": "Order order-42",
            },
        })
    );
}

#[tokio::test]
async fn a_page_not_opened_is_a_provider_failure_since_no_money_can_move() {
    for failure in [
        reply("5310", "RCS_USER_IS_NOT_AUTHZ_TO_ACCESS_API", json!({})),
        reply("2001", "RCS_SUCCESS", json!({})),
        ResponseTemplate::new(503),
        ResponseTemplate::new(200).set_body_string("<html>"),
    ] {
        let (_server, cards) = cards_replying(failure).await;
        assert_eq!(
            cards.charge(&request()).await,
            PaymentOutcome::ProviderRefused {
                reason: PROVIDER_FAILED.into()
            }
        );
    }
}

#[tokio::test]
async fn only_an_approved_status_with_a_transaction_pays() {
    let (server, cards) = cards_replying(status("Approved")).await;
    assert_eq!(
        cards.check(&check()).await,
        PaymentOutcome::Approved {
            transaction_id: "126895".into(),
            amount: Some(ApprovedAmount {
                amount: Money::from_cents(4500).unwrap(),
                currency: "USD".into()
            })
        }
    );
    let body = sent_body(&server).await;
    assert_eq!(body["serviceName"], "HPP_GETTRANINFO");
    assert_eq!(
        body["serviceParams"],
        json!({
            "merchantUid": "M0910291",
            "storeId": "1000297",
            "hppKey": HPP_KEY,
            "referenceId": "attempt-7",
        })
    );
}

#[tokio::test]
async fn a_payment_that_ended_unpaid_is_declined() {
    for ended in ["Declined", "FAILED", "Cancelled", "Expired"] {
        let (_server, cards) = cards_replying(status(ended)).await;
        assert_eq!(
            cards.check(&check()).await,
            PaymentOutcome::Declined {
                reason: CARD_DECLINED.into()
            },
            "{ended}"
        );
    }
}

#[tokio::test]
async fn a_payment_still_open_or_not_found_stays_unconfirmed() {
    for open in [
        status("Pending"),
        status(""),
        // Approved without the transaction a refund would need: not believed yet.
        reply("2001", "RCS_SUCCESS", json!({ "status": "Approved" })),
        reply("5206", "RCS_NO_TRANSACTION_FOUND", json!({})),
        ResponseTemplate::new(502),
    ] {
        let (_server, cards) = cards_replying(open).await;
        assert!(matches!(
            cards.check(&check()).await,
            PaymentOutcome::Unconfirmed { .. }
        ));
    }
}

#[tokio::test]
async fn a_refund_sends_the_transaction_and_amount_once() {
    let (server, cards) = cards_replying(reply(
        "2001",
        "RCS_SUCCESS",
        json!({ "transactionId": "126900", "state": "APPROVED" }),
    ))
    .await;
    assert_eq!(
        cards.refund(&refund_of(1_250, false)).await,
        RefundOutcome::Refunded
    );
    let body = sent_body(&server).await;
    assert_eq!(body["serviceName"], "HPP_REFUNDPURCHASE");
    assert_eq!(
        body["serviceParams"],
        json!({
            "merchantUid": "M0910291",
            "storeId": "1000297",
            "hppKey": HPP_KEY,
            "transactionId": "126895",
            "amount": "12.50",
            "description": "Partial refund of order order-42",
        })
    );
}

#[tokio::test]
async fn a_refund_already_made_whose_reply_was_lost_counts_as_refunded() {
    let (_server, cards) = cards_replying(ResponseTemplate::new(200).set_body_json(json!({
        "responseCode": "5202",
        "errorCode": "E10207",
        "responseMsg": "RCS_TRAN_ALREADY_CANCELLED",
        "params": {},
    })))
    .await;
    assert_eq!(
        cards.refund(&refund_of(4_500, true)).await,
        RefundOutcome::Refunded
    );
}

#[test]
fn the_hpp_key_never_shows_in_debug_output() {
    assert!(!format!("{:?}", config()).contains(HPP_KEY));
}
