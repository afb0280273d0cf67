//! The one place where use-case errors become HTTP statuses and JSON bodies: this module
//! says what each of the domain's refusals means over HTTP, and its children map each use
//! case's error enum, variant by variant.

mod accounts;
mod catalog;
mod delivery;
mod orders;
mod phone_orders;
mod shop;

use crate::i18n::say;
use actix_web::http::{header, StatusCode};
use actix_web::{HttpResponse, ResponseError};
use application::TooManyAttempts;
use domain::cart::CartError;
use domain::listing::InvalidListParameter;
use domain::message::texts::{
    DISCOUNT_NO_LONGER_USABLE, IMAGE_TOO_LARGE, INTERNAL_ERROR, NOT_AN_IMAGE, ORDER_CHANGED,
    ORDER_NOT_FOUND, PRODUCT_NOT_FOUND, REQUEST_TIMEOUT, REQUEST_TOO_LARGE, SIZE_GONE,
    SIZE_STOCK_CHANGED, SKU_TAKEN, STOCK_CHANGED, TOO_MANY_PIXELS, UNAVAILABLE,
};
use domain::message::{Message, Text};
use domain::order::moves::MoveRefusal;
use domain::order::StatusChangeRefusal;
use domain::permissions::PermissionError;
use domain::ports::{
    out_of_stock, HashError, ImageError, OrderStoreError, ProductStoreError, RepoError,
};
use domain::refund::RefundRefusal;
use domain::validation::FieldErrors;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;
use utoipa::ToSchema;

/// Every error reply: a message for people and, for bad fields, a message per field.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    #[schema(example = "Email is invalid")]
    pub message: String,
    /// Per-field messages, keyed by the field's name in the request.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false, nullable = false)]
    pub errors: Option<BTreeMap<String, String>>,
}

impl ErrorBody {
    /// A message, in the language of the request being served.
    fn message(message: &Message) -> Self {
        Self {
            message: say(message).into_owned(),
            errors: None,
        }
    }
}

/// An error answered as `{"message": "…", "errors"?: {field: message}}` with its status.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    reply: Reply,
}

#[derive(Debug)]
enum Reply {
    Message(Message),
    /// 400 with a message per field; the first is the reply's message.
    Fields(FieldErrors),
    /// 429 with the seconds to wait in `Retry-After`.
    TryAgainIn(Message, u64),
    /// 500: logged with its cause, answered with an opaque message.
    Internal(String),
    /// 503: the database is out of reach for now; logged with its cause, answered with an
    /// opaque message and a time to try again.
    Unavailable(String),
}

impl ApiError {
    fn with(status: StatusCode, message: impl Into<Message>) -> Self {
        Self {
            status,
            reply: Reply::Message(message.into()),
        }
    }

    pub fn bad_request(message: impl Into<Message>) -> Self {
        Self::with(StatusCode::BAD_REQUEST, message)
    }

    pub fn unauthenticated(message: impl Into<Message>) -> Self {
        Self::with(StatusCode::UNAUTHORIZED, message)
    }

    pub fn payment_declined(message: impl Into<Message>) -> Self {
        Self::with(StatusCode::PAYMENT_REQUIRED, message)
    }

    pub fn forbidden(message: impl Into<Message>) -> Self {
        Self::with(StatusCode::FORBIDDEN, message)
    }

    /// 404 saying what was not found (a `…_NOT_FOUND` text).
    pub fn not_found(message: impl Into<Message>) -> Self {
        Self::with(StatusCode::NOT_FOUND, message)
    }

    /// 409: taken e-mail, not enough stock, a change that lost a race or a rule's refusal.
    pub fn conflict(message: impl Into<Message>) -> Self {
        Self::with(StatusCode::CONFLICT, message)
    }

    /// 410: gone for good (a payment link whose order can no longer be paid).
    pub fn gone(message: impl Into<Message>) -> Self {
        Self::with(StatusCode::GONE, message)
    }

