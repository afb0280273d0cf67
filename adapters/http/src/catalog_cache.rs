//! Ready-serialized catalogue replies (DESIGN.md section 6). Reads dominate a shop: a product
//! list or page asked for again is answered from memory while the catalogue version is the
//! one it was made at. Every change of a product or its stock bumps the version, so replies
//! are kept under the version and the address; those of older versions are no longer asked
//! for and make room as the cache evicts. Requests for a reply being made wait for it
//! instead of each making their own (a burst after a change costs one query, not one each).

use crate::state::AppState;
use actix_web::body::{self, BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::web::{self, Bytes};
use actix_web::HttpResponse;
use quick_cache::sync::Cache;
use quick_cache::Weighter;
use std::sync::Arc;

const CAPACITY_BYTES: u64 = 32 * 1024 * 1024;
const EXPECTED_REPLIES: usize = 4096;
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
        (key.len() + reply.body.len()) as u64
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

/// Public catalogue reads only: the same for every shopper, so one reply serves all.
fn is_catalog_read(req: &ServiceRequest) -> bool {
    req.method() == Method::GET && req.path().starts_with("/api/products")
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
    let key = format!("{version} {}", req.uri());
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
