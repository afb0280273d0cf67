//! The seeded shop's customers: Somali names, phones and addresses, all with one password.

use super::{spread, CATALOGUE_DAYS};
use crate::demo::zones::DEMO_ZONES;
use crate::system::RandomIds;
use chrono::{DateTime, Duration, Utc};
use domain::checkout::ShippingAddress;
use domain::language::Language;
use domain::phone::MobileNumber;
use domain::ports::IdGenerator;
use domain::user::{Email, Role, User};
use domain::{Money, UserId};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::Rng;

const FIRST_NAMES: &[&str] = &[
    "Amina", "Hodan", "Fadumo", "Sahra", "Ifrah", "Hibaq", "Nasra", "Ayaan", "Khadija", "Maryan",
    "Deeqa", "Ubah", "Ikran", "Sagal", "Hawa", "Asha", "Abdi", "Mohamed", "Yusuf", "Hassan",
];

const LAST_NAMES: &[&str] = &[
    "Hassan", "Mohamed", "Ali", "Warsame", "Farah", "Abdi", "Jama", "Osman", "Aden", "Ibrahim",
    "Nur", "Yusuf", "Omar", "Egal", "Hersi",
];

/// Landmarks a rider looks for, as shoppers write them.
const LANDMARKS: &[&str] = &[
    "Near the market mosque",
    "Opposite the pharmacy",
    "Behind the primary school",
    "Next to the Hormuud office",
    "",
];

/// A customer with what their orders need ready: the normalised payment number and a
/// delivery address in one of the demo's zones (some never give one), with its fee.
pub(super) struct Customer {
    pub user: User,
    pub payment_phone: MobileNumber,
    pub address: Option<ShippingAddress>,
    /// The fee of the address's zone; `None` without an address (the flat fee).
    pub delivery_fee: Option<Money>,
}

/// Customers oldest first, all with `password_hash`. Their e-mail addresses carry a tag of
/// this run (`customer12.3f9a0c@example.com`), so a second seed adds new customers.
pub(super) fn customers(
    rng: &mut StdRng,
    count: u32,
    password_hash: &str,
    now: DateTime<Utc>,
) -> Vec<Customer> {
    let run = &RandomIds.new_id()[..6];
    (0..count)
        .map(|i| {
            let name = format!(
                "{} {}",
                FIRST_NAMES.choose(rng).expect("not empty"),
                LAST_NAMES.choose(rng).expect("not empty")
            );
            // A wallet's number (EVC Plus the most), never one of the sandbox's test numbers
            // (a prefix and 000 000x).
            let phone = format!(
                "+252 {} {} {:04}",
                ["61", "61", "61", "77", "63", "90", "62", "65"]
                    .choose(rng)
                    .expect("not empty"),
                rng.gen_range(100..=999),
                rng.gen_range(0..=9999)
            );
            let payment_phone = MobileNumber::parse(&phone).expect("seed numbers are Somali");
            let delivered_to = rng.gen_bool(0.85).then(|| {
                let (city, district, fee, _, _) = *DEMO_ZONES.choose(rng).expect("not empty");
                let address = ShippingAddress {
                    full_name: name.clone(),
                    phone: phone.clone(),
                    city: city.to_owned(),
                    district: district.unwrap_or_default().to_owned(),
                    address_line: format!(
                        "Street {}, house {}",
                        rng.gen_range(1..=60),
                        rng.gen_range(1..=300)
                    ),
                    landmark: (*LANDMARKS.choose(rng).expect("not empty")).to_owned(),
                };
                (
                    address,
                    Money::from_cents(fee).expect("demo fees are money"),
                )
            });
            let (address, delivery_fee) = delivered_to.unzip();
            let email = format!("customer{}.{run}@example.com", i + 1);
            Customer {
                user: User {
                    id: UserId::parse(&RandomIds.new_id()).expect("uuid ids are valid"),
                    name,
                    email: Some(Email::parse(&email).expect("seed e-mails are valid")),
                    phone,
                    role: Role::User,
                    password_hash: password_hash.to_owned(),
                    must_change_password: false,
                    token_version: 0,
                    // The last one a day ago: none is newer than every order.
                    created_at: spread(now - Duration::days(1), CATALOGUE_DAYS - 1, i, count),
                    language: Language::English,
                },
                payment_phone,
                address,
                delivery_fee,
            }
        })
        .collect()
}
