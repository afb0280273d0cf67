//! Ports of back-in-stock requests (issue 44).

use super::{Page, RepoError};
use crate::ids::{ProductId, RestockAlertId, UserId, VariantId};
use crate::restock::RestockAlert;
use async_trait::async_trait;
use chrono::{DateTime, Utc};

/// What asking did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AskOutcome {
    Asked,
    /// The shopper's pending request for the same size, kept instead.
    AlreadyAsked(RestockAlert),
    /// The size has units again (since it was read).
    InStock,
}

/// A shopper's request as their list shows it, with its size as it is now.
#[derive(Debug, Clone, PartialEq)]
pub struct RestockRequest {
    pub alert: RestockAlert,
    pub product_name: String,
    /// The product's picture, small.
    pub thumbnail: Option<String>,
    pub size: Option<String>,
    pub colour: Option<String>,
    /// Units of the size (or of a one-size product) now.
    pub stock: u32,
}

/// A size shoppers wait for, and how many of them.
#[derive(Debug, Clone, PartialEq)]
pub struct RestockDemand {
    pub product_id: ProductId,
    pub product_name: String,
    pub variant_id: Option<VariantId>,
    pub size: Option<String>,
    pub colour: Option<String>,
    pub sku: Option<String>,
    pub stock: u32,
    /// Pending requests.
    pub requests: u64,
    /// The first of them.
    pub since: DateTime<Utc>,
}

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait RestockAlertRepository: Send + Sync {
    /// Stores `alert` while its size is still sold out, checked under the size's row lock so
    /// that stock returning at the same moment either answers it or refuses it (`InStock`).
    /// A pending request of the same shopper for the same size is kept instead.
    async fn ask(&self, alert: &RestockAlert) -> Result<AskOutcome, RepoError>;
    /// The shopper's requests, pending and answered, newest first, and how many in all.
    async fn mine(
        &self,
        user: &UserId,
        page: Page,
    ) -> Result<(Vec<RestockRequest>, u64), RepoError>;
    /// `NotFound` when the shopper has no such request.
    async fn cancel(&self, user: &UserId, id: &RestockAlertId) -> Result<(), RepoError>;
    /// Sizes with pending requests, the most requested first (ties: waiting longest), and
    /// how many such sizes in all.
    async fn most_requested(&self, page: Page) -> Result<(Vec<RestockDemand>, u64), RepoError>;
}
