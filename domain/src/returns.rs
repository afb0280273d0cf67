//! Returns (the shop promises 30-day free returns): which units of a
//! delivered order a shopper may send back, what they get back for them to the cent, and
//! how a return moves from requested to refunded.
//!
//! A unit's refund is what was paid for it: its price less its line's share of the order's
//! discount code, the share spread over the line's units so that returning them all gives
//! back exactly the line's subtotal less its share. Shipping is refunded with the order's
//! last unit. A rejected return gives its units back to the shopper's allowance.

pub mod payout;
pub mod plan;

use crate::discount::line_shares;
use crate::ids::{OrderLineId, ProductId, ReturnId};
use crate::message::texts::{
    QUANTITY_ONE_OR_MORE, RETURN_ALL_IN_RETURNS, RETURN_APPROVED_FROM, RETURN_BACK_TO_REQUESTED,
    RETURN_NOT_DELIVERED, RETURN_NOT_PAID, RETURN_NO_LINES, RETURN_REASON_MISSING,
    RETURN_REASON_TOO_LONG, RETURN_RECEIVED_FROM, RETURN_REFUNDED_FROM, RETURN_REFUNDED_IN_FULL,
    RETURN_REJECTED_FROM, RETURN_TOO_MANY, RETURN_UNKNOWN_LINE, RETURN_WINDOW_CLOSED,
};
use crate::message::{Message, Text};
use crate::money::Money;
pub use crate::order::moves::HeldByReturns;
use crate::order::{Order, OrderNumber, OrderStatus, PaymentStatus, StatusChange};
use crate::refund::{RefundClaim, RefundRefusal};
use crate::validation::{FieldErrors, Lines};
use crate::variant::VariantSnapshot;
use crate::{OrderId, UserId};
use chrono::{DateTime, TimeDelta, Utc};

/// How long after delivery a shopper may ask to return units.
pub const RETURN_WINDOW: TimeDelta = TimeDelta::days(30);
/// The longest reason a shopper may give.
pub const REASON_MAX: usize = 1000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReturnStatus {
    Requested,
    Approved,
    Rejected,
    /// The parcel arrived: its units are back in stock.
    Received,
    /// The money went back to the shopper.
    Refunded,
}

impl ReturnStatus {
    pub const ALL: [ReturnStatus; 5] = [
        ReturnStatus::Requested,
        ReturnStatus::Approved,
        ReturnStatus::Rejected,
        ReturnStatus::Received,
        ReturnStatus::Refunded,
    ];

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == raw.trim())
    }

    pub fn as_str(self) -> &'static str {
        match self {
            ReturnStatus::Requested => "requested",
            ReturnStatus::Approved => "approved",
            ReturnStatus::Rejected => "rejected",
            ReturnStatus::Received => "received",
            ReturnStatus::Refunded => "refunded",
        }
    }

    /// The statuses a return may take next, forward first: requested -> approved or
    /// rejected; approved -> received (or rejected, when the parcel never comes); received ->
    /// refunded.
    pub fn next_steps(self) -> &'static [ReturnStatus] {
        use ReturnStatus::*;
        match self {
            Requested => &[Approved, Rejected],
            Approved => &[Received, Rejected],
            Received => &[Refunded],
            Rejected | Refunded => &[],
        }
    }

    pub fn can_become(self, to: ReturnStatus) -> bool {
        self.next_steps().contains(&to)
    }

    /// Why a return cannot become `self` from a status that does not lead to it.
    pub fn unreachable_message(self) -> Text {
        match self {
            ReturnStatus::Requested => RETURN_BACK_TO_REQUESTED,
            ReturnStatus::Approved => RETURN_APPROVED_FROM,
            ReturnStatus::Rejected => RETURN_REJECTED_FROM,
            ReturnStatus::Received => RETURN_RECEIVED_FROM,
            ReturnStatus::Refunded => RETURN_REFUNDED_FROM,
        }
    }

    /// Whether the return's units count against what the order may still return.
    pub fn holds_units(self) -> bool {
        self != ReturnStatus::Rejected
    }
}

