//! Reviews by verified buyers (issue 17): a product's reviews and rating summary for
//! everyone, writing and deleting one's own, and the back office's moderation.

use super::cart::product_id;
use super::{list_reply, one_page};
use crate::auth::CurrentUser;
use crate::catalog_cache::{from_memory, CatalogParams, CatalogQuery, NoParameters};
use crate::dto::{
    AdminReviewDto, AdminReviewsQuery, MessageDto, ProductReviewsQuery, RatingSummaryDto,
    ReviewBody, ReviewDto, ReviewEligibilityDto, ReviewVisibilityBody,
};
use crate::error::ApiError;
use crate::openapi::{BadRequest, Forbidden, NotFound, TooLarge, Unauthenticated};
use crate::state::AppState;
use actix_web::middleware::from_fn;
use actix_web::{delete, get, post, put, web, HttpResponse};
use domain::message::texts::{REVIEW_DELETED, REVIEW_NOT_FOUND};
use domain::ports::Page;
use domain::ReviewId;
use utoipa_actix_web::service_config::ServiceConfig;

/// `summary` and `mine` before the review ids they would look like.
pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(rating_summary)
        .service(my_review)
        .service(product_reviews)
        .service(write_review)
        .service(delete_review)
        .service(admin_reviews)
        .service(set_review_visibility);
}

fn review_id(raw: &str) -> Result<ReviewId, ApiError> {
    ReviewId::parse(raw).ok_or_else(|| ApiError::not_found(REVIEW_NOT_FOUND))
}

/// What a page of a product's reviews asks for; the use case reads the order (`sort`).
#[derive(Debug)]
pub(crate) struct ReviewsPage {
    sort: Option<String>,
    page: Page,
}

impl CatalogQuery for ProductReviewsQuery {
    type Parsed = ReviewsPage;

    fn parse(self) -> Result<ReviewsPage, ApiError> {
        Ok(ReviewsPage {
            page: one_page(self.page.as_deref(), self.limit.as_deref())?,
            sort: self.sort,
        })
    }
}

/// A product's visible reviews, one page, newest first or by rating.
#[utoipa::path(
    tag = "reviews",
    params(("id" = String, Path, description = "The product's id"), ProductReviewsQuery),
    responses(
        (status = 200, body = [ReviewDto], headers(("X-Total-Count" = u64, description = "How many visible reviews the product has"))),
        BadRequest, NotFound
    )
)]
#[get(
    "/products/{id}/reviews",
    wrap = "from_fn(from_memory::<ProductReviewsQuery>)"
)]
async fn product_reviews(
    state: web::Data<AppState>,
    path: web::Path<String>,
    asked: CatalogParams<ProductReviewsQuery>,
) -> Result<HttpResponse, ApiError> {
    let ReviewsPage { sort, page } = asked.0;
    let (list, total) = state
        .shop
        .reviews
        .product_reviews(&product_id(&path)?, sort.as_deref(), page)
        .await?;
    let list: Vec<ReviewDto> = list.iter().map(ReviewDto::public).collect();
    Ok(list_reply(&list, total))
}

/// How many of the product's visible reviews give each star, their mean and count.
#[utoipa::path(
    tag = "reviews",
    params(("id" = String, Path, description = "The product's id")),
    responses((status = 200, body = RatingSummaryDto), NotFound)
)]
#[get(
    "/products/{id}/reviews/summary",
    wrap = "from_fn(from_memory::<NoParameters>)"
)]
async fn rating_summary(
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let summary = state
        .shop
        .reviews
        .rating_summary(&product_id(&path)?)
        .await?;
    Ok(HttpResponse::Ok().json(RatingSummaryDto::from(&summary)))
}

/// Whether the signed-in shopper may review the product (a delivered order holds it), why
/// not, and their review of it.
#[utoipa::path(
    tag = "reviews",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The product's id")),
    responses((status = 200, body = ReviewEligibilityDto), Unauthenticated, NotFound)
)]
#[get("/products/{id}/reviews/mine")]
async fn my_review(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let eligibility = state
        .shop
        .reviews
        .review_eligibility(&user.0, &product_id(&path)?)
        .await?;
    Ok(HttpResponse::Ok().json(ReviewEligibilityDto::from(&eligibility)))
}

/// Review a product the shopper received: 201 for a first review, 200 when it replaces
/// theirs (one per shopper and product).
#[utoipa::path(
    tag = "reviews",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The product's id")),
    request_body = ReviewBody,
    responses(
        (status = 201, body = ReviewDto, description = "A first review"),
        (status = 200, body = ReviewDto, description = "It replaced the shopper's review"),
        BadRequest, Unauthenticated, Forbidden, NotFound, TooLarge
    )
)]
#[post("/products/{id}/reviews")]
async fn write_review(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: web::Json<ReviewBody>,
) -> Result<HttpResponse, ApiError> {
    let written = state
        .shop
        .reviews
        .write_review(&user.0, &product_id(&path)?, &body.into_inner().into())
        .await?;
    let reply = ReviewDto::with_visibility(&written.review);
    Ok(if written.created {
        HttpResponse::Created().json(reply)
    } else {
        HttpResponse::Ok().json(reply)
    })
}

/// Delete a review: one's own, or anyone's with `reviews.moderate`.
#[utoipa::path(
    tag = "reviews",
    security(("bearer" = []), ("bearer" = ["reviews.moderate"])),
    params(
        ("id" = String, Path, description = "The product's id"),
        ("reviewId" = String, Path, description = "The review's id")
    ),
    responses((status = 200, body = MessageDto), Unauthenticated, Forbidden, NotFound)
)]
#[delete("/products/{id}/reviews/{reviewId}")]
async fn delete_review(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (product, review) = path.into_inner();
    state
        .shop
        .reviews
        .delete_review(&user.0, &product_id(&product)?, &review_id(&review)?)
        .await?;
    Ok(HttpResponse::Ok().json(MessageDto::of(REVIEW_DELETED)))
}

/// The reviews, newest first, one page (`reviews.moderate`): hidden, shown or all, searched.
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["reviews.moderate"])),
    params(AdminReviewsQuery),
    responses(
        (status = 200, body = [AdminReviewDto], headers(("X-Total-Count" = u64, description = "How many reviews match"))),
        BadRequest, Unauthenticated, Forbidden
    )
)]
#[get("/admin/reviews")]
async fn admin_reviews(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<AdminReviewsQuery>,
) -> Result<HttpResponse, ApiError> {
    let (list, total) = state
        .shop
        .reviews
        .reviews(
            &user.0,
            query.hidden,
            query.q.as_deref(),
            one_page(query.page.as_deref(), query.limit.as_deref())?,
        )
        .await?;
    let list: Vec<AdminReviewDto> = list.iter().map(AdminReviewDto::from).collect();
    Ok(list_reply(&list, total))
}

/// Hide or show a review (`reviews.moderate`); the product's rating follows.
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["reviews.moderate"])),
    params(("id" = String, Path, description = "The review's id")),
    request_body = ReviewVisibilityBody,
    responses(
        (status = 200, body = AdminReviewDto),
        BadRequest, Unauthenticated, Forbidden, NotFound, TooLarge
    )
)]
#[put("/admin/reviews/{id}")]
async fn set_review_visibility(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: web::Json<ReviewVisibilityBody>,
) -> Result<HttpResponse, ApiError> {
    let review = state
        .shop
        .reviews
        .set_review_hidden(&user.0, &review_id(&path)?, body.hidden)
        .await?;
    Ok(HttpResponse::Ok().json(AdminReviewDto::from(&review)))
}
