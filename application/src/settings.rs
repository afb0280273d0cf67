//! Shop settings: read by everyone, changed by admins.

use crate::{AppError, Shop};
use domain::permissions::require_admin;
use domain::settings::{SettingsInput, ShopSettings};
use domain::user::User;

impl Shop {
    /// The saved settings, or the configured defaults until an admin saves some.
    pub async fn current_settings(&self) -> Result<ShopSettings, AppError> {
        Ok(self
            .ports
            .settings
            .get()
            .await?
            .unwrap_or_else(|| self.default_settings.clone()))
    }

    pub async fn update_settings(
        &self,
        actor: &User,
        input: &SettingsInput,
    ) -> Result<ShopSettings, AppError> {
        require_admin(actor)?;
        let settings = input.validate()?;
        self.ports.settings.save(&settings).await?;
        Ok(settings)
    }
}
