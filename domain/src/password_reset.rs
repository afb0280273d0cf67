//! Resetting a forgotten password: a 6-digit code sent to the account's e-mail (and phone),
//! or by SMS alone to an account without an e-mail, stored hashed, good for 30 minutes,
//! 5 tries and one reset.

use crate::account_key::{AccountKey, AccountKeyInput};
use crate::ids::UserId;
use crate::message::{texts, Text};
use crate::user::check_new_password;
use crate::validation::FieldErrors;
use chrono::{DateTime, Duration, Utc};

pub const CODE_DIGITS: usize = 6;
pub const CODE_VALID_FOR: Duration = Duration::minutes(30);
pub const TRIES: u32 = 5;

/// The answer to every request for a code, whether or not the e-mail has an account.
pub const CODE_SENT: Text = texts::RESET_CODE_SENT;
/// The same for a number, which names only an account without an e-mail.
pub const CODE_SENT_BY_SMS: Text = texts::RESET_CODE_SENT_BY_SMS;
pub const PASSWORD_RESET: Text = texts::PASSWORD_RESET_DONE;

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

/// The answer to a request for a code sent to `account`.
pub fn code_sent(account: &AccountKey) -> Text {
    match account {
        AccountKey::Email(_) => CODE_SENT,
        AccountKey::Phone(_) => CODE_SENT_BY_SMS,
    }
}

/// A new password with the code that allows it, as the form sends them.
#[derive(Debug, Clone, Default)]
pub struct ResetInput {
    pub account: AccountKeyInput,
    pub code: String,
    pub password: String,
}

/// A reset request that passed validation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidReset {
    pub account: AccountKey,
    pub code: String,
    pub password: String,
}

impl ResetInput {
    pub fn validate(&self) -> Result<ValidReset, FieldErrors> {
        let mut errors = FieldErrors::new();
        let account = self.account.read(&mut errors);
        let code = self.code.trim();
        errors.check(!is_code_shaped(code), "code", "Enter the 6-digit code");
        check_new_password(&self.password, &mut errors);
        match account {
            Some(account) if errors.is_empty() => Ok(ValidReset {
                account,
                code: code.to_owned(),
                password: self.password.clone(),
            }),
            _ => Err(errors),
        }
    }
}

/// The account a code is asked for.
pub fn requested_account(input: &AccountKeyInput) -> Result<AccountKey, FieldErrors> {
    let mut errors = FieldErrors::new();
    match input.read(&mut errors) {
        Some(account) if errors.is_empty() => Ok(account),
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
            account: AccountKeyInput::email("nobody"),
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
            account: AccountKeyInput::email(" Amina@Example.so "),
            code: " 123456 ".into(),
            password: "new secret".into(),
        }
        .validate()
        .unwrap();
        assert_eq!(valid.code, "123456");
        assert_eq!(valid.account.as_str(), "amina@example.so");
        assert_eq!(
            requested_account(&AccountKeyInput::email(""))
                .unwrap_err()
                .get("email"),
            Some("Email is required")
        );
    }

    #[test]
    fn a_phone_only_account_asks_and_resets_by_its_number() {
        let account = requested_account(&AccountKeyInput::phone("61 555 0101")).unwrap();
        assert_eq!(account.as_str(), "252615550101");
        assert_eq!(
            code_sent(&account).english(),
            "If an account without an e-mail uses this number, we have sent it a code by SMS. It is valid for 30 minutes."
        );
        let valid = ResetInput {
            account: AccountKeyInput::phone("0615550101"),
            code: "123456".into(),
            password: "new secret".into(),
        }
        .validate()
        .unwrap();
        assert_eq!(valid.account, account);
        let errors = ResetInput {
            account: AccountKeyInput::phone("5550101"),
            code: "123456".into(),
            password: "new secret".into(),
        }
        .validate()
        .unwrap_err();
        assert_eq!(
            errors.get("phone"),
            Some("Please enter a valid Somali mobile number, such as 61 234 5678")
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
