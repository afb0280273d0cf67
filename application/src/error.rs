//! The errors use cases return; the HTTP adapter maps each variant to one status.

use domain::cart::CartError;
use domain::listing::InvalidListParameter;
use domain::message::texts::{
    DISCOUNT_NO_LONGER_USABLE, IMAGE_TOO_LARGE, NOT_AN_IMAGE, ORDER_CHANGED, ORDER_NOT_FOUND,
    PRODUCT_NOT_FOUND, TOO_MANY_PIXELS,
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

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// 400, with a message per field.
    #[error("{0}")]
    Invalid(FieldErrors),
    /// 400.
    #[error("{0}")]
    BadRequest(Message),
    /// 401: no valid session.
    #[error("{0}")]
    Unauthenticated(Message),
    /// 403.
    #[error("{0}")]
    Forbidden(Message),
    /// 404.
    #[error("{0}")]
    NotFound(Message),
    /// 409: taken e-mail, not enough stock, a change that lost a race.
    #[error("{0}")]
    Conflict(Message),
    /// 402: the payer or their balance said no.
    #[error("{0}")]
    PaymentDeclined(Message),
    /// 413.
    #[error("{0}")]
    TooLarge(Message),
    /// 429.
    #[error("{message}")]
    TooManyAttempts {
        message: Message,
        retry_after_secs: u64,
    },
    /// 502: the payment provider failed.
    #[error("{0}")]
    PaymentProvider(Message),
    /// 500: logged with its cause, answered with an opaque message.
    #[error("internal error: {0}")]
    Internal(String),
    /// 503: the database is out of reach for now; logged with its cause, answered with an
    /// opaque message and a time to try again.
    #[error("unavailable: {0}")]
    Unavailable(String),
}

impl AppError {
    /// 404 saying what was not found (a `…_NOT_FOUND` text).
    pub fn not_found(text: Text) -> Self {
        AppError::NotFound(text.into())
    }
}

impl From<FieldErrors> for AppError {
    fn from(errors: FieldErrors) -> Self {
        AppError::Invalid(errors)
    }
}

impl From<InvalidListParameter> for AppError {
    fn from(error: InvalidListParameter) -> Self {
        AppError::BadRequest(error.0.into())
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
            PermissionError::LastAdmin => AppError::Conflict(error.message()),
            _ => AppError::Forbidden(error.message()),
        }
    }
}

impl From<CartError> for AppError {
    fn from(error: CartError) -> Self {
        match error {
            CartError::OutOfStock | CartError::NotEnoughStock { .. } => {
                AppError::Conflict(error.message())
            }
            CartError::NoChange | CartError::BelowOne | CartError::SizeRequired => {
                AppError::BadRequest(error.message())
            }
            CartError::UnknownSize => AppError::NotFound(error.message()),
        }
    }
}

impl From<ImageError> for AppError {
    fn from(error: ImageError) -> Self {
        match error {
            ImageError::NotAnImage => AppError::Invalid(FieldErrors::single("image", NOT_AN_IMAGE)),
            ImageError::TooLarge => AppError::TooLarge(IMAGE_TOO_LARGE.into()),
            ImageError::TooManyPixels => AppError::TooLarge(TOO_MANY_PIXELS.into()),
            ImageError::Storage(_) => AppError::Internal(error.to_string()),
        }
    }
}

impl From<OrderStoreError> for AppError {
    fn from(error: OrderStoreError) -> Self {
        match error {
            OrderStoreError::OutOfStock { name, available } => {
                AppError::Conflict(out_of_stock(&name, available))
            }
            OrderStoreError::DiscountUnavailable => {
                AppError::Conflict(DISCOUNT_NO_LONGER_USABLE.into())
            }
            OrderStoreError::Stale => AppError::Conflict(ORDER_CHANGED.into()),
            OrderStoreError::Repo(RepoError::NotFound) => AppError::not_found(ORDER_NOT_FOUND),
            OrderStoreError::Repo(repo) => repo.into(),
        }
    }
}

impl From<RefundRefusal> for AppError {
    fn from(error: RefundRefusal) -> Self {
        AppError::Conflict(error.message())
    }
}

impl From<MoveRefusal> for AppError {
    fn from(error: MoveRefusal) -> Self {
        AppError::Conflict(error.message())
    }
}

impl From<StatusChangeRefusal> for AppError {
    fn from(error: StatusChangeRefusal) -> Self {
        AppError::Conflict(error.message())
    }
}

impl From<ProductStoreError> for AppError {
    fn from(error: ProductStoreError) -> Self {
        match error {
            ProductStoreError::StockChanged { .. }
            | ProductStoreError::VariantStockChanged { .. }
            | ProductStoreError::VariantGone { .. } => AppError::Conflict(error.to_string().into()),
            ProductStoreError::SkuTaken { .. } => {
                AppError::Invalid(FieldErrors::single("variants", error.to_string()))
            }
            ProductStoreError::Repo(RepoError::NotFound) => AppError::not_found(PRODUCT_NOT_FOUND),
            ProductStoreError::Repo(repo) => repo.into(),
        }
    }
}
