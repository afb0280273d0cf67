//! Ready-serialized catalogue replies. Reads dominate a shop: a product
//! list or page asked for again is answered from memory while the catalogue version is the
//! one it was made at. Every change of a product or its stock bumps the version, so replies
//! are kept under the version and the address; those of older versions are no longer asked
//! for and make room as the cache evicts. Requests for a reply being made wait for it
//! instead of each making their own (a burst after a change costs one query, not one each).
//!
//! A route is answered from memory when it is declared with `from_memory::<Q>`, `Q` the query
//! it reads ([`CatalogQuery`]): its reply is kept under the path and the query as the route
//! parsed it, defaults filled in, never under the raw query string: `?page=1&limit=20&junk=1`
//! and `?limit=20&page=1` are one reply. (Keyed by the raw string, 32 clients adding random
//! parameters each made their own query and their own entry.) The route is handed that same
//! parsed query ([`CatalogParams`]) and nothing else of it, so a parameter it reads is always
//! part of the key.
//!
//! A reply keeps its compressed forms with it (`compression`), each made by the first request
//! that takes its encoding: a repeat costs a copy, not a compression (issue 38: the whole
//! catalogue's list at 10,000 products, 11 MB, compressed with Brotli for every request, was
//! served 12-13 times a second with both cores busy).
//!
//! The whole lists, asked for without a page by clients that never page, are kept apart from the
//! rest: one is 11 MB at 10,000 products, more than a shard of the pages' cache holds (so it was
//! made again for every request), and a few of them must not push out the many pages and
//! products shoppers ask for. Each one asked for counts against the client's address
//! (`Shop::take_unpaged_list`): its bytes cost the same to send however they were made.

use crate::catalog_replies::{Address, CachedReply, Kept, KEPT_HEADERS};
use crate::client_address::client_address;
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::body::{self, BoxBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::web;
use actix_web::{FromRequest, HttpRequest, ResponseError as _};
use futures_util::future::{ready, Ready};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::fmt;
use std::sync::Arc;

/// A catalogue route's query string as the route reads it. The route gets `Parsed` and
/// nothing else of its query ([`CatalogParams`]), and its replies are kept under `Parsed`'s
/// `Debug` form: a field added here is part of the key as soon as the route can read it.
pub(crate) trait CatalogQuery: DeserializeOwned + 'static {
    /// The parameters parsed, defaults filled in.
    type Parsed: fmt::Debug;

    /// The route's refusal when a parameter is wrong.
    fn parse(self) -> Result<Self::Parsed, ApiError>;

    /// Whether the request asks for a whole list (no page): few, large, and counted against
    /// the client's address.
    fn is_whole_list(_parsed: &Self::Parsed) -> bool {
        false
    }
}

/// The query of a route that reads none, such as a product's page.
#[derive(Deserialize)]
pub(crate) struct NoParameters {}

impl CatalogQuery for NoParameters {
    type Parsed = ();

    fn parse(self) -> Result<(), ApiError> {
        Ok(())
    }
}

/// A catalogue route's parameters, parsed by its query type as the cache keys them.
pub(crate) struct CatalogParams<Q: CatalogQuery>(pub Q::Parsed);

impl<Q: CatalogQuery> FromRequest for CatalogParams<Q> {
    type Error = actix_web::Error;
    type Future = Ready<Result<Self, actix_web::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        // Through `web::Query`, so that a query that is no `Q` is refused as any other.
        let parsed = web::Query::<Q>::from_request(req, payload)
            .into_inner()
            .and_then(|query| Ok(query.into_inner().parse()?));
        ready(parsed.map(CatalogParams))
    }
}

/// The reply's address as its route understands it at catalogue `version`. `None` when the
/// route refuses the query: that reply is not worth a place in the cache.
fn address<Q: CatalogQuery>(version: u64, path: &str, query: &str) -> Option<Address> {
    let parsed = web::Query::<Q>::from_query(query)
        .ok()?
        .into_inner()
        .parse()
        .ok()?;
    Some(Address {
        key: format!("{version} {path} {parsed:?}"),
        whole_list: Q::is_whole_list(&parsed),
    })
}

/// The key and whether it is a whole list, for the tests of the routes' queries.
#[cfg(test)]
pub(crate) fn key_of<Q: CatalogQuery>(path: &str, query: &str) -> Option<(String, bool)> {
    address::<Q>(1, path, query).map(|address| (address.key, address.whole_list))
}

