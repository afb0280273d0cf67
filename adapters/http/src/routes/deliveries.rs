//! Orders on their way (issue 43): the back office sends them out with riders, and each
//! rider delivers theirs with the shopper's code or brings them back with a reason.

use super::{list_reply, one_page};
use crate::auth::CurrentUser;
use crate::dto::{
    orders, DeliveredBody, DeliveryListQuery, DispatchBody, NotDeliveredBody, OrderDto,
    RiderDeliveryDto, RiderDto,
};
use crate::error::ApiError;
use crate::openapi::{
    BadRequest, Conflict, Forbidden, Locked, NotFound, TooLarge, Unauthenticated,
};
use crate::state::AppState;
use actix_web::{get, post, web, HttpResponse};
use domain::message::texts::{DELIVERY_NOT_FOUND, INVALID_QUERY, ORDER_NOT_FOUND, RIDER_UNKNOWN};
use domain::ports::{DeliveryList, DeliveryQuery};
use domain::{OrderId, UserId};
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list_deliveries)
        .service(dispatch)
        .service(list_riders)
        .service(reset_code)
        .service(my_deliveries)
        .service(delivered)
        .service(not_delivered);
}

/// The orders waiting for a rider (`toDispatch`), out with one (`out`), or brought back
/// (`failed`), oldest first, by city and district (`deliveries.dispatch`).
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["deliveries.dispatch"])),
    params(DeliveryListQuery),
    responses(
        (status = 200, body = [OrderDto], headers(("X-Total-Count" = u64, description = "How many orders the list holds"))),
        BadRequest, Unauthenticated, Forbidden
    )
)]
#[get("/admin/deliveries")]
async fn list_deliveries(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<DeliveryListQuery>,
) -> Result<HttpResponse, ApiError> {
    let list = match query.status.as_deref() {
        None => DeliveryList::ToDispatch,
        Some(raw) => DeliveryList::parse(raw).ok_or_else(|| {
            ApiError::bad_request(
                INVALID_QUERY.with("reason", "status must be toDispatch, out or failed"),
            )
        })?,
    };
    let rider = match query.rider_id.as_deref() {
        None => None,
        Some(raw) => Some(UserId::parse(raw).ok_or_else(|| {
            ApiError::bad_request(INVALID_QUERY.with("reason", "riderId is no rider's id"))
        })?),
    };
    let place = |text: &Option<String>| {
        text.as_ref()
            .map(|t| t.trim().to_owned())
            .filter(|t| !t.is_empty())
    };
    let query = DeliveryQuery {
        list,
        city: place(&query.city),
        district: place(&query.district),
        rider,
        page: one_page(query.page.as_deref(), query.limit.as_deref())?,
    };
    let (listed, total) = state.shop.dispatcher.deliveries(&user.0, &query).await?;
    Ok(list_reply(&orders(&listed, &user.0), total))
}

/// Send orders out with a rider (`deliveries.dispatch`): each becomes `shipped` and its
/// shopper gets the delivery code by SMS and e-mail. One out with another rider (or not
/// ready to go) is a 409 and none goes out; one out with this rider already stays as it is.
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["deliveries.dispatch"])),
    request_body = DispatchBody,
    responses(
        (status = 200, body = [OrderDto]),
        BadRequest, Unauthenticated, Forbidden, NotFound, Conflict, TooLarge
    )
)]
#[post("/admin/deliveries")]
async fn dispatch(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<DispatchBody>,
) -> Result<HttpResponse, ApiError> {
    let ids = body
        .order_ids
        .iter()
        .map(|raw| OrderId::parse(raw).ok_or_else(|| ApiError::not_found(ORDER_NOT_FOUND)))
        .collect::<Result<Vec<_>, _>>()?;
    let rider = UserId::parse(&body.rider_id)
        .ok_or_else(|| ApiError::invalid_field("riderId", RIDER_UNKNOWN))?;
    let sent = state
        .shop
        .dispatcher
        .dispatch(&user.0, &ids, &rider)
        .await?;
    Ok(HttpResponse::Ok().json(orders(&sent, &user.0)))
}

