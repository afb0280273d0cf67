//! What each orders use case can fail with.

use crate::refunds::{ReclaimError, RefundFailed};
use domain::order::moves::MoveRefusal;
use domain::order::StatusChangeRefusal;
use domain::permissions::PermissionError;
use domain::ports::{OrderStoreError, RepoError};
use domain::validation::FieldErrors;

/// Reading one order.
#[derive(Debug, thiserror::Error)]
pub enum FindOrderError {
    #[error("no such order")]
    NotFound,
    /// Another shopper's order.
    #[error(transparent)]
    Refused(#[from] PermissionError),
    #[error(transparent)]
    Store(#[from] RepoError),
}

#[derive(Debug, thiserror::Error)]
pub enum UpdateOrderStatusError {
    #[error(transparent)]
    Refused(#[from] PermissionError),
    #[error("no such status")]
    InvalidStatus,
    #[error(transparent)]
    Find(#[from] FindOrderError),
    /// The order may not move there now.
    #[error(transparent)]
    Move(#[from] MoveRefusal),
    /// Reopening a canceled order whose code's use went back, when the code can no longer
    /// be used.
    #[error("the order's code can no longer be used")]
    CodeUnusable,
    #[error(transparent)]
    Refund(#[from] RefundFailed),
    #[error(transparent)]
    Store(#[from] OrderStoreError),
    #[error(transparent)]
    Repo(#[from] RepoError),
}

#[derive(Debug, thiserror::Error)]
pub enum ResolveOrderRefundError {
    #[error(transparent)]
    Refused(#[from] PermissionError),
    #[error(transparent)]
    Invalid(#[from] FieldErrors),
    #[error(transparent)]
    Find(#[from] FindOrderError),
    #[error(transparent)]
    Change(#[from] StatusChangeRefusal),
    #[error(transparent)]
    Reclaim(#[from] ReclaimError),
    #[error(transparent)]
    Refund(#[from] RefundFailed),
    #[error(transparent)]
    Store(#[from] OrderStoreError),
}

#[derive(Debug, thiserror::Error)]
pub enum UpdatePaymentError {
    #[error(transparent)]
    Refused(#[from] PermissionError),
    #[error(transparent)]
    Invalid(#[from] FieldErrors),
    #[error(transparent)]
    Find(#[from] FindOrderError),
    /// The hold ended: the order was canceled and its items went back on sale.
    #[error("the payment hold expired")]
    HoldExpired,
    #[error("the order is not awaiting payment")]
    NotAwaitingPayment,
    #[error(transparent)]
    Store(#[from] OrderStoreError),
}
