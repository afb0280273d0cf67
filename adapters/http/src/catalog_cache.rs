//! Ready-serialized catalogue replies (DESIGN.md section 6). Reads dominate a shop: a product
//! list or page asked for again is answered from memory while the catalogue version is the
//! one it was made at. Every change of a product or its stock bumps the version, so replies
//! are kept under the version and the address; those of older versions are no longer asked
//! for and make room as the cache evicts. Requests for a reply being made wait for it
//! instead of each making their own (a burst after a change costs one query, not one each).
//!
//! A reply is kept under the parameters its route reads, parsed and with their defaults
//! filled in, never under the raw query string: `?page=1&limit=20&junk=1` and
//! `?limit=20&page=1` are one reply. (Keyed by the raw string, 32 clients adding random
//! parameters each made their own query and their own entry.)

use crate::routes::DEFAULT_PAGE_SIZE;
use crate::state::AppState;
use actix_web::body::{self, BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::web::{self, Bytes};
use actix_web::HttpResponse;
use domain::product::SearchSort;
use domain::review::ReviewSort;
use domain::variant::VariantFilter;
use quick_cache::sync::Cache;
use quick_cache::Weighter;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;

const CAPACITY_BYTES: u64 = 32 * 1024 * 1024;
const EXPECTED_REPLIES: usize = 4096;
/// What an entry costs beyond its key and body (headers, bookkeeping): many tiny replies
/// count for what they take too.
const ENTRY_OVERHEAD_BYTES: u64 = 256;
/// The reply headers a cached reply keeps.
const KEPT_HEADERS: [HeaderName; 2] = [
    header::CONTENT_TYPE,
    HeaderName::from_static("x-total-count"),
];

struct CachedReply {
    headers: Vec<(HeaderName, HeaderValue)>,
    body: Bytes,
}

#[derive(Clone)]
struct ByBytes;

impl Weighter<String, Arc<CachedReply>> for ByBytes {
    fn weight(&self, key: &String, reply: &Arc<CachedReply>) -> u64 {
        (key.len() + reply.body.len()) as u64 + ENTRY_OVERHEAD_BYTES
    }
}

/// The replies of this process, shared by its workers.
pub struct CatalogReplies {
    cache: Cache<String, Arc<CachedReply>, ByBytes>,
}

impl Default for CatalogReplies {
    fn default() -> Self {
        Self {
            cache: Cache::with_weighter(EXPECTED_REPLIES, CAPACITY_BYTES, ByBytes),
        }
    }
}

impl CatalogReplies {
    /// How many replies are kept.
    pub fn len(&self) -> usize {
        self.cache.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cache.is_empty()
    }
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

/// The query parameters each catalogue route reads (see `routes::products` and
/// `routes::reviews`).
fn parameters_read(path: &str) -> &'static [&'static str] {
    const PAGED: &[&str] = &["page", "limit"];
    const SIZED: &[&str] = &["page", "limit", "size", "colour"];
    match review_path(path) {
        Some(ReviewPath::List) => return &["sort", "page", "limit"],
        Some(ReviewPath::Summary | ReviewPath::Mine) => return &[],
        None => {}
    }
    match path.strip_prefix("/api/products") {
        Some("/search") => &["q", "sort", "page", "limit", "size", "colour"],
        Some("") => SIZED,
        Some("/featured" | "/categories") => PAGED,
        Some(rest) if rest.starts_with("/category/") => SIZED,
        Some(rest) if rest.starts_with("/tag/") => PAGED,
        _ => &[],
    }
}

/// The reply's address as its route understands it: the path and the parameters it reads,
/// parsed, defaults filled in, in one order (the free text `q` last, so no value can pass
/// for another). `None` when a parameter is repeated or does not parse: the route refuses
/// that request, and it is not worth a place in the cache.
fn normalised_address(path: &str, query: &str) -> Option<String> {
    let read = parameters_read(path);
    let mut given: BTreeMap<&str, String> = BTreeMap::new();
    for (name, value) in url::form_urlencoded::parse(query.as_bytes()) {
        if let Some(known) = read.iter().find(|known| **known == name) {
            if given.insert(known, value.into_owned()).is_some() {
                return None;
            }
        }
    }
    let text = |name: &str| given.get(name).map_or("", String::as_str);
    let number = |name: &str| match given.get(name) {
        None => Some(None),
        Some(value) => value.parse::<u32>().ok().map(Some),
    };
    let mut address = path.to_owned();
    if read.contains(&"sort") {
        let _ = match review_path(path) {
            Some(_) => write!(address, " sort={:?}", ReviewSort::parse(text("sort"))?),
            None => write!(address, " sort={:?}", SearchSort::parse(text("sort"))?),
        };
    }
    if read.contains(&"page") {
        match (number("page")?, number("limit")?) {
            // Neither: the whole list.
            (None, None) => {}
            (page, limit) => {
                let _ = write!(
                    address,
                    " page={} limit={}",
                    page.unwrap_or(1),
                    limit.unwrap_or(DEFAULT_PAGE_SIZE)
                );
            }
        }
    }
    if read.contains(&"size") {
        if let Ok(Some(sizes)) = VariantFilter::parse(
            given.get("size").map(String::as_str),
            given.get("colour").map(String::as_str),
        ) {
            let _ = write!(address, " sizes={sizes:?}");
        }
    }
    if read.contains(&"q") {
        let _ = write!(address, " q={}", text("q"));
    }
    Some(address)
}

/// Public catalogue reads only: the same for every shopper, so one reply serves all.
pub(crate) fn is_catalog_read(req: &ServiceRequest) -> bool {
    req.method() == Method::GET && is_catalog_path(req.path())
}

/// The catalogue's paths, a product's visible reviews and their summary included (a review
/// written, hidden or deleted moves the catalogue's version), but not `…/reviews/mine`: that
/// is the signed-in shopper's own.
fn is_catalog_path(path: &str) -> bool {
    path.starts_with("/api/products") && review_path(path) != Some(ReviewPath::Mine)
}

pub async fn serve_catalog_from_memory(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    if !is_catalog_read(&req) {
        return Ok(next.call(req).await?.map_into_boxed_body());
    }
    let state = req
        .app_data::<web::Data<AppState>>()
        .expect("the app has its state")
        .clone();
    let Ok(version) = state.shop.catalog_version().await else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    let Some(address) = normalised_address(req.path(), req.query_string()) else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    let key = format!("{version} {address}");
    let making = match state
        .catalog_replies
        .cache
        .get_value_or_guard_async(&key)
        .await
    {
        Ok(reply) => {
            let mut response = HttpResponse::Ok();
            for (name, value) in &reply.headers {
                response.insert_header((name.clone(), value.clone()));
            }
            return Ok(req.into_response(response.body(reply.body.clone())));
        }
        Err(making) => making,
    };
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
    let (response, payload) = response.into_parts();
    let bytes = body::to_bytes(payload)
        .await
        .map_err(|e| actix_web::error::ErrorInternalServerError(e.into()))?;
    // Err only when the reply no longer fits the cache; it is still sent.
    let _ = making.insert(Arc::new(CachedReply {
        headers,
        body: bytes.clone(),
    }));
    Ok(ServiceResponse::new(
        req,
        response.set_body(bytes).map_into_boxed_body(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_is_known_by_the_parameters_its_route_reads_with_their_defaults() {
        let same = [
            "page=1&limit=20",
            "limit=20&page=1",
            "page=1&limit=20&junk=1",
            "page=1",
            "limit=20",
            "utm_source=x&limit=20&page=1",
        ];
        for query in same {
            assert_eq!(
                normalised_address("/api/products", query).as_deref(),
                Some("/api/products page=1 limit=20"),
                "{query}"
            );
        }
        assert_eq!(
            normalised_address("/api/products/featured", "junk=2").as_deref(),
            Some("/api/products/featured")
        );
        assert_eq!(
            normalised_address("/api/products/p1", "page=3&limit=5").as_deref(),
            Some("/api/products/p1")
        );
        assert_eq!(
            normalised_address("/api/products/search", "junk=1&q=red+dress&limit=5").as_deref(),
            Some("/api/products/search sort=Relevance page=1 limit=5 q=red dress")
        );
        assert_eq!(
            normalised_address("/api/products/search", "q=a&sort=relevance"),
            normalised_address("/api/products/search", "sort=&q=a&x=y"),
        );
    }

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
        assert_eq!(
            normalised_address("/api/products/p1/reviews", "sort=highest&limit=5&x=1").as_deref(),
            Some("/api/products/p1/reviews sort=Highest page=1 limit=5")
        );
        assert_eq!(
            normalised_address("/api/products/p1/reviews/summary", "page=2").as_deref(),
            Some("/api/products/p1/reviews/summary")
        );
        assert_eq!(
            normalised_address("/api/products/p1/reviews", "sort=best"),
            None
        );
    }

    #[test]
    fn a_request_its_route_refuses_gets_no_address() {
        for (path, query) in [
            ("/api/products", "page=1&page=2"),
            ("/api/products", "page=abc"),
            ("/api/products/tag/new", "limit=-1"),
            ("/api/products/search", "sort=cheapest"),
        ] {
            assert_eq!(normalised_address(path, query), None, "{path}?{query}");
        }
    }
}
