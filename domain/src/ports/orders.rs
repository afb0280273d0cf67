//! Port of the orders: placed, changed by their plans, refunded, counted.

use super::{out_of_stock, RepoError};
use crate::ids::{OrderId, UserId};
use crate::listing::orders::OrderQuery;
use crate::message::texts::DISCOUNT_NO_LONGER_USABLE;
use crate::order::plan::OrderPlan;
use crate::order::{Order, OrderNumber, OrderStatus};
use crate::payment_method::PaymentMethod;
use crate::stats::{OrderFact, ProductSales};
use async_trait::async_trait;
use chrono::{DateTime, Utc};

/// Why an order could not be stored or changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OrderStoreError {
    /// A line wants more than the stock holds; nothing was changed.
    #[error("{}", out_of_stock(name, *available))]
    OutOfStock { name: String, available: u32 },
    /// The order no longer has the status the change expected (someone else changed it).
    #[error("The order was changed by someone else")]
    Stale,
    /// The order's discount code cannot be used now (used up meanwhile, ended, turned off,
    /// deleted, or the customer's own limit reached); nothing was changed.
    #[error("{}", DISCOUNT_NO_LONGER_USABLE.english())]
    DiscountUnavailable,
    #[error(transparent)]
    Repo(#[from] RepoError),
}

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait OrderRepository: Send + Sync {
    /// In one transaction: takes the stock of every line with a guarded decrement, gives the
    /// order the shop's next number (its own `number` is ignored) and stores it; answers that
    /// number. `OutOfStock` when any line cannot be served (then nothing is changed);
    /// `Repo(Duplicate)` when the user already has an order with the same idempotency key, or
    /// an order that awaits payment (`Order::awaits_payment`): one charge in flight at a time.
    /// An order with a discount code takes one use of it in the same transaction, guarded by
    /// its conditions at the order's time (`DiscountUnavailable`); canceling the order
    /// before it ships gives the use back, once.
    async fn place(&self, order: &Order) -> Result<OrderNumber, OrderStoreError>;
    async fn by_id(&self, id: &OrderId) -> Result<Option<Order>, RepoError>;
    async fn by_idempotency_key(
        &self,
        user: &UserId,
        key: &str,
    ) -> Result<Option<Order>, RepoError>;
    /// Frees an order's idempotency key once its replay window is over, so the key can be
    /// used again.
    async fn forget_idempotency_key(&self, id: &OrderId) -> Result<(), RepoError>;
    /// The user's orders, newest first.
    async fn for_user(&self, user: &UserId) -> Result<Vec<Order>, RepoError>;
    /// The matching orders, sorted as asked (ties newest first), one page when asked, and
    /// how many match in all; a fixed number of queries whatever the page size.
    async fn list(&self, query: &OrderQuery) -> Result<(Vec<Order>, u64), RepoError>;
    /// Carries out `plan` in one transaction, only while the order is still as the plan read
    /// it (its status, its payment status, its refund claim, and for a cancel no return
    /// holding units): every effect the plan lists or none. `Stale` when the order moved on,
    /// `OutOfStock` when stock cannot be taken again, `DiscountUnavailable` when its code
    /// cannot be used again, `Repo(NotFound)` when there is no such order.
    async fn apply(&self, plan: &OrderPlan) -> Result<(), OrderStoreError>;
    /// Carries out every plan in one transaction, as `apply` does each: all or none, `Stale`
    /// when any of the orders moved on.
    async fn apply_all(&self, plans: &[OrderPlan]) -> Result<(), OrderStoreError>;
    /// Claims the refund of a paid order that still has status `from` and no refund claim
    /// (`order::RefundClaimGuard`), so that of several callers one reaches the provider;
    /// the claimer then lands the refund with a transition (`landing_refund`), releases the
    /// claim or marks it unconfirmed. `Stale` when the order moved on or a refund is claimed
    /// already, `Repo(NotFound)` when there is no such order.
    async fn claim_refund(
        &self,
        id: &OrderId,
        from: OrderStatus,
        at: DateTime<Utc>,
    ) -> Result<(), OrderStoreError>;
    /// Ends a claim whose refund did not happen: the order stays as it was, for a retry.
    async fn release_refund_claim(&self, id: &OrderId) -> Result<(), RepoError>;
    /// Keeps the claim of a refund whose answer was lost as unconfirmed (`refund::RefundClaim`):
    /// nothing but an admin's resolution moves the order from then on.
    async fn mark_refund_unconfirmed(
        &self,
        id: &OrderId,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError>;
    /// Takes over an unconfirmed refund claim (marked, or abandoned past
    /// `REFUND_CLAIM_TIMEOUT`) for an admin's resolution: it is sending again, so that of
    /// several resolutions one applies. `Stale` when the order has no unconfirmed claim.
    async fn reclaim_unconfirmed_refund(
        &self,
        id: &OrderId,
        at: DateTime<Utc>,
    ) -> Result<(), OrderStoreError>;
    /// Orders still pending whose payment is unconfirmed, placed before `cutoff`: at most
    /// `limit` of them, oldest first; never one paid by one of `exempt`
    /// (`payment_hold::methods_without_hold`).
    async fn unconfirmed_placed_before(
        &self,
        cutoff: DateTime<Utc>,
        exempt: &[PaymentMethod],
        limit: u32,
    ) -> Result<Vec<Order>, RepoError>;
    /// Orders still pending whose payment by one of `methods` is unconfirmed, placed at or
    /// after `cutoff` (their hold still runs): at most `limit`, oldest first.
    async fn unconfirmed_placed_after(
        &self,
        cutoff: DateTime<Utc>,
        methods: &[PaymentMethod],
        limit: u32,
    ) -> Result<Vec<Order>, RepoError>;
    /// Keeps the provider's `reference` of the open charge of order `id` while its payment
    /// is pending (an eDahab invoice); nothing when it is not.
    async fn record_payment_reference(
        &self,
        id: &OrderId,
        reference: &str,
    ) -> Result<(), RepoError>;
    /// Sets the payment method of phone order `id` while it is pending with no method chosen,
    /// which starts its payment (the number it is paid from is the attempt's, never the
    /// order's): `Stale` when another payment started first (or the order moved on),
    /// `Repo(Duplicate)` when a charge of another order of the same customer is still
    /// unconfirmed (one at a time per customer), `Repo(NotFound)` when gone.
    async fn choose_payment(
        &self,
        id: &OrderId,
        method: PaymentMethod,
    ) -> Result<(), OrderStoreError>;
    /// Takes back `method`, chosen for phone order `id` by `choose_payment`, after a charge
    /// that moved no money, so that another payment may start; nothing once it moved on.
    async fn forget_payment_choice(
        &self,
        id: &OrderId,
        method: PaymentMethod,
    ) -> Result<(), RepoError>;
    /// Every order, added up per day (UTC) and status pair.
    async fn facts(&self) -> Result<Vec<OrderFact>, RepoError>;
    /// Units sold per product name over orders that were not canceled: the `count` names
    /// with the most, and any tied with the last of them.
    async fn best_sellers(&self, count: usize) -> Result<Vec<ProductSales>, RepoError>;
}
