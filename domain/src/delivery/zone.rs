//! Delivery zones: a city's district, or a whole city, with its fee, its delivery time,
//! whether cash on delivery is taken there and whether it is served now.

use crate::ids::ZoneId;
use crate::message::texts::{
    CITY_REQUIRED, DISTRICT_REQUIRED, ZONE_CITY_BY_DISTRICT, ZONE_CITY_WHOLE, ZONE_DAYS_INVALID,
    ZONE_EXISTS, ZONE_FEE_INVALID, ZONE_NAME_TOO_LONG, ZONE_NOT_SERVED, ZONE_UNKNOWN,
};
use crate::message::Message;
use crate::money::Money;
use crate::validation::{FieldErrors, Lines};

/// How many days a delivery takes: `0..=0` is the same day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeliveryTime {
    pub min_days: u8,
    pub max_days: u8,
}

/// A place the shop delivers to.
#[derive(Debug, Clone, PartialEq)]
pub struct DeliveryZone {
    pub id: ZoneId,
    pub city: String,
    /// `None`: the whole city is one zone.
    pub district: Option<String>,
    pub fee: Money,
    pub time: DeliveryTime,
    pub cash_on_delivery: bool,
    /// A zone switched off keeps its orders but takes no new ones.
    pub served: bool,
}

impl DeliveryZone {
    /// How shoppers and messages name it: "Hodan, Mogadishu", or "Hargeisa".
    pub fn place(&self) -> String {
        place(&self.city, self.district.as_deref())
    }

    fn is(&self, city: &str, district: Option<&str>) -> bool {
        same_name(&self.city, city)
            && match (&self.district, district) {
                (Some(own), Some(asked)) => same_name(own, asked),
                (None, None) => true,
                _ => false,
            }
    }
}

fn place(city: &str, district: Option<&str>) -> String {
    match district {
        Some(district) => format!("{district}, {city}"),
        None => city.to_owned(),
    }
}

