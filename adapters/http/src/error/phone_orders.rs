//! Orders taken by phone: a refused code is a bad field of the form, like any other; a
//! payment is answered as checkout's.

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
            PhoneOrderError::NotFound(text) => Self::not_found(text),
            PhoneOrderError::NotPayable(text) => Self::conflict(text),
            PhoneOrderError::Gone(text) => Self::gone(text),
            PhoneOrderError::Declined { reason } => Self::payment_declined(reason),
            PhoneOrderError::ProviderRefused { reason } => Self::payment_provider(reason),
        }
    }
}
