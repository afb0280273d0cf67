//! Port of the audit trail: who changed what.

use super::{Page, RepoError};
use crate::audit::{AuditActor, AuditEntry, AuditFilter};
use async_trait::async_trait;

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait AuditLog: Send + Sync {
    async fn record(&self, entry: &AuditEntry) -> Result<(), RepoError>;
    /// One page of the entries `filter` keeps, newest (last recorded) first, and how many
    /// it keeps.
    async fn list(
        &self,
        filter: &AuditFilter,
        page: Page,
    ) -> Result<(Vec<AuditEntry>, u64), RepoError>;
    /// Everyone with an entry, as their latest entry names them, by name.
    async fn actors(&self) -> Result<Vec<AuditActor>, RepoError>;
}
