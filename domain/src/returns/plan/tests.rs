use super::*;
use crate::notification::Channel;
use crate::order::OrderStatus;
use crate::returns::tests::{day, order, plan, stored};
use crate::returns::HeldByReturns;
use crate::stock::StockFollowUp;
use chrono::NaiveDate;

fn boss() -> Changer {
    Changer {
        id: crate::UserId::parse("boss").unwrap(),
        name: "Boss".into(),
    }
}

/// Amina's return of one dress ($20.00) from her $75.00 order, in `status`.
fn one_dress(status: ReturnStatus) -> Return {
    let asked = plan(&order(0), &HeldByReturns::default(), &[("o1-1", 1)]).unwrap();
    stored(asked, status)
}

#[test]
fn receiving_puts_the_units_back_and_tells_the_shopper() {
    let step = one_dress(ReturnStatus::Approved)
        .plan_step(&order(0), ReturnStatus::Received, boss(), day(5))
        .unwrap();
    assert_eq!(
        (step.from, step.to),
        (ReturnStatus::Approved, ReturnStatus::Received)
    );
    assert!(!step.lands_refund);
    assert_eq!(
        step.restock
            .as_ref()
            .unwrap()
            .units
            .iter()
            .map(|u| (u.product.as_str(), u.label.as_str(), u.units))
            .collect::<Vec<_>>(),
        [("dress", "Dress", 1)]
    );
    assert_eq!(
        step.restock.as_ref().unwrap().follow_up,
        StockFollowUp::AnswerWaiting,
        "shoppers waiting for the dress are told"
    );
    assert!(step.catalog_changed);
    assert!(!step.releases_hold);
    assert_eq!(step.refund, None);
    assert_eq!(
        step.history,
        StatusChange {
            status: ReturnStatus::Received,
            at: day(5),
            by: Some(boss())
        }
    );
    let sent: Vec<_> = step
        .messages
        .iter()
        .map(|m| (m.topic, m.channel, m.payload.as_deref()))
        .collect();
    assert_eq!(
        sent,
        [
            (Topic::ReturnUpdated, Channel::Email, Some("received")),
            (Topic::ReturnUpdated, Channel::Sms, Some("received"))
        ]
    );
}

#[test]
fn a_rejection_frees_the_units_and_moves_no_stock() {
    let step = one_dress(ReturnStatus::Requested)
        .plan_step(&order(0), ReturnStatus::Rejected, boss(), day(5))
        .unwrap();
    assert!(step.releases_hold);
    assert_eq!(step.restock, None);
    assert!(!step.catalog_changed);
}

#[test]
fn a_refund_adds_to_what_went_back_and_the_last_one_refunds_the_order_in_full() {
    let received = one_dress(ReturnStatus::Received);
    let step = received
        .plan_step(&order(0), ReturnStatus::Refunded, boss(), day(6))
        .unwrap();
    assert!(step.lands_refund);
    let landing = step.refund.unwrap();
    assert_eq!(landing.refunded_before, Money::ZERO);
    assert_eq!(landing.refunded, received.refund_amount);
    assert_eq!(landing.payment_status, PaymentStatus::PartiallyRefunded);
    assert_eq!(landing.sales, SalesDelta::default());

    let rest_went_back = Order {
        refunded: order(0).total - received.refund_amount,
        payment_status: PaymentStatus::PartiallyRefunded,
        ..order(0)
    };
    let last = received
        .plan_step(&rest_went_back, ReturnStatus::Refunded, boss(), day(6))
        .unwrap()
        .refund
        .unwrap();
    assert_eq!(last.refunded, order(0).total);
    assert_eq!(last.payment_status, PaymentStatus::Refunded);
    let created = order(0).created_at.date_naive();
    assert_eq!(created, NaiveDate::from_ymd_opt(2026, 10, 29).unwrap());
    let counted = |orders, cents| crate::order::plan::DayDelta {
        orders,
        total_cents: cents,
    };
    assert_eq!(
        last.sales.days.into_iter().collect::<Vec<_>>(),
        [
            (
                (
                    created,
                    OrderStatus::Delivered,
                    PaymentStatus::PartiallyRefunded
                ),
                counted(-1, -7500)
            ),
            (
                (created, OrderStatus::Delivered, PaymentStatus::Refunded),
                counted(1, 7500)
            ),
        ]
    );
}

#[test]
fn a_refund_past_what_is_left_of_the_charge_is_refused() {
    let refunded_in_full = Order {
        refunded: order(0).total,
        payment_status: PaymentStatus::Refunded,
        ..order(0)
    };
    assert_eq!(
        one_dress(ReturnStatus::Received).plan_step(
            &refunded_in_full,
            ReturnStatus::Refunded,
            boss(),
            day(6)
        ),
        Err(RefundedOtherwise)
    );
}

#[test]
fn a_shopper_hears_of_every_step_of_a_return_they_did_not_take_themselves() {
    assert!(!return_change_announced(ReturnStatus::Requested));
    for status in [
        ReturnStatus::Approved,
        ReturnStatus::Rejected,
        ReturnStatus::Received,
        ReturnStatus::Refunded,
    ] {
        assert!(return_change_announced(status));
    }
}
