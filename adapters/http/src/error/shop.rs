//! The back office's errors over HTTP: codes, settings, messages, reports and the lists.

use super::ApiError;
use application::dashboard::PeriodError;
use application::discounts::DiscountChangeError;
use application::notifications::ResendError;
use application::settings::UpdateSettingsError;
use application::{ReadError, SearchedListError};
use domain::message::texts::{
    CODE_TAKEN, DISCOUNT_NOT_FOUND, MESSAGE_ALREADY_QUEUED, MESSAGE_CODE_GONE, MESSAGE_NOT_FOUND,
    REPORT_DAYS_INVALID,
};

impl From<ReadError> for ApiError {
    fn from(error: ReadError) -> Self {
        match error {
            ReadError::Refused(refusal) => refusal.into(),
            ReadError::Invalid(error) => error.into(),
            ReadError::Store(error) => error.into(),
        }
    }
}

impl From<SearchedListError> for ApiError {
    fn from(error: SearchedListError) -> Self {
        match error {
            SearchedListError::Refused(refusal) => refusal.into(),
            SearchedListError::Invalid(errors) => errors.into(),
            SearchedListError::Store(error) => error.into(),
        }
    }
}

impl From<DiscountChangeError> for ApiError {
    fn from(error: DiscountChangeError) -> Self {
        match error {
            DiscountChangeError::Refused(refusal) => refusal.into(),
            DiscountChangeError::Invalid(errors) => errors.into(),
            DiscountChangeError::NotFound => Self::not_found(DISCOUNT_NOT_FOUND),
            DiscountChangeError::CodeTaken => Self::invalid_field("code", CODE_TAKEN),
            DiscountChangeError::Store(error) => error.into(),
        }
    }
}

impl From<UpdateSettingsError> for ApiError {
    fn from(error: UpdateSettingsError) -> Self {
        match error {
            UpdateSettingsError::Refused(refusal) => refusal.into(),
            UpdateSettingsError::Invalid(errors) => errors.into(),
            UpdateSettingsError::Store(error) => error.into(),
        }
    }
}

impl From<ResendError> for ApiError {
    fn from(error: ResendError) -> Self {
        match error {
            ResendError::Refused(refusal) => refusal.into(),
            ResendError::NotFound => Self::not_found(MESSAGE_NOT_FOUND),
            ResendError::AlreadyQueued => Self::conflict(MESSAGE_ALREADY_QUEUED),
            ResendError::CodeGone => Self::conflict(MESSAGE_CODE_GONE),
            ResendError::Store(error) => error.into(),
        }
    }
}

impl From<PeriodError> for ApiError {
    fn from(error: PeriodError) -> Self {
        match error {
            PeriodError::Refused(refusal) => refusal.into(),
            PeriodError::InvalidDays => Self::bad_request(REPORT_DAYS_INVALID),
            PeriodError::Store(error) => error.into(),
        }
    }
}
