//! Shop-wide settings an admin may change.

use crate::message::texts::{EMAIL_INVALID, PHONE_REQUIRED};
use crate::money::Money;
use crate::user::Email;
use crate::validation::{FieldErrors, Lines};

#[derive(Debug, Clone, PartialEq)]
pub struct ShopSettings {
    pub shop_name: String,
    pub support_phone: String,
    pub support_email: Email,
    /// The flat shipping fee added to every order ($5.00 unless set otherwise).
    pub shipping_fee: Money,
}

#[derive(Debug, Clone, Default)]
pub struct SettingsInput {
    pub shop_name: String,
    pub support_phone: String,
    pub support_email: String,
    pub shipping_fee: Option<f64>,
}

/// Shipping above $1,000 is surely a typo.
const MAX_SHIPPING_CENTS: i64 = 100_000;

impl SettingsInput {
    pub fn validate(&self) -> Result<ShopSettings, FieldErrors> {
        let mut errors = FieldErrors::new();
        let shop_name = errors.text("shopName", &self.shop_name, Lines::Single);
        errors.check(shop_name.is_none(), "shopName", "Shop name is required");
        let support_phone = errors.text("supportPhone", &self.support_phone, Lines::Single);
        errors.check(support_phone.is_none(), "supportPhone", PHONE_REQUIRED);
        errors.check_text("supportEmail", &self.support_email, Lines::Single);
        let support_email = Email::parse(&self.support_email).ok();
        errors.check(support_email.is_none(), "supportEmail", EMAIL_INVALID);
        let shipping_fee = self
            .shipping_fee
            .and_then(Money::from_dollars)
            .filter(|fee| fee.cents() <= MAX_SHIPPING_CENTS);
        errors.check(
            shipping_fee.is_none(),
            "shippingFee",
            "Shipping fee must be between 0 and 1000",
        );
        match (shop_name, support_phone, support_email, shipping_fee) {
            (Some(shop_name), Some(support_phone), Some(support_email), Some(shipping_fee))
                if errors.is_empty() =>
            {
                Ok(ShopSettings {
                    shop_name,
                    support_phone,
                    support_email,
                    shipping_fee,
                })
            }
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_need_every_field_and_a_sane_fee() {
        let errors = SettingsInput {
            shipping_fee: Some(5000.0),
            ..Default::default()
        }
        .validate()
        .unwrap_err();
        assert_eq!(errors.get("shopName"), Some("Shop name is required"));
        assert_eq!(errors.get("supportEmail"), Some("Email is invalid"));
        assert_eq!(
            errors.get("shippingFee"),
            Some("Shipping fee must be between 0 and 1000")
        );
    }

    #[test]
    fn free_shipping_is_allowed() {
        let settings = SettingsInput {
            shop_name: "Dukaan".into(),
            support_phone: "+252 61 000 0000".into(),
            support_email: "help@dukaan.so".into(),
            shipping_fee: Some(0.0),
        }
        .validate()
        .unwrap();
        assert_eq!(settings.shipping_fee, Money::ZERO);
    }
}
