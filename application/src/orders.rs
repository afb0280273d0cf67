//! Order history, an admin's status and payment changes, and the release of expired payment holds.

mod errors;

pub use errors::*;

use crate::audit::Audit;
use crate::catalog::CatalogVersion;
use crate::refunds::Refunds;
use crate::refunds::{Claimed, RefundFailed};
use crate::views::{self, OrderView};
use crate::ReadError;
use derive_new::new;
use domain::audit::AuditChange;
use domain::listing::orders::OrderQuery;
use domain::order::moves::{admin_move, next_statuses};
use domain::order::{payment_confirmation, Order, OrderStatus, OrderTransition};
use domain::payment_attempt::{AttemptChange, AttemptState};
use domain::payment_hold::PaymentHold;
use domain::payment_hold::{hold_expiry, methods_without_hold};
use domain::permissions::{has, may_read_order, require, Permission};
use domain::ports::{Clock, OrderRepository, PaymentAttemptRepository, ReturnRepository};
use domain::ports::{OrderStoreError, RefundRequest, RepoError};
use domain::refund::RefundResolution;
use domain::returns::{returnable, HeldByReturns, Returnable};
use domain::user::User;
use domain::OrderId;
use std::sync::Arc;

/// Expired holds are released in batches of this many; the next check takes the rest.
const HOLDS_RELEASED_AT_ONCE: u32 = 500;

/// An order's page as its reader sees it: the order (its amounts when they are theirs to
/// see), whether it may be returned now (judged with its returns, at the moment of reading),
/// and for staff who read orders where it may be moved.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderDetail {
    pub order: Order,
    /// Whether its amounts are shown (`OrderView`).
    pub amounts: bool,
    pub returnable: Returnable,
    /// `None` for a reader who does not read orders (the shopper).
    pub next_statuses: Option<Vec<OrderStatus>>,
}

impl OrderDetail {
    /// The order as its reader sees it.
    pub fn view(&self) -> OrderView<'_> {
        OrderView {
            order: &self.order,
            amounts: self.amounts,
        }
    }
}

/// Orders: the shopper's and the back office's, their status and payment changes.
#[allow(clippy::too_many_arguments)] // derive_new's constructor takes each port
#[derive(new)]
pub struct Orders {
    orders: Arc<dyn OrderRepository>,
    returns: Arc<dyn ReturnRepository>,
    attempts: Arc<dyn PaymentAttemptRepository>,
    clock: Arc<dyn Clock>,
    audit: Audit,
    catalog_version: CatalogVersion,
    refunds: Refunds,
    payment_hold: PaymentHold,
}

impl Orders {
    /// How long an unconfirmed payment keeps its order's stock.
    pub fn payment_hold(&self) -> PaymentHold {
        self.payment_hold
    }

    pub async fn my_orders(&self, user: &User) -> Result<Vec<Order>, RepoError> {
        let mut orders = self.orders.for_user(&user.id).await?;
        let now = self.clock.now();
        for order in &mut orders {
            views::order_seen_by(user, now, order);
        }
        Ok(orders)
    }

    /// The admin's order list: searched, filtered, sorted and paged by the store.
    pub async fn all_orders(
        &self,
        actor: &User,
        query: &OrderQuery,
    ) -> Result<(Vec<Order>, u64), ReadError> {
        require(actor, Permission::OrdersRead)?;
        query.allowed_for(actor.role)?;
        let (mut orders, total) = self.orders.list(query).await?;
        let now = self.clock.now();
        for order in &mut orders {
            views::order_seen_by(actor, now, order);
        }
        Ok((orders, total))
    }

    pub async fn order(&self, actor: &User, id: &OrderId) -> Result<Order, FindOrderError> {
        let mut order = self
            .orders
            .by_id(id)
            .await?
            .ok_or(FindOrderError::NotFound)?;
        may_read_order(actor, &order.user_id)?;
        views::order_seen_by(actor, self.clock.now(), &mut order);
        Ok(order)
    }