/// Names match whatever their case and surrounding spaces: "hodan " is Hodan.
fn same_name(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

/// A zone as the back office sends it.
#[derive(Debug, Clone, Default)]
pub struct ZoneInput {
    pub city: String,
    pub district: Option<String>,
    pub fee: Option<f64>,
    pub min_days: Option<i64>,
    pub max_days: Option<i64>,
    pub cash_on_delivery: bool,
    pub served: bool,
}

/// A zone that passed its own checks, before it is checked against the shop's others.
#[derive(Debug, Clone, PartialEq)]
pub struct ZoneDraft {
    pub city: String,
    pub district: Option<String>,
    pub fee: Money,
    pub time: DeliveryTime,
    pub cash_on_delivery: bool,
    pub served: bool,
}

/// A fee above $1,000 is surely a typo, as for the flat fee.
const MAX_FEE_CENTS: i64 = 100_000;
/// Two months is the longest delivery the shop promises.
const MAX_DAYS: i64 = 60;
/// The longest name of a city or district.
pub const MAX_PLACE_NAME: usize = 100;

impl ZoneInput {
    pub fn validate(&self) -> Result<ZoneDraft, FieldErrors> {
        let mut errors = FieldErrors::new();
        let city = errors.text("city", &self.city, Lines::Single);
        errors.check(city.is_none(), "city", CITY_REQUIRED);
        // A blank district is a whole city.
        let district = self
            .district
            .as_deref()
            .and_then(|raw| errors.text("district", raw, Lines::Single));
        for (field, name) in [("city", &city), ("district", &district)] {
            let too_long = name
                .as_ref()
                .is_some_and(|n| n.chars().count() > MAX_PLACE_NAME);
            errors.check(too_long, field, ZONE_NAME_TOO_LONG);
        }
        let fee = self
            .fee
            .and_then(Money::from_dollars)
            .filter(|fee| fee.cents() <= MAX_FEE_CENTS);
        errors.check(fee.is_none(), "fee", ZONE_FEE_INVALID);
        let days = |d: Option<i64>| d.filter(|d| (0..=MAX_DAYS).contains(d));
        let time = match (days(self.min_days), days(self.max_days)) {
            (Some(min), Some(max)) if min <= max => Some(DeliveryTime {
                min_days: min as u8,
                max_days: max as u8,
            }),
            _ => None,
        };
        errors.check(time.is_none(), "etaDays", ZONE_DAYS_INVALID);
        match (city, fee, time) {
            (Some(city), Some(fee), Some(time)) if errors.is_empty() => Ok(ZoneDraft {
                city,
                district,
                fee,
                time,
                cash_on_delivery: self.cash_on_delivery,
                served: self.served,
            }),
            _ => Err(errors),
        }
    }
}

impl ZoneDraft {
    pub fn into_zone(self, id: ZoneId) -> DeliveryZone {
        DeliveryZone {
            id,
            city: self.city,
            district: self.district,
            fee: self.fee,
            time: self.time,
            cash_on_delivery: self.cash_on_delivery,
            served: self.served,
        }
    }
}

/// What delivery to `zone` costs before any code: its fee, or the settings' `flat` one for an
/// order without a zone (no address, or a shop that has set up no zones).
pub fn delivery_fee(zone: Option<&DeliveryZone>, flat: Money) -> Money {
    zone.map_or(flat, |zone| zone.fee)
}

/// Why an address is not delivered to: a message on its field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ZoneRefusal {
    /// A city with districts, asked without one.
    DistrictRequired,
    /// No zone has this city, or this city no such district.
    Unknown { field: &'static str, place: String },
    /// Switched off by the shop for now.
    NotServed { place: String },
}

impl ZoneRefusal {
    /// The field the message goes under, and the message.
    pub fn on_field(&self) -> (&'static str, Message) {
        match self {
            ZoneRefusal::DistrictRequired => ("district", DISTRICT_REQUIRED.into()),
            ZoneRefusal::Unknown { field, place } => {
                (field, ZONE_UNKNOWN.with("place", place.clone()))
            }
            ZoneRefusal::NotServed { place } => {
                ("district", ZONE_NOT_SERVED.with("place", place.clone()))
            }
        }
    }
}

/// Every zone of the shop: a city is either one whole zone or delivered by district.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Zones(Vec<DeliveryZone>);

impl Zones {
    pub fn new(zones: Vec<DeliveryZone>) -> Self {
        Self(zones)
    }

    pub fn all(&self) -> &[DeliveryZone] {
        &self.0
    }

    pub fn by_id(&self, id: &ZoneId) -> Option<&DeliveryZone> {
        self.0.iter().find(|zone| zone.id == *id)
    }

    /// The zone an order to `city` and `district` goes to: a served zone, or `None` in a
    /// shop without zones (an address is typed freely there, as before zones existed).
    pub fn destination(
        &self,
        city: &str,
        district: Option<&str>,
    ) -> Result<Option<&DeliveryZone>, ZoneRefusal> {
        let district = district.filter(|d| !d.trim().is_empty());
        if self.0.is_empty() {
            return match district {
                Some(_) => Ok(None),
                None => Err(ZoneRefusal::DistrictRequired),
            };
        }
        let in_city: Vec<_> = self.0.iter().filter(|z| same_name(&z.city, city)).collect();
        let whole_city = in_city.iter().find(|z| z.district.is_none());
        let zone = match (whole_city, district) {
            (None, _) if in_city.is_empty() => {
                return Err(ZoneRefusal::Unknown {
                    field: "city",
                    place: city.trim().to_owned(),
                })
            }
            // A whole city takes any district typed with it.
            (Some(zone), _) => *zone,
            (None, None) => return Err(ZoneRefusal::DistrictRequired),
            (None, Some(district)) => *in_city
                .iter()
                .find(|z| z.is(city, Some(district)))
                .ok_or_else(|| ZoneRefusal::Unknown {
                    field: "district",
                    place: place(&in_city[0].city, Some(district.trim())),
                })?,
        };
        if !zone.served {
            return Err(ZoneRefusal::NotServed {
                place: zone.place(),
            });
        }
        Ok(Some(zone))
    }

    /// Whether `draft` may be stored as zone `id` (a new zone: `None`): one zone per place, and
    /// a city either whole or by district.
    pub fn check_fits(&self, draft: &ZoneDraft, id: Option<&ZoneId>) -> Result<(), FieldErrors> {
        let others = self.0.iter().filter(|z| Some(&z.id) != id);
        let mut in_city = others
            .filter(|z| same_name(&z.city, &draft.city))
            .peekable();
        let Some(first) = in_city.peek() else {
            return Ok(());
        };
        let city = first.city.clone();
        let message = match draft.district.as_deref() {
            None if first.district.is_some() => ZONE_CITY_BY_DISTRICT.with("city", city),
            None => ZONE_EXISTS.with("place", city),
            Some(_) if first.district.is_none() => ZONE_CITY_WHOLE.with("city", city),
            Some(district) => match in_city.find(|z| z.is(&draft.city, Some(district))) {
                Some(taken) => ZONE_EXISTS.with("place", taken.place()),
                None => return Ok(()),
            },
        };
        Err(FieldErrors::single("district", message))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub fn zone(city: &str, district: Option<&str>, fee_cents: i64) -> DeliveryZone {
        DeliveryZone {
            id: ZoneId::parse(&format!("z-{city}-{}", district.unwrap_or("all"))).unwrap(),
            city: city.into(),
            district: district.map(Into::into),
            fee: Money::from_cents(fee_cents).unwrap(),
            time: DeliveryTime {
                min_days: 0,
                max_days: 1,
            },
            cash_on_delivery: true,
            served: true,
        }
    }

    /// Two of Mogadishu's districts (Karan switched off) and Hargeisa as a whole city.
    pub fn shop_zones() -> Zones {
        let karan = DeliveryZone {
            served: false,
            ..zone("Mogadishu", Some("Karan"), 300)
        };
        Zones::new(vec![
            zone("Mogadishu", Some("Hodan"), 200),
            karan,
            zone("Hargeisa", None, 800),
        ])
    }

    fn fee_to(city: &str, district: Option<&str>) -> Result<i64, String> {
        let zones = shop_zones();
        zones
            .destination(city, district)
            .map(|zone| delivery_fee(zone, Money::from_cents(500).unwrap()).cents())
            .map_err(|refusal| {
                let (field, message) = refusal.on_field();
                format!("{field}: {}", message.as_str())
            })
    }

    #[test]
    fn an_order_pays_its_zones_fee_whatever_the_case_of_the_names() {
        assert_eq!(fee_to("Mogadishu", Some("Hodan")), Ok(200));
        assert_eq!(fee_to(" mogadishu", Some("HODAN ")), Ok(200));
        // A whole city takes any district typed with it, or none.
        assert_eq!(fee_to("Hargeisa", Some("Koodbuur")), Ok(800));
        assert_eq!(fee_to("Hargeisa", None), Ok(800));
    }

    #[test]
    fn a_place_not_delivered_to_is_named_under_its_field() {
        assert_eq!(
            fee_to("Mogadishu", Some("Karan")),
            Err("district: We are not delivering to Karan, Mogadishu at the moment".into())
        );
        assert_eq!(
            fee_to("Mogadishu", Some("Afgooye")),
            Err(
                "district: We do not deliver to Afgooye, Mogadishu. Choose a place from the list."
                    .into()
            )
        );
        assert_eq!(
            fee_to("Nairobi", Some("Eastleigh")),
            Err("city: We do not deliver to Nairobi. Choose a place from the list.".into())
        );
        assert_eq!(
            fee_to("Mogadishu", Some("  ")),
            Err("district: District is required".into())
        );
    }

    #[test]
    fn a_shop_without_zones_charges_its_flat_fee_anywhere() {
        let none = Zones::default();
        assert_eq!(none.destination("Anywhere", Some("Centre")), Ok(None));
        assert_eq!(
            delivery_fee(None, Money::from_cents(500).unwrap()).cents(),
            500
        );
        // The district stays required there, as before zones.
        assert_eq!(
            none.destination("Anywhere", None),
            Err(ZoneRefusal::DistrictRequired)
        );
    }

    fn draft(city: &str, district: Option<&str>) -> ZoneDraft {
        ZoneInput {
            city: city.into(),
            district: district.map(Into::into),
            fee: Some(2.5),
            min_days: Some(1),
            max_days: Some(2),
            cash_on_delivery: true,
            served: true,
        }
        .validate()
        .unwrap()
    }

    #[test]
    fn a_zone_needs_a_city_a_sane_fee_and_days_in_order() {
        let errors = ZoneInput {
            fee: Some(1000.01),
            min_days: Some(3),
            max_days: Some(1),
            ..Default::default()
        }
        .validate()
        .unwrap_err();
        assert_eq!(errors.get("city"), Some("City is required"));
        assert_eq!(
            errors.get("fee"),
            Some("Delivery fee must be between 0 and 1000")
        );
        assert_eq!(
            errors.get("etaDays"),
            Some(
                "Delivery days must be whole days from 0 to 60, the first no more than the second"
            )
        );
        let blank_district = ZoneInput {
            district: Some("  ".into()),
            ..Default::default()
        };
        assert!(blank_district
            .validate()
            .unwrap_err()
            .get("district")
            .is_none());
        assert_eq!(
            draft("Mogadishu", Some(" Hodan ")).district.as_deref(),
            Some("Hodan")
        );
        assert_eq!(draft("Mogadishu", Some("Hodan")).fee.cents(), 250);
    }

    #[test]
    fn a_city_is_either_whole_or_by_district_and_each_place_is_one_zone() {
        let zones = shop_zones();
        let refusal = |d: &ZoneDraft, id: Option<&ZoneId>| {
            zones
                .check_fits(d, id)
                .unwrap_err()
                .get("district")
                .unwrap()
                .to_owned()
        };
        assert_eq!(
            refusal(&draft("mogadishu", Some("hodan")), None),
            "Hodan, Mogadishu is already a delivery zone"
        );
        assert_eq!(
            refusal(&draft("Mogadishu", None), None),
            "Mogadishu is delivered by district: name the district"
        );
        assert_eq!(
            refusal(&draft("Hargeisa", Some("Koodbuur")), None),
            "Hargeisa is delivered as a whole city: edit that zone instead"
        );
        assert!(zones
            .check_fits(&draft("Mogadishu", Some("Wadajir")), None)
            .is_ok());
        assert!(zones.check_fits(&draft("Bosaso", None), None).is_ok());
        // A zone edited keeps its own place.
        let hodan = zones.all()[0].id.clone();
        assert!(zones
            .check_fits(&draft("Mogadishu", Some("Hodan")), Some(&hodan))
            .is_ok());
        let hargeisa = zones.all()[2].id.clone();
        assert!(zones
            .check_fits(&draft("Hargeisa", Some("Koodbuur")), Some(&hargeisa))
            .is_ok());
    }
}
