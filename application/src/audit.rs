//! The audit trail: every admin change is recorded by the use case that makes it, and admins
//! read the trail newest first.

use crate::ReadError;
use derive_new::new;
use domain::audit::{AuditActor, AuditChange, AuditEntry, AuditFilter};
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
            actor_name: actor.name.clone(),
            actor_role: actor.role,
            change,
        };
        if let Err(error) = self.log.record(&entry).await {
            tracing::error!(%error, ?entry, "the audit trail could not be written");
        }
    }

    /// One page of the trail (everyone's, or one person's), newest first, and how many
    /// entries it has.
    pub async fn audit_trail(
        &self,
        actor: &User,
        filter: &AuditFilter,
        page: Page,
    ) -> Result<(Vec<AuditEntry>, u64), ReadError> {
        require(actor, Permission::AuditRead)?;
        Ok(self.log.list(filter, page).await?)
    }

    /// Everyone who has changed something, to read the trail by person.
    pub async fn audit_actors(&self, actor: &User) -> Result<Vec<AuditActor>, ReadError> {
        require(actor, Permission::AuditRead)?;
        Ok(self.log.actors().await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{admin, clock, ids, shopper, staff};
    use domain::ids::UserId;
    use domain::permissions::PermissionError;
    use domain::ports::{MockAuditLog, RepoError};
    use domain::user::{Email, Role};

    const FIRST_PAGE: Page = Page {
        number: 1,
        size: 20,
    };

    fn audit(log: MockAuditLog) -> Audit {
        Audit::new(Arc::new(log), clock(), ids())
    }

    #[tokio::test]
    async fn an_entry_names_the_actor_and_their_role_as_they_were() {
        let mut log = MockAuditLog::new();
        log.expect_record()
            .withf(|entry| {
                entry.actor_id.as_str() == "hodan"
                    && entry.actor_name == "hodan"
                    && entry.actor_email.as_ref().map(Email::as_str) == Some("hodan@example.com")
                    && entry.actor_role == Role::OrderHandler
            })
            .times(1)
            .returning(|_| Ok(()));
        let change = AuditChange::settings_updated(
            &crate::testing::default_settings(),
            &crate::testing::default_settings(),
        );
        audit(log)
            .record(&staff("hodan", Role::OrderHandler), change)
            .await;
    }

    #[tokio::test]
    async fn the_trail_is_read_by_person_and_only_with_audit_read() {
        let mut log = MockAuditLog::new();
        log.expect_list()
            .withf(|filter, page| {
                filter.actor.as_ref().map(UserId::as_str) == Some("hodan") && *page == FIRST_PAGE
            })
            .times(1)
            .returning(|_, _| Ok((vec![], 0)));
        let audit = audit(log);
        let hodans = AuditFilter {
            actor: Some(UserId::parse("hodan").unwrap()),
        };
        assert_eq!(
            audit
                .audit_trail(&admin("boss"), &hodans, FIRST_PAGE)
                .await
                .unwrap(),
            (vec![], 0)
        );
        let refused = audit
            .audit_trail(&staff("hodan", Role::OrderHandler), &hodans, FIRST_PAGE)
            .await
            .unwrap_err();
        assert!(matches!(
            refused,
            ReadError::Refused(PermissionError::RoleForbids)
        ));
        let refused = audit
            .audit_actors(&staff("sahra", Role::StockKeeper))
            .await
            .unwrap_err();
        assert!(matches!(
            refused,
            ReadError::Refused(PermissionError::RoleForbids)
        ));
    }

    #[tokio::test]
    async fn shoppers_cannot_read_the_audit_trail() {
        let error = audit(MockAuditLog::new())
            .audit_trail(&shopper("amina"), &AuditFilter::default(), FIRST_PAGE)
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
