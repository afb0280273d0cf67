//! Ready-serialized catalogue replies. Reads dominate a shop: a product
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
use crate::routes::DEFAULT_PAGE_SIZE;
use crate::state::AppState;
use actix_web::body::{self, BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::web::{self, Bytes};
use actix_web::{HttpRequest, HttpResponse, ResponseError as _};
use application::AppError;
use domain::product::SearchSort;
use domain::review::ReviewSort;
use domain::variant::VariantFilter;
use quick_cache::sync::{Cache, DefaultLifecycle};
use quick_cache::{DefaultHashBuilder, OptionsBuilder, Weighter};
use std::collections::BTreeMap;
use std::fmt::Write as _;
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

/// Where a reply is kept: its route's path and the parameters it reads, and whether it is a
/// whole list.
#[derive(Debug, PartialEq, Eq)]
struct Address {
    key: String,
    whole_list: bool,
}

/// Whether the route answers its whole list when asked for no page; a product's reviews come a
/// page at a time, the first when none is asked for.
fn lists_whole_without_page(path: &str) -> bool {
    review_path(path).is_none() && parameters_read(path).contains(&"page")
}

/// The reply's address as its route understands it: the path and the parameters it reads,
/// parsed, defaults filled in, in one order (the free text `q` last, so no value can pass
/// for another). `None` when a parameter is repeated or does not parse: the route refuses
/// that request, and it is not worth a place in the cache.
fn normalised_address(path: &str, query: &str) -> Option<Address> {
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
    let mut key = path.to_owned();
    let mut whole_list = false;
    if read.contains(&"sort") {
        let _ = match review_path(path) {
            Some(_) => write!(key, " sort={:?}", ReviewSort::parse(text("sort"))?),
            None => write!(key, " sort={:?}", SearchSort::parse(text("sort"))?),
        };
    }
    if read.contains(&"page") {
        match (number("page")?, number("limit")?) {
            (None, None) => whole_list = lists_whole_without_page(path),
            (page, limit) => {
                let _ = write!(
                    key,
                    " page={} limit={}",
                    page.unwrap_or(1),
                    limit.unwrap_or(DEFAULT_PAGE_SIZE)
                );
            }
        }
    }
    if read.contains(&"size") {
        let sizes = VariantFilter::parse(
            given.get("size").map(String::as_str),
            given.get("colour").map(String::as_str),
        )
        .ok()?;
        if let Some(sizes) = sizes {
            let _ = write!(key, " sizes={sizes:?}");
        }
    }
    if read.contains(&"q") {
        let _ = write!(key, " q={}", text("q"));
    }
    Some(Address { key, whole_list })
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
    if address.whole_list {
        if let Err(refused) = state.shop.take_unpaged_list(&client_address(req.request())) {
            return Ok(req.into_response(ApiError(refused).error_response()));
        }
    }
    let replies = &state.catalog_replies;
    let kept_in = replies.kept_with(&address);
    let key = format!("{version} {}", address.key);
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
                .map_err(|e| actix_web::error::ErrorInternalServerError(e.into()))?;
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

    fn key(path: &str, query: &str) -> Option<String> {
        normalised_address(path, query).map(|address| address.key)
    }

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
                key("/api/products", query).as_deref(),
                Some("/api/products page=1 limit=20"),
                "{query}"
            );
        }
        assert_eq!(
            key("/api/products/featured", "junk=2").as_deref(),
            Some("/api/products/featured")
        );
        assert_eq!(
            key("/api/products/p1", "page=3&limit=5").as_deref(),
            Some("/api/products/p1")
        );
        assert_eq!(
            key("/api/products/search", "junk=1&q=red+dress&limit=5").as_deref(),
            Some("/api/products/search sort=Relevance page=1 limit=5 q=red dress")
        );
        assert_eq!(
            key("/api/products/search", "q=a&sort=relevance"),
            key("/api/products/search", "sort=&q=a&x=y"),
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
            key("/api/products/p1/reviews", "sort=highest&limit=5&x=1").as_deref(),
            Some("/api/products/p1/reviews sort=Highest page=1 limit=5")
        );
        assert_eq!(
            key("/api/products/p1/reviews/summary", "page=2").as_deref(),
            Some("/api/products/p1/reviews/summary")
        );
        assert_eq!(key("/api/products/p1/reviews", "sort=best"), None);
    }

    #[test]
    fn a_request_its_route_refuses_gets_no_address() {
        for (path, query) in [
            ("/api/products", "page=1&page=2"),
            ("/api/products", "page=abc"),
            ("/api/products/tag/new", "limit=-1"),
            ("/api/products/search", "sort=cheapest"),
        ] {
            assert_eq!(key(path, query), None, "{path}?{query}");
        }
    }

    #[test]
    fn a_list_asked_for_without_page_or_limit_is_a_whole_list() {
        let whole = |path: &str, query: &str| normalised_address(path, query).unwrap().whole_list;
        for path in [
            "/api/products",
            "/api/products/featured",
            "/api/products/categories",
            "/api/products/tag/new",
            "/api/products/category/women",
            "/api/products/search",
        ] {
            assert!(whole(path, ""), "{path}");
            assert!(whole(path, "q=dress&size=M&junk=1"), "{path}");
            assert!(!whole(path, "limit=1"), "{path}");
            assert!(!whole(path, "page=3"), "{path}");
        }
        // Always a page: reviews; not lists at all: a product, a summary.
        for path in [
            "/api/products/p1/reviews",
            "/api/products/p1/reviews/summary",
            "/api/products/p1",
        ] {
            assert!(!whole(path, ""), "{path}");
        }
    }

    #[test]
    fn a_whole_list_as_large_as_a_big_catalogues_is_kept() {
        let replies = CatalogReplies::default();
        let list = normalised_address("/api/products", "").unwrap();
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
        let page = normalised_address("/api/products", "page=1").unwrap();
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
