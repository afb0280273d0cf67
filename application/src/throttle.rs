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

/// Sign-ins (a success hands its attempt back): guessing one account's password, or many accounts' from one address.
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

/// Password reset codes asked for: each code allows `password_reset::TRIES` guesses, so
/// these bound the guesses at one account.
pub const RESET_CODE_PER_EMAIL: Limit = Limit {
    max: 5,
    window_minutes: 60,
};
pub const RESET_CODE_PER_ADDRESS: Limit = Limit {
    max: 20,
    window_minutes: 60,
};
/// New passwords tried with a code.
pub const RESET_PER_EMAIL: Limit = Limit {
    max: 10,
    window_minutes: 15,
};
pub const RESET_PER_ADDRESS: Limit = Limit {
    max: 30,
    window_minutes: 15,
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

pub fn registration_keys(email: &str, address: &str) -> [Key; 2] {
    [
        email_key("register", email, REGISTRATION_PER_EMAIL),
        address_key("register", address, REGISTRATION_PER_ADDRESS),
    ]
}

pub fn reset_code_keys(email: &str, address: &str) -> [Key; 2] {
    [
        email_key("reset-code", email, RESET_CODE_PER_EMAIL),
        address_key("reset-code", address, RESET_CODE_PER_ADDRESS),
    ]
}

pub fn reset_keys(email: &str, address: &str) -> [Key; 2] {
    [
        email_key("reset", email, RESET_PER_EMAIL),
        address_key("reset", address, RESET_PER_ADDRESS),
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
    /// Takes an attempt for every key, in one step with the check so that attempts sent
    /// together cannot all pass it. `Err(seconds to wait)`, counting nothing, when any key
    /// has reached its limit in its current window; a key whose window has ended starts a
    /// new one.
    pub fn take(&self, keys: &[Key], now: DateTime<Utc>) -> Result<(), u64> {
        let mut attempts = self.attempts.lock().unwrap_or_else(|p| p.into_inner());
        let wait = keys
            .iter()
            .filter_map(|key| {
                let entry = attempts.get(&key.name)?;
                (entry.count >= key.limit.max && entry.window_end > now)
                    .then(|| (entry.window_end - now).num_seconds().max(1) as u64)
            })
            .max();
        if let Some(wait) = wait {
            return Err(wait);
        }
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
        Ok(())
    }

    /// Hands back an attempt taken for `key` that turned out not to count (a success).
    pub fn give_back(&self, key: &Key) {
        let mut attempts = self.attempts.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(entry) = attempts.get_mut(&key.name) {
            entry.count = entry.count.saturating_sub(1);
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
        for _ in 0..5 {
            assert_eq!(
                throttle.take(&sign_in_keys("a@b.so", "1.1.1.1"), now),
                Ok(())
            );
        }
        assert_eq!(
            throttle.take(&sign_in_keys("A@b.so", "2.2.2.2"), now),
            Err(900)
        );
        assert_eq!(
            throttle.take(
                &sign_in_keys("a@b.so", "2.2.2.2"),
                now + Duration::minutes(15)
            ),
            Ok(())
        );
    }

    #[test]
    fn one_address_trying_many_emails_is_blocked_too() {
        let throttle = Throttle::default();
        let now = noon();
        for i in 0..20 {
            assert!(throttle
                .take(&sign_in_keys(&format!("u{i}@b.so"), "1.1.1.1"), now)
                .is_ok());
        }
        assert!(throttle
            .take(&sign_in_keys("new@b.so", "1.1.1.1"), now)
            .is_err());
        assert!(throttle
            .take(&sign_in_keys("new@b.so", "9.9.9.9"), now)
            .is_ok());
    }

    #[test]
    fn success_forgives_the_email() {
        let throttle = Throttle::default();
        let now = noon();
        for _ in 0..5 {
            assert!(throttle
                .take(&sign_in_keys("a@b.so", "1.1.1.1"), now)
                .is_ok());
        }
        let [email, _] = sign_in_keys("a@b.so", "1.1.1.1");
        throttle.forgive(&email);
        assert_eq!(
            throttle.take(&sign_in_keys("a@b.so", "2.2.2.2"), now),
            Ok(())
        );
    }

    #[test]
    fn a_refused_attempt_counts_nothing_and_a_given_back_one_frees_its_slot() {
        let throttle = Throttle::default();
        let now = noon();
        let [email, address] = sign_in_keys("a@b.so", "1.1.1.1");
        for _ in 0..19 {
            assert!(throttle.take(std::slice::from_ref(&address), now).is_ok());
        }
        for _ in 0..5 {
            assert!(throttle.take(std::slice::from_ref(&email), now).is_ok());
        }
        // Refused on the e-mail: the address's twentieth slot stays free.
        assert_eq!(
            throttle.take(&[email.clone(), address.clone()], now),
            Err(900)
        );
        assert_eq!(throttle.take(std::slice::from_ref(&address), now), Ok(()));
        assert_eq!(throttle.take(std::slice::from_ref(&address), now), Err(900));
        throttle.give_back(&address);
        assert_eq!(throttle.take(&[address], now), Ok(()));
    }

    #[test]
    fn twenty_registrations_from_one_address_block_it_for_an_hour() {
        let throttle = Throttle::default();
        let now = noon();
        for i in 0..20 {
            assert!(throttle
                .take(&registration_keys(&format!("u{i}@b.so"), "1.1.1.1"), now)
                .is_ok());
        }
        let later = now + Duration::minutes(30);
        assert_eq!(
            throttle.take(&registration_keys("new@b.so", "1.1.1.1"), later),
            Err(1800)
        );
        assert_eq!(
            throttle.take(&registration_keys("new@b.so", "9.9.9.9"), later),
            Ok(())
        );
        assert_eq!(
            throttle.take(
                &registration_keys("other@b.so", "1.1.1.1"),
                now + Duration::hours(1)
            ),
            Ok(())
        );
    }

    #[test]
    fn registrations_and_sign_ins_are_counted_apart() {
        let throttle = Throttle::default();
        let now = noon();
        for _ in 0..5 {
            assert!(throttle
                .take(&registration_keys("a@b.so", "1.1.1.1"), now)
                .is_ok());
        }
        assert_eq!(
            throttle.take(&registration_keys("a@b.so", "2.2.2.2"), now),
            Err(3600)
        );
        assert_eq!(
            throttle.take(&sign_in_keys("a@b.so", "2.2.2.2"), now),
            Ok(())
        );
    }
}
