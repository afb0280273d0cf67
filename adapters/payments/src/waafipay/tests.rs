//! The gateway against a fake WaafiPay (wiremock): the exact bodies sent, the outcomes read
//! from each reply, and what reaches the logs.

use super::reply::Reply;
use super::*;
use crate::redact::redact_numbers;
use domain::ids::{OrderId, PaymentAttemptId};
use domain::message::texts::{
    INSUFFICIENT_BALANCE, PAYMENT_DECLINED_BY_PROVIDER, PAYMENT_NOT_CONFIRMED_IN_TIME,
    PAYMENT_REJECTED,
};
use domain::message::Text;
use domain::payment_method::PaymentMethod;
use domain::phone::MobileNumber;
use std::io;
use std::sync::{Arc, Mutex};
use wiremock::matchers::{body_partial_json, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

const API_KEY: &str = "API-1234567890SECRETKEY";

fn config(server: &MockServer, timeout: Duration) -> WaafiPayConfig {
    WaafiPayConfig {
        url: format!("{}/asm", server.uri()),
        merchant_uid: "M0910291".to_owned(),
        api_user_id: "1000416".to_owned(),
        api_key: API_KEY.to_owned(),
        timeout,
    }
}

fn gateway_for(server: &MockServer) -> WaafiPayGateway {
    WaafiPayGateway::new(config(server, Duration::from_secs(10))).unwrap()
}

async fn gateway_replying(reply: ResponseTemplate) -> (MockServer, WaafiPayGateway) {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/asm"))
        .respond_with(reply)
        .mount(&server)
        .await;
    let gateway = gateway_for(&server);
    (server, gateway)
}

/// A fake WaafiPay answering each service with its own reply.
async fn gateway_replying_per_service(
    replies: Vec<(&str, ResponseTemplate)>,
) -> (MockServer, WaafiPayGateway) {
    let server = MockServer::start().await;
    for (service_name, reply) in replies {
        Mock::given(method("POST"))
            .and(path("/asm"))
            .and(body_partial_json(json!({ "serviceName": service_name })))
            .respond_with(reply)
            .mount(&server)
            .await;
    }
    let gateway = gateway_for(&server);
    (server, gateway)
}

fn request() -> PaymentRequest {
    PaymentRequest {
        attempt: PaymentAttemptId::parse("attempt-7").unwrap(),
        order: OrderId::parse("order-42").unwrap(),
        method: PaymentMethod::EvcPlus,
        phone: MobileNumber::parse("+252 61 512 3456").unwrap(),
        amount: Money::from_cents(4_500).unwrap(),
        description: "Dukaan Fashion order order-42".to_owned(),
    }
}

fn refund_of(cents: i64, whole_charge: bool) -> RefundRequest {
    RefundRequest {
        transaction_id: "44291833".to_owned(),
        reference: OrderId::parse("order-42").unwrap(),
        method: PaymentMethod::EvcPlus,
        payer: MobileNumber::parse("+252 61 512 3456").unwrap(),
        amount: Money::from_cents(cents).unwrap(),
        whole_charge,
    }
}

fn whole_refund() -> RefundRequest {
    refund_of(4_500, true)
}

/// A WaafiPay reply with the given codes and message.
fn answer(code: &str, error_code: &str, message: &str, params: Value) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(json!({
        "schemaVersion": "1.0",
        "timestamp": "2026-11-21 14:30:00.000",
        "responseId": "1234",
        "responseCode": code,
        "errorCode": error_code,
        "responseMsg": message,
        "params": params,
    }))
}

/// A reply with WaafiPay's usual error code for its code: "0" on success, else E10205.
fn reply(code: &str, message: &str, params: Value) -> ResponseTemplate {
    let error_code = if code == "2001" { "0" } else { "E10205" };
    answer(code, error_code, message, params)
}

fn approved() -> ResponseTemplate {
    reply(
        "2001",
        "RCS_SUCCESS",
        json!({
            "accountNo": "252615123456",
            "accountType": "MWALLET_ACCOUNT",
            "state": "APPROVED",
            "referenceId": "order-42",
            "transactionId": "44291833",
            "issuerTransactionId": "4242424242",
            "txAmount": "45.0",
        }),
    )
}

