//! The errors use cases return; the HTTP adapter maps each variant to one status.

use domain::cart::CartError;
use domain::listing::InvalidListParameter;
use domain::order::StatusChangeRefusal;
use domain::permissions::PermissionError;
use domain::ports::{HashError, ImageError, OrderStoreError, ProductStoreError, RepoError};
use domain::refund::RefundRefusal;
use domain::validation::FieldErrors;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// 400, with a message per field.
    #[error("{0}")]
    Invalid(FieldErrors),
    /// 400.
    #[error("{0}")]
    BadRequest(String),
    /// 401: no valid session.
    #[error("{0}")]
    Unauthenticated(String),
    /// 403.
    #[error("{0}")]
    Forbidden(String),
    /// 404.
    #[error("{0}")]
    NotFound(String),
    /// 409: taken e-mail, not enough stock, a change that lost a race.
    #[error("{0}")]
    Conflict(String),
    /// 402: the payer or their balance said no.
    #[error("{0}")]
    PaymentDeclined(String),
    /// 413.
    #[error("{0}")]
    TooLarge(String),
    /// 429.
    #[error("{message}")]
    TooManyAttempts {
        message: String,
        retry_after_secs: u64,
    },
    /// 502: the payment provider failed.
    #[error("{0}")]
    PaymentProvider(String),
    /// 500: logged with its cause, answered with an opaque message.
    #[error("internal error: {0}")]
    Internal(String),
    /// 503: the database is out of reach for now; logged with its cause, answered with an
    /// opaque message and a time to try again.
    #[error("unavailable: {0}")]
    Unavailable(String),
}

impl AppError {
    pub fn not_found(what: &str) -> Self {
        AppError::NotFound(format!("{what} not found"))
    }
}

impl From<FieldErrors> for AppError {
    fn from(errors: FieldErrors) -> Self {
        AppError::Invalid(errors)
    }
}

impl From<InvalidListParameter> for AppError {
    fn from(error: InvalidListParameter) -> Self {
        AppError::BadRequest(error.0)
    }
}

impl From<RepoError> for AppError {
    fn from(error: RepoError) -> Self {
        match error {
            RepoError::Unavailable(cause) => AppError::Unavailable(cause),
            other => AppError::Internal(other.to_string()),
        }
    }
}

impl From<HashError> for AppError {
    fn from(error: HashError) -> Self {
        AppError::Internal(error.to_string())
    }
}

impl From<PermissionError> for AppError {
    fn from(error: PermissionError) -> Self {
        match error {
            PermissionError::LastAdmin => AppError::Conflict(error.to_string()),
            _ => AppError::Forbidden(error.to_string()),
        }
    }
}

impl From<CartError> for AppError {
    fn from(error: CartError) -> Self {
        match error {
            CartError::OutOfStock | CartError::NotEnoughStock { .. } => {
                AppError::Conflict(error.to_string())
            }
            CartError::NoChange | CartError::BelowOne | CartError::SizeRequired => {
                AppError::BadRequest(error.to_string())
            }
            CartError::UnknownSize => AppError::NotFound(error.to_string()),
        }
    }
}

impl From<ImageError> for AppError {
    fn from(error: ImageError) -> Self {
        match error {
            ImageError::NotAnImage => {
                AppError::Invalid(FieldErrors::single("image", error.to_string()))
            }
            ImageError::TooLarge | ImageError::TooManyPixels => {
                AppError::TooLarge(error.to_string())
            }
            ImageError::Storage(_) => AppError::Internal(error.to_string()),
        }
    }
}

impl From<OrderStoreError> for AppError {
    fn from(error: OrderStoreError) -> Self {
        match error {
            OrderStoreError::OutOfStock { .. } | OrderStoreError::DiscountUnavailable => {
                AppError::Conflict(error.to_string())
            }
            OrderStoreError::Stale => AppError::Conflict(
                "The order was changed by someone else. Please reload and try again.".into(),
            ),
            OrderStoreError::Repo(RepoError::NotFound) => AppError::not_found("Order"),
            OrderStoreError::Repo(repo) => repo.into(),
        }
    }
}

impl From<RefundRefusal> for AppError {
    fn from(error: RefundRefusal) -> Self {
        AppError::Conflict(error.to_string())
    }
}

impl From<StatusChangeRefusal> for AppError {
    fn from(error: StatusChangeRefusal) -> Self {
        AppError::Conflict(error.to_string())
    }
}

impl From<ProductStoreError> for AppError {
    fn from(error: ProductStoreError) -> Self {
        match error {
            ProductStoreError::StockChanged { .. }
            | ProductStoreError::VariantStockChanged { .. }
            | ProductStoreError::VariantGone { .. } => AppError::Conflict(error.to_string()),
            ProductStoreError::SkuTaken { .. } => {
                AppError::Invalid(FieldErrors::single("variants", error.to_string()))
            }
            ProductStoreError::Repo(RepoError::NotFound) => AppError::not_found("Product"),
            ProductStoreError::Repo(repo) => repo.into(),
        }
    }
}
