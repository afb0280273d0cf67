//! Checkout, order history and order administration.

use super::{list_reply, page};
use crate::auth::CurrentUser;
use crate::dto::{orders, CheckoutBody, OrderDto, PageQuery, PaymentBody, StatusBody};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpRequest, HttpResponse};
use application::orders::{CheckoutOutcome, PAYMENT_UNCONFIRMED};
use domain::OrderId;
use serde_json::json;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/orders", web::get().to(my_orders))
        .route("/orders/all", web::get().to(all_orders))
        .route("/orders/checkout", web::post().to(checkout))
        .route("/orders/{id}", web::get().to(order))
        .route("/orders/{id}", web::put().to(update_status))
        .route("/orders/{id}/payment", web::put().to(update_payment));
}

fn order_id(raw: &str) -> Result<OrderId, ApiError> {
    OrderId::parse(raw).ok_or_else(|| ApiError(application::AppError::not_found("Order")))
}

/// At most 100 visible ASCII characters, so a key can be stored and compared safely.
fn idempotency_key(req: &HttpRequest) -> Result<Option<String>, ApiError> {
    let Some(value) = req.headers().get("Idempotency-Key") else {
        return Ok(None);
    };
    let key = value.to_str().unwrap_or_default().trim();
    if key.is_empty() || key.len() > 100 || !key.chars().all(|c| c.is_ascii_graphic()) {
        return Err(ApiError::bad_request(
            "Idempotency-Key must be 1 to 100 visible characters",
        ));
    }
    Ok(Some(key.to_owned()))
}

async fn checkout(
    state: web::Data<AppState>,
    user: CurrentUser,
    req: HttpRequest,
    body: web::Json<CheckoutBody>,
) -> Result<HttpResponse, ApiError> {
    let key = idempotency_key(&req)?;
    let input = body.into_inner().into();
    let shop = state.shop.clone();
    // A task of its own: a shopper who closes the page mid-payment must not cut the checkout
    // off between the charge and recording its answer.
    let outcome =
        actix_web::rt::spawn(async move { shop.checkout(&user.0, &input, key.as_deref()).await })
            .await
            .map_err(|error| ApiError(application::AppError::Internal(error.to_string())))?;
    Ok(match outcome? {
        CheckoutOutcome::Paid(order) => HttpResponse::Created().json(json!({
            "message": "Order placed successfully",
            "order": OrderDto::from(&order),
        })),
        CheckoutOutcome::Unconfirmed(order) => HttpResponse::Accepted().json(json!({
            "message": PAYMENT_UNCONFIRMED,
            "order": OrderDto::from(&order),
        })),
    })
}

async fn my_orders(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let list = state.shop.my_orders(&user.0).await?;
    Ok(HttpResponse::Ok().json(orders(&list)))
}

async fn all_orders(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let (list, total) = state.shop.all_orders(&user.0, page(&query)?).await?;
    Ok(list_reply(&orders(&list), total))
}

async fn order(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let order = state.shop.order(&user.0, &order_id(&path)?).await?;
    Ok(HttpResponse::Ok().json(OrderDto::from(&order)))
}

async fn update_status(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: web::Json<StatusBody>,
) -> Result<HttpResponse, ApiError> {
    let order = state
        .shop
        .update_order_status(&user.0, &order_id(&path)?, &body.status)
        .await?;
    Ok(HttpResponse::Ok().json(OrderDto::from(&order)))
}

async fn update_payment(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: web::Json<PaymentBody>,
) -> Result<HttpResponse, ApiError> {
    let order = state
        .shop
        .update_payment_status(
            &user.0,
            &order_id(&path)?,
            &body.payment_status,
            body.transaction_id.as_deref(),
        )
        .await?;
    Ok(HttpResponse::Ok().json(OrderDto::from(&order)))
}