fn reversed() -> ResponseTemplate {
    reply(
        "2001",
        "RCS_SUCCESS",
        json!({ "description": "success", "state": "approved", "transactionId": "44291840", "referenceId": "order-42" }),
    )
}

fn not_authorized() -> ResponseTemplate {
    answer(
        "5035",
        "E10222",
        "RCS_USER_IS_NOT_AUTHZ_TO_ACCESS_API",
        json!({}),
    )
}

/// A reversal refused because the purchase has settled (WaafiPay's wording is not public).
fn settled() -> ResponseTemplate {
    reply(
        "5310",
        "RCS_TRAN_NOT_ALLOWED (transaction already settled)",
        json!({}),
    )
}

async fn bodies(server: &MockServer) -> Vec<Value> {
    server
        .received_requests()
        .await
        .unwrap()
        .iter()
        .map(|r| serde_json::from_slice(&r.body).unwrap())
        .collect()
}

async fn only_body(server: &MockServer) -> Value {
    let mut all = bodies(server).await;
    assert_eq!(all.len(), 1, "exactly one call to WaafiPay");
    all.remove(0)
}

fn assert_envelope(body: &Value, service_name: &str) {
    assert_eq!(body["schemaVersion"], "1.0");
    assert_eq!(body["channelName"], "WEB");
    assert_eq!(body["serviceName"], service_name);
    let request_id = body["requestId"].as_str().unwrap();
    assert!(uuid::Uuid::parse_str(request_id).is_ok(), "{request_id}");
    assert_eq!(body["timestamp"].as_str().unwrap().len(), 20);
}

fn reversal_params() -> Value {
    json!({
        "merchantUid": "M0910291",
        "apiUserId": "1000416",
        "apiKey": API_KEY,
        "paymentMethod": "MWALLET_ACCOUNT",
        "transactionId": "44291833",
        "referenceId": "order-42",
        "description": "Refund of order order-42",
    })
}

fn refund_params(amount: &str, description: &str) -> Value {
    json!({
        "merchantUid": "M0910291",
        "apiUserId": "1000416",
        "apiKey": API_KEY,
        "transactionId": "44291833",
        "referenceId": "order-42",
        "amount": amount,
        "description": description,
    })
}

/// Everything logged on this thread while it lives.
struct CapturedLogs {
    lines: Arc<Mutex<Vec<u8>>>,
    _guard: tracing::subscriber::DefaultGuard,
}

impl CapturedLogs {
    fn start() -> Self {
        let lines = Arc::new(Mutex::new(Vec::new()));
        let writer = LogWriter(lines.clone());
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_ansi(false)
            .finish();
        Self {
            lines,
            _guard: tracing::subscriber::set_default(subscriber),
        }
    }

    fn text(&self) -> String {
        String::from_utf8(self.lines.lock().unwrap().clone()).unwrap()
    }
}

#[derive(Clone)]
struct LogWriter(Arc<Mutex<Vec<u8>>>);

impl io::Write for LogWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[tokio::test]
async fn a_charge_posts_the_waafipay_purchase_envelope() {
    let (server, gateway) = gateway_replying(approved()).await;
    gateway.charge(&request()).await;
    let body = only_body(&server).await;
    assert_envelope(&body, "API_PURCHASE");
    assert_eq!(
        body["serviceParams"],
        json!({
            "merchantUid": "M0910291",
            "apiUserId": "1000416",
            "apiKey": API_KEY,
            "paymentMethod": "MWALLET_ACCOUNT",
            "payerInfo": { "accountNo": "252615123456" },
            "transactionInfo": {
                "referenceId": "attempt-7",
                "invoiceId": "order-42",
                "amount": "45.00",
                "currency": "USD",
                "description": "Dukaan Fashion order order-42",
            },
        })
    );
}

#[tokio::test]
async fn every_request_carries_a_new_request_id() {
    let (server, gateway) = gateway_replying(approved()).await;
    gateway.charge(&request()).await;
    gateway.charge(&request()).await;
    let ids: Vec<Value> = bodies(&server)
        .await
        .iter()
        .map(|body| body["requestId"].clone())
        .collect();
    assert_eq!(ids.len(), 2);
    assert_ne!(ids[0], ids[1]);
}

#[test]
fn amounts_always_have_two_decimals() {
    let amount = |cents| format_amount(Money::from_cents(cents).unwrap());
    assert_eq!(amount(4_500), "45.00");
    assert_eq!(amount(4_250), "42.50");
    assert_eq!(amount(1_999), "19.99");
    assert_eq!(amount(5), "0.05");
    assert_eq!(amount(0), "0.00");
}

