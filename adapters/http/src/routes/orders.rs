//! Checkout, order history and order administration.

use crate::auth::CurrentUser;
use crate::dto::{
    orders, CheckoutBody, CheckoutDto, OrderDetailDto, OrderDto, PaymentBody, RefundResolutionBody,
    StatusBody,
};
use crate::error::ApiError;
use crate::i18n::{self, say};
use crate::openapi::{
    BadRequest, Conflict, Forbidden, NotFound, PaymentDeclined, PaymentProviderFailed, TooLarge,
    Unauthenticated,
};
use crate::state::AppState;
use actix_web::{get, post, put, web, HttpRequest, HttpResponse};
use application::checkout::CheckoutOutcome;
use application::views::OrderView;
use domain::message::texts::{
    CARD_PAGE_OPENED, IDEMPOTENCY_KEY_INVALID, ORDER_NOT_FOUND, ORDER_PLACED, PAYMENT_UNCONFIRMED,
};
use domain::order::Order;
use domain::user::User;
use domain::OrderId;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(my_orders)
        .service(checkout)
        .service(get_order)
        .service(update_order_status)
        .service(update_payment)
        .service(resolve_refund);
}

pub(super) fn order_id(raw: &str) -> Result<OrderId, ApiError> {
    OrderId::parse(raw).ok_or_else(|| ApiError::not_found(ORDER_NOT_FOUND))
}

/// The reply of an order's page and of its changes: the order as `actor` sees it, with what
/// may be returned of it and, for staff who read orders, where it may be moved now.
async fn detail(state: &AppState, actor: &User, order: Order) -> Result<HttpResponse, ApiError> {
    let detail = state.shop.orders.with_returns(actor, order).await?;
    Ok(HttpResponse::Ok().json(OrderDetailDto::from(&detail)))
}

/// At most 100 visible ASCII characters, so a key can be stored and compared safely.
fn idempotency_key(req: &HttpRequest) -> Result<Option<String>, ApiError> {
    let Some(value) = req.headers().get("Idempotency-Key") else {
        return Ok(None);
    };
    let key = value.to_str().unwrap_or_default().trim();
    if key.is_empty() || key.len() > 100 || !key.chars().all(|c| c.is_ascii_graphic()) {
        return Err(ApiError::bad_request(IDEMPOTENCY_KEY_INVALID));
    }
    Ok(Some(key.to_owned()))
}

/// Order the cart and pay: a wallet is charged, a card is paid on the page at
/// `redirectUrl`. A retry with the same `Idempotency-Key` answers what the first attempt
/// answered, without charging again.
#[utoipa::path(
    tag = "orders",
    security(("bearer" = [])),
    params((
        "Idempotency-Key" = Option<String>, Header,
        description = "1 to 100 visible characters naming this checkout attempt"
    )),
    request_body = CheckoutBody,
    responses(
        (status = 201, body = CheckoutDto, description = "Paid: the cart is empty now"),
        (status = 202, body = CheckoutDto, description = "Payment not confirmed yet: the order is kept pending; for a card, paid on the page at `redirectUrl`"),
        BadRequest, Unauthenticated, PaymentDeclined, Conflict, TooLarge, PaymentProviderFailed
    )
)]
#[post("/orders/checkout")]
async fn checkout(
    state: web::Data<AppState>,
    user: CurrentUser,
    req: HttpRequest,
    body: web::Json<CheckoutBody>,
) -> Result<HttpResponse, ApiError> {
    let key = idempotency_key(&req)?;
    let input = body.into_inner().into();
    // Before the order: its messages are written in the language the shopper uses now.
    state
        .shop
        .accounts
        .remember_language(&user.0.id, i18n::asked(&req))
        .await;
    let shop = state.shop.clone();
    let checkout = async move {
        shop.checkout
            .checkout(&user.0, &input, key.as_deref())
            .await
    };
    let outcome = super::paid_apart(checkout).await?;
    Ok(match outcome {
        CheckoutOutcome::Paid(order) | CheckoutOutcome::CashOnDelivery(order) => {
            HttpResponse::Created().json(CheckoutDto {
                message: say(&ORDER_PLACED.into()).into_owned(),
                order: OrderDto::from(OrderView::to_its_payer(&order)),
                redirect_url: None,
            })
        }
        CheckoutOutcome::Unconfirmed(order) => HttpResponse::Accepted().json(CheckoutDto {
            message: say(&PAYMENT_UNCONFIRMED.into()).into_owned(),
            order: OrderDto::from(OrderView::to_its_payer(&order)),
            redirect_url: None,
        }),
        CheckoutOutcome::OnPage { order, url } => HttpResponse::Accepted().json(CheckoutDto {
            message: say(&CARD_PAGE_OPENED.into()).into_owned(),
            order: OrderDto::from(OrderView::to_its_payer(&order)),
            redirect_url: Some(url),
        }),
    })
}

