//! When an order may be paid in cash to the rider: in a zone that takes cash, up to the
//! shop's maximum total (`SHOP_COD_MAX`, $200 unless set otherwise).

use super::zone::{DeliveryZone, Zones};
use crate::ids::UserId;
use crate::message::texts::{COD_NEEDS_ZONE, COD_NOT_IN_ZONE, COD_OVER_MAX};
use crate::message::Message;
use crate::money::Money;
use crate::notification::{Announcement, Topic};
use crate::order::plan::OrderPlan;
use crate::order::{Changer, ChannelKind, Order, OrderStatus, OrderTransition};
use chrono::{DateTime, Utc};

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

/// Whether the shop takes cash on delivery anywhere: a served zone that takes cash, and a
/// maximum above nothing.
pub fn takes_cash(zones: &Zones, max: Money) -> bool {
    max > Money::ZERO
        && zones
            .all()
            .iter()
            .any(|zone| zone.served && zone.cash_on_delivery)
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

/// What a rider collected in cash on one day, and what of it they handed in. A day's cash is
/// handed in as many times as the rider brings it: each hand-in covers the cash deliveries
/// not handed in before it.
#[derive(Debug, Clone, PartialEq)]
pub struct RiderCash {
    pub rider: UserId,
    pub rider_name: String,
    /// Cash orders they delivered that day.
    pub deliveries: u32,
    pub collected: Money,
    /// The day's hand-ins, oldest first.
    pub hand_ins: Vec<CashHandIn>,
}

impl RiderCash {
    /// What the day's hand-ins covered.
    pub fn handed_in(&self) -> Money {
        self.hand_ins
            .iter()
            .fold(Money::ZERO, |sum, hand_in| sum + hand_in.amount)
    }

    /// What the rider still holds of the day's cash.
    pub fn to_hand_in(&self) -> Money {
        self.collected.saturating_sub(self.handed_in())
    }
}

/// Cash a rider handed in, marked received: what it covered.
#[derive(Debug, Clone, PartialEq)]
pub struct CashHandIn {
    /// The cash of the deliveries it covered.
    pub amount: Money,
    /// How many cash deliveries it covered.
    pub deliveries: u32,
    pub at: DateTime<Utc>,
    pub by: Changer,
}

/// A cash order just placed: it is confirmed to the shopper and the shop now, as a paid order
/// is, and a checkout's cart is emptied (a phone order's customer keeps their own); its payment
/// comes at the door.
pub fn cash_order_placed(order: &Order, at: DateTime<Utc>) -> OrderPlan {
    let placed = OrderTransition {
        empties_cart: order.channel.kind() == ChannelKind::Web,
        ..OrderTransition::status_change(OrderStatus::Pending, OrderStatus::Pending)
    };
    let mut plan = placed.plan(order, at);
    for topic in [Topic::OrderConfirmed, Topic::NewOrder] {
        plan.messages.extend(Announcement::about(
            topic,
            order.id.as_str(),
            &order.customer_email,
            order.payment_phone.as_str(),
            None,
        ));
    }
    plan
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::delivery::zone::tests::shop_zones;

    #[test]
    fn a_days_cash_is_what_its_hand_ins_did_not_cover() {
        let dollars = |cents| Money::from_cents(cents).unwrap();
        let hand_in = |cents, deliveries| CashHandIn {
            amount: dollars(cents),
            deliveries,
            at: "2026-11-27T12:00:00Z".parse().unwrap(),
            by: Changer {
                id: UserId::parse("boss").unwrap(),
                name: "Boss".into(),
            },
        };
        let mut cash = RiderCash {
            rider: UserId::parse("r1").unwrap(),
            rider_name: "Hassan".into(),
            deliveries: 2,
            collected: dollars(4400),
            hand_ins: vec![hand_in(2200, 1)],
        };
        assert_eq!(
            (cash.handed_in(), cash.to_hand_in()),
            (dollars(2200), dollars(2200))
        );
        cash.hand_ins.push(hand_in(2200, 1));
        assert_eq!(cash.to_hand_in(), Money::ZERO);
    }

    #[test]
    fn a_cash_order_is_confirmed_when_placed_and_not_again_when_its_cash_is_collected() {
        use crate::delivery::dispatch::handed_over;
        use crate::order::testing::order;
        use crate::order::PaymentStatus;
        use crate::payment_method::PaymentMethod;
        let cash = Order {
            payment_method: Some(PaymentMethod::CashOnDelivery),
            ..order(OrderStatus::Pending, PaymentStatus::Pending)
        };
        let placed = cash_order_placed(&cash, "2026-11-27T08:00:00Z".parse().unwrap());
        let topics: Vec<_> = placed.messages.iter().map(|m| m.topic).collect();
        assert_eq!(
            topics,
            [
                Topic::OrderConfirmed,
                Topic::OrderConfirmed,
                Topic::NewOrder
            ]
        );
        assert!(placed.empties_cart_of.is_some());
        assert_eq!(placed.status, OrderStatus::Pending);

        let out = Order {
            status: OrderStatus::Shipped,
            ..cash
        };
        let refused = handed_over(&out, Some(14.0)).unwrap_err();
        assert_eq!(
            refused.message().as_str(),
            "Collect the order's total in cash, $15.00, and confirm it"
        );
        for not_the_total in [None, Some(-15.0), Some(15.001), Some(f64::NAN)] {
            assert!(
                handed_over(&out, not_the_total).is_err(),
                "{not_the_total:?}"
            );
        }
        let (paid, step) = handed_over(&out, Some(15.0)).unwrap();
        let plan = paid.plan(&out, "2026-11-27T09:00:00Z".parse().unwrap());
        assert_eq!(
            (plan.status, plan.payment_status),
            (OrderStatus::Delivered, PaymentStatus::Paid)
        );
        let topics: Vec<_> = plan.messages.iter().map(|m| m.topic).collect();
        assert_eq!(topics, [Topic::OrderDelivered, Topic::OrderDelivered]);
        assert_eq!(
            step,
            crate::delivery::DeliveryStep::Delivered {
                cash: Some(Money::from_cents(1500).unwrap())
            }
        );
        // A paid order is only delivered: no cash is recorded.
        let paid_order = order(OrderStatus::Shipped, PaymentStatus::Paid);
        let (delivered, step) = handed_over(&paid_order, Some(15.0)).unwrap();
        assert!(delivered.payment.is_none());
        assert_eq!(
            step,
            crate::delivery::DeliveryStep::Delivered { cash: None }
        );
    }

    #[test]
    fn the_shop_takes_cash_where_a_served_zone_does_and_its_maximum_allows() {
        assert!(takes_cash(&shop_zones(), dollars(200)));
        assert!(!takes_cash(&shop_zones(), Money::ZERO));
        assert!(!takes_cash(&Zones::default(), dollars(200)));
    }
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
