//! Shop settings: read by everyone, changed by admins.

use crate::{AppError, Shop};
use domain::audit::AuditChange;
use domain::permissions::require_admin;
use domain::settings::{SettingsInput, ShopSettings};
use domain::user::User;

impl Shop {
    /// The saved settings, or the configured defaults until an admin saves some. Rechecked
    /// in the background every `recent::RECHECK` (every cart and checkout needs the shipping
    /// fee).
    pub async fn current_settings(&self) -> Result<ShopSettings, AppError> {
        let settings = self.ports.settings.clone();
        let saved = self
            .settings
            .get(|| async move { settings.get().await })
            .await?;
        Ok(saved.unwrap_or_else(|| self.default_settings.clone()))
    }

    pub async fn update_settings(
        &self,
        actor: &User,
        input: &SettingsInput,
    ) -> Result<ShopSettings, AppError> {
        require_admin(actor)?;
        let settings = input.validate()?;
        let before = self.current_settings().await?;
        self.ports.settings.save(&settings).await?;
        self.settings.forget();
        self.record_audit(actor, AuditChange::settings_updated(&before, &settings))
            .await;
        Ok(settings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{admin, TestPorts};
    use domain::audit::AuditAction;
    use serde_json::{json, Value};

    #[tokio::test]
    async fn a_settings_change_is_audited_from_the_defaults_in_force() {
        let mut ports = TestPorts::new();
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
                            "supportEmail": "help@dukaan.so", "shippingFee": 5.0 }),
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
        };
        ports
            .shop()
            .update_settings(&admin("boss"), &input)
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn settings_are_read_once_a_moment_and_again_after_a_change_here() {
        let mut ports = TestPorts::new();
        let mut saved: Option<ShopSettings> = None;
        let input = SettingsInput {
            shop_name: "Dukaan".into(),
            support_phone: "+252 61 000 0000".into(),
            support_email: "help@dukaan.so".into(),
            shipping_fee: Some(2.5),
        };
        let new_settings = input.validate().unwrap();
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
        let shop = ports.shop();

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
