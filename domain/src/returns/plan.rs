//! A return's step as a plan, as an order's change is (`order::plan`): decided here from the
//! return and its order as read and the time of the step; storage applies it in one
//! transaction under its guards and decides nothing.

use super::payout::PaidOutWith;
use super::{payment_after_refunds, Return, ReturnStatus};
use crate::ids::{OrderId, ReturnId};
use crate::money::Money;
use crate::notification::{Announcement, Topic};
use crate::order::plan::{LineUnits, SalesDelta, StockMove};
use crate::order::{Changer, Order, PaymentStatus, StatusChange};
use chrono::{DateTime, Utc};

/// What one step of a return does, to it and to its order.
#[derive(Debug, Clone, PartialEq)]
pub struct ReturnStepPlan {
    pub id: ReturnId,
    pub order: OrderId,
    /// The step applies only while the return still has this status.
    pub from: ReturnStatus,
    pub to: ReturnStatus,
    pub at: DateTime<Utc>,
    /// A refund lands only for its claimer, and ends the claim; every other step applies
    /// only while no refund is claimed.
    pub lands_refund: bool,
    pub history: StatusChange<ReturnStatus>,
    pub messages: Vec<Announcement>,
    /// Units put back in stock, per size (receiving the parcel).
    pub restock: Option<StockMove>,
    /// The return stops holding units of its order (rejected): the order may be canceled
    /// again.
    pub releases_hold: bool,
    pub refund: Option<RefundLanding>,
    /// How an admin paid the refund out by hand, recorded with it.
    pub refund_paid_with: Option<PaidOutWith>,
    pub catalog_changed: bool,
}

/// A return's refund added to its order's: applies only while the order is paid with
/// `refunded_before` given back, so two refunds landing at once cannot both count.
#[derive(Debug, Clone, PartialEq)]
pub struct RefundLanding {
    pub refunded_before: Money,
    pub refunded: Money,
    pub payment_status: PaymentStatus,
    pub sales: SalesDelta,
}

/// The order's money went back some other way meanwhile: nothing more can go back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RefundedOtherwise;

impl Return {
    /// The plan of moving this return to `to` (a step `can_become` allows), by `by` at `at`,
    /// on its `order` as read.
    pub fn plan_step(
        &self,
        order: &Order,
        to: ReturnStatus,
        by: Changer,
        at: DateTime<Utc>,
    ) -> Result<ReturnStepPlan, RefundedOtherwise> {
        let refund = match to {
            ReturnStatus::Refunded => Some(refund_landing(order, self.refund_amount)?),
            _ => None,
        };
        let restock = (to == ReturnStatus::Received).then(|| {
            StockMove::putting_back(
                self.lines
                    .iter()
                    .map(|line| {
                        LineUnits::new(
                            &line.product_id,
                            line.variant.as_ref(),
                            &line.name,
                            line.quantity,
                        )
                    })
                    .collect(),
            )
        });
        let messages = if return_change_announced(to) {
            Announcement::about(
                Topic::ReturnUpdated,
                self.id.as_str(),
                &order.customer_email,
                order.payment_phone.as_str(),
                Some(to.as_str().to_owned()),
            )
        } else {
            Vec::new()
        };
        Ok(ReturnStepPlan {
            id: self.id.clone(),
            order: self.order_id.clone(),
            from: self.status,
            to,
            at,
            lands_refund: to == ReturnStatus::Refunded,
            history: StatusChange {
                status: to,
                at,
                by: Some(by),
            },
            messages,
            catalog_changed: restock.is_some(),
            restock,
            releases_hold: to == ReturnStatus::Rejected,
            refund,
            refund_paid_with: None,
        })
    }
}

impl ReturnStepPlan {
    /// The plan with the refund it lands recorded as paid out by hand `with` (`None`: sent
    /// by a provider, or not said).
    pub fn paid_out(self, with: Option<PaidOutWith>) -> Self {
        Self {
            refund_paid_with: with.filter(|_| self.refund.is_some()),
            ..self
        }
    }
}

/// `amount` added to what went back of `order`, never past its total: its payment status
/// follows, and the sales totals with it when the order is refunded in full.
fn refund_landing(order: &Order, amount: Money) -> Result<RefundLanding, RefundedOtherwise> {
    let paid = matches!(
        order.payment_status,
        PaymentStatus::Paid | PaymentStatus::PartiallyRefunded
    );
    let refunded = order.refunded + amount;
    if !paid || refunded > order.total {
        return Err(RefundedOtherwise);
    }
    let payment_status = payment_after_refunds(order.total, refunded);
    let sales = if payment_status == PaymentStatus::Refunded {
        SalesDelta::moved(
            (order.created_at, order.total),
            (order.status, order.payment_status),
            (order.status, payment_status),
            &[],
        )
    } else {
        SalesDelta::default()
    };
    Ok(RefundLanding {
        refunded_before: order.refunded,
        refunded,
        payment_status,
        sales,
    })
}

/// What a change of a return announces to its shopper: each step but the request (which
/// they made themselves).
pub fn return_change_announced(to: ReturnStatus) -> bool {
    to != ReturnStatus::Requested
}

#[cfg(test)]
mod tests;
