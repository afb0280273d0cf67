//! Reading eDahab's replies and telling what a refusal means (see the module documentation of
//! [`super`] for where each field comes from and which words are guessed).
//!
//! Replies are read leniently: field names in any case, codes and ids as strings or numbers,
//! `ValidationErrors` as a string, a list or an object.

use crate::redact::redact_numbers;
use domain::message::texts::{
    INSUFFICIENT_BALANCE, PAYMENT_DECLINED_BY_PROVIDER, PAYMENT_NOT_CONFIRMED_IN_TIME,
    PAYMENT_REJECTED,
};
use domain::message::Message;
use domain::payment_method::PaymentMethod;
use serde_json::{Map, Value};

/// eDahab's `StatusCode` of a request it accepted.
pub const SUCCESS_CODE: &str = "0";
/// The `InvoiceStatus` of a paid invoice.
pub const PAID_STATUS: &str = "Paid";
/// The `TransactionStatus` of a payout made.
pub const APPROVED_STATUS: &str = "Approved";

/// Words of a refusal of the shop itself: its API key, its signature (the hash made with the
/// secret) or its agent code. Retrying will not help; staff must fix the settings.
const MERCHANT_WORDS: &[&str] = &[
    "api key",
    "apikey",
    "api-key",
    "hash",
    "signature",
    "secret",
    "agent",
    "merchant",
    "credential",
    "not authorised",
    "not authorized",
    "unauthorised",
    "unauthorized",
    "not allowed to access",
    "forbidden",
    "access denied",
];

/// An invoice the payer can no longer pay (its `InvoiceStatus`).
const CLOSED_WORDS: &[&str] = &[
    "cancel", "declin", "reject", "expire", "fail", "abort", "void",
];

/// A payout still under way (its `TransactionStatus`): it may yet be made.
const UNDER_WAY_WORDS: &[&str] = &["pending", "processing", "progress", "queued"];

/// Where an invoice stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum InvoiceState {
    /// Paid, with eDahab's `TransactionId`.
    Paid,
    /// Said paid, but without a `TransactionId`: unclear.
    PaidWithoutTransaction,
    /// The payer can no longer pay it: cancelled, declined, expired.
    Closed,
    /// The payer may still pay it ("Pending", "Unpaid", or a status not known to be closed).
    Open,
    /// eDahab refused the request (`StatusCode` other than 0).
    Refused,
}

/// The parts of a reply to `IssueInvoice` or `CheckInvoiceStatus` the shop reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct InvoiceReply {
    pub status_code: String,
    pub invoice_status: String,
    pub transaction_id: String,
    pub invoice_id: String,
    pub status_description: String,
    pub validation_errors: String,
}

impl InvoiceReply {
    /// `None` unless the body is a JSON object with a `StatusCode`.
    pub fn parse(body: &[u8]) -> Option<Self> {
        let value: Value = serde_json::from_slice(body).ok()?;
        let object = value.as_object()?;
        let status_code = field(object, "StatusCode").and_then(text)?;
        let read = |name: &str| field(object, name).and_then(text).unwrap_or_default();
        Some(Self {
            status_code,
            invoice_status: read("InvoiceStatus"),
            transaction_id: read("TransactionId"),
            invoice_id: read("InvoiceId"),
            status_description: read("StatusDescription"),
            validation_errors: field(object, "ValidationErrors")
                .map(flatten)
                .unwrap_or_default(),
        })
    }

    /// eDahab accepted the request (the invoice may still be unpaid).
    pub fn succeeded(&self) -> bool {
        self.status_code == SUCCESS_CODE
    }

    /// Where the invoice stands, as this reply tells it.
    pub fn state(&self) -> InvoiceState {
        if !self.succeeded() {
            return InvoiceState::Refused;
        }
        let status = self.invoice_status.to_ascii_lowercase();
        if self.invoice_status.eq_ignore_ascii_case(PAID_STATUS) {
            if self.transaction_id.is_empty() {
                InvoiceState::PaidWithoutTransaction
            } else {
                InvoiceState::Paid
            }
        } else if CLOSED_WORDS.iter().any(|w| status.contains(w)) {
            InvoiceState::Closed
        } else {
            InvoiceState::Open
        }
    }

    /// eDahab refused the shop itself: its API key, signature or agent code.
    pub fn refuses_the_merchant(&self) -> bool {
        !self.succeeded() && says(&self.all_words(), MERCHANT_WORDS)
    }

    /// The shopper's reason for a refusal or a closed invoice.
    pub fn decline_reason(&self) -> Message {
        if let Some(text) = payer_reason(&self.all_words()) {
            return text;
        }
        let own_words = self.redacted_message();
        if self.succeeded() || own_words.is_empty() {
            PAYMENT_DECLINED_BY_PROVIDER.with("wallet", PaymentMethod::Edahab.name())
        } else {
            Message::from(own_words)
        }
    }

