//! Orders taken by phone and chat (issue 45): staff find or add the customer and take the
//! order for them (`orders.create`).

use super::orders::order_id;
use super::{list_reply, one_page};
use crate::auth::CurrentUser;
use crate::dto::{
    CheckoutDto, OrderDto, PaymentChoiceBody, PhoneCustomerDto, PhoneOrderBody, QuoteDto,
};
use crate::error::ApiError;
use crate::i18n::say;
use crate::openapi::{
    BadRequest, Conflict, Forbidden, NotFound, PaymentDeclined, PaymentProviderFailed,
    Unauthenticated,
};
use crate::state::AppState;
use actix_web::{get, post, web, HttpResponse};
use application::phone_orders::PhonePayment;
use application::views::OrderView;
use domain::message::texts::{
    CARD_PAGE_OPENED, PHONE_ORDER_AWAITING, PHONE_ORDER_CASH, PHONE_ORDER_PAID,
};
use domain::user::User;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(take_order)
        .service(quote_order)
        .service(find_customers)
        .service(request_payment)
        .service(cash_on_delivery);
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
    Ok(HttpResponse::Created().json(OrderDto::from(OrderView::seen_by(&order, &user.0))))
}

/// What the order being taken would cost if taken now (`orders.create`): the body of
/// `POST /admin/orders`, its customer and address optional (a place priced by its city and
/// district). 200 with the lines and totals, nothing held; 409 when a line wants more than
/// is left; 400 per field (a code refused to this customer's order with its reason).
#[utoipa::path(
    tag = "orders",
    security(("bearer" = ["orders.create"])),
    request_body = PhoneOrderBody,
    responses(
        (status = 200, body = QuoteDto, description = "Priced"),
        BadRequest, Unauthenticated, Forbidden, Conflict
    )
)]
#[post("/admin/orders/quote")]
async fn quote_order(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<PhoneOrderBody>,
) -> Result<HttpResponse, ApiError> {
    let quote = state
        .shop
        .phone_orders
        .quote(&user.0, &body.into_inner().into())
        .await?;
    Ok(HttpResponse::Ok().json(QuoteDto::from(&quote)))
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
        .phone_customers
        .find(&user.0, &query.q, page)
        .await?;
    let reply: Vec<PhoneCustomerDto> = customers.iter().map(PhoneCustomerDto::from).collect();
    Ok(list_reply(&reply, total))
}

/// Sends the charge of a phone order to the customer's wallet (`orders.create`): the PIN
/// prompt arrives on their phone, and the answer is waited for up to the payment time. 201
/// paid; 202 waiting for the customer to confirm (the answer is recorded when it comes);
/// 402 declined (the order waits for another payment); 409 while a payment of it is under
/// way, once it is paid, or after its hold; 502 when the provider refuses the shop.
#[utoipa::path(
    tag = "orders",
    security(("bearer" = ["orders.create"])),
    params(("id" = String, Path, description = "The order's id")),
    request_body = PaymentChoiceBody,
    responses(
        (status = 201, body = CheckoutDto, description = "Paid"),
        (status = 202, body = CheckoutDto, description = "Waiting for the customer to confirm"),
        BadRequest, Unauthenticated, Forbidden, NotFound, PaymentDeclined, Conflict,
        PaymentProviderFailed
    )
)]
#[post("/admin/orders/{id}/payment-request")]
async fn request_payment(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: web::Json<PaymentChoiceBody>,
) -> Result<HttpResponse, ApiError> {
    let id = order_id(&path)?;
    let choice = body.into_inner().into();
    let shop = state.shop.clone();
    let actor = user.0.clone();
    let paying = async move {
        shop.phone_payments
            .request_payment(&actor, &id, &choice)
            .await
    };
    let paid = super::paid_apart(paying).await?;
    Ok(payment_reply(paid, &user.0))
}

/// A phone order is paid in cash to the rider (`orders.create`), where its zone takes cash
/// for its total: 200 with the order confirmed to the customer; 400 on `paymentMethod` where
/// it cannot be; 409 as for a payment request.
#[utoipa::path(
    tag = "orders",
    security(("bearer" = ["orders.create"])),
    params(("id" = String, Path, description = "The order's id")),
    responses(
        (status = 200, body = CheckoutDto, description = "To be paid in cash on delivery"),
        BadRequest, Unauthenticated, Forbidden, NotFound, Conflict
    )
)]
#[post("/admin/orders/{id}/cash-on-delivery")]
async fn cash_on_delivery(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = order_id(&path)?;
    let paid = state
        .shop
        .phone_payments
        .pay_on_delivery(&user.0, &id)
        .await?;
    Ok(payment_reply(paid, &user.0))
}

/// How a phone order's payment is answered, as checkout answers: 201 paid, 202 awaiting the
/// payer or a card's page, 200 cash on delivery.
fn payment_reply(paid: PhonePayment, viewer: &User) -> HttpResponse {
    let reply = |message, order, redirect_url| CheckoutDto {
        message: say(&message).into_owned(),
        order: OrderDto::from(OrderView::seen_by(order, viewer)),
        redirect_url,
    };
    match paid {
        PhonePayment::Paid(order) => {
            HttpResponse::Created().json(reply(PHONE_ORDER_PAID.into(), &order, None))
        }
        PhonePayment::Awaiting(order) => {
            HttpResponse::Accepted().json(reply(PHONE_ORDER_AWAITING.into(), &order, None))
        }
        PhonePayment::CashOnDelivery(order) => {
            HttpResponse::Ok().json(reply(PHONE_ORDER_CASH.into(), &order, None))
        }
        PhonePayment::OnPage { order, url } => {
            HttpResponse::Accepted().json(reply(CARD_PAGE_OPENED.into(), &order, Some(url)))
        }
    }
}
