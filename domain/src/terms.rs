//! What the shop promises shoppers (DESIGN.md section 10, "Everyday work"): what delivery
//! costs, how long they have to return, the ways to pay. Read from its settings, zones and
//! providers, so the storefront never advertises what the shop does not do.

use crate::delivery::Zones;
use crate::money::Money;
use crate::payment_method::PaymentMethod;
use crate::returns::RETURN_WINDOW;

/// The cheapest and dearest delivery before any code; both zero when delivery is free.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FeeRange {
    pub min: Money,
    pub max: Money,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShopTerms {
    /// `None` while the shop has zones but serves none of them: it delivers nowhere now.
    pub delivery_fee: Option<FeeRange>,
    /// The days after delivery an order may be returned.
    pub return_days: i64,
    /// The ways a checkout takes now, in the checkout's order.
    pub payment_methods: Vec<PaymentMethod>,
}

impl ShopTerms {
    /// The terms of a shop charging `flat` without zones, delivering to `zones`, taking
    /// `accepted`.
    pub fn of(flat: Money, zones: &Zones, accepted: &[PaymentMethod]) -> Self {
        Self {
            delivery_fee: fee_range(flat, zones),
            return_days: RETURN_WINDOW.num_days(),
            payment_methods: PaymentMethod::ALL
                .into_iter()
                .filter(|method| accepted.contains(method))
                .collect(),
        }
    }
}

/// The fees of the served zones, or the flat fee in a shop that has set up none.
fn fee_range(flat: Money, zones: &Zones) -> Option<FeeRange> {
    if zones.all().is_empty() {
        return Some(FeeRange {
            min: flat,
            max: flat,
        });
    }
    let fees = || zones.all().iter().filter(|z| z.served).map(|z| z.fee);
    Some(FeeRange {
        min: fees().min()?,
        max: fees().max()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::delivery::zone::tests::zone;
    use PaymentMethod::*;

    fn dollars(cents: i64) -> Money {
        Money::from_cents(cents).unwrap()
    }

    #[test]
    fn a_shop_without_zones_charges_its_flat_fee_everywhere() {
        let terms = ShopTerms::of(dollars(500), &Zones::default(), &[EvcPlus]);
        assert_eq!(
            terms.delivery_fee,
            Some(FeeRange {
                min: dollars(500),
                max: dollars(500)
            })
        );
    }

    #[test]
    fn the_range_is_over_the_served_zones_only_and_ignores_the_flat_fee() {
        let zones = Zones::new(vec![
            zone("Mogadishu", Some("Hodan"), 200),
            zone("Hargeisa", None, 800),
            crate::delivery::DeliveryZone {
                served: false,
                ..zone("Bosaso", None, 1500)
            },
        ]);
        let terms = ShopTerms::of(dollars(500), &zones, &[]);
        assert_eq!(
            terms.delivery_fee,
            Some(FeeRange {
                min: dollars(200),
                max: dollars(800)
            })
        );
    }

    #[test]
    fn a_shop_serving_no_zone_promises_no_delivery() {
        let closed = Zones::new(vec![crate::delivery::DeliveryZone {
            served: false,
            ..zone("Hargeisa", None, 800)
        }]);
        assert_eq!(ShopTerms::of(dollars(500), &closed, &[]).delivery_fee, None);
    }

    #[test]
    fn returns_are_the_return_window_and_methods_come_in_the_checkouts_order() {
        let terms = ShopTerms::of(
            Money::ZERO,
            &Zones::default(),
            &[Card, CashOnDelivery, Zaad],
        );
        assert_eq!(terms.return_days, 30);
        assert_eq!(terms.payment_methods, vec![Zaad, Card, CashOnDelivery]);
    }
}
