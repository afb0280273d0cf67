//! Sizes and colours on the wire: a product's variants, the size of a cart or order line,
//! the admin's grid.

use super::loose_number;
use super::names::StockStatusName;
use domain::variant::{Variant, VariantInput, VariantSnapshot};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VariantDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub size: String,
    pub colour: Option<String>,
    pub sku: String,
    pub stock: u32,
    /// `inStock` (more than 10), `lowStock` (1 to 10) or `outOfStock`.
    #[schema(value_type = StockStatusName)]
    pub stock_status: &'static str,
    /// 1 to 3 left: the shop says 'Only N left', the back office flags it.
    pub running_low: bool,
}

impl From<&Variant> for VariantDto {
    fn from(v: &Variant) -> Self {
        Self {
            id: v.id.to_string(),
            size: v.size.clone(),
            colour: v.colour.clone(),
            sku: v.sku.clone(),
            stock: v.stock,
            stock_status: v.stock_status().as_str(),
            running_low: v.runs_low(),
        }
    }
}

/// The size a cart or order line is for.
#[derive(Serialize, ToSchema)]
pub struct LineVariantDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub size: String,
    pub colour: Option<String>,
    pub sku: String,
}

impl From<VariantSnapshot> for LineVariantDto {
    fn from(v: VariantSnapshot) -> Self {
        Self {
            id: v.id.to_string(),
            size: v.size,
            colour: v.colour,
            sku: v.sku,
        }
    }
}

/// One row of the admin's size grid.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VariantRowBody {
    /// The variant this row keeps; leave out for a new size.
    #[serde(rename = "_id", default)]
    pub id: Option<String>,
    #[serde(default)]
    pub size: String,
    #[serde(default)]
    pub colour: Option<String>,
    /// Generated when blank.
    #[serde(default)]
    pub sku: Option<String>,
    #[serde(default, deserialize_with = "loose_number")]
    #[schema(value_type = f64, minimum = 0)]
    pub stock: Option<Option<f64>>,
    /// For a kept row: the stock the admin's grid showed. Equal to `stock`: the size's stock
    /// is left as it is (sold down since, perhaps); different: written only while the size
    /// still has it (else 409).
    #[serde(default, deserialize_with = "loose_number")]
    #[schema(value_type = Option<f64>, minimum = 0)]
    pub expected_stock: Option<Option<f64>>,
}

impl From<VariantRowBody> for VariantInput {
    fn from(row: VariantRowBody) -> Self {
        VariantInput {
            id: row.id,
            size: row.size,
            colour: row.colour,
            sku: row.sku,
            stock: row.stock.flatten(),
            expected_stock: row.expected_stock,
        }
    }
}

pub const MALFORMED_GRID: &str =
    "Sizes must be a JSON array like [{\"size\":\"M\",\"colour\":\"Black\",\"stock\":3}]";

/// The grid as sent: a JSON array, or (from a multipart form) the text of one. `Err` with
/// the message for the `variants` field when it is neither.
pub fn variant_rows(value: Value) -> Result<Vec<VariantInput>, &'static str> {
    let value = match value {
        Value::String(text) => serde_json::from_str(&text).map_err(|_| MALFORMED_GRID)?,
        other => other,
    };
    let rows: Vec<VariantRowBody> = serde_json::from_value(value).map_err(|_| MALFORMED_GRID)?;
    Ok(rows.into_iter().map(VariantInput::from).collect())
}

/// Which size's line `DELETE /api/cart/remove/{productId}` removes.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct CartLineQuery {
    /// The size's id; leave out for a one-size product.
    pub variant_id: Option<String>,
}