/// Units of one order line in a return, and what they are refunded.
#[derive(Debug, Clone, PartialEq)]
pub struct ReturnLine {
    pub line_id: OrderLineId,
    pub product_id: ProductId,
    pub name: String,
    pub variant: Option<VariantSnapshot>,
    pub quantity: u32,
    pub amount: Money,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Return {
    pub id: ReturnId,
    pub order_id: OrderId,
    pub order_number: OrderNumber,
    pub user_id: UserId,
    /// The order's customer, as the order names them.
    pub customer_name: String,
    pub customer_email: String,
    pub status: ReturnStatus,
    pub lines: Vec<ReturnLine>,
    /// The lines' amounts, and the order's shipping when this return holds its last units.
    pub refund_amount: Money,
    pub reason: String,
    pub created_at: DateTime<Utc>,
    /// Oldest first; the first entry is the request.
    pub history: Vec<StatusChange<ReturnStatus>>,
    /// Its refund, claimed and not landed yet (being sent, or sent with its answer lost).
    pub refund_claim: Option<RefundClaim>,
    /// How its order was paid, which decides how its refund goes back (`payout`).
    pub order_payment: payout::OrderPayment,
    /// How an admin paid its refund out by hand, once refunded so.
    pub refund_paid_with: Option<payout::PaidOutWith>,
}

impl Return {
    /// The statuses staff may move it to now: its status's next steps, none while its refund
    /// is claimed (no change applies until the refund lands or an admin resolves it).
    pub fn next_steps(&self) -> &'static [ReturnStatus] {
        if self.refund_claim.is_some() {
            return &[];
        }
        self.status.next_steps()
    }
}

/// A shopper's return request as sent: order line ids and quantities, and why.
#[derive(Debug, Clone, Default)]
pub struct ReturnInput {
    pub lines: Vec<(String, i64)>,
    pub reason: String,
}

impl ReturnInput {
    /// The reason is text a shopper types: a control character (NUL, escape, bell) is
    /// refused as in every other text field; line breaks and tabs stay.
    pub fn check_text(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        errors.check_text("reason", &self.reason, Lines::Multi);
        errors.into_result(())
    }
}

/// Why a return cannot be made, in words a shopper understands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.message())]
pub enum ReturnRefusal {
    NotDelivered,
    NotPaid,
    RefundedInFull,
    /// A cancel is refunding the whole order (what the shopper hears until it lands, or an
    /// admin resolves a refund whose answer was lost).
    RefundUnderWay,
    WindowClosed {
        ended: String,
    },
    AllInReturns,
    NoLines,
    UnknownLine {
        line: String,
    },
    BadQuantity,
    TooMany {
        name: String,
        left: u32,
    },
    ReasonMissing,
    ReasonTooLong,
}

impl ReturnRefusal {
    pub fn message(&self) -> Message {
        match self {
            ReturnRefusal::NotDelivered => RETURN_NOT_DELIVERED.into(),
            ReturnRefusal::NotPaid => RETURN_NOT_PAID.into(),
            ReturnRefusal::RefundedInFull => RETURN_REFUNDED_IN_FULL.into(),
            ReturnRefusal::RefundUnderWay => RefundRefusal::UnderWay.message(),
            ReturnRefusal::WindowClosed { ended } => RETURN_WINDOW_CLOSED.with("ended", ended),
            ReturnRefusal::AllInReturns => RETURN_ALL_IN_RETURNS.into(),
            ReturnRefusal::NoLines => RETURN_NO_LINES.into(),
            ReturnRefusal::UnknownLine { line } => RETURN_UNKNOWN_LINE.with("line", line),
            ReturnRefusal::BadQuantity => QUANTITY_ONE_OR_MORE.into(),
            ReturnRefusal::TooMany { name, left } => {
                RETURN_TOO_MANY.with("left", left).with("name", name)
            }
            ReturnRefusal::ReasonMissing => RETURN_REASON_MISSING.into(),
            ReturnRefusal::ReasonTooLong => RETURN_REASON_TOO_LONG.into(),
        }
    }
}

impl ReturnRefusal {
    /// Whether the refusal is about the order's state (409) rather than the request (400).
    pub fn is_conflict(&self) -> bool {
        matches!(
            self,
            ReturnRefusal::NotDelivered
                | ReturnRefusal::NotPaid
                | ReturnRefusal::RefundedInFull
                | ReturnRefusal::RefundUnderWay
                | ReturnRefusal::WindowClosed { .. }
                | ReturnRefusal::AllInReturns
                | ReturnRefusal::TooMany { .. }
        )
    }
}

