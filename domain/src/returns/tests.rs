use super::*;
use crate::discount::DiscountCode;
use crate::order::{Channel, OrderDiscount, OrderLine};
use crate::payment_method::PaymentMethod;
use crate::phone::MobileNumber;
use chrono::TimeZone;
use proptest::prelude::*;

fn cents(cents: i64) -> Money {
    Money::from_cents(cents).unwrap()
}

fn delivered_on() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 1, 10, 0, 0).unwrap()
}

fn line(name: &str, unit_cents: i64, quantity: u32) -> OrderLine {
    OrderLine {
        product_id: ProductId::parse(&name.to_lowercase()).unwrap(),
        name: name.into(),
        image: None,
        unit_price: cents(unit_cents),
        quantity,
        variant: None,
    }
}

/// A delivered, paid order: 3 dresses at $20.00 and 1 scarf at $10.00, shipping $5.00, with
/// `discount` taken off by a code.
pub(crate) fn order(discount: i64) -> Order {
    let lines = vec![line("Dress", 2000, 3), line("Scarf", 1000, 1)];
    let subtotal = cents(7000);
    Order {
        id: OrderId::parse("o1").unwrap(),
        number: crate::order::OrderNumber::FIRST,
        user_id: UserId::parse("amina").unwrap(),
        customer_name: "Amina".into(),
        customer_email: "amina@example.com".into(),
        lines,
        subtotal,
        shipping_fee: cents(500),
        total: subtotal - cents(discount) + cents(500),
        status: OrderStatus::Delivered,
        payment_status: PaymentStatus::Paid,
        payment_method: Some(PaymentMethod::EvcPlus),
        payment_phone: MobileNumber::parse("615551234").unwrap(),
        transaction_id: Some("T1".into()),
        payment_reference: None,
        shipping_address: None,
        idempotency_key: None,
        created_at: delivered_on() - TimeDelta::days(3),
        hold_expired_at: None,
        discount: (discount > 0).then(|| OrderDiscount {
            code: DiscountCode::parse("EID-2026").unwrap(),
            amount: cents(discount),
        }),
        delivered_at: Some(delivered_on()),
        refunded: Money::ZERO,
        refund_claim: None,
        delivery: None,
        history: Vec::new(),
        channel: Channel::Web,
    }
}

fn ask(lines: &[(&str, i64)]) -> ReturnInput {
    ReturnInput {
        lines: lines.iter().map(|(id, q)| (id.to_string(), *q)).collect(),
        reason: "Too small".into(),
    }
}

pub(crate) fn day(n: i64) -> DateTime<Utc> {
    delivered_on() + TimeDelta::days(n)
}

pub(crate) fn plan(
    order: &Order,
    held: &HeldByReturns,
    lines: &[(&str, i64)],
) -> Result<ReturnPlan, ReturnRefusal> {
    plan_return(order, held, &ask(lines), day(2))
}

/// A return of these lines in `status`, as stored.
pub(crate) fn stored(plan: ReturnPlan, status: ReturnStatus) -> Return {
    Return {
        id: ReturnId::parse("r1").unwrap(),
        order_id: OrderId::parse("o1").unwrap(),
        order_number: crate::order::OrderNumber::FIRST,
        user_id: UserId::parse("amina").unwrap(),
        customer_name: "Amina".into(),
        customer_email: "amina@example.com".into(),
        status,
        lines: plan.lines,
        refund_amount: plan.refund_amount,
        reason: plan.reason,
        created_at: day(2),
        history: Vec::new(),
        refund_claim: None,
        order_payment: payout::OrderPayment {
            method: Some(PaymentMethod::EvcPlus),
            transaction_id: Some("T1".into()),
        },
        refund_paid_with: None,
    }
}

