//! The shop's terms as the storefront states them (`domain::terms`): from the settings in
//! force, the zones and the methods a checkout accepts, each already kept in memory.

use crate::delivery::CurrentZones;
use crate::payments::AcceptedMethods;
use crate::settings::CurrentSettings;
use derive_new::new;
use domain::ports::RepoError;
use domain::terms::ShopTerms;

#[derive(new)]
pub struct Terms {
    settings: CurrentSettings,
    zones: CurrentZones,
    accepted: AcceptedMethods,
}

impl Terms {
    pub async fn terms(&self) -> Result<ShopTerms, RepoError> {
        let flat = self.settings.get().await?.shipping_fee;
        let zones = self.zones.get().await?;
        Ok(ShopTerms::of(flat, &zones, &self.accepted.get().await?))
    }
}
