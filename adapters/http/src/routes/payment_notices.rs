//! WaafiPay's Hosted Payment Page webhook (public: WaafiPay posts it). Its adapter verifies
//! and reads the notification; the shop then asks WaafiPay about the attempt it names and
//! records only that answer.

use crate::error::ApiError;
use crate::openapi::{BadRequest, NotFound, Unauthenticated};
use crate::state::AppState;
use actix_web::{post, web, HttpRequest, HttpResponse};
use serde::Serialize;
use utoipa_actix_web::service_config::ServiceConfig;

/// Where WaafiPay posts its notifications, on the shop's public address (registered with
/// `shop register-webhook`).
pub const WAAFIPAY_WEBHOOK_PATH: &str = "/api/payments/waafipay/webhook";

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(waafipay_webhook);
}

/// The reply WaafiPay reads: the notification was taken.
#[derive(Serialize, utoipa::ToSchema)]
struct NoticeTakenDto {
    received: bool,
}

/// WaafiPay's webhook notification (`authorization`, `refund`, `webhook.test`), the raw
/// body signed in `X-WaafiPay-Signature` with the hex HMAC-SHA256 of the body under the
/// shop's webhook secret (`WAAFIPAY_WEBHOOK_SECRET`). An `authorization` makes the shop ask
/// WaafiPay (`HPP_GETTRANINFO`) about the payment attempt its `payment.reference_id` names
/// and record that answer, exactly as on the payer's return; its own `payment.status` is
/// never believed. 200 once taken, whatever it named (a payment already settled or not the
/// shop's changes nothing); 401 when the signature does not match; 400 when it cannot be
/// read; 404 when the shop has no webhook secret.
#[utoipa::path(
    tag = "payments",
    request_body(content = Object, content_type = "application/json"),
    responses(
        (status = 200, body = NoticeTakenDto),
        BadRequest,
        Unauthenticated,
        NotFound
    )
)]
#[post("/payments/waafipay/webhook")]
async fn waafipay_webhook(
    state: web::Data<AppState>,
    request: HttpRequest,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let payments = &state.shop.payments;
    let signature = payments
        .notice_signature_header()
        .and_then(|name| request.headers().get(name))
        .and_then(|value| value.to_str().ok());
    payments.notified(&body, signature).await?;
    Ok(HttpResponse::Ok().json(NoticeTakenDto { received: true }))
}
