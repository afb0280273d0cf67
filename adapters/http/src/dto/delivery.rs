//! Delivery zones as shoppers and the back office see them, and as the admin's form sends
//! them (issue 43).

use super::{loose_bool, loose_number};
use crate::i18n::say;
use application::cart::CartDelivery;
use domain::delivery::{DeliveryTime, DeliveryZone, ZoneInput};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// How many days delivery takes: `{min: 0, max: 0}` is the same day.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct EtaDaysDto {
    pub min: u8,
    pub max: u8,
}

impl From<DeliveryTime> for EtaDaysDto {
    fn from(time: DeliveryTime) -> Self {
        Self {
            min: time.min_days,
            max: time.max_days,
        }
    }
}

/// A city the shop delivers to, with its districts.
#[derive(Serialize, ToSchema)]
pub struct DeliveryCityDto {
    pub city: String,
    /// A city delivered as a whole has one entry, named null.
    pub districts: Vec<DeliveryDistrictDto>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryDistrictDto {
    pub name: Option<String>,
    /// Dollars.
    pub fee: f64,
    pub eta_days: EtaDaysDto,
    pub cash_on_delivery: bool,
    /// False while the shop is not delivering there (the place is listed, not offered).
    pub served: bool,
}

/// Every zone by city, in the order the zones are kept (cities by name, a whole city first).
pub fn cities(zones: &[DeliveryZone]) -> Vec<DeliveryCityDto> {
    let mut cities: Vec<DeliveryCityDto> = Vec::new();
    for zone in zones {
        let district = DeliveryDistrictDto {
            name: zone.district.clone(),
            fee: zone.fee.as_dollars(),
            eta_days: zone.time.into(),
            cash_on_delivery: zone.cash_on_delivery,
            served: zone.served,
        };
        match cities.last_mut() {
            Some(city) if city.city == zone.city => city.districts.push(district),
            _ => cities.push(DeliveryCityDto {
                city: zone.city.clone(),
                districts: vec![district],
            }),
        }
    }
    cities
}

/// A zone as the back office keeps it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryZoneDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub city: String,
    /// Null for a whole city.
    pub district: Option<String>,
    /// Dollars.
    pub fee: f64,
    pub eta_days: EtaDaysDto,
    pub cash_on_delivery: bool,
    pub served: bool,
}

impl From<&DeliveryZone> for DeliveryZoneDto {
    fn from(zone: &DeliveryZone) -> Self {
        Self {
            id: zone.id.to_string(),
            city: zone.city.clone(),
            district: zone.district.clone(),
            fee: zone.fee.as_dollars(),
            eta_days: zone.time.into(),
            cash_on_delivery: zone.cash_on_delivery,
            served: zone.served,
        }
    }
}

/// The days as the form sends them; numbers may come as text.
#[derive(Deserialize, ToSchema)]
pub struct EtaDaysBody {
    #[serde(default, deserialize_with = "loose_number")]
    #[schema(value_type = Option<u8>, minimum = 0, maximum = 60)]
    pub min: Option<Option<f64>>,
    #[serde(default, deserialize_with = "loose_number")]
    #[schema(value_type = Option<u8>, minimum = 0, maximum = 60)]
    pub max: Option<Option<f64>>,
}

/// A zone as the admin's form sends it.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryZoneBody {
    #[serde(default)]
    #[schema(min_length = 1, max_length = 100)]
    pub city: String,
    /// Null or blank for a whole city.
    #[serde(default)]
    #[schema(max_length = 100)]
    pub district: Option<String>,
    /// Dollars, 0 to 1000.
    #[serde(default, deserialize_with = "loose_number")]
    #[schema(value_type = f64, minimum = 0, maximum = 1000)]
    pub fee: Option<Option<f64>>,
    pub eta_days: Option<EtaDaysBody>,
    /// Default false.
    #[serde(default, deserialize_with = "loose_bool")]
    #[schema(value_type = Option<bool>)]
    pub cash_on_delivery: Option<bool>,
    /// Default true.
    #[serde(default, deserialize_with = "loose_bool")]
    #[schema(value_type = Option<bool>)]
    pub served: Option<bool>,
}

/// A whole number of days; anything else is refused by the zone's rules.
fn days(raw: Option<Option<f64>>) -> Option<i64> {
    raw.flatten()
        .filter(|days| days.fract() == 0.0 && days.abs() < 1e6)
        .map(|days| days as i64)
}

impl From<DeliveryZoneBody> for ZoneInput {
    fn from(body: DeliveryZoneBody) -> Self {
        let (min, max) = body
            .eta_days
            .map_or((None, None), |eta| (days(eta.min), days(eta.max)));
        ZoneInput {
            city: body.city,
            district: body.district,
            fee: body.fee.flatten(),
            min_days: min,
            max_days: max,
            cash_on_delivery: body.cash_on_delivery.unwrap_or(false),
            served: body.served.unwrap_or(true),
        }
    }
}

/// Where a cart is to be delivered, for its totals.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CartPlaceQuery {
    /// A city of the zones; with it, the totals hold its zone's fee.
    pub city: Option<String>,
    /// The district, for a city delivered by district.
    pub district: Option<String>,
}

/// The zone whose fee a cart's totals hold.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartDeliveryDto {
    pub city: String,
    /// Null for a whole city.
    pub district: Option<String>,
    /// Dollars, before any free-shipping code (the cart's `shipping` is what is charged).
    pub fee: f64,
    pub eta_days: EtaDaysDto,
    /// Whether this cart may be paid in cash on delivery there.
    pub cash_on_delivery: bool,
    /// Why not, in the shopper's words; null when it may.
    pub cash_on_delivery_refusal: Option<String>,
}

impl CartDeliveryDto {
    pub fn of(delivery: &CartDelivery) -> Self {
        let CartDelivery { zone, cash } = delivery;
        let refusal = cash
            .as_ref()
            .err()
            .map(|refusal| say(&refusal.message()).into_owned());
        Self {
            city: zone.city.clone(),
            district: zone.district.clone(),
            fee: zone.fee.as_dollars(),
            eta_days: zone.time.into(),
            cash_on_delivery: refusal.is_none(),
            cash_on_delivery_refusal: refusal,
        }
    }
}
