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

use crate::client_address::client_address;
use crate::compression::{self, ENCODINGS};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::body::{self, BoxBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::web::{self, Bytes};
use actix_web::{FromRequest, HttpRequest, HttpResponse, ResponseError as _};
use application::AppError;
use futures_util::future::{ready, Ready};
use quick_cache::sync::{Cache, DefaultLifecycle};
use quick_cache::{DefaultHashBuilder, OptionsBuilder, Weighter};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tokio::sync::OnceCell;

const PAGES_CAPACITY_BYTES: u64 = 32 * 1024 * 1024;
const EXPECTED_PAGES: usize = 4096;
/// Room for the two largest lists at 10,000 products (the catalogue and its categories, 11.2 MB
/// each, with a Brotli form of 1.9 MB and a gzip one of 2.2 MB) and a few smaller ones.
const WHOLE_LISTS_CAPACITY_BYTES: u64 = 48 * 1024 * 1024;
const EXPECTED_WHOLE_LISTS: usize = 64;
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
    /// The body in each of `compression::ENCODINGS`, made when a client first takes it.
    compressed: [OnceCell<Bytes>; ENCODINGS.len()],
}

impl CachedReply {
    fn new(headers: Vec<(HeaderName, HeaderValue)>, body: Bytes) -> Self {
        Self {
            headers,
            body,
            compressed: Default::default(),
        }
    }

    /// The bytes held: the body and the compressed forms made so far.
    fn size(&self) -> usize {
        let compressed: usize = self
            .compressed
            .iter()
            .filter_map(OnceCell::get)
            .map(Bytes::len)
            .sum();
        self.body.len() + compressed
    }
}

/// A reply as the cache holds it, weighed when put in: the cache takes an entry's weight off
/// again when it drops it, so the weight may not change while the entry is kept. A reply
/// given a compressed form is put in again, weighed anew.
#[derive(Clone)]
struct Kept {
    reply: Arc<CachedReply>,
    weight: u64,
}

impl Kept {
    fn new(key: &str, reply: Arc<CachedReply>) -> Self {
        let weight = (key.len() + reply.size()) as u64 + ENTRY_OVERHEAD_BYTES;
        Self { reply, weight }
    }
}

#[derive(Clone)]
struct ByBytes;

impl Weighter<String, Kept> for ByBytes {
    fn weight(&self, _key: &String, kept: &Kept) -> u64 {
        kept.weight
    }
}

type Replies = Cache<String, Kept, ByBytes>;

/// The replies of this process, shared by its workers.
pub struct CatalogReplies {
    /// Pages, products, reviews: many small replies.
    pages: Replies,
    /// The whole lists: few and large. One shard, so that one the size of the whole
    /// catalogue fits (a shard holds its share of the capacity only).
    whole_lists: Replies,
    compressions: AtomicU64,
}

impl Default for CatalogReplies {
    fn default() -> Self {
        let whole_lists = OptionsBuilder::new()
            .shards(1)
            .estimated_items_capacity(EXPECTED_WHOLE_LISTS)
            .weight_capacity(WHOLE_LISTS_CAPACITY_BYTES)
            .build()
            .expect("valid cache options");
        Self {
            pages: Cache::with_weighter(EXPECTED_PAGES, PAGES_CAPACITY_BYTES, ByBytes),
            whole_lists: Cache::with_options(
                whole_lists,
                ByBytes,
                DefaultHashBuilder::default(),
                DefaultLifecycle::default(),
            ),
            compressions: AtomicU64::new(0),
        }
    }
}

