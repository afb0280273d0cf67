//! The WaafiPay gateway: real EVC Plus payments over HTTPS (DESIGN.md section 4).
//!
//! Every call is one JSON POST to the configured `/asm` endpoint with WaafiPay's envelope
//! (`schemaVersion`, `requestId`, `timestamp`, `channelName`, `serviceName`,
//! `serviceParams`). A charge is `API_PURCHASE`: the payer confirms it on the phone, so the
//! request may take long (60 s by default). A refund is `API_CANCELPURCHASE`.
//!
//! Replies map to the port's outcomes:
//! - `responseCode` "2001" with `params.state` "APPROVED": approved, with
//!   `params.transactionId`;
//! - any other well-formed WaafiPay reply: declined, with a reason a shopper understands
//!   (insufficient balance, rejected on the phone, or declined);
//! - HTTP 5xx, an unreadable reply, a network failure or a time-out: unconfirmed, since the
//!   money may or may not have moved.
//!
//! The API key and the payer's full number never reach the logs.

use async_trait::async_trait;
use domain::ids::OrderId;
use domain::money::Money;
use domain::ports::{PaymentGateway, PaymentOutcome, PaymentRequest};
use serde_json::{json, Value};
use std::fmt;
use std::time::Duration;

/// WaafiPay's production endpoint.
pub const DEFAULT_URL: &str = "https://api.waafipay.net/asm";
/// How long a charge may take by default: the payer confirms on the phone.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);
/// How long establishing the connection may take.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// WaafiPay's success code.
pub const SUCCESS_CODE: &str = "2001";
/// The state of an approved purchase.
pub const APPROVED_STATE: &str = "APPROVED";

pub const INSUFFICIENT_BALANCE_REASON: &str = "Payment declined: insufficient EVC Plus balance.";
pub const REJECTED_REASON: &str = "Payment was rejected on the phone.";
pub const DECLINED_REASON: &str = "Payment was declined by EVC Plus.";
pub const TIMEOUT_REASON: &str = "The payment provider did not answer in time.";
pub const UNREACHABLE_REASON: &str = "The payment provider could not be reached.";
pub const PROVIDER_FAILURE_REASON: &str = "The payment provider failed.";
pub const UNREADABLE_REASON: &str = "The payment provider sent an unreadable reply.";

/// Where and as whom to call WaafiPay. `Debug` never shows the API key.
#[derive(Clone, PartialEq, Eq)]
pub struct WaafiPayConfig {
    /// The whole `/asm` endpoint URL.
    pub url: String,
    pub merchant_uid: String,
    pub api_user_id: String,
    pub api_key: String,
    /// The whole request, connection included.
    pub timeout: Duration,
}

impl fmt::Debug for WaafiPayConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WaafiPayConfig")
            .field("url", &self.url)
            .field("merchant_uid", &self.merchant_uid)
            .field("api_user_id", &self.api_user_id)
            .field("api_key", &"<hidden>")
            .field("timeout", &self.timeout)
            .finish()
    }
}

/// EVC Plus payments through WaafiPay. See the module documentation.
#[derive(Debug, Clone)]
pub struct WaafiPayGateway {
    config: WaafiPayConfig,
    client: reqwest::Client,
}

/// Why a call brought back no WaafiPay reply.
enum CallError {
    Timeout,
    Unreachable,
    ProviderFailure(u16),
    Unreadable,
}

impl CallError {
    fn reason(&self) -> &'static str {
        match self {
            CallError::Timeout => TIMEOUT_REASON,
            CallError::Unreachable => UNREACHABLE_REASON,
            CallError::ProviderFailure(_) => PROVIDER_FAILURE_REASON,
            CallError::Unreadable => UNREADABLE_REASON,
        }
    }
}

/// The parts of a WaafiPay reply the shop reads.
struct Reply {
    response_code: String,
    response_msg: String,
    error_code: String,
    state: String,
    transaction_id: String,
}

impl Reply {
    /// `None` unless the body is a JSON object with a `responseCode`.
    fn parse(body: &[u8]) -> Option<Self> {
        let value: Value = serde_json::from_slice(body).ok()?;
        let response_code = text(value.get("responseCode")?)?;
        let params = value.get("params");
        let param = |name: &str| params.and_then(|p| p.get(name)).and_then(text);
        Some(Self {
            response_code,
            response_msg: value.get("responseMsg").and_then(text).unwrap_or_default(),
            error_code: value.get("errorCode").and_then(text).unwrap_or_default(),
            state: param("state").unwrap_or_default(),
            transaction_id: param("transactionId").unwrap_or_default(),
        })
    }

