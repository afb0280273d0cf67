//! Orders taken by phone and chat (issue 45): staff find or add the customer and take the
//! order for them (`orders.create`).

use super::{list_reply, one_page};
use crate::auth::CurrentUser;
use crate::dto::{OrderDto, PhoneCustomerDto, PhoneOrderBody};
use crate::error::ApiError;
use crate::openapi::{BadRequest, Conflict, Forbidden, Unauthenticated};
use crate::state::AppState;
use actix_web::{get, post, web, HttpResponse};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(take_order).service(find_customers);
}

/// Takes an order for a customer (`orders.create`): found by `userId`, or new (a name and a
/// Somali mobile number, an e-mail when they have one). 201 with the order, pending with its
/// payment pending and no method chosen (`channel: phone`, `createdBy`), its stock held for
/// `SHOP_UNCONFIRMED_HOLD_SECS`; 409 when a line wants more than is left; 400 per field.
#[utoipa::path(
    tag = "orders",
    security(("bearer" = ["orders.create"])),
    request_body = PhoneOrderBody,
    responses(
        (status = 201, body = OrderDto, description = "Taken"),
        BadRequest, Unauthenticated, Forbidden, Conflict
    )
)]
#[post("/admin/orders")]
async fn take_order(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<PhoneOrderBody>,
) -> Result<HttpResponse, ApiError> {
    let order = state
        .shop
        .phone_orders
        .take(&user.0, &body.into_inner().into())
        .await?;
    Ok(HttpResponse::Created().json(OrderDto::seen_by(&order, &user.0)))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct CustomerQuery {
    /// In the name, e-mail or phone; a mobile number may be typed in any usual way.
    q: String,
    /// The page, from 1.
    #[param(value_type = Option<u32>, minimum = 1)]
    page: Option<String>,
    /// Items per page, 1 to 100 (default 20).
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100)]
    limit: Option<String>,
}

/// Customers to take an order for (`orders.create`), oldest first, one page.
#[utoipa::path(
    tag = "orders",
    security(("bearer" = ["orders.create"])),
    params(CustomerQuery),
    responses(
        (status = 200, body = [PhoneCustomerDto], headers(("X-Total-Count" = u64, description = "How many customers match"))),
        BadRequest, Unauthenticated, Forbidden
    )
)]
#[get("/admin/customers")]
async fn find_customers(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<CustomerQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = one_page(query.page.as_deref(), query.limit.as_deref())?;
    let (customers, total) = state
        .shop
        .phone_orders
        .find_customers(&user.0, &query.q, page)
        .await?;
    let reply: Vec<PhoneCustomerDto> = customers.iter().map(PhoneCustomerDto::from).collect();
    Ok(list_reply(&reply, total))
}
