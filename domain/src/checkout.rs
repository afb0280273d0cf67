//! Checkout input: the payment method with its phone number, and the delivery address.

use crate::delivery::zone::{DeliveryZone, Zones, MAX_PLACE_NAME};
use crate::message::texts::{
    ADDRESS_REQUIRED, CITY_REQUIRED, FULL_NAME_REQUIRED, LANDMARK_TOO_LONG, MOBILE_PHONE_INVALID,
    NOT_A_WALLET_NUMBER, PAYMENT_METHOD_UNAVAILABLE, PAYMENT_METHOD_UNSUPPORTED, PHONE_INVALID,
    PHONE_MISSING, PHONE_REQUIRED, WALLET_MISMATCH, WALLET_PHONE_INVALID, ZONE_NAME_TOO_LONG,
};
use crate::message::{Message, Text};
use crate::payment_method::{PaymentKind, PaymentMethod};
use crate::phone::MobileNumber;
use crate::validation::{FieldErrors, Lines};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShippingAddress {
    pub full_name: String,
    pub phone: String,
    pub city: String,
    /// Empty in a city delivered as a whole where the shopper named none.
    pub district: String,
    pub address_line: String,
    /// What the rider looks for where streets have no names ("near the Hodan market
    /// mosque"); may be empty.
    pub landmark: String,
}

#[derive(Debug, Clone, Default)]
pub struct ShippingAddressInput {
    pub full_name: String,
    pub phone: String,
    pub city: String,
    pub district: String,
    pub address_line: String,
    pub landmark: String,
}

#[derive(Debug, Clone, Default)]
pub struct CheckoutInput {
    pub payment_method: String,
    pub payment_phone: String,
    pub shipping_address: Option<ShippingAddressInput>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CheckoutRequest {
    pub method: PaymentMethod,
    /// The wallet's number for a wallet; for a card or cash, the number the shop's messages
    /// and the rider reach (a diaspora shopper gives the family's).
    pub phone: MobileNumber,
    pub shipping_address: Option<ShippingAddress>,
    /// The zone the address is in; `None` without an address or in a shop without zones
    /// (the settings' flat fee).
    pub zone: Option<DeliveryZone>,
}

const MAX_ADDRESS_FIELD: usize = 200;

/// A way to pay with its number, as sent (`paymentMethod`, `paymentPhone`): at checkout,
/// and when a phone order's customer pays.
#[derive(Debug, Clone, Default)]
pub struct PaymentChoiceInput {
    pub payment_method: String,
    pub payment_phone: String,
}

impl PaymentChoiceInput {
    /// The method, one the shop `offers`, and its number (a wallet's own).
    pub fn validate(
        &self,
        offers: &[PaymentMethod],
    ) -> Result<(PaymentMethod, MobileNumber), FieldErrors> {
        let mut errors = FieldErrors::new();
        match self.validate_into(offers, &mut errors) {
            (Some(method), Some(phone)) if errors.is_empty() => Ok((method, phone)),
            _ => Err(errors),
        }
    }

