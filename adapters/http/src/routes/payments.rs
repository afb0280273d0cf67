//! The ways to pay.

use crate::dto::PaymentMethodDto;
use crate::state::AppState;
use actix_web::{get, web, HttpResponse};
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(payment_methods);
}

/// Every payment method, each available or not as this shop has set up its provider (public).
#[utoipa::path(tag = "payments", responses((status = 200, body = Vec<PaymentMethodDto>)))]
#[get("/payments/methods")]
async fn payment_methods(state: web::Data<AppState>) -> HttpResponse {
    let methods: Vec<PaymentMethodDto> = state
        .shop
        .payments
        .methods()
        .into_iter()
        .map(Into::into)
        .collect();
    HttpResponse::Ok().json(methods)
}
