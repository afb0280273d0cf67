use super::*;
use crate::discount::DiscountCode;
use crate::notification::{Channel, Topic};
use crate::order::testing::order;
use crate::order::{OrderDiscount, OrderLine, PaymentChange};
use crate::variant::VariantSnapshot;
use OrderStatus::*;

fn at(raw: &str) -> DateTime<Utc> {
    raw.parse().unwrap()
}

/// A paid order of two dresses in M and a scarf, with the code WELCOME10.
fn paid_order(status: OrderStatus) -> Order {
    let line = |product: &str, name: &str, size: Option<&str>, quantity| OrderLine {
        product_id: ProductId::parse(product).unwrap(),
        name: name.into(),
        image: None,
        unit_price: Money::from_cents(500).unwrap(),
        quantity,
        variant: size.map(|size| VariantSnapshot {
            id: VariantId::parse(&format!("{product}-{size}")).unwrap(),
            size: size.into(),
            colour: Some("Black".into()),
            sku: format!("SKU-{size}"),
        }),
    };
    Order {
        lines: vec![
            line("dress", "Dress", Some("M"), 2),
            line("scarf", "Scarf", None, 1),
        ],
        discount: Some(OrderDiscount {
            code: DiscountCode::parse("WELCOME10").unwrap(),
            amount: Money::from_cents(100).unwrap(),
        }),
        ..order(status, PaymentStatus::Paid)
    }
}

fn topics(plan: &OrderPlan) -> Vec<(Topic, Channel)> {
    plan.messages.iter().map(|m| (m.topic, m.channel)).collect()
}

#[test]
fn a_cancel_before_shipping_puts_every_unit_back_refunds_all_and_gives_the_code_back() {
    let order = paid_order(Pending);
    let now = at("2026-11-26T09:00:00Z");
    let cancel = OrderTransition::admin_status_change(&order, Canceled).unwrap();
    let plan = cancel.plan(&order, now);

    assert_eq!(plan.status, Canceled);
    assert_eq!(plan.payment_status, PaymentStatus::Refunded);
    assert_eq!(plan.refunded, Some(Money::from_cents(1500).unwrap()));
    assert!(plan.requires_no_returns);
    assert_eq!(plan.payment_from, PaymentStatus::Paid);
    let stock = plan.stock.as_ref().unwrap();
    assert!(!stock.takes);
    let moved: Vec<(&str, Option<&str>, &str, u32)> = stock
        .units
        .iter()
        .map(|u| {
            let variant = u.variant.as_ref().map(|v| v.as_str());
            (u.product.as_str(), variant, u.label.as_str(), u.units)
        })
        .collect();
    assert_eq!(
        moved,
        [
            ("dress", Some("dress-M"), "Dress (M, Black)", 2),
            ("scarf", None, "Scarf", 1)
        ]
    );
    assert!(plan.catalog_changed);
    assert_eq!(plan.discount_use, DiscountUseChange::GiveBack);
    assert_eq!(
        plan.history,
        Some(StatusChange {
            status: Canceled,
            at: now,
            by: None
        })
    );
    assert_eq!(
        topics(&plan),
        [
            (Topic::OrderCanceled, Channel::Email),
            (Topic::OrderCanceled, Channel::Sms)
        ]
    );
    assert_eq!(plan.delivered_at, None);
    assert_eq!(plan.empties_cart_of, None);

    let day = NaiveDate::from_ymd_opt(2026, 11, 20).unwrap();
    let moved_out = DayDelta {
        orders: -1,
        total_cents: -1500,
    };
    let moved_in = DayDelta {
        orders: 1,
        total_cents: 1500,
    };
    assert_eq!(
        plan.sales.days,
        BTreeMap::from([
            ((day, Pending, PaymentStatus::Paid), moved_out),
            ((day, Canceled, PaymentStatus::Refunded), moved_in),
        ])
    );
    assert_eq!(
        plan.sales.units,
        BTreeMap::from([("Dress".to_owned(), -2), ("Scarf".to_owned(), -1)])
    );
}

#[test]
fn a_delivery_is_recorded_once_and_a_reopening_takes_the_code_at_the_orders_time() {
    let now = at("2026-11-26T09:00:00Z");
    let shipped = paid_order(Shipped);
    let delivery = OrderTransition::status_change(Shipped, Delivered).plan(&shipped, now);
    assert_eq!(delivery.delivered_at, Some(now));
    assert_eq!(delivery.stock, None);
    assert!(!delivery.catalog_changed);
    assert!(delivery.sales.units.is_empty());
    assert_eq!(
        topics(&delivery),
        [
            (Topic::OrderDelivered, Channel::Email),
            (Topic::OrderDelivered, Channel::Sms)
        ]
    );
    // Delivered before, moved back by an admin and delivered again: the window stays.
    let delivered_before = Order {
        delivered_at: Some(at("2026-11-22T09:00:00Z")),
        ..shipped
    };
    let again = OrderTransition::status_change(Shipped, Delivered).plan(&delivered_before, now);
    assert_eq!(again.delivered_at, None);

    let canceled = Order {
        payment_status: PaymentStatus::Failed,
        ..paid_order(Canceled)
    };
    let reopening = OrderTransition {
        discount_use: DiscountUse::Take,
        ..OrderTransition::status_change(Canceled, Pending)
    }
    .plan(&canceled, now);
    assert_eq!(
        reopening.discount_use,
        DiscountUseChange::Take {
            code: DiscountCode::parse("WELCOME10").unwrap(),
            user: UserId::parse("u1").unwrap(),
            at: at("2026-11-20T10:00:00Z"),
        }
    );
    assert!(reopening.stock.as_ref().unwrap().takes);
    assert!(!reopening.requires_no_returns);
}

