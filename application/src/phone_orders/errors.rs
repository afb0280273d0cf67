//! What taking an order by phone can fail with.

use domain::discount::DiscountRefusal;
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
}
