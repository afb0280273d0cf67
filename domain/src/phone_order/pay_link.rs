//! A payment link: a page of one phone order where its customer sees the items, delivery and
//! total and pays by any method, without an account. The link is a random token (only its
//! hash is stored); it ends when the order is paid, canceled, or its hold ends.

use super::PaymentState;
use crate::ids::OrderId;
use crate::order::Order;
use crate::payment_hold::PaymentHold;
use chrono::{DateTime, Utc};

/// A phone order's link as stored (the token itself is only in the message that carried it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentLink {
    pub order_id: OrderId,
    pub created_at: DateTime<Utc>,
    /// When its order's hold leaves no time to pay: the link ends then, whatever happens.
    pub expires_at: DateTime<Utc>,
}

impl PaymentLink {
    /// A link for phone order `order` made `now`: it lasts as long as a payment may start.
    /// `None` when the order can no longer be paid this way.
    pub fn issue(order: &Order, hold: PaymentHold, now: DateTime<Utc>) -> Option<Self> {
        let link = Self {
            order_id: order.id.clone(),
            created_at: now,
            expires_at: hold.last_payment_start(order.created_at),
        };
        (link.state(order, hold, now) == PaymentState::Open).then_some(link)
    }

    /// Where the payment the link opens stands at `now`: ended for any order but its own.
    pub fn state(&self, order: &Order, hold: PaymentHold, now: DateTime<Utc>) -> PaymentState {
        if order.id != self.order_id {
            return PaymentState::Ended;
        }
        PaymentState::of(order, hold, now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::order::testing::order;
    use crate::order::{Changer, Channel, OrderStatus, PaymentStatus};
    use crate::payment_method::PaymentMethod;
    use crate::UserId;
    use chrono::TimeDelta;

    /// o1 taken by phone at 10:00, nothing chosen yet.
    fn phone_order() -> Order {
        Order {
            payment_method: None,
            channel: Channel::Phone {
                taken_by: Changer {
                    id: UserId::parse("staff-hodan").unwrap(),
                    name: "Hodan".into(),
                },
            },
            ..order(OrderStatus::Pending, PaymentStatus::Pending)
        }
    }

    fn hold() -> PaymentHold {
        PaymentHold::new(1800, 60).unwrap()
    }

    #[test]
    fn a_link_lasts_while_a_payment_may_still_start() {
        let placed = phone_order().created_at;
        let link = PaymentLink::issue(&phone_order(), hold(), placed).unwrap();
        // 30 minutes of hold, less the minute the payer has to answer.
        assert_eq!(link.expires_at, placed + TimeDelta::minutes(29));
        let order = phone_order();
        assert_eq!(
            link.state(&order, hold(), placed + TimeDelta::minutes(28)),
            PaymentState::Open
        );
        assert_eq!(
            link.state(&order, hold(), placed + TimeDelta::minutes(29)),
            PaymentState::Ended
        );
        assert_eq!(
            PaymentLink::issue(&order, hold(), placed + TimeDelta::minutes(29)),
            None,
            "too late to pay: no link"
        );
    }

    #[test]
    fn a_link_ends_once_the_order_is_paid_canceled_or_paying_and_never_opens_another_order() {
        let placed = phone_order().created_at;
        let link = PaymentLink::issue(&phone_order(), hold(), placed).unwrap();
        let paying = Order {
            payment_method: Some(PaymentMethod::EvcPlus),
            ..phone_order()
        };
        assert_eq!(link.state(&paying, hold(), placed), PaymentState::Paying);
        let paid = Order {
            payment_status: PaymentStatus::Paid,
            ..paying.clone()
        };
        assert_eq!(link.state(&paid, hold(), placed), PaymentState::Settled);
        let cash = Order {
            payment_method: Some(PaymentMethod::CashOnDelivery),
            ..phone_order()
        };
        assert_eq!(link.state(&cash, hold(), placed), PaymentState::Settled);
        let canceled = Order {
            status: OrderStatus::Canceled,
            payment_status: PaymentStatus::Failed,
            ..phone_order()
        };
        assert_eq!(link.state(&canceled, hold(), placed), PaymentState::Ended);
        let another = Order {
            id: OrderId::parse("o2").unwrap(),
            ..phone_order()
        };
        assert_eq!(link.state(&another, hold(), placed), PaymentState::Ended);
        let web = order(OrderStatus::Pending, PaymentStatus::Pending);
        assert_eq!(link.state(&web, hold(), placed), PaymentState::Ended);
    }
}
