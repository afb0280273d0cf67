//! A payment link: a page of one phone order where its customer sees the items, delivery and
//! total and pays by any method, without an account. The link is a random token (only its
//! hash is stored); it ends when the order is paid, canceled, or its hold ends.

use crate::ids::OrderId;
use crate::order::{ChannelKind, Order, OrderStatus, PaymentStatus};
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

/// What opening a link finds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkState {
    /// The customer may pay.
    Open,
    /// A payment of it is under way (a wallet waiting for the payer's PIN, a card page):
    /// the page shows it and takes no second one.
    Paying,
    /// Paid: the page is gone.
    Paid,
    /// Canceled, or its time ran out.
    Ended,
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
        (link.state(order, now) == LinkState::Open).then_some(link)
    }

    /// Where the link of `order` stands at `now`.
    pub fn state(&self, order: &Order, now: DateTime<Utc>) -> LinkState {
        if order.channel.kind() != ChannelKind::Phone || order.id != self.order_id {
            return LinkState::Ended;
        }
        match (order.status, order.payment_status) {
            (
                _,
                PaymentStatus::Paid | PaymentStatus::PartiallyRefunded | PaymentStatus::Refunded,
            ) => LinkState::Paid,
            (OrderStatus::Canceled, _) | (_, PaymentStatus::Failed) => LinkState::Ended,
            // Cash on delivery chosen: the rider collects it, nothing to pay here.
            _ if order.pays_cash() => LinkState::Paid,
            _ if order.payment_method.is_some() => LinkState::Paying,
            _ if now >= self.expires_at => LinkState::Ended,
            _ => LinkState::Open,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::order::testing::order;
    use crate::order::{Changer, Channel};
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
            link.state(&order, placed + TimeDelta::minutes(28)),
            LinkState::Open
        );
        assert_eq!(
            link.state(&order, placed + TimeDelta::minutes(29)),
            LinkState::Ended
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
        assert_eq!(link.state(&paying, placed), LinkState::Paying);
        let paid = Order {
            payment_status: PaymentStatus::Paid,
            ..paying.clone()
        };
        assert_eq!(link.state(&paid, placed), LinkState::Paid);
        let cash = Order {
            payment_method: Some(PaymentMethod::CashOnDelivery),
            ..phone_order()
        };
        assert_eq!(link.state(&cash, placed), LinkState::Paid);
        let canceled = Order {
            status: OrderStatus::Canceled,
            payment_status: PaymentStatus::Failed,
            ..phone_order()
        };
        assert_eq!(link.state(&canceled, placed), LinkState::Ended);
        let another = Order {
            id: OrderId::parse("o2").unwrap(),
            ..phone_order()
        };
        assert_eq!(link.state(&another, placed), LinkState::Ended);
        let web = order(OrderStatus::Pending, PaymentStatus::Pending);
        assert_eq!(link.state(&web, placed), LinkState::Ended);
    }
}
