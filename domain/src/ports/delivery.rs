//! Ports of delivering (issue 43): the shop's delivery zones.

use super::RepoError;
use crate::delivery::DeliveryZone;
use async_trait::async_trait;

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait DeliveryZoneRepository: Send + Sync {
    /// Every zone, by city and then district (a whole city first).
    async fn all(&self) -> Result<Vec<DeliveryZone>, RepoError>;
    /// `Duplicate` when another zone has the same place (whatever the case of its names).
    async fn insert(&self, zone: &DeliveryZone) -> Result<(), RepoError>;
    /// `NotFound` without the zone; `Duplicate` as for `insert`.
    async fn update(&self, zone: &DeliveryZone) -> Result<(), RepoError>;
}
