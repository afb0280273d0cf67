//! What each accounts use case can fail with.

use crate::throttle::TooManyAttempts;
use domain::permissions::PermissionError;
use domain::ports::{HashError, RepoError, UserStoreError};
use domain::validation::FieldErrors;

#[derive(Debug, thiserror::Error)]
pub enum RegisterError {
    #[error(transparent)]
    Invalid(#[from] FieldErrors),
    #[error(transparent)]
    TooManyAttempts(#[from] TooManyAttempts),
    #[error("an account has this e-mail")]
    EmailTaken,
    #[error(transparent)]
    Hashing(#[from] HashError),
    #[error(transparent)]
    Store(#[from] RepoError),
}

#[derive(Debug, thiserror::Error)]
pub enum CreateUserError {
    #[error(transparent)]
    Refused(#[from] PermissionError),
    #[error(transparent)]
    Invalid(#[from] FieldErrors),
    #[error("an account has this e-mail")]
    EmailTaken,
    #[error(transparent)]
    Hashing(#[from] HashError),
    #[error(transparent)]
    Store(#[from] RepoError),
}

#[derive(Debug, thiserror::Error)]
pub enum LoginError {
    #[error(transparent)]
    Invalid(#[from] FieldErrors),
    #[error(transparent)]
    TooManyAttempts(#[from] TooManyAttempts),
    /// The same for an unknown e-mail and a wrong password.
    #[error("wrong e-mail or password")]
    WrongCredentials,
    #[error(transparent)]
    Hashing(#[from] HashError),
    #[error(transparent)]
    Store(#[from] RepoError),
}

#[derive(Debug, thiserror::Error)]
pub enum AuthenticateError {
    /// No token, a forged or expired one, or one whose account changed since.
    #[error("no valid session")]
    NoSession,
    /// The account is on a temporary password.
    #[error(transparent)]
    Refused(#[from] PermissionError),
    #[error(transparent)]
    Store(#[from] RepoError),
}

#[derive(Debug, thiserror::Error)]
pub enum EnsureAdminError {
    #[error(transparent)]
    Invalid(#[from] FieldErrors),
    #[error(transparent)]
    Hashing(#[from] HashError),
    #[error(transparent)]
    Store(#[from] UserStoreError),
}

impl From<RepoError> for EnsureAdminError {
    fn from(error: RepoError) -> Self {
        Self::Store(error.into())
    }
}

#[derive(Debug, thiserror::Error)]
pub enum UpdateUserError {
    #[error(transparent)]
    Refused(#[from] PermissionError),
    #[error(transparent)]
    Invalid(#[from] FieldErrors),
    #[error("no such user")]
    NotFound,
    #[error("the current password is wrong")]
    CurrentPasswordWrong,
    /// Another account without an e-mail signs in with this number.
    #[error("another account without an e-mail has this phone number")]
    PhoneTaken,
    #[error(transparent)]
    Hashing(#[from] HashError),
    /// Refused by the stored state: the last admin, a taken e-mail, a password changed
    /// meanwhile, an account deleted meanwhile.
    #[error(transparent)]
    Store(#[from] UserStoreError),
}

impl From<RepoError> for UpdateUserError {
    fn from(error: RepoError) -> Self {
        Self::Store(error.into())
    }
}

#[derive(Debug, thiserror::Error)]
pub enum DeleteUserError {
    #[error(transparent)]
    Refused(#[from] PermissionError),
    #[error("no such user")]
    NotFound,
    #[error(transparent)]
    Store(#[from] UserStoreError),
}

impl From<RepoError> for DeleteUserError {
    fn from(error: RepoError) -> Self {
        Self::Store(error.into())
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ForgotPasswordError {
    #[error(transparent)]
    Invalid(#[from] FieldErrors),
    #[error(transparent)]
    TooManyAttempts(#[from] TooManyAttempts),
    #[error(transparent)]
    Hashing(#[from] HashError),
    #[error(transparent)]
    Store(#[from] RepoError),
}

#[derive(Debug, thiserror::Error)]
pub enum ResetPasswordError {
    #[error(transparent)]
    Invalid(#[from] FieldErrors),
    #[error(transparent)]
    TooManyAttempts(#[from] TooManyAttempts),
    /// A wrong or used-up code, or no account: the same words for each.
    #[error("the code is wrong or has expired")]
    CodeRefused,
    #[error(transparent)]
    Hashing(#[from] HashError),
    #[error(transparent)]
    Store(#[from] UserStoreError),
}

impl From<RepoError> for ResetPasswordError {
    fn from(error: RepoError) -> Self {
        Self::Store(error.into())
    }
}