    fn succeeded(&self) -> bool {
        self.response_code == SUCCESS_CODE
    }
}

/// A string or a number as text (WaafiPay sends codes and ids either way).
fn text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.trim().to_owned()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Dollars with exactly two decimals, as WaafiPay asks: `45.00`.
pub fn format_amount(amount: Money) -> String {
    let cents = amount.cents();
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// The shopper's reason for a well-formed refusal. WaafiPay answers both an insufficient
/// balance and a payer's rejection with a 5206-style code; the message tells them apart.
fn decline_reason(reply: &Reply) -> &'static str {
    let message = reply.response_msg.to_ascii_lowercase();
    let said = |words: &[&str]| words.iter().any(|w| message.contains(w));
    if said(&["insufficient", "balance", "haraaga", "kuguma filna"]) {
        INSUFFICIENT_BALANCE_REASON
    } else if said(&[
        "rejected",
        "reject",
        "cancelled",
        "canceled",
        "declined by user",
    ]) {
        REJECTED_REASON
    } else {
        DECLINED_REASON
    }
}

/// Runs of 9 or more digits (phone numbers) replaced, for text shown to staff.
fn redact_numbers(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut digits = String::new();
    let flush = |digits: &mut String, out: &mut String| {
        if digits.len() >= 9 {
            out.push_str("***");
        } else {
            out.push_str(digits);
        }
        digits.clear();
    };
    for c in message.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            flush(&mut digits, &mut out);
            out.push(c);
        }
    }
    flush(&mut digits, &mut out);
    out
}

impl WaafiPayGateway {
    /// Builds the HTTPS client (rustls) with the connect and request time-outs.
    pub fn new(config: WaafiPayConfig) -> Result<Self, reqwest::Error> {
        let client = reqwest::Client::builder()
            .connect_timeout(CONNECT_TIMEOUT.min(config.timeout))
            .timeout(config.timeout)
            .build()?;
        Ok(Self { config, client })
    }

    pub fn config(&self) -> &WaafiPayConfig {
        &self.config
    }

    fn envelope(service_name: &str, service_params: Value) -> Value {
        json!({
            "schemaVersion": "1.0",
            "requestId": uuid::Uuid::new_v4().to_string(),
            "timestamp": chrono::Utc::now().format("%Y-%m-%dT%H:%M:%SZ").to_string(),
            "channelName": "WEB",
            "serviceName": service_name,
            "serviceParams": service_params,
        })
    }

    fn purchase_body(&self, request: &PaymentRequest) -> Value {
        let reference = request.reference.as_str();
        Self::envelope(
            "API_PURCHASE",
            json!({
                "merchantUid": self.config.merchant_uid,
                "apiUserId": self.config.api_user_id,
                "apiKey": self.config.api_key,
                "paymentMethod": "MWALLET_ACCOUNT",
                "payerInfo": { "accountNo": request.phone.as_str() },
                "transactionInfo": {
                    "referenceId": reference,
                    "invoiceId": reference,
                    "amount": format_amount(request.amount),
                    "currency": "USD",
                    "description": request.description,
                },
            }),
        )
    }

    fn cancel_body(&self, transaction_id: &str, reference: &OrderId) -> Value {
        Self::envelope(
            "API_CANCELPURCHASE",
            json!({
                "merchantUid": self.config.merchant_uid,
                "apiUserId": self.config.api_user_id,
                "apiKey": self.config.api_key,
                "transactionId": transaction_id,
                "description": format!("Refund of order {}", reference.as_str()),
            }),
        )
    }

    /// One POST; a reply comes back unless the provider failed or could not be read.
    async fn call(&self, body: &Value) -> Result<Reply, CallError> {
        let classify = |e: reqwest::Error| {
            if e.is_timeout() {
                CallError::Timeout
            } else {
                CallError::Unreachable
            }
        };
        let response = self
            .client
            .post(&self.config.url)
            .json(body)
            .send()
            .await
            .map_err(classify)?;
        let status = response.status();
        let bytes = response.bytes().await.map_err(classify)?;
        if status.is_server_error() {
            return Err(CallError::ProviderFailure(status.as_u16()));
        }
        Reply::parse(&bytes).ok_or(CallError::Unreadable)
    }
}

