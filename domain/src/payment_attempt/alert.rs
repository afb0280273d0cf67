//! The shop's alert of money no order took.

use super::{AttemptState, PaymentAttempt};
use crate::money::Money;
use crate::notification::{Announcement, Topic};
use crate::payment_method::PaymentMethod;

/// The shop's alert of money no order took: an attempt of `amount` by `method` that ended
/// `state` (refunded, refund failed, or mismatched), for the order its message names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentAlert {
    pub state: AttemptState,
    pub method: PaymentMethod,
    /// What came (what the provider approved).
    pub amount: Money,
    /// What was asked.
    pub asked: Money,
    /// Why a refund failed.
    pub error: Option<String>,
}

impl PaymentAlert {
    /// The alert of `attempt` as it stands.
    pub fn of(attempt: &PaymentAttempt) -> Self {
        PaymentAlert {
            state: attempt.state,
            method: attempt.method,
            amount: attempt.received(),
            asked: attempt.amount,
            error: attempt.refund_error.clone(),
        }
    }

    /// The announcement to the shop's alert address about `attempt`'s order.
    pub fn announce(attempt: &PaymentAttempt) -> Announcement {
        Announcement::to_shop(
            Topic::PaymentAlert,
            attempt.order.as_str(),
            Some(Self::of(attempt).payload()),
        )
    }

    /// What the message's payload keeps.
    pub fn payload(&self) -> String {
        serde_json::json!({
            "state": self.state.as_str(),
            "method": self.method.id(),
            "cents": self.amount.cents(),
            "askedCents": self.asked.cents(),
            "error": self.error,
        })
        .to_string()
    }

    pub fn from_payload(payload: &str) -> Option<Self> {
        let value: serde_json::Value = serde_json::from_str(payload).ok()?;
        Some(PaymentAlert {
            state: AttemptState::parse(value["state"].as_str()?)?,
            method: PaymentMethod::parse(value["method"].as_str()?)?,
            amount: Money::from_cents(value["cents"].as_i64()?)?,
            asked: Money::from_cents(value["askedCents"].as_i64()?)?,
            error: value["error"].as_str().map(str::to_owned),
        })
    }
}
