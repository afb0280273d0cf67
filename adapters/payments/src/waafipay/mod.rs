//! The WaafiPay gateway: real EVC Plus payments over HTTPS.
//!
//! Every call is one JSON POST to the configured `/asm` endpoint with WaafiPay's envelope:
//! `schemaVersion` "1.0", a new UUID `requestId`, a UTC `timestamp`, `channelName` "WEB",
//! `serviceName` and `serviceParams`. Every `serviceParams` carries the credentials
//! `merchantUid`, `apiUserId` and `apiKey`.
//!
//! What the shop sends (sources: WaafiPay's API pages at docs.waafipay.com, "Purchase" and
//! "Introduction"; WaafiPay's own SDKs `waafipay/sdk-python`, `pg/models/ServiceParams*.py`,
//! and `waafipay/sdk-php-sample`, `purchasecancel.php`, `refund.php`):
//! - `API_PURCHASE` (a charge; the payer confirms it on the phone, so it may take long, 60 s
//!   by default): `paymentMethod` "MWALLET_ACCOUNT", `payerInfo.accountNo` (the payer's
//!   number), `transactionInfo` {`referenceId` (the payment attempt's id: WaafiPay wants it
//!   unique to the charge), `invoiceId` (the order id), `amount` (dollars with two decimals:
//!   WaafiPay truncates more), `currency` "USD", `description`}.
//! - `API_CANCELPURCHASE` (the reversal of a whole purchase): `paymentMethod`
//!   "MWALLET_ACCOUNT", `transactionId` (WaafiPay's id of the purchase), `referenceId` (the
//!   order id), `description`.
//! - `API_REFUND` (a refund of part or all of a purchase): `transactionId`, `referenceId`,
//!   `amount` (two decimals), `description`; no `paymentMethod` (the SDKs send none).
//!
//! What WaafiPay answers: `responseCode`, `errorCode`, `responseMsg` and `params`. It maps to
//! the port's outcomes:
//! - "2001" (`RCS_SUCCESS`) with `params.state` "APPROVED" and `params.transactionId`:
//!   approved; a success without both is unconfirmed.
//! - A refusal of the shop itself: `RCS_USER_IS_NOT_AUTHZ_TO_ACCESS_API` (named by public
//!   WaafiPay clients) with 5035/E10222 (as answered to this shop), an invalid merchant or
//!   key, a merchant not set up for the service: provider refused, logged as an error with
//!   WaafiPay's message. WaafiPay publishes no full list of its codes.
//! - Any other refusal: declined. Public clients show the payer's refusals as 5206/E10205
//!   `RCS_TRAN_FAILED_AT_ISSUER_SYSTEM (STATE: …, ERRCODE: … - <why>, TransactionId: …)`
//!   or `RCS_TRAN_FAILED_AT_ISSUER_SYSTEM (<why>, …)`, where `<why>` is a low balance
//!   ("Hadhaagaagu kuguma filna", "Haraaga …"), "User Aborted" (rejected on the phone) or
//!   "Dialog Timedout" (the USSD prompt expired).
//! - HTTP 5xx, an unreadable reply, a network failure or a time-out: unconfirmed, since the
//!   money may or may not have moved. For a refund, that outcome is unknown: the shop keeps
//!   it as "sent, answer not received" and never sends it again without an admin's word.
//!
//! Refunds: 5202/E10207 `RCS_TRAN_ALREADY_CANCELLED` (WaafiPay's own refund example, HPP
//! page) means an earlier reversal went through and its reply was lost, so the refund
//! succeeds. A whole charge is first reversed with `API_CANCELPURCHASE`; a reversal refused
//! because the purchase has settled (WaafiPay does not publish that answer: `reply.rs` says
//! which refusals count) falls back to `API_REFUND` of the whole amount. A partial refund
//! goes straight to `API_REFUND`.
//!
//! The API key and the payer's full number never reach the logs.

mod cards;
mod reply;
#[cfg(test)]
mod tests;
pub mod webhook;

use crate::call::{CallError, UNREADABLE_REASON};
use async_trait::async_trait;
pub use cards::{WaafiPayCardConfig, WaafiPayCards, CARD_CALL_TIMEOUT};
use domain::message::texts::PROVIDER_FAILED;
use domain::money::Money;
use domain::payment_method::{PaymentMethod, PaymentProvider};
use domain::ports::{PaymentCheck, PaymentGateway, PaymentOutcome, PaymentRequest, RefundRequest};
use domain::refund::RefundOutcome;
use reply::{Reply, APPROVED_STATE};
use serde_json::{json, Value};
use std::fmt;
use std::time::Duration;
pub use webhook::WaafiPayNotices;