    fn validate_into(
        &self,
        offers: &[PaymentMethod],
        errors: &mut FieldErrors,
    ) -> (Option<PaymentMethod>, Option<MobileNumber>) {
        let method = PaymentMethod::parse(&self.payment_method);
        match method {
            None => errors.add("paymentMethod", PAYMENT_METHOD_UNSUPPORTED),
            Some(method) if !offers.contains(&method) => errors.add(
                "paymentMethod",
                PAYMENT_METHOD_UNAVAILABLE.with("method", method.name()),
            ),
            Some(_) => {}
        }
        let phone = if self.payment_phone.trim().is_empty() {
            errors.add("paymentPhone", PHONE_MISSING);
            None
        } else {
            let phone = MobileNumber::parse(&self.payment_phone);
            match (&phone, method) {
                (None, _) => errors.add("paymentPhone", invalid_phone(method)),
                (Some(number), Some(method)) => {
                    if let Some(refusal) = wallet_refusal(number, method, offers) {
                        errors.add("paymentPhone", refusal);
                    }
                }
                (Some(_), None) => {}
            }
            phone
        };
        (method, phone)
    }
}

impl CheckoutInput {
    /// Checks the input against the methods this shop `offers` and the `zones` it delivers to.
    pub fn validate(
        &self,
        offers: &[PaymentMethod],
        zones: &Zones,
    ) -> Result<CheckoutRequest, FieldErrors> {
        let mut errors = FieldErrors::new();
        let (method, phone) = PaymentChoiceInput {
            payment_method: self.payment_method.clone(),
            payment_phone: self.payment_phone.clone(),
        }
        .validate_into(offers, &mut errors);
        let delivery = self
            .shipping_address
            .as_ref()
            .and_then(|a| a.validate_into(zones, &mut errors));
        let (shipping_address, zone) = match delivery {
            Some((address, zone)) => (Some(address), zone),
            None => (None, None),
        };
        match (method, phone) {
            (Some(method), Some(phone)) if errors.is_empty() => Ok(CheckoutRequest {
                method,
                phone,
                shipping_address,
                zone,
            }),
            _ => Err(errors),
        }
    }
}

/// What a number that is no Somali mobile number is told: SPEC's words for EVC Plus, the
/// wallet's own (with one of its numbers) for another wallet, any mobile number for a card,
/// cash or a wallet whose numbers have no prefix of their own.
fn invalid_phone(method: Option<PaymentMethod>) -> Message {
    let Some(method) = method else {
        return PHONE_INVALID.into();
    };
    match method.prefixes().first() {
        _ if method == PaymentMethod::EvcPlus => PHONE_INVALID.into(),
        Some(prefix) => WALLET_PHONE_INVALID
            .with("wallet", method.name())
            .with("example", format!("{prefix} 234 5678")),
        None => MOBILE_PHONE_INVALID.into(),
    }
}

/// A wallet takes only its own numbers: another wallet's number is named, a number of no
/// wallet is told the wallets taken. A wallet whose numbers have no prefix of their own
/// takes any mobile number.
fn wallet_refusal(
    number: &MobileNumber,
    method: PaymentMethod,
    offers: &[PaymentMethod],
) -> Option<Message> {
    if method.kind() != PaymentKind::Wallet || method.prefixes().is_empty() {
        return None;
    }
    match PaymentMethod::wallet_of(number) {
        Some(wallet) if wallet == method => None,
        Some(wallet) => Some(WALLET_MISMATCH.with("wallet", wallet.name())),
        None => Some(NOT_A_WALLET_NUMBER.with("wallets", PaymentMethod::named_wallets(offers))),
    }
}

impl ShippingAddressInput {
    /// The address, in the zone it names (as the zone spells it), or its errors in `errors`.
    pub(crate) fn validate_into(
        &self,
        zones: &Zones,
        errors: &mut FieldErrors,
    ) -> Option<(ShippingAddress, Option<DeliveryZone>)> {
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
        let address_line = field(&self.address_line, "addressLine", ADDRESS_REQUIRED);
        let mut optional = |value: &str, key: &'static str, most: usize, too_long: Text| {
            let text = errors.text(key, value, Lines::Single).unwrap_or_default();
            errors.check(text.chars().count() > most, key, too_long);
            text
        };
        let district = optional(
            &self.district,
            "district",
            MAX_PLACE_NAME,
            ZONE_NAME_TOO_LONG,
        );
        let landmark = optional(
            &self.landmark,
            "landmark",
            MAX_ADDRESS_FIELD,
            LANDMARK_TOO_LONG,
        );
        let city = city?;
        let zone = match zones.destination(&city, Some(&district)) {
            Ok(zone) => zone.cloned(),
            Err(refusal) => {
                let (field, message) = refusal.on_field();
                errors.add(field, message);
                return None;
            }
        };
        let (city, district) = match &zone {
            Some(zone) => (zone.city.clone(), zone.district.clone().unwrap_or(district)),
            None => (city, district),
        };
        let address = ShippingAddress {
            full_name: full_name?,
            phone: phone?,
            city,
            district,
            address_line: address_line?,
            landmark,
        };
        Some((address, zone))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::delivery::zone::tests::shop_zones;

    use crate::payment_method::PaymentMethod::{self, *};

    fn pay(
        method: &str,
        phone: &str,
        offers: &[PaymentMethod],
    ) -> Result<CheckoutRequest, FieldErrors> {
        CheckoutInput {
            payment_method: method.into(),
            payment_phone: phone.into(),
            shipping_address: None,
        }
        .validate(offers, &Zones::default())
    }

    fn phone_error(method: &str, phone: &str) -> String {
        let errors = pay(method, phone, &PaymentMethod::ALL).unwrap_err();
        errors.get("paymentPhone").unwrap().to_owned()
    }

    #[test]
    fn checkout_needs_a_method_and_a_phone() {
        let errors = CheckoutInput::default()
            .validate(&PaymentMethod::ALL, &Zones::default())
            .unwrap_err();
        assert_eq!(
            errors.get("paymentMethod"),
            Some("Unsupported payment method")
        );
        assert_eq!(
            errors.get("paymentPhone"),
            Some("Please enter a phone number")
        );
        assert_eq!(phone_error("evc-plus", "12"), PHONE_INVALID.english());
    }

