//! Port of the shop's settings.

use super::RepoError;
use crate::settings::ShopSettings;
use async_trait::async_trait;

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait SettingsRepository: Send + Sync {
    async fn get(&self) -> Result<Option<ShopSettings>, RepoError>;
    async fn save(&self, settings: &ShopSettings) -> Result<(), RepoError>;
}
