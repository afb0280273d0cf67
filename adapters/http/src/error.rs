//! The one place where use-case errors become HTTP statuses and JSON bodies.

use crate::i18n::say;
use actix_web::http::{header, StatusCode};
use actix_web::{HttpResponse, ResponseError};
use application::AppError;
use domain::message::texts::{INTERNAL_ERROR, REQUEST_TIMEOUT, REQUEST_TOO_LARGE, UNAVAILABLE};
use domain::message::Message;
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

/// An error answered as `{"message": "…", "errors"?: {field: message}}`.
#[derive(Debug)]
pub struct ApiError(pub AppError);

impl From<AppError> for ApiError {
    fn from(error: AppError) -> Self {
        ApiError(error)
    }
}

impl ApiError {
    pub fn bad_request(message: impl Into<Message>) -> Self {
        ApiError(AppError::BadRequest(message.into()))
    }

    pub fn unauthenticated(message: impl Into<Message>) -> Self {
        ApiError(AppError::Unauthenticated(message.into()))
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// When to try again after a 503: a database restart takes a few seconds.
const UNAVAILABLE_RETRY_AFTER_SECS: u64 = 5;

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match &self.0 {
            AppError::Invalid(_) | AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
            AppError::Unauthenticated(_) => StatusCode::UNAUTHORIZED,
            AppError::PaymentDeclined(_) => StatusCode::PAYMENT_REQUIRED,
            AppError::Forbidden(_) => StatusCode::FORBIDDEN,
            AppError::NotFound(_) => StatusCode::NOT_FOUND,
            AppError::Conflict(_) => StatusCode::CONFLICT,
            AppError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::TooManyAttempts { .. } => StatusCode::TOO_MANY_REQUESTS,
            AppError::PaymentProvider(_) => StatusCode::BAD_GATEWAY,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            AppError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let mut response = HttpResponse::build(self.status_code());
        let body = match &self.0 {
            AppError::Internal(cause) => {
                tracing::error!(%cause, "request failed");
                ErrorBody::message(&INTERNAL_ERROR.into())
            }
            AppError::Unavailable(cause) => {
                tracing::warn!(%cause, "database unavailable");
                response.insert_header((
                    header::RETRY_AFTER,
                    UNAVAILABLE_RETRY_AFTER_SECS.to_string(),
                ));
                ErrorBody::message(&UNAVAILABLE.into())
            }
            AppError::Invalid(errors) => ErrorBody {
                message: say(&errors.first()).into_owned(),
                errors: Some(
                    errors
                        .iter()
                        .map(|(field, message)| (field.to_owned(), say(message).into_owned()))
                        .collect(),
                ),
            },
            AppError::TooManyAttempts {
                message,
                retry_after_secs,
            } => {
                response.insert_header((header::RETRY_AFTER, retry_after_secs.to_string()));
                ErrorBody::message(message)
            }
            AppError::BadRequest(message)
            | AppError::Unauthenticated(message)
            | AppError::Forbidden(message)
            | AppError::NotFound(message)
            | AppError::Conflict(message)
            | AppError::PaymentDeclined(message)
            | AppError::TooLarge(message)
            | AppError::PaymentProvider(message) => ErrorBody::message(message),
        };
        response.json(body)
    }
}

/// Answers extractor failures (bad JSON, wrong types, too large) in the same JSON shape.
pub fn payload_error(message: String, too_large: bool) -> actix_web::Error {
    let error = if too_large {
        AppError::TooLarge(REQUEST_TOO_LARGE.into())
    } else {
        AppError::BadRequest(message.into())
    };
    ApiError(error).into()
}

/// 408 for a request whose body did not arrive in time (a transport failure, not a use
/// case's); the connection is closed after it.
pub fn request_timeout() -> HttpResponse {
    HttpResponse::RequestTimeout()
        .force_close()
        .json(ErrorBody::message(&REQUEST_TIMEOUT.into()))
}
