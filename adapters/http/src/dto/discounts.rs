//! Discount codes as the API shows them and as the admin's form sends them (issue 15).

use super::names::DiscountKindName;
use super::{loose_bool, loose_number};
use domain::discount::{Discount, DiscountInput};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// The code a cart holds and what it takes off the merchandise now.
#[derive(Serialize, ToSchema)]
pub struct CartDiscountDto {
    pub code: String,
    /// Dollars (0 for free shipping, which makes the cart's shipping 0 instead).
    pub amount: f64,
}

/// A code the cart holds that does not apply now, and why, in a shopper's words.
#[derive(Serialize, ToSchema)]
pub struct DiscountNotAppliedDto {
    pub code: String,
    pub message: String,
}

/// The code a shopper typed.
#[derive(Deserialize, ToSchema)]
pub struct CartDiscountBody {
    #[schema(example = "EID-2026")]
    pub code: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DiscountDto {
    #[serde(rename = "_id")]
    pub id: String,
    /// Upper case: 3 to 32 of A-Z, 0-9 and '-'.
    pub code: String,
    #[schema(value_type = DiscountKindName)]
    pub kind: &'static str,
    /// The percent for `percent`, dollars for `fixed`, 0 for `freeShipping`.
    pub value: f64,
    /// Dollars.
    pub min_subtotal: Option<f64>,
    pub starts_at: Option<String>,
    pub ends_at: Option<String>,
    pub usage_limit: Option<u32>,
    pub per_customer_limit: Option<u32>,
    pub times_used: u32,
    pub active: bool,
    pub created_at: String,
}

impl From<&Discount> for DiscountDto {
    fn from(d: &Discount) -> Self {
        DiscountDto {
            id: d.id.to_string(),
            code: d.code.to_string(),
            kind: d.kind.as_str(),
            value: d.kind.form_value().unwrap_or(0.0),
            min_subtotal: d.min_subtotal.map(|m| m.as_dollars()),
            starts_at: d.starts_at.map(|at| at.to_rfc3339()),
            ends_at: d.ends_at.map(|at| at.to_rfc3339()),
            usage_limit: d.usage_limit,
            per_customer_limit: d.per_customer_limit,
            times_used: d.times_used,
            active: d.active,
            created_at: d.created_at.to_rfc3339(),
        }
    }
}

/// A code as the admin's form sends it. Numbers may come as text; a limit, a minimum or a
/// date that is null or absent is none.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DiscountBody {
    #[serde(default)]
    pub code: String,
    /// `percent`, `fixed` or `freeShipping`.
    #[serde(default)]
    pub kind: String,
    #[serde(default, deserialize_with = "loose_number")]
    #[schema(value_type = Option<f64>)]
    pub value: Option<Option<f64>>,
    #[serde(default, deserialize_with = "unless_null")]
    #[schema(value_type = Option<f64>)]
    pub min_subtotal: Option<Option<f64>>,
    /// RFC 3339.
    #[serde(default, deserialize_with = "instant")]
    #[schema(value_type = Option<String>)]
    pub starts_at: Option<String>,
    /// RFC 3339; after `startsAt`.
    #[serde(default, deserialize_with = "instant")]
    #[schema(value_type = Option<String>)]
    pub ends_at: Option<String>,
    #[serde(default, deserialize_with = "unless_null")]
    #[schema(value_type = Option<u32>, minimum = 1)]
    pub usage_limit: Option<Option<f64>>,
    #[serde(default, deserialize_with = "unless_null")]
    #[schema(value_type = Option<u32>, minimum = 1)]
    pub per_customer_limit: Option<Option<f64>>,
    /// Default true.
    #[serde(default, deserialize_with = "loose_bool")]
    #[schema(value_type = Option<bool>)]
    pub active: Option<bool>,
}

/// A number, `Some(None)` for anything else that is not null; null is `None`.
fn unless_null<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<f64>>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Null => None,
        value => Some(super::parse_number(&value)),
    })
}

/// The text of an instant (checked by the domain); null is none.
fn instant<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Null => None,
        Value::String(text) => Some(text),
        other => Some(other.to_string()),
    })
}

impl From<DiscountBody> for DiscountInput {
    fn from(body: DiscountBody) -> Self {
        DiscountInput {
            code: body.code,
            kind: body.kind,
            value: body.value.flatten(),
            min_subtotal: body.min_subtotal,
            starts_at: body.starts_at,
            ends_at: body.ends_at,
            usage_limit: body.usage_limit,
            per_customer_limit: body.per_customer_limit,
            active: body.active.unwrap_or(true),
        }
    }
}
