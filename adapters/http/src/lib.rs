//! The actix-web adapter: routes, DTOs, the auth extractor, error mapping, security headers
//! and static files. Handlers parse, call one use case and map the result.

pub mod auth;
mod catalog_cache;
mod catalog_replies;
pub mod client_address;
mod compression;
pub mod dto;
pub mod error;
mod i18n;
pub mod observe;
pub mod openapi;
mod pages;
mod precompressed;
mod request_time;
mod routes;
pub mod state;

pub use request_time::REQUEST_HEAD_TIMEOUT;
pub use routes::payment_notices::WAAFIPAY_WEBHOOK_PATH;
pub use routes::payments::CARD_RETURN_PATH;
pub use state::{AppState, HttpOptions, PublicUrl, PublicUrlError, StaticFiles};

use actix_files::Files;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::Method;
use actix_web::middleware::{from_fn, Compress, DefaultHeaders, Next};
use actix_web::{web, App, HttpResponse};
use domain::message::texts::{
    INVALID_JSON, INVALID_PATH, INVALID_QUERY, JSON_REQUIRED, JSON_UNREADABLE,
};
use utoipa::OpenApi as _;
use utoipa_actix_web::AppExt as _;

/// No inline scripts; inline styles are allowed for the chart library.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; \
     form-action 'self'; frame-ancestors 'none'";

/// Two years, subdomains included: browsers then never try plain HTTP for the shop again.
const STRICT_TRANSPORT_SECURITY: &str = "max-age=63072000; includeSubDomains";

const PLACEHOLDER_SVG: &str = include_str!("placeholder.svg");
const JSON_LIMIT_BYTES: usize = 64 * 1024;

/// The API's routes on `app`, and the OpenAPI document collected from their handlers.
fn with_api<T>(app: App<T>) -> (App<T>, utoipa::openapi::OpenApi)
where
    T: ServiceFactory<ServiceRequest, Config = (), Error = actix_web::Error, InitError = ()>,
{
    app.into_utoipa_app()
        .openapi(openapi::ApiDoc::openapi())
        .service(utoipa_actix_web::scope("/api").configure(routes::configure))
        .split_for_parts()
}

/// The document `GET /api/openapi.json` answers, made without serving anything (`shop
/// openapi`, from which the frontend's types are generated).
pub fn api_document() -> openapi::Document {
    openapi::Document::of(&with_api(App::new()).1)
}

/// The whole application, the same for the binary and the tests.
pub fn app(
    state: AppState,
    files: StaticFiles,
    options: HttpOptions,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let uploads = web::scope("/uploads")
        .wrap(
            DefaultHeaders::new()
                .add((header::CACHE_CONTROL, "public, max-age=31536000, immutable")),
        )
        .service(Files::new("", files.uploads_dir.clone()).default_handler(web::to(placeholder)));
    let (app, api) = with_api(App::new());
    let app = app
        .app_data(web::Data::new(openapi::Document::of(&api)))
        .app_data(web::Data::new(state))
        .app_data(web::Data::new(options.public_url.clone()))
        .app_data(web::Data::new(options.trusted_proxies.clone()))
        .app_data(web::Data::new(observe::RequestMetrics(options.metrics)))
        .app_data(request_time::BodyTimeout::of_request(
            options.request_timeout,
        ))
        .app_data(json_config())
        .app_data(web::PathConfig::default().error_handler(|e: PathError, _| {
            error::payload_error(INVALID_PATH.with("reason", e), false)
        }))
        .app_data(
            web::QueryConfig::default().error_handler(|e: QueryPayloadError, _| {
                error::payload_error(INVALID_QUERY.with("reason", e), false)
            }),
        )
        .app_data(web::PayloadConfig::new(JSON_LIMIT_BYTES))
        .wrap(from_fn(no_store_for_personal_replies))
        .wrap(from_fn(head_as_get))
        .wrap(from_fn(precompressed::serve))
        .wrap(from_fn(cache_hashed_assets))
        .wrap(Compress::default())
        .wrap(from_fn(request_time::limit_body_time))
        .wrap(from_fn(pages::without_trailing_slash))
        .wrap(from_fn(i18n::speak))
        .wrap(from_fn(observe::observe))
        .wrap(security_headers(options.hsts))
        .service(uploads)
        .configure(pages::sandbox_card::configure);
    match files
        .frontend_dir
        .filter(|dir| dir.join("index.html").is_file())
    {
        Some(dir) => {
            let page = std::fs::read_to_string(dir.join("index.html")).unwrap_or_default();
            app.app_data(web::Data::new(pages::IndexPage::parse(&page)))
                .app_data(precompressed::AssetsDir(dir.join("assets")))
                .configure(pages::configure)
                .service(Files::new("/", dir).default_handler(web::to(pages::index_page)))
        }
        None => app.default_service(web::to(|| async {
            HttpResponse::NotFound()
                .content_type("text/plain")
                .body("The frontend is not built.")
        })),
    }
}

fn json_config() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(JSON_LIMIT_BYTES)
        .error_handler(|e: JsonPayloadError, _| {
            let too_large = matches!(
                e,
                JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. }
            );
            let message = match &e {
                JsonPayloadError::ContentType => JSON_REQUIRED.into(),
                JsonPayloadError::Deserialize(inner) => INVALID_JSON.with("reason", inner),
                _ => JSON_UNREADABLE.into(),
            };
            error::payload_error(message, too_large)
        })
}

fn security_headers(hsts: bool) -> DefaultHeaders {
    let headers = DefaultHeaders::new()
        .add((header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY))
        .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .add((header::X_FRAME_OPTIONS, "DENY"))
        .add((header::REFERRER_POLICY, "strict-origin-when-cross-origin"));
    if hsts {
        headers.add((header::STRICT_TRANSPORT_SECURITY, STRICT_TRANSPORT_SECURITY))
    } else {
        headers
    }
}

/// Monitors and link checkers ask with HEAD: every GET route answers it, with the headers
/// of its GET reply and no body (actix leaves the body out of a reply to HEAD).
async fn head_as_get(
    mut req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if req.method() == Method::HEAD {
        req.head_mut().method = Method::GET;
    }
    next.call(req).await
}

/// Replies under `/api/` may be personal (a token, a cart, an order, an export): no browser
/// or proxy may keep them. The public catalogue and settings, the same for everyone, may be.
async fn no_store_for_personal_replies(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let personal = req.path().starts_with("/api/")
        && !catalog_cache::is_catalog_read(&req)
        && !(req.method() == Method::GET && req.path() == "/api/settings");
    let mut response = next.call(req).await?;
    if personal {
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    Ok(response)
}

/// Built files under `/assets/` carry a content hash in their names: cache them for a year.
async fn cache_hashed_assets(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let hashed = req.path().starts_with(precompressed::HASHED_ASSETS);
    let mut response = next.call(req).await?;
    if hashed && response.status().is_success() {
        response.headers_mut().insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        );
    }
    Ok(response)
}

async fn placeholder() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("image/svg+xml")
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(PLACEHOLDER_SVG)
}
