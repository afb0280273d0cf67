//! Shop settings: read by everyone, changed by admins.

use crate::audit::Audit;
use crate::recent::Recent;
use derive_new::new;
use domain::audit::AuditChange;
use domain::permissions::{require, Permission};
use domain::ports::{RepoError, SettingsRepository};
use domain::settings::{SettingsInput, ShopSettings};
use domain::user::User;
use std::sync::Arc;

/// The settings in force: the saved ones, or the configured defaults until an admin saves
/// some. Shared by every service that needs them (every cart and checkout needs the
/// shipping fee, every message the shop's name).
#[derive(Clone, new)]
pub struct CurrentSettings {
    saved: Arc<dyn SettingsRepository>,
    defaults: ShopSettings,
    /// `None`: no settings saved yet (the defaults apply).
    #[new(default)]
    recent: Recent<Option<ShopSettings>>,
}

impl CurrentSettings {
    /// Rechecked in the background every `recent::RECHECK`.
    pub async fn get(&self) -> Result<ShopSettings, RepoError> {
        let saved = self.saved.clone();
        let known = self.recent.get(|| async move { saved.get().await }).await?;
        Ok(known.unwrap_or_else(|| self.defaults.clone()))
    }

    async fn save(&self, settings: &ShopSettings) -> Result<(), RepoError> {
        self.saved.save(settings).await?;
        self.recent.forget();
        Ok(())
    }
}

#[derive(Debug, thiserror::Error)]
pub enum UpdateSettingsError {
    #[error(transparent)]
    Refused(#[from] domain::permissions::PermissionError),
    #[error(transparent)]
    Invalid(#[from] domain::validation::FieldErrors),
    #[error(transparent)]
    Store(#[from] RepoError),
}

#[derive(new)]
pub struct Settings {
    current: CurrentSettings,
    audit: Audit,
}

impl Settings {
    pub async fn current_settings(&self) -> Result<ShopSettings, RepoError> {
        self.current.get().await
    }

    pub async fn update_settings(
        &self,
        actor: &User,
        input: &SettingsInput,
    ) -> Result<ShopSettings, UpdateSettingsError> {
        require(actor, Permission::SettingsManage)?;
        let before = self.current.get().await?;
        let settings = input.validate(Some(&before))?;
        self.current.save(&settings).await?;
        self.audit
            .record(actor, AuditChange::settings_updated(&before, &settings))
            .await;
        Ok(settings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{admin, audit, current_settings, default_settings};
    use domain::audit::AuditAction;
    use domain::ports::{MockAuditLog, MockSettingsRepository};

    struct Mocks {
        settings: MockSettingsRepository,
        audit: MockAuditLog,
    }

    impl Mocks {
        fn new() -> Self {
            Self {
                settings: MockSettingsRepository::new(),
                audit: MockAuditLog::new(),
            }
        }

        fn service(self) -> Settings {
            Settings::new(current_settings(self.settings), audit(self.audit))
        }
    }
    use serde_json::{json, Value};

    #[tokio::test]
    async fn a_settings_change_is_audited_from_the_defaults_in_force() {
        let mut ports = Mocks::new();
        ports.settings.expect_get().returning(|| Ok(None));
        ports.settings.expect_save().times(1).returning(|_| Ok(()));
        ports
            .audit
            .expect_record()
            .withf(|entry| {
                entry.change.action == AuditAction::SettingsUpdate
                    && entry.change.entity_id.is_none()
                    && entry
                        .change
                        .before
                        .as_ref()
                        .map(|b| Value::Object(b.clone()))
                        == Some(
                            json!({ "shopName": "Dukaan", "supportPhone": "+252 61 000 0000",
                            "supportEmail": "help@dukaan.so", "shippingFee": 5.0,
                            "cashOnDeliveryMax": 200.0 }),
                        )
                    && entry.change.after.as_ref().unwrap()["shippingFee"] == json!(0.0)
            })
            .times(1)
            .returning(|_| Ok(()));
        let input = SettingsInput {
            shop_name: "Dukaan".into(),
            support_phone: "+252 61 000 0000".into(),
            support_email: "help@dukaan.so".into(),
            shipping_fee: Some(0.0),
            cash_on_delivery_max: None,
        };
        ports
            .service()
            .update_settings(&admin("boss"), &input)
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn settings_are_read_once_a_moment_and_again_after_a_change_here() {
        let mut ports = Mocks::new();
        let mut saved: Option<ShopSettings> = None;
        let input = SettingsInput {
            shop_name: "Dukaan".into(),
            support_phone: "+252 61 000 0000".into(),
            support_email: "help@dukaan.so".into(),
            shipping_fee: Some(2.5),
            cash_on_delivery_max: Some(Some(150.0)),
        };
        let new_settings = input.validate(Some(&default_settings())).unwrap();
        let mut reads = mockall::Sequence::new();
        ports
            .settings
            .expect_get()
            .times(1)
            .in_sequence(&mut reads)
            .returning(|| Ok(None));
        ports.settings.expect_save().times(1).returning(|_| Ok(()));
        saved.replace(new_settings.clone());
        ports
            .settings
            .expect_get()
            .times(1)
            .in_sequence(&mut reads)
            .returning(move || Ok(saved.clone()));
        ports.audit.expect_record().returning(|_| Ok(()));
        let shop = ports.service();

        let first = shop.current_settings().await.unwrap();
        assert_eq!(first.shipping_fee.cents(), 500);
        assert_eq!(shop.current_settings().await.unwrap(), first);
        shop.update_settings(&admin("boss"), &input).await.unwrap();
        assert_eq!(
            shop.current_settings().await.unwrap().shipping_fee.cents(),
            250
        );
    }
}
