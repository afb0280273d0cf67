//! A phone order's quote: what the order staff are taking would cost, before they take it,
//! so they can tell the customer. Priced as taking it would (the zone's fee, the code's
//! conditions); only the lines are needed, the rest counts once it is chosen.

use super::{CustomerInput, LineChoice, PhoneOrderInput};
use crate::cart::CartTotals;
use crate::delivery::{DeliveryZone, Zones};
use crate::discount::DiscountCode;
use crate::ids::UserId;
use crate::money::Money;
use crate::validation::FieldErrors;

/// Where a quoted order goes, as far as it is known.
#[derive(Debug, Clone, PartialEq)]
pub enum QuotedPlace {
    /// No place chosen yet in a shop with zones: delivery is not priced.
    NotChosen,
    /// A shop without zones: its flat fee.
    Anywhere,
    Zone(DeliveryZone),
}

impl QuotedPlace {
    /// The zone the fee is taken from (`None`: the flat fee).
    pub fn zone(&self) -> Option<&DeliveryZone> {
        match self {
            QuotedPlace::Zone(zone) => Some(zone),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct QuoteRequest {
    /// An existing customer (a code's limit per customer counts their orders); `None` for a
    /// new customer or none chosen yet.
    pub customer: Option<UserId>,
    pub lines: Vec<LineChoice>,
    pub place: QuotedPlace,
    pub discount_code: Option<DiscountCode>,
}

impl PhoneOrderInput {
    /// The quote of what is chosen so far: the lines as taking the order checks them; the
    /// place by its city and district alone (the rest of the address is not needed to price
    /// it), refused as checkout refuses it.
    pub fn validate_quote(&self, zones: &Zones) -> Result<QuoteRequest, FieldErrors> {
        let mut errors = FieldErrors::new();
        let lines = self.checked_lines(&mut errors);
        let customer = match &self.customer {
            Some(CustomerInput::Existing { user_id }) => UserId::parse(user_id.trim()),
            _ => None,
        };
        let city = self
            .shipping_address
            .as_ref()
            .map(|address| (address.city.trim(), address.district.trim()))
            .filter(|(city, _)| !city.is_empty());
        let place = match city {
            None if zones.all().is_empty() => QuotedPlace::Anywhere,
            None => QuotedPlace::NotChosen,
            Some((city, district)) => match zones.destination(city, Some(district)) {
                Ok(Some(zone)) => QuotedPlace::Zone(zone.clone()),
                Ok(None) => QuotedPlace::Anywhere,
                Err(refusal) => {
                    let (field, message) = refusal.on_field();
                    errors.add(field, message);
                    QuotedPlace::NotChosen
                }
            },
        };
        let discount_code = self.code_into(&mut errors);
        match lines {
            Some(lines) if errors.is_empty() => Ok(QuoteRequest {
                customer,
                lines,
                place,
                discount_code,
            }),
            _ => Err(errors),
        }
    }
}

/// What the quote says delivery costs (`None` until a place is chosen) and the total with it
/// (without it until then).
pub fn quoted_delivery(place: &QuotedPlace, totals: &CartTotals) -> (Option<Money>, Money) {
    match place {
        QuotedPlace::NotChosen => (None, totals.total.saturating_sub(totals.shipping)),
        _ => (Some(totals.shipping), totals.total),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkout::ShippingAddressInput;
    use crate::delivery::zone::tests::shop_zones;
    use crate::phone_order::LineInput;

    fn one_dress() -> Vec<LineInput> {
        vec![LineInput {
            product_id: "p1".into(),
            variant_id: None,
            quantity: 2,
        }]
    }

    fn to(city: &str, district: &str) -> Option<ShippingAddressInput> {
        Some(ShippingAddressInput {
            city: city.into(),
            district: district.into(),
            ..Default::default()
        })
    }

    #[test]
    fn lines_alone_are_quoted_and_delivery_waits_for_a_place_in_a_shop_with_zones() {
        let input = PhoneOrderInput {
            lines: one_dress(),
            ..Default::default()
        };
        let quote = input.validate_quote(&shop_zones()).unwrap();
        assert_eq!(quote.place, QuotedPlace::NotChosen);
        assert_eq!(quote.customer, None);
        let flat = input.validate_quote(&Zones::default()).unwrap();
        assert_eq!(flat.place, QuotedPlace::Anywhere);
    }

    #[test]
    fn a_place_is_priced_by_its_zone_from_its_city_and_district_alone() {
        let input = PhoneOrderInput {
            lines: one_dress(),
            shipping_address: to("mogadishu", "hodan"),
            customer: Some(CustomerInput::Existing {
                user_id: "amina".into(),
            }),
            discount_code: Some(" eid-2026 ".into()),
        };
        let quote = input.validate_quote(&shop_zones()).unwrap();
        assert_eq!(
            quote.place.zone().map(|z| z.place()),
            Some("Hodan, Mogadishu".into())
        );
        assert_eq!(quote.customer, UserId::parse("amina"));
        assert_eq!(quote.discount_code, DiscountCode::parse("EID-2026"));
    }

    #[test]
    fn no_lines_or_a_place_not_delivered_to_is_refused_on_its_field() {
        let errors = PhoneOrderInput {
            shipping_address: to("Nairobi", ""),
            ..Default::default()
        }
        .validate_quote(&shop_zones())
        .unwrap_err();
        assert!(errors.get("lines").is_some());
        assert!(errors.get("city").is_some(), "{errors:?}");
    }

    #[test]
    fn until_a_place_is_chosen_the_total_leaves_delivery_out() {
        let totals = CartTotals {
            item_count: 1,
            subtotal: Money::from_cents(4000).unwrap(),
            discount: Money::ZERO,
            shipping: Money::from_cents(500).unwrap(),
            total: Money::from_cents(4500).unwrap(),
        };
        assert_eq!(
            quoted_delivery(&QuotedPlace::NotChosen, &totals),
            (None, Money::from_cents(4000).unwrap())
        );
        assert_eq!(
            quoted_delivery(&QuotedPlace::Anywhere, &totals),
            (
                Some(Money::from_cents(500).unwrap()),
                Money::from_cents(4500).unwrap()
            )
        );
    }
}
