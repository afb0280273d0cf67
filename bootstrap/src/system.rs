//! Adapters for the clock, ids and random secrets.

use chrono::{DateTime, DurationRound, TimeDelta, Utc};
use domain::delivery::DeliveryCode;
use domain::password_reset::CODE_DIGITS;
use domain::payment_link::{LinkToken, TOKEN_LENGTH};
use domain::ports::{Clock, IdGenerator, SecretGenerator};
use rand::distributions::{Alphanumeric, DistString};
use rand::Rng;

pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        let now = Utc::now();
        now.duration_trunc(TimeDelta::microseconds(1))
            .unwrap_or(now)
    }
}

/// Random UUIDs (v4). Screens show an order by the first 8 characters of its id, which a
/// time-ordered UUID (v7) would share between orders placed within the same minute.
pub struct RandomIds;

impl IdGenerator for RandomIds {
    fn new_id(&self) -> String {
        uuid::Uuid::new_v4().to_string()
    }
}

pub struct RandomSecrets;

impl SecretGenerator for RandomSecrets {
    fn temporary_password(&self) -> String {
        Alphanumeric.sample_string(&mut rand::thread_rng(), 12)
    }

    fn reset_code(&self) -> String {
        let code: u32 = rand::thread_rng().gen_range(0..10u32.pow(CODE_DIGITS as u32));
        format!("{code:0width$}", width = CODE_DIGITS)
    }

    fn delivery_code(&self) -> DeliveryCode {
        DeliveryCode::from_random(rand::thread_rng().gen())
    }

    fn link_token(&self) -> LinkToken {
        let token = Alphanumeric.sample_string(&mut rand::thread_rng(), TOKEN_LENGTH);
        LinkToken::parse(&token).expect("letters and digits of the token's length")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_keeps_microseconds_only() {
        assert_eq!(SystemClock.now().timestamp_subsec_nanos() % 1000, 0);
    }

    #[test]
    fn ids_are_valid_and_differ_in_their_first_eight_characters() {
        let ids: std::collections::HashSet<String> = (0..100)
            .map(|_| RandomIds.new_id()[..8].to_owned())
            .collect();
        assert_eq!(ids.len(), 100);
        assert!(domain::OrderId::parse(&RandomIds.new_id()).is_some());
    }

    #[test]
    fn temporary_passwords_are_long_enough_and_differ() {
        let a = RandomSecrets.temporary_password();
        assert_eq!(a.len(), 12);
        assert_ne!(a, RandomSecrets.temporary_password());
    }

    #[test]
    fn reset_codes_are_six_digits_leading_zeros_kept() {
        let codes: std::collections::HashSet<String> =
            (0..2000).map(|_| RandomSecrets.reset_code()).collect();
        assert!(codes
            .iter()
            .all(|c| domain::password_reset::is_code_shaped(c)));
        assert!(codes.len() > 1900, "random: {}", codes.len());
        assert!(codes.iter().any(|c| c.starts_with('0')));
    }
}
