//! The eDahab gateway: real eDahab (Somtel) wallet payments over HTTPS.
//!
//! Every call is `POST {url}/<Call>?hash=H` with a JSON body, where `url` is the API's base
//! (`https://edahab.net/api/api` by default) and `H` is the lower-case hex SHA-256 of the exact
//! body bytes followed by the shop's secret. The body is serialized once; those same bytes
//! are hashed and sent, with `Content-Type: application/json`. Keys go in the order below.
//!
//! What the shop sends (sources: eDahab publishes no API pages; the public clients
//! `iamshabell/edahab`, `src/index.ts`, `src/interfaces.ts` and `src/url.ts`, and
//! `ahmedibra28/waafipay-api`, `src/lib/edahab/issue-invoice.ts`, `credit-invoice.ts` and
//! `src/types`, show the calls, the fields and the signature):
//! - `IssueInvoice` (a charge; the payer confirms it on the phone):
//!   `{"apiKey", "edahabNumber" (the payer's 9 national digits), "amount" (dollars as a JSON
//!   number: `45`, `0.5`, `19.99`), "agentCode", "currency": "USD"}`.
//! - `CheckInvoiceStatus` (an invoice still open): `{"apiKey", "invoiceId"}`, the id eDahab
//!   gave, sent as a number when it is one (the clients type it `number`).
//! - `agentPayment` (a refund: a payout of the amount to the payer's number):
//!   `{"apiKey", "phoneNumber" (9 national digits), "transactionAmount" (dollars as a number),
//!   "currency": "USD", "transactionId"}`, a new UUID v7 (32 hex digits) per payout.
//!
//! What eDahab answers, and the port's outcome:
//! - The invoice calls: `{InvoiceStatus, TransactionId, InvoiceId, StatusCode, RequestId,
//!   StatusDescription, ValidationErrors}`. `StatusCode` 0 and `InvoiceStatus` "Paid" with a
//!   `TransactionId`: approved. `StatusCode` 0 and an invoice the payer may still pay
//!   ("Pending", "Unpaid" or any status not closed) with an `InvoiceId`: a charge is awaiting
//!   that invoice, a check is still unconfirmed. `StatusCode` 0 and a closed invoice
//!   ("Cancelled", "Declined", "Expired"): declined. Any other `StatusCode` is a refusal: of
//!   the shop itself when its words name the API key, the hash, the secret or the agent code
//!   or say not authorised (provider refused, logged as an error; HTTP 401 and 403 too), else
//!   declined with the catalogue's reason ('User declined', rejected or cancelled: rejected on
//!   the phone; an insufficient balance; an expired invoice) or eDahab's own words, numbers
//!   hidden.
//! - `agentPayment`: `{TransactionStatus, TransactionMesage (sic), TransactionId,
//!   PhoneNumber}`. "Approved": refunded. Any other readable reply: refused with its message,
//!   except a payout still under way ("Pending", "Processing": not in the clients, guessed),
//!   whose outcome is unknown.
//! - HTTP 5xx, an unreadable reply, a network failure or a time-out: unconfirmed (a charge or
//!   a check) or unknown (a refund), since the money may or may not have moved; the shop
//!   never sends an unknown refund again without an admin's word.
//!
//! Which words mean what (`reply.rs`) is guessed from the clients' fields: eDahab publishes
//! no list of its codes, statuses or messages.
//!
//! The secret, the API key and the payer's full number never reach the logs.

mod reply;
#[cfg(test)]
mod tests;

use crate::call::{CallError, UNREADABLE_REASON};
use crate::waafipay::CONNECT_TIMEOUT;
use async_trait::async_trait;
use domain::message::texts::PROVIDER_FAILED;
use domain::money::Money;
use domain::payment_method::PaymentMethod;
use domain::ports::{PaymentCheck, PaymentGateway, PaymentOutcome, PaymentRequest, RefundRequest};
use domain::refund::RefundOutcome;
use reply::{InvoiceReply, InvoiceState, PayoutReply};
use serde::{Serialize, Serializer};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::fmt;
use std::time::Duration;

/// eDahab's production API base.
pub const DEFAULT_URL: &str = "https://edahab.net/api/api";

/// The reason of a check whose invoice the payer has not paid yet.
pub const INVOICE_OPEN_REASON: &str = "The payer has not paid the invoice yet.";
/// The reason of a check of a payment eDahab gave no invoice for (its charge went unanswered).
pub const NO_INVOICE_REASON: &str = "eDahab gave no invoice to ask about.";

