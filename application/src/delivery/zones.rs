//! Delivery zones: listed to everyone, added and changed by admins (each change audited),
//! and known to every cart and checkout without a read of their own.

use crate::audit::Audit;
use crate::recent::Recent;
use crate::ReadError;
use derive_new::new;
use domain::audit::AuditChange;
use domain::delivery::{DeliveryZone, ZoneInput, Zones};
use domain::message::texts::ZONE_EXISTS;
use domain::permissions::{require, Permission, PermissionError};
use domain::ports::{DeliveryZoneRepository, IdGenerator, RepoError};
use domain::user::User;
use domain::validation::FieldErrors;
use domain::ZoneId;
use std::sync::Arc;

/// The zones in force, read at most every `recent::RECHECK` (every cart and checkout needs
/// them; an admin changes them now and then).
#[derive(Clone, new)]
pub struct CurrentZones {
    stored: Arc<dyn DeliveryZoneRepository>,
    #[new(default)]
    recent: Recent<Zones>,
}

impl CurrentZones {
    pub async fn get(&self) -> Result<Zones, RepoError> {
        let stored = self.stored.clone();
        self.recent
            .get(|| async move { Ok(Zones::new(stored.all().await?)) })
            .await
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ZoneChangeError {
    #[error(transparent)]
    Refused(#[from] PermissionError),
    #[error(transparent)]
    Invalid(#[from] FieldErrors),
    #[error("no such delivery zone")]
    NotFound,
    #[error(transparent)]
    Store(RepoError),
}

impl From<RepoError> for ZoneChangeError {
    fn from(error: RepoError) -> Self {
        match error {
            RepoError::NotFound => ZoneChangeError::NotFound,
            other => ZoneChangeError::Store(other),
        }
    }
}

/// The zones' use cases.
#[derive(new)]
pub struct DeliveryZones {
    current: CurrentZones,
    stored: Arc<dyn DeliveryZoneRepository>,
    ids: Arc<dyn IdGenerator>,
    audit: Audit,
}

impl DeliveryZones {
    /// Every zone, served or not, by city and then district (a whole city first).
    pub async fn zones(&self) -> Result<Zones, RepoError> {
        self.current.get().await
    }

    /// The zones as the back office keeps them.
    pub async fn admin_zones(&self, actor: &User) -> Result<Zones, ReadError> {
        require(actor, Permission::SettingsManage)?;
        Ok(self.current.get().await?)
    }

    pub async fn create_zone(
        &self,
        actor: &User,
        input: &ZoneInput,
    ) -> Result<DeliveryZone, ZoneChangeError> {
        require(actor, Permission::SettingsManage)?;
        let draft = input.validate()?;
        self.stored_zones().await?.check_fits(&draft, None)?;
        let id = ZoneId::parse(&self.ids.new_id()).expect("the id generator makes valid ids");
        let zone = draft.into_zone(id);
        self.stored.insert(&zone).await.map_err(taken(&zone))?;
        self.current.recent.forget();
        self.audit
            .record(actor, AuditChange::zone_created(&zone))
            .await;
        Ok(zone)
    }

    /// Changes zone `id`; switching it off (`served: false`) keeps its orders' place.
    pub async fn update_zone(
        &self,
        actor: &User,
        id: &ZoneId,
        input: &ZoneInput,
    ) -> Result<DeliveryZone, ZoneChangeError> {
        require(actor, Permission::SettingsManage)?;
        let draft = input.validate()?;
        let zones = self.stored_zones().await?;
        let before = zones.by_id(id).ok_or(ZoneChangeError::NotFound)?.clone();
        zones.check_fits(&draft, Some(id))?;
        let zone = draft.into_zone(id.clone());
        self.stored.update(&zone).await.map_err(taken(&zone))?;
        self.current.recent.forget();
        self.audit
            .record(actor, AuditChange::zone_updated(&before, &zone))
            .await;
        Ok(zone)
    }

    /// The zones as stored now: a change is checked against the latest, not a recent copy.
    async fn stored_zones(&self) -> Result<Zones, RepoError> {
        Ok(Zones::new(self.stored.all().await?))
    }
}

/// A place another request made a zone of meanwhile is refused as the check refuses it.
fn taken(zone: &DeliveryZone) -> impl FnOnce(RepoError) -> ZoneChangeError + '_ {
    move |error| match error {
        RepoError::Duplicate => {
            FieldErrors::single("district", ZONE_EXISTS.with("place", zone.place())).into()
        }
        other => other.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{admin, audit, hodan, ids, shopper, staff};
    use domain::audit::AuditAction;
    use domain::ports::{MockAuditLog, MockDeliveryZoneRepository};
    use domain::user::Role;

    fn input(city: &str, district: Option<&str>, served: bool) -> ZoneInput {
        ZoneInput {
            city: city.into(),
            district: district.map(Into::into),
            fee: Some(3.0),
            min_days: Some(1),
            max_days: Some(2),
            cash_on_delivery: false,
            served,
        }
    }

    fn service(stored: MockDeliveryZoneRepository, log: MockAuditLog) -> DeliveryZones {
        let stored: Arc<dyn DeliveryZoneRepository> = Arc::new(stored);
        DeliveryZones::new(CurrentZones::new(stored.clone()), stored, ids(), audit(log))
    }

    fn recorded(action: AuditAction) -> MockAuditLog {
        let mut log = MockAuditLog::new();
        log.expect_record()
            .withf(move |entry| entry.change.action == action)
            .times(1)
            .returning(|_| Ok(()));
        log
    }

    #[tokio::test]
    async fn switching_a_zone_off_keeps_it_and_is_audited() {
        let mut stored = MockDeliveryZoneRepository::new();
        stored.expect_all().returning(|| Ok(vec![hodan()]));
        stored
            .expect_update()
            .withf(|zone| !zone.served && zone.id.as_str() == "z-hodan" && zone.fee.cents() == 300)
            .times(1)
            .returning(|_| Ok(()));
        let zones = service(stored, recorded(AuditAction::ZoneUpdate));
        let id = ZoneId::parse("z-hodan").unwrap();
        let off = zones
            .update_zone(
                &admin("sahra"),
                &id,
                &input("Mogadishu", Some("Hodan"), false),
            )
            .await
            .unwrap();
        assert!(!off.served);
    }

    #[tokio::test]
    async fn a_place_already_a_zone_is_refused_on_its_district_and_nothing_is_stored() {
        let mut stored = MockDeliveryZoneRepository::new();
        stored.expect_all().returning(|| Ok(vec![hodan()]));
        stored.expect_insert().never();
        let zones = service(stored, MockAuditLog::new());
        let Err(ZoneChangeError::Invalid(errors)) = zones
            .create_zone(&admin("sahra"), &input("mogadishu", Some("HODAN"), true))
            .await
        else {
            panic!("a second Hodan was not refused");
        };
        assert_eq!(
            errors.get("district"),
            Some("Hodan, Mogadishu is already a delivery zone")
        );
    }

    #[tokio::test]
    async fn a_place_taken_by_a_racing_request_is_refused_the_same_way() {
        let mut stored = MockDeliveryZoneRepository::new();
        stored.expect_all().returning(|| Ok(vec![]));
        stored
            .expect_insert()
            .returning(|_| Err(RepoError::Duplicate));
        let zones = service(stored, MockAuditLog::new());
        let Err(ZoneChangeError::Invalid(errors)) = zones
            .create_zone(&admin("sahra"), &input("Bosaso", None, true))
            .await
        else {
            panic!("the duplicate was not refused");
        };
        assert_eq!(
            errors.get("district"),
            Some("Bosaso is already a delivery zone")
        );
    }

    #[tokio::test]
    async fn only_admins_keep_zones() {
        let zones = service(MockDeliveryZoneRepository::new(), MockAuditLog::new());
        for actor in [shopper("amina"), staff("hawa", Role::OrderHandler)] {
            assert!(matches!(
                zones
                    .create_zone(&actor, &input("Bosaso", None, true))
                    .await,
                Err(ZoneChangeError::Refused(_))
            ));
        }
    }
}
