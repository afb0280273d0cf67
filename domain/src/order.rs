//! Orders: statuses, payment statuses, line snapshots and what a status change does to stock.

use crate::checkout::{MobileNumber, ShippingAddress};
use crate::ids::{OrderId, ProductId, UserId};
use crate::money::Money;
use chrono::{DateTime, Utc};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OrderStatus {
    Pending,
    Shipped,
    Delivered,
    Canceled,
}

impl OrderStatus {
    pub const ALL: [OrderStatus; 4] = [
        OrderStatus::Pending,
        OrderStatus::Shipped,
        OrderStatus::Delivered,
        OrderStatus::Canceled,
    ];

    pub fn parse(raw: &str) -> Option<Self> {
        match raw.trim().to_lowercase().as_str() {
            "pending" => Some(OrderStatus::Pending),
            "shipped" => Some(OrderStatus::Shipped),
            "delivered" => Some(OrderStatus::Delivered),
            "canceled" | "cancelled" => Some(OrderStatus::Canceled),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            OrderStatus::Pending => "pending",
            OrderStatus::Shipped => "shipped",
            OrderStatus::Delivered => "delivered",
            OrderStatus::Canceled => "canceled",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PaymentStatus {
    Pending,
    Paid,
    Failed,
    Refunded,
}

impl PaymentStatus {
    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "pending" => Some(PaymentStatus::Pending),
            "paid" => Some(PaymentStatus::Paid),
            "failed" => Some(PaymentStatus::Failed),
            "refunded" => Some(PaymentStatus::Refunded),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            PaymentStatus::Pending => "pending",
            PaymentStatus::Paid => "paid",
            PaymentStatus::Failed => "failed",
            PaymentStatus::Refunded => "refunded",
        }
    }
}

/// A snapshot of what was bought, so the order survives later edits or deletion of the product.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderLine {
    pub product_id: ProductId,
    pub name: String,
    pub image: Option<String>,
    pub unit_price: Money,
    pub quantity: u32,
}

impl OrderLine {
    pub fn line_total(&self) -> Money {
        self.unit_price.times(self.quantity)
    }
}

pub const PAYMENT_METHOD_EVC_PLUS: &str = "evc-plus";

#[derive(Debug, Clone, PartialEq)]
pub struct Order {
    pub id: OrderId,
    pub user_id: UserId,
    /// The customer's name and e-mail when the order was placed.
    pub customer_name: String,
    pub customer_email: String,
    pub lines: Vec<OrderLine>,
    pub subtotal: Money,
    pub shipping_fee: Money,
    pub total: Money,
    pub status: OrderStatus,
    pub payment_status: PaymentStatus,
    pub payment_method: String,
    pub payment_phone: MobileNumber,
    pub transaction_id: Option<String>,
    pub shipping_address: Option<ShippingAddress>,
    /// The shopper's `Idempotency-Key`, so a retried checkout finds this order.
    pub idempotency_key: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl Order {
    pub fn item_count(&self) -> u32 {
        self.lines.iter().map(|l| l.quantity).sum()
    }

    /// Revenue counts paid orders that were not canceled (DESIGN.md section 4).
    pub fn counts_as_revenue(&self) -> bool {
        counts_as_revenue(self.status, self.payment_status)
    }
}

pub fn counts_as_revenue(status: OrderStatus, payment: PaymentStatus) -> bool {
    payment == PaymentStatus::Paid && status != OrderStatus::Canceled
}

/// What a status change does to the stock of the order's lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockEffect {
    None,
    /// Canceling puts the stock back.
    Release,
    /// Leaving canceled takes the stock again (refused when it is no longer there).
    Reserve,
}

pub fn stock_effect(from: OrderStatus, to: OrderStatus) -> StockEffect {
    match (from == OrderStatus::Canceled, to == OrderStatus::Canceled) {
        (false, true) => StockEffect::Release,
        (true, false) => StockEffect::Reserve,
        _ => StockEffect::None,
    }
}

/// One atomic change of an order, applied only while the order still has status `from`
/// (so two admins racing cannot apply the same stock effect twice).
#[derive(Debug, Clone, PartialEq)]
pub struct OrderTransition {
    pub from: OrderStatus,
    pub to: OrderStatus,
    pub stock: StockEffect,
    pub payment_status: Option<PaymentStatus>,
    pub transaction_id: Option<String>,
}

impl OrderTransition {
    pub fn status_change(from: OrderStatus, to: OrderStatus) -> Self {
        Self {
            from,
            to,
            stock: stock_effect(from, to),
            payment_status: None,
            transaction_id: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use OrderStatus::*;

    #[test]
    fn canceling_releases_stock_once_and_reviving_takes_it_again() {
        assert_eq!(stock_effect(Pending, Canceled), StockEffect::Release);
        assert_eq!(stock_effect(Shipped, Canceled), StockEffect::Release);
        assert_eq!(stock_effect(Canceled, Canceled), StockEffect::None);
        assert_eq!(stock_effect(Canceled, Pending), StockEffect::Reserve);
        assert_eq!(stock_effect(Pending, Delivered), StockEffect::None);
    }

    #[test]
    fn statuses_parse_both_spellings_of_canceled() {
        assert_eq!(OrderStatus::parse("cancelled"), Some(Canceled));
        assert_eq!(OrderStatus::parse("Shipped"), Some(Shipped));
        assert_eq!(OrderStatus::parse("lost"), None);
    }

    #[test]
    fn only_paid_orders_that_stand_count_as_revenue() {
        assert!(counts_as_revenue(Delivered, PaymentStatus::Paid));
        assert!(!counts_as_revenue(Canceled, PaymentStatus::Paid));
        assert!(!counts_as_revenue(Pending, PaymentStatus::Pending));
        assert!(!counts_as_revenue(Pending, PaymentStatus::Refunded));
    }
}
