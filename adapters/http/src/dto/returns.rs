//! Returns as the API shows them and as a shopper's request sends them (issue 16).

use super::names::{RefundStatusName, ReturnStatusName, ReturnStepName};
use super::{parse_number, refund_status, CustomerDto, LineVariantDto, StatusEntryDto};
use application::views::ReturnView;
use domain::returns::payout::PaidOutWith;
use domain::returns::{Return, ReturnInput};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

/// Units of one order line to send back.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnLineBody {
    /// The order line's `_id`.
    #[serde(default)]
    #[schema(example = "ord-1-1")]
    pub line_id: String,
    /// A whole number of 1 or more.
    #[serde(default)]
    #[schema(value_type = u32, example = 1)]
    pub quantity: Value,
}

/// Which units of a delivered order a shopper sends back, and why.
#[derive(Deserialize, ToSchema)]
pub struct ReturnBody {
    #[serde(default)]
    pub lines: Vec<ReturnLineBody>,
    /// 1 to 1,000 characters.
    #[serde(default)]
    #[schema(example = "Too small")]
    pub reason: String,
}

impl From<ReturnBody> for ReturnInput {
    fn from(body: ReturnBody) -> Self {
        ReturnInput {
            lines: body
                .lines
                .into_iter()
                .map(|line| {
                    // Anything but a whole number is refused as a quantity below one.
                    let quantity = parse_number(&line.quantity)
                        .filter(|q| q.fract() == 0.0 && q.abs() < 1e9)
                        .map_or(0, |q| q as i64);
                    (line.line_id, quantity)
                })
                .collect(),
            reason: body.reason,
        }
    }
}

/// An admin's change of a return.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnStatusBody {
    #[schema(value_type = ReturnStepName, example = "approved")]
    pub status: String,
    /// With `refunded`, for a return whose `refundByHand` is true: how the admin paid the
    /// money back, `cash` or a wallet (`evc-plus`, `zaad`, `sahal`, `edahab`). Required for an
    /// order paid in cash on delivery; refused for a refund a provider sends.
    #[schema(example = "cash")]
    pub refund_paid_with: Option<String>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReturnListQuery {
    /// `requested`, `approved`, `rejected`, `received` or `refunded`; all without.
    pub status: Option<String>,
    /// The page, from 1.
    #[param(value_type = Option<u32>)]
    pub page: Option<String>,
    /// Items per page, 1 to 100 (default 20).
    #[param(value_type = Option<u32>)]
    pub limit: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnLineDto {
    pub line_id: String,
    pub name: String,
    /// The size bought; null for a one-size product.
    pub variant: Option<LineVariantDto>,
    pub quantity: u32,
    /// What these units are refunded, their share of the order's discount taken off.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub amount: Option<f64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub order_id: String,
    /// Its order as people read it: `#` and the order's number.
    #[schema(example = "#1042")]
    pub order_number: String,
    #[schema(value_type = ReturnStatusName)]
    pub status: &'static str,
    pub lines: Vec<ReturnLineDto>,
    /// The lines' amounts, and the order's shipping when this return holds its last units.
    /// The amounts (this and each line's) are left out for staff without `money.read`, as
    /// the order's are.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub refund_amount: Option<f64>,
    pub reason: String,
    pub created_at: String,
    /// Oldest first; the first is the request.
    pub status_history: Vec<StatusEntryDto>,
    pub customer: CustomerDto,
    /// Its refund, not landed yet: `sending` (at the provider now) or `unconfirmed` (sent,
    /// answer not received: an admin resolves it with `POST /api/admin/returns/{id}/refund`);
    /// null without one.
    #[schema(value_type = Option<RefundStatusName>)]
    pub refund_status: Option<&'static str>,
    /// When that refund was sent; null without one.
    pub refund_sent_at: Option<String>,
    /// The statuses an admin may move it to now: `approved` or `rejected` from requested,
    /// `received` or `rejected` from approved, `refunded` from received; none from rejected
    /// or refunded, nor while its refund is claimed (`refundStatus` set).
    #[schema(value_type = Vec<ReturnStepName>, example = json!(["approved", "rejected"]))]
    pub next_steps: Vec<&'static str>,
    /// Whether its refund is paid out by hand (no provider holds a charge to reverse: cash
    /// on delivery, or a payment confirmed by hand): refunding it records how.
    pub refund_by_hand: bool,
    /// How the admin paid it out by hand, once refunded so: `cash` or a wallet's method id;
    /// null otherwise.
    #[schema(example = "cash")]
    pub refund_paid_with: Option<&'static str>,
}

impl From<ReturnView<'_>> for ReturnDto {
    /// The return as its view shows it: without its amounts unless they are shown.
    fn from(view: ReturnView<'_>) -> Self {
        let dto = Self::whole(view.r);
        if view.amounts {
            return dto;
        }
        Self {
            refund_amount: None,
            lines: dto
                .lines
                .into_iter()
                .map(|line| ReturnLineDto {
                    amount: None,
                    ..line
                })
                .collect(),
            ..dto
        }
    }
}

impl ReturnDto {
    /// Every field of `r`, amounts included: only a view decides to show them.
    fn whole(r: &Return) -> Self {
        Self {
            id: r.id.to_string(),
            order_id: r.order_id.to_string(),
            order_number: r.order_number.to_string(),
            status: r.status.as_str(),
            lines: r
                .lines
                .iter()
                .map(|line| ReturnLineDto {
                    line_id: line.line_id.to_string(),
                    name: line.name.clone(),
                    variant: line.variant.clone().map(LineVariantDto::from),
                    quantity: line.quantity,
                    amount: Some(line.amount.as_dollars()),
                })
                .collect(),
            refund_amount: Some(r.refund_amount.as_dollars()),
            reason: r.reason.clone(),
            created_at: r.created_at.to_rfc3339(),
            status_history: StatusEntryDto::list(&r.history, |s| s.as_str()),
            customer: CustomerDto {
                id: r.user_id.to_string(),
                name: r.customer_name.clone(),
                email: r.customer_email.clone(),
            },
            refund_status: refund_status(r.refund_claim),
            refund_sent_at: r.refund_claim.map(|c| c.sent_at.to_rfc3339()),
            next_steps: r.next_steps().iter().map(|s| s.as_str()).collect(),
            refund_by_hand: r.refunded_by_hand(),
            refund_paid_with: r.refund_paid_with.map(PaidOutWith::as_str),
        }
    }
}
