//! What names an account when someone signs in or resets a password: its e-mail, or the Somali
//! mobile number of an account made without one (a customer staff took on the phone). A
//! number names no account that has an e-mail: numbers are not unique among those, and their
//! owners sign in with the address.

use crate::message::texts::ACCOUNT_KEY_BOTH;
use crate::phone::{mobile_in, MobileNumber};
use crate::user::{email_field, Email};
use crate::validation::{FieldErrors, Lines};

/// The account a request names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AccountKey {
    Email(Email),
    /// Only an account without an e-mail answers to it.
    Phone(MobileNumber),
}

impl AccountKey {
    /// The key as one text, for counting attempts against it: an address, or `252…`.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Email(email) => email.as_str(),
            Self::Phone(number) => number.as_str(),
        }
    }
}

/// The account's fields as a form sends them: `email`, or `phone` in its place.
#[derive(Debug, Clone, Default)]
pub struct AccountKeyInput {
    pub email: String,
    pub phone: String,
}

impl AccountKeyInput {
    pub fn email(email: &str) -> Self {
        Self {
            email: email.into(),
            phone: String::new(),
        }
    }

    pub fn phone(phone: &str) -> Self {
        Self {
            email: String::new(),
            phone: phone.into(),
        }
    }

    /// Whether the form chose the phone: a number was typed.
    fn by_phone(&self) -> bool {
        !self.phone.trim().is_empty()
    }

    /// The text of the field in use, as typed.
    pub fn typed(&self) -> &str {
        if self.by_phone() {
            &self.phone
        } else {
            &self.email
        }
    }

    /// A sign-in's account, or `None` when what was typed can name none: a sign-in answers
    /// alike for every unknown account, so a malformed one is no field error. Control
    /// characters and both fields at once are.
    pub fn signing_in(&self) -> Result<Option<AccountKey>, FieldErrors> {
        let mut errors = FieldErrors::new();
        errors.check_text("email", &self.email, Lines::Single);
        errors.check_text("phone", &self.phone, Lines::Single);
        self.check_one(&mut errors);
        let key = if self.by_phone() {
            MobileNumber::parse(&self.phone).map(AccountKey::Phone)
        } else {
            Email::parse(&self.email).ok().map(AccountKey::Email)
        };
        errors.into_result(key)
    }

    /// The account of a reset: required and well-formed, the error on the field it came in.
    pub fn read(&self, errors: &mut FieldErrors) -> Option<AccountKey> {
        self.check_one(errors);
        if !self.by_phone() {
            return email_field(&self.email, errors).map(AccountKey::Email);
        }
        mobile_in("phone", &self.phone, errors).map(AccountKey::Phone)
    }

    fn check_one(&self, errors: &mut FieldErrors) {
        errors.check(
            self.by_phone() && !self.email.trim().is_empty(),
            "phone",
            ACCOUNT_KEY_BOTH,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_account_is_named_by_its_email_or_else_its_mobile_number() {
        let key = AccountKeyInput::email(" Amina@Example.so ")
            .signing_in()
            .unwrap();
        assert_eq!(key.unwrap().as_str(), "amina@example.so");
        let key = AccountKeyInput::phone("061 555 0101").signing_in().unwrap();
        assert_eq!(
            key,
            Some(AccountKey::Phone(MobileNumber::parse("615550101").unwrap()))
        );
        assert_eq!(key.unwrap().as_str(), "252615550101");
    }

    #[test]
    fn a_sign_in_with_nothing_usable_names_nobody_without_saying_why() {
        for input in [
            AccountKeyInput::email(""),
            AccountKeyInput::email("nobody"),
            AccountKeyInput::phone("12345"),
        ] {
            assert_eq!(input.signing_in().unwrap(), None, "{input:?}");
        }
    }

    #[test]
    fn both_keys_at_once_or_control_characters_are_refused() {
        let both = AccountKeyInput {
            email: "amina@example.so".into(),
            phone: "615550101".into(),
        };
        assert_eq!(
            both.signing_in().unwrap_err().get("phone"),
            Some("Send an e-mail or a phone number, not both")
        );
        let mut errors = FieldErrors::new();
        assert_eq!(
            both.read(&mut errors),
            Some(AccountKey::Phone(MobileNumber::parse("615550101").unwrap()))
        );
        assert_eq!(
            errors.get("phone"),
            Some("Send an e-mail or a phone number, not both")
        );
        assert_eq!(
            AccountKeyInput::phone("61\u{0}5550101")
                .signing_in()
                .unwrap_err()
                .get("phone"),
            Some("phone must not contain control characters")
        );
    }

    #[test]
    fn a_reset_needs_a_well_formed_email_or_mobile_number() {
        let read = |input: AccountKeyInput| {
            let mut errors = FieldErrors::new();
            let key = input.read(&mut errors);
            (key, errors)
        };
        let (key, errors) = read(AccountKeyInput::email(""));
        assert_eq!(
            (key, errors.get("email")),
            (None, Some("Email is required"))
        );
        let (key, errors) = read(AccountKeyInput::phone("615"));
        assert_eq!(
            (key, errors.get("phone")),
            (
                None,
                Some("Please enter a valid Somali mobile number, such as 61 234 5678")
            )
        );
        let (key, errors) = read(AccountKeyInput::phone("+252 61 555 0101"));
        assert!(errors.is_empty());
        assert_eq!(key.unwrap().as_str(), "252615550101");
    }
}
