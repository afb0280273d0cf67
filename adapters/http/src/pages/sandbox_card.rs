//! The sandbox's card page: where a card payment goes while the shop has no card provider
//! set up, so `make run` shows the whole card flow. It stands in for WaafiPay's page: the
//! tester approves or declines, and the browser returns through the same return address
//! (`/api/payments/card/return`), which asks the sandbox as it would ask WaafiPay. It answers
//! 404 unless payments go to the sandbox.

use crate::error::ApiError;
use crate::CARD_RETURN_PATH;
use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpResponse};
use application::payments::card::{CardPaymentError, SandboxCardPayment};
use domain::OrderId;
use maud::{html, Markup, DOCTYPE};
use serde::Deserialize;

/// Where the card page is (the sandbox gateway sends payers to it).
const PAGE: &str = "/sandbox/card";

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route(PAGE, web::get().to(card_page))
        .route(PAGE, web::post().to(decide));
}

#[derive(Deserialize)]
struct PageQuery {
    order: Option<String>,
}

#[derive(Deserialize)]
struct Decision {
    order: String,
    decision: String,
}

fn order_id(text: Option<&str>) -> Result<OrderId, ApiError> {
    text.and_then(OrderId::parse)
        .ok_or_else(|| CardPaymentError::NotFound.into())
}

async fn card_page(
    state: web::Data<crate::state::AppState>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let order = order_id(query.order.as_deref())?;
    let payment = state.shop.payments.sandbox_card_payment(&order).await?;
    Ok(HttpResponse::build(StatusCode::OK)
        .content_type("text/html; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header(("X-Robots-Tag", "noindex"))
        .body(page(&payment).into_string()))
}

/// Approve or Decline, then back through the return address, as WaafiPay's page sends the
/// payer back.
async fn decide(
    state: web::Data<crate::state::AppState>,
    form: web::Form<Decision>,
) -> Result<HttpResponse, ApiError> {
    let order = order_id(Some(&form.order))?;
    let approve = match form.decision.as_str() {
        "approve" => true,
        "decline" => false,
        _ => return Err(CardPaymentError::NotFound.into()),
    };
    state
        .shop
        .payments
        .decide_sandbox_card(&order, approve)
        .await?;
    Ok(HttpResponse::SeeOther()
        .insert_header((
            header::LOCATION,
            format!("{CARD_RETURN_PATH}?order={order}"),
        ))
        .finish())
}

fn page(payment: &SandboxCardPayment) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="robots" content="noindex";
                title { "Sandbox card payment" }
                style { (STYLE) }
            }
            body {
                main {
                    p class="banner" role="note" {
                        strong { "Sandbox: no real card is charged." }
                        " This page stands in for WaafiPay's card page because the shop has no card credentials set up."
                    }
                    h1 { "Pay " (payment.amount) " by card" }
                    p { "Order " (payment.number) }
                    form method="post" action=(PAGE) {
                        input type="hidden" name="order" value=(payment.order);
                        button type="submit" name="decision" value="approve" class="approve" { "Approve" }
                        button type="submit" name="decision" value="decline" class="decline" { "Decline" }
                    }
                }
            }
        }
    }
}

/// The page's own few rules (the CSP allows inline styles, never inline scripts).
const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:0;background:#f5f5f4;color:#1c1917}\
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem}\
.banner{background:#fef3c7;color:#78350f;padding:.75rem;border-radius:.5rem}\
form{display:flex;gap:.75rem;margin-top:1.5rem}\
button{flex:1;font:inherit;font-weight:600;padding:.75rem;border-radius:.5rem;border:0;cursor:pointer}\
.approve{background:#047857;color:#fff}.decline{background:#e7e5e4;color:#1c1917}\
button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}";
