//! Where staff may move an order now: the refusals an admin's status change meets, in the
//! order the server meets them, and the statuses they leave open (the back office offers
//! only those).

use super::{Order, OrderStatus, OrderTransition, StatusChangeRefusal};
use crate::ids::OrderLineId;
use crate::message::texts::ORDER_HAS_RETURNS;
use crate::message::Message;
use crate::money::Money;
use crate::refund::RefundRefusal;
use std::collections::HashMap;

/// What the order's earlier returns that were not rejected hold (`HeldByReturns::of` adds
/// them up in `returns`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HeldByReturns {
    /// Units per order line.
    pub units: HashMap<OrderLineId, u32>,
    /// Their refund amounts together.
    pub refunds: Money,
}

impl HeldByReturns {
    /// Whether some return holds units: then the order may not be canceled (`admin_move`).
    pub fn holds_units(&self) -> bool {
        self.units.values().any(|&units| units > 0)
    }

    pub(crate) fn units_of(&self, line: &OrderLineId) -> u32 {
        self.units.get(line).copied().unwrap_or(0)
    }
}

/// Why staff may not move an order to a status now (409).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.message())]
pub enum MoveRefusal {
    /// A refund is claimed on it (being sent, or sent with its answer lost): nothing moves it
    /// until the refund lands or an admin resolves it.
    RefundClaimed(#[from] RefundRefusal),
    /// A cancel puts all the stock back and refunds the rest of the charge: units that
    /// returns hold would be restocked and refunded a second time.
    ReturnsHoldUnits,
    Status(#[from] StatusChangeRefusal),
}

impl MoveRefusal {
    pub fn message(&self) -> Message {
        match self {
            MoveRefusal::RefundClaimed(refusal) => refusal.message(),
            MoveRefusal::ReturnsHoldUnits => ORDER_HAS_RETURNS.into(),
            MoveRefusal::Status(refusal) => refusal.message(),
        }
    }
}

/// Staff's move of `order`, whose returns hold `held`, to `to` (another status than its own):
/// the transition, or why it is refused.
pub fn admin_move(
    order: &Order,
    held: &HeldByReturns,
    to: OrderStatus,
) -> Result<OrderTransition, MoveRefusal> {
    if let Some(claim) = order.refund_claim {
        return Err(claim.refusal().into());
    }
    if to == OrderStatus::Canceled && held.holds_units() {
        return Err(MoveRefusal::ReturnsHoldUnits);
    }
    Ok(OrderTransition::admin_status_change(order, to)?)
}

/// The statuses staff may move `order` to now, in `OrderStatus::ALL`'s order; its own status
/// is no move.
pub fn next_statuses(order: &Order, held: &HeldByReturns) -> Vec<OrderStatus> {
    OrderStatus::ALL
        .into_iter()
        .filter(|&to| to != order.status && admin_move(order, held, to).is_ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::OrderLineId;
    use crate::money::Money;
    use crate::order::PaymentStatus;
    use crate::refund::RefundClaim;
    use OrderStatus::*;

    /// A paid order of three dresses and a scarf, in `status` with `payment`.
    fn order(status: OrderStatus, payment: PaymentStatus) -> Order {
        Order {
            status,
            payment_status: payment,
            ..crate::returns::tests::order(0)
        }
    }

    /// What one return that was not rejected holds: a dress.
    fn one_unit_held() -> HeldByReturns {
        HeldByReturns {
            units: [(OrderLineId::parse("o1-1").unwrap(), 1)].into(),
            refunds: Money::from_cents(2000).unwrap(),
        }
    }

    #[test]
    fn an_order_may_move_to_any_other_status_by_default() {
        let none = HeldByReturns::default();
        let paid = PaymentStatus::Paid;
        assert_eq!(
            next_statuses(&order(Pending, paid), &none),
            [Shipped, Delivered, Canceled]
        );
        assert_eq!(
            next_statuses(&order(Delivered, paid), &none),
            [Pending, Shipped, Canceled]
        );
        let declined = order(Canceled, PaymentStatus::Failed);
        assert_eq!(
            next_statuses(&declined, &none),
            [Pending, Shipped, Delivered]
        );
    }

    #[test]
    fn no_cancel_while_a_return_holds_units() {
        let delivered = order(Delivered, PaymentStatus::PartiallyRefunded);
        assert_eq!(
            admin_move(&delivered, &one_unit_held(), Canceled),
            Err(MoveRefusal::ReturnsHoldUnits)
        );
        assert_eq!(
            MoveRefusal::ReturnsHoldUnits.to_string(),
            "This order has returns: settle them on the Returns screen instead of canceling the order"
        );
        assert_eq!(
            next_statuses(&delivered, &one_unit_held()),
            [Pending, Shipped]
        );
        // Every return rejected: nothing is held, and the cancel is open again.
        let rejected_only = HeldByReturns::default();
        assert!(admin_move(&delivered, &rejected_only, Canceled).is_ok());
    }

    #[test]
    fn a_canceled_order_whose_money_went_back_moves_nowhere() {
        let refunded = order(Canceled, PaymentStatus::Refunded);
        assert_eq!(next_statuses(&refunded, &HeldByReturns::default()), []);
        assert_eq!(
            admin_move(&refunded, &HeldByReturns::default(), Pending),
            Err(MoveRefusal::Status(StatusChangeRefusal::ReopeningRefunded))
        );
    }

    #[test]
    fn nothing_moves_an_order_while_its_refund_is_claimed() {
        let claimed = |unconfirmed_at| Order {
            refund_claim: Some(RefundClaim {
                sent_at: "2026-11-26T10:00:00Z".parse().unwrap(),
                unconfirmed_at,
            }),
            ..order(Shipped, PaymentStatus::Paid)
        };
        let sending = claimed(None);
        assert_eq!(next_statuses(&sending, &HeldByReturns::default()), []);
        assert_eq!(
            admin_move(&sending, &HeldByReturns::default(), Canceled),
            Err(MoveRefusal::RefundClaimed(RefundRefusal::UnderWay))
        );
        let unanswered = claimed(Some("2026-11-26T10:01:00Z".parse().unwrap()));
        assert_eq!(
            admin_move(&unanswered, &HeldByReturns::default(), Delivered),
            Err(MoveRefusal::RefundClaimed(RefundRefusal::Unconfirmed))
        );
    }

    #[test]
    fn a_move_is_the_transition_an_admin_status_change_plans() {
        let shipped = order(Shipped, PaymentStatus::Paid);
        assert_eq!(
            admin_move(&shipped, &HeldByReturns::default(), Canceled),
            OrderTransition::admin_status_change(&shipped, Canceled).map_err(MoveRefusal::from)
        );
    }
}
