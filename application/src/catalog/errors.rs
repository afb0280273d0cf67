//! What each catalogue use case can fail with.

use domain::permissions::PermissionError;
use domain::ports::{ImageError, ProductStoreError, RepoError};
use domain::validation::FieldErrors;

#[derive(Debug, thiserror::Error)]
pub enum FindProductError {
    #[error("no such product")]
    NotFound,
    #[error(transparent)]
    Store(#[from] RepoError),
}

#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    #[error(transparent)]
    Invalid(#[from] FieldErrors),
    #[error(transparent)]
    Store(#[from] RepoError),
}

#[derive(Debug, thiserror::Error)]
pub enum CreateProductError {
    #[error(transparent)]
    Refused(#[from] PermissionError),
    #[error(transparent)]
    Invalid(#[from] FieldErrors),
    #[error(transparent)]
    Image(#[from] ImageError),
    /// A SKU taken by another product, or the store failing.
    #[error(transparent)]
    Store(#[from] ProductStoreError),
}

#[derive(Debug, thiserror::Error)]
pub enum UpdateProductError {
    #[error(transparent)]
    Refused(#[from] PermissionError),
    #[error(transparent)]
    Find(#[from] FindProductError),
    #[error(transparent)]
    Invalid(#[from] FieldErrors),
    #[error(transparent)]
    Image(#[from] ImageError),
    /// Stock changed or a size removed since the form was opened, a SKU taken, or the store
    /// failing.
    #[error(transparent)]
    Store(#[from] ProductStoreError),
}

#[derive(Debug, thiserror::Error)]
pub enum DeleteProductError {
    #[error(transparent)]
    Refused(#[from] PermissionError),
    #[error(transparent)]
    Find(#[from] FindProductError),
}