#[test]
fn line_ids_are_the_order_and_the_place_of_the_line() {
    assert_eq!(order(0).line_id(0).as_str(), "o1-1");
    assert_eq!(order(0).line_id(1).as_str(), "o1-2");
    let o1 = OrderId::parse("o1").unwrap();
    assert_eq!(order(0).line_id(1).index_in(&o1), Some(1));
    for other in ["o1-0", "o1-01", "o1-x", "o12-1", "o1-", "o2-1"] {
        let id = OrderLineId::parse(other).unwrap();
        assert_eq!(id.index_in(&o1), None, "{other}");
    }
}

#[test]
fn a_delivered_order_may_be_returned_for_30_days_after_delivery() {
    let order = order(0);
    let held = HeldByReturns::default();
    let at = |when| plan_return(&order, &held, &ask(&[("o1-1", 1)]), when);
    assert!(at(day(30)).is_ok());
    assert_eq!(
        at(day(30) + TimeDelta::seconds(1)),
        Err(ReturnRefusal::WindowClosed {
            ended: "1 December 2026".into()
        })
    );
    assert!(returnable(&order, &held, day(30)).allowed());
    assert_eq!(
        returnable(&order, &held, day(31)).refusal,
        Some(ReturnRefusal::WindowClosed {
            ended: "1 December 2026".into()
        })
    );
}

#[test]
fn the_window_shows_only_while_delivered_and_keeps_the_first_delivery() {
    let delivered = order(0);
    assert_eq!(return_deadline(&delivered), Some(day(30)));
    // Moved back to shipped by an admin: it keeps its first delivery, and no window shows.
    let moved_back = Order {
        status: OrderStatus::Shipped,
        ..order(0)
    };
    assert_eq!(return_deadline(&moved_back), None);
    assert_eq!(
        returnable(&moved_back, &HeldByReturns::default(), day(1)).refusal,
        Some(ReturnRefusal::NotDelivered)
    );
}

/// Each line's units left to return, as (line, units).
fn left(returnable: &Returnable) -> Vec<(&str, u32)> {
    returnable
        .left
        .iter()
        .map(|line| (line.line_id.as_str(), line.units))
        .collect()
}

#[test]
fn an_order_says_whether_it_may_be_returned_why_not_and_what_is_left() {
    let order = order(0);
    let none = HeldByReturns::default();
    let open = returnable(&order, &none, day(2));
    assert_eq!(open.refusal, None);
    assert_eq!(left(&open), [("o1-1", 3), ("o1-2", 1)]);

    let two = stored(
        plan(&order, &none, &[("o1-1", 2)]).unwrap(),
        ReturnStatus::Requested,
    );
    let some = returnable(&order, &HeldByReturns::of([&two]), day(2));
    assert!(some.allowed());
    assert_eq!(left(&some), [("o1-1", 1), ("o1-2", 1)]);

    // Every unit in a return: nothing left, said as a shopper reads it.
    let rest = stored(
        plan(
            &order,
            &HeldByReturns::of([&two]),
            &[("o1-1", 1), ("o1-2", 1)],
        )
        .unwrap(),
        ReturnStatus::Approved,
    );
    let all = returnable(&order, &HeldByReturns::of([&two, &rest]), day(2));
    assert_eq!(all.refusal, Some(ReturnRefusal::AllInReturns));
    assert_eq!(
        ReturnRefusal::AllInReturns.to_string(),
        "Every item of this order is already in a return"
    );
    assert_eq!(left(&all), [("o1-1", 0), ("o1-2", 0)]);

    // A rejected return frees its units again.
    let rejected = Return {
        status: ReturnStatus::Rejected,
        ..rest
    };
    let freed = returnable(&order, &HeldByReturns::of([&two, &rejected]), day(2));
    assert!(freed.allowed());
    assert_eq!(left(&freed), [("o1-1", 1), ("o1-2", 1)]);
}

