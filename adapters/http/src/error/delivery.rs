//! Delivery's failures as the API answers them.

use super::ApiError;
use application::cart::CartPlaceError;
use application::delivery::ZoneChangeError;
use domain::message::texts::ZONE_NOT_FOUND;

impl From<ZoneChangeError> for ApiError {
    fn from(error: ZoneChangeError) -> Self {
        match error {
            ZoneChangeError::Refused(refusal) => refusal.into(),
            ZoneChangeError::Invalid(errors) => errors.into(),
            ZoneChangeError::NotFound => Self::not_found(ZONE_NOT_FOUND),
            ZoneChangeError::Store(error) => error.into(),
        }
    }
}

impl From<CartPlaceError> for ApiError {
    fn from(error: CartPlaceError) -> Self {
        match error {
            CartPlaceError::Invalid(errors) => errors.into(),
            CartPlaceError::Store(error) => error.into(),
        }
    }
}
