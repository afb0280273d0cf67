//! Orders taken by phone: a refused code is a bad field of the form, like any other.

use super::ApiError;
use application::phone_orders::PhoneOrderError;
use domain::validation::FieldErrors;

impl From<PhoneOrderError> for ApiError {
    fn from(error: PhoneOrderError) -> Self {
        match error {
            PhoneOrderError::Refused(refusal) => refusal.into(),
            PhoneOrderError::Invalid(errors) => errors.into(),
            PhoneOrderError::CodeRefused(refusal) => {
                FieldErrors::single("discountCode", refusal.message()).into()
            }
            PhoneOrderError::Store(error) => error.into(),
            PhoneOrderError::Repo(error) => error.into(),
            PhoneOrderError::Hash(error) => error.into(),
        }
    }
}