    /// 423: locked until the shop acts (a delivery code after five wrong tries).
    pub fn locked(message: impl Into<Message>) -> Self {
        Self::with(StatusCode::LOCKED, message)
    }

    pub fn too_large(message: impl Into<Message>) -> Self {
        Self::with(StatusCode::PAYLOAD_TOO_LARGE, message)
    }

    /// 502: the payment provider failed.
    pub fn payment_provider(message: impl Into<Message>) -> Self {
        Self::with(StatusCode::BAD_GATEWAY, message)
    }

    /// 400 with a message per field.
    pub fn invalid(errors: FieldErrors) -> Self {
        Self {
            status: StatusCode::BAD_REQUEST,
            reply: Reply::Fields(errors),
        }
    }

    /// 400 on one field.
    pub fn invalid_field(field: &'static str, message: impl Into<Message>) -> Self {
        Self::invalid(FieldErrors::single(field, message))
    }

    /// 429, to be tried again in `retry_after_secs`.
    pub fn too_many(message: impl Into<Message>, retry_after_secs: u64) -> Self {
        Self {
            status: StatusCode::TOO_MANY_REQUESTS,
            reply: Reply::TryAgainIn(message.into(), retry_after_secs),
        }
    }

    /// 500; `cause` is logged, never answered.
    pub fn internal(cause: impl fmt::Display) -> Self {
        Self {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            reply: Reply::Internal(cause.to_string()),
        }
    }

    /// A storage failure where a missing row means `missing` (404).
    fn stored(error: RepoError, missing: Text) -> Self {
        match error {
            RepoError::NotFound => Self::not_found(missing),
            other => other.into(),
        }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.reply {
            Reply::Message(message) | Reply::TryAgainIn(message, _) => message.fmt(f),
            Reply::Fields(errors) => errors.fmt(f),
            Reply::Internal(cause) => write!(f, "internal error: {cause}"),
            Reply::Unavailable(cause) => write!(f, "unavailable: {cause}"),
        }
    }
}

/// When to try again after a 503: a database restart takes a few seconds.
const UNAVAILABLE_RETRY_AFTER_SECS: u64 = 5;

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        let mut response = HttpResponse::build(self.status);
        let body = match &self.reply {
            Reply::Internal(cause) => {
                tracing::error!(%cause, "request failed");
                ErrorBody::message(&INTERNAL_ERROR.into())
            }
            Reply::Unavailable(cause) => {
                tracing::warn!(%cause, "database unavailable");
                response.insert_header((
                    header::RETRY_AFTER,
                    UNAVAILABLE_RETRY_AFTER_SECS.to_string(),
                ));
                ErrorBody::message(&UNAVAILABLE.into())
            }
            Reply::Fields(errors) => ErrorBody {
                message: say(&errors.first()).into_owned(),
                errors: Some(
                    errors
                        .iter()
                        .map(|(field, message)| (field.to_owned(), say(message).into_owned()))
                        .collect(),
                ),
            },
            Reply::TryAgainIn(message, retry_after_secs) => {
                response.insert_header((header::RETRY_AFTER, retry_after_secs.to_string()));
                ErrorBody::message(message)
            }
            Reply::Message(message) => ErrorBody::message(message),
        };
        response.json(body)
    }
}

impl From<RepoError> for ApiError {
    fn from(error: RepoError) -> Self {
        match error {
            RepoError::Unavailable(cause) => Self {
                status: StatusCode::SERVICE_UNAVAILABLE,
                reply: Reply::Unavailable(cause),
            },
            other => Self::internal(other),
        }
    }
}

impl From<FieldErrors> for ApiError {
    fn from(errors: FieldErrors) -> Self {
        Self::invalid(errors)
    }
}

impl From<InvalidListParameter> for ApiError {
    fn from(error: InvalidListParameter) -> Self {
        Self::bad_request(error.0)
    }
}

