//! The shop's settings and terms, as the storefront reads them and an admin changes them.

use super::loose_number;
use super::names::PaymentMethodName;
use application::Shop;
use domain::settings::{SettingsInput, ShopSettings};
use domain::terms::ShopTerms;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsDto {
    pub shop_name: String,
    pub support_phone: String,
    pub support_email: String,
    pub shipping_fee: f64,
    /// The largest order total paid in cash on delivery, in dollars.
    pub cash_on_delivery_max: f64,
    pub sandbox_payments: bool,
    /// How long the payer has to confirm an EVC Plus payment on the phone, in seconds.
    pub payment_timeout_secs: u64,
    /// What the storefront promises: from the settings, the zones and the providers.
    pub terms: TermsDto,
}

/// The delivery fees, before any code, over the places delivered to.
#[derive(Serialize, ToSchema)]
pub struct FeeRangeDto {
    pub min: f64,
    pub max: f64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TermsDto {
    /// `min` and `max` equal for one fee, both 0 when delivery is free; null while the shop
    /// delivers nowhere.
    pub delivery_fee: Option<FeeRangeDto>,
    /// The days after delivery an order may be returned.
    pub return_days: i64,
    /// The methods a checkout takes now, in the checkout's order.
    #[schema(value_type = Vec<PaymentMethodName>)]
    pub payment_methods: Vec<&'static str>,
}

impl From<&ShopTerms> for TermsDto {
    fn from(terms: &ShopTerms) -> Self {
        Self {
            delivery_fee: terms.delivery_fee.map(|range| FeeRangeDto {
                min: range.min.as_dollars(),
                max: range.max.as_dollars(),
            }),
            return_days: terms.return_days,
            payment_methods: terms.payment_methods.iter().map(|m| m.id()).collect(),
        }
    }
}

impl SettingsDto {
    pub fn of(settings: &ShopSettings, terms: &ShopTerms, shop: &Shop) -> Self {
        Self {
            terms: terms.into(),
            shop_name: settings.shop_name.clone(),
            support_phone: settings.support_phone.clone(),
            support_email: settings.support_email.to_string(),
            shipping_fee: settings.shipping_fee.as_dollars(),
            cash_on_delivery_max: settings.cash_on_delivery_max.as_dollars(),
            sandbox_payments: shop.payments.is_sandbox(),
            payment_timeout_secs: shop.orders.payment_hold().payment_timeout_secs(),
        }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsBody {
    #[serde(default)]
    #[schema(min_length = 1)]
    pub shop_name: String,
    #[serde(default)]
    #[schema(min_length = 1)]
    pub support_phone: String,
    #[serde(default)]
    #[schema(format = Email)]
    pub support_email: String,
    /// Dollars, 0 to 1000: a number, or a number as text.
    #[serde(default, deserialize_with = "loose_number")]
    #[schema(value_type = Option<f64>, minimum = 0, maximum = 1000)]
    pub shipping_fee: Option<Option<f64>>,
    /// Dollars, 0 to 10000: the largest order total paid in cash on delivery; left out, it
    /// stays as it is.
    #[serde(default, deserialize_with = "loose_number")]
    #[schema(value_type = Option<f64>, minimum = 0, maximum = 10000)]
    pub cash_on_delivery_max: Option<Option<f64>>,
}

impl From<SettingsBody> for SettingsInput {
    fn from(body: SettingsBody) -> Self {
        SettingsInput {
            shop_name: body.shop_name,
            support_phone: body.support_phone,
            support_email: body.support_email,
            shipping_fee: body.shipping_fee.flatten(),
            cash_on_delivery_max: body.cash_on_delivery_max,
        }
    }
}