#[async_trait]
impl PaymentGateway for WaafiPayGateway {
    async fn charge(&self, request: &PaymentRequest) -> PaymentOutcome {
        let result = self.call(&self.purchase_body(request)).await;
        let (outcome, response_code, error_code, http_status) = match &result {
            Err(error) => {
                let status = match error {
                    CallError::ProviderFailure(status) => *status,
                    _ => 0,
                };
                let outcome = PaymentOutcome::Unconfirmed {
                    reason: error.reason().to_owned(),
                };
                (outcome, "", "", status)
            }
            Ok(reply) => {
                let outcome = if reply.succeeded() {
                    if reply.state.eq_ignore_ascii_case(APPROVED_STATE)
                        && !reply.transaction_id.is_empty()
                    {
                        PaymentOutcome::Approved {
                            transaction_id: reply.transaction_id.clone(),
                        }
                    } else {
                        // Success without an approved state or a transaction id: unclear.
                        PaymentOutcome::Unconfirmed {
                            reason: UNREADABLE_REASON.to_owned(),
                        }
                    }
                } else {
                    PaymentOutcome::Declined {
                        reason: decline_reason(reply).to_owned(),
                    }
                };
                (
                    outcome,
                    reply.response_code.as_str(),
                    reply.error_code.as_str(),
                    0,
                )
            }
        };
        // Never the API key, the full number or WaafiPay's message (it may repeat the number).
        tracing::info!(
            reference = %request.reference,
            phone = %request.phone.masked(),
            amount = %request.amount,
            response_code,
            error_code,
            http_status,
            outcome = ?outcome,
            "WaafiPay payment"
        );
        outcome
    }

    async fn refund(&self, transaction_id: &str, reference: &OrderId) -> Result<(), String> {
        let result = self
            .call(&self.cancel_body(transaction_id, reference))
            .await;
        let outcome = match result {
            Ok(reply) if reply.succeeded() => Ok(()),
            Ok(reply) if !reply.response_msg.is_empty() => Err(redact_numbers(&reply.response_msg)),
            Ok(reply) => Err(format!(
                "The payment provider refused the refund (code {}).",
                reply.response_code
            )),
            Err(error) => Err(error.reason().to_owned()),
        };
        match &outcome {
            Ok(()) => tracing::info!(%reference, transaction_id, "WaafiPay refund"),
            Err(reason) => {
                tracing::warn!(%reference, transaction_id, %reason, "WaafiPay refund refused")
            }
        }
        outcome
    }

    fn is_sandbox(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::checkout::MobileNumber;
    use wiremock::matchers::{method, path};
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

    async fn gateway_replying(reply: ResponseTemplate) -> (MockServer, WaafiPayGateway) {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/asm"))
            .respond_with(reply)
            .mount(&server)
            .await;
        let gateway = WaafiPayGateway::new(config(&server, Duration::from_secs(10))).unwrap();
        (server, gateway)
    }

    fn request() -> PaymentRequest {
        PaymentRequest {
            reference: OrderId::parse("order-42").unwrap(),
            phone: MobileNumber::parse("+252 61 512 3456").unwrap(),
            amount: Money::from_cents(4_500).unwrap(),
            description: "Dukaan Fashion order order-42".to_owned(),
        }
    }

    fn reply(code: &str, message: &str, params: Value) -> ResponseTemplate {
        ResponseTemplate::new(200).set_body_json(json!({
            "schemaVersion": "1.0",
            "timestamp": "2026-11-21 14:30:00.000",
            "responseId": "1234",
            "responseCode": code,
            "errorCode": if code == SUCCESS_CODE { "0" } else { "E10205" },
            "responseMsg": message,
            "params": params,
        }))
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

    async fn only_body(server: &MockServer) -> Value {
        let received = server.received_requests().await.unwrap();
        assert_eq!(received.len(), 1, "exactly one call to WaafiPay");
        serde_json::from_slice(&received[0].body).unwrap()
    }

    #[tokio::test]
    async fn a_charge_posts_the_waafipay_purchase_envelope() {
        let (server, gateway) = gateway_replying(approved()).await;
        gateway.charge(&request()).await;
        let body = only_body(&server).await;
        assert_eq!(body["schemaVersion"], "1.0");
        assert_eq!(body["channelName"], "WEB");
        assert_eq!(body["serviceName"], "API_PURCHASE");
        let request_id = body["requestId"].as_str().unwrap();
        assert!(uuid::Uuid::parse_str(request_id).is_ok(), "{request_id}");
        assert_eq!(body["timestamp"].as_str().unwrap().len(), 20);
        let params = &body["serviceParams"];
        assert_eq!(params["merchantUid"], "M0910291");
        assert_eq!(params["apiUserId"], "1000416");
        assert_eq!(params["apiKey"], API_KEY);
        assert_eq!(params["paymentMethod"], "MWALLET_ACCOUNT");
        assert_eq!(params["payerInfo"]["accountNo"], "252615123456");
        let info = &params["transactionInfo"];
        assert_eq!(info["referenceId"], "order-42");
        assert_eq!(info["invoiceId"], "order-42");
        assert_eq!(info["amount"], "45.00");
        assert_eq!(info["currency"], "USD");
        assert_eq!(info["description"], "Dukaan Fashion order order-42");
    }

    #[tokio::test]
    async fn every_request_carries_a_new_request_id() {
        let (server, gateway) = gateway_replying(approved()).await;
        gateway.charge(&request()).await;
        gateway.charge(&request()).await;
        let received = server.received_requests().await.unwrap();
        let ids: Vec<Value> = received
            .iter()
            .map(|r| serde_json::from_slice::<Value>(&r.body).unwrap()["requestId"].clone())
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
                transaction_id: "44291833".into()
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
                transaction_id: "44291833".into()
            }
        );
    }

