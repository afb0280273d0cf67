//! An order's change as a plan: everything the change does, decided here from the order as
//! it was read and the time of the change. Storage applies a plan in one transaction, only
//! while the order is still as the plan read it (its guards), and decides nothing itself.

use super::delivery::DeliveryStep;
use super::{
    counts_as_sold, DiscountUse, Order, OrderLine, OrderStatus, OrderTransition, PaymentStatus,
    StatusChange, StockEffect,
};
use crate::discount::DiscountCode;
use crate::ids::{OrderId, ProductId, UserId, VariantId};
use crate::money::Money;
use crate::notification::{Announcement, Topic};
use crate::payment_attempt::state::AttemptChange;
use crate::stock::StockFollowUp;
use crate::variant::VariantSnapshot;
use chrono::{DateTime, NaiveDate, Utc};
use std::collections::BTreeMap;

/// What one change does to an order and around it.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderPlan {
    pub order: OrderId,
    /// The change as asked: its `from` statuses and refund claim guard are the plan's guards.
    pub change: OrderTransition,
    /// The payment status the plan applies from (the change's, else the order's as read):
    /// it applies only while the order still has it (as stored: partly refunded is paid).
    pub payment_from: PaymentStatus,
    /// A cancel puts all the stock back and refunds the rest: it applies only while no
    /// return holds units of the order.
    pub requires_no_returns: bool,
    pub at: DateTime<Utc>,
    pub status: OrderStatus,
    pub payment_status: PaymentStatus,
    /// Set when `Some`: the provider's id of the charge.
    pub transaction_id: Option<String>,
    /// Set when `Some`: all that has gone back to the shopper (a cancel's full refund).
    pub refunded: Option<Money>,
    /// Set when `Some`: the order's first delivery, which starts its return window.
    pub delivered_at: Option<DateTime<Utc>>,
    /// Set when `Some`: its payment hold ran out.
    pub hold_expired_at: Option<DateTime<Utc>>,
    pub history: Option<StatusChange<OrderStatus>>,
    pub messages: Vec<Announcement>,
    pub stock: Option<StockMove>,
    pub discount_use: DiscountUseChange,
    /// The shopper whose cart is emptied in the same step.
    pub empties_cart_of: Option<UserId>,
    pub sales: SalesDelta,
    /// What the order's delivery records with the change (a rider, an attempt).
    pub delivery: DeliveryStep,
    /// Stock moved, so cached catalogue replies are out of date.
    pub catalog_changed: bool,
    /// The payment attempt whose answer the change records (the one that pays the order),
    /// in the same transaction and under its own guard.
    pub attempt: Option<AttemptChange>,
}

/// Stock moved by a change: units of an order's lines, in or out, and what that sets off.
#[derive(Debug, Clone, PartialEq)]
pub struct StockMove {
    /// `true` takes the units (guarded: refused when the stock is no longer there), `false`
    /// puts them back.
    pub takes: bool,
    pub units: Vec<LineUnits>,
    pub follow_up: StockFollowUp,
}

impl StockMove {
    /// Takes `units`; the sizes that run low alert the shop.
    pub fn taking(units: Vec<LineUnits>) -> Self {
        Self {
            takes: true,
            units,
            follow_up: StockFollowUp::AlertWhenLow,
        }
    }

    /// Puts `units` back; the shoppers waiting for them are told.
    pub fn putting_back(units: Vec<LineUnits>) -> Self {
        Self {
            takes: false,
            units,
            follow_up: StockFollowUp::AnswerWaiting,
        }
    }

    /// A new order's stock, taken as it is placed.
    pub fn placing(order: &Order) -> Self {
        Self::taking(LineUnits::of_order(order))
    }
}

/// The units of one line, per product and size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineUnits {
    pub product: ProductId,
    pub variant: Option<VariantId>,
    /// The product's name as the line snapshot has it (for a product deleted since).
    pub name: String,
    /// How the out-of-stock message names the size: "Dress (M, Black)".
    pub label: String,
    pub units: u32,
}

impl LineUnits {
    /// Every line of `order`, in full.
    pub fn of_order(order: &Order) -> Vec<LineUnits> {
        order.lines.iter().map(LineUnits::of_line).collect()
    }

    pub fn of_line(line: &OrderLine) -> LineUnits {
        LineUnits::new(
            &line.product_id,
            line.variant.as_ref(),
            &line.name,
            line.quantity,
        )
    }

    /// `units` of `product` in `variant` (`None`: one size), named `name`.
    pub fn new(
        product: &ProductId,
        variant: Option<&VariantSnapshot>,
        name: &str,
        units: u32,
    ) -> LineUnits {
        LineUnits {
            product: product.clone(),
            variant: variant.map(|v| v.id.clone()),
            name: name.to_owned(),
            label: match variant {
                Some(variant) => format!("{name} ({})", variant.label()),
                None => name.to_owned(),
            },
            units,
        }
    }
}

/// What a change does to the order's use of its discount code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiscountUseChange {
    Keep,
    /// Gives the order's use back, if it holds one.
    GiveBack,
    /// Takes the use again, guarded like at checkout, counted at the order's time.
    Take {
        code: DiscountCode,
        user: UserId,
        at: DateTime<Utc>,
    },
}

/// What orders add to (or take from) the dashboard's running totals: orders and their totals
/// per day (UTC) and status pair, units sold per product name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SalesDelta {
    pub days: BTreeMap<(NaiveDate, OrderStatus, PaymentStatus), DayDelta>,
    pub units: BTreeMap<String, i64>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DayDelta {
    pub orders: i64,
    pub total_cents: i64,
}

