//! Adapters for the clock, ids and random secrets.

use chrono::{DateTime, DurationRound, TimeDelta, Utc};
use domain::ports::{Clock, IdGenerator, SecretGenerator};
use rand::distributions::{Alphanumeric, DistString};

pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        let now = Utc::now();
        now.duration_trunc(TimeDelta::microseconds(1))
            .unwrap_or(now)
    }
}

/// UUID v7: time-ordered, so new rows land at the end of indexes.
pub struct UuidV7Ids;

impl IdGenerator for UuidV7Ids {
    fn new_id(&self) -> String {
        uuid::Uuid::now_v7().to_string()
    }
}

pub struct RandomSecrets;

impl SecretGenerator for RandomSecrets {
    fn temporary_password(&self) -> String {
        Alphanumeric.sample_string(&mut rand::thread_rng(), 12)
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
    fn ids_are_valid_and_ordered() {
        let first = UuidV7Ids.new_id();
        let second = UuidV7Ids.new_id();
        assert!(domain::OrderId::parse(&first).is_some());
        assert!(first < second);
    }

    #[test]
    fn temporary_passwords_are_long_enough_and_differ() {
        let a = RandomSecrets.temporary_password();
        assert_eq!(a.len(), 12);
        assert_ne!(a, RandomSecrets.temporary_password());
    }
}
