//! Every call of the API, under `/api` (docs/api.md gives their shapes).

mod accounts;
mod audit;
mod back_office;
mod cart;
#[cfg(test)]
mod catalog_keys;
mod colour_pictures;
mod deliveries;
mod delivery;
mod discounts;
mod notifications;
mod orders;
mod payment_links;
pub(crate) mod payment_notices;
pub(crate) mod payments;
mod phone_orders;
mod product_sheet;
mod products;
mod restock;
mod returns;
mod reviews;
mod shop;

use crate::error::ApiError;
use actix_web::{web, HttpResponse};
use domain::listing;
use domain::message::texts::{DAY_INVALID, NOT_FOUND};
use domain::ports::Page;
use serde::Serialize;
use utoipa_actix_web::service_config::ServiceConfig;

/// The calls under `/api`; anything else there is a JSON 404.
pub fn configure(cfg: &mut ServiceConfig) {
    // The catalogue first: its reads are most of the traffic, and the router tries the
    // routes in this order (a product's page is answered from memory, after routing, within
    // a few microseconds). `/orders/all` before `/orders/{id}`.
    cfg.configure(products::configure)
        .configure(product_sheet::configure)
        .configure(colour_pictures::configure)
        .configure(back_office::configure)
        .configure(accounts::configure)
        .configure(cart::configure)
        .configure(discounts::configure)
        .configure(delivery::configure)
        .configure(deliveries::configure)
        .configure(returns::configure)
        .configure(reviews::configure)
        .configure(restock::configure)
        .configure(notifications::configure)
        .configure(phone_orders::configure)
        .configure(payment_links::configure)
        .configure(orders::configure)
        .configure(payments::configure)
        .configure(payment_notices::configure)
        .configure(audit::configure)
        .configure(shop::configure)
        .default_service(web::to(|| async {
            Err::<HttpResponse, _>(ApiError::not_found(NOT_FOUND))
        }));
}

/// `?page=&limit=` as sent: both optional; without either the whole list, for clients that
/// never page.
fn page(page: Option<&str>, limit: Option<&str>) -> Result<Option<Page>, ApiError> {
    listing::page(page, limit).map_err(ApiError::from)
}

/// `?page=&limit=` of a list that is always paged: page 1 of 20 when neither is given.
fn one_page(page: Option<&str>, limit: Option<&str>) -> Result<Page, ApiError> {
    listing::one_page(page, limit).map_err(ApiError::from)
}

/// A day in a path or query, written YYYY-MM-DD (East Africa Time).
fn day_param(raw: &str) -> Result<chrono::NaiveDate, ApiError> {
    chrono::NaiveDate::parse_from_str(raw, "%Y-%m-%d")
        .map_err(|_| ApiError::bad_request(DAY_INVALID))
}

/// A list reply with the total count in `X-Total-Count`.
fn list_reply<T: Serialize>(items: &T, total: u64) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(("X-Total-Count", total.to_string()))
        .json(items)
}

/// Runs a payment to its end in a task of its own: a payer who closes the page mid-payment
/// must not cut it off between the charge and recording its answer. Its log lines keep the
/// request's id.
async fn paid_apart<T, E>(
    payment: impl std::future::Future<Output = Result<T, E>> + Send + 'static,
) -> Result<T, ApiError>
where
    T: Send + 'static,
    E: Into<ApiError> + Send + 'static,
{
    use tracing::Instrument;
    actix_web::rt::spawn(payment.in_current_span())
        .await
        .map_err(|error| ApiError::internal(error.to_string()))?
        .map_err(Into::into)
}
