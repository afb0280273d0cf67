//! Every call of the API, under `/api` (docs/api.md gives their shapes).

mod accounts;
mod back_office;
mod cart;
mod discounts;
mod notifications;
mod orders;
mod products;
mod returns;
mod reviews;
mod shop;

use crate::dto::PageQuery;
use crate::error::ApiError;
use actix_web::{web, HttpResponse};
use application::AppError;
use domain::ports::Page;
use serde::Serialize;
use utoipa_actix_web::service_config::ServiceConfig;

/// The calls under `/api`; anything else there is a JSON 404.
pub fn configure(cfg: &mut ServiceConfig) {
    // First: `/orders/all` before `/orders/{id}`.
    cfg.configure(back_office::configure)
        .configure(accounts::configure)
        .configure(products::configure)
        .configure(cart::configure)
        .configure(discounts::configure)
        .configure(returns::configure)
        .configure(reviews::configure)
        .configure(notifications::configure)
        .configure(orders::configure)
        .configure(shop::configure)
        .default_service(web::to(|| async {
            Err::<HttpResponse, _>(ApiError(AppError::NotFound("Not found".into())))
        }));
}

pub(crate) use domain::listing::{DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE};

/// `?page=&limit=` of a list that is always paged: page 1 of 20 when neither is given.
fn one_page(number: Option<u32>, limit: Option<u32>) -> Result<Page, ApiError> {
    Ok(page(&PageQuery {
        page: number,
        limit,
    })?
    .unwrap_or(Page {
        number: 1,
        size: DEFAULT_PAGE_SIZE,
    }))
}

/// `?page=&limit=`: both optional; without either the whole list, for clients that never page.
fn page(query: &PageQuery) -> Result<Option<Page>, ApiError> {
    if query.page.is_none() && query.limit.is_none() {
        return Ok(None);
    }
    let number = query.page.unwrap_or(1);
    let size = query.limit.unwrap_or(DEFAULT_PAGE_SIZE);
    if number == 0 || size == 0 || size > MAX_PAGE_SIZE {
        return Err(ApiError::bad_request(format!(
            "page starts at 1 and limit is between 1 and {MAX_PAGE_SIZE}"
        )));
    }
    Ok(Some(Page { number, size }))
}

/// A list reply with the total count in `X-Total-Count`.
fn list_reply<T: Serialize>(items: &T, total: u64) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(("X-Total-Count", total.to_string()))
        .json(items)
}