#[test]
fn an_order_says_first_what_its_state_refuses() {
    let none = HeldByReturns::default();
    let why = |order: &Order| returnable(order, &none, day(2)).refusal;
    let unpaid = Order {
        payment_status: PaymentStatus::Pending,
        ..order(0)
    };
    assert_eq!(why(&unpaid), Some(ReturnRefusal::NotPaid));
    assert_eq!(
        ReturnRefusal::NotPaid.to_string(),
        "Only paid orders can be returned"
    );
    let refunded = Order {
        payment_status: PaymentStatus::Refunded,
        ..order(0)
    };
    assert_eq!(why(&refunded), Some(ReturnRefusal::RefundedInFull));
    let partly = Order {
        payment_status: PaymentStatus::PartiallyRefunded,
        refunded: cents(2000),
        ..order(0)
    };
    assert_eq!(why(&partly), None);
    // A cancel's refund under way: a request would be refused as it is.
    let refunding = Order {
        refund_claim: Some(RefundClaim {
            sent_at: day(1),
            unconfirmed_at: Some(day(1)),
        }),
        ..order(0)
    };
    assert_eq!(why(&refunding), Some(ReturnRefusal::RefundUnderWay));
    assert_eq!(
        ReturnRefusal::RefundUnderWay.to_string(),
        "A refund of this order is under way. Please reload and try again."
    );
    assert_eq!(
        plan(&refunding, &none, &[("o1-1", 1)]),
        Err(ReturnRefusal::RefundUnderWay)
    );
}

#[test]
fn only_delivered_paid_orders_may_be_returned() {
    let shipped = Order {
        status: OrderStatus::Shipped,
        delivered_at: None,
        ..order(0)
    };
    let held = HeldByReturns::default();
    assert_eq!(
        plan(&shipped, &held, &[("o1-1", 1)]),
        Err(ReturnRefusal::NotDelivered)
    );
    let refunded = Order {
        payment_status: PaymentStatus::Refunded,
        ..order(0)
    };
    assert_eq!(
        plan(&refunded, &held, &[("o1-1", 1)]),
        Err(ReturnRefusal::RefundedInFull)
    );
    let unpaid = Order {
        payment_status: PaymentStatus::Pending,
        ..order(0)
    };
    assert_eq!(
        plan(&unpaid, &held, &[("o1-1", 1)]),
        Err(ReturnRefusal::NotPaid)
    );
    let partly = Order {
        payment_status: PaymentStatus::PartiallyRefunded,
        ..order(0)
    };
    assert!(plan(&partly, &held, &[("o1-1", 1)]).is_ok());
    assert!(ReturnRefusal::NotDelivered.is_conflict());
    assert!(!ReturnRefusal::BadQuantity.is_conflict());
}

#[test]
fn a_request_names_lines_of_the_order_in_whole_quantities_with_a_reason() {
    let order = order(0);
    let held = HeldByReturns::default();
    assert_eq!(plan(&order, &held, &[]), Err(ReturnRefusal::NoLines));
    assert_eq!(
        plan(&order, &held, &[("o2-1", 1)]),
        Err(ReturnRefusal::UnknownLine {
            line: "o2-1".into()
        })
    );
    assert_eq!(
        plan(&order, &held, &[("o1-1", 0)]),
        Err(ReturnRefusal::BadQuantity)
    );
    assert_eq!(
        plan(&order, &held, &[("o1-1", -2)]),
        Err(ReturnRefusal::BadQuantity)
    );
    let blank = ReturnInput {
        reason: "  ".into(),
        ..ask(&[("o1-1", 1)])
    };
    assert_eq!(
        plan_return(&order, &held, &blank, day(1)),
        Err(ReturnRefusal::ReasonMissing)
    );
    let long = ReturnInput {
        reason: "é".repeat(REASON_MAX + 1),
        ..ask(&[("o1-1", 1)])
    };
    assert_eq!(
        plan_return(&order, &held, &long, day(1)),
        Err(ReturnRefusal::ReasonTooLong)
    );
}