const CURRENCY: &str = "USD";
const ISSUE_INVOICE: &str = "IssueInvoice";
const CHECK_INVOICE_STATUS: &str = "CheckInvoiceStatus";
const AGENT_PAYMENT: &str = "agentPayment";

/// Where and as whom to call eDahab. `Debug` never shows the API key or the secret.
#[derive(Clone, PartialEq, Eq)]
pub struct EdahabConfig {
    /// The API's base URL, without the call's name ([`DEFAULT_URL`]).
    pub url: String,
    pub api_key: String,
    /// Signs every body (the `hash` query parameter); never sent.
    pub secret: String,
    pub agent_code: String,
    /// The whole request, connection included.
    pub timeout: Duration,
}

impl fmt::Debug for EdahabConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EdahabConfig")
            .field("url", &self.url)
            .field("api_key", &"<hidden>")
            .field("secret", &"<hidden>")
            .field("agent_code", &self.agent_code)
            .field("timeout", &self.timeout)
            .finish()
    }
}

/// eDahab wallet payments. See the module documentation.
#[derive(Debug, Clone)]
pub struct EdahabGateway {
    config: EdahabConfig,
    client: reqwest::Client,
}

/// Dollars as a JSON number with two decimals at most: `45`, `0.5`, `19.99`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dollars(pub Money);

impl Serialize for Dollars {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let cents = self.0.cents();
        if cents % 100 == 0 {
            serializer.serialize_i64(cents / 100)
        } else {
            // Exact: any amount of cents the shop takes has a shortest form of two decimals
            // at most, which is what serde_json writes.
            serializer.serialize_f64(cents as f64 / 100.0)
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct IssueInvoiceBody<'a> {
    api_key: &'a str,
    edahab_number: &'a str,
    amount: Dollars,
    agent_code: &'a str,
    currency: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CheckInvoiceBody<'a> {
    api_key: &'a str,
    invoice_id: Value,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AgentPaymentBody<'a> {
    api_key: &'a str,
    phone_number: &'a str,
    transaction_amount: Dollars,
    currency: &'a str,
    transaction_id: &'a str,
}

impl CallError {
    /// The outcome of a charge or a check that brought back no reply to read.
    fn payment_outcome(&self) -> PaymentOutcome {
        match self {
            CallError::Unauthorized(_) => PaymentOutcome::ProviderRefused {
                reason: PROVIDER_FAILED.into(),
            },
            other => PaymentOutcome::Unconfirmed {
                reason: other.reason().to_owned(),
            },
        }
    }
}

/// The lower-case hex SHA-256 of `body` followed by `secret`: the `hash` of every call.
pub fn signature(body: &[u8], secret: &str) -> String {
    let digest = Sha256::new()
        .chain_update(body)
        .chain_update(secret.as_bytes())
        .finalize();
    hex::encode(digest)
}

/// The id of an invoice as eDahab gave it: a number when it reads as one.
fn invoice_id(reference: &str) -> Value {
    let reference = reference.trim();
    reference
        .parse::<u64>()
        .map(Value::from)
        .unwrap_or_else(|_| Value::from(reference))
}

/// The port's outcome of a reply to `IssueInvoice`.
fn charge_outcome(reply: &InvoiceReply) -> PaymentOutcome {
    match reply.state() {
        InvoiceState::Paid => approved(reply),
        InvoiceState::Closed => declined(reply),
        InvoiceState::Open if !reply.invoice_id.is_empty() => PaymentOutcome::Awaiting {
            reference: reply.invoice_id.clone(),
        },
        // Paid without a transaction, or open without an invoice to ask about: unclear.
        InvoiceState::Open | InvoiceState::PaidWithoutTransaction => PaymentOutcome::Unconfirmed {
            reason: UNREADABLE_REASON.to_owned(),
        },
        InvoiceState::Refused => refusal_outcome(reply),
    }
}

/// The port's outcome of a reply to `CheckInvoiceStatus`.
fn check_outcome(reply: &InvoiceReply) -> PaymentOutcome {
    match reply.state() {
        InvoiceState::Paid => approved(reply),
        InvoiceState::Closed => declined(reply),
        InvoiceState::Open => PaymentOutcome::Unconfirmed {
            reason: INVOICE_OPEN_REASON.to_owned(),
        },
        InvoiceState::PaidWithoutTransaction => PaymentOutcome::Unconfirmed {
            reason: UNREADABLE_REASON.to_owned(),
        },
        InvoiceState::Refused => refusal_outcome(reply),
    }
}

fn approved(reply: &InvoiceReply) -> PaymentOutcome {
    PaymentOutcome::Approved {
        transaction_id: reply.transaction_id.clone(),
        amount: None,
    }
}

fn declined(reply: &InvoiceReply) -> PaymentOutcome {
    PaymentOutcome::Declined {
        reason: reply.decline_reason(),
    }
}

/// A refusal (`StatusCode` other than 0): of the shop itself, or of this payment.
fn refusal_outcome(reply: &InvoiceReply) -> PaymentOutcome {
    if reply.refuses_the_merchant() {
        PaymentOutcome::ProviderRefused {
            reason: PROVIDER_FAILED.into(),
        }
    } else {
        declined(reply)
    }
}

/// The port's answer to a payout's reply: made, refused (nothing moved), or unknown when no
/// reply could be read or the payout is still under way (it may yet be made).
fn refund_outcome(result: &Result<PayoutReply, CallError>) -> RefundOutcome {
    match result {
        Ok(reply) if reply.approved() => RefundOutcome::Refunded,
        Ok(reply) if reply.under_way() => RefundOutcome::Unknown {
            reason: format!(
                "eDahab has not made the payout yet (status {}).",
                reply.transaction_status
            ),
        },
        Ok(reply) if !reply.message.is_empty() => RefundOutcome::Refused {
            reason: reply.redacted_message(),
        },
        Ok(reply) if !reply.transaction_status.is_empty() => RefundOutcome::Refused {
            reason: format!(
                "eDahab refused the payout (status {}).",
                reply.transaction_status
            ),
        },
        Ok(_) => RefundOutcome::Refused {
            reason: "eDahab refused the payout.".to_owned(),
        },
        Err(CallError::Unauthorized(status)) => RefundOutcome::Refused {
            reason: format!("eDahab refused the shop's API key or signature (HTTP {status})."),
        },
        Err(error) => RefundOutcome::Unknown {
            reason: error.reason().to_owned(),
        },
    }
}

/// Logs a refusal of the shop's own credentials, which staff must fix.
fn log_merchant_refusal(call: &str, http_status: u16, message: &str) {
    tracing::error!(
        call,
        http_status,
        message,
        "eDahab refused the shop's API key, secret (hash) or agent code"
    );
}

impl EdahabGateway {
    /// Builds the HTTPS client (rustls) with the connect and request time-outs.
    pub fn new(config: EdahabConfig) -> Result<Self, reqwest::Error> {
        let client = reqwest::Client::builder()
            .connect_timeout(CONNECT_TIMEOUT.min(config.timeout))
            .timeout(config.timeout)
            .build()?;
        Ok(Self { config, client })
    }

