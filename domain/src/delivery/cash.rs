//! When an order may be paid in cash to the rider: in a zone that takes cash, up to the
//! shop's maximum total (`SHOP_COD_MAX`, $200 unless set otherwise).

use super::zone::DeliveryZone;
use crate::message::texts::{COD_NEEDS_ZONE, COD_NOT_IN_ZONE, COD_OVER_MAX};
use crate::message::Message;
use crate::money::Money;

/// Why cash on delivery is not taken for an order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CashRefusal {
    /// No address, or a shop without zones: no rider is sent by zone.
    NoZone,
    /// The zone's riders do not take cash.
    NotInZone { place: String },
    /// Riders carry at most `max` for one order.
    OverMax { max: Money },
}

impl CashRefusal {
    pub fn message(&self) -> Message {
        match self {
            CashRefusal::NoZone => COD_NEEDS_ZONE.into(),
            CashRefusal::NotInZone { place } => COD_NOT_IN_ZONE.with("place", place.clone()),
            CashRefusal::OverMax { max } => COD_OVER_MAX.with("max", max),
        }
    }
}

/// Whether an order of `total` to `zone` (`None`: no zone) may be paid in cash on delivery,
/// when the shop takes at most `max` in cash for one order.
pub fn cash_on_delivery(
    zone: Option<&DeliveryZone>,
    total: Money,
    max: Money,
) -> Result<(), CashRefusal> {
    let Some(zone) = zone else {
        return Err(CashRefusal::NoZone);
    };
    if !zone.cash_on_delivery {
        return Err(CashRefusal::NotInZone {
            place: zone.place(),
        });
    }
    if total > max {
        return Err(CashRefusal::OverMax { max });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::delivery::zone::tests::zone;

    fn dollars(amount: i64) -> Money {
        Money::from_cents(amount * 100).unwrap()
    }

    fn says(refusal: CashRefusal) -> String {
        refusal.message().as_str().to_owned()
    }

    #[test]
    fn cash_is_taken_in_a_cash_zone_up_to_the_maximum_total() {
        let hodan = zone("Mogadishu", Some("Hodan"), 200);
        let to_hodan = Some(&hodan);
        assert_eq!(
            cash_on_delivery(to_hodan, dollars(200), dollars(200)),
            Ok(())
        );
        let refusal = cash_on_delivery(
            to_hodan,
            dollars(200) + Money::from_cents(1).unwrap(),
            dollars(200),
        );
        assert_eq!(
            says(refusal.unwrap_err()),
            "Cash on delivery is available for orders up to $200.00"
        );
    }

    #[test]
    fn no_cash_where_the_zone_takes_none_or_without_a_zone() {
        let bosaso = DeliveryZone {
            cash_on_delivery: false,
            ..zone("Bosaso", None, 900)
        };
        let refusal = cash_on_delivery(Some(&bosaso), dollars(10), dollars(200));
        assert_eq!(
            says(refusal.unwrap_err()),
            "Cash on delivery is not available in Bosaso"
        );
        let refusal = cash_on_delivery(None, dollars(10), dollars(200));
        assert_eq!(
            says(refusal.unwrap_err()),
            "Cash on delivery needs a delivery address in a place we deliver to"
        );
    }
}
