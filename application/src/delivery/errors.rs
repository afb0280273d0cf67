//! What each delivery use case can fail with.

use domain::delivery::CodeRefusal;
use domain::message::Message;
use domain::permissions::PermissionError;
use domain::ports::{OrderStoreError, RepoError};
use domain::validation::FieldErrors;
use domain::OrderId;

/// Sending orders out with a rider.
#[derive(Debug, thiserror::Error)]
pub enum DispatchError {
    #[error(transparent)]
    Refused(#[from] PermissionError),
    /// No orders, or no rider of the shop.
    #[error(transparent)]
    Invalid(#[from] FieldErrors),
    #[error("no order {0}")]
    NotFound(OrderId),
    /// An order is out with another rider, or cannot go out (409); none was sent out.
    #[error("{}", .0.as_str())]
    Conflict(Message),
    #[error(transparent)]
    Store(#[from] OrderStoreError),
}

impl From<RepoError> for DispatchError {
    fn from(error: RepoError) -> Self {
        DispatchError::Store(error.into())
    }
}

/// Marking a rider's cash of a day received.
#[derive(Debug, thiserror::Error)]
pub enum CashReceiptError {
    #[error(transparent)]
    Refused(#[from] PermissionError),
    /// The rider collected no cash that day.
    #[error("no cash collected")]
    NoCash,
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// A rider's move of one of their deliveries.
#[derive(Debug, thiserror::Error)]
pub enum RiderMoveError {
    #[error(transparent)]
    Refused(#[from] PermissionError),
    /// A reason that is none of the four, or cash that is not the order's total.
    #[error(transparent)]
    Invalid(#[from] FieldErrors),
    /// Not an order out with this rider (another rider's is not theirs to see).
    #[error("no such delivery")]
    NotFound,
    /// A wrong code (400 with the tries left), or five of them (423).
    #[error("{0:?}")]
    Code(CodeRefusal),
    /// `Stale`: delivered or brought back meanwhile by another request.
    #[error(transparent)]
    Store(#[from] OrderStoreError),
}

impl From<RepoError> for RiderMoveError {
    fn from(error: RepoError) -> Self {
        RiderMoveError::Store(error.into())
    }
}
