//! The payment methods' and payment attempts' shapes.

use super::names::{
    AttemptStateName, MerchantAccountName, PaymentKindName, PaymentMethodName, PaymentProviderName,
    RefundWayName,
};
use application::payments::OfferedMethod;
use domain::payment_attempt::{PaymentAttempt, ProviderDay, ReconciledAttempt};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// A way to pay: a wallet lists its numbers' two-digit prefixes (after 252), so a number
/// typed picks its wallet.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentMethodDto {
    #[schema(value_type = PaymentMethodName)]
    pub id: &'static str,
    pub name: &'static str,
    #[schema(value_type = PaymentKindName)]
    pub kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub prefixes: Option<Vec<&'static str>>,
    /// False while this shop has not set up the method's provider.
    pub available: bool,
    /// Whose merchant account its money reaches (where staff check a payment); null for cash,
    /// which the rider collects.
    pub provider: Option<MerchantAccountDto>,
    /// How its refunds go back: asked of the provider, or paid out by hand by staff.
    #[schema(value_type = RefundWayName)]
    pub refunds: &'static str,
    /// Whether staff may pay a refund out by hand to a number of this method (the wallets).
    pub payout: bool,
}

/// A payment provider's merchant account.
#[derive(Serialize, ToSchema)]
pub struct MerchantAccountDto {
    #[schema(value_type = MerchantAccountName)]
    pub id: &'static str,
    pub name: &'static str,
}

impl From<OfferedMethod> for PaymentMethodDto {
    fn from(offered: OfferedMethod) -> Self {
        let method = offered.method;
        let prefixes = method.prefixes();
        Self {
            id: method.id(),
            name: method.name(),
            kind: method.kind().id(),
            prefixes: (!prefixes.is_empty()).then_some(prefixes),
            available: offered.available,
            provider: method
                .provider()
                .account()
                .map(|account| MerchantAccountDto {
                    id: account.id(),
                    name: account.name(),
                }),
            refunds: method.provider().refunds().id(),
            payout: method.takes_payouts(),
        }
    }
}

/// One charge the shop started, followed to its provider's final answer.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentAttemptDto {
    /// The shop's reference of the charge.
    #[serde(rename = "_id")]
    pub id: String,
    pub order_id: String,
    /// The order as people read it.
    pub order_number: String,
    #[schema(value_type = PaymentMethodName)]
    pub method: &'static str,
    #[schema(value_type = PaymentProviderName)]
    pub provider: &'static str,
    /// Asked, in `currency`.
    pub amount: f64,
    pub currency: &'static str,
    /// The number it was tried from (the order's own contact number is the customer's).
    pub payer: String,
    #[schema(value_type = AttemptStateName)]
    pub state: &'static str,
    /// The provider's id of the approved charge.
    pub transaction_id: Option<String>,
    /// What the provider approved, when its answer said (a mismatch shows it).
    pub approved_amount: Option<f64>,
    pub approved_currency: Option<String>,
    pub started_at: String,
    /// When the provider last answered about it.
    pub answered_at: Option<String>,
    /// Why the refund of late money failed.
    pub refund_error: Option<String>,
}

impl From<&PaymentAttempt> for PaymentAttemptDto {
    fn from(attempt: &PaymentAttempt) -> Self {
        Self {
            id: attempt.id.to_string(),
            order_id: attempt.order.to_string(),
            order_number: attempt.order_number.to_string(),
            method: attempt.method.id(),
            provider: attempt.provider().id(),
            amount: attempt.amount.as_dollars(),
            currency: attempt.currency.code(),
            payer: attempt.payer.as_str().to_owned(),
            state: attempt.state.as_str(),
            transaction_id: attempt.transaction_id.clone(),
            approved_amount: attempt.approved.as_ref().map(|a| a.amount.as_dollars()),
            approved_currency: attempt.approved.as_ref().map(|a| a.currency.clone()),
            started_at: attempt.started_at.to_rfc3339(),
            answered_at: attempt.answered_at.map(|at| at.to_rfc3339()),
            refund_error: attempt.refund_error.clone(),
        }
    }
}

/// Which payment attempts to list.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct PaymentAttemptsQuery {
    /// A state (`awaiting`, `approved`, `declined`, `failed`, `late`, `mismatched`,
    /// `refunded`, `refundFailed`), or `needsAdmin` for late, mismatched and refund failed.
    pub state: Option<String>,
    /// `evc-plus`, `zaad`, `sahal`, `edahab` or `card`.
    pub method: Option<String>,
    /// In the order's id, the payer's number or the provider's transaction id, or the
    /// order's number (`1042` or `#1042`).
    pub q: Option<String>,
    /// One order's attempts.
    pub order_id: Option<String>,
    /// The page, from 1 (default 1).
    pub page: Option<String>,
    /// Attempts per page, 1 to 100 (default 20).
    pub limit: Option<String>,
}

/// The day's payments of one provider in one currency.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProviderDayDto {
    #[schema(value_type = PaymentProviderName)]
    pub provider: &'static str,
    pub currency: &'static str,
    /// What the provider approved: the paid orders and the money that came after its order
    /// closed.
    pub approved: f64,
    /// Late money paid back.
    pub refunded: f64,
    /// Approved for another amount than asked: held for the admin.
    pub held: f64,
    /// Approved less refunded.
    pub net: f64,
    /// The attempts that moved money, oldest first.
    pub attempts: Vec<ReconciledAttemptDto>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReconciledAttemptDto {
    pub order_id: String,
    pub order_number: String,
    pub attempt_id: String,
    #[schema(value_type = AttemptStateName)]
    pub state: &'static str,
    /// What came (approved).
    pub amount: f64,
}

impl From<&ReconciledAttempt> for ReconciledAttemptDto {
    fn from(attempt: &ReconciledAttempt) -> Self {
        Self {
            order_id: attempt.order.to_string(),
            order_number: attempt.order_number.to_string(),
            attempt_id: attempt.attempt.to_string(),
            state: attempt.state.as_str(),
            amount: attempt.amount.as_dollars(),
        }
    }
}

impl From<&ProviderDay> for ProviderDayDto {
    fn from(day: &ProviderDay) -> Self {
        Self {
            provider: day.provider.id(),
            currency: day.currency.code(),
            approved: day.approved.as_dollars(),
            refunded: day.refunded.as_dollars(),
            held: day.held.as_dollars(),
            net: day.net().as_dollars(),
            attempts: day.attempts.iter().map(Into::into).collect(),
        }
    }
}

/// A day's reconciliation.
#[derive(Serialize, ToSchema)]
pub struct ReconciliationDto {
    /// The day (East Africa Time), YYYY-MM-DD.
    pub date: String,
    pub providers: Vec<ProviderDayDto>,
}

/// The day to reconcile.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReconciliationQuery {
    /// YYYY-MM-DD (East Africa Time); today without it.
    pub date: Option<String>,
}