    /// Order `id` with its returns, as `actor` sees them now.
    pub async fn order_detail(
        &self,
        actor: &User,
        id: &OrderId,
    ) -> Result<OrderDetail, FindOrderError> {
        let order = self.order(actor, id).await?;
        Ok(self.with_returns(actor, order).await?)
    }

    /// The page of `order`, as `actor` has just read or changed it: judged with its returns.
    pub async fn with_returns(&self, actor: &User, order: Order) -> Result<OrderDetail, RepoError> {
        let returns = self.returns.for_order(&order.id).await?;
        let held = HeldByReturns::of(&returns);
        Ok(OrderDetail {
            amounts: OrderView::seen_by(&order, actor).amounts,
            returnable: returnable(&order, &held, self.clock.now()),
            next_statuses: has(actor, Permission::OrdersRead).then(|| next_statuses(&order, &held)),
            order,
        })
    }

    /// Any of the four statuses from any other. Canceling puts stock back (and reverses a
    /// payment, or marks an unconfirmed one failed); leaving canceled takes the stock again
    /// or is refused.
    pub async fn update_order_status(
        &self,
        actor: &User,
        id: &OrderId,
        status: &str,
    ) -> Result<Order, UpdateOrderStatusError> {
        require(actor, Permission::OrdersUpdate)?;
        let to = OrderStatus::parse(status).ok_or(UpdateOrderStatusError::InvalidStatus)?;
        let order = self.order(actor, id).await?;
        if order.status == to {
            return Ok(order);
        }
        let was_delivered = order
            .history
            .iter()
            .any(|change| change.status == OrderStatus::Delivered);
        // Only a cancel of an order that was delivered can meet its returns.
        let held = if to == OrderStatus::Canceled && was_delivered {
            HeldByReturns::of(&self.returns.for_order(id).await?)
        } else {
            HeldByReturns::default()
        };
        let mut transition = admin_move(&order, &held, to)?.by(actor);
        if transition.reverses_payment() {
            // Of several cancels sent at once, only the claimer reaches the provider.
            self.orders
                .claim_refund(id, order.status, self.clock.now())
                .await?;
            self.reverse_payment(&order).await?;
            transition = transition.landing_refund();
        }
        let plan = transition.plan(&order, self.clock.now());
        self.orders
            .apply(&plan)
            .await
            .map_err(|error| match error {
                OrderStoreError::DiscountUnavailable => UpdateOrderStatusError::CodeUnusable,
                other => other.into(),
            })?;
        self.catalog_version.forget();
        let changed = self.order(actor, id).await?;
        self.audit
            .record(actor, AuditChange::order_status_changed(&order, &changed))
            .await;
        Ok(changed)
    }

    /// Sends back what is left of `order`'s charge, under the refund claim its caller holds
    /// (`refunds::send_claimed_refund`). Without a provider's transaction (a payment an admin
    /// confirmed by hand) the money goes back by hand.
    async fn reverse_payment(&self, order: &Order) -> Result<(), RefundFailed> {
        let Some(refund) = RefundRequest::rest_of_charge(order) else {
            return Ok(());
        };
        self.refunds
            .send_claimed_refund(Claimed::Order(&order.id), &refund)
            .await
    }