/// The lines and refund of a return about to be requested.
#[derive(Debug, Clone, PartialEq)]
pub struct ReturnPlan {
    pub lines: Vec<ReturnLine>,
    pub refund_amount: Money,
    pub reason: String,
}

impl HeldByReturns {
    /// Adds what `returns` hold (those not rejected).
    pub fn of<'a>(returns: impl IntoIterator<Item = &'a Return>) -> Self {
        let mut held = Self::default();
        for r in returns.into_iter().filter(|r| r.status.holds_units()) {
            held.refunds = held.refunds + r.refund_amount;
            for line in &r.lines {
                *held.units.entry(line.line_id.clone()).or_default() += line.quantity;
            }
        }
        held
    }
}

/// Units of one order line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineUnits {
    pub line_id: OrderLineId,
    pub units: u32,
}

/// Whether a shopper may ask to return units of an order now, and what is left of each line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Returnable {
    /// Why they may not, in the words a request would be refused with; none when they may.
    pub refusal: Option<ReturnRefusal>,
    /// Each line's units left to return, in the order's order.
    pub left: Vec<LineUnits>,
}

impl Returnable {
    pub fn allowed(&self) -> bool {
        self.refusal.is_none()
    }
}

/// The last moment `order` may be returned, while it is delivered: 30 days from its first
/// delivery (`OrderTransition::records_delivery`), however often an admin moved it back and
/// delivered it again.
pub fn return_deadline(order: &Order) -> Option<DateTime<Utc>> {
    if order.status != OrderStatus::Delivered {
        return None;
    }
    order.delivered_at.map(|at| at + RETURN_WINDOW)
}

/// Whether `order` may be returned at `now` (delivered, paid, in time, with some unit that
/// no return holds), why not, and what is left of each of its lines.
pub fn returnable(order: &Order, held: &HeldByReturns, now: DateTime<Utc>) -> Returnable {
    let left = units_left(order, held);
    let refusal = order_allows_return(order, now).err().or_else(|| {
        left.iter()
            .all(|line| line.units == 0)
            .then_some(ReturnRefusal::AllInReturns)
    });
    Returnable { refusal, left }
}

/// The units of each line of `order` that may still be returned: what was bought less what
/// returns that were not rejected hold.
pub fn units_left(order: &Order, held: &HeldByReturns) -> Vec<LineUnits> {
    order
        .lines
        .iter()
        .enumerate()
        .map(|(index, line)| {
            let line_id = order.line_id(index);
            let units = line.quantity.saturating_sub(held.units_of(&line_id));
            LineUnits { line_id, units }
        })
        .collect()
}

fn order_allows_return(order: &Order, now: DateTime<Utc>) -> Result<(), ReturnRefusal> {
    if order.refund_claim.is_some() {
        return Err(ReturnRefusal::RefundUnderWay);
    }
    if order.status != OrderStatus::Delivered {
        return Err(ReturnRefusal::NotDelivered);
    }
    match order.payment_status {
        PaymentStatus::Paid | PaymentStatus::PartiallyRefunded => {}
        PaymentStatus::Refunded => return Err(ReturnRefusal::RefundedInFull),
        PaymentStatus::Pending | PaymentStatus::Failed => return Err(ReturnRefusal::NotPaid),
    }
    match return_deadline(order) {
        Some(deadline) if now <= deadline => Ok(()),
        Some(deadline) => Err(ReturnRefusal::WindowClosed {
            ended: deadline.format("%-d %B %Y").to_string(),
        }),
        None => Err(ReturnRefusal::NotDelivered),
    }
}