impl From<HashError> for ApiError {
    fn from(error: HashError) -> Self {
        Self::internal(error)
    }
}

impl From<TooManyAttempts> for ApiError {
    fn from(refused: TooManyAttempts) -> Self {
        Self::too_many(refused.message, refused.retry_after_secs)
    }
}

impl From<PermissionError> for ApiError {
    fn from(error: PermissionError) -> Self {
        match error {
            PermissionError::LastAdmin => Self::conflict(error.message()),
            _ => Self::forbidden(error.message()),
        }
    }
}

impl From<CartError> for ApiError {
    fn from(error: CartError) -> Self {
        match error {
            CartError::OutOfStock | CartError::NotEnoughStock { .. } => {
                Self::conflict(error.message())
            }
            CartError::NoChange | CartError::BelowOne | CartError::SizeRequired => {
                Self::bad_request(error.message())
            }
            CartError::UnknownSize => Self::not_found(error.message()),
        }
    }
}

impl From<ImageError> for ApiError {
    fn from(error: ImageError) -> Self {
        match error {
            ImageError::NotAnImage => Self::invalid_field("image", NOT_AN_IMAGE),
            ImageError::TooLarge => Self::too_large(IMAGE_TOO_LARGE),
            ImageError::TooManyPixels => Self::too_large(TOO_MANY_PIXELS),
            ImageError::Storage(_) => Self::internal(error),
        }
    }
}

impl From<OrderStoreError> for ApiError {
    fn from(error: OrderStoreError) -> Self {
        match error {
            OrderStoreError::OutOfStock { name, available } => {
                Self::conflict(out_of_stock(&name, available))
            }
            OrderStoreError::DiscountUnavailable => Self::conflict(DISCOUNT_NO_LONGER_USABLE),
            OrderStoreError::Stale => Self::conflict(ORDER_CHANGED),
            OrderStoreError::Repo(repo) => Self::stored(repo, ORDER_NOT_FOUND),
        }
    }
}

impl From<ProductStoreError> for ApiError {
    fn from(error: ProductStoreError) -> Self {
        match error {
            ProductStoreError::StockChanged { now } => {
                Self::conflict(STOCK_CHANGED.with("now", now))
            }
            ProductStoreError::VariantStockChanged { size, now } => {
                Self::conflict(SIZE_STOCK_CHANGED.with("size", size).with("now", now))
            }
            ProductStoreError::VariantGone { size } => Self::conflict(SIZE_GONE.with("size", size)),
            ProductStoreError::SkuTaken { sku } => {
                Self::invalid_field("variants", SKU_TAKEN.with("sku", sku))
            }
            ProductStoreError::Repo(repo) => Self::stored(repo, PRODUCT_NOT_FOUND),
        }
    }
}

impl From<RefundRefusal> for ApiError {
    fn from(error: RefundRefusal) -> Self {
        Self::conflict(error.message())
    }
}

impl From<MoveRefusal> for ApiError {
    fn from(error: MoveRefusal) -> Self {
        Self::conflict(error.message())
    }
}

impl From<StatusChangeRefusal> for ApiError {
    fn from(error: StatusChangeRefusal) -> Self {
        Self::conflict(error.message())
    }
}

/// Answers extractor failures (bad JSON, wrong types, too large) in the same JSON shape.
pub fn payload_error(message: Message, too_large: bool) -> actix_web::Error {
    if too_large {
        ApiError::too_large(REQUEST_TOO_LARGE).into()
    } else {
        ApiError::bad_request(message).into()
    }
}

/// 408 for a request whose body did not arrive in time (a transport failure, not a use
/// case's); the connection is closed after it.
pub fn request_timeout() -> HttpResponse {
    HttpResponse::RequestTimeout()
        .force_close()
        .json(ErrorBody::message(&REQUEST_TIMEOUT.into()))
}