impl CatalogReplies {
    /// How many replies are kept.
    pub fn len(&self) -> usize {
        self.pages.len() + self.whole_lists.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many bodies were compressed: once per reply and encoding while the reply is kept.
    pub fn compressions(&self) -> u64 {
        self.compressions.load(Ordering::Relaxed)
    }

    fn kept_with(&self, address: &Address) -> &Replies {
        if address.whole_list {
            &self.whole_lists
        } else {
            &self.pages
        }
    }

    /// The reply in the encoding the request takes most gladly; that form is made the first
    /// time (the requests taking it meanwhile wait for it) and kept with the reply.
    async fn answer(
        &self,
        req: &HttpRequest,
        kept_in: &Replies,
        key: &str,
        reply: Arc<CachedReply>,
    ) -> Result<HttpResponse, ApiError> {
        let mut response = HttpResponse::Ok();
        for (name, value) in &reply.headers {
            response.insert_header((name.clone(), value.clone()));
        }
        // The same address answers in several encodings: shared caches keep them apart.
        response.insert_header((header::VARY, HeaderValue::from_static("accept-encoding")));
        let chosen = compression::preferred(req, ENCODINGS)
            .and_then(|encoding| ENCODINGS.iter().position(|offered| *offered == encoding));
        let Some(slot) = chosen else {
            return Ok(response.body(reply.body.clone()));
        };
        let encoding = ENCODINGS[slot];
        let form = match reply.compressed[slot].get() {
            Some(form) => form.clone(),
            None => {
                let form = reply.compressed[slot]
                    .get_or_try_init(|| self.compress(reply.body.clone(), encoding))
                    .await?
                    .clone();
                // Weighed again with its new form (Err: no longer kept, or no longer fits).
                let _ = kept_in.replace(key.to_owned(), Kept::new(key, reply.clone()), true);
                form
            }
        };
        response.insert_header(encoding);
        Ok(response.body(form))
    }

    async fn compress(
        &self,
        body: Bytes,
        encoding: header::ContentEncoding,
    ) -> Result<Bytes, ApiError> {
        let form = compression::compress(body, encoding).await.map_err(|e| {
            ApiError(AppError::Internal(format!(
                "compressing a catalogue reply: {e}"
            )))
        })?;
        self.compressions.fetch_add(1, Ordering::Relaxed);
        Ok(form)
    }
}

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

/// Where a reply is kept: the catalogue's version, its route's path and the parameters the
/// route reads, and whether it is a whole list.
#[derive(Debug, PartialEq, Eq)]
struct Address {
    key: String,
    whole_list: bool,
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
    let Ok(version) = state.shop.catalog_version().await else {
        return next.call(req).await;
    };
    let Some(address) = address::<Q>(version, req.path(), req.query_string()) else {
        return next.call(req).await;
    };
    if address.whole_list {
        if let Err(refused) = state.shop.take_unpaged_list(&client_address(req.request())) {
            return Ok(req.into_response(ApiError(refused).error_response()));
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

    fn whole_list() -> Address {
        Address {
            key: "1 /api/products None".into(),
            whole_list: true,
        }
    }

    fn page() -> Address {
        Address {
            key: "1 /api/products Some(Page { number: 1, size: 20 })".into(),
            whole_list: false,
        }
    }

    #[test]
    fn a_whole_list_as_large_as_a_big_catalogues_is_kept() {
        let replies = CatalogReplies::default();
        let list = whole_list();
        // The whole list at 10,000 products.
        let body = Bytes::from(vec![b' '; 11_223_059]);
        let reply = Arc::new(CachedReply::new(Vec::new(), body));
        // A shard of the pages' cache holds its share of the capacity only: not this.
        let kept = Kept::new(&list.key, reply);
        replies.pages.insert(list.key.clone(), kept.clone());
        assert_eq!(replies.len(), 0);
        replies.kept_with(&list).insert(list.key.clone(), kept);
        assert_eq!(replies.len(), 1);
    }

    #[actix_web::test]
    async fn a_compressed_form_weighs_with_its_reply_until_the_reply_is_dropped() {
        let replies = CatalogReplies::default();
        let page = page();
        let kept_in = replies.kept_with(&page);
        let body = Bytes::from(r#"{"name":"Red dress"},"#.repeat(1000));
        let reply = Arc::new(CachedReply::new(Vec::new(), body));
        kept_in.insert(page.key.clone(), Kept::new(&page.key, reply.clone()));
        let plain = kept_in.weight();
        let req = actix_web::test::TestRequest::default()
            .insert_header(("Accept-Encoding", "br"))
            .to_http_request();
        let response = replies
            .answer(&req, kept_in, &page.key, reply)
            .await
            .unwrap();
        assert_eq!(
            response.headers().get(header::CONTENT_ENCODING).unwrap(),
            "br"
        );
        assert!(kept_in.weight() > plain);
        assert_eq!(replies.compressions(), 1);
        kept_in.remove(&page.key);
        assert_eq!(kept_in.weight(), 0);
    }
}
