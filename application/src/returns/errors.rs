//! What each returns use case can fail with.

use crate::orders::FindOrderError;
use crate::refunds::{ReclaimError, RefundFailed};
use domain::permissions::PermissionError;
use domain::ports::{RepoError, ReturnStoreError};
use domain::refund::RefundRefusal;
use domain::returns::ReturnStatus;
use domain::validation::FieldErrors;

#[derive(Debug, thiserror::Error)]
pub enum RequestReturnError {
    #[error(transparent)]
    Invalid(#[from] FieldErrors),
    /// No such order, or not the shopper's own.
    #[error(transparent)]
    Find(#[from] FindOrderError),
    /// A refund of the order is being sent; the request may be made once it lands.
    #[error("a refund of the order is under way")]
    RefundUnderWay,
    /// A rule of returns refused it.
    #[error(transparent)]
    Store(#[from] ReturnStoreError),
}

#[derive(Debug, thiserror::Error)]
pub enum ListReturnsError {
    #[error(transparent)]
    Refused(#[from] PermissionError),
    #[error("no such return status")]
    InvalidStatus,
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// Moving a return on, once the step is known to be allowed.
#[derive(Debug, thiserror::Error)]
pub enum ReturnStepError {
    #[error("no such return")]
    NotFound,
    #[error("the return's order is gone")]
    OrderNotFound,
    /// Its order was refunded otherwise meanwhile, or another change came first.
    #[error("the return was changed meanwhile")]
    Changed,
    #[error(transparent)]
    Refund(#[from] RefundFailed),
    #[error(transparent)]
    Store(#[from] ReturnStoreError),
    #[error(transparent)]
    Repo(#[from] RepoError),
}

#[derive(Debug, thiserror::Error)]
pub enum ChangeReturnError {
    #[error(transparent)]
    Refused(#[from] PermissionError),
    #[error("no such return status")]
    InvalidStatus,
    /// Its refund is being sent, or was sent and awaits a resolution.
    #[error(transparent)]
    RefundClaimed(#[from] RefundRefusal),
    #[error("the return cannot become {0:?} now")]
    Unreachable(ReturnStatus),
    /// How a refund paid out by hand went is missing or not a way to pay.
    #[error(transparent)]
    Invalid(#[from] FieldErrors),
    #[error(transparent)]
    Step(#[from] ReturnStepError),
}

#[derive(Debug, thiserror::Error)]
pub enum ResolveReturnRefundError {
    #[error(transparent)]
    Refused(#[from] PermissionError),
    #[error(transparent)]
    Invalid(#[from] FieldErrors),
    #[error(transparent)]
    Reclaim(#[from] ReclaimError),
    #[error(transparent)]
    Step(#[from] ReturnStepError),
}