/// Checks a shopper's request against `order` at `now` and what its earlier returns `held`,
/// and works out each line's refund: what was paid for those units, and the shipping with
/// the order's last unit; never more than the order's total less what earlier returns hold.
pub fn plan_return(
    order: &Order,
    held: &HeldByReturns,
    input: &ReturnInput,
    now: DateTime<Utc>,
) -> Result<ReturnPlan, ReturnRefusal> {
    order_allows_return(order, now)?;
    let reason = input.reason.trim();
    if reason.is_empty() {
        return Err(ReturnRefusal::ReasonMissing);
    }
    if reason.chars().count() > REASON_MAX {
        return Err(ReturnRefusal::ReasonTooLong);
    }
    if input.lines.is_empty() {
        return Err(ReturnRefusal::NoLines);
    }
    let discount = order.discount.as_ref().map_or(Money::ZERO, |d| d.amount);
    let subtotals: Vec<Money> = order.lines.iter().map(|l| l.line_total()).collect();
    let shares = line_shares(discount, &subtotals);
    // The same line twice in a request counts as one ask for both quantities.
    let mut asked: Vec<(usize, u32)> = Vec::new();
    for (raw_id, quantity) in &input.lines {
        let index = OrderLineId::parse(raw_id.trim())
            .and_then(|id| id.index_in(&order.id))
            .filter(|&index| index < order.lines.len())
            .ok_or_else(|| ReturnRefusal::UnknownLine {
                line: raw_id.trim().to_owned(),
            })?;
        let quantity = u32::try_from(*quantity)
            .ok()
            .filter(|q| *q >= 1)
            .ok_or(ReturnRefusal::BadQuantity)?;
        match asked.iter_mut().find(|(i, _)| *i == index) {
            Some((_, total)) => *total = total.saturating_add(quantity),
            None => asked.push((index, quantity)),
        }
    }
    let left = units_left(order, held);
    let mut lines = Vec::with_capacity(asked.len());
    for (index, quantity) in asked {
        let line = &order.lines[index];
        let LineUnits {
            line_id,
            units: left,
        } = left[index].clone();
        let before = held.units_of(&line_id);
        if quantity > left {
            return Err(ReturnRefusal::TooMany {
                name: line.name.clone(),
                left,
            });
        }
        let paid =
            |units: u32| paid_for_units(line.line_total(), line.quantity, shares[index], units);
        lines.push(ReturnLine {
            line_id,
            product_id: line.product_id.clone(),
            name: line.name.clone(),
            variant: line.variant.clone(),
            quantity,
            amount: paid(before + quantity) - paid(before),
        });
    }
    let units_after: u32 = order
        .lines
        .iter()
        .enumerate()
        .map(|(index, _)| {
            let id = order.line_id(index);
            held.units_of(&id)
                + lines
                    .iter()
                    .filter(|l| l.line_id == id)
                    .map(|l| l.quantity)
                    .sum::<u32>()
        })
        .sum();
    let shipping = if units_after == order.item_count() {
        order.shipping_fee
    } else {
        Money::ZERO
    };
    let asked_amount: Money = lines.iter().map(|l| l.amount).sum::<Money>() + shipping;
    Ok(ReturnPlan {
        lines,
        refund_amount: asked_amount.min(order.total.saturating_sub(held.refunds)),
        reason: reason.to_owned(),
    })
}

/// What the first `units` of a line of `quantity` units costing `line_total` in all, whose
/// share of the order's discount is `share`, were paid: the share is spread over the units
/// (rounded down per prefix), so all of them were paid `line_total - share` exactly.
fn paid_for_units(line_total: Money, quantity: u32, share: Money, units: u32) -> Money {
    if quantity == 0 {
        return Money::ZERO;
    }
    let units = i128::from(units.min(quantity));
    let quantity = i128::from(quantity);
    let gross = i128::from(line_total.cents()) * units / quantity;
    let off = i128::from(share.cents()) * units / quantity;
    Money::from_cents((gross - off) as i64).expect("a part of a paid line is an amount")
}

/// The order's payment status once `refunded` in all went back of its `total`.
pub fn payment_after_refunds(total: Money, refunded: Money) -> PaymentStatus {
    if refunded >= total {
        PaymentStatus::Refunded
    } else {
        partly_refunded(PaymentStatus::Paid, refunded)
    }
}

/// A paid order some of whose money went back (returns refunded, not all of it) is partly
/// refunded: `payment` as it reads once `refunded` went back.
pub fn partly_refunded(payment: PaymentStatus, refunded: Money) -> PaymentStatus {
    if payment == PaymentStatus::Paid && refunded > Money::ZERO {
        PaymentStatus::PartiallyRefunded
    } else {
        payment
    }
}

#[cfg(test)]
pub(crate) mod tests;
