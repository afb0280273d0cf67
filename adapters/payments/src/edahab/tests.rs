//! The gateway against a fake eDahab (wiremock) that checks every signature: the exact bytes
//! sent, the outcomes read from each reply, and what reaches the logs.

use super::reply::{InvoiceReply, PayoutReply};
use super::*;
use crate::redact::redact_numbers;
use domain::ids::{OrderId, PaymentAttemptId};
use domain::message::texts::{
    INSUFFICIENT_BALANCE, PAYMENT_DECLINED_BY_PROVIDER, PAYMENT_NOT_CONFIRMED_IN_TIME,
    PAYMENT_REJECTED,
};
use domain::message::{Message, Text};
use domain::phone::MobileNumber;
use serde_json::json;
use std::cell::RefCell;
use std::io;
use std::sync::{Arc, Mutex, Once};
use wiremock::matchers::{header, method, path};
use wiremock::{Match, Mock, MockServer, Request, ResponseTemplate};

const API_KEY: &str = "EDH-API-7f3a9c1e5b";
const SECRET: &str = "edahab-secret-Q8x2LmZ4";
const AGENT_CODE: &str = "71234";
/// The payer: `+252 65 123 4567`, an eDahab number.
const PAYER: &str = "+252 65 123 4567";
const PAYER_FULL: &str = "252651234567";
const PAYER_NATIONAL: &str = "651234567";

fn config(server: &MockServer, secret: &str, timeout: Duration) -> EdahabConfig {
    EdahabConfig {
        url: format!("{}/api/api", server.uri()),
        api_key: API_KEY.to_owned(),
        secret: secret.to_owned(),
        agent_code: AGENT_CODE.to_owned(),
        timeout,
    }
}

/// The fake's check of the signature: the `hash` query parameter is the SHA-256 of the body
/// received followed by the secret, computed here from what arrived.
struct SignedWith(&'static str);

impl Match for SignedWith {
    fn matches(&self, request: &Request) -> bool {
        let mut expected = Sha256::new();
        expected.update(&request.body);
        expected.update(self.0.as_bytes());
        let expected: String = expected
            .finalize()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        request
            .url
            .query_pairs()
            .any(|(name, value)| name == "hash" && value == expected)
    }
}

/// eDahab's answer to a request whose hash does not match its body and the secret.
fn bad_hash() -> ResponseTemplate {
    ResponseTemplate::new(401).set_body_json(json!({
        "StatusCode": 5,
        "StatusDescription": "Invalid hash",
        "ValidationErrors": null,
    }))
}

/// A fake eDahab: a signed JSON POST to `call` gets `reply`; anything unsigned is refused.
async fn fake_edahab(call: &str, reply: ResponseTemplate) -> MockServer {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path(format!("/api/api/{call}")))
        .and(header("content-type", "application/json"))
        .and(SignedWith(SECRET))
        .respond_with(reply)
        .with_priority(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .respond_with(bad_hash())
        .with_priority(10)
        .mount(&server)
        .await;
    server
}

async fn gateway_replying(call: &str, reply: ResponseTemplate) -> (MockServer, EdahabGateway) {
    let server = fake_edahab(call, reply).await;
    let gateway = EdahabGateway::new(config(&server, SECRET, Duration::from_secs(10))).unwrap();
    (server, gateway)
}

/// A gateway whose calls can reach no server.
fn unreachable_gateway() -> EdahabGateway {
    EdahabGateway::new(EdahabConfig {
        url: "http://127.0.0.1:9/api/api".to_owned(),
        api_key: API_KEY.to_owned(),
        secret: SECRET.to_owned(),
        agent_code: AGENT_CODE.to_owned(),
        timeout: Duration::from_secs(5),
    })
    .unwrap()
}

fn request_of(cents: i64) -> PaymentRequest {
    PaymentRequest {
        attempt: PaymentAttemptId::parse("attempt-7").unwrap(),
        order: OrderId::parse("order-42").unwrap(),
        method: PaymentMethod::Edahab,
        phone: MobileNumber::parse(PAYER).unwrap(),
        amount: Money::from_cents(cents).unwrap(),
        description: "Dukaan Fashion order order-42".to_owned(),
    }
}

fn request() -> PaymentRequest {
    request_of(4_500)
}

fn check_of(reference: Option<&str>) -> PaymentCheck {
    PaymentCheck {
        attempt: PaymentAttemptId::parse("attempt-7").unwrap(),
        order: OrderId::parse("order-42").unwrap(),
        method: PaymentMethod::Edahab,
        reference: reference.map(str::to_owned),
    }
}

fn refund_of(cents: i64) -> RefundRequest {
    RefundRequest {
        transaction_id: "TX-88123".to_owned(),
        reference: OrderId::parse("order-42").unwrap(),
        method: PaymentMethod::Edahab,
        payer: MobileNumber::parse(PAYER).unwrap(),
        amount: Money::from_cents(cents).unwrap(),
        whole_charge: false,
    }
}

/// An invoice reply as eDahab shapes it.
fn invoice(status_code: i64, invoice_status: &str, description: &str) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(json!({
        "InvoiceStatus": invoice_status,
        "TransactionId": if invoice_status == "Paid" { json!("MP241121.1430.A12345") } else { json!(null) },
        "InvoiceId": 1_234_567,
        "StatusCode": status_code,
        "RequestId": 99_001,
        "StatusDescription": description,
        "ValidationErrors": null,
    }))
}

