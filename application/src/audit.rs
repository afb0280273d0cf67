//! The audit trail: every admin change is recorded by the use case that makes it, and admins
//! read the trail newest first.

use crate::ReadError;
use derive_new::new;
use domain::audit::{AuditChange, AuditEntry};
use domain::permissions::{require, Permission};
use domain::ports::{AuditLog, Clock, IdGenerator, Page};
use domain::user::User;
use std::sync::Arc;

/// The audit trail: written by every admin change, read by admins.
#[derive(Clone, new)]
pub struct Audit {
    log: Arc<dyn AuditLog>,
    clock: Arc<dyn Clock>,
    ids: Arc<dyn IdGenerator>,
}

impl Audit {
    /// Records a change `actor` has just made. The change stands even when the trail cannot
    /// be written (answering with an error would invite a retry that repeats it), so a
    /// failure is logged with the whole entry instead.
    pub(crate) async fn record(&self, actor: &User, change: AuditChange) {
        let entry = AuditEntry {
            id: self.ids.new_id(),
            at: self.clock.now(),
            actor_id: actor.id.clone(),
            actor_email: actor.email.clone(),
            change,
        };
        if let Err(error) = self.log.record(&entry).await {
            tracing::error!(%error, ?entry, "the audit trail could not be written");
        }
    }

    /// One page of the trail, newest first, and how many entries there are.
    pub async fn audit_trail(
        &self,
        actor: &User,
        page: Page,
    ) -> Result<(Vec<AuditEntry>, u64), ReadError> {
        require(actor, Permission::AuditRead)?;
        Ok(self.log.list(page).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{admin, clock, ids, shopper};
    use domain::permissions::PermissionError;
    use domain::ports::{MockAuditLog, RepoError};

    fn audit(log: MockAuditLog) -> Audit {
        Audit::new(Arc::new(log), clock(), ids())
    }

    #[tokio::test]
    async fn shoppers_cannot_read_the_audit_trail() {
        let error = audit(MockAuditLog::new())
            .audit_trail(
                &shopper("amina"),
                Page {
                    number: 1,
                    size: 20,
                },
            )
            .await
            .unwrap_err();
        assert!(matches!(
            error,
            ReadError::Refused(PermissionError::AdminOnly)
        ));
    }

    #[tokio::test]
    async fn an_unwritable_trail_does_not_undo_the_change() {
        let mut log = MockAuditLog::new();
        log.expect_record()
            .times(1)
            .returning(|_| Err(RepoError::Storage("disk full".into())));
        let before = domain::settings::ShopSettings {
            shop_name: "Old".into(),
            ..crate::testing::default_settings()
        };
        let change = AuditChange::settings_updated(&before, &crate::testing::default_settings());
        audit(log).record(&admin("boss"), change).await;
    }
}
