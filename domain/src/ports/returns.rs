//! Port of the returns and their refunds.

use super::{Page, RepoError};
use crate::ids::{OrderId, ReturnId};
use crate::order::Changer;
use crate::returns::plan::ReturnStepPlan;
use crate::returns::{Return, ReturnInput, ReturnRefusal, ReturnStatus};
use async_trait::async_trait;
use chrono::{DateTime, Utc};

/// Why a return could not be stored or changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReturnStoreError {
    /// The request breaks a rule of `returns::plan_return`, checked against the order as it
    /// is inside the transaction; nothing was stored.
    #[error(transparent)]
    Refused(#[from] ReturnRefusal),
    /// The return no longer has the status the change expected, or a refund is claimed on it
    /// (or, for a request, on its order): someone else changed it first.
    #[error("The return was changed by someone else")]
    Stale,
    #[error(transparent)]
    Repo(#[from] RepoError),
}

/// A shopper's request to return units of their order, as the use case hands it to storage.
#[derive(Debug, Clone)]
pub struct ReturnRequest {
    pub id: ReturnId,
    pub order: OrderId,
    pub by: Changer,
    pub input: ReturnInput,
    pub at: DateTime<Utc>,
}

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait ReturnRepository: Send + Sync {
    /// In one transaction, with the order's row locked: plans the return against the order
    /// and its returns that were not rejected (`returns::plan_return` at `request.at`) and
    /// stores it as requested. `Refused` with the broken rule, `Stale` while a refund of the
    /// whole order is claimed (a cancel), `Repo(NotFound)` without the order.
    async fn request(&self, request: &ReturnRequest) -> Result<Return, ReturnStoreError>;
    async fn by_id(&self, id: &ReturnId) -> Result<Option<Return>, RepoError>;
    /// The order's returns, newest first.
    async fn for_order(&self, order: &OrderId) -> Result<Vec<Return>, RepoError>;
    /// One page of the returns with `status` (any without), newest first, and how many match.
    async fn list(
        &self,
        status: Option<ReturnStatus>,
        page: Page,
    ) -> Result<(Vec<Return>, u64), RepoError>;
    /// Carries out `plan` in one transaction, only while the return still has status
    /// `plan.from` and (for a refund landing) its refund claimed, else no refund claimed;
    /// a refund lands only while the order is paid with what the plan read given back.
    /// `Stale` when the return or the order's refunds moved on, `Repo(NotFound)` without it.
    async fn apply(&self, plan: &ReturnStepPlan) -> Result<(), ReturnStoreError>;
    /// Claims the refund of a received return, so that of several callers one reaches the
    /// provider (as `OrderRepository::claim_refund`). `Stale` when it is not received or a
    /// refund is claimed already.
    async fn claim_refund(&self, id: &ReturnId, at: DateTime<Utc>) -> Result<(), ReturnStoreError>;
    /// Ends a claim whose refund did not happen: the return stays received, for a retry.
    async fn release_refund_claim(&self, id: &ReturnId) -> Result<(), RepoError>;
    /// As `OrderRepository::mark_refund_unconfirmed`, for a return's refund.
    async fn mark_refund_unconfirmed(
        &self,
        id: &ReturnId,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError>;
    /// As `OrderRepository::reclaim_unconfirmed_refund`, for a return's refund. `Stale` when
    /// the return has no unconfirmed claim.
    async fn reclaim_unconfirmed_refund(
        &self,
        id: &ReturnId,
        at: DateTime<Utc>,
    ) -> Result<(), ReturnStoreError>;
}
