//! Discount codes in the back office (issue 15): admins list, make, change and delete them.

use super::{list_reply, page};
use crate::auth::CurrentUser;
use crate::dto::{DiscountBody, DiscountDto, MessageDto, PageQuery};
use crate::error::ApiError;
use crate::openapi::{BadRequest, Forbidden, NotFound, TooLarge, Unauthenticated};
use crate::state::AppState;
use actix_web::{delete, get, post, put, web, HttpResponse};
use domain::message::texts::{DISCOUNT_DELETED, DISCOUNT_NOT_FOUND};
use domain::DiscountId;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list_discounts)
        .service(create_discount)
        .service(update_discount)
        .service(delete_discount);
}

/// A code's id as sent; one that cannot be an id is no code's.
fn discount_id(raw: &str) -> Result<DiscountId, ApiError> {
    DiscountId::parse(raw).ok_or_else(|| ApiError::not_found(DISCOUNT_NOT_FOUND))
}

/// The discount codes, newest first (`discounts.manage`); one page when asked.
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["discounts.manage"])),
    params(PageQuery),
    responses(
        (status = 200, body = [DiscountDto], headers(("X-Total-Count" = u64, description = "How many codes there are"))),
        BadRequest, Unauthenticated, Forbidden
    )
)]
#[get("/admin/discounts")]
async fn list_discounts(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = page(query.page.as_deref(), query.limit.as_deref())?;
    let (codes, total) = state.shop.discounts.discounts(&user.0, page).await?;
    let codes: Vec<DiscountDto> = codes.iter().map(DiscountDto::from).collect();
    Ok(list_reply(&codes, total))
}

/// Make a discount code (`discounts.manage`).
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["discounts.manage"])),
    request_body = DiscountBody,
    responses(
        (status = 201, body = DiscountDto),
        BadRequest, Unauthenticated, Forbidden, TooLarge
    )
)]
#[post("/admin/discounts")]
async fn create_discount(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<DiscountBody>,
) -> Result<HttpResponse, ApiError> {
    let made = state
        .shop
        .discounts
        .create_discount(&user.0, &body.into_inner().into())
        .await?;
    Ok(HttpResponse::Created().json(DiscountDto::from(&made)))
}

/// Change a discount code (`discounts.manage`): every field as the form sends it; its uses
/// stay.
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["discounts.manage"])),
    params(("id" = String, Path, description = "The code's id")),
    request_body = DiscountBody,
    responses(
        (status = 200, body = DiscountDto),
        BadRequest, Unauthenticated, Forbidden, NotFound, TooLarge
    )
)]
#[put("/admin/discounts/{id}")]
async fn update_discount(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: web::Json<DiscountBody>,
) -> Result<HttpResponse, ApiError> {
    let changed = state
        .shop
        .discounts
        .update_discount(&user.0, &discount_id(&path)?, &body.into_inner().into())
        .await?;
    Ok(HttpResponse::Ok().json(DiscountDto::from(&changed)))
}

/// Delete a discount code (`discounts.manage`); orders that used it keep its code and amount.
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["discounts.manage"])),
    params(("id" = String, Path, description = "The code's id")),
    responses((status = 200, body = MessageDto), Unauthenticated, Forbidden, NotFound)
)]
#[delete("/admin/discounts/{id}")]
async fn delete_discount(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    state
        .shop
        .discounts
        .delete_discount(&user.0, &discount_id(&path)?)
        .await?;
    Ok(HttpResponse::Ok().json(MessageDto::of(DISCOUNT_DELETED)))
}
