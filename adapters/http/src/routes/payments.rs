//! The ways to pay, and the payer's return from the card page.

use super::{day_param, list_reply};
use crate::auth::CurrentUser;
use crate::dto::{
    PaymentAttemptDto, PaymentAttemptsQuery, PaymentMethodDto, ProviderDayDto, ReconciliationDto,
    ReconciliationQuery,
};
use crate::error::ApiError;
use crate::i18n::say;
use crate::openapi::{BadRequest, Forbidden, NotFound, Unauthenticated};
use crate::state::AppState;
use actix_web::http::header;
use actix_web::{get, web, HttpResponse};
use application::payments::card::{CardPaymentError, CardReturn};
use domain::listing::payments::{AttemptListParams, AttemptQuery};
use domain::order::ChannelKind;
use domain::OrderId;
use serde::Deserialize;
use utoipa_actix_web::service_config::ServiceConfig;

/// Where the card page sends the payer back, on the shop's public address.
pub const CARD_RETURN_PATH: &str = "/api/payments/card/return";

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(payment_methods)
        .service(card_return)
        .service(payment_attempts)
        .service(reconciliation)
        .service(reconciliation_csv);
}

/// The payments of a day (East Africa Time; today without `date`) per provider and currency
/// (`money.read`): approved, refunded, held and net, with the orders they belong to. The
/// approved total is the paid orders' total plus the money that came after its order closed.
#[utoipa::path(
    tag = "payments",
    security(("bearer" = ["money.read"])),
    params(ReconciliationQuery),
    responses((status = 200, body = ReconciliationDto), BadRequest, Unauthenticated, Forbidden)
)]
#[get("/admin/payments/reconciliation")]
async fn reconciliation(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ReconciliationQuery>,
) -> Result<HttpResponse, ApiError> {
    let date = query.date.as_deref().map(day_param).transpose()?;
    let (date, providers) = state.shop.payments.reconciliation(&user.0, date).await?;
    Ok(HttpResponse::Ok().json(ReconciliationDto {
        date: date.to_string(),
        providers: providers.iter().map(Into::into).collect(),
    }))
}

/// The day's reconciliation as CSV (`money.read`): one row per attempt that moved money.
#[utoipa::path(
    tag = "payments",
    security(("bearer" = ["money.read"])),
    params(ReconciliationQuery),
    responses(
        (status = 200, body = String, content_type = "text/csv", description = "One row per attempt, with a header row"),
        BadRequest, Unauthenticated, Forbidden
    )
)]
#[get("/admin/payments/reconciliation.csv")]
async fn reconciliation_csv(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ReconciliationQuery>,
) -> Result<HttpResponse, ApiError> {
    let date = query.date.as_deref().map(day_param).transpose()?;
    let (date, providers) = state.shop.payments.reconciliation(&user.0, date).await?;
    let mut csv = csv::Writer::from_writer(Vec::new());
    let write_failed = |e: csv::Error| ApiError::internal(e.to_string());
    csv.write_record([
        "date",
        "provider",
        "currency",
        "order_number",
        "order_id",
        "attempt_id",
        "state",
        "amount",
    ])
    .map_err(write_failed)?;
    for provider in providers.iter().map(ProviderDayDto::from) {
        for attempt in &provider.attempts {
            csv.write_record([
                date.to_string(),
                provider.provider.to_owned(),
                provider.currency.to_owned(),
                attempt.order_number.clone(),
                attempt.order_id.clone(),
                attempt.attempt_id.clone(),
                attempt.state.to_owned(),
                format!("{:.2}", attempt.amount),
            ])
            .map_err(write_failed)?;
        }
    }
    let body = csv
        .into_inner()
        .map_err(|e| ApiError::internal(e.to_string()))?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"payments-{date}.csv\""),
        ))
        .body(body))
}