#[test]
fn paying_at_checkout_empties_the_cart_and_announces_the_order_without_moving_stock() {
    let placed = Order {
        payment_status: PaymentStatus::Pending,
        ..paid_order(Pending)
    };
    let now = at("2026-11-20T10:00:02Z");
    let plan = OrderTransition::paid_at_checkout("TX-1".into()).plan(&placed, now);
    assert_eq!(plan.payment_from, PaymentStatus::Pending);
    assert_eq!(plan.payment_status, PaymentStatus::Paid);
    assert_eq!(plan.transaction_id.as_deref(), Some("TX-1"));
    assert_eq!(plan.empties_cart_of, Some(UserId::parse("u1").unwrap()));
    assert_eq!(plan.history, None);
    assert_eq!(plan.refunded, None);
    assert_eq!(plan.stock, None);
    assert_eq!(
        topics(&plan),
        [
            (Topic::OrderConfirmed, Channel::Email),
            (Topic::OrderConfirmed, Channel::Sms),
            (Topic::NewOrder, Channel::Email)
        ]
    );
    assert_eq!(plan.messages[2].recipient, None, "the shop's own alert");
    let day = NaiveDate::from_ymd_opt(2026, 11, 20).unwrap();
    assert_eq!(
        plan.sales.days.keys().collect::<Vec<_>>(),
        [
            &(day, Pending, PaymentStatus::Pending),
            &(day, Pending, PaymentStatus::Paid)
        ]
    );
}

#[test]
fn a_failed_payment_cancels_silently_and_a_hold_that_ran_out_says_when() {
    let placed = Order {
        payment_status: PaymentStatus::Pending,
        ..paid_order(Pending)
    };
    let now = at("2026-11-20T10:30:00Z");
    let failed = OrderTransition {
        payment: Some(PaymentChange {
            from: PaymentStatus::Pending,
            to: PaymentStatus::Failed,
            transaction_id: None,
        }),
        ..OrderTransition::status_change(Pending, Canceled)
    }
    .plan(&placed, now);
    assert!(failed.messages.is_empty());
    assert_eq!(failed.refunded, None);
    assert_eq!(failed.hold_expired_at, None);
    let expired = crate::payment_hold::hold_expiry().plan(&placed, now);
    assert_eq!(expired.hold_expired_at, Some(now));
    assert_eq!(expired.payment_status, PaymentStatus::Failed);
}

#[test]
fn a_new_order_counts_once_with_its_units_sold() {
    let placed = SalesDelta::placed(&paid_order(Pending));
    let day = NaiveDate::from_ymd_opt(2026, 11, 20).unwrap();
    assert_eq!(
        placed.days,
        BTreeMap::from([(
            (day, Pending, PaymentStatus::Paid),
            DayDelta {
                orders: 1,
                total_cents: 1500
            }
        )])
    );
    assert_eq!(
        placed.units,
        BTreeMap::from([("Dress".to_owned(), 2), ("Scarf".to_owned(), 1)])
    );
}

#[test]
fn a_payment_change_applies_from_its_own_payment_status_not_the_one_read() {
    // Read after the payment was recorded: confirming it again must find it pending.
    let paid = paid_order(Pending);
    let confirm = OrderTransition::payment_change(
        Pending,
        PaymentChange {
            from: PaymentStatus::Pending,
            to: PaymentStatus::Paid,
            transaction_id: None,
        },
    );
    let plan = confirm.plan(&paid, at("2026-11-26T09:00:00Z"));
    assert_eq!(plan.payment_from, PaymentStatus::Pending);
    let ship = OrderTransition::status_change(Pending, Shipped).plan(&paid, plan.at);
    assert_eq!(ship.payment_from, PaymentStatus::Paid);
}

#[test]
fn a_paid_order_confirms_and_alerts_the_shop_and_each_step_after_is_announced() {
    use OrderStatus::*;
    use PaymentStatus as P;
    assert_eq!(
        order_change_topics(Pending, Pending, Some((P::Pending, P::Paid))),
        [Topic::OrderConfirmed, Topic::NewOrder]
    );
    assert_eq!(
        order_change_topics(Pending, Shipped, None),
        [Topic::OrderShipped]
    );
    assert_eq!(
        order_change_topics(Shipped, Delivered, None),
        [Topic::OrderDelivered]
    );
    assert_eq!(
        order_change_topics(Pending, Canceled, Some((P::Paid, P::Refunded))),
        [Topic::OrderCanceled]
    );
    assert_eq!(
        order_change_topics(Pending, Canceled, None),
        [Topic::OrderCanceled],
        "a payment that was never confirmed"
    );
    assert!(
        order_change_topics(Pending, Canceled, Some((P::Pending, P::Failed))).is_empty(),
        "a declined payment was shown at checkout"
    );
    assert!(order_change_topics(Canceled, Canceled, None).is_empty());
    assert!(order_change_topics(Delivered, Delivered, None).is_empty());
}
