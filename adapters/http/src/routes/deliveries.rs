//! Orders on their way (issue 43): the back office sends them out with riders, and each
//! rider delivers theirs with the shopper's code or brings them back with a reason.

use super::{day_param, list_reply, one_page};
use crate::auth::CurrentUser;
use crate::dto::{
    orders, DeliveredBody, DeliveryListQuery, DispatchBody, MyCashDto, NotDeliveredBody, OrderDto,
    RiderCashDto, RiderCashQuery, RiderDeliveryDto, RiderDto,
};
use crate::error::ApiError;
use crate::openapi::{
    BadRequest, Conflict, Forbidden, Locked, NotFound, TooLarge, Unauthenticated,
};
use crate::state::AppState;
use actix_web::{get, post, web, HttpResponse};
use application::views::OrderView;
use domain::message::texts::{
    DELIVERY_NOT_FOUND, INVALID_QUERY, NO_CASH_COLLECTED, ORDER_NOT_FOUND, RIDER_UNKNOWN,
};
use domain::ports::{DeliveryList, DeliveryQuery};
use domain::{OrderId, UserId};
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list_deliveries)
        .service(dispatch)
        .service(list_riders)
        .service(riders_cash)
        .service(receive_cash)
        .service(reset_code)
        .service(my_deliveries)
        .service(my_cash)
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

/// Each rider's cash collected on a day (East Africa Time; today without `date`), what of it
/// they handed in and what they still hold (`cash.receive`).
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["cash.receive"])),
    params(RiderCashQuery),
    responses((status = 200, body = [RiderCashDto]), BadRequest, Unauthenticated, Forbidden)
)]
#[get("/admin/riders/cash")]
async fn riders_cash(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<RiderCashQuery>,
) -> Result<HttpResponse, ApiError> {
    let date = query.date.as_deref().map(day_param).transpose()?;
    let (date, cash) = state.shop.dispatcher.riders_cash(&user.0, date).await?;
    let cash: Vec<RiderCashDto> = cash.iter().map(|c| RiderCashDto::of(c, date)).collect();
    Ok(HttpResponse::Ok().json(cash))
}

/// Mark received what a rider still holds of a day's cash (`cash.receive`; in the audit trail):
/// one hand-in covering the cash deliveries no hand-in covered yet. A day's cash is handed in
/// as often as the rider brings it; marked twice at once, it is received once, and with
/// nothing left to hand in it answers the day as it is. A rider with no cash that day is a 404.
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["cash.receive"])),
    params(
        ("id" = String, Path, description = "The rider's id"),
        ("date" = String, Path, description = "The day, YYYY-MM-DD")
    ),
    responses((status = 200, body = RiderCashDto), BadRequest, Unauthenticated, Forbidden, NotFound)
)]
#[post("/admin/riders/{id}/cash/{date}/received")]
async fn receive_cash(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (rider, date) = path.into_inner();
    let rider = UserId::parse(&rider).ok_or_else(|| ApiError::not_found(NO_CASH_COLLECTED))?;
    let date = day_param(&date)?;
    let cash = state
        .shop
        .dispatcher
        .receive_cash(&user.0, &rider, date)
        .await?;
    Ok(HttpResponse::Ok().json(RiderCashDto::of(&cash, date)))
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
    Ok(HttpResponse::Ok().json(OrderDto::from(OrderView::seen_by(&order, &user.0))))
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

/// The cash the signed-in rider holds today (`deliveries.own`): collected on their cash
/// deliveries, handed in, and still in hand.
#[utoipa::path(
    tag = "deliveries",
    security(("bearer" = ["deliveries.own"])),
    responses((status = 200, body = MyCashDto), Unauthenticated, Forbidden)
)]
#[get("/deliveries/cash")]
async fn my_cash(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let (day, cash) = state.shop.riders.my_cash(&user.0).await?;
    Ok(HttpResponse::Ok().json(MyCashDto::of(day, cash.as_ref())))
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
        .delivered(&user.0, &id, &body.code, body.cash_collected)
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