/// The shop's riders, by name (`deliveries.dispatch`).
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["deliveries.dispatch"])),
    responses((status = 200, body = [RiderDto]), Unauthenticated, Forbidden)
)]
#[get("/admin/riders")]
async fn list_riders(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let riders = state.shop.dispatcher.riders(&user.0).await?;
    let riders: Vec<RiderDto> = riders.iter().map(RiderDto::from).collect();
    Ok(HttpResponse::Ok().json(riders))
}

/// Let the rider type the order's code again after five wrong ones (`deliveries.dispatch`).
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["deliveries.dispatch"])),
    params(("orderId" = String, Path, description = "The order's id")),
    responses((status = 200, body = OrderDto), Unauthenticated, Forbidden, NotFound)
)]
#[post("/admin/deliveries/{orderId}/code-reset")]
async fn reset_code(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = OrderId::parse(&path).ok_or_else(|| ApiError::not_found(ORDER_NOT_FOUND))?;
    let order = state.shop.dispatcher.reset_code(&user.0, &id).await?;
    Ok(HttpResponse::Ok().json(OrderDto::seen_by(&order, &user.0)))
}

/// The rider's deliveries (`deliveries.own`): out now, oldest sent first, then those
/// finished today.
#[utoipa::path(
    tag = "deliveries",
    security(("bearer" = ["deliveries.own"])),
    responses((status = 200, body = [RiderDeliveryDto]), Unauthenticated, Forbidden)
)]
#[get("/deliveries")]
async fn my_deliveries(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let mine = state.shop.riders.my_deliveries(&user.0).await?;
    let mine: Vec<RiderDeliveryDto> = mine.iter().map(RiderDeliveryDto::from).collect();
    Ok(HttpResponse::Ok().json(mine))
}

fn delivery_id(raw: &str) -> Result<OrderId, ApiError> {
    OrderId::parse(raw).ok_or_else(|| ApiError::not_found(DELIVERY_NOT_FOUND))
}

/// The parcel is in the shopper's hands (`deliveries.own`): the code they gave. A wrong
/// code is a 400 naming the tries left; after five, 423 until the shop resets it. Another
/// rider's order is a 404. Sent twice, the order is delivered once.
#[utoipa::path(
    tag = "deliveries",
    security(("bearer" = ["deliveries.own"])),
    params(("orderId" = String, Path, description = "The order's id")),
    request_body = DeliveredBody,
    responses(
        (status = 200, body = RiderDeliveryDto),
        BadRequest, Unauthenticated, Forbidden, NotFound, Conflict, Locked, TooLarge
    )
)]
#[post("/deliveries/{orderId}/delivered")]
async fn delivered(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: web::Json<DeliveredBody>,
) -> Result<HttpResponse, ApiError> {
    let id = delivery_id(&path)?;
    let order = state
        .shop
        .riders
        .delivered(&user.0, &id, &body.code)
        .await?;
    Ok(HttpResponse::Ok().json(RiderDeliveryDto::from(&order)))
}

/// The parcel could not be handed over (`deliveries.own`): the attempt is kept, the order
/// waits to go out again, the shopper is told.
#[utoipa::path(
    tag = "deliveries",
    security(("bearer" = ["deliveries.own"])),
    params(("orderId" = String, Path, description = "The order's id")),
    request_body = NotDeliveredBody,
    responses(
        (status = 200, body = RiderDeliveryDto),
        BadRequest, Unauthenticated, Forbidden, NotFound, Conflict, TooLarge
    )
)]
#[post("/deliveries/{orderId}/not-delivered")]
async fn not_delivered(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: web::Json<NotDeliveredBody>,
) -> Result<HttpResponse, ApiError> {
    let id = delivery_id(&path)?;
    let order = state
        .shop
        .riders
        .not_delivered(&user.0, &id, &body.reason)
        .await?;
    Ok(HttpResponse::Ok().json(RiderDeliveryDto::from(&order)))
}