#[tokio::test]
async fn an_approved_purchase_returns_the_waafipay_transaction_id() {
    let (_server, gateway) = gateway_replying(approved()).await;
    assert_eq!(
        gateway.charge(&request()).await,
        PaymentOutcome::Approved {
            transaction_id: "44291833".into(),
            amount: Some(domain::ports::ApprovedAmount {
                amount: Money::from_cents(4500).unwrap(),
                currency: "USD".into()
            })
        }
    );
}

#[tokio::test]
async fn a_numeric_transaction_id_is_read_as_text() {
    let (_server, gateway) = gateway_replying(reply(
        "2001",
        "RCS_SUCCESS",
        json!({ "state": "APPROVED", "transactionId": 44291833 }),
    ))
    .await;
    assert_eq!(
        gateway.charge(&request()).await,
        PaymentOutcome::Approved {
            transaction_id: "44291833".into(),
            amount: None
        }
    );
}

/// What a charge refused with `message` (5206, E10205) comes to.
async fn charge_refused_with(message: &str) -> PaymentOutcome {
    let (_server, gateway) = gateway_replying(reply("5206", message, json!({}))).await;
    gateway.charge(&request()).await
}

fn declined(reason: Text) -> PaymentOutcome {
    PaymentOutcome::Declined {
        reason: reason.into(),
    }
}

fn declined_by_wallet(reason: Text, wallet: &str) -> PaymentOutcome {
    PaymentOutcome::Declined {
        reason: reason.with("wallet", wallet),
    }
}

#[tokio::test]
async fn an_insufficient_balance_is_declined_with_a_shopper_friendly_reason() {
    for message in [
        "Payment Failed (Haraaga xisaabtaadu kuguma filna, mobile No: 252615123456)",
        "RCS_TRAN_FAILED_AT_ISSUER_SYSTEM (STATE: declined, ERRCODE: 8001 - Hadhaagaagu kuguma filna, TransactionId: 465656)",
    ] {
        assert_eq!(
            charge_refused_with(message).await,
            declined_by_wallet(INSUFFICIENT_BALANCE, "EVC Plus"),
            "{message}"
        );
    }
}

#[tokio::test]
async fn a_decline_names_the_wallet_the_number_belongs_to() {
    let (_server, gateway) = gateway_replying(reply(
        "5206",
        "RCS_TRAN_FAILED_AT_ISSUER_SYSTEM (Hadhaagaagu kuguma filna)",
        json!({}),
    ))
    .await;
    let zaad = PaymentRequest {
        method: PaymentMethod::Zaad,
        phone: MobileNumber::parse("63 444 1234").unwrap(),
        ..request()
    };
    let PaymentOutcome::Declined { reason } = gateway.charge(&zaad).await else {
        panic!("declined expected");
    };
    assert_eq!(
        reason.as_str(),
        "Payment declined: insufficient ZAAD balance."
    );
}

#[tokio::test]
async fn a_payment_rejected_on_the_phone_is_declined() {
    assert_eq!(
        charge_refused_with("RCS_USER_REJECTED").await,
        declined(PAYMENT_REJECTED)
    );
}

#[tokio::test]
async fn a_payment_the_payer_aborted_reads_as_rejected_on_the_phone() {
    for message in [
        "RCS_TRAN_FAILED_AT_ISSUER_SYSTEM (User Aborted, TransactionId: 465656)",
        "RCS_TRAN_FAILED_AT_ISSUER_SYSTEM (STATE: rejected, ERRCODE: 4004 - User Aborted, TransactionId: 465656)",
    ] {
        assert_eq!(
            charge_refused_with(message).await,
            declined(PAYMENT_REJECTED),
            "{message}"
        );
    }
}

#[tokio::test]
async fn an_expired_phone_prompt_reads_as_not_confirmed_in_time() {
    for message in [
        "RCS_TRAN_FAILED_AT_ISSUER_SYSTEM (Dialog Timedout, TransactionId: 465656)",
        // Should the state say rejected too, the expired prompt is what the payer needs to hear.
        "RCS_TRAN_FAILED_AT_ISSUER_SYSTEM (STATE: rejected, Dialog Timedout, TransactionId: 465656)",
    ] {
        assert_eq!(
            charge_refused_with(message).await,
            declined(PAYMENT_NOT_CONFIRMED_IN_TIME),
            "{message}"
        );
    }
}

