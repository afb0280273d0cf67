//! Reviews as the API shows them and as a shopper sends them (issue 17). Their text is data:
//! the storefront renders it as text, never as HTML.

use super::parse_number;
use application::reviews::ReviewEligibility;
use domain::review::{RatingSummary, Review, ReviewInput};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

/// A review as a shopper writes it.
#[derive(Deserialize, ToSchema)]
pub struct ReviewBody {
    /// A whole number from 1 to 5.
    #[serde(default)]
    #[schema(value_type = u8, example = 5)]
    pub rating: Value,
    /// At most 120 characters.
    #[serde(default)]
    #[schema(example = "Lovely linen")]
    pub title: Option<String>,
    /// 1 to 5,000 characters.
    #[serde(default)]
    #[schema(example = "Soft, cool and true to size.")]
    pub body: String,
}

impl From<ReviewBody> for ReviewInput {
    fn from(body: ReviewBody) -> Self {
        ReviewInput {
            rating: parse_number(&body.rating),
            title: body.title,
            body: body.body,
        }
    }
}

/// An admin shows or hides a review.
#[derive(Deserialize, ToSchema)]
pub struct ReviewVisibilityBody {
    pub hidden: bool,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProductReviewsQuery {
    /// `newest` (the default), `highest` or `lowest`.
    pub sort: Option<String>,
    /// The page, from 1.
    #[param(value_type = Option<u32>)]
    pub page: Option<String>,
    /// Items per page, 1 to 100 (default 20).
    #[param(value_type = Option<u32>)]
    pub limit: Option<String>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminReviewsQuery {
    /// `true`: only hidden reviews; `false`: only shown ones; all without.
    pub hidden: Option<bool>,
    /// Words of the title, the body or the author, without case.
    pub q: Option<String>,
    /// The page, from 1.
    #[param(value_type = Option<u32>)]
    pub page: Option<String>,
    /// Items per page, 1 to 100 (default 20).
    #[param(value_type = Option<u32>)]
    pub limit: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub rating: u8,
    pub title: Option<String>,
    pub body: String,
    /// The first name and the last name's initial.
    pub author: String,
    pub verified_purchase: bool,
    pub created_at: String,
    /// Only on the author's own review and in the back office: an admin hid it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub hidden: Option<bool>,
}

impl ReviewDto {
    /// A review as everyone sees it (only visible ones are listed).
    pub fn public(review: &Review) -> Self {
        Self {
            id: review.id.to_string(),
            rating: review.rating.stars(),
            title: review.title.clone(),
            body: review.body.clone(),
            author: review.author.clone(),
            verified_purchase: review.verified_purchase,
            created_at: review.created_at.to_rfc3339(),
            hidden: None,
        }
    }

    /// A review with whether it is hidden: for its author and the back office.
    pub fn with_visibility(review: &Review) -> Self {
        Self {
            hidden: Some(review.hidden),
            ..Self::public(review)
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct ReviewedProductDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
}

/// A review in the back office: with whether it is hidden and its product.
#[derive(Serialize, ToSchema)]
pub struct AdminReviewDto {
    #[serde(flatten)]
    pub review: ReviewDto,
    pub product: ReviewedProductDto,
}

impl From<&Review> for AdminReviewDto {
    fn from(review: &Review) -> Self {
        Self {
            review: ReviewDto::with_visibility(review),
            product: ReviewedProductDto {
                id: review.product_id.to_string(),
                name: review.product_name.clone(),
            },
        }
    }
}

/// A product's visible reviews at a glance.
#[derive(Serialize, ToSchema)]
pub struct RatingSummaryDto {
    /// The mean to one decimal; 0 without reviews.
    pub rating: f64,
    pub reviews: u32,
    /// How many give 1, 2, 3, 4 and 5 stars.
    pub stars: [u32; 5],
}

impl From<&RatingSummary> for RatingSummaryDto {
    fn from(summary: &RatingSummary) -> Self {
        Self {
            rating: f64::from(summary.average_tenths()) / 10.0,
            reviews: summary.count(),
            stars: summary.stars,
        }
    }
}

/// Whether the signed-in shopper may review a product, why not, and their review.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewEligibilityDto {
    pub can_review: bool,
    pub reason: Option<&'static str>,
    pub review: Option<ReviewDto>,
}

impl From<&ReviewEligibility> for ReviewEligibilityDto {
    fn from(e: &ReviewEligibility) -> Self {
        Self {
            can_review: e.can_review,
            reason: e.reason,
            review: e.review.as_ref().map(ReviewDto::with_visibility),
        }
    }
}
