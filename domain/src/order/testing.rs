//! Orders to test rules with.

use super::{Changer, Channel, Order, OrderStatus, PaymentStatus};
use crate::ids::{OrderId, UserId};
use crate::money::Money;
use crate::payment_method::PaymentMethod;
use crate::phone::MobileNumber;

/// Amina's order o1 of $15.00 ($10.00 and $5.00 shipping), with no lines, placed
/// 2026-11-20 10:00 UTC.
pub(crate) fn order(status: OrderStatus, payment: PaymentStatus) -> Order {
    Order {
        id: OrderId::parse("o1").unwrap(),
        number: super::OrderNumber::FIRST,
        user_id: UserId::parse("u1").unwrap(),
        customer_name: "Amina".into(),
        customer_email: "amina@example.com".into(),
        lines: Vec::new(),
        subtotal: Money::from_cents(1000).unwrap(),
        shipping_fee: Money::from_cents(500).unwrap(),
        total: Money::from_cents(1500).unwrap(),
        status,
        payment_status: payment,
        payment_method: Some(PaymentMethod::EvcPlus),
        payment_phone: MobileNumber::parse("615123456").unwrap(),
        transaction_id: None,
        payment_reference: None,
        shipping_address: None,
        idempotency_key: None,
        created_at: "2026-11-20T10:00:00Z".parse().unwrap(),
        hold_expired_at: None,
        discount: None,
        delivered_at: None,
        refunded: Money::ZERO,
        refund_claim: None,
        delivery: None,
        history: Vec::new(),
        channel: Channel::Web,
    }
}

/// Amina's order o1 taken by phone by Hodan at `placed_at`, waiting for its payment to be
/// chosen.
pub(crate) fn phone_order(placed_at: chrono::DateTime<chrono::Utc>) -> Order {
    Order {
        payment_method: None,
        created_at: placed_at,
        channel: Channel::Phone {
            taken_by: Changer {
                id: UserId::parse("staff1").unwrap(),
                name: "Hodan".into(),
            },
        },
        ..order(OrderStatus::Pending, PaymentStatus::Pending)
    }
}