#[test]
fn at_most_what_was_bought_less_what_returns_not_rejected_hold() {
    let order = order(0);
    let none = HeldByReturns::default();
    assert_eq!(
        plan(&order, &none, &[("o1-1", 4)]),
        Err(ReturnRefusal::TooMany {
            name: "Dress".into(),
            left: 3
        })
    );
    // The same line twice is one ask for both.
    assert_eq!(
        plan(&order, &none, &[("o1-1", 2), ("o1-1", 2)]),
        Err(ReturnRefusal::TooMany {
            name: "Dress".into(),
            left: 3
        })
    );
    let two = stored(
        plan(&order, &none, &[("o1-1", 2)]).unwrap(),
        ReturnStatus::Approved,
    );
    let held = HeldByReturns::of([&two]);
    assert_eq!(
        plan(&order, &held, &[("o1-1", 2)]),
        Err(ReturnRefusal::TooMany {
            name: "Dress".into(),
            left: 1
        })
    );
    assert!(plan(&order, &held, &[("o1-1", 1)]).is_ok());
    let rejected = Return {
        status: ReturnStatus::Rejected,
        ..two
    };
    assert!(plan(&order, &HeldByReturns::of([&rejected]), &[("o1-1", 3)]).is_ok());
}

#[test]
fn a_refund_is_what_the_units_cost_and_shipping_comes_with_the_last_unit() {
    let order = order(0);
    let none = HeldByReturns::default();
    let first = plan(&order, &none, &[("o1-1", 2)]).unwrap();
    assert_eq!(first.lines[0].amount, cents(4000));
    assert_eq!(first.refund_amount, cents(4000));
    assert_eq!(first.reason, "Too small");
    let first = stored(first, ReturnStatus::Refunded);
    let rest = plan(
        &order,
        &HeldByReturns::of([&first]),
        &[("o1-2", 1), ("o1-1", 1)],
    )
    .unwrap();
    let amounts: Vec<i64> = rest.lines.iter().map(|l| l.amount.cents()).collect();
    assert_eq!(amounts, [1000, 2000]);
    assert_eq!(
        rest.refund_amount,
        cents(3500),
        "the units and the $5.00 shipping"
    );
    assert_eq!(first.refund_amount + rest.refund_amount, order.total);
}

#[test]
fn a_code_discount_is_shared_by_line_subtotal_and_spread_over_the_units() {
    // $7.00 off $70.00: the dresses carry $6.00, the scarf $1.00.
    let order = order(700);
    let none = HeldByReturns::default();
    let one = plan(&order, &none, &[("o1-1", 1)]).unwrap();
    assert_eq!(one.lines[0].amount, cents(1800));
    let scarf = plan(&order, &none, &[("o1-2", 1)]).unwrap();
    assert_eq!(scarf.lines[0].amount, cents(900));
    // $1.00 off 3 units: 33, 33 and 34 cents, adding up to the line's share.
    let odd = order_with_shares(100);
    let mut held = HeldByReturns::default();
    let mut paid = Vec::new();
    for _ in 0..3 {
        let plan = plan(&odd, &held, &[("o1-1", 1)]).unwrap();
        paid.push(plan.lines[0].amount.cents());
        *held.units.entry(odd.line_id(0)).or_default() += 1;
        held.refunds = held.refunds + plan.refund_amount;
    }
    assert_eq!(paid, [1967, 1967, 1966]);
}

/// The order with only its dresses and `discount` off them.
fn order_with_shares(discount: i64) -> Order {
    let base = order(0);
    Order {
        lines: vec![base.lines[0].clone()],
        subtotal: cents(6000),
        total: cents(6000 - discount + 500),
        discount: Some(OrderDiscount {
            code: DiscountCode::parse("EID-2026").unwrap(),
            amount: cents(discount),
        }),
        ..base
    }
}