/// The signed-in shopper's orders, newest first.
#[utoipa::path(
    tag = "orders",
    security(("bearer" = [])),
    responses((status = 200, body = [OrderDto]), Unauthenticated)
)]
#[get("/orders")]
async fn my_orders(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let list = state.shop.orders.my_orders(&user.0).await?;
    Ok(HttpResponse::Ok().json(orders(&list, &user.0)))
}

/// One order: one's own, or anyone's with `orders.read`.
#[utoipa::path(
    tag = "orders",
    security(("bearer" = []), ("bearer" = ["orders.read"])),
    params(("id" = String, Path, description = "The order's id")),
    responses((status = 200, body = OrderDetailDto), Unauthenticated, Forbidden, NotFound)
)]
#[get("/orders/{id}")]
async fn get_order(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let detail = state
        .shop
        .orders
        .order_detail(&user.0, &order_id(&path)?)
        .await?;
    Ok(HttpResponse::Ok().json(OrderDetailDto::from(&detail)))
}

/// Set an order's status (`orders.update`). Canceling puts the stock back and refunds a paid
/// order; leaving canceled takes the stock again.
#[utoipa::path(
    tag = "orders",
    security(("bearer" = ["orders.update"])),
    params(("id" = String, Path, description = "The order's id")),
    request_body = StatusBody,
    responses(
        (status = 200, body = OrderDetailDto),
        BadRequest, Unauthenticated, Forbidden, NotFound, Conflict, TooLarge,
        PaymentProviderFailed
    )
)]
#[put("/orders/{id}")]
async fn update_order_status(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: web::Json<StatusBody>,
) -> Result<HttpResponse, ApiError> {
    let order = state
        .shop
        .orders
        .update_order_status(&user.0, &order_id(&path)?, &body.status)
        .await?;
    detail(&state, &user.0, order).await
}

/// Confirm a payment the provider did not confirm at checkout (`orders.update`):
/// `paymentStatus` must be `paid`, with the provider's transaction id when known.
#[utoipa::path(
    tag = "orders",
    security(("bearer" = ["orders.update"])),
    params(("id" = String, Path, description = "The order's id")),
    request_body = PaymentBody,
    responses(
        (status = 200, body = OrderDetailDto),
        BadRequest, Unauthenticated, Forbidden, NotFound, Conflict, TooLarge
    )
)]
#[put("/orders/{id}/payment")]
async fn update_payment(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: web::Json<PaymentBody>,
) -> Result<HttpResponse, ApiError> {
    let order = state
        .shop
        .orders
        .update_payment_status(
            &user.0,
            &order_id(&path)?,
            &body.payment_status,
            body.transaction_id.as_deref(),
        )
        .await?;
    detail(&state, &user.0, order).await
}

/// Resolve a cancel's refund that was sent but not answered (`orders.update`; `refundStatus`
/// `unconfirmed`), after checking with EVC Plus: `confirmed` records it as made (the order is
/// canceled and refunded, nothing is sent), `resend` sends it again. Audited as
/// `order.refund`. A plain retry of the cancel is refused (409) while it is unconfirmed.
#[utoipa::path(
    tag = "orders",
    security(("bearer" = ["orders.update"])),
    params(("id" = String, Path, description = "The order's id")),
    request_body = RefundResolutionBody,
    responses(
        (status = 200, body = OrderDetailDto),
        BadRequest, Unauthenticated, Forbidden, NotFound, Conflict, TooLarge,
        PaymentProviderFailed
    )
)]
#[post("/orders/{id}/refund")]
async fn resolve_refund(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: web::Json<RefundResolutionBody>,
) -> Result<HttpResponse, ApiError> {
    let order = state
        .shop
        .orders
        .resolve_order_refund(&user.0, &order_id(&path)?, &body.resolution)
        .await?;
    detail(&state, &user.0, order).await
}
