//! What storage may fail with, whichever port it serves: kept apart from the ports so that
//! the rules that name a storage failure (an import line refused) need no port.

/// A storage failure.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RepoError {
    /// A unique value (an e-mail address, a key) is taken.
    #[error("already exists")]
    Duplicate,
    #[error("not found")]
    NotFound,
    /// The database failed; the text is for logs only.
    #[error("storage failed: {0}")]
    Storage(String),
    /// The database cannot be reached now (restarting, down, every connection in use); the
    /// same call may work in a moment. The text is for logs only.
    #[error("database unavailable: {0}")]
    Unavailable(String),
}