    pub fn config(&self) -> &EdahabConfig {
        &self.config
    }

    /// One signed POST of `body` to `call`: the body's bytes when eDahab answered at all.
    async fn call(&self, call: &str, body: &impl Serialize) -> Result<Vec<u8>, CallError> {
        // Structs of strings and numbers always serialize.
        let bytes = serde_json::to_vec(body).expect("an eDahab body serializes");
        let url = format!(
            "{}/{call}?hash={}",
            self.config.url.trim_end_matches('/'),
            signature(&bytes, &self.config.secret)
        );
        let response = self
            .client
            .post(url)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(bytes)
            .send()
            .await
            .map_err(CallError::sending)?;
        let status = response.status();
        let reply = response.bytes().await.map_err(CallError::sending)?;
        if status.is_server_error() {
            return Err(CallError::ProviderFailure(status.as_u16()));
        }
        if status == reqwest::StatusCode::UNAUTHORIZED || status == reqwest::StatusCode::FORBIDDEN {
            let message = InvoiceReply::parse(&reply)
                .map(|reply| reply.redacted_message())
                .unwrap_or_default();
            log_merchant_refusal(call, status.as_u16(), &message);
            return Err(CallError::Unauthorized(status.as_u16()));
        }
        Ok(reply.to_vec())
    }

