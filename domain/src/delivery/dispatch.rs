//! An order's way to the shopper: sent out with a rider and a 4-digit delivery code, then
//! delivered with that code (5 tries) or brought back with a reason, each attempt kept.

use crate::ids::UserId;
use crate::message::texts::{
    CASH_NOT_TOTAL, CODE_LOCKED, CODE_WRONG, CODE_WRONG_LAST, DISPATCH_NOT_PAID,
    DISPATCH_NOT_READY, DISPATCH_WITH_ANOTHER,
};
use crate::message::Message;
use crate::money::Money;
use crate::notification::Topic;
use crate::order::delivery::{
    Delivery, DeliveryAttempt, DeliveryCode, DeliveryState, DeliveryStep, Rider, CODE_TRIES,
};
use crate::order::plan::OrderPlan;
use crate::order::{Order, OrderStatus, OrderTransition, PaymentChange, PaymentStatus};

/// What one typed code came to. Storage judges it with [`try_code`] and counts a wrong one
/// in the same guarded write (the delivery's row locked), so of many tries sent at once at
/// most [`CODE_TRIES`] wrong ones are ever compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeTry {
    /// The code: the order may be handed over.
    Right,
    /// Not the code; `wrong_codes` counted now, this one included.
    Wrong { wrong_codes: u8 },
    /// Five wrong codes were counted already: nothing was compared.
    Locked,
    /// The delivery is not out with this rider any more (delivered meanwhile, or moved).
    NotOut,
}

/// Judges `typed` against a delivery in `state` with `code` and `wrong_codes` counted so far,
/// out with the rider who typed it: nothing is compared once it is locked.
pub fn try_code(
    state: DeliveryState,
    code: &DeliveryCode,
    wrong_codes: u8,
    typed: &str,
) -> CodeTry {
    if state != DeliveryState::Out {
        CodeTry::NotOut
    } else if wrong_codes >= CODE_TRIES {
        CodeTry::Locked
    } else if code.matches(typed) {
        CodeTry::Right
    } else {
        CodeTry::Wrong {
            wrong_codes: wrong_codes + 1,
        }
    }
}

impl CodeTry {
    /// Why the order was not delivered by this try; `None` when it may be (right) or is not
    /// the rider's to deliver now (not out).
    pub fn refusal(self) -> Option<CodeRefusal> {
        match self {
            CodeTry::Right | CodeTry::NotOut => None,
            CodeTry::Wrong { wrong_codes } => Some(CodeRefusal::Wrong {
                tries_left: CODE_TRIES.saturating_sub(wrong_codes),
            }),
            CodeTry::Locked => Some(CodeRefusal::Locked),
        }
    }
}

/// Why a code did not deliver the order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeRefusal {
    /// Not the code; this many tries remain.
    Wrong { tries_left: u8 },
    /// Five wrong codes: the shop must reset it (423).
    Locked,
}

impl CodeRefusal {
    pub fn message(self) -> Message {
        match self {
            CodeRefusal::Wrong { tries_left: 0 } => CODE_WRONG_LAST.into(),
            CodeRefusal::Wrong { tries_left } => CODE_WRONG.with("tries", tries_left),
            CodeRefusal::Locked => CODE_LOCKED.into(),
        }
    }
}

/// What sending an order out with a rider comes to.
#[derive(Debug, Clone, PartialEq)]
pub enum Dispatch {
    /// It goes out now.
    Send,
    /// It is already out with this rider: nothing to do.
    AlreadyOut,
    Refused(DispatchRefusal),
}

/// Why an order cannot go out (409).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DispatchRefusal {
    /// Out with another rider already.
    WithAnother { rider: String },
    /// Delivered, canceled, or a refund under way.
    NotReady { status: OrderStatus },
    /// Its payment is not confirmed (and it is not paid in cash on delivery).
    NotPaid,
}

