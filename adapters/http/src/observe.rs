//! What every request leaves behind: an id, in every log line written while it is served
//! and in the `X-Request-Id` reply header; a log line of its own (method, path without the
//! query, status, duration); and, with metrics on, its count by route and status and its
//! duration by route.

use crate::client_address::TrustedProxies;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::web;
use std::hash::BuildHasher;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::LazyLock;
use std::time::{Duration, Instant};
use tracing::Instrument;

pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The longest request id taken from a trusted proxy.
const MAX_FORWARDED_ID_LEN: usize = 64;

/// The route label of requests no route matched (pages and files of the storefront, and
/// unknown paths), so that no path can grow the metrics.
const UNMATCHED: &str = "other";

/// Whether requests are counted: a metrics recorder is installed (`SHOP_METRICS_BIND`).
/// Without one, counting would still build every label for nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RequestMetrics(pub bool);

/// Ids are a random prefix drawn once per process and a counter: unique across processes and
/// restarts without a random draw per request.
struct RequestIds {
    prefix: u32,
    next: AtomicU64,
}

static IDS: LazyLock<RequestIds> = LazyLock::new(|| RequestIds {
    prefix: std::collections::hash_map::RandomState::new().hash_one(std::process::id()) as u32,
    next: AtomicU64::new(1),
});

fn new_id() -> String {
    let ids = &*IDS;
    let n = ids.next.fetch_add(1, Ordering::Relaxed);
    format!("{:08x}{n:08x}", ids.prefix)
}

/// The id a trusted proxy gave the request (nginx's `$request_id`, say), so one id follows it
/// through both logs; from anyone else the header is ignored, as it could be anything.
fn forwarded_id(req: &ServiceRequest) -> Option<String> {
    let trusted = req.app_data::<web::Data<TrustedProxies>>()?;
    if !trusted.trusts_peer(req.request()) {
        return None;
    }
    let id = req.headers().get(REQUEST_ID)?.to_str().ok()?;
    let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    (!id.is_empty() && id.len() <= MAX_FORWARDED_ID_LEN && id.chars().all(plain))
        .then(|| id.to_owned())
}

pub async fn observe(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let id = forwarded_id(&req).unwrap_or_else(new_id);
    let span = tracing::info_span!("request", id = %id);
    let method = req.method().clone();
    let path = req.path().to_owned();
    let counted = req
        .app_data::<web::Data<RequestMetrics>>()
        .is_some_and(|metrics| metrics.0);
    let mut response = next.call(req).instrument(span.clone()).await?;
    let elapsed = started.elapsed();
    let status = response.status();
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(REQUEST_ID, value);
    }
    span.in_scope(|| {
        tracing::info!(
            %method,
            %path,
            status = status.as_u16(),
            ms = elapsed.as_secs_f64() * 1000.0,
            "request"
        );
    });
    if counted {
        let route = response
            .request()
            .match_pattern()
            .unwrap_or_else(|| UNMATCHED.to_owned());
        count(&method, route, status, elapsed);
    }
    Ok(response)
}

fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

fn count(method: &Method, route: String, status: StatusCode, elapsed: Duration) {
    let method = method_label(method);
    metrics::histogram!("http_request_duration_seconds", "method" => method, "route" => route.clone())
        .record(elapsed.as_secs_f64());
    metrics::counter!("http_requests_total", "method" => method, "route" => route,
        "status" => status.as_str().to_owned())
    .increment(1);
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::middleware::from_fn;
    use actix_web::test::{call_service, init_service, TestRequest};
    use actix_web::{App, HttpResponse};

    /// The id the app gives a request from `peer` that carries `forwarded` as its id.
    async fn id_of(trusted: &str, peer: &str, forwarded: Option<&str>) -> String {
        let app = init_service(
            App::new()
                .app_data(web::Data::new(TrustedProxies::parse(trusted).unwrap()))
                .wrap(from_fn(observe))
                .route("/", web::get().to(HttpResponse::Ok)),
        )
        .await;
        let mut request = TestRequest::get()
            .uri("/")
            .peer_addr(format!("{peer}:4000").parse().unwrap());
        if let Some(id) = forwarded {
            request = request.insert_header((REQUEST_ID, id));
        }
        let response = call_service(&app, request.to_request()).await;
        response
            .headers()
            .get(REQUEST_ID)
            .unwrap()
            .to_str()
            .unwrap()
            .to_owned()
    }

    #[actix_web::test]
    async fn every_reply_has_an_id_of_its_own() {
        let first = id_of("", "203.0.113.9", None).await;
        let second = id_of("", "203.0.113.9", None).await;
        assert_eq!(first.len(), 16);
        assert!(first.chars().all(|c| c.is_ascii_hexdigit()), "{first}");
        assert_ne!(first, second);
        // One process, one prefix: the ids differ by their counter.
        assert_eq!(first[..8], second[..8]);
    }

    #[actix_web::test]
    async fn only_a_trusted_proxy_names_the_request() {
        let forged = Some("abc-123");
        assert_ne!(id_of("", "203.0.113.9", forged).await, "abc-123");
        assert_ne!(id_of("10.0.0.0/8", "203.0.113.9", forged).await, "abc-123");
        assert_eq!(id_of("10.0.0.0/8", "10.0.0.2", forged).await, "abc-123");
        // Even a trusted proxy's id is taken only when it is short and plain.
        let long = "a".repeat(MAX_FORWARDED_ID_LEN + 1);
        for odd in ["", "has space", "a/b", long.as_str(), "é"] {
            let given = id_of("10.0.0.0/8", "10.0.0.2", Some(odd)).await;
            assert_eq!(given.len(), 16, "{odd:?} gave {given:?}");
        }
    }
}