    #[test]
    fn each_wallet_takes_its_own_numbers() {
        let zaad = pay("zaad", "63 444 1234", &PaymentMethod::ALL).unwrap();
        assert_eq!((zaad.method, zaad.phone.as_str()), (Zaad, "252634441234"));
        assert_eq!(
            pay("edahab", "0651234567", &PaymentMethod::ALL)
                .unwrap()
                .method,
            Edahab
        );
        assert_eq!(
            pay("sahal", "907654321", &PaymentMethod::ALL)
                .unwrap()
                .method,
            Sahal
        );
        assert_eq!(
            pay("evc-plus", "771234567", &PaymentMethod::ALL)
                .unwrap()
                .method,
            EvcPlus
        );
    }

    #[test]
    fn another_wallets_number_is_named_and_a_number_of_no_wallet_hears_the_wallets_taken() {
        assert_eq!(
            phone_error("evc-plus", "63 444 1234"),
            "This number belongs to ZAAD. Choose ZAAD to pay with it."
        );
        assert_eq!(
            phone_error("zaad", "62 123 4567"),
            "This number belongs to eDahab. Choose eDahab to pay with it."
        );
        let errors = pay("evc-plus", "68 123 4567", &[EvcPlus, Zaad, Card]).unwrap_err();
        assert_eq!(
            errors.get("paymentPhone"),
            Some("Please enter a number of a wallet we take: EVC Plus, ZAAD")
        );
    }

    #[test]
    fn a_bad_number_is_told_in_the_chosen_wallets_words() {
        assert_eq!(
            phone_error("zaad", "12"),
            "Please enter a valid ZAAD number, such as 63 234 5678"
        );
        assert_eq!(phone_error("card", "12"), MOBILE_PHONE_INVALID.english());
    }

    #[test]
    fn a_card_or_cash_takes_any_somali_mobile_number() {
        let card = pay("card", "68 123 4567", &PaymentMethod::ALL).unwrap();
        assert_eq!((card.method, card.phone.as_str()), (Card, "252681234567"));
    }

    #[test]
    fn a_method_the_shop_has_not_set_up_is_refused() {
        let errors = pay("card", "61 555 1234", &[EvcPlus]).unwrap_err();
        assert_eq!(
            errors.get("paymentMethod"),
            Some("Card is not available in this shop")
        );
        assert_eq!(errors.get("paymentPhone"), None);
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
        let errors = input
            .validate(&PaymentMethod::ALL, &Zones::default())
            .unwrap_err();
        assert_eq!(errors.get("district"), Some("District is required"));
        assert_eq!(errors.get("addressLine"), Some("Address is required"));
        assert_eq!(errors.get("city"), None);
    }

    fn to_place(
        city: &str,
        district: &str,
        landmark: &str,
    ) -> Result<CheckoutRequest, FieldErrors> {
        CheckoutInput {
            payment_method: "evc-plus".into(),
            payment_phone: "615551234".into(),
            shipping_address: Some(ShippingAddressInput {
                full_name: "Amina".into(),
                phone: "615551234".into(),
                city: city.into(),
                district: district.into(),
                address_line: "Maka Al Mukarama Rd 12".into(),
                landmark: landmark.into(),
            }),
        }
        .validate(&PaymentMethod::ALL, &shop_zones())
    }

    #[test]
    fn an_address_lies_in_a_served_zone_spelled_as_the_zone_spells_it() {
        let hodan = to_place("mogadishu ", "hodan", "Near the Hodan market mosque").unwrap();
        let address = hodan.shipping_address.unwrap();
        assert_eq!(
            (address.city.as_str(), address.district.as_str()),
            ("Mogadishu", "Hodan")
        );
        assert_eq!(address.landmark, "Near the Hodan market mosque");
        assert_eq!(hodan.zone.unwrap().fee.cents(), 200);
        // A whole city keeps the neighbourhood the shopper named, and a landmark is optional.
        let hargeisa = to_place("Hargeisa", "Koodbuur", "").unwrap();
        assert_eq!(hargeisa.shipping_address.unwrap().district, "Koodbuur");
        assert_eq!(hargeisa.zone.unwrap().city, "Hargeisa");
        let errors = to_place("Mogadishu", "Karan", &"x".repeat(201)).unwrap_err();
        assert_eq!(
            errors.get("district"),
            Some("We are not delivering to Karan, Mogadishu at the moment")
        );
        assert_eq!(errors.get("landmark"), Some("Landmark is too long"));
    }
}