fn paid() -> ResponseTemplate {
    invoice(0, "Paid", "Success")
}

/// A refusal of an invoice call (`StatusCode` other than 0).
fn refusal(description: &str, validation_errors: Value) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(json!({
        "InvoiceStatus": null,
        "TransactionId": null,
        "InvoiceId": 0,
        "StatusCode": 1,
        "RequestId": 99_002,
        "StatusDescription": description,
        "ValidationErrors": validation_errors,
    }))
}

fn payout(status: &str, message: &str) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(json!({
        "TransactionStatus": status,
        "TransactionMesage": message,
        "PhoneNumber": PAYER_NATIONAL,
        "TransactionId": "EP241121.1502.B777",
    }))
}

fn approved(transaction_id: &str) -> PaymentOutcome {
    PaymentOutcome::Approved {
        transaction_id: transaction_id.to_owned(),
        amount: None,
    }
}

fn declined(reason: Text) -> PaymentOutcome {
    PaymentOutcome::Declined {
        reason: reason.into(),
    }
}

/// Declined with a text naming the wallet: "insufficient eDahab balance".
fn declined_by_edahab(reason: Text) -> PaymentOutcome {
    PaymentOutcome::Declined {
        reason: reason.with("wallet", "eDahab"),
    }
}

fn provider_refused() -> PaymentOutcome {
    PaymentOutcome::ProviderRefused {
        reason: PROVIDER_FAILED.into(),
    }
}

