//! An order's detail reply: the order, with what may be done with it now, as the application
//! decided it for its reader (the screens offer only that).

use super::names::OrderStatusName;
use super::OrderDto;
use crate::i18n::say;
use application::orders::OrderDetail;
use serde::Serialize;
use utoipa::ToSchema;

/// Units of one order line that may still be asked back.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnableLineDto {
    /// The order line's `_id`.
    #[schema(example = "ord-1-1")]
    pub line_id: String,
    /// What was bought less what returns that were not rejected hold.
    pub units: u32,
}

/// Whether the shopper may ask to return units of the order now.
#[derive(Serialize, ToSchema)]
pub struct ReturnableDto {
    pub allowed: bool,
    /// Why not, in the words a return request would be refused with, in the request's
    /// language; null when allowed.
    #[schema(example = "Only delivered orders can be returned")]
    pub reason: Option<String>,
    /// Every line of the order with its units left to return.
    pub lines: Vec<ReturnableLineDto>,
}

/// One order (`GET`, and an admin's change of it) with what may be done with it now.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderDetailDto {
    #[serde(flatten)]
    pub order: OrderDto,
    pub returnable: ReturnableDto,
    /// For admins only (absent for the shopper): the statuses the order may be moved to now,
    /// of `pending`, `shipped`, `delivered` and `canceled`; its own status is not one.
    #[schema(value_type = Vec<OrderStatusName>, nullable = false, example = json!(["pending", "shipped"]))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_statuses: Option<Vec<&'static str>>,
}

impl From<&OrderDetail> for OrderDetailDto {
    fn from(detail: &OrderDetail) -> Self {
        let returnable = &detail.returnable;
        Self {
            order: OrderDto::from(detail.view()),
            returnable: ReturnableDto {
                allowed: returnable.allowed(),
                reason: returnable
                    .refusal
                    .as_ref()
                    .map(|refusal| say(&refusal.message()).into_owned()),
                lines: returnable
                    .left
                    .iter()
                    .map(|line| ReturnableLineDto {
                        line_id: line.line_id.to_string(),
                        units: line.units,
                    })
                    .collect(),
            },
            next_statuses: detail
                .next_statuses
                .as_ref()
                .map(|statuses| statuses.iter().map(|status| status.as_str()).collect()),
        }
    }
}