impl DispatchRefusal {
    pub fn message(&self, order: &Order) -> Message {
        match self {
            DispatchRefusal::WithAnother { rider } => DISPATCH_WITH_ANOTHER
                .with("order", &order.id)
                .with("rider", rider),
            DispatchRefusal::NotReady { status } => DISPATCH_NOT_READY
                .with("order", &order.id)
                .with("status", status.as_str()),
            DispatchRefusal::NotPaid => DISPATCH_NOT_PAID.with("order", &order.id),
        }
    }
}

/// Whether an order waits for a rider: placed, not canceled, paid (or to be paid in cash to
/// the rider), with no refund under way.
pub fn ready_to_go_out(order: &Order) -> bool {
    order.status == OrderStatus::Pending && order.refund_claim.is_none() && paid_or_cash(order)
}

fn paid_or_cash(order: &Order) -> bool {
    match order.payment_status {
        PaymentStatus::Paid | PaymentStatus::PartiallyRefunded => true,
        PaymentStatus::Pending => order.pays_cash(),
        PaymentStatus::Failed | PaymentStatus::Refunded => false,
    }
}

/// What sending `order` (with its `delivery` so far) out with `rider` comes to.
pub fn dispatch(order: &Order, delivery: Option<&Delivery>, rider: &UserId) -> Dispatch {
    if let Some(out) = delivery.filter(|d| d.state == DeliveryState::Out) {
        if order.status == OrderStatus::Shipped {
            return if out.rider.id == *rider {
                Dispatch::AlreadyOut
            } else {
                Dispatch::Refused(DispatchRefusal::WithAnother {
                    rider: out.rider.name.clone(),
                })
            };
        }
    }
    if order.status != OrderStatus::Pending || order.refund_claim.is_some() {
        return Dispatch::Refused(DispatchRefusal::NotReady {
            status: order.status,
        });
    }
    if !paid_or_cash(order) {
        return Dispatch::Refused(DispatchRefusal::NotPaid);
    }
    Dispatch::Send
}

/// How a rider's 'Delivered' moves `order`, with the dollars they typed as collected: a cash
/// order not paid yet is paid with exactly its total (not a negative amount, nor a fraction of
/// a cent), and nothing else; another is only delivered.
pub fn handed_over(
    order: &Order,
    cash_collected: Option<f64>,
) -> Result<(OrderTransition, DeliveryStep), CashMismatch> {
    if !order.owes_cash_to_rider() {
        return Ok((
            OrderTransition::delivered_by_rider(),
            DeliveryStep::Delivered { cash: None },
        ));
    }
    match cash_collected.and_then(Money::from_dollars) {
        Some(collected) if collected == order.total => Ok((
            OrderTransition::delivered_paid_in_cash(),
            DeliveryStep::Delivered {
                cash: Some(collected),
            },
        )),
        _ => Err(CashMismatch { total: order.total }),
    }
}

/// A cash order is delivered only with its total collected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CashMismatch {
    pub total: Money,
}

impl CashMismatch {
    pub fn message(self) -> Message {
        CASH_NOT_TOTAL.with("total", self.total)
    }
}

impl OrderPlan {
    /// This plan (the order going out) with its rider and code, recorded with it; its 'on
    /// its way' messages tell the shopper both when they are written.
    pub fn going_out_with(mut self, rider: Rider, code: DeliveryCode) -> Self {
        self.delivery = DeliveryStep::Dispatch { rider, code };
        self
    }

    /// This plan (the rider bringing the order back) with its attempt, and the shopper told.
    pub fn brought_back_after(mut self, attempt: DeliveryAttempt, order: &Order) -> Self {
        self.messages
            .extend(order.to_customer(Topic::DeliveryFailed));
        self.delivery = DeliveryStep::NotDelivered(attempt);
        self
    }
}

impl OrderTransition {
    /// A dispatcher sends a waiting order out.
    pub fn going_out() -> Self {
        Self::status_change(OrderStatus::Pending, OrderStatus::Shipped)
    }

