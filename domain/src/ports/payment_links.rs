//! Port of phone orders' payment links (issue 45).

use super::RepoError;
use crate::payment_link::PaymentLink;
use async_trait::async_trait;

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait PaymentLinkRepository: Send + Sync {
    /// Stores `link` as its order's only link: a link sent before stops working.
    async fn replace(&self, link: &PaymentLink) -> Result<(), RepoError>;
    /// The link whose token hashes to `token_hash`, if any.
    async fn find(&self, token_hash: &str) -> Result<Option<PaymentLink>, RepoError>;
}
