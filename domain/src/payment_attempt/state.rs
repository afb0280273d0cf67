//! Where a payment attempt stands and the change a provider's answer makes to it: what an
//! order's plan carries when an answer pays or closes it, so it depends on nothing of orders.

use crate::ids::PaymentAttemptId;
use crate::money::Money;
use chrono::{DateTime, Utc};

/// What a provider says it approved, when its answer says: compared with what was asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApprovedAmount {
    pub amount: Money,
    /// As the provider writes it (`USD`, `SLSH`...).
    pub currency: String,
}

/// Where an attempt stands, as the API names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AttemptState {
    /// Started; no final answer from the provider yet.
    Awaiting,
    /// Approved: it paid its order.
    Approved,
    /// The payer or their balance said no: no money moved.
    Declined,
    /// The provider refused the shop itself, or opened no card page: no money moved.
    Failed,
    /// Approved after its order closed (canceled, its hold ended, paid another way): the
    /// money is being paid back.
    Late,
    /// Approved for another amount or currency than asked: it paid nothing, and waits for
    /// the admin.
    Mismatched,
    /// Late money paid back through the provider.
    Refunded,
    /// Late money whose refund the provider refused or never answered: for the admin.
    RefundFailed,
}

impl AttemptState {
    pub const ALL: [AttemptState; 8] = [
        AttemptState::Awaiting,
        AttemptState::Approved,
        AttemptState::Declined,
        AttemptState::Failed,
        AttemptState::Late,
        AttemptState::Mismatched,
        AttemptState::Refunded,
        AttemptState::RefundFailed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            AttemptState::Awaiting => "awaiting",
            AttemptState::Approved => "approved",
            AttemptState::Declined => "declined",
            AttemptState::Failed => "failed",
            AttemptState::Late => "late",
            AttemptState::Mismatched => "mismatched",
            AttemptState::Refunded => "refunded",
            AttemptState::RefundFailed => "refundFailed",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|state| state.as_str() == raw)
    }

    /// The states an admin has to act on: money the shop holds that no order took.
    pub const NEED_THE_ADMIN: [AttemptState; 3] = [
        AttemptState::Late,
        AttemptState::Mismatched,
        AttemptState::RefundFailed,
    ];
}

/// A provider's answer recorded on an attempt: it applies only while the attempt is still
/// in state `from`, so of several answers recorded at once (the payer's return racing the
/// shop's own check) one applies.
#[derive(Debug, Clone, PartialEq)]
pub struct AttemptChange {
    pub attempt: PaymentAttemptId,
    pub from: AttemptState,
    pub to: AttemptState,
    /// Set when `Some`.
    pub provider_reference: Option<String>,
    /// Set when `Some`.
    pub transaction_id: Option<String>,
    /// Set when `Some`.
    pub approved: Option<ApprovedAmount>,
    /// Set when `Some`.
    pub refund_error: Option<String>,
    pub at: DateTime<Utc>,
}

impl AttemptChange {
    /// `attempt` moved from `from` to `to` `at`, nothing else set.
    pub fn to(
        attempt: &PaymentAttemptId,
        from: AttemptState,
        to: AttemptState,
        at: DateTime<Utc>,
    ) -> Self {
        AttemptChange {
            attempt: attempt.clone(),
            from,
            to,
            provider_reference: None,
            transaction_id: None,
            approved: None,
            refund_error: None,
            at,
        }
    }
}
