//! Discount codes in the back office (issue 15): listed, made, changed and deleted by
//! admins, each change audited. The rules of a code are `domain::discount`.

use crate::audit::Audit;
use crate::ReadError;
use derive_new::new;
use domain::audit::AuditChange;
use domain::discount::{Discount, DiscountInput};
use domain::permissions::{require, Permission, PermissionError};
use domain::ports::{Clock, DiscountRepository, IdGenerator};
use domain::ports::{Page, RepoError};
use domain::user::User;
use domain::validation::FieldErrors;
use domain::DiscountId;
use std::sync::Arc;

/// What saving or deleting a code can fail with: the use cases but the list.
#[derive(Debug, thiserror::Error)]
pub enum DiscountChangeError {
    #[error(transparent)]
    Refused(#[from] PermissionError),
    #[error(transparent)]
    Invalid(#[from] FieldErrors),
    #[error("no such discount code")]
    NotFound,
    /// Another code has this code.
    #[error("the code is taken")]
    CodeTaken,
    #[error(transparent)]
    Store(RepoError),
}

/// A store error as the admin hears it: a code another one already has is the form's
/// error on the code; a code gone is not found.
impl From<RepoError> for DiscountChangeError {
    fn from(error: RepoError) -> Self {
        match error {
            RepoError::Duplicate => DiscountChangeError::CodeTaken,
            RepoError::NotFound => DiscountChangeError::NotFound,
            other => DiscountChangeError::Store(other),
        }
    }
}

/// Discount codes, managed by admins.
#[derive(new)]
pub struct Discounts {
    discounts: Arc<dyn DiscountRepository>,
    clock: Arc<dyn Clock>,
    ids: Arc<dyn IdGenerator>,
    audit: Audit,
}

impl Discounts {
    /// The codes, newest first, with how many there are.
    pub async fn discounts(
        &self,
        actor: &User,
        page: Option<Page>,
    ) -> Result<(Vec<Discount>, u64), ReadError> {
        require(actor, Permission::DiscountsManage)?;
        Ok(self.discounts.list(page).await?)
    }

    pub async fn create_discount(
        &self,
        actor: &User,
        input: &DiscountInput,
    ) -> Result<Discount, DiscountChangeError> {
        require(actor, Permission::DiscountsManage)?;
        let draft = input.validate()?;
        let id = DiscountId::parse(&self.ids.new_id()).expect("the id generator makes valid ids");
        let discount = draft.into_discount(id, 0, self.clock.now());
        self.discounts.insert(&discount).await?;
        self.audit
            .record(actor, AuditChange::discount_created(&discount))
            .await;
        Ok(discount)
    }

    /// Replaces a code's fields; its uses so far and its creation time stay.
    pub async fn update_discount(
        &self,
        actor: &User,
        id: &DiscountId,
        input: &DiscountInput,
    ) -> Result<Discount, DiscountChangeError> {
        require(actor, Permission::DiscountsManage)?;
        let draft = input.validate()?;
        let before = self.discount(id).await?;
        let after = draft.into_discount(before.id.clone(), before.times_used, before.created_at);
        self.discounts.update(&after).await?;
        self.audit
            .record(actor, AuditChange::discount_updated(&before, &after))
            .await;
        Ok(after)
    }

    /// Deletes a code; orders that used it keep its code and amount.
    pub async fn delete_discount(
        &self,
        actor: &User,
        id: &DiscountId,
    ) -> Result<(), DiscountChangeError> {
        require(actor, Permission::DiscountsManage)?;
        let discount = self.discount(id).await?;
        self.discounts.delete(id).await?;
        self.audit
            .record(actor, AuditChange::discount_deleted(&discount))
            .await;
        Ok(())
    }

    async fn discount(&self, id: &DiscountId) -> Result<Discount, DiscountChangeError> {
        self.discounts
            .by_id(id)
            .await?
            .ok_or(DiscountChangeError::NotFound)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{admin, audit, clock, eid_code, ids, shopper};
    use chrono::{TimeZone, Utc};
    use domain::audit::AuditAction;
    use domain::discount::DiscountKind;
    use domain::Money;

    use domain::ports::{MockAuditLog, MockDiscountRepository};
    struct Mocks {
        discounts: MockDiscountRepository,
        audit: MockAuditLog,
    }

    impl Mocks {
        fn new() -> Self {
            Self {
                discounts: MockDiscountRepository::new(),
                audit: MockAuditLog::new(),
            }
        }

        fn service(self) -> Discounts {
            Discounts::new(Arc::new(self.discounts), clock(), ids(), audit(self.audit))
        }
    }

    fn eid_input() -> DiscountInput {
        DiscountInput {
            code: "eid-2026".into(),
            kind: "fixed".into(),
            value: Some(5.0),
            active: true,
            ..DiscountInput::default()
        }
    }

    fn eid_stored(times_used: u32) -> Discount {
        Discount {
            usage_limit: Some(10),
            times_used,
            ..eid_code(DiscountKind::Fixed(Money::from_cents(500).unwrap()))
        }
    }

    #[tokio::test]
    async fn a_new_code_is_stored_upper_case_unused_and_audited() {
        let mut ports = Mocks::new();
        ports
            .discounts
            .expect_insert()
            .withf(|d| {
                d.code.as_str() == "EID-2026"
                    && d.kind == DiscountKind::Fixed(Money::from_cents(500).unwrap())
                    && d.times_used == 0
            })
            .times(1)
            .returning(|_| Ok(()));
        ports
            .audit
            .expect_record()
            .withf(|entry| entry.change.action == AuditAction::DiscountCreate)
            .times(1)
            .returning(|_| Ok(()));
        let made = ports
            .service()
            .create_discount(&admin("root"), &eid_input())
            .await
            .unwrap();
        assert_eq!(
            made.created_at,
            Utc.with_ymd_and_hms(2026, 11, 21, 12, 0, 0).unwrap()
        );
    }

    #[tokio::test]
    async fn a_taken_code_is_the_code_fields_error() {
        let mut ports = Mocks::new();
        ports
            .discounts
            .expect_insert()
            .returning(|_| Err(RepoError::Duplicate));
        ports.audit.expect_record().never();
        let error = ports
            .service()
            .create_discount(&admin("root"), &eid_input())
            .await
            .unwrap_err();
        assert!(matches!(error, DiscountChangeError::CodeTaken), "{error:?}");
    }

    #[tokio::test]
    async fn an_edit_keeps_the_uses_and_the_creation_time() {
        let mut ports = Mocks::new();
        ports
            .discounts
            .expect_by_id()
            .returning(|_| Ok(Some(eid_stored(7))));
        ports
            .discounts
            .expect_update()
            .withf(|d| {
                d.times_used == 7
                    && d.usage_limit.is_none()
                    && d.created_at == Utc.with_ymd_and_hms(2026, 3, 1, 0, 0, 0).unwrap()
            })
            .times(1)
            .returning(|_| Ok(()));
        ports.audit.expect_record().times(1).returning(|_| Ok(()));
        let after = ports
            .service()
            .update_discount(
                &admin("root"),
                &DiscountId::parse("d1").unwrap(),
                &eid_input(),
            )
            .await
            .unwrap();
        assert_eq!(after.times_used, 7);
    }

    #[tokio::test]
    async fn editing_or_deleting_a_missing_code_is_not_found() {
        let mut ports = Mocks::new();
        ports.discounts.expect_by_id().returning(|_| Ok(None));
        let shop = ports.service();
        let id = DiscountId::parse("gone").unwrap();
        let error = shop.delete_discount(&admin("root"), &id).await.unwrap_err();
        assert!(matches!(error, DiscountChangeError::NotFound));
        let error = shop
            .update_discount(&admin("root"), &id, &eid_input())
            .await
            .unwrap_err();
        assert!(matches!(error, DiscountChangeError::NotFound));
    }

    #[tokio::test]
    async fn shoppers_cannot_list_or_make_codes() {
        let shop = Mocks::new().service();
        let amina = shopper("amina");
        assert!(matches!(
            shop.discounts(&amina, None).await.unwrap_err(),
            ReadError::Refused(PermissionError::AdminOnly)
        ));
        assert!(matches!(
            shop.create_discount(&amina, &eid_input())
                .await
                .unwrap_err(),
            DiscountChangeError::Refused(PermissionError::AdminOnly)
        ));
    }
}