    /// The rider delivered it with the code.
    pub fn delivered_by_rider() -> Self {
        Self::status_change(OrderStatus::Shipped, OrderStatus::Delivered)
    }

    /// The rider delivered a cash order and collected its total: it is paid.
    pub fn delivered_paid_in_cash() -> Self {
        Self {
            payment: Some(PaymentChange {
                from: PaymentStatus::Pending,
                to: PaymentStatus::Paid,
                transaction_id: None,
            }),
            ..Self::delivered_by_rider()
        }
    }

    /// The rider brought it back: it waits to go out again.
    pub fn brought_back() -> Self {
        Self::status_change(OrderStatus::Shipped, OrderStatus::Pending)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::order::delivery::NotDelivered;
    use crate::order::testing::order;
    use crate::payment_method::PaymentMethod;

    fn rider(id: &str, name: &str) -> Rider {
        Rider {
            id: UserId::parse(id).unwrap(),
            name: name.into(),
            phone: "252615550001".into(),
        }
    }

    fn out_with(id: &str, wrong_codes: u8) -> Delivery {
        Delivery {
            rider: rider(id, "Hassan Ali"),
            state: DeliveryState::Out,
            code: DeliveryCode::parse("0427").unwrap(),
            wrong_codes,
            dispatched_at: "2026-11-27T08:00:00Z".parse().unwrap(),
            delivered_at: None,
            cash_collected: None,
            attempts: vec![],
        }
    }

    #[test]
    fn a_code_is_four_digits_and_matches_as_typed_with_spaces_around() {
        assert_eq!(DeliveryCode::from_random(7).as_str(), "0007");
        assert_eq!(DeliveryCode::from_random(123_456).as_str(), "3456");
        assert!(DeliveryCode::parse("12a4").is_none());
        assert!(DeliveryCode::parse("12345").is_none());
        let code = DeliveryCode::parse("0427").unwrap();
        assert!(code.matches(" 0427 "));
        assert!(!code.matches("427"));
    }

    #[test]
    fn five_wrong_codes_lock_the_delivery_until_the_shop_resets_it() {
        let hassan = UserId::parse("r1").unwrap();
        assert!(out_with("r1", 0).is_out_with(&hassan));
        let code = DeliveryCode::parse("0427").unwrap();
        let typed = |wrong, typed| try_code(DeliveryState::Out, &code, wrong, typed);
        assert_eq!(typed(4, " 0427"), CodeTry::Right);
        assert_eq!(typed(0, "1111"), CodeTry::Wrong { wrong_codes: 1 });
        assert_eq!(typed(4, "1111"), CodeTry::Wrong { wrong_codes: 5 });
        // Locked: even the right code waits for the shop, and nothing is compared.
        assert_eq!(typed(5, "0427"), CodeTry::Locked);
        assert_eq!(
            try_code(DeliveryState::Delivered, &code, 0, "0427"),
            CodeTry::NotOut
        );
        assert_eq!(
            CodeTry::Wrong { wrong_codes: 2 }.refusal(),
            Some(CodeRefusal::Wrong { tries_left: 3 })
        );
        assert_eq!(
            CodeTry::Wrong { wrong_codes: 5 }.refusal(),
            Some(CodeRefusal::Wrong { tries_left: 0 })
        );
        assert_eq!(CodeTry::Locked.refusal(), Some(CodeRefusal::Locked));
        assert_eq!(CodeTry::Right.refusal(), None);
        assert_eq!(
            CodeRefusal::Wrong { tries_left: 3 }.message().as_str(),
            "That is not the delivery code. 3 tries left."
        );
        assert_eq!(
            CodeRefusal::Wrong { tries_left: 1 }.message().as_str(),
            "That is not the delivery code. 1 try left."
        );
        assert_eq!(
            CodeRefusal::Wrong { tries_left: 0 }.message().as_str(),
            "That is not the delivery code. No tries left: ask the shop to reset it."
        );
        assert_eq!(
            CodeRefusal::Locked.message().as_str(),
            "Five wrong codes were typed for this order. Ask the shop to reset its code."
        );
    }

    #[test]
    fn a_paid_or_cash_order_goes_out_once_and_never_with_a_second_rider() {
        let paid = order(OrderStatus::Pending, PaymentStatus::Paid);
        let r1 = UserId::parse("r1").unwrap();
        assert_eq!(dispatch(&paid, None, &r1), Dispatch::Send);
        let shipped = order(OrderStatus::Shipped, PaymentStatus::Paid);
        assert_eq!(
            dispatch(&shipped, Some(&out_with("r1", 0)), &r1),
            Dispatch::AlreadyOut
        );
        let r2 = UserId::parse("r2").unwrap();
        let Dispatch::Refused(refusal) = dispatch(&shipped, Some(&out_with("r1", 0)), &r2) else {
            panic!("a second rider was given the order");
        };
        assert_eq!(
            refusal.message(&shipped).as_str(),
            "Order o1 is already out with Hassan Ali"
        );
        let unpaid = order(OrderStatus::Pending, PaymentStatus::Pending);
        assert_eq!(
            dispatch(&unpaid, None, &r1),
            Dispatch::Refused(DispatchRefusal::NotPaid)
        );
        let cash = Order {
            payment_method: Some(PaymentMethod::CashOnDelivery),
            ..unpaid
        };
        assert_eq!(dispatch(&cash, None, &r1), Dispatch::Send);
        assert!(ready_to_go_out(&cash));
        let canceled = order(OrderStatus::Canceled, PaymentStatus::Refunded);
        let Dispatch::Refused(refusal) = dispatch(&canceled, None, &r1) else {
            panic!("a canceled order went out");
        };
        assert_eq!(
            refusal.message(&canceled).as_str(),
            "Order o1 cannot go out: it is canceled"
        );
    }

    #[test]
    fn a_failed_attempt_sends_the_order_back_to_wait_for_a_rider() {
        let back = OrderTransition::brought_back();
        assert_eq!(
            (back.from, back.to),
            (OrderStatus::Shipped, OrderStatus::Pending)
        );
        let failed = Delivery {
            state: DeliveryState::Failed,
            ..out_with("r1", 1)
        };
        let again = order(OrderStatus::Pending, PaymentStatus::Paid);
        assert_eq!(
            dispatch(&again, Some(&failed), &UserId::parse("r2").unwrap()),
            Dispatch::Send
        );
        for reason in NotDelivered::ALL {
            assert_eq!(NotDelivered::parse(reason.as_str()), Some(reason));
        }
        assert_eq!(NotDelivered::parse("lost"), None);
    }

    #[test]
    fn a_rider_bringing_an_order_back_keeps_the_attempt_and_tells_the_shopper() {
        let shipped = order(OrderStatus::Shipped, PaymentStatus::Paid);
        let attempt = DeliveryAttempt {
            at: "2026-11-27T10:00:00Z".parse().unwrap(),
            reason: NotDelivered::Unreachable,
            rider: "Hassan Ali".into(),
        };
        let plan = OrderTransition::brought_back()
            .plan(&shipped, attempt.at)
            .brought_back_after(attempt.clone(), &shipped);
        assert_eq!(plan.status, OrderStatus::Pending);
        assert_eq!(plan.delivery, DeliveryStep::NotDelivered(attempt));
        let told: Vec<_> = plan.messages.iter().map(|m| (m.topic, m.channel)).collect();
        use crate::notification::Channel;
        assert_eq!(
            told,
            [
                (Topic::DeliveryFailed, Channel::Email),
                (Topic::DeliveryFailed, Channel::Sms)
            ]
        );
    }
}