#[tokio::test]
async fn any_other_business_refusal_is_declined_by_evc_plus() {
    let (_server, gateway) =
        gateway_replying(reply("5310", "RCS_TRAN_NOT_PERMITTED", json!({}))).await;
    assert_eq!(
        gateway.charge(&request()).await,
        declined_by_wallet(PAYMENT_DECLINED_BY_PROVIDER, "EVC Plus")
    );
}

#[tokio::test]
async fn a_refusal_of_the_shops_credentials_is_a_provider_refusal_not_a_decline() {
    for refusal in [
        not_authorized(),
        reply("5310", "RCS_USER_IS_NOT_AUTHZ_TO_ACCESS_API", json!({})),
        answer("5035", "E10222", "Access denied", json!({})),
    ] {
        let (_server, gateway) = gateway_replying(refusal).await;
        assert_eq!(
            gateway.charge(&request()).await,
            PaymentOutcome::ProviderRefused {
                reason: PROVIDER_FAILED.into()
            }
        );
    }
}

#[tokio::test]
async fn a_refusal_of_the_shops_credentials_is_logged_as_an_error_with_waafipays_message() {
    let logs = CapturedLogs::start();
    let (_server, gateway) = gateway_replying(answer(
        "5035",
        "E10222",
        "RCS_USER_IS_NOT_AUTHZ_TO_ACCESS_API (merchant 252615123456)",
        json!({}),
    ))
    .await;
    gateway.charge(&request()).await;
    let text = logs.text();
    let refusal = text
        .lines()
        .find(|line| line.contains("refused the shop's merchant account"))
        .unwrap_or_else(|| panic!("no refusal logged in {text}"));
    assert!(refusal.contains("ERROR"), "{refusal}");
    assert!(
        refusal.contains("RCS_USER_IS_NOT_AUTHZ_TO_ACCESS_API (merchant ***)"),
        "{refusal}"
    );
    assert!(refusal.contains("API_PURCHASE"), "{refusal}");
    assert!(!text.contains(API_KEY), "{text}");
    assert!(!text.contains("252615123456"), "{text}");
}

#[tokio::test]
async fn a_malformed_reply_leaves_the_payment_unconfirmed() {
    for body in ["<html>gateway</html>", "{\"hello\": 1}", ""] {
        let (_server, gateway) =
            gateway_replying(ResponseTemplate::new(200).set_body_string(body)).await;
        assert_eq!(
            gateway.charge(&request()).await,
            PaymentOutcome::Unconfirmed {
                reason: "The payment provider sent an unreadable reply.".into()
            },
            "{body}"
        );
    }
}

#[tokio::test]
async fn a_success_code_without_an_approved_state_is_unconfirmed() {
    let (_server, gateway) = gateway_replying(reply(
        "2001",
        "RCS_SUCCESS",
        json!({ "state": "PENDING", "transactionId": "1" }),
    ))
    .await;
    assert_eq!(
        gateway.charge(&request()).await,
        PaymentOutcome::Unconfirmed {
            reason: "The payment provider sent an unreadable reply.".into()
        }
    );
}

#[tokio::test]
async fn an_http_500_leaves_the_payment_unconfirmed() {
    let (_server, gateway) = gateway_replying(ResponseTemplate::new(500)).await;
    assert_eq!(
        gateway.charge(&request()).await,
        PaymentOutcome::Unconfirmed {
            reason: "The payment provider failed.".into()
        }
    );
}

#[tokio::test]
async fn a_reply_slower_than_the_timeout_leaves_the_payment_unconfirmed() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(approved().set_delay(Duration::from_secs(5)))
        .mount(&server)
        .await;
    let gateway = WaafiPayGateway::new(config(&server, Duration::from_millis(300))).unwrap();
    let started = std::time::Instant::now();
    let outcome = gateway.charge(&request()).await;
    assert!(started.elapsed() < Duration::from_secs(3), "cut short");
    assert_eq!(
        outcome,
        PaymentOutcome::Unconfirmed {
            reason: "The payment provider did not answer in time.".into()
        }
    );
}

