//! Checkout input: the EVC Plus phone number and the delivery address.

use crate::message::texts::{
    ADDRESS_REQUIRED, CITY_REQUIRED, DISTRICT_REQUIRED, FULL_NAME_REQUIRED,
    PAYMENT_METHOD_UNSUPPORTED, PHONE_INVALID, PHONE_MISSING, PHONE_REQUIRED,
};
use crate::message::Text;
use crate::validation::{FieldErrors, Lines};
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

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShippingAddress {
    pub full_name: String,
    pub phone: String,
    pub city: String,
    pub district: String,
    pub address_line: String,
}

#[derive(Debug, Clone, Default)]
pub struct ShippingAddressInput {
    pub full_name: String,
    pub phone: String,
    pub city: String,
    pub district: String,
    pub address_line: String,
}

#[derive(Debug, Clone, Default)]
pub struct CheckoutInput {
    pub payment_method: String,
    pub payment_phone: String,
    pub shipping_address: Option<ShippingAddressInput>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CheckoutRequest {
    pub phone: MobileNumber,
    pub shipping_address: Option<ShippingAddress>,
}

/// How EVC Plus is named in requests and stored orders.
pub const PAYMENT_METHOD_EVC_PLUS: &str = "evc-plus";
const MAX_ADDRESS_FIELD: usize = 200;

impl CheckoutInput {
    pub fn validate(&self) -> Result<CheckoutRequest, FieldErrors> {
        let mut errors = FieldErrors::new();
        errors.check(
            self.payment_method != PAYMENT_METHOD_EVC_PLUS,
            "paymentMethod",
            PAYMENT_METHOD_UNSUPPORTED,
        );
        let phone = if self.payment_phone.trim().is_empty() {
            errors.add("paymentPhone", PHONE_MISSING);
            None
        } else {
            let phone = MobileNumber::parse(&self.payment_phone);
            errors.check(phone.is_none(), "paymentPhone", PHONE_INVALID);
            phone
        };
        let address = self
            .shipping_address
            .as_ref()
            .map(|a| a.validate_into(&mut errors));
        match phone {
            Some(phone) if errors.is_empty() => Ok(CheckoutRequest {
                phone,
                shipping_address: address.flatten(),
            }),
            _ => Err(errors),
        }
    }
}

impl ShippingAddressInput {
    fn validate_into(&self, errors: &mut FieldErrors) -> Option<ShippingAddress> {
        let mut field = |value: &str, key: &'static str, message: Text| {
            let text = errors
                .text(key, value, Lines::Single)
                .filter(|t| t.chars().count() <= MAX_ADDRESS_FIELD);
            errors.check(text.is_none(), key, message);
            text
        };
        let full_name = field(&self.full_name, "fullName", FULL_NAME_REQUIRED);
        let phone = field(&self.phone, "phone", PHONE_REQUIRED);
        let city = field(&self.city, "city", CITY_REQUIRED);
        let district = field(&self.district, "district", DISTRICT_REQUIRED);
        let address_line = field(&self.address_line, "addressLine", ADDRESS_REQUIRED);
        Some(ShippingAddress {
            full_name: full_name?,
            phone: phone?,
            city: city?,
            district: district?,
            address_line: address_line?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn checkout_needs_evc_plus_and_a_phone() {
        let errors = CheckoutInput::default().validate().unwrap_err();
        assert_eq!(
            errors.get("paymentMethod"),
            Some("Unsupported payment method")
        );
        assert_eq!(
            errors.get("paymentPhone"),
            Some("Please enter a phone number")
        );
        let bad_phone = CheckoutInput {
            payment_method: "evc-plus".into(),
            payment_phone: "12".into(),
            shipping_address: None,
        };
        assert_eq!(
            bad_phone.validate().unwrap_err().get("paymentPhone"),
            Some(PHONE_INVALID.english())
        );
    }

    #[test]
    fn a_given_address_must_be_complete() {
        let input = CheckoutInput {
            payment_method: "evc-plus".into(),
            payment_phone: "615551234".into(),
            shipping_address: Some(ShippingAddressInput {
                full_name: "Amina".into(),
                city: "Mogadishu".into(),
                ..Default::default()
            }),
        };
        let errors = input.validate().unwrap_err();
        assert_eq!(errors.get("district"), Some("District is required"));
        assert_eq!(errors.get("addressLine"), Some("Address is required"));
        assert_eq!(errors.get("city"), None);
    }
}