/// A product's reviews (`routes::reviews`): the list, its summary, or the shopper's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ReviewPath {
    List,
    Summary,
    Mine,
}

/// Which reviews path `path` is, if it is one (`/api/products/{id}/reviews…`).
fn review_path(path: &str) -> Option<ReviewPath> {
    let mut segments = path.strip_prefix("/api/products/")?.split('/');
    // `/tag/reviews` is the catalogue's tag "reviews".
    let under = segments.next()?;
    if matches!(under, "tag" | "category") || segments.next() != Some("reviews") {
        return None;
    }
    match (segments.next(), segments.next()) {
        (None, _) => Some(ReviewPath::List),
        (Some("summary"), None) => Some(ReviewPath::Summary),
        // `mine`, and a review's own path (only ever deleted).
        _ => Some(ReviewPath::Mine),
    }
}

/// Public catalogue reads only: the same for every shopper, so shared caches may keep them.
pub(crate) fn is_catalog_read(req: &ServiceRequest) -> bool {
    req.method() == Method::GET && is_catalog_path(req.path())
}

/// The catalogue's paths, a product's visible reviews and their summary included (a review
/// written, hidden or deleted moves the catalogue's version), but not `…/reviews/mine`: that
/// is the signed-in shopper's own.
fn is_catalog_path(path: &str) -> bool {
    path.starts_with("/api/products") && review_path(path) != Some(ReviewPath::Mine)
}

/// Answers a public catalogue read from memory: put on a route with the query `Q` it reads
/// (`wrap = "from_fn(from_memory::<Q>)"`), so one reply serves every shopper asking the same.
pub(crate) async fn from_memory<Q: CatalogQuery>(
    req: ServiceRequest,
    next: Next<BoxBody>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let state = req
        .app_data::<web::Data<AppState>>()
        .expect("the app has its state")
        .clone();
    let Ok(version) = state.shop.catalog.catalog_version().await else {
        return next.call(req).await;
    };
    let Some(address) = address::<Q>(version, req.path(), req.query_string()) else {
        return next.call(req).await;
    };
    if address.whole_list {
        if let Err(refused) = state
            .shop
            .catalog
            .take_unpaged_list(&client_address(req.request()))
        {
            return Ok(req.into_response(ApiError::from(refused).error_response()));
        }
    }
    let replies = &state.catalog_replies;
    let kept_in = replies.kept_with(&address);
    let key = address.key;
    let (req, reply) = match kept_in.get_value_or_guard_async(&key).await {
        Ok(kept) => (req.into_parts().0, kept.reply),
        Err(making) => {
            let response = next.call(req).await?;
            if response.status() != StatusCode::OK {
                // Not kept: the next request waiting for this reply makes its own.
                return Ok(response.map_into_boxed_body());
            }
            let (req, response) = response.into_parts();
            let headers = KEPT_HEADERS
                .iter()
                .filter_map(|name| {
                    let value = response.headers().get(name)?;
                    Some((name.clone(), value.clone()))
                })
                .collect();
            let body = body::to_bytes(response.into_body())
                .await
                .map_err(actix_web::error::ErrorInternalServerError)?;
            let reply = Arc::new(CachedReply::new(headers, body));
            // Err only when the reply no longer fits the cache; it is still sent.
            let _ = making.insert(Kept::new(&key, reply.clone()));
            (req, reply)
        }
    };
    let response = replies
        .answer(&req, kept_in, &key, reply)
        .await
        .unwrap_or_else(|failed| failed.error_response());
    Ok(ServiceResponse::new(req, response))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shoppers_own_review_is_never_the_catalogues() {
        for path in [
            "/api/products",
            "/api/products/p1",
            "/api/products/category/women",
            "/api/products/tag/reviews",
            "/api/products/p1/reviews",
            "/api/products/p1/reviews/summary",
        ] {
            assert!(is_catalog_path(path), "{path}");
        }
        for path in [
            "/api/products/p1/reviews/mine",
            "/api/products/p1/reviews/r1",
            "/api/orders",
        ] {
            assert!(!is_catalog_path(path), "{path}");
        }
    }

    #[test]
    fn a_route_reading_no_parameters_has_one_reply_whatever_is_asked() {
        let key = |query: &str| key_of::<NoParameters>("/api/products/p1", query);
        assert_eq!(key(""), Some(("1 /api/products/p1 ()".to_owned(), false)));
        assert_eq!(key("page=3&limit=5"), key(""));
    }
}
