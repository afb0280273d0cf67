//! Shop-wide settings an admin may change.

use crate::message::texts::{COD_MAX_INVALID, EMAIL_INVALID, PHONE_REQUIRED};
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
    /// The largest order total a rider collects in cash (`SHOP_COD_MAX`, $200 unless set
    /// otherwise).
    pub cash_on_delivery_max: Money,
}

#[derive(Debug, Clone, Default)]
pub struct SettingsInput {
    pub shop_name: String,
    pub support_phone: String,
    pub support_email: String,
    pub shipping_fee: Option<f64>,
    /// `None`: unchanged (SPEC's settings form does not send it); `Some(None)`: sent, but
    /// no number.
    pub cash_on_delivery_max: Option<Option<f64>>,
}

/// Shipping above $1,000 is surely a typo.
const MAX_SHIPPING_CENTS: i64 = 100_000;
/// Riders carrying more than $10,000 for one order is surely a typo.
const MAX_COD_CENTS: i64 = 1_000_000;

impl SettingsInput {
    /// The settings to save in place of `before` (`None`: a new shop's, every field given).
    pub fn validate(&self, before: Option<&ShopSettings>) -> Result<ShopSettings, FieldErrors> {
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
        let cash_on_delivery_max = match self.cash_on_delivery_max {
            None => before.map(|before| before.cash_on_delivery_max),
            Some(max) => max
                .and_then(Money::from_dollars)
                .filter(|max| max.cents() <= MAX_COD_CENTS),
        };
        errors.check(
            cash_on_delivery_max.is_none(),
            "cashOnDeliveryMax",
            COD_MAX_INVALID,
        );
        match (
            shop_name,
            support_phone,
            support_email,
            shipping_fee,
            cash_on_delivery_max,
        ) {
            (
                Some(shop_name),
                Some(support_phone),
                Some(support_email),
                Some(shipping_fee),
                Some(cash_on_delivery_max),
            ) if errors.is_empty() => Ok(ShopSettings {
                shop_name,
                support_phone,
                support_email,
                shipping_fee,
                cash_on_delivery_max,
            }),
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn before() -> ShopSettings {
        ShopSettings {
            shop_name: "Dukaan".into(),
            support_phone: "+252 61 000 0000".into(),
            support_email: Email::parse("help@dukaan.so").unwrap(),
            shipping_fee: Money::from_cents(500).unwrap(),
            cash_on_delivery_max: Money::from_cents(20_000).unwrap(),
        }
    }

    #[test]
    fn settings_need_every_field_and_a_sane_fee() {
        let errors = SettingsInput {
            shipping_fee: Some(5000.0),
            ..Default::default()
        }
        .validate(Some(&before()))
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
            cash_on_delivery_max: None,
        }
        .validate(Some(&before()))
        .unwrap();
        assert_eq!(settings.shipping_fee, Money::ZERO);
        assert_eq!(settings.cash_on_delivery_max.cents(), 20_000);
    }

    #[test]
    fn the_most_paid_in_cash_is_kept_unless_sent_and_sane() {
        let input = |max| SettingsInput {
            shop_name: "Dukaan".into(),
            support_phone: "+252 61 000 0000".into(),
            support_email: "help@dukaan.so".into(),
            shipping_fee: Some(5.0),
            cash_on_delivery_max: Some(Some(max)),
        };
        let set = input(350.0).validate(Some(&before())).unwrap();
        assert_eq!(set.cash_on_delivery_max.cents(), 35_000);
        let errors = input(10_000.01).validate(Some(&before())).unwrap_err();
        assert_eq!(
            errors.get("cashOnDeliveryMax"),
            Some("The most paid in cash must be between 0 and 10000")
        );
    }
}