    /// An invoice call, its reply read.
    async fn invoice_call(
        &self,
        call: &str,
        body: &impl Serialize,
    ) -> Result<InvoiceReply, CallError> {
        let bytes = self.call(call, body).await?;
        let reply = InvoiceReply::parse(&bytes).ok_or(CallError::Unreadable)?;
        if reply.refuses_the_merchant() {
            log_merchant_refusal(call, 0, &reply.redacted_message());
        }
        Ok(reply)
    }
}

#[async_trait]
impl PaymentGateway for EdahabGateway {
    fn methods(&self) -> Vec<PaymentMethod> {
        vec![PaymentMethod::Edahab]
    }

    async fn charge(&self, request: &PaymentRequest) -> PaymentOutcome {
        let body = IssueInvoiceBody {
            api_key: &self.config.api_key,
            edahab_number: request.phone.national(),
            amount: Dollars(request.amount),
            agent_code: &self.config.agent_code,
            currency: CURRENCY,
        };
        let result = self.invoice_call(ISSUE_INVOICE, &body).await;
        let outcome = match &result {
            Ok(reply) => charge_outcome(reply),
            Err(error) => error.payment_outcome(),
        };
        let (status_code, invoice_status, invoice_id) = match &result {
            Ok(reply) => (
                reply.status_code.as_str(),
                reply.invoice_status.as_str(),
                reply.invoice_id.as_str(),
            ),
            Err(_) => ("", "", ""),
        };
        // Never the API key, the secret or the full number.
        tracing::info!(
            order = %request.order,
            phone = %request.phone.masked(),
            amount = %request.amount,
            status_code,
            invoice_status,
            invoice_id,
            http_status = result.as_ref().err().map_or(0, CallError::http_status),
            outcome = ?outcome,
            "eDahab payment"
        );
        outcome
    }

    async fn check(&self, payment: &PaymentCheck) -> PaymentOutcome {
        let Some(reference) = payment
            .reference
            .as_deref()
            .filter(|r| !r.trim().is_empty())
        else {
            return PaymentOutcome::Unconfirmed {
                reason: NO_INVOICE_REASON.to_owned(),
            };
        };
        let body = CheckInvoiceBody {
            api_key: &self.config.api_key,
            invoice_id: invoice_id(reference),
        };
        let result = self.invoice_call(CHECK_INVOICE_STATUS, &body).await;
        let outcome = match &result {
            Ok(reply) => check_outcome(reply),
            Err(error) => error.payment_outcome(),
        };
        let (status_code, invoice_status) = match &result {
            Ok(reply) => (reply.status_code.as_str(), reply.invoice_status.as_str()),
            Err(_) => ("", ""),
        };
        tracing::info!(
            order = %payment.order,
            invoice_id = reference,
            status_code,
            invoice_status,
            http_status = result.as_ref().err().map_or(0, CallError::http_status),
            outcome = ?outcome,
            "eDahab invoice check"
        );
        outcome
    }

    async fn refund(&self, refund: &RefundRequest) -> RefundOutcome {
        let payout_id = uuid::Uuid::now_v7().simple().to_string();
        let body = AgentPaymentBody {
            api_key: &self.config.api_key,
            phone_number: refund.payer.national(),
            transaction_amount: Dollars(refund.amount),
            currency: CURRENCY,
            transaction_id: &payout_id,
        };
        let result = match self.call(AGENT_PAYMENT, &body).await {
            Ok(bytes) => PayoutReply::parse(&bytes).ok_or(CallError::Unreadable),
            Err(error) => Err(error),
        };
        if let Ok(reply) = &result {
            if reply.refuses_the_merchant() {
                log_merchant_refusal(AGENT_PAYMENT, 0, &reply.redacted_message());
            }
        }
        let outcome = refund_outcome(&result);
        let reference = &refund.reference;
        let payer = refund.payer.masked();
        let charge = refund.transaction_id.as_str();
        match &outcome {
            RefundOutcome::Refunded => tracing::info!(
                %reference,
                %payer,
                amount = %refund.amount,
                charge,
                payout_id,
                edahab_transaction_id = result.as_ref().map_or("", |r| r.transaction_id.as_str()),
                "eDahab refund paid out"
            ),
            RefundOutcome::Refused { reason } => tracing::warn!(
                %reference,
                %payer,
                amount = %refund.amount,
                charge,
                payout_id,
                %reason,
                "eDahab refund refused"
            ),
            RefundOutcome::Unknown { reason } => tracing::error!(
                %reference,
                %payer,
                amount = %refund.amount,
                charge,
                payout_id,
                %reason,
                "eDahab refund sent but not answered: it may have been paid out"
            ),
        }
        outcome
    }
}
