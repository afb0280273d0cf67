//! Back-in-stock requests in the API (issue 44).

use super::names::StockStatusName;
use domain::ports::{RestockDemand, RestockRequest};
use domain::restock::RestockAlert;
use domain::stock::StockStatus;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RestockAlertBody {
    pub product_id: String,
    /// The size; left out (or null) for a one-size product.
    pub variant_id: Option<String>,
}

/// A request to be told when a sold-out size is back.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RestockAlertDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub product_id: String,
    pub variant_id: Option<String>,
    pub created_at: String,
    /// When the message went; null while waiting.
    pub answered_at: Option<String>,
}

impl From<&RestockAlert> for RestockAlertDto {
    fn from(alert: &RestockAlert) -> Self {
        Self {
            id: alert.id.to_string(),
            product_id: alert.product_id.to_string(),
            variant_id: alert.variant_id.as_ref().map(ToString::to_string),
            created_at: alert.created_at.to_rfc3339(),
            answered_at: alert.answered_at.map(|at| at.to_rfc3339()),
        }
    }
}

/// A shopper's request with what it is about, as it is now.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RestockRequestDto {
    #[serde(flatten)]
    pub alert: RestockAlertDto,
    pub product_name: String,
    pub thumbnail: Option<String>,
    pub size: Option<String>,
    pub colour: Option<String>,
    /// The size's (or one-size product's) stock status now.
    #[schema(value_type = StockStatusName)]
    pub stock_status: &'static str,
}

impl From<&RestockRequest> for RestockRequestDto {
    fn from(request: &RestockRequest) -> Self {
        Self {
            alert: RestockAlertDto::from(&request.alert),
            product_name: request.product_name.clone(),
            thumbnail: request.thumbnail.clone(),
            size: request.size.clone(),
            colour: request.colour.clone(),
            stock_status: StockStatus::of(request.stock).as_str(),
        }
    }
}

/// A size shoppers wait for.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RestockDemandDto {
    pub product_id: String,
    pub product_name: String,
    /// Null for a one-size product.
    pub variant_id: Option<String>,
    pub size: Option<String>,
    pub colour: Option<String>,
    pub sku: Option<String>,
    /// Units now (0 while sold out).
    pub stock: u32,
    /// Shoppers waiting.
    pub requests: u64,
    /// When the first of them asked.
    pub since: String,
}

impl From<&RestockDemand> for RestockDemandDto {
    fn from(demand: &RestockDemand) -> Self {
        Self {
            product_id: demand.product_id.to_string(),
            product_name: demand.product_name.clone(),
            variant_id: demand.variant_id.as_ref().map(ToString::to_string),
            size: demand.size.clone(),
            colour: demand.colour.clone(),
            sku: demand.sku.clone(),
            stock: demand.stock,
            requests: demand.requests,
            since: demand.since.to_rfc3339(),
        }
    }
}
