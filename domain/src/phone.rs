//! Somali mobile numbers: how a number typed in any usual way is read and kept.

use crate::message::texts::{MOBILE_PHONE_INVALID, PHONE_REQUIRED};
use crate::validation::FieldErrors;
use std::fmt;

/// A Somali mobile number, stored as `252` followed by 9 digits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MobileNumber(String);

impl MobileNumber {
    /// Accepts `61xxxxxxx`, `061xxxxxxx`, `25261xxxxxxx` and `+252 61 xxx xxxx`; spaces, dashes,
    /// dots and brackets are ignored. Somali mobile numbers start with 6, 7 or 9.
    pub fn parse(raw: &str) -> Option<Self> {
        let trimmed = raw.trim();
        let without_plus = trimmed.strip_prefix('+').unwrap_or(trimmed);
        let mut digits = String::with_capacity(12);
        for c in without_plus.chars() {
            match c {
                '0'..='9' => digits.push(c),
                ' ' | '-' | '.' | '(' | ')' => {}
                _ => return None,
            }
        }
        let national = match digits.len() {
            9 => digits.as_str(),
            10 => digits.strip_prefix('0')?,
            12 => digits.strip_prefix("252")?,
            _ => return None,
        };
        let mobile = national.len() == 9 && matches!(national.as_bytes()[0], b'6' | b'7' | b'9');
        mobile.then(|| Self(format!("252{national}")))
    }

    /// Rebuilds a number that was stored normalised.
    pub fn from_stored(stored: &str) -> Self {
        Self(stored.to_owned())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The 9 digits after 252.
    pub fn national(&self) -> &str {
        &self.0[3..]
    }

    /// For logs: never the whole number.
    pub fn masked(&self) -> String {
        let tail = &self.0[self.0.len().saturating_sub(3)..];
        format!("252******{tail}")
    }
}

impl fmt::Display for MobileNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A number's digits with Somalia's country code, as call and chat links want them:
/// '0615551234', '615551234' and '+252 61 555 1234' are all '252615551234'. A number kept
/// before numbers were checked is read digit by digit.
fn international_digits(phone: &str) -> String {
    if let Some(number) = MobileNumber::parse(phone) {
        return number.0;
    }
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    if digits.starts_with("252") {
        return digits;
    }
    format!("252{}", digits.trim_start_matches('0'))
}

/// The links that reach a phone number from a screen: a call, and a WhatsApp chat with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhoneLinks {
    /// `tel:+252…`
    pub call: String,
    /// `https://wa.me/252…`
    pub whatsapp: String,
}

impl PhoneLinks {
    /// None for a blank number.
    pub fn of(phone: &str) -> Option<Self> {
        if !phone.chars().any(|c| c.is_ascii_digit()) {
            return None;
        }
        let digits = international_digits(phone);
        Some(Self {
            call: format!("tel:+{digits}"),
            whatsapp: format!("https://wa.me/{digits}"),
        })
    }
}

/// WhatsApp with `text` written, ready to send: in the chat with `phone`, or, without a
/// number, to whichever chat the sender picks.
pub fn whatsapp_message(phone: &str, text: &str) -> String {
    let chat = PhoneLinks::of(phone).map_or_else(|| "https://wa.me/".to_owned(), |l| l.whatsapp);
    let encoded = percent_encoding::utf8_percent_encode(text, percent_encoding::NON_ALPHANUMERIC);
    format!("{chat}?text={encoded}")
}

/// The mobile number typed in `field`: required, and a Somali mobile number.
pub fn mobile_in(field: &'static str, raw: &str, errors: &mut FieldErrors) -> Option<MobileNumber> {
    if raw.trim().is_empty() {
        errors.add(field, PHONE_REQUIRED);
        return None;
    }
    let number = MobileNumber::parse(raw);
    errors.check(number.is_none(), field, MOBILE_PHONE_INVALID);
    number
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_is_called_and_messaged_with_its_country_code() {
        for typed in [
            "0615551234",
            "615551234",
            "+252 61 555 1234",
            "252-61-555-1234",
        ] {
            let links = PhoneLinks::of(typed).unwrap();
            assert_eq!(links.call, "tel:+252615551234", "{typed}");
            assert_eq!(links.whatsapp, "https://wa.me/252615551234", "{typed}");
        }
        assert_eq!(PhoneLinks::of("").map(|l| l.call), None);
        assert_eq!(PhoneLinks::of(" - ").map(|l| l.call), None);
        assert_eq!(
            whatsapp_message("615551234", "Pay $5.00: https://x/p?t=a&b"),
            "https://wa.me/252615551234?text=Pay%20%245%2E00%3A%20https%3A%2F%2Fx%2Fp%3Ft%3Da%26b"
        );
        assert_eq!(whatsapp_message("", "Hi"), "https://wa.me/?text=Hi");
    }

    #[test]
    fn somali_numbers_are_normalised_to_252_and_nine_digits() {
        for raw in [
            "615551234",
            "0615551234",
            "252615551234",
            "+252 61 555 1234",
            "61-555-1234",
        ] {
            assert_eq!(
                MobileNumber::parse(raw).unwrap().as_str(),
                "252615551234",
                "{raw}"
            );
        }
        assert_eq!(
            MobileNumber::parse("771234567").unwrap().as_str(),
            "252771234567"
        );
    }

    #[test]
    fn other_numbers_are_refused() {
        for raw in [
            "",
            "12345",
            "515551234",
            "+254 712 345 678",
            "61555123x",
            "2526155512345",
        ] {
            assert!(MobileNumber::parse(raw).is_none(), "{raw}");
        }
    }

    #[test]
    fn numbers_are_masked_for_logs() {
        assert_eq!(
            MobileNumber::parse("615551234").unwrap().masked(),
            "252******234"
        );
    }
}