    /// An admin resolves the cancel of `id` whose refund was sent but not answered
    /// (`refund::RefundResolution`), after checking with the provider: `confirmed` lands
    /// the cancel as refunded without sending anything, `resend` sends the refund again
    /// first. Either is recorded in the audit trail, the resend even when it fails.
    pub async fn resolve_order_refund(
        &self,
        actor: &User,
        id: &OrderId,
        resolution: &str,
    ) -> Result<Order, ResolveOrderRefundError> {
        require(actor, Permission::OrdersUpdate)?;
        let resolution = RefundResolution::parse(resolution)?;
        let order = self.order(actor, id).await?;
        let cancel = OrderTransition::admin_status_change(&order, OrderStatus::Canceled)?
            .by(actor)
            .landing_refund();
        self.refunds
            .reclaim_for_resolution(Claimed::Order(id))
            .await?;
        let resolved = match resolution {
            RefundResolution::Confirmed => Ok(()),
            RefundResolution::Resend => self.reverse_payment(&order).await.map_err(Into::into),
        };
        let landed = match resolved {
            Ok(()) => {
                let plan = cancel.plan(&order, self.clock.now());
                self.orders.apply(&plan).await.map_err(Into::into)
            }
            Err(error) => Err(error),
        };
        if landed.is_ok() {
            self.catalog_version.forget();
        }
        let changed = self.order(actor, id).await?;
        self.audit
            .record(
                actor,
                AuditChange::order_refund_resolved(&order, &changed, resolution),
            )
            .await;
        landed.map(|()| changed)
    }

    /// An admin confirms an unconfirmed payment (`order::payment_confirmation` says what is
    /// accepted); only an order that awaits payment can be confirmed.
    pub async fn update_payment_status(
        &self,
        actor: &User,
        id: &OrderId,
        status: &str,
        transaction_id: Option<&str>,
    ) -> Result<Order, UpdatePaymentError> {
        require(actor, Permission::OrdersUpdate)?;
        let confirmation = payment_confirmation(status, transaction_id)?;
        let order = self.order(actor, id).await?;
        if order.hold_expired_at.is_some() {
            return Err(UpdatePaymentError::HoldExpired);
        }
        if !order.awaits_payment() {
            return Err(UpdatePaymentError::NotAwaitingPayment);
        }
        let now = self.clock.now();
        // The charge the admin confirmed is its awaiting attempt: approved with the order, so
        // that a later answer about it is not taken for late money.
        let confirmed = self
            .attempts
            .of_order(id)
            .await
            .map_err(OrderStoreError::from)?
            .into_iter()
            .rev()
            .find(|attempt| attempt.state == AttemptState::Awaiting)
            .map(|attempt| AttemptChange {
                transaction_id: confirmation.transaction_id.clone(),
                ..AttemptChange::to(
                    &attempt.id,
                    AttemptState::Awaiting,
                    AttemptState::Approved,
                    now,
                )
            });
        let paid = OrderTransition::payment_change(order.status, confirmation);
        let mut plan = paid.plan(&order, now);
        plan.attempt = confirmed;
        self.orders.apply(&plan).await?;
        let changed = self.order(actor, id).await?;
        self.audit
            .record(actor, AuditChange::order_payment_changed(&order, &changed))
            .await;
        Ok(changed)
    }

    /// Cancels the orders whose unconfirmed payment held their stock longer than the hold
    /// (`payment_hold`), putting their units back on sale; `shop serve` calls this every
    /// `PaymentHold::check_interval`. Safe from several processes at once: each order moves
    /// once. Returns how many orders it canceled.
    pub async fn release_expired_payment_holds(&self) -> Result<usize, OrderStoreError> {
        let cutoff = self.payment_hold.cutoff(self.clock.now());
        let expired = self
            .orders
            .unconfirmed_placed_before(cutoff, &methods_without_hold(), HOLDS_RELEASED_AT_ONCE)
            .await?;
        let mut released = 0;
        for order in expired {
            let plan = hold_expiry().plan(&order, self.clock.now());
            match self.orders.apply(&plan).await {
                Ok(()) => released += 1,
                // Paid, canceled or shipped meanwhile, or released by another process.
                Err(OrderStoreError::Stale) => {}
                Err(error) => return Err(error),
            }
        }
        if released > 0 {
            self.catalog_version.forget();
            tracing::warn!(
                released,
                "canceled orders whose payment stayed unconfirmed past the hold"
            );
        }
        Ok(released)
    }
}

#[cfg(test)]
mod tests;
