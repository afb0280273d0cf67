//! Back in stock (issue 44): a shopper's requests to be told when a sold-out size returns,
//! and the back office's most requested sizes.

use super::cart::{product_id, variant_id};
use super::{list_reply, one_page};
use crate::auth::CurrentUser;
use crate::dto::{
    MessageDto, PageQuery, RestockAlertBody, RestockAlertDto, RestockDemandDto, RestockRequestDto,
};
use crate::error::ApiError;
use crate::openapi::{BadRequest, Conflict, Forbidden, NotFound, Unauthenticated};
use crate::state::AppState;
use actix_web::{delete, get, post, web, HttpResponse};
use domain::ids::RestockAlertId;
use domain::message::texts::{RESTOCK_NOT_FOUND, RESTOCK_REQUEST_CANCELED};
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(ask_restock)
        .service(my_restock_alerts)
        .service(cancel_restock)
        .service(most_requested);
}

/// Asks to be told, by SMS and e-mail in the shopper's language, when a sold-out size (or
/// one-size product) is back: once, when its stock returns. 201 with the new request; 200
/// with the shopper's pending one for the same size; 409 while the size is in stock.
#[utoipa::path(
    tag = "catalog",
    security(("bearer" = [])),
    request_body = RestockAlertBody,
    responses(
        (status = 201, body = RestockAlertDto, description = "Asked"),
        (status = 200, body = RestockAlertDto, description = "Asked already: the pending request"),
        BadRequest, Unauthenticated, NotFound, Conflict
    )
)]
#[post("/restock-alerts")]
async fn ask_restock(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<RestockAlertBody>,
) -> Result<HttpResponse, ApiError> {
    let product = product_id(&body.product_id)?;
    let variant = variant_id(body.variant_id.as_deref())?;
    let asked = state
        .shop
        .restock_alerts
        .ask(&user.0, &product, variant)
        .await?;
    let reply = RestockAlertDto::from(&asked.alert);
    Ok(if asked.created {
        HttpResponse::Created().json(reply)
    } else {
        HttpResponse::Ok().json(reply)
    })
}

/// The shopper's requests, waiting and answered, newest first, one page.
#[utoipa::path(
    tag = "catalog",
    security(("bearer" = [])),
    params(PageQuery),
    responses(
        (status = 200, body = [RestockRequestDto], headers(("X-Total-Count" = u64, description = "How many requests the shopper has"))),
        BadRequest, Unauthenticated
    )
)]
#[get("/restock-alerts")]
async fn my_restock_alerts(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = one_page(query.page.as_deref(), query.limit.as_deref())?;
    let (requests, total) = state.shop.restock_alerts.mine(&user.0, page).await?;
    let reply: Vec<RestockRequestDto> = requests.iter().map(RestockRequestDto::from).collect();
    Ok(list_reply(&reply, total))
}

/// Cancels one of the shopper's requests (an answered one is forgotten).
#[utoipa::path(
    tag = "catalog",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The request's id")),
    responses(
        (status = 200, body = MessageDto),
        Unauthenticated, NotFound
    )
)]
#[delete("/restock-alerts/{id}")]
async fn cancel_restock(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = RestockAlertId::parse(&path).ok_or_else(|| ApiError::not_found(RESTOCK_NOT_FOUND))?;
    state.shop.restock_alerts.cancel(&user.0, &id).await?;
    Ok(HttpResponse::Ok().json(MessageDto::of(RESTOCK_REQUEST_CANCELED)))
}

/// The sizes shoppers wait for, the most requested first (`products.manage`): what to
/// reorder.
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["products.manage"])),
    params(PageQuery),
    responses(
        (status = 200, body = [RestockDemandDto], headers(("X-Total-Count" = u64, description = "How many sizes are waited for"))),
        BadRequest, Unauthenticated, Forbidden
    )
)]
#[get("/admin/restock-alerts/top")]
async fn most_requested(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = one_page(query.page.as_deref(), query.limit.as_deref())?;
    let (sizes, total) = state
        .shop
        .restock_alerts
        .most_requested(&user.0, page)
        .await?;
    let reply: Vec<RestockDemandDto> = sizes.iter().map(RestockDemandDto::from).collect();
    Ok(list_reply(&reply, total))
}
