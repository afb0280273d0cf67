//! Resetting a forgotten password: a 6-digit code sent to the
//! account's e-mail, stored hashed, good for 30 minutes, 5 tries and one reset.

use crate::ids::UserId;
use crate::user::{check_new_password, email_field, Email};
use crate::validation::FieldErrors;
use chrono::{DateTime, Duration, Utc};

pub const CODE_DIGITS: usize = 6;
pub const CODE_VALID_FOR: Duration = Duration::minutes(30);
pub const TRIES: u32 = 5;

/// The answer to every request for a code, whether or not the e-mail has an account.
pub const CODE_SENT: &str =
    "If an account uses this e-mail, we have sent it a code. It is valid for 30 minutes.";
pub const PASSWORD_RESET: &str =
    "Your password has been reset. Please sign in with your new password.";

/// A live reset code of an account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PasswordReset {
    pub user: UserId,
    pub code_hash: String,
    pub expires_at: DateTime<Utc>,
    pub tries_left: u32,
}

impl PasswordReset {
    /// A code hashed as `code_hash`, issued `now`.
    pub fn issued(user: UserId, code_hash: String, now: DateTime<Utc>) -> Self {
        Self {
            user,
            code_hash,
            expires_at: now + CODE_VALID_FOR,
            tries_left: TRIES,
        }
    }
}

/// A new password with the code that allows it, as the form sends them.
#[derive(Debug, Clone, Default)]
pub struct ResetInput {
    pub email: String,
    pub code: String,
    pub password: String,
}

/// A reset request that passed validation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidReset {
    pub email: Email,
    pub code: String,
    pub password: String,
}

impl ResetInput {
    pub fn validate(&self) -> Result<ValidReset, FieldErrors> {
        let mut errors = FieldErrors::new();
        let email = email_field(&self.email, &mut errors);
        let code = self.code.trim();
        errors.check(!is_code_shaped(code), "code", "Enter the 6-digit code");
        check_new_password(&self.password, &mut errors);
        match email {
            Some(email) if errors.is_empty() => Ok(ValidReset {
                email,
                code: code.to_owned(),
                password: self.password.clone(),
            }),
            _ => Err(errors),
        }
    }
}

/// The e-mail a code is asked for.
pub fn requested_email(raw: &str) -> Result<Email, FieldErrors> {
    let mut errors = FieldErrors::new();
    match email_field(raw, &mut errors) {
        Some(email) if errors.is_empty() => Ok(email),
        _ => Err(errors),
    }
}

/// Whether `code` could be a code at all (six digits), before any work is spent on it.
pub fn is_code_shaped(code: &str) -> bool {
    code.len() == CODE_DIGITS && code.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn a_code_is_six_digits() {
        assert!(is_code_shaped("012345"));
        assert!(!is_code_shaped("12345"));
        assert!(!is_code_shaped("1234567"));
        assert!(!is_code_shaped("12345a"));
        assert!(!is_code_shaped("١٢٣٤٥٦"), "only ASCII digits");
    }

    #[test]
    fn a_reset_needs_an_email_a_code_and_a_new_password() {
        let errors = ResetInput {
            email: "nobody".into(),
            code: "12a456".into(),
            password: "short".into(),
        }
        .validate()
        .unwrap_err();
        assert_eq!(errors.get("email"), Some("Email is invalid"));
        assert_eq!(errors.get("code"), Some("Enter the 6-digit code"));
        assert_eq!(
            errors.get("password"),
            Some("Password must be at least 6 characters")
        );
        let valid = ResetInput {
            email: " Amina@Example.so ".into(),
            code: " 123456 ".into(),
            password: "new secret".into(),
        }
        .validate()
        .unwrap();
        assert_eq!(valid.code, "123456");
        assert_eq!(
            requested_email("").unwrap_err().get("email"),
            Some("Email is required")
        );
    }

    #[test]
    fn a_code_is_good_for_thirty_minutes_and_five_tries() {
        let now = Utc.with_ymd_and_hms(2026, 11, 1, 10, 0, 0).unwrap();
        let reset = PasswordReset::issued(UserId::parse("u1").unwrap(), "h".into(), now);
        assert_eq!(
            reset.expires_at,
            Utc.with_ymd_and_hms(2026, 11, 1, 10, 30, 0).unwrap()
        );
        assert_eq!(reset.tries_left, 5);
    }
}