/// WaafiPay's production endpoint.
pub const DEFAULT_URL: &str = "https://api.waafipay.net/asm";
/// How long a charge may take by default: the payer confirms on the phone.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);
/// How long establishing the connection may take.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// The payment method of EVC Plus and the other mobile wallets.
const MOBILE_WALLET: &str = "MWALLET_ACCOUNT";

pub const NOTHING_TO_ASK: &str = "The payment provider has no way to ask about this payment.";

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
    endpoint: Endpoint,
}

/// WaafiPay's `/asm` endpoint and the HTTPS client (rustls) that calls it.
#[derive(Debug, Clone)]
struct Endpoint {
    url: String,
    client: reqwest::Client,
}

impl Endpoint {
    /// `timeout` is the whole request's, connection included.
    fn new(url: &str, timeout: Duration) -> Result<Self, reqwest::Error> {
        let client = reqwest::Client::builder()
            .connect_timeout(CONNECT_TIMEOUT.min(timeout))
            .timeout(timeout)
            .build()?;
        Ok(Self {
            url: url.to_owned(),
            client,
        })
    }

    /// One POST; a reply comes back unless the provider failed or could not be read.
    async fn call(&self, body: &Value) -> Result<Reply, CallError> {
        let response = self
            .client
            .post(&self.url)
            .json(body)
            .send()
            .await
            .map_err(CallError::sending)?;
        let status = response.status();
        let bytes = response.bytes().await.map_err(CallError::sending)?;
        if status.is_server_error() {
            return Err(CallError::ProviderFailure(status.as_u16()));
        }
        let reply = Reply::parse(&bytes).ok_or(CallError::Unreadable)?;
        if reply.refuses_the_merchant() {
            log_merchant_refusal(body["serviceName"].as_str().unwrap_or_default(), &reply);
        }
        Ok(reply)
    }
}

/// WaafiPay's envelope around `service_params` (which carry the caller's credentials).
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

