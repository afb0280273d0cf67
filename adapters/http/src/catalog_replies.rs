//! The store of ready-serialized catalogue replies (`catalog_cache` decides what is kept):
//! pages and products in one cache, whole lists in another, each reply with its compressed
//! forms.

use crate::compression::{self, ENCODINGS};
use crate::error::ApiError;
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};
use quick_cache::sync::{Cache, DefaultLifecycle};
use quick_cache::{DefaultHashBuilder, OptionsBuilder, Weighter};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tokio::sync::OnceCell;

/// Where a reply is kept: the catalogue's version, its route's path and the parameters the
/// route reads, and whether it is a whole list.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Address {
    pub(crate) key: String,
    pub(crate) whole_list: bool,
}

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
pub(crate) const KEPT_HEADERS: [HeaderName; 2] = [
    header::CONTENT_TYPE,
    HeaderName::from_static("x-total-count"),
];

pub(crate) struct CachedReply {
    headers: Vec<(HeaderName, HeaderValue)>,
    body: Bytes,
    /// The body in each of `compression::ENCODINGS`, made when a client first takes it.
    compressed: [OnceCell<Bytes>; ENCODINGS.len()],
}

impl CachedReply {
    pub(crate) fn new(headers: Vec<(HeaderName, HeaderValue)>, body: Bytes) -> Self {
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
pub(crate) struct Kept {
    pub(crate) reply: Arc<CachedReply>,
    weight: u64,
}

impl Kept {
    pub(crate) fn new(key: &str, reply: Arc<CachedReply>) -> Self {
        let weight = (key.len() + reply.size()) as u64 + ENTRY_OVERHEAD_BYTES;
        Self { reply, weight }
    }
}

#[derive(Clone)]
pub(crate) struct ByBytes;

impl Weighter<String, Kept> for ByBytes {
    fn weight(&self, _key: &String, kept: &Kept) -> u64 {
        kept.weight
    }
}

pub(crate) type Replies = Cache<String, Kept, ByBytes>;

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

    pub(crate) fn kept_with(&self, address: &Address) -> &Replies {
        if address.whole_list {
            &self.whole_lists
        } else {
            &self.pages
        }
    }

    /// The reply in the encoding the request takes most gladly; that form is made the first
    /// time (the requests taking it meanwhile wait for it) and kept with the reply.
    pub(crate) async fn answer(
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
        let form = compression::compress(body, encoding)
            .await
            .map_err(|e| ApiError::internal(format!("compressing a catalogue reply: {e}")))?;
        self.compressions.fetch_add(1, Ordering::Relaxed);
        Ok(form)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