impl SalesDelta {
    /// A new order, with its lines' units when they count as sold.
    pub fn placed(order: &Order) -> Self {
        let mut delta = SalesDelta::default();
        delta.count(
            (order.created_at, order.total),
            (order.status, order.payment_status),
            1,
        );
        if counts_as_sold(order.status) {
            delta.add_units(&LineUnits::of_order(order), 1);
        }
        delta
    }

    /// An order placed at `created_at` for `total` moves from the totals of one status pair
    /// to another's; `units` start or stop counting as sold with it.
    pub fn moved(
        (created_at, total): (DateTime<Utc>, Money),
        before: (OrderStatus, PaymentStatus),
        after: (OrderStatus, PaymentStatus),
        units: &[LineUnits],
    ) -> Self {
        let mut delta = SalesDelta::default();
        delta.count((created_at, total), before, -1);
        delta.count((created_at, total), after, 1);
        let sold = |status| i64::from(counts_as_sold(status));
        delta.add_units(units, sold(after.0) - sold(before.0));
        delta
    }

    fn count(
        &mut self,
        (created_at, total): (DateTime<Utc>, Money),
        (status, payment): (OrderStatus, PaymentStatus),
        sign: i64,
    ) {
        let day = self
            .days
            .entry((created_at.date_naive(), status, payment))
            .or_default();
        day.orders += sign;
        day.total_cents += sign * total.cents();
    }

    fn add_units(&mut self, lines: &[LineUnits], sign: i64) {
        if sign == 0 {
            return;
        }
        for line in lines {
            *self.units.entry(line.name.clone()).or_default() += sign * i64::from(line.units);
        }
    }
}

impl OrderTransition {
    /// The plan of this change to `order` (as read), made at `at`.
    pub fn plan(&self, order: &Order, at: DateTime<Utc>) -> OrderPlan {
        let payment_before = self
            .payment
            .as_ref()
            .map_or(order.payment_status, |p| p.from);
        let payment_after = self.payment.as_ref().map_or(order.payment_status, |p| p.to);
        let refunds_all = self
            .payment
            .as_ref()
            .is_some_and(|p| p.to == PaymentStatus::Refunded);
        let stock = match self.stock {
            StockEffect::None => None,
            StockEffect::Reserve => Some(StockMove::taking(LineUnits::of_order(order))),
            StockEffect::Release => Some(StockMove::putting_back(LineUnits::of_order(order))),
        };
        let moved_units = stock.as_ref().map_or(&[][..], |s| s.units.as_slice());
        let sales = SalesDelta::moved(
            (order.created_at, order.total),
            (self.from, payment_before),
            (self.to, payment_after),
            moved_units,
        );
        let messages = order_change_topics(
            self.from,
            self.to,
            self.payment.as_ref().map(|p| (p.from, p.to)),
        )
        .into_iter()
        // A cash order was confirmed to its shopper and the shop when placed: the cash the
        // rider collects announces no second confirmation.
        .filter(|topic| {
            !order.pays_cash() || !matches!(topic, Topic::OrderConfirmed | Topic::NewOrder)
        })
        .flat_map(|topic| {
            Announcement::about(
                topic,
                order.id.as_str(),
                &order.customer_email,
                order.payment_phone.as_str(),
                None,
            )
        })
        .collect();
        let discount_use = match (self.discount_use, &order.discount) {
            (DiscountUse::GiveBack, _) => DiscountUseChange::GiveBack,
            (DiscountUse::Take, Some(discount)) => DiscountUseChange::Take {
                code: discount.code.clone(),
                user: order.user_id.clone(),
                at: order.created_at,
            },
            (DiscountUse::Take, None) | (DiscountUse::Keep, _) => DiscountUseChange::Keep,
        };
        OrderPlan {
            order: order.id.clone(),
            payment_from: payment_before,
            requires_no_returns: self.to == OrderStatus::Canceled,
            at,
            status: self.to,
            payment_status: payment_after,
            transaction_id: self.payment.as_ref().and_then(|p| p.transaction_id.clone()),
            refunded: refunds_all.then_some(order.total),
            delivered_at: (self.records_delivery && order.delivered_at.is_none()).then_some(at),
            hold_expired_at: self.expires_hold.then_some(at),
            history: (self.from != self.to).then(|| StatusChange {
                status: self.to,
                at,
                by: self.by.clone(),
            }),
            messages,
            catalog_changed: stock.is_some(),
            attempt: None,
            stock,
            discount_use,
            empties_cart_of: self.empties_cart.then(|| order.user_id.clone()),
            sales,
            delivery: DeliveryStep::None,
            change: self.clone(),
        }
    }
}

/// What a change of an order announces: the confirmation (and the shop's alert) when it is
/// paid, shipping, delivery, and a cancel, except the cancel of a payment declined at
/// checkout (the shopper saw it there).
pub fn order_change_topics(
    from: OrderStatus,
    to: OrderStatus,
    payment: Option<(PaymentStatus, PaymentStatus)>,
) -> Vec<Topic> {
    let mut topics = Vec::new();
    if payment == Some((PaymentStatus::Pending, PaymentStatus::Paid)) {
        topics.extend([Topic::OrderConfirmed, Topic::NewOrder]);
    }
    if from != to {
        match to {
            OrderStatus::Shipped => topics.push(Topic::OrderShipped),
            OrderStatus::Delivered => topics.push(Topic::OrderDelivered),
            OrderStatus::Canceled if payment.map(|(_, to)| to) != Some(PaymentStatus::Failed) => {
                topics.push(Topic::OrderCanceled)
            }
            _ => {}
        }
    }
    topics
}

#[cfg(test)]
mod tests;
