//! Reviews by verified buyers (issue 17): anyone reads a product's
//! visible reviews; a shopper with a delivered order holding the product writes one (again:
//! it replaces theirs) and deletes it; admins hide, show and delete any. The rules are
//! `domain::review`; the product's rating follows in storage, in the review's transaction.

use crate::audit::Audit;
use crate::catalog::{find_product, CatalogVersion, FindProductError};
use crate::SearchedListError;
use derive_new::new;
use domain::audit::AuditChange;
use domain::message::texts::NOT_A_BUYER;
use domain::permissions::{has, require, Permission, PermissionError};
use domain::ports::{Clock, IdGenerator, ProductRepository, ReviewRepository};
use domain::ports::{Page, RepoError, ReviewQuery};
use domain::review::{author_name, RatingSummary, Review, ReviewInput, ReviewSort};
use domain::user::User;
use domain::validation::{plain_text, FieldErrors};
use domain::{ProductId, ReviewId};
use std::sync::Arc;

/// Whether a shopper may write a review of a product, why not, and theirs if they wrote one.
#[derive(Debug, Clone, PartialEq)]
pub struct ReviewEligibility {
    pub can_review: bool,
    pub reason: Option<&'static str>,
    pub review: Option<Review>,
}

/// A review as written, and whether it is new (or replaced the author's earlier one).
#[derive(Debug, Clone, PartialEq)]
pub struct WrittenReview {
    pub review: Review,
    pub created: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum ProductReviewsError {
    #[error("no such review order")]
    InvalidSort,
    #[error(transparent)]
    Find(#[from] FindProductError),
    #[error(transparent)]
    Store(#[from] RepoError),
}

#[derive(Debug, thiserror::Error)]
pub enum WriteReviewError {
    #[error(transparent)]
    Invalid(#[from] FieldErrors),
    #[error(transparent)]
    Find(#[from] FindProductError),
    /// Only a shopper who received the product may review it.
    #[error("not a buyer of the product")]
    NotABuyer,
}

/// Deleting, hiding or showing a review.
#[derive(Debug, thiserror::Error)]
pub enum ReviewChangeError {
    #[error(transparent)]
    Refused(#[from] PermissionError),
    #[error("no such review")]
    NotFound,
    #[error(transparent)]
    Store(RepoError),
}

impl From<RepoError> for ReviewChangeError {
    fn from(error: RepoError) -> Self {
        match error {
            RepoError::NotFound => ReviewChangeError::NotFound,
            other => ReviewChangeError::Store(other),
        }
    }
}

/// The only row a review's writes can miss is its product's, deleted meanwhile.
impl From<RepoError> for WriteReviewError {
    fn from(error: RepoError) -> Self {
        match error {
            RepoError::NotFound => FindProductError::NotFound.into(),
            other => FindProductError::Store(other).into(),
        }
    }
}

/// Reviews: written by buyers, read by everyone, moderated by admins.
#[derive(new)]
pub struct Reviews {
    reviews: Arc<dyn ReviewRepository>,
    products: Arc<dyn ProductRepository>,
    clock: Arc<dyn Clock>,
    ids: Arc<dyn IdGenerator>,
    audit: Audit,
    catalog_version: CatalogVersion,
}

impl Reviews {
    async fn product_exists(&self, product: &ProductId) -> Result<(), FindProductError> {
        find_product(self.products.as_ref(), product, FindProductError::NotFound).await?;
        Ok(())
    }

    /// One page of the product's visible reviews (`sort`: newest, highest or lowest).
    pub async fn product_reviews(
        &self,
        product: &ProductId,
        sort: Option<&str>,
        page: Page,
    ) -> Result<(Vec<Review>, u64), ProductReviewsError> {
        let sort =
            ReviewSort::parse(sort.unwrap_or_default()).ok_or(ProductReviewsError::InvalidSort)?;
        self.product_exists(product).await?;
        Ok(self.reviews.for_product(product, sort, page).await?)
    }

    /// How many visible reviews give the product each star.
    pub async fn rating_summary(
        &self,
        product: &ProductId,
    ) -> Result<RatingSummary, FindProductError> {
        self.product_exists(product).await?;
        Ok(self.reviews.summary(product).await?)
    }

    /// Whether `actor` may review the product, and their review of it.
    pub async fn review_eligibility(
        &self,
        actor: &User,
        product: &ProductId,
    ) -> Result<ReviewEligibility, FindProductError> {
        self.product_exists(product).await?;
        let can_review = self.reviews.has_received(&actor.id, product).await?;
        Ok(ReviewEligibility {
            can_review,
            reason: (!can_review).then_some(NOT_A_BUYER.english()),
            review: self.reviews.by_author(product, &actor.id).await?,
        })
    }

    /// `actor` reviews the product they received; writing again replaces their review.
    pub async fn write_review(
        &self,
        actor: &User,
        product: &ProductId,
        input: &ReviewInput,
    ) -> Result<WrittenReview, WriteReviewError> {
        let draft = input.validate()?;
        self.product_exists(product).await?;
        if !self.reviews.has_received(&actor.id, product).await? {
            return Err(WriteReviewError::NotABuyer);
        }
        let created = self.reviews.by_author(product, &actor.id).await?.is_none();
        let review = Review {
            id: ReviewId::parse(&self.ids.new_id()).expect("the id generator makes valid ids"),
            product_id: product.clone(),
            product_name: String::new(),
            user_id: actor.id.clone(),
            author: author_name(&actor.name),
            rating: draft.rating,
            title: draft.title,
            body: draft.body,
            verified_purchase: true,
            hidden: false,
            created_at: self.clock.now(),
        };
        // Not found: the product was deleted meanwhile.
        let review = self.reviews.save(&review).await?;
        self.catalog_version.forget();
        Ok(WrittenReview { review, created })
    }

    /// Deletes review `id` of the product: its author or an admin (audited).
    pub async fn delete_review(
        &self,
        actor: &User,
        product: &ProductId,
        id: &ReviewId,
    ) -> Result<(), ReviewChangeError> {
        let review = self
            .reviews
            .by_id(id)
            .await?
            .filter(|review| &review.product_id == product)
            .ok_or(ReviewChangeError::NotFound)?;
        if review.user_id != actor.id && !has(actor, Permission::ReviewsModerate) {
            return Err(PermissionError::NotYourReview.into());
        }
        self.reviews.delete(id).await?;
        self.catalog_version.forget();
        if review.user_id != actor.id {
            self.audit
                .record(actor, AuditChange::review_deleted(&review))
                .await;
        }
        Ok(())
    }

    /// The back office's reviews, newest first: hidden ones, shown ones or all, searched.
    pub async fn reviews(
        &self,
        actor: &User,
        hidden: Option<bool>,
        search: Option<&str>,
        page: Page,
    ) -> Result<(Vec<Review>, u64), SearchedListError> {
        require(actor, Permission::ReviewsModerate)?;
        let search = search.map(str::trim).filter(|q| !q.is_empty());
        if let Some(q) = search {
            plain_text("q", q)?;
        }
        let query = ReviewQuery {
            hidden,
            search: search.map(str::to_owned),
            page,
        };
        Ok(self.reviews.list(&query).await?)
    }

    /// An admin hides or shows review `id`; the product's rating follows (audited).
    pub async fn set_review_hidden(
        &self,
        actor: &User,
        id: &ReviewId,
        hidden: bool,
    ) -> Result<Review, ReviewChangeError> {
        require(actor, Permission::ReviewsModerate)?;
        let before = self
            .reviews
            .by_id(id)
            .await?
            .ok_or(ReviewChangeError::NotFound)?;
        if before.hidden == hidden {
            return Ok(before);
        }
        self.reviews.set_hidden(id, hidden).await?;
        self.catalog_version.forget();
        let after = Review {
            hidden,
            ..before.clone()
        };
        self.audit
            .record(
                actor,
                AuditChange::review_visibility_changed(&before, &after),
            )
            .await;
        Ok(after)
    }
}

#[cfg(test)]
mod tests;
