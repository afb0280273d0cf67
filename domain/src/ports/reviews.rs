//! Port of the product reviews.

use super::{Page, RepoError};
use crate::ids::{ProductId, ReviewId, UserId};
use crate::review::{RatingSummary, Review, ReviewSort};
use async_trait::async_trait;

/// The back office's list of reviews.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewQuery {
    /// Only hidden ones, only shown ones, or all.
    pub hidden: Option<bool>,
    /// Words of the title, the body or the author's name, without case.
    pub search: Option<String>,
    pub page: Page,
}

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait ReviewRepository: Send + Sync {
    /// Whether `user` has a delivered order holding `product`.
    async fn has_received(&self, user: &UserId, product: &ProductId) -> Result<bool, RepoError>;
    /// Stores `review` in one transaction with the product's row locked: in place of its
    /// author's earlier review of the product when there is one (keeping that one's id and
    /// whether it is hidden), then the product's `rating` and `reviews` from its visible
    /// reviews. Answers the review as stored; `Repo(NotFound)` without the product.
    async fn save(&self, review: &Review) -> Result<Review, RepoError>;
    async fn by_id(&self, id: &ReviewId) -> Result<Option<Review>, RepoError>;
    /// `user`'s review of `product`, hidden or not.
    async fn by_author(
        &self,
        product: &ProductId,
        user: &UserId,
    ) -> Result<Option<Review>, RepoError>;
    /// One page of the product's visible reviews in `sort` order, and how many there are.
    async fn for_product(
        &self,
        product: &ProductId,
        sort: ReviewSort,
        page: Page,
    ) -> Result<(Vec<Review>, u64), RepoError>;
    /// How many visible reviews of the product give each star.
    async fn summary(&self, product: &ProductId) -> Result<RatingSummary, RepoError>;
    /// One page of the matching reviews, newest first, and how many match.
    async fn list(&self, query: &ReviewQuery) -> Result<(Vec<Review>, u64), RepoError>;
    /// Hides or shows a review, the product's rating following, in one transaction.
    /// `NotFound` without it.
    async fn set_hidden(&self, id: &ReviewId, hidden: bool) -> Result<(), RepoError>;
    /// Deletes a review, the product's rating following, in one transaction. `NotFound`
    /// without it.
    async fn delete(&self, id: &ReviewId) -> Result<(), RepoError>;
}
