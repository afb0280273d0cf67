//! The audit trail: every admin change is recorded by the use case that makes it, and admins
//! read the trail newest first.

use crate::{AppError, Shop};
use domain::audit::{AuditChange, AuditEntry};
use domain::permissions::require_admin;
use domain::ports::Page;
use domain::user::User;

impl Shop {
    /// Records a change `actor` has just made. The change stands even when the trail cannot
    /// be written (answering with an error would invite a retry that repeats it), so a
    /// failure is logged with the whole entry instead.
    pub(crate) async fn record_audit(&self, actor: &User, change: AuditChange) {
        let entry = AuditEntry {
            id: self.ports.ids.new_id(),
            at: self.ports.clock.now(),
            actor_id: actor.id.clone(),
            actor_email: actor.email.clone(),
            change,
        };
        if let Err(error) = self.ports.audit.record(&entry).await {
            tracing::error!(%error, ?entry, "the audit trail could not be written");
        }
    }

    /// One page of the trail, newest first, and how many entries there are.
    pub async fn audit_trail(
        &self,
        actor: &User,
        page: Page,
    ) -> Result<(Vec<AuditEntry>, u64), AppError> {
        require_admin(actor)?;
        Ok(self.ports.audit.list(page).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{admin, shopper, TestPorts};
    use domain::ports::RepoError;

    #[tokio::test]
    async fn shoppers_cannot_read_the_audit_trail() {
        let error = TestPorts::new()
            .shop()
            .audit_trail(
                &shopper("amina"),
                Page {
                    number: 1,
                    size: 20,
                },
            )
            .await
            .unwrap_err();
        assert!(matches!(error, AppError::Forbidden(m) if m == "Unauthorized"));
    }

    #[tokio::test]
    async fn an_unwritable_trail_does_not_undo_the_change() {
        let mut ports = TestPorts::new();
        ports
            .audit
            .expect_record()
            .times(1)
            .returning(|_| Err(RepoError::Storage("disk full".into())));
        let before = domain::settings::ShopSettings {
            shop_name: "Old".into(),
            ..crate::testing::default_settings()
        };
        let change = AuditChange::settings_updated(&before, &crate::testing::default_settings());
        ports.shop().record_audit(&admin("boss"), change).await;
    }
}