    /// eDahab's own words for staff, logs and shoppers (`ValidationErrors` first, which say
    /// what was wrong, else `StatusDescription`), phone numbers hidden.
    pub fn redacted_message(&self) -> String {
        let message = if self.validation_errors.is_empty() {
            &self.status_description
        } else {
            &self.validation_errors
        };
        redact_numbers(message)
    }

    fn all_words(&self) -> String {
        format!(
            "{} {} {}",
            self.invoice_status, self.status_description, self.validation_errors
        )
    }
}

/// The parts of a reply to `agentPayment` the shop reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct PayoutReply {
    pub transaction_status: String,
    pub message: String,
    pub transaction_id: String,
}

impl PayoutReply {
    /// `None` unless the body is a JSON object with a `TransactionStatus`, or a refusal in the
    /// invoice calls' shape (a `StatusCode` and its description).
    pub fn parse(body: &[u8]) -> Option<Self> {
        let value: Value = serde_json::from_slice(body).ok()?;
        let object = value.as_object()?;
        let read = |name: &str| field(object, name).and_then(text);
        if let Some(transaction_status) = read("TransactionStatus") {
            return Some(Self {
                transaction_status,
                // eDahab spells it "TransactionMesage"; the right spelling is read too.
                message: read("TransactionMesage")
                    .or_else(|| read("TransactionMessage"))
                    .unwrap_or_default(),
                transaction_id: read("TransactionId").unwrap_or_default(),
            });
        }
        let invoice = InvoiceReply::parse(body)?;
        Some(Self {
            transaction_status: String::new(),
            message: if invoice.validation_errors.is_empty() {
                invoice.status_description
            } else {
                invoice.validation_errors
            },
            transaction_id: String::new(),
        })
    }

    /// The payout was made.
    pub fn approved(&self) -> bool {
        self.transaction_status
            .eq_ignore_ascii_case(APPROVED_STATUS)
    }

    /// The payout is accepted but not made yet: it may still go out.
    pub fn under_way(&self) -> bool {
        let status = self.transaction_status.to_ascii_lowercase();
        UNDER_WAY_WORDS.iter().any(|w| status.contains(w))
    }

    /// eDahab refused the shop itself: its API key, signature or agent code.
    pub fn refuses_the_merchant(&self) -> bool {
        !self.approved() && says(&self.message, MERCHANT_WORDS)
    }

    /// eDahab's message for staff and logs, phone numbers hidden.
    pub fn redacted_message(&self) -> String {
        redact_numbers(&self.message)
    }
}

/// The catalogue's reason for a payer's refusal, when the words name one.
fn payer_reason(words: &str) -> Option<Message> {
    let text = if says(
        words,
        &[
            "insufficient",
            "balance",
            "not enough",
            "haraaga",
            "hadhaaga",
            "kuguma filna",
        ],
    ) {
        return Some(INSUFFICIENT_BALANCE.with("wallet", PaymentMethod::Edahab.name()));
    } else if says(words, &["expire", "timedout", "timed out", "timeout"]) {
        PAYMENT_NOT_CONFIRMED_IN_TIME
    } else if says(
        words,
        &[
            "declin",
            "reject",
            "cancel",
            "abort",
            "refused by user",
            "user refused",
        ],
    ) {
        PAYMENT_REJECTED
    } else {
        return None;
    };
    Some(text.into())
}

/// Whether `message`, read without case and with `_` as spaces, contains any of `words`.
fn says(message: &str, words: &[&str]) -> bool {
    let message = message.to_ascii_lowercase().replace('_', " ");
    words.iter().any(|w| message.contains(w))
}

/// A field by its name in any case (`StatusCode`, `statusCode`, `statuscode`).
fn field<'a>(object: &'a Map<String, Value>, name: &str) -> Option<&'a Value> {
    object.get(name).or_else(|| {
        object
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value)
    })
}

/// A string or a number as text (eDahab sends codes and ids either way).
fn text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.trim().to_owned()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// The words of `ValidationErrors`: a string, a list of them, or objects such as
/// `{"Field": "...", "Message": "..."}` (their messages, or every value when none is named
/// so), joined with "; ".
fn flatten(value: &Value) -> String {
    fn collect(value: &Value, out: &mut Vec<String>) {
        match value {
            Value::Array(items) => items.iter().for_each(|item| collect(item, out)),
            Value::Object(fields) => {
                let messages: Vec<&Value> = fields
                    .iter()
                    .filter(|(key, _)| key.to_ascii_lowercase().contains("message"))
                    .map(|(_, value)| value)
                    .collect();
                if messages.is_empty() {
                    fields.values().for_each(|item| collect(item, out));
                } else {
                    messages.into_iter().for_each(|item| collect(item, out));
                }
            }
            other => {
                if let Some(text) = text(other).filter(|t| !t.is_empty()) {
                    out.push(text);
                }
            }
        }
    }
    let mut out = Vec::new();
    collect(value, &mut out);
    out.join("; ")
}