#[test]
fn returns_move_forward_one_step_at_a_time() {
    use ReturnStatus::*;
    assert!(Requested.can_become(Approved));
    assert!(Requested.can_become(Rejected));
    assert!(Approved.can_become(Received));
    assert!(Approved.can_become(Rejected));
    assert!(Received.can_become(Refunded));
    assert!(!Requested.can_become(Received));
    assert!(!Requested.can_become(Refunded));
    assert!(!Rejected.can_become(Approved));
    assert!(!Refunded.can_become(Received));
    assert!(!Received.can_become(Received));
    assert_eq!(Requested.next_steps(), [Approved, Rejected]);
    assert_eq!(Approved.next_steps(), [Received, Rejected]);
    assert_eq!(Received.next_steps(), [Refunded]);
    assert_eq!(Rejected.next_steps(), []);
    assert_eq!(Refunded.next_steps(), []);
    assert_eq!(ReturnStatus::parse("received"), Some(Received));
    assert_eq!(ReturnStatus::parse("lost"), None);
}

#[test]
fn a_return_whose_refund_is_claimed_takes_no_step() {
    let received = stored(
        plan(&order(0), &HeldByReturns::default(), &[("o1-1", 1)]).unwrap(),
        ReturnStatus::Received,
    );
    assert_eq!(received.next_steps(), [ReturnStatus::Refunded]);
    let refunding = Return {
        refund_claim: Some(RefundClaim {
            sent_at: day(3),
            unconfirmed_at: None,
        }),
        ..received
    };
    assert_eq!(refunding.next_steps(), []);
}

#[test]
fn a_paid_order_with_some_money_back_is_partly_refunded() {
    use PaymentStatus::*;
    assert_eq!(partly_refunded(Paid, cents(1)), PartiallyRefunded);
    assert_eq!(partly_refunded(Paid, Money::ZERO), Paid);
    assert_eq!(partly_refunded(Refunded, cents(500)), Refunded);
    assert_eq!(partly_refunded(Pending, Money::ZERO), Pending);
}

#[test]
fn the_payment_status_follows_what_was_refunded() {
    assert_eq!(
        payment_after_refunds(cents(100), Money::ZERO),
        PaymentStatus::Paid
    );
    assert_eq!(
        payment_after_refunds(cents(100), cents(40)),
        PaymentStatus::PartiallyRefunded
    );
    assert_eq!(
        payment_after_refunds(cents(100), cents(100)),
        PaymentStatus::Refunded
    );
}

proptest! {
    /// However the units go back (one return per unit, in any order), the refunds add up to
    /// exactly what the order cost, and none is ever more than what is left of it.
    #[test]
    fn every_unit_returned_gives_back_the_total_exactly(
        discount in 0i64..7_000,
        order_of_units in Just(vec![0usize, 0, 0, 1]).prop_shuffle(),
    ) {
        let order = order(discount);
        let mut held = HeldByReturns::default();
        for index in order_of_units {
            let id = order.line_id(index);
            let plan = plan_return(&order, &held, &ask(&[(id.as_str(), 1)]), day(1)).unwrap();
            prop_assert!(plan.refund_amount <= order.total.saturating_sub(held.refunds));
            *held.units.entry(id).or_default() += 1;
            held.refunds = held.refunds + plan.refund_amount;
        }
        prop_assert_eq!(held.refunds, order.total);
    }
}

#[test]
fn a_reason_with_a_control_character_is_refused_but_line_breaks_stay() {
    for bad in ["Too\0 small", "\u{1b}[31mToo small", "Too small\u{7}"] {
        let input = ReturnInput {
            reason: bad.into(),
            ..ask(&[("o1-1", 1)])
        };
        assert_eq!(
            input.check_text().unwrap_err().get("reason"),
            Some("reason must not contain control characters"),
            "{bad:?}"
        );
    }
    let typed = ReturnInput {
        reason: "Too small,\r\n\tand the colour is off".into(),
        ..ask(&[("o1-1", 1)])
    };
    assert_eq!(typed.check_text(), Ok(()));
}
