//! Ports of delivering (issue 43): the shop's delivery zones, and orders on their way.

use super::{Page, RepoError};
use crate::delivery::{CashHandIn, CodeTry, DeliveryZone, RiderCash};
use crate::ids::{OrderId, UserId};
use crate::order::Changer;
use crate::order::Order;
use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};

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

/// Which orders the back office's Deliveries screen lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeliveryList {
    /// Waiting for a rider for the first time (or again after the shop moved it back).
    ToDispatch,
    /// With a rider now.
    Out,
    /// Brought back by a rider: waiting to go out again.
    Failed,
}

impl DeliveryList {
    pub fn as_str(self) -> &'static str {
        match self {
            DeliveryList::ToDispatch => "toDispatch",
            DeliveryList::Out => "out",
            DeliveryList::Failed => "failed",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        [Self::ToDispatch, Self::Out, Self::Failed]
            .into_iter()
            .find(|list| list.as_str() == raw)
    }
}

/// One page of the Deliveries screen: oldest order first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeliveryQuery {
    pub list: DeliveryList,
    pub city: Option<String>,
    pub district: Option<String>,
    pub rider: Option<UserId>,
    pub page: Page,
}

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait DeliveryRepository: Send + Sync {
    /// One page of the orders `query` lists, with how many it lists.
    async fn list(&self, query: &DeliveryQuery) -> Result<(Vec<Order>, u64), RepoError>;
    /// `rider`'s orders out now, then those they delivered or brought back since `since`.
    async fn of_rider(&self, rider: &UserId, since: DateTime<Utc>)
        -> Result<Vec<Order>, RepoError>;
    /// Judges `typed`, a code `rider` typed for `order`, by `delivery::try_code` with the
    /// delivery's row locked, and counts it there when wrong: tries sent at once are compared
    /// one at a time, and none once five wrong ones are counted. A right code takes the
    /// delivery off `out` in the same write (the order's plan then records it delivered), so
    /// no try after it is compared. `NotOut` without a delivery out with `rider`.
    async fn try_code(
        &self,
        order: &OrderId,
        rider: &UserId,
        typed: &str,
    ) -> Result<CodeTry, RepoError>;
    /// Puts back `out` a delivery a right code took off it, when its order could not be
    /// marked delivered.
    async fn undo_hand_over(&self, order: &OrderId) -> Result<(), RepoError>;
    /// The shop lets the rider try codes again. `NotFound` without a delivery.
    async fn reset_code(&self, order: &OrderId) -> Result<(), RepoError>;
    /// Each rider who delivered cash orders between `from` and `to` (the delivery `day`), by
    /// name, with what they collected and the day's hand-ins.
    async fn riders_cash(
        &self,
        day: NaiveDate,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<RiderCash>, RepoError>;
    /// Marks received, `at` and `by`, the cash of `rider`'s deliveries between `from` and `to`
    /// (the delivery `day`) that no hand-in covered yet, as one hand-in: what it covered, or
    /// `None` when nothing was left (another hand-in at the same moment covered it).
    async fn receive_cash(
        &self,
        rider: &UserId,
        day: NaiveDate,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
        at: DateTime<Utc>,
        by: &Changer,
    ) -> Result<Option<CashHandIn>, RepoError>;
}