    #[tokio::test]
    async fn an_insufficient_balance_is_declined_with_a_shopper_friendly_reason() {
        let (_server, gateway) = gateway_replying(reply(
            "5206",
            "Payment Failed (Haraaga xisaabtaadu kuguma filna, mobile No: 252615123456)",
            json!({}),
        ))
        .await;
        assert_eq!(
            gateway.charge(&request()).await,
            PaymentOutcome::Declined {
                reason: "Payment declined: insufficient EVC Plus balance.".into()
            }
        );
    }

    #[tokio::test]
    async fn a_payment_rejected_on_the_phone_is_declined() {
        let (_server, gateway) =
            gateway_replying(reply("5206", "RCS_USER_REJECTED", json!(null))).await;
        assert_eq!(
            gateway.charge(&request()).await,
            PaymentOutcome::Declined {
                reason: "Payment was rejected on the phone.".into()
            }
        );
    }

    #[tokio::test]
    async fn any_other_business_refusal_is_declined_by_evc_plus() {
        let (_server, gateway) =
            gateway_replying(reply("5310", "RCS_TRAN_NOT_PERMITTED", json!({}))).await;
        assert_eq!(
            gateway.charge(&request()).await,
            PaymentOutcome::Declined {
                reason: "Payment was declined by EVC Plus.".into()
            }
        );
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
        assert!(matches!(
            gateway.charge(&request()).await,
            PaymentOutcome::Unconfirmed { .. }
        ));
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
        assert!(matches!(
            gateway.charge(&request()).await,
            PaymentOutcome::Unconfirmed { .. }
        ));
    }

    #[tokio::test]
    async fn a_refund_cancels_the_purchase_by_transaction_id() {
        let (server, gateway) =
            gateway_replying(reply("2001", "RCS_SUCCESS", json!({ "state": "APPROVED" }))).await;
        let reference = OrderId::parse("order-42").unwrap();
        assert_eq!(gateway.refund("44291833", &reference).await, Ok(()));
        let body = only_body(&server).await;
        assert_eq!(body["schemaVersion"], "1.0");
        assert_eq!(body["channelName"], "WEB");
        assert_eq!(body["serviceName"], "API_CANCELPURCHASE");
        let params = &body["serviceParams"];
        assert_eq!(params["merchantUid"], "M0910291");
        assert_eq!(params["apiUserId"], "1000416");
        assert_eq!(params["apiKey"], API_KEY);
        assert_eq!(params["transactionId"], "44291833");
        assert!(params["description"].as_str().unwrap().contains("order-42"));
    }

    #[tokio::test]
    async fn a_refused_refund_returns_the_providers_message() {
        let (_server, gateway) =
            gateway_replying(reply("5206", "Transaction already cancelled", json!({}))).await;
        let reference = OrderId::parse("order-42").unwrap();
        assert_eq!(
            gateway.refund("44291833", &reference).await,
            Err("Transaction already cancelled".into())
        );
    }

    #[tokio::test]
    async fn a_refund_the_provider_fails_on_is_an_error() {
        let (_server, gateway) = gateway_replying(ResponseTemplate::new(503)).await;
        let reference = OrderId::parse("order-42").unwrap();
        assert_eq!(
            gateway.refund("44291833", &reference).await,
            Err("The payment provider failed.".into())
        );
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

    #[test]
    fn it_is_not_the_sandbox() {
        let config = WaafiPayConfig {
            url: DEFAULT_URL.to_owned(),
            merchant_uid: "M".to_owned(),
            api_user_id: "U".to_owned(),
            api_key: "K".to_owned(),
            timeout: DEFAULT_TIMEOUT,
        };
        assert!(!WaafiPayGateway::new(config).unwrap().is_sandbox());
    }
}
