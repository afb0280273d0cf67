//! Returns (issue 16): a shopper asks to send back units of a delivered order; admins
//! approve, reject, receive and refund them.

use super::{list_reply, one_page};
use crate::auth::CurrentUser;
use crate::dto::{RefundResolutionBody, ReturnBody, ReturnDto, ReturnListQuery, ReturnStatusBody};
use crate::error::ApiError;
use crate::openapi::{
    BadRequest, Conflict, Forbidden, NotFound, PaymentProviderFailed, TooLarge, Unauthenticated,
};
use crate::state::AppState;
use actix_web::{get, post, put, web, HttpResponse};
use application::views::ReturnView;
use domain::message::texts::{ORDER_NOT_FOUND, RETURN_NOT_FOUND};
use domain::{OrderId, ReturnId};
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(request_return)
        .service(order_returns)
        .service(list_returns)
        .service(change_return)
        .service(resolve_refund);
}

fn order_id(raw: &str) -> Result<OrderId, ApiError> {
    OrderId::parse(raw).ok_or_else(|| ApiError::not_found(ORDER_NOT_FOUND))
}

fn return_id(raw: &str) -> Result<ReturnId, ApiError> {
    ReturnId::parse(raw).ok_or_else(|| ApiError::not_found(RETURN_NOT_FOUND))
}

/// Ask to return units of a delivered order (its shopper), within 30 days of delivery and
/// at most what was bought less what earlier returns that were not rejected hold.
#[utoipa::path(
    tag = "orders",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The order's id")),
    request_body = ReturnBody,
    responses(
        (status = 201, body = ReturnDto),
        BadRequest, Unauthenticated, NotFound, Conflict, TooLarge
    )
)]
#[post("/orders/{id}/returns")]
async fn request_return(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: web::Json<ReturnBody>,
) -> Result<HttpResponse, ApiError> {
    let requested = state
        .shop
        .returns
        .request_return(&user.0, &order_id(&path)?, &body.into_inner().into())
        .await?;
    Ok(HttpResponse::Created().json(ReturnDto::from(ReturnView::seen_by(&requested, &user.0))))
}

/// An order's returns, newest first: of one's own order, or of anyone's with `orders.read`
/// (another's order is 404 without it).
#[utoipa::path(
    tag = "orders",
    security(("bearer" = []), ("bearer" = ["orders.read"])),
    params(("id" = String, Path, description = "The order's id")),
    responses((status = 200, body = [ReturnDto]), Unauthenticated, NotFound)
)]
#[get("/orders/{id}/returns")]
async fn order_returns(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let list = state
        .shop
        .returns
        .order_returns(&user.0, &order_id(&path)?)
        .await?;
    Ok(HttpResponse::Ok().json(
        list.iter()
            .map(|r| ReturnDto::from(ReturnView::seen_by(r, &user.0)))
            .collect::<Vec<_>>(),
    ))
}

/// The returns, newest first, one page (`returns.manage`); filtered by status when asked.
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["returns.manage"])),
    params(ReturnListQuery),
    responses(
        (status = 200, body = [ReturnDto], headers(("X-Total-Count" = u64, description = "How many returns match"))),
        BadRequest, Unauthenticated, Forbidden
    )
)]
#[get("/admin/returns")]
async fn list_returns(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ReturnListQuery>,
) -> Result<HttpResponse, ApiError> {
    let (list, total) = state
        .shop
        .returns
        .returns(
            &user.0,
            query.status.as_deref(),
            one_page(query.page.as_deref(), query.limit.as_deref())?,
        )
        .await?;
    let list: Vec<ReturnDto> = list
        .iter()
        .map(|r| ReturnDto::from(ReturnView::seen_by(r, &user.0)))
        .collect();
    Ok(list_reply(&list, total))
}

/// Move a return on (`returns.manage`): requested -> approved or rejected, approved ->
/// received (its units go back to stock) or rejected, received -> refunded (the money goes
/// back through the order's provider; for a return whose `refundByHand` is true the admin paid
/// it out and says how in `refundPaidWith`). Asking for the status it has changes nothing.
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["returns.manage"])),
    params(("id" = String, Path, description = "The return's id")),
    request_body = ReturnStatusBody,
    responses(
        (status = 200, body = ReturnDto),
        BadRequest, Unauthenticated, Forbidden, NotFound, Conflict, TooLarge,
        PaymentProviderFailed
    )
)]
#[put("/admin/returns/{id}")]
async fn change_return(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: web::Json<ReturnStatusBody>,
) -> Result<HttpResponse, ApiError> {
    let changed = state
        .shop
        .returns
        .change_return(
            &user.0,
            &return_id(&path)?,
            &body.status,
            body.refund_paid_with.as_deref(),
        )
        .await?;
    Ok(HttpResponse::Ok().json(ReturnDto::from(ReturnView::seen_by(&changed, &user.0))))
}

/// Resolve a return's refund that was sent but not answered (`returns.manage`;
/// `refundStatus` `unconfirmed`), after checking with EVC Plus: `confirmed` marks the return
/// refunded without sending anything, `resend` sends the refund again. Audited as
/// `order.refund`. A plain retry of the refund is refused (409) while it is unconfirmed.
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["returns.manage"])),
    params(("id" = String, Path, description = "The return's id")),
    request_body = RefundResolutionBody,
    responses(
        (status = 200, body = ReturnDto),
        BadRequest, Unauthenticated, Forbidden, NotFound, Conflict, TooLarge,
        PaymentProviderFailed
    )
)]
#[post("/admin/returns/{id}/refund")]
async fn resolve_refund(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: web::Json<RefundResolutionBody>,
) -> Result<HttpResponse, ApiError> {
    let resolved = state
        .shop
        .returns
        .resolve_return_refund(&user.0, &return_id(&path)?, &body.resolution)
        .await?;
    Ok(HttpResponse::Ok().json(ReturnDto::from(ReturnView::seen_by(&resolved, &user.0))))
}
