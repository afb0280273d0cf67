//! The OpenAPI document of the API. Each handler carries its `#[utoipa::path]`; the document
//! is collected from the handlers as they are registered (utoipa-actix-web), so a served
//! call cannot be left out, and is answered at `GET /api/openapi.json`.
//!
//! The error replies below are shared by the handlers' `responses(...)`: every error is an
//! [`ErrorBody`] and each status means one thing across the API.

mod links;
mod nulls;

use crate::dto::{ImportRefusalDto, ImportReportDto, LineErrorDto};
use crate::error::ErrorBody;
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{IntoResponses, Modify, OpenApi};

/// The parts of the document that no handler states: title, security scheme, error schema.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Dukaan Fashion API",
        description = "The shop's JSON API (docs/api.md). Amounts are dollars, ids opaque \
                       strings, times RFC 3339. Errors are `{\"message\"}` JSON, with \
                       `errors: {field: message}` for bad fields."
    ),
    components(schemas(ErrorBody, ImportRefusalDto, ImportReportDto, LineErrorDto)),
    modifiers(&BearerToken)
)]
pub struct ApiDoc;

/// Signed-in calls send `Authorization: Bearer <token>` (from sign-in or registration); the
/// handlers name this scheme `"bearer"` in their `security(...)`.
struct BearerToken;

impl Modify for BearerToken {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let mut scheme = Http::new(HttpAuthScheme::Bearer);
        scheme.bearer_format = Some("JWT".into());
        openapi
            .components
            .get_or_insert_with(Default::default)
            .add_security_scheme("bearer", SecurityScheme::Http(scheme));
    }
}

/// The document as JSON text, made once per server worker.
pub struct Document(pub String);

impl Document {
    /// The finished document: what the handlers declare, with the links between calls, the
    /// database's 503 and the reply fields always sent (if null) added.
    pub fn of(api: &utoipa::openapi::OpenApi) -> Document {
        let mut doc = serde_json::to_value(api).expect("the API document is plain JSON");
        links::finish(&mut doc);
        nulls::require_reply_nulls(&mut doc);
        Document(doc.to_string())
    }

    /// The document indented, as it is checked in beside the frontend (`frontend/openapi.json`).
    pub fn pretty(&self) -> String {
        let doc: serde_json::Value =
            serde_json::from_str(&self.0).expect("the document is the JSON made above");
        serde_json::to_string_pretty(&doc).expect("the API document is plain JSON")
    }
}

/// 400: bad input; `errors` names the bad fields when there are any.
#[derive(IntoResponses)]
#[response(status = 400)]
pub struct BadRequest(pub ErrorBody);

/// 400 of an import: the report of its bad rows (nothing was written), or a bad request.
#[derive(IntoResponses)]
#[response(status = 400)]
pub struct ImportRefused(pub ImportRefusalDto);

/// 401: no valid session (no token, or an expired, forged or unknown one).
#[derive(IntoResponses)]
#[response(status = 401)]
pub struct Unauthenticated(pub ErrorBody);

/// 402: the payer or their balance declined the payment.
#[derive(IntoResponses)]
#[response(status = 402)]
pub struct PaymentDeclined(pub ErrorBody);

/// 403: signed in, but not allowed (not an admin, not one's own account or order, or an
/// account on a temporary password: only its profile and the password change are open).
#[derive(IntoResponses)]
#[response(status = 403)]
pub struct Forbidden(pub ErrorBody);

/// 404: no such thing.
#[derive(IntoResponses)]
#[response(status = 404)]
pub struct NotFound(pub ErrorBody);

/// 409: a conflict (e-mail taken, not enough stock, a change that lost a race, the last admin).
#[derive(IntoResponses)]
#[response(status = 409)]
pub struct Conflict(pub ErrorBody);

/// 410: gone for good (a payment link whose order is paid, canceled or past its time).
#[derive(IntoResponses)]
#[response(status = 410)]
pub struct Gone(pub ErrorBody);

/// 423: locked until the shop acts (a delivery code after five wrong tries).
#[derive(IntoResponses)]
#[response(status = 423)]
pub struct Locked(pub ErrorBody);

/// 413: the body or a picture is too large.
#[derive(IntoResponses)]
#[response(status = 413)]
pub struct TooLarge(pub ErrorBody);

/// 429: too many attempts; try again after `Retry-After` seconds.
#[derive(IntoResponses)]
#[response(
    status = 429,
    headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))
)]
pub struct TooManyAttempts(pub ErrorBody);

/// 502: the payment provider failed, or refused the shop's own merchant account (then a
/// checkout's order is canceled and the cart kept, as for a decline).
#[derive(IntoResponses)]
#[response(status = 502)]
pub struct PaymentProviderFailed(pub ErrorBody);