/// Dollars with exactly two decimals, as WaafiPay asks: `45.00`.
pub fn format_amount(amount: Money) -> String {
    let cents = amount.cents();
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// The port's outcome of a purchase's reply.
fn charge_outcome(reply: &Reply, wallet: PaymentMethod) -> PaymentOutcome {
    if reply.succeeded() {
        if reply.state.eq_ignore_ascii_case(APPROVED_STATE) && !reply.transaction_id.is_empty() {
            PaymentOutcome::Approved {
                transaction_id: reply.transaction_id.clone(),
                amount: reply.amount.clone(),
            }
        } else {
            // Success without an approved state or a transaction id: unclear.
            PaymentOutcome::Unconfirmed {
                reason: UNREADABLE_REASON.to_owned(),
            }
        }
    } else if reply.refuses_the_merchant() {
        PaymentOutcome::ProviderRefused {
            reason: PROVIDER_FAILED.into(),
        }
    } else {
        PaymentOutcome::Declined {
            reason: reply.decline_reason(wallet),
        }
    }
}

/// The port's answer to the last reply of a refund: a reply with WaafiPay's success, or its
/// refusal (its message, numbers hidden); no reply (a time-out, a failure of the provider,
/// an unreadable reply, an unreachable provider) is unknown, since the refund may have been
/// made.
fn refund_outcome(result: &Result<Reply, CallError>) -> RefundOutcome {
    match result {
        Ok(reply) if reply.succeeded() || reply.already_cancelled() => RefundOutcome::Refunded,
        Ok(reply) if !reply.response_msg.is_empty() => RefundOutcome::Refused {
            reason: reply.redacted_message(),
        },
        Ok(reply) => RefundOutcome::Refused {
            reason: format!(
                "The payment provider refused the refund (code {}).",
                reply.response_code
            ),
        },
        Err(error) => RefundOutcome::Unknown {
            reason: error.reason().to_owned(),
        },
    }
}

/// Logs a refusal of the shop's own credentials or set-up, which staff must fix.
fn log_merchant_refusal(service_name: &str, reply: &Reply) {
    tracing::error!(
        service_name,
        response_code = %reply.response_code,
        error_code = %reply.error_code,
        message = %reply.redacted_message(),
        "WaafiPay refused the shop's merchant account, API user or key"
    );
}

impl WaafiPayGateway {
    /// Builds the HTTPS client (rustls) with the connect and request time-outs.
    pub fn new(config: WaafiPayConfig) -> Result<Self, reqwest::Error> {
        let endpoint = Endpoint::new(&config.url, config.timeout)?;
        Ok(Self { config, endpoint })
    }

    pub fn config(&self) -> &WaafiPayConfig {
        &self.config
    }

    /// WaafiPay's envelope around `service_params`, to which the credentials are added.
    fn envelope(&self, service_name: &str, mut service_params: Value) -> Value {
        service_params["merchantUid"] = json!(self.config.merchant_uid);
        service_params["apiUserId"] = json!(self.config.api_user_id);
        service_params["apiKey"] = json!(self.config.api_key);
        envelope(service_name, service_params)
    }

    fn purchase_body(&self, request: &PaymentRequest) -> Value {
        self.envelope(
            "API_PURCHASE",
            json!({
                "paymentMethod": MOBILE_WALLET,
                "payerInfo": { "accountNo": request.phone.as_str() },
                "transactionInfo": {
                    "referenceId": request.attempt.as_str(),
                    "invoiceId": request.order.as_str(),
                    "amount": format_amount(request.amount),
                    "currency": "USD",
                    "description": request.description,
                },
            }),
        )
    }

    fn reversal_body(&self, refund: &RefundRequest) -> Value {
        self.envelope(
            "API_CANCELPURCHASE",
            json!({
                "paymentMethod": MOBILE_WALLET,
                "transactionId": refund.transaction_id,
                "referenceId": refund.reference.as_str(),
                "description": refund_description(refund),
            }),
        )
    }

    fn refund_body(&self, refund: &RefundRequest) -> Value {
        self.envelope(
            "API_REFUND",
            json!({
                "transactionId": refund.transaction_id,
                "referenceId": refund.reference.as_str(),
                "amount": format_amount(refund.amount),
                "description": refund_description(refund),
            }),
        )
    }

    async fn call(&self, body: &Value) -> Result<Reply, CallError> {
        self.endpoint.call(body).await
    }
}

/// Logs a refund's outcome: one not answered is an error, since staff must check it.
fn log_refund(what: &str, refund: &RefundRequest, outcome: &RefundOutcome) {
    let reference = &refund.reference;
    let transaction_id = refund.transaction_id.as_str();
    let amount = refund.amount;
    let whole_charge = refund.whole_charge;
    match outcome {
        RefundOutcome::Refunded => {
            tracing::info!(%reference, transaction_id, %amount, whole_charge, "{what}")
        }
        RefundOutcome::Refused { reason } => {
            tracing::warn!(%reference, transaction_id, %amount, whole_charge, %reason, "{what} refused")
        }
        RefundOutcome::Unknown { reason } => tracing::error!(
            %reference,
            transaction_id,
            %amount,
            whole_charge,
            %reason,
            "{what} sent but not answered: it may have been made"
        ),
    }
}

fn refund_description(refund: &RefundRequest) -> String {
    if refund.whole_charge {
        format!("Refund of order {}", refund.reference)
    } else {
        format!("Partial refund of order {}", refund.reference)
    }
}

#[async_trait]
impl PaymentGateway for WaafiPayGateway {
    /// The wallets WaafiPay carries; the number decides which one is charged.
    fn methods(&self) -> Vec<PaymentMethod> {
        PaymentMethod::ALL
            .into_iter()
            .filter(|method| method.provider() == PaymentProvider::WaafiPayWallet)
            .collect()
    }

    async fn charge(&self, request: &PaymentRequest) -> PaymentOutcome {
        let result = self.call(&self.purchase_body(request)).await;
        let (outcome, response_code, error_code, http_status) = match &result {
            Err(error) => {
                let outcome = PaymentOutcome::Unconfirmed {
                    reason: error.reason().to_owned(),
                };
                (outcome, "", "", error.http_status())
            }
            Ok(reply) => (
                charge_outcome(reply, request.method),
                reply.response_code.as_str(),
                reply.error_code.as_str(),
                0,
            ),
        };
        // Never the API key, the full number or WaafiPay's message (it may repeat the number).
        tracing::info!(
            order = %request.order,
            attempt = %request.attempt,
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

    /// WaafiPay's wallet purchases are answered while the shop waits, so there is nothing
    /// to ask later: an unanswered one is checked by an admin in the merchant account.
    async fn check(&self, _payment: &PaymentCheck) -> PaymentOutcome {
        PaymentOutcome::Unconfirmed {
            reason: NOTHING_TO_ASK.to_owned(),
        }
    }

    async fn refund(&self, refund: &RefundRequest) -> RefundOutcome {
        let reference = &refund.reference;
        let transaction_id = refund.transaction_id.as_str();
        let reversal = if refund.whole_charge {
            Some(self.call(&self.reversal_body(refund)).await)
        } else {
            None
        };
        let result = match reversal {
            Some(Ok(reply)) if reply.purchase_settled() => {
                tracing::info!(
                    %reference,
                    transaction_id,
                    message = %reply.redacted_message(),
                    "WaafiPay reversal refused as settled; refunding the whole amount instead"
                );
                self.call(&self.refund_body(refund)).await
            }
            Some(result) => result,
            None => self.call(&self.refund_body(refund)).await,
        };
        let outcome = refund_outcome(&result);
        log_refund("WaafiPay refund", refund, &outcome);
        outcome
    }
}
