//! Delivery's failures as the API answers them.

use super::ApiError;
use application::cart::CartPlaceError;
use application::delivery::{CashReceiptError, DispatchError, RiderMoveError, ZoneChangeError};
use domain::delivery::CodeRefusal;
use domain::message::texts::{
    DELIVERY_NOT_FOUND, NO_CASH_COLLECTED, ORDER_NOT_FOUND, ZONE_NOT_FOUND,
};

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

impl From<DispatchError> for ApiError {
    fn from(error: DispatchError) -> Self {
        match error {
            DispatchError::Refused(refusal) => refusal.into(),
            DispatchError::Invalid(errors) => errors.into(),
            DispatchError::NotFound(_) => Self::not_found(ORDER_NOT_FOUND),
            DispatchError::Conflict(message) => Self::conflict(message),
            DispatchError::Store(error) => error.into(),
        }
    }
}

impl From<CashReceiptError> for ApiError {
    fn from(error: CashReceiptError) -> Self {
        match error {
            CashReceiptError::Refused(refusal) => refusal.into(),
            CashReceiptError::NoCash => Self::not_found(NO_CASH_COLLECTED),
            CashReceiptError::Store(error) => error.into(),
        }
    }
}

impl From<RiderMoveError> for ApiError {
    fn from(error: RiderMoveError) -> Self {
        match error {
            RiderMoveError::Refused(refusal) => refusal.into(),
            RiderMoveError::Invalid(errors) => errors.into(),
            RiderMoveError::NotFound => Self::not_found(DELIVERY_NOT_FOUND),
            RiderMoveError::Code(refusal @ CodeRefusal::Wrong { .. }) => {
                Self::invalid_field("code", refusal.message())
            }
            RiderMoveError::Code(CodeRefusal::Locked) => {
                Self::locked(CodeRefusal::Locked.message())
            }
            RiderMoveError::Store(error) => error.into(),
        }
    }
}