#[tokio::test]
async fn an_unreachable_provider_leaves_the_payment_unconfirmed() {
    let server = MockServer::start().await;
    let mut config = config(&server, Duration::from_secs(5));
    drop(server);
    config.url = "http://127.0.0.1:9/asm".to_owned();
    let gateway = WaafiPayGateway::new(config).unwrap();
    assert_eq!(
        gateway.charge(&request()).await,
        PaymentOutcome::Unconfirmed {
            reason: "The payment provider could not be reached.".into()
        }
    );
}

#[tokio::test]
async fn a_whole_charge_refund_reverses_the_purchase_with_method_and_reference() {
    let (server, gateway) = gateway_replying(reversed()).await;
    assert_eq!(
        gateway.refund(&whole_refund()).await,
        RefundOutcome::Refunded
    );
    let body = only_body(&server).await;
    assert_envelope(&body, "API_CANCELPURCHASE");
    assert_eq!(body["serviceParams"], reversal_params());
}

#[tokio::test]
async fn a_reversal_answered_already_cancelled_is_a_refund_done() {
    let (server, gateway) = gateway_replying(answer(
        "5202",
        "E10207",
        "RCS_TRAN_ALREADY_CANCELLED",
        json!({}),
    ))
    .await;
    assert_eq!(
        gateway.refund(&whole_refund()).await,
        RefundOutcome::Refunded
    );
    assert_eq!(
        only_body(&server).await["serviceName"],
        "API_CANCELPURCHASE"
    );
}

#[tokio::test]
async fn a_reversal_refused_as_settled_falls_back_to_refunding_the_whole_amount() {
    let (server, gateway) = gateway_replying_per_service(vec![
        ("API_CANCELPURCHASE", settled()),
        ("API_REFUND", reversed()),
    ])
    .await;
    assert_eq!(
        gateway.refund(&whole_refund()).await,
        RefundOutcome::Refunded
    );
    let sent = bodies(&server).await;
    assert_eq!(sent.len(), 2, "a reversal, then a refund");
    assert_envelope(&sent[0], "API_CANCELPURCHASE");
    assert_eq!(sent[0]["serviceParams"], reversal_params());
    assert_envelope(&sent[1], "API_REFUND");
    assert_eq!(
        sent[1]["serviceParams"],
        refund_params("45.00", "Refund of order order-42")
    );
    assert_ne!(sent[0]["requestId"], sent[1]["requestId"]);
}

#[tokio::test]
async fn a_refused_fallback_refund_returns_its_message() {
    let (server, gateway) = gateway_replying_per_service(vec![
        ("API_CANCELPURCHASE", settled()),
        (
            "API_REFUND",
            reply("5310", "RCS_TRAN_NOT_PERMITTED", json!({})),
        ),
    ])
    .await;
    assert_eq!(
        gateway.refund(&whole_refund()).await,
        refused("RCS_TRAN_NOT_PERMITTED")
    );
    assert_eq!(bodies(&server).await.len(), 2);
}

#[tokio::test]
async fn a_partial_refund_goes_straight_to_api_refund_with_its_amount() {
    let (server, gateway) = gateway_replying(reversed()).await;
    assert_eq!(
        gateway.refund(&refund_of(1_250, false)).await,
        RefundOutcome::Refunded
    );
    let body = only_body(&server).await;
    assert_envelope(&body, "API_REFUND");
    assert_eq!(
        body["serviceParams"],
        refund_params("12.50", "Partial refund of order order-42")
    );
}

#[tokio::test]
async fn a_refund_refused_for_the_shops_credentials_is_an_error_and_is_not_retried() {
    let logs = CapturedLogs::start();
    let (server, gateway) = gateway_replying(not_authorized()).await;
    assert_eq!(
        gateway.refund(&whole_refund()).await,
        refused("RCS_USER_IS_NOT_AUTHZ_TO_ACCESS_API")
    );
    assert_eq!(
        only_body(&server).await["serviceName"],
        "API_CANCELPURCHASE"
    );
    let text = logs.text();
    assert!(
        text.lines().any(|line| line.contains("ERROR")
            && line.contains("RCS_USER_IS_NOT_AUTHZ_TO_ACCESS_API")
            && line.contains("API_CANCELPURCHASE")),
        "{text}"
    );
    assert!(!text.contains(API_KEY), "{text}");
}

