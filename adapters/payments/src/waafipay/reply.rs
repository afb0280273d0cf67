//! Reading WaafiPay's replies and telling what a refusal means (see the module documentation
//! of [`super`] for where each code and message comes from).

use crate::redact::redact_numbers;
use domain::message::texts::{
    INSUFFICIENT_BALANCE, PAYMENT_DECLINED_BY_PROVIDER, PAYMENT_NOT_CONFIRMED_IN_TIME,
    PAYMENT_REJECTED,
};
use domain::message::Message;
use domain::payment_method::PaymentMethod;
use domain::ports::ApprovedAmount;
use domain::Money;
use serde_json::Value;

/// WaafiPay's success code.
pub const SUCCESS_CODE: &str = "2001";
/// The state of an approved purchase.
pub const APPROVED_STATE: &str = "APPROVED";
/// The reply to a cancellation of a transaction that is cancelled already.
pub const ALREADY_CANCELLED_CODE: &str = "5202";
pub const ALREADY_CANCELLED_ERROR: &str = "E10207";
/// The reply to a merchant whose API user may not use the API.
pub const NOT_AUTHORIZED_CODE: &str = "5035";
pub const NOT_AUTHORIZED_ERROR: &str = "E10222";

/// The parts of a WaafiPay reply the shop reads.
pub(super) struct Reply {
    pub response_code: String,
    pub response_msg: String,
    pub error_code: String,
    pub state: String,
    pub transaction_id: String,
    /// The card page's address (`HPP_PURCHASE`).
    pub hpp_url: String,
    /// A card payment's status (`HPP_GETTRANINFO`: `status`, or `tranStatusDesc`).
    pub status: String,
    /// What the reply says was paid: `amount` and `currency` (`HPP_GETTRANINFO`), or
    /// `txAmount` (a purchase's reply, in the dollars asked).
    pub amount: Option<ApprovedAmount>,
}

impl Reply {
    /// `None` unless the body is a JSON object with a `responseCode`.
    pub fn parse(body: &[u8]) -> Option<Self> {
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
            hpp_url: param("hppUrl").unwrap_or_default(),
            status: param("status")
                .or_else(|| param("tranStatusDesc"))
                .unwrap_or_default(),
            amount: param("amount")
                .or_else(|| param("txAmount"))
                .and_then(|amount| amount.trim().parse::<f64>().ok())
                .and_then(Money::from_dollars)
                .map(|amount| ApprovedAmount {
                    amount,
                    currency: param("currency").unwrap_or_else(|| "USD".to_owned()),
                }),
        })
    }

    pub fn succeeded(&self) -> bool {
        self.response_code == SUCCESS_CODE
    }

    /// WaafiPay refused the shop itself: its merchant account, API user or key, or a service
    /// the merchant is not set up for. No money moved, and retrying will not help.
    pub fn refuses_the_merchant(&self) -> bool {
        !self.succeeded()
            && (self.response_code == NOT_AUTHORIZED_CODE
                || self.error_code == NOT_AUTHORIZED_ERROR
                || self.says(&[
                    "not authz",
                    "not authorized",
                    "not authorised",
                    "unauthorized",
                    "unauthorised",
                    "invalid api",
                    "invalid merchant",
                    "merchant is not",
                    "merchant not",
                ]))
    }

    /// The transaction is cancelled already: an earlier reversal went through but its reply
    /// was lost, so the money is back.
    pub fn already_cancelled(&self) -> bool {
        self.response_code == ALREADY_CANCELLED_CODE
            || self.error_code == ALREADY_CANCELLED_ERROR
            || self.says(&["already cancelled", "already canceled"])
    }

    /// A reversal refused because the purchase can no longer be reversed, only refunded.
    ///
    /// WaafiPay's public material does not say what `API_CANCELPURCHASE` answers once a
    /// purchase has settled, so any refusal that speaks of settlement or of a cancellation
    /// that is not allowed counts; a refusal of the merchant's set-up never does (its message
    /// may say "not allowed" too), nor does an already cancelled purchase.
    pub fn purchase_settled(&self) -> bool {
        !self.succeeded()
            && !self.refuses_the_merchant()
            && !self.already_cancelled()
            && self.says(&[
                "settled",
                "settlement",
                "not allowed",
                "cannot be cancel",
                "can not be cancel",
                "cannot cancel",
                "can not cancel",
                "not cancellable",
                "not cancelable",
            ])
    }

    /// The shopper's reason for a payer's refusal. WaafiPay answers an insufficient balance, a
    /// rejection and an expired phone prompt alike (5206 `RCS_TRAN_FAILED_AT_ISSUER_SYSTEM`);
    /// the message in brackets tells them apart. `wallet` is the wallet charged.
    pub fn decline_reason(&self, wallet: PaymentMethod) -> Message {
        if self.says(&[
            "insufficient",
            "balance",
            "haraaga",
            "hadhaaga",
            "kuguma filna",
        ]) {
            INSUFFICIENT_BALANCE.with("wallet", wallet.name())
        } else if self.says(&["timedout", "timed out", "timeout"]) {
            PAYMENT_NOT_CONFIRMED_IN_TIME.into()
        } else if self.says(&[
            "rejected",
            "reject",
            "aborted",
            "cancelled",
            "canceled",
            "declined by user",
        ]) {
            PAYMENT_REJECTED.into()
        } else {
            PAYMENT_DECLINED_BY_PROVIDER.with("wallet", wallet.name())
        }
    }

    /// WaafiPay's message for staff and logs, phone numbers hidden.
    pub fn redacted_message(&self) -> String {
        redact_numbers(&self.response_msg)
    }

    /// Whether the message, read without case and with `_` as spaces, contains any of `words`.
    fn says(&self, words: &[&str]) -> bool {
        let message = self.response_msg.to_ascii_lowercase().replace('_', " ");
        words.iter().any(|w| message.contains(w))
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