fn unconfirmed(reason: &str) -> PaymentOutcome {
    PaymentOutcome::Unconfirmed {
        reason: reason.to_owned(),
    }
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

/// Every request the fake received.
async fn received(server: &MockServer) -> Vec<Request> {
    server.received_requests().await.unwrap()
}

async fn only_request(server: &MockServer) -> Request {
    let mut all = received(server).await;
    assert_eq!(all.len(), 1, "exactly one call to eDahab");
    all.remove(0)
}

fn body_text(request: &Request) -> String {
    String::from_utf8(request.body.clone()).unwrap()
}

/// The `hash` query parameter of a request.
fn hash_of(request: &Request) -> String {
    request
        .url
        .query_pairs()
        .find(|(name, _)| name == "hash")
        .map(|(_, value)| value.into_owned())
        .unwrap_or_default()
}

thread_local! {
    /// Where this thread's events go while a `CapturedLogs` lives.
    static CAPTURE: RefCell<Option<Arc<Mutex<Vec<u8>>>>> = const { RefCell::new(None) };
}

/// Everything logged on this thread while it lives.
///
/// The events go through one global subscriber that writes to the emitting thread's capture.
/// A subscriber set per thread (`set_default`) is not enough while tests run in parallel:
/// with a single one alive, tracing decides whether a new log site is wanted from the thread
/// that first reaches it, and a thread without a subscriber turns that site off for all.
struct CapturedLogs {
    lines: Arc<Mutex<Vec<u8>>>,
}

impl CapturedLogs {
    fn start() -> Self {
        static GLOBAL: Once = Once::new();
        GLOBAL.call_once(|| {
            let subscriber = tracing_subscriber::fmt()
                .with_writer(|| ThreadWriter)
                .with_ansi(false)
                .finish();
            tracing::subscriber::set_global_default(subscriber)
                .expect("no other global subscriber in these tests");
        });
        let lines = Arc::new(Mutex::new(Vec::new()));
        CAPTURE.with(|capture| *capture.borrow_mut() = Some(lines.clone()));
        Self { lines }
    }

    fn text(&self) -> String {
        String::from_utf8(self.lines.lock().unwrap().clone()).unwrap()
    }

    /// Neither the secret, the API key nor the payer's full number was logged.
    fn assert_no_secrets(&self) {
        let text = self.text();
        assert!(!text.is_empty(), "something was logged");
        for secret in [SECRET, API_KEY, PAYER_FULL, PAYER_NATIONAL] {
            assert!(!text.contains(secret), "{secret} logged in {text}");
        }
    }
}

impl Drop for CapturedLogs {
    fn drop(&mut self) {
        CAPTURE.with(|capture| capture.borrow_mut().take());
    }
}

/// Writes to the current thread's capture, if any.
struct ThreadWriter;

impl io::Write for ThreadWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        CAPTURE.with(|capture| {
            if let Some(lines) = capture.borrow().as_ref() {
                lines.lock().unwrap().extend_from_slice(buf);
            }
        });
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

// The signature.

#[test]
fn the_signature_is_the_hex_sha256_of_the_body_followed_by_the_secret() {
    // printf '%s' '{"apiKey":"k"}secret' | sha256sum
    assert_eq!(
        signature(br#"{"apiKey":"k"}"#, "secret"),
        "dfe67385ce6109002de463736f9a32aa6f34f68d3bb83eff67b5fc0fb3ecdb56"
    );
}

#[tokio::test]
async fn a_charge_posts_the_exact_signed_invoice_body() {
    let (server, gateway) = gateway_replying("IssueInvoice", paid()).await;
    assert_eq!(
        gateway.charge(&request()).await,
        approved("MP241121.1430.A12345")
    );
    let sent = only_request(&server).await;
    assert_eq!(sent.url.path(), "/api/api/IssueInvoice");
    let body = body_text(&sent);
    assert_eq!(
        body,
        r#"{"apiKey":"EDH-API-7f3a9c1e5b","edahabNumber":"651234567","amount":45,"agentCode":"71234","currency":"USD"}"#
    );
    assert_eq!(
        hash_of(&sent),
        signature(body.as_bytes(), SECRET),
        "the hash signs the very bytes sent"
    );
    assert_eq!(sent.url.query(), Some(&*format!("hash={}", hash_of(&sent))));
    assert_eq!(sent.headers["content-type"], "application/json");
}

#[tokio::test]
async fn a_charge_signed_with_another_secret_is_refused_by_the_fake() {
    let logs = CapturedLogs::start();
    let server = fake_edahab("IssueInvoice", paid()).await;
    let gateway =
        EdahabGateway::new(config(&server, "not-the-secret", Duration::from_secs(10))).unwrap();
    assert_eq!(gateway.charge(&request()).await, provider_refused());
    assert_eq!(received(&server).await.len(), 1, "sent once, not retried");
    let text = logs.text();
    assert!(
        text.lines().any(|line| line.contains("ERROR")
            && line.contains("refused the shop's API key")
            && line.contains("Invalid hash")
            && line.contains("401")),
        "{text}"
    );
    logs.assert_no_secrets();
}

#[test]
fn amounts_are_dollars_as_json_numbers_with_two_decimals_at_most() {
    let amount =
        |cents| serde_json::to_string(&Dollars(Money::from_cents(cents).unwrap())).unwrap();
    assert_eq!(amount(4_500), "45");
    assert_eq!(amount(50), "0.5");
    assert_eq!(amount(5), "0.05");
    assert_eq!(amount(1_999), "19.99");
    assert_eq!(amount(4_250), "42.5");
    assert_eq!(amount(12_345_678_901), "123456789.01");
    assert_eq!(amount(0), "0");
    // Every amount is written exactly: dollars, then the cents without trailing zeros.
    for cents in (0..200_000).chain(99_999_999_900..100_000_000_000) {
        let (dollars, rest) = (cents / 100, cents % 100);
        let expected = match rest {
            0 => dollars.to_string(),
            r if r % 10 == 0 => format!("{dollars}.{}", r / 10),
            r => format!("{dollars}.{r:02}"),
        };
        assert_eq!(amount(cents), expected);
    }
}

#[tokio::test]
async fn a_charge_of_fifty_cents_sends_half_a_dollar() {
    let (server, gateway) = gateway_replying("IssueInvoice", paid()).await;
    assert_eq!(
        gateway.charge(&request_of(50)).await,
        approved("MP241121.1430.A12345")
    );
    assert_eq!(
        body_text(&only_request(&server).await),
        r#"{"apiKey":"EDH-API-7f3a9c1e5b","edahabNumber":"651234567","amount":0.5,"agentCode":"71234","currency":"USD"}"#
    );
}

// Charges.

#[tokio::test]
async fn a_paid_invoice_is_approved_with_edahabs_transaction_id() {
    let (_server, gateway) = gateway_replying("IssueInvoice", paid()).await;
    assert_eq!(
        gateway.charge(&request()).await,
        approved("MP241121.1430.A12345")
    );
}

#[tokio::test]
async fn a_paid_invoice_without_a_transaction_id_is_unconfirmed() {
    let reply = ResponseTemplate::new(200).set_body_json(json!({
        "InvoiceStatus": "Paid", "InvoiceId": 1_234_567, "StatusCode": 0,
    }));
    let (_server, gateway) = gateway_replying("IssueInvoice", reply).await;
    assert_eq!(
        gateway.charge(&request()).await,
        unconfirmed(UNREADABLE_REASON)
    );
}

#[tokio::test]
async fn an_invoice_not_paid_yet_awaits_the_payer_under_its_invoice_id() {
    for status in ["Pending", "Unpaid"] {
        let (_server, gateway) =
            gateway_replying("IssueInvoice", invoice(0, status, "Success")).await;
        assert_eq!(
            gateway.charge(&request()).await,
            PaymentOutcome::Awaiting {
                reference: "1234567".to_owned()
            },
            "{status}"
        );
    }
}

#[tokio::test]
async fn an_open_invoice_without_an_invoice_id_is_unconfirmed() {
    let reply = ResponseTemplate::new(200)
        .set_body_json(json!({ "InvoiceStatus": "Pending", "StatusCode": 0 }));
    let (_server, gateway) = gateway_replying("IssueInvoice", reply).await;
    assert_eq!(
        gateway.charge(&request()).await,
        unconfirmed(UNREADABLE_REASON)
    );
}

#[tokio::test]
async fn a_payment_the_payer_declined_is_rejected_on_the_phone() {
    for reply in [
        refusal("User declined", json!(null)),
        refusal("Failed", json!("Payment rejected by the subscriber")),
        refusal("Transaction cancelled", json!(null)),
        invoice(0, "Cancelled", "Success"),
        invoice(0, "Declined", "Success"),
    ] {
        let (_server, gateway) = gateway_replying("IssueInvoice", reply).await;
        assert_eq!(gateway.charge(&request()).await, declined(PAYMENT_REJECTED));
    }
}

#[tokio::test]
async fn an_insufficient_balance_is_declined_with_a_shopper_friendly_reason() {
    for reply in [
        refusal("Insufficient balance", json!(null)),
        refusal("Failed", json!(["Your balance is not enough"])),
    ] {
        let (_server, gateway) = gateway_replying("IssueInvoice", reply).await;
        assert_eq!(
            gateway.charge(&request()).await,
            declined_by_edahab(INSUFFICIENT_BALANCE)
        );
    }
}

#[tokio::test]
async fn an_expired_invoice_reads_as_not_confirmed_in_time() {
    let (_server, gateway) =
        gateway_replying("IssueInvoice", invoice(0, "Expired", "Success")).await;
    assert_eq!(
        gateway.charge(&request()).await,
        declined(PAYMENT_NOT_CONFIRMED_IN_TIME)
    );
}

#[tokio::test]
async fn any_other_refusal_is_declined_with_edahabs_words_numbers_hidden() {
    let (_server, gateway) = gateway_replying(
        "IssueInvoice",
        refusal(
            "Validation failed",
            json!([{ "Field": "edahabNumber", "Message": "651234567 is not registered" }]),
        ),
    )
    .await;
    assert_eq!(
        gateway.charge(&request()).await,
        PaymentOutcome::Declined {
            reason: Message::from("*** is not registered".to_owned())
        }
    );
}

#[tokio::test]
async fn a_refusal_without_words_is_declined_by_the_provider() {
    for reply in [refusal("", json!(null)), invoice(0, "Failed", "Success")] {
        let (_server, gateway) = gateway_replying("IssueInvoice", reply).await;
        assert_eq!(
            gateway.charge(&request()).await,
            declined_by_edahab(PAYMENT_DECLINED_BY_PROVIDER)
        );
    }
}

#[tokio::test]
async fn a_refusal_of_the_shops_credentials_is_a_provider_refusal_logged_as_an_error() {
    for (description, errors) in [
        ("Invalid API Key", json!(null)),
        ("Validation failed", json!("Invalid hash")),
        ("Failed", json!(["Agent code 71234 not found"])),
        ("You are not authorised to use this service", json!(null)),
    ] {
        let logs = CapturedLogs::start();
        let (_server, gateway) =
            gateway_replying("IssueInvoice", refusal(description, errors.clone())).await;
        assert_eq!(
            gateway.charge(&request()).await,
            provider_refused(),
            "{description} {errors}"
        );
        let text = logs.text();
        assert!(
            text.lines().any(|line| line.contains("ERROR")
                && line.contains("refused the shop's API key")
                && line.contains("IssueInvoice")),
            "{text}"
        );
        logs.assert_no_secrets();
    }
}

#[tokio::test]
async fn a_charge_logs_the_outcome_without_the_secret_the_key_or_the_number() {
    let logs = CapturedLogs::start();
    let (_server, gateway) = gateway_replying(
        "IssueInvoice",
        refusal("Failed for 252651234567", json!(null)),
    )
    .await;
    gateway.charge(&request()).await;
    let text = logs.text();
    let line = text
        .lines()
        .find(|line| line.contains("eDahab payment"))
        .unwrap_or_else(|| panic!("no payment logged in {text}"));
    assert!(line.contains("order-42"), "{line}");
    assert!(line.contains("252******567"), "{line}");
    logs.assert_no_secrets();
}

#[tokio::test]
async fn a_malformed_reply_leaves_the_payment_unconfirmed() {
    for body in ["<html>gateway</html>", "{\"hello\": 1}", "[]", ""] {
        let (_server, gateway) = gateway_replying(
            "IssueInvoice",
            ResponseTemplate::new(200).set_body_string(body),
        )
        .await;
        assert_eq!(
            gateway.charge(&request()).await,
            unconfirmed("The payment provider sent an unreadable reply."),
            "{body}"
        );
    }
}

#[tokio::test]
async fn a_reply_read_leniently_accepts_codes_as_text_and_names_in_any_case() {
    let reply = ResponseTemplate::new(200).set_body_json(json!({
        "invoiceStatus": "PAID", "transactionId": 778899, "invoiceId": "1234567", "statusCode": "0",
    }));
    let (_server, gateway) = gateway_replying("IssueInvoice", reply).await;
    assert_eq!(gateway.charge(&request()).await, approved("778899"));
}

#[tokio::test]
async fn an_http_500_leaves_the_payment_unconfirmed() {
    let (_server, gateway) = gateway_replying("IssueInvoice", ResponseTemplate::new(500)).await;
    assert_eq!(
        gateway.charge(&request()).await,
        unconfirmed("The payment provider failed.")
    );
}

#[tokio::test]
async fn a_reply_slower_than_the_timeout_leaves_the_payment_unconfirmed() {
    let server = fake_edahab("IssueInvoice", paid().set_delay(Duration::from_secs(5))).await;
    let gateway = EdahabGateway::new(config(&server, SECRET, Duration::from_millis(300))).unwrap();
    let started = std::time::Instant::now();
    let outcome = gateway.charge(&request()).await;
    assert!(started.elapsed() < Duration::from_secs(3), "cut short");
    assert_eq!(
        outcome,
        unconfirmed("The payment provider did not answer in time.")
    );
}

#[tokio::test]
async fn an_unreachable_provider_leaves_the_payment_unconfirmed() {
    assert_eq!(
        unreachable_gateway().charge(&request()).await,
        unconfirmed("The payment provider could not be reached.")
    );
}

// Checks of an open invoice.

#[tokio::test]
async fn a_check_posts_the_exact_signed_status_request_with_a_numeric_invoice_id() {
    let (server, gateway) = gateway_replying("CheckInvoiceStatus", paid()).await;
    assert_eq!(
        gateway.check(&check_of(Some("1234567"))).await,
        approved("MP241121.1430.A12345")
    );
    let sent = only_request(&server).await;
    assert_eq!(sent.url.path(), "/api/api/CheckInvoiceStatus");
    let body = body_text(&sent);
    assert_eq!(
        body,
        r#"{"apiKey":"EDH-API-7f3a9c1e5b","invoiceId":1234567}"#
    );
    assert_eq!(hash_of(&sent), signature(body.as_bytes(), SECRET));
}

#[tokio::test]
async fn an_invoice_id_that_is_not_a_number_is_sent_as_text() {
    let (server, gateway) = gateway_replying("CheckInvoiceStatus", paid()).await;
    gateway.check(&check_of(Some("INV-77"))).await;
    assert_eq!(
        body_text(&only_request(&server).await),
        r#"{"apiKey":"EDH-API-7f3a9c1e5b","invoiceId":"INV-77"}"#
    );
}

#[tokio::test]
async fn an_invoice_still_open_stays_unconfirmed() {
    for status in ["Pending", "Unpaid"] {
        let (_server, gateway) =
            gateway_replying("CheckInvoiceStatus", invoice(0, status, "Success")).await;
        assert_eq!(
            gateway.check(&check_of(Some("1234567"))).await,
            unconfirmed("The payer has not paid the invoice yet."),
            "{status}"
        );
    }
}

#[tokio::test]
async fn a_closed_or_refused_invoice_is_declined() {
    for (reply, reason) in [
        (invoice(0, "Cancelled", "Success"), PAYMENT_REJECTED),
        (invoice(0, "Declined", "Success"), PAYMENT_REJECTED),
        (
            invoice(0, "Expired", "Success"),
            PAYMENT_NOT_CONFIRMED_IN_TIME,
        ),
        (refusal("User declined", json!(null)), PAYMENT_REJECTED),
    ] {
        let (_server, gateway) = gateway_replying("CheckInvoiceStatus", reply).await;
        assert_eq!(
            gateway.check(&check_of(Some("1234567"))).await,
            declined(reason)
        );
    }
    let (_server, gateway) = gateway_replying(
        "CheckInvoiceStatus",
        refusal("Invoice not found", json!(null)),
    )
    .await;
    assert_eq!(
        gateway.check(&check_of(Some("1234567"))).await,
        PaymentOutcome::Declined {
            reason: Message::from("Invoice not found".to_owned())
        }
    );
}

#[tokio::test]
async fn a_check_refused_for_the_shops_credentials_is_a_provider_refusal() {
    let (_server, gateway) = gateway_replying(
        "CheckInvoiceStatus",
        refusal("Invalid API Key", json!(null)),
    )
    .await;
    assert_eq!(
        gateway.check(&check_of(Some("1234567"))).await,
        provider_refused()
    );
}

#[tokio::test]
async fn a_check_without_an_invoice_asks_nothing() {
    let (server, gateway) = gateway_replying("CheckInvoiceStatus", paid()).await;
    for reference in [None, Some(""), Some("  ")] {
        assert_eq!(
            gateway.check(&check_of(reference)).await,
            unconfirmed("eDahab gave no invoice to ask about.")
        );
    }
    assert!(received(&server).await.is_empty(), "no call made");
}

#[tokio::test]
async fn a_check_without_an_answer_stays_unconfirmed() {
    let server = fake_edahab(
        "CheckInvoiceStatus",
        paid().set_delay(Duration::from_secs(5)),
    )
    .await;
    let gateway = EdahabGateway::new(config(&server, SECRET, Duration::from_millis(300))).unwrap();
    assert_eq!(
        gateway.check(&check_of(Some("1234567"))).await,
        unconfirmed("The payment provider did not answer in time.")
    );
    let (_server, gateway) =
        gateway_replying("CheckInvoiceStatus", ResponseTemplate::new(502)).await;
    assert_eq!(
        gateway.check(&check_of(Some("1234567"))).await,
        unconfirmed("The payment provider failed.")
    );
}

// Refunds: payouts to the payer.

#[tokio::test]
async fn a_refund_pays_the_amount_out_to_the_payers_number_with_a_signed_body() {
    let (server, gateway) = gateway_replying("agentPayment", payout("Approved", "Success")).await;
    assert_eq!(
        gateway.refund(&refund_of(1_250)).await,
        RefundOutcome::Refunded
    );
    let sent = only_request(&server).await;
    assert_eq!(sent.url.path(), "/api/api/agentPayment");
    let body = body_text(&sent);
    let payout_id = serde_json::from_str::<Value>(&body).unwrap()["transactionId"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(
        body,
        format!(
            r#"{{"apiKey":"EDH-API-7f3a9c1e5b","phoneNumber":"651234567","transactionAmount":12.5,"currency":"USD","transactionId":"{payout_id}"}}"#
        )
    );
    assert_eq!(payout_id.len(), 32, "{payout_id}");
    assert_eq!(
        uuid::Uuid::parse_str(&payout_id).unwrap().get_version_num(),
        7
    );
    assert_eq!(hash_of(&sent), signature(body.as_bytes(), SECRET));
}

#[tokio::test]
async fn every_payout_carries_its_own_transaction_id() {
    let (server, gateway) = gateway_replying("agentPayment", payout("Approved", "Success")).await;
    gateway.refund(&refund_of(4_500)).await;
    gateway.refund(&refund_of(4_500)).await;
    let ids: Vec<Value> = received(&server)
        .await
        .iter()
        .map(|r| r.body_json::<Value>().unwrap()["transactionId"].clone())
        .collect();
    assert_eq!(ids.len(), 2);
    assert_ne!(ids[0], ids[1]);
    assert!(body_text(&received(&server).await[0]).contains(r#""transactionAmount":45,"#));
}

#[tokio::test]
async fn a_refused_payout_returns_edahabs_message_without_numbers() {
    let (_server, gateway) = gateway_replying(
        "agentPayment",
        payout("Declined", "Account 651234567 is blocked"),
    )
    .await;
    assert_eq!(
        gateway.refund(&refund_of(1_000)).await,
        refused("Account *** is blocked")
    );
    let (_server, gateway) = gateway_replying("agentPayment", payout("Failed", "")).await;
    assert_eq!(
        gateway.refund(&refund_of(1_000)).await,
        refused("eDahab refused the payout (status Failed).")
    );
}

#[tokio::test]
async fn a_payout_refused_for_the_shops_credentials_is_refused_and_logged_as_an_error() {
    let logs = CapturedLogs::start();
    let server = fake_edahab("agentPayment", payout("Approved", "Success")).await;
    let gateway =
        EdahabGateway::new(config(&server, "not-the-secret", Duration::from_secs(10))).unwrap();
    assert_eq!(
        gateway.refund(&refund_of(1_000)).await,
        refused("eDahab refused the shop's API key or signature (HTTP 401).")
    );
    let (_server, gateway) =
        gateway_replying("agentPayment", refusal("Invalid API Key", json!(null))).await;
    assert_eq!(
        gateway.refund(&refund_of(1_000)).await,
        refused("Invalid API Key")
    );
    let text = logs.text();
    assert_eq!(
        text.lines()
            .filter(|line| line.contains("ERROR")
                && line.contains("refused the shop's API key")
                && line.contains("agentPayment"))
            .count(),
        2,
        "{text}"
    );
    logs.assert_no_secrets();
}

#[tokio::test]
async fn a_payout_still_under_way_has_an_unknown_outcome() {
    let (_server, gateway) =
        gateway_replying("agentPayment", payout("Pending", "In progress")).await;
    assert_eq!(
        gateway.refund(&refund_of(1_000)).await,
        unknown("eDahab has not made the payout yet (status Pending).")
    );
}

#[tokio::test]
async fn a_payout_without_a_readable_answer_has_an_unknown_outcome() {
    for body in ["<html>gateway</html>", "{\"hello\": 1}", ""] {
        let (_server, gateway) = gateway_replying(
            "agentPayment",
            ResponseTemplate::new(200).set_body_string(body),
        )
        .await;
        assert_eq!(
            gateway.refund(&refund_of(1_000)).await,
            unknown("The payment provider sent an unreadable reply."),
            "{body}"
        );
    }
    let (_server, gateway) = gateway_replying("agentPayment", ResponseTemplate::new(503)).await;
    assert_eq!(
        gateway.refund(&refund_of(1_000)).await,
        unknown("The payment provider failed.")
    );
    assert_eq!(
        unreachable_gateway().refund(&refund_of(1_000)).await,
        unknown("The payment provider could not be reached.")
    );
}

#[tokio::test]
async fn a_payout_answered_after_the_timeout_has_an_unknown_outcome_and_is_logged_as_an_error() {
    // eDahab pays out but answers too late: the shop cannot tell.
    let logs = CapturedLogs::start();
    let server = fake_edahab(
        "agentPayment",
        payout("Approved", "Success").set_delay(Duration::from_secs(5)),
    )
    .await;
    let gateway = EdahabGateway::new(config(&server, SECRET, Duration::from_millis(300))).unwrap();
    assert_eq!(
        gateway.refund(&refund_of(1_000)).await,
        unknown("The payment provider did not answer in time.")
    );
    assert_eq!(received(&server).await.len(), 1, "sent once, not retried");
    let text = logs.text();
    assert!(
        text.lines()
            .any(|line| line.contains("ERROR") && line.contains("may have been paid out")),
        "{text}"
    );
    logs.assert_no_secrets();
}

// Replies and settings.

#[test]
fn a_payout_reply_reads_the_right_spelling_of_its_message_too() {
    let reply = PayoutReply::parse(
        br#"{"transactionStatus":"Declined","TransactionMessage":"Limit exceeded"}"#,
    )
    .unwrap();
    assert!(!reply.approved());
    assert_eq!(reply.message, "Limit exceeded");
    assert!(PayoutReply::parse(br#"{"PhoneNumber":"651234567"}"#).is_none());
}

#[test]
fn an_invoice_reply_needs_a_status_code() {
    assert!(InvoiceReply::parse(br#"{"InvoiceStatus":"Paid","TransactionId":"1"}"#).is_none());
    assert!(InvoiceReply::parse(br#"{"StatusCode":0}"#).is_some());
}

#[test]
fn refusal_messages_never_show_phone_numbers() {
    assert_eq!(
        redact_numbers("Failed for 651234567 and 252651234567, code 5206"),
        "Failed for *** and ***, code 5206"
    );
}

#[test]
fn the_config_debug_output_hides_the_api_key_and_the_secret() {
    let config = EdahabConfig {
        url: DEFAULT_URL.to_owned(),
        api_key: API_KEY.to_owned(),
        secret: SECRET.to_owned(),
        agent_code: AGENT_CODE.to_owned(),
        timeout: Duration::from_secs(60),
    };
    let printed = format!("{config:?}");
    assert!(!printed.contains(API_KEY), "{printed}");
    assert!(!printed.contains(SECRET), "{printed}");
    assert!(printed.contains(AGENT_CODE), "{printed}");
    let gateway = EdahabGateway::new(config).unwrap();
    let printed = format!("{gateway:?}");
    assert!(!printed.contains(API_KEY) && !printed.contains(SECRET));
}

#[test]
fn it_offers_edahab_only_and_is_not_the_sandbox() {
    let gateway = EdahabGateway::new(EdahabConfig {
        url: DEFAULT_URL.to_owned(),
        api_key: "K".to_owned(),
        secret: "S".to_owned(),
        agent_code: "A".to_owned(),
        timeout: Duration::from_secs(60),
    })
    .unwrap();
    assert_eq!(gateway.methods(), vec![PaymentMethod::Edahab]);
}
