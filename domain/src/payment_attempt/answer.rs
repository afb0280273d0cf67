//! What a provider's answer about an attempt does, judged against its order as it is now.

use super::provider::{PaymentCheck, PaymentOutcome};
use super::ApprovedAmount;
use super::{AttemptChange, AttemptState, PaymentAttempt};
use crate::money::Currency;
use crate::order::{Order, OrderStatus, PaymentStatus};
use chrono::{DateTime, Utc};

/// What a provider's answer about an attempt comes to, given its order as it is now.
#[derive(Debug, Clone, PartialEq)]
pub enum AttemptAnswer {
    /// Approved for the order, which takes it: the order is paid by this attempt.
    Pays { transaction_id: String },
    /// Approved, but the order can no longer take it (closed, or paid by another attempt):
    /// the money goes back through the provider.
    Late { transaction_id: String },
    /// Approved for another amount or currency than asked: nothing is paid.
    Mismatched {
        transaction_id: String,
        approved: ApprovedAmount,
    },
    /// No money moved: the payer said no (`declined`), or the provider refused the shop
    /// (`failed`).
    Ended { state: AttemptState },
    /// Still open: the provider's reference of the open charge (an invoice, a page), when it
    /// gave one.
    Open { provider_reference: Option<String> },
}

impl PaymentAttempt {
    /// What to ask its provider about this attempt: its charge, by the reference it was made
    /// under.
    pub fn check(&self) -> PaymentCheck {
        PaymentCheck {
            attempt: self.id.clone(),
            order: self.order.clone(),
            method: self.method,
            reference: self.provider_reference.clone(),
        }
    }

    /// Whether its provider can be asked about it now: one that answers later, and for an
    /// invoice kept open, once the charge named the invoice.
    pub fn can_be_asked(&self) -> bool {
        let provider = self.method.provider();
        provider.can_be_asked_again()
            && (!provider.keeps_invoice_open() || self.provider_reference.is_some())
    }
}

/// Judges `outcome`, the provider's answer about `attempt`, against its `order` as it is now.
pub fn judge(attempt: &PaymentAttempt, outcome: &PaymentOutcome, order: &Order) -> AttemptAnswer {
    match outcome {
        PaymentOutcome::Approved {
            transaction_id,
            amount,
        } => {
            let transaction_id = transaction_id.clone();
            match amount {
                Some(approved)
                    if approved.amount != attempt.amount
                        || Currency::parse(&approved.currency) != Some(attempt.currency) =>
                {
                    AttemptAnswer::Mismatched {
                        transaction_id,
                        approved: approved.clone(),
                    }
                }
                _ if takes_payment_of(order, attempt) => AttemptAnswer::Pays { transaction_id },
                _ => AttemptAnswer::Late { transaction_id },
            }
        }
        PaymentOutcome::Declined { .. } => AttemptAnswer::Ended {
            state: AttemptState::Declined,
        },
        PaymentOutcome::ProviderRefused { .. } => AttemptAnswer::Ended {
            state: AttemptState::Failed,
        },
        PaymentOutcome::Awaiting { reference } => AttemptAnswer::Open {
            provider_reference: Some(reference.clone()),
        },
        PaymentOutcome::OnPage { url } => AttemptAnswer::Open {
            provider_reference: Some(url.clone()),
        },
        PaymentOutcome::Unconfirmed { .. } => AttemptAnswer::Open {
            provider_reference: None,
        },
    }
}

/// Whether `order` may still be paid by `attempt`: pending, waiting for its payment, by the
/// attempt's method (a phone order that took its method back after a decline waits for
/// another attempt).
pub fn takes_payment_of(order: &Order, attempt: &PaymentAttempt) -> bool {
    order.status == OrderStatus::Pending
        && order.payment_status == PaymentStatus::Pending
        && order.payment_method == Some(attempt.method)
        && order.total == attempt.amount
}

impl AttemptChange {
    /// What `answer` records on an awaiting `attempt` `at`.
    pub fn answered(attempt: &PaymentAttempt, answer: &AttemptAnswer, at: DateTime<Utc>) -> Self {
        let moved = |to| Self::to(&attempt.id, AttemptState::Awaiting, to, at);
        match answer {
            AttemptAnswer::Pays { transaction_id } => AttemptChange {
                transaction_id: Some(transaction_id.clone()),
                ..moved(AttemptState::Approved)
            },
            AttemptAnswer::Late { transaction_id } => AttemptChange {
                transaction_id: Some(transaction_id.clone()),
                ..moved(AttemptState::Late)
            },
            AttemptAnswer::Mismatched {
                transaction_id,
                approved,
            } => AttemptChange {
                transaction_id: Some(transaction_id.clone()),
                approved: Some(approved.clone()),
                ..moved(AttemptState::Mismatched)
            },
            AttemptAnswer::Ended { state } => moved(*state),
            AttemptAnswer::Open { provider_reference } => AttemptChange {
                provider_reference: provider_reference.clone(),
                ..moved(AttemptState::Awaiting)
            },
        }
    }
}
