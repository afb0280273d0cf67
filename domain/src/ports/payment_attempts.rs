//! Port of payment attempts (`payment_attempt`): each charge the shop started, followed to
//! its provider's final answer.

use super::RepoError;
use crate::ids::{OrderId, PaymentAttemptId};
use crate::listing::payments::AttemptQuery;
use crate::payment_attempt::{AttemptChange, PaymentAttempt};
use crate::payment_method::PaymentMethod;
use async_trait::async_trait;
use chrono::{DateTime, Utc};

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait PaymentAttemptRepository: Send + Sync {
    /// Stores a new attempt, before its provider is asked.
    async fn insert(&self, attempt: &PaymentAttempt) -> Result<(), RepoError>;
    async fn by_id(&self, id: &PaymentAttemptId) -> Result<Option<PaymentAttempt>, RepoError>;
    /// The attempts of `order`, oldest first.
    async fn of_order(&self, order: &OrderId) -> Result<Vec<PaymentAttempt>, RepoError>;
    /// Attempts by one of `methods` still awaiting their provider's answer, started at or
    /// after `since`: at most `limit`, oldest first.
    async fn awaiting(
        &self,
        since: DateTime<Utc>,
        methods: &[PaymentMethod],
        limit: u32,
    ) -> Result<Vec<PaymentAttempt>, RepoError>;
    /// Late attempts whose refund nobody claimed (the process recording them stopped before
    /// sending it): at most `limit`, oldest first.
    async fn late_unclaimed(&self, limit: u32) -> Result<Vec<PaymentAttempt>, RepoError>;
    /// Records `change` while the attempt is still in its `from` state: false when it moved
    /// on (another answer was recorded first).
    async fn record(&self, change: &AttemptChange) -> Result<bool, RepoError>;
    /// Claims the refund of late attempt `id` at `at`, while no refund is claimed on it: false
    /// when another caller claimed it first (or it is not late).
    async fn claim_refund(
        &self,
        id: &PaymentAttemptId,
        at: DateTime<Utc>,
    ) -> Result<bool, RepoError>;
    /// Every attempt started at or after `from` and before `to`, oldest first (a day's:
    /// the reconciliation).
    async fn started_between(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<PaymentAttempt>, RepoError>;
    /// One page of the attempts `query` lists, newest first, with how many it lists.
    async fn list(&self, query: &AttemptQuery) -> Result<(Vec<PaymentAttempt>, u64), RepoError>;
}