#[tokio::test]
async fn a_refused_refund_returns_the_providers_message_without_numbers() {
    let (_server, gateway) = gateway_replying(reply(
        "5206",
        "RCS_TRAN_NOT_FOUND (mobile No: 252615123456)",
        json!({}),
    ))
    .await;
    assert_eq!(
        gateway.refund(&whole_refund()).await,
        refused("RCS_TRAN_NOT_FOUND (mobile No: ***)")
    );
}

fn refused(reason: &str) -> RefundOutcome {
    RefundOutcome::Refused {
        reason: reason.to_owned(),
    }
}

fn unknown(reason: &str) -> RefundOutcome {
    RefundOutcome::Unknown {
        reason: reason.to_owned(),
    }
}

#[tokio::test]
async fn a_refund_the_provider_fails_on_has_an_unknown_outcome() {
    let (_server, gateway) = gateway_replying(ResponseTemplate::new(503)).await;
    assert_eq!(
        gateway.refund(&whole_refund()).await,
        unknown("The payment provider failed.")
    );
}

#[tokio::test]
async fn a_refund_answered_after_the_timeout_has_an_unknown_outcome() {
    // The provider makes the refund but answers too late: the shop cannot tell.
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(reversed().set_delay(Duration::from_secs(5)))
        .mount(&server)
        .await;
    let gateway = WaafiPayGateway::new(config(&server, Duration::from_millis(300))).unwrap();
    assert_eq!(
        gateway.refund(&refund_of(1_000, false)).await,
        unknown("The payment provider did not answer in time.")
    );
    assert_eq!(only_body(&server).await["serviceName"], "API_REFUND");
}

#[tokio::test]
async fn a_refund_with_an_unreadable_or_no_answer_has_an_unknown_outcome() {
    for body in ["<html>gateway</html>", "{\"hello\": 1}", ""] {
        let (_server, gateway) =
            gateway_replying(ResponseTemplate::new(200).set_body_string(body)).await;
        assert_eq!(
            gateway.refund(&refund_of(1_000, false)).await,
            unknown("The payment provider sent an unreadable reply."),
            "{body}"
        );
    }
    let server = MockServer::start().await;
    let mut config = config(&server, Duration::from_secs(5));
    drop(server);
    config.url = "http://127.0.0.1:9/asm".to_owned();
    let gateway = WaafiPayGateway::new(config).unwrap();
    assert_eq!(
        gateway.refund(&whole_refund()).await,
        unknown("The payment provider could not be reached.")
    );
}

fn parsed(code: &str, error_code: &str, message: &str) -> Reply {
    let body = json!({ "responseCode": code, "errorCode": error_code, "responseMsg": message });
    Reply::parse(body.to_string().as_bytes()).unwrap()
}

#[test]
fn a_merchant_refusal_that_says_not_allowed_is_not_taken_for_a_settled_purchase() {
    let merchant = parsed(
        "5308",
        "E10205",
        "RCS_HPP_SUBSCRIPTION_ISNOT_ENABLED: Merchant is not allowed for this service type",
    );
    assert!(merchant.refuses_the_merchant());
    assert!(!merchant.purchase_settled());
    let settled = parsed("5310", "E10205", "Cancellation not allowed: settled");
    assert!(settled.purchase_settled());
    assert!(!settled.refuses_the_merchant());
    assert!(!parsed("5202", "E10207", "RCS_TRAN_ALREADY_CANCELLED").purchase_settled());
}

#[test]
fn refusal_messages_never_show_phone_numbers() {
    assert_eq!(
        redact_numbers("Failed for mobile No: 252615123456, code 5206"),
        "Failed for mobile No: ***, code 5206"
    );
}

#[test]
fn the_config_debug_output_hides_the_api_key() {
    let config = WaafiPayConfig {
        url: DEFAULT_URL.to_owned(),
        merchant_uid: "M0910291".to_owned(),
        api_user_id: "1000416".to_owned(),
        api_key: API_KEY.to_owned(),
        timeout: DEFAULT_TIMEOUT,
    };
    let printed = format!("{config:?}");
    assert!(!printed.contains(API_KEY), "{printed}");
    assert!(printed.contains("M0910291"));
    let gateway = WaafiPayGateway::new(config).unwrap();
    assert!(!format!("{gateway:?}").contains(API_KEY));
}
