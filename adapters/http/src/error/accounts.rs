//! Accounts' errors over HTTP.

use super::ApiError;
use application::accounts::{
    AuthenticateError, CreateUserError, DeleteUserError, ForgotPasswordError, LoginError,
    RegisterError, ResetPasswordError, UpdateUserError,
};
use domain::message::texts::{
    CODE_REFUSED, CURRENT_PASSWORD_WRONG, EMAIL_TAKEN, INVALID_CREDENTIALS,
    PASSWORD_CHANGED_MEANWHILE, PHONE_TAKEN, SESSION_INVALID, USER_NOT_FOUND,
};
use domain::ports::{RepoError, UserStoreError};

impl From<UserStoreError> for ApiError {
    fn from(error: UserStoreError) -> Self {
        match error {
            UserStoreError::Refused(refusal) => refusal.into(),
            UserStoreError::PasswordChanged => Self::conflict(PASSWORD_CHANGED_MEANWHILE),
            UserStoreError::Repo(RepoError::Duplicate) => Self::conflict(EMAIL_TAKEN),
            UserStoreError::Repo(repo) => Self::stored(repo, USER_NOT_FOUND),
        }
    }
}

impl From<RegisterError> for ApiError {
    fn from(error: RegisterError) -> Self {
        match error {
            RegisterError::Invalid(errors) => errors.into(),
            RegisterError::TooManyAttempts(refused) => refused.into(),
            RegisterError::EmailTaken => Self::conflict(EMAIL_TAKEN),
            RegisterError::Hashing(error) => error.into(),
            RegisterError::Store(error) => error.into(),
        }
    }
}

impl From<CreateUserError> for ApiError {
    fn from(error: CreateUserError) -> Self {
        match error {
            CreateUserError::Refused(refusal) => refusal.into(),
            CreateUserError::Invalid(errors) => errors.into(),
            CreateUserError::EmailTaken => Self::conflict(EMAIL_TAKEN),
            CreateUserError::Hashing(error) => error.into(),
            CreateUserError::Store(error) => error.into(),
        }
    }
}

impl From<LoginError> for ApiError {
    fn from(error: LoginError) -> Self {
        match error {
            LoginError::Invalid(errors) => errors.into(),
            LoginError::TooManyAttempts(refused) => refused.into(),
            LoginError::WrongCredentials => Self::unauthenticated(INVALID_CREDENTIALS),
            LoginError::Hashing(error) => error.into(),
            LoginError::Store(error) => error.into(),
        }
    }
}

impl From<AuthenticateError> for ApiError {
    fn from(error: AuthenticateError) -> Self {
        match error {
            AuthenticateError::NoSession => Self::unauthenticated(SESSION_INVALID),
            AuthenticateError::Refused(refusal) => refusal.into(),
            AuthenticateError::Store(error) => error.into(),
        }
    }
}

impl From<UpdateUserError> for ApiError {
    fn from(error: UpdateUserError) -> Self {
        match error {
            UpdateUserError::Refused(refusal) => refusal.into(),
            UpdateUserError::Invalid(errors) => errors.into(),
            UpdateUserError::NotFound => Self::not_found(USER_NOT_FOUND),
            UpdateUserError::CurrentPasswordWrong => {
                Self::invalid_field("currentPassword", CURRENT_PASSWORD_WRONG)
            }
            UpdateUserError::PhoneTaken => Self::conflict(PHONE_TAKEN),
            UpdateUserError::Hashing(error) => error.into(),
            UpdateUserError::Store(error) => error.into(),
        }
    }
}

impl From<DeleteUserError> for ApiError {
    fn from(error: DeleteUserError) -> Self {
        match error {
            DeleteUserError::Refused(refusal) => refusal.into(),
            DeleteUserError::NotFound => Self::not_found(USER_NOT_FOUND),
            DeleteUserError::Store(error) => error.into(),
        }
    }
}

impl From<ForgotPasswordError> for ApiError {
    fn from(error: ForgotPasswordError) -> Self {
        match error {
            ForgotPasswordError::Invalid(errors) => errors.into(),
            ForgotPasswordError::TooManyAttempts(refused) => refused.into(),
            ForgotPasswordError::Hashing(error) => error.into(),
            ForgotPasswordError::Store(error) => error.into(),
        }
    }
}

impl From<ResetPasswordError> for ApiError {
    fn from(error: ResetPasswordError) -> Self {
        match error {
            ResetPasswordError::Invalid(errors) => errors.into(),
            ResetPasswordError::TooManyAttempts(refused) => refused.into(),
            ResetPasswordError::CodeRefused => Self::bad_request(CODE_REFUSED),
            ResetPasswordError::Hashing(error) => error.into(),
            ResetPasswordError::Store(error) => error.into(),
        }
    }
}
