//! What the use cases share of their errors. Each use case returns its own error enum
//! (beside its service, in `<area>/errors.rs`) naming every way it can fail; the HTTP
//! adapter maps each variant to a status and a message in one place (`adapters/http`'s
//! `error` module). A use case that can only fail in storage returns `RepoError` itself.

use domain::listing::InvalidListParameter;
use domain::permissions::PermissionError;
use domain::ports::RepoError;
use domain::validation::FieldErrors;

/// Reading what only some may read: the back office's lists.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error(transparent)]
    Refused(#[from] PermissionError),
    /// A list asked for in a way this reader may not (sorted by what they may not see).
    #[error(transparent)]
    Invalid(#[from] InvalidListParameter),
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// A back-office list searched by typed text.
#[derive(Debug, thiserror::Error)]
pub enum SearchedListError {
    #[error(transparent)]
    Refused(#[from] PermissionError),
    /// The search text holds control characters.
    #[error(transparent)]
    Invalid(#[from] FieldErrors),
    #[error(transparent)]
    Store(#[from] RepoError),
}