/// Every payment attempt (`money.read`), newest first, one page at a time with the total in
/// `X-Total-Count`: each charge the shop started and where it stands.
#[utoipa::path(
    tag = "payments",
    security(("bearer" = ["money.read"])),
    params(PaymentAttemptsQuery),
    responses(
        (status = 200, body = [PaymentAttemptDto], headers(("X-Total-Count" = u64, description = "How many attempts match"))),
        BadRequest, Unauthenticated, Forbidden
    )
)]
#[get("/admin/payments")]
async fn payment_attempts(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<PaymentAttemptsQuery>,
) -> Result<HttpResponse, ApiError> {
    let query = AttemptQuery::parse(&AttemptListParams {
        state: query.state.as_deref(),
        method: query.method.as_deref(),
        q: query.q.as_deref(),
        order_id: query.order_id.as_deref(),
        page: query.page.as_deref(),
        limit: query.limit.as_deref(),
    })?;
    let (attempts, total) = state.shop.payments.attempts(&user.0, &query).await?;
    let listed: Vec<PaymentAttemptDto> = attempts.iter().map(Into::into).collect();
    Ok(list_reply(&listed, total))
}

/// Every payment method, each available or not as this shop has set up its provider (public).
/// Cash on delivery is available while a served delivery zone takes cash.
#[utoipa::path(tag = "payments", responses((status = 200, body = Vec<PaymentMethodDto>)))]
#[get("/payments/methods")]
async fn payment_methods(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let methods: Vec<PaymentMethodDto> = state
        .shop
        .payments
        .methods()
        .await?
        .into_iter()
        .map(Into::into)
        .collect();
    Ok(HttpResponse::Ok().json(methods))
}

/// The card page's return address. Only `order` is read: whatever else the address says
/// (a `state=APPROVED`, say) is the browser's word, not the provider's.
#[derive(Deserialize, utoipa::IntoParams)]
struct CardReturnQuery {
    /// The order paid on the card page.
    order: Option<String>,
}

/// Where the card page sends the payer back, paid or not (public: the browser comes from the
/// provider). The shop asks the provider and records only its answer, then sends the
/// browser on (303): to `/order-success?order={id}` when paid, to
/// `/orders/{id}?payment=failed&reason=…` when no money was taken, to
/// `/orders/{id}?payment=pending` while the provider has not said; a phone order's payer
/// (from its payment link) to `/pay/return?payment=paid|failed|pending[&reason=…]`.
#[utoipa::path(
    tag = "payments",
    params(CardReturnQuery),
    responses(
        (status = 303, description = "Sent on to the success page or the order's page"),
        NotFound
    )
)]
#[get("/payments/card/return")]
async fn card_return(
    state: web::Data<AppState>,
    query: web::Query<CardReturnQuery>,
) -> Result<HttpResponse, ApiError> {
    let order = query.order.as_deref().and_then(OrderId::parse);
    let Some(order) = order else {
        return Err(CardPaymentError::NotFound.into());
    };
    let returned = state.shop.payments.card_returned(&order).await?;
    let location = match returned.channel {
        ChannelKind::Web => checkout_page(returned.result),
        ChannelKind::Phone => link_page(returned.result),
    };
    Ok(HttpResponse::SeeOther()
        .insert_header((header::LOCATION, location))
        .finish())
}

/// Where a checkout's shopper goes back to: the success page, or their order's page.
fn checkout_page(result: CardReturn) -> String {
    match result {
        CardReturn::Paid(id) => format!("/order-success?order={}", encoded(id.as_str())),
        CardReturn::Failed { order, reason } => format!(
            "/orders/{}?payment=failed&reason={}",
            encoded(order.as_str()),
            encoded(&say(&reason))
        ),
        CardReturn::Pending(id) => format!("/orders/{}?payment=pending", encoded(id.as_str())),
    }
}

/// Where a payment link's payer (maybe without an account) goes back to: a page saying how
/// the payment went, which sends them back to their link to try again.
fn link_page(result: CardReturn) -> String {
    match result {
        CardReturn::Paid(_) => "/pay/return?payment=paid".to_owned(),
        CardReturn::Failed { reason, .. } => {
            format!(
                "/pay/return?payment=failed&reason={}",
                encoded(&say(&reason))
            )
        }
        CardReturn::Pending(_) => "/pay/return?payment=pending".to_owned(),
    }
}

fn encoded(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect()
}
