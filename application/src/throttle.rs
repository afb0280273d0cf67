//! Throttling of sign-ins and registrations: after too many counted attempts for one e-mail
//! or from one address within a window, further attempts are refused until the window ends.
//! Kept per process (DESIGN.md allows it).

use chrono::{DateTime, Duration, Utc};
use std::collections::HashMap;
use std::sync::Mutex;

/// How many attempts one key may make within a window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub max: u32,
    pub window_minutes: i64,
}

impl Limit {
    fn window(self) -> Duration {
        Duration::minutes(self.window_minutes)
    }
}

/// Failed sign-ins: guessing one account's password, or many accounts' from one address.
pub const SIGN_IN_PER_EMAIL: Limit = Limit {
    max: 5,
    window_minutes: 15,
};
pub const SIGN_IN_PER_ADDRESS: Limit = Limit {
    max: 20,
    window_minutes: 15,
};
/// Registrations (valid ones, whether the e-mail was free or taken): mass sign-ups from one
/// address, or probing which e-mails have accounts.
pub const REGISTRATION_PER_EMAIL: Limit = Limit {
    max: 5,
    window_minutes: 60,
};
pub const REGISTRATION_PER_ADDRESS: Limit = Limit {
    max: 20,
    window_minutes: 60,
};

/// Bounds memory under a flood of distinct keys.
const MAX_TRACKED_KEYS: usize = 100_000;

/// What is counted: one kind of attempt for one e-mail or address, under its limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Key {
    name: String,
    limit: Limit,
}

impl Key {
    fn new(kind: &str, subject: &str, limit: Limit) -> Self {
        Self {
            name: format!("{kind}:{subject}"),
            limit,
        }
    }
}

fn email_key(kind: &str, email: &str, limit: Limit) -> Key {
    Key::new(
        kind,
        &format!("email:{}", email.trim().to_lowercase()),
        limit,
    )
}

fn address_key(kind: &str, address: &str, limit: Limit) -> Key {
    Key::new(kind, &format!("addr:{address}"), limit)
}

pub fn sign_in_keys(email: &str, address: &str) -> [Key; 2] {
    [
        email_key("sign-in", email, SIGN_IN_PER_EMAIL),
        address_key("sign-in", address, SIGN_IN_PER_ADDRESS),
    ]
}

/// The e-mail's sign-in key alone (a successful sign-in forgives it).
pub fn sign_in_email_key(email: &str) -> Key {
    email_key("sign-in", email, SIGN_IN_PER_EMAIL)
}

pub fn registration_keys(email: &str, address: &str) -> [Key; 2] {
    [
        email_key("register", email, REGISTRATION_PER_EMAIL),
        address_key("register", address, REGISTRATION_PER_ADDRESS),
    ]
}

#[derive(Debug, Clone, Copy)]
struct Attempts {
    count: u32,
    window_end: DateTime<Utc>,
}

#[derive(Debug, Default)]
pub struct Throttle {
    attempts: Mutex<HashMap<String, Attempts>>,
}

impl Throttle {
    /// Seconds to wait when any of the keys has reached its limit in its current window.
    pub fn blocked_for(&self, keys: &[Key], now: DateTime<Utc>) -> Option<u64> {
        let attempts = self.attempts.lock().unwrap_or_else(|p| p.into_inner());
        keys.iter()
            .filter_map(|key| {
                let entry = attempts.get(&key.name)?;
                (entry.count >= key.limit.max && entry.window_end > now)
                    .then(|| (entry.window_end - now).num_seconds().max(1) as u64)
            })
            .max()
    }

    /// Counts one attempt for every key; a key whose window has ended starts a new one.
    pub fn record(&self, keys: &[Key], now: DateTime<Utc>) {
        let mut attempts = self.attempts.lock().unwrap_or_else(|p| p.into_inner());
        if attempts.len() >= MAX_TRACKED_KEYS {
            attempts.retain(|_, a| a.window_end > now);
        }
        for key in keys {
            let fresh = Attempts {
                count: 0,
                window_end: now + key.limit.window(),
            };
            let entry = attempts.entry(key.name.clone()).or_insert(fresh);
            if entry.window_end <= now {
                *entry = fresh;
            }
            entry.count += 1;
        }
    }

    pub fn forgive(&self, key: &Key) {
        let mut attempts = self.attempts.lock().unwrap_or_else(|p| p.into_inner());
        attempts.remove(&key.name);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn noon() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 21, 12, 0, 0).unwrap()
    }

    #[test]
    fn five_failures_for_one_email_block_it_for_fifteen_minutes() {
        let throttle = Throttle::default();
        let now = noon();
        for _ in 0..4 {
            throttle.record(&sign_in_keys("a@b.so", "1.1.1.1"), now);
        }
        assert_eq!(
            throttle.blocked_for(&sign_in_keys("A@b.so", "2.2.2.2"), now),
            None
        );
        throttle.record(&sign_in_keys("a@b.so", "1.1.1.1"), now);
        assert_eq!(
            throttle.blocked_for(&sign_in_keys("A@b.so", "2.2.2.2"), now),
            Some(900)
        );
        assert_eq!(
            throttle.blocked_for(
                &sign_in_keys("a@b.so", "2.2.2.2"),
                now + Duration::minutes(15)
            ),
            None
        );
    }

    #[test]
    fn one_address_trying_many_emails_is_blocked_too() {
        let throttle = Throttle::default();
        let now = noon();
        for i in 0..20 {
            throttle.record(&sign_in_keys(&format!("u{i}@b.so"), "1.1.1.1"), now);
        }
        assert!(throttle
            .blocked_for(&sign_in_keys("new@b.so", "1.1.1.1"), now)
            .is_some());
        assert!(throttle
            .blocked_for(&sign_in_keys("new@b.so", "9.9.9.9"), now)
            .is_none());
    }

    #[test]
    fn success_forgives_the_email() {
        let throttle = Throttle::default();
        let now = noon();
        for _ in 0..5 {
            throttle.record(&sign_in_keys("a@b.so", "1.1.1.1"), now);
        }
        throttle.forgive(&sign_in_email_key("a@b.so"));
        assert_eq!(
            throttle.blocked_for(&sign_in_keys("a@b.so", "2.2.2.2"), now),
            None
        );
    }

    #[test]
    fn twenty_registrations_from_one_address_block_it_for_an_hour() {
        let throttle = Throttle::default();
        let now = noon();
        for i in 0..20 {
            throttle.record(&registration_keys(&format!("u{i}@b.so"), "1.1.1.1"), now);
        }
        let later = now + Duration::minutes(30);
        assert_eq!(
            throttle.blocked_for(&registration_keys("new@b.so", "1.1.1.1"), later),
            Some(1800)
        );
        assert_eq!(
            throttle.blocked_for(&registration_keys("new@b.so", "9.9.9.9"), later),
            None
        );
        assert_eq!(
            throttle.blocked_for(
                &registration_keys("new@b.so", "1.1.1.1"),
                now + Duration::hours(1)
            ),
            None
        );
    }

    #[test]
    fn registrations_and_sign_ins_are_counted_apart() {
        let throttle = Throttle::default();
        let now = noon();
        for _ in 0..5 {
            throttle.record(&registration_keys("a@b.so", "1.1.1.1"), now);
        }
        assert_eq!(
            throttle.blocked_for(&registration_keys("a@b.so", "2.2.2.2"), now),
            Some(3600)
        );
        assert_eq!(
            throttle.blocked_for(&sign_in_keys("a@b.so", "2.2.2.2"), now),
            None
        );
    }
}
