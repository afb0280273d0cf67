//! Payment links of phone orders (issue 45): staff send one (`orders.create`); the customer
//! opens its page and pays there without an account.

use super::orders::order_id;
use crate::auth::CurrentUser;
use crate::dto::{LinkPaymentDto, LinkedOrderDto, PaymentChoiceBody, PaymentLinkDto};
use crate::error::ApiError;
use crate::i18n::say;
use crate::openapi::{
    BadRequest, Conflict, Forbidden, Gone, NotFound, PaymentDeclined, PaymentProviderFailed,
    Unauthenticated,
};
use crate::state::AppState;
use actix_web::{get, post, web, HttpResponse};
use application::phone_orders::PhonePayment;
use domain::message::texts::{CARD_PAGE_OPENED, PAY_LINK_CONFIRM, PAY_LINK_DONE};
use domain::order::PaymentStatus;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(send_link)
        .service(open_own_link)
        .service(linked_order)
        .service(pay);
}

/// Sends a phone order's customer a link to pay it (`orders.create`): by SMS (and e-mail when
/// they have one), and as a WhatsApp share link for staff to send. A new link replaces the
/// last, which stops working; a link ends when the order is paid or its hold ends. 201; 409
/// while a payment of it is under way, once it is paid, or after its hold.
#[utoipa::path(
    tag = "orders",
    security(("bearer" = ["orders.create"])),
    params(("id" = String, Path, description = "The order's id")),
    responses(
        (status = 201, body = PaymentLinkDto, description = "Sent"),
        Unauthenticated, Forbidden, NotFound, Conflict
    )
)]
#[post("/admin/orders/{id}/payment-link")]
async fn send_link(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = order_id(&path)?;
    let link = state.shop.payment_links.send(&user.0, &id).await?;
    Ok(HttpResponse::Created().json(PaymentLinkDto::from(link)))
}

/// A new payment link of the customer's own phone order, to pay it on the link's page now
/// (its `Pay now`); nothing is sent, and a link sent before stops working. 201; 404 for
/// another's order; 409 while a payment of it is under way, once it is paid, or after its
/// hold.
#[utoipa::path(
    tag = "orders",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The order's id")),
    responses(
        (status = 201, body = PaymentLinkDto, description = "The link to open"),
        Unauthenticated, NotFound, Conflict
    )
)]
#[post("/orders/{id}/pay-link")]
async fn open_own_link(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = order_id(&path)?;
    let link = state.shop.payment_links.open_own(&user.0, &id).await?;
    Ok(HttpResponse::Created().json(PaymentLinkDto::from(link)))
}

/// The order a payment link opens (public: the link is the secret): its lines, delivery and
/// totals, how it may be paid, and once paid where it stands. 404 for a token no link carries
/// (or one replaced by a newer link); 410 once the order is canceled or past its time.
#[utoipa::path(
    tag = "payments",
    params(("token" = String, Path, description = "The link's token")),
    responses(
        (status = 200, body = LinkedOrderDto, description = "The order, to pay"),
        NotFound, Gone
    )
)]
#[get("/pay/{token}")]
async fn linked_order(
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let linked = state.shop.payment_links.open(&path).await?;
    Ok(HttpResponse::Ok().json(LinkedOrderDto::from(&linked)))
}

/// Pays a payment link's order (public), answered like checkout: 201 paid; 202 waiting for
/// the payer to confirm on their phone, or a card's page to pay on (`redirectUrl`); 402
/// declined (the link still works, for another try); 409 while a payment of it is under
/// way or once it is paid; 410 once canceled or past its time; 502 when the provider refuses
/// the shop.
#[utoipa::path(
    tag = "payments",
    params(("token" = String, Path, description = "The link's token")),
    request_body = PaymentChoiceBody,
    responses(
        (status = 201, body = LinkPaymentDto, description = "Paid"),
        (status = 202, body = LinkPaymentDto, description = "Waiting for the payer"),
        BadRequest, NotFound, PaymentDeclined, Conflict, Gone, PaymentProviderFailed
    )
)]
#[post("/pay/{token}")]
async fn pay(
    state: web::Data<AppState>,
    path: web::Path<String>,
    body: web::Json<PaymentChoiceBody>,
) -> Result<HttpResponse, ApiError> {
    let token = path.into_inner();
    let choice = body.into_inner().into();
    let shop = state.shop.clone();
    let paying = async move { shop.payment_links.pay(&token, &choice).await };
    let paid = super::paid_apart(paying).await?;
    let reply =
        |message: domain::message::Text, status: PaymentStatus, redirect_url| LinkPaymentDto {
            message: say(&message.into()).into_owned(),
            payment_status: status.as_str(),
            redirect_url,
        };
    Ok(match paid {
        PhonePayment::Paid(_) => {
            HttpResponse::Created().json(reply(PAY_LINK_DONE, PaymentStatus::Paid, None))
        }
        // A link offers no cash; were it chosen some other way, the order still waits.
        PhonePayment::Awaiting(_) | PhonePayment::CashOnDelivery(_) => {
            HttpResponse::Accepted().json(reply(PAY_LINK_CONFIRM, PaymentStatus::Pending, None))
        }
        PhonePayment::OnPage { url, .. } => HttpResponse::Accepted().json(reply(
            CARD_PAGE_OPENED,
            PaymentStatus::Pending,
            Some(url),
        )),
    })
}
