//! What taking an order by phone can fail with.

use domain::discount::DiscountRefusal;
use domain::message::{Message, Text};
use domain::permissions::PermissionError;
use domain::ports::{HashError, OrderStoreError, RepoError};
use domain::validation::FieldErrors;

#[derive(Debug, thiserror::Error)]
pub enum PhoneOrderError {
    /// The staff member's role does not take orders (`orders.create`).
    #[error(transparent)]
    Refused(#[from] PermissionError),
    #[error(transparent)]
    Invalid(#[from] FieldErrors),
    /// The discount code does not apply to this customer's order now.
    #[error("the code was refused: {0:?}")]
    CodeRefused(DiscountRefusal),
    /// Not enough stock for a line (nothing was held), or the store failing.
    #[error(transparent)]
    Store(#[from] OrderStoreError),
    #[error(transparent)]
    Repo(#[from] RepoError),
    #[error(transparent)]
    Hash(#[from] HashError),
    #[error("{}", .0.english())]
    NotFound(Text),
    /// A payment cannot start now: one is under way, it is paid, or its time ended.
    #[error("{}", .0.english())]
    NotPayable(Text),
    /// The payment link's order can no longer be paid (canceled, too late in its hold).
    #[error("{}", .0.english())]
    Gone(Text),
    /// The payer or their balance said no; the order waits for another payment.
    #[error("declined: {reason}")]
    Declined { reason: Message },
    /// The provider refused the shop itself (its set-up); no money moved.
    #[error("the provider refused: {reason}")]
    ProviderRefused { reason: Message },
}
