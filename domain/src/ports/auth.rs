//! Ports of signing in: password hashes and session tokens.

use crate::user::SessionClaims;
use async_trait::async_trait;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("password hashing failed: {0}")]
pub struct HashError(pub String);

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait PasswordHasher: Send + Sync {
    async fn hash(&self, password: &str) -> Result<String, HashError>;
    /// False for a wrong password or an unreadable hash.
    async fn verify(&self, password: &str, hash: &str) -> bool;
}

#[cfg_attr(feature = "mocks", mockall::automock)]
pub trait TokenService: Send + Sync {
    fn issue(&self, claims: &SessionClaims) -> String;
    /// What a valid, unexpired token says; `None` for anything else.
    fn verify(&self, token: &str) -> Option<SessionClaims>;
}
