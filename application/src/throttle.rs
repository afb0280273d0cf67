//! Sign-in throttling: after repeated failures for one e-mail or from one address, further
//! attempts are refused for a while. Kept per process (DESIGN.md allows it).

use chrono::{DateTime, Duration, Utc};
use std::collections::HashMap;
use std::sync::Mutex;

const WINDOW_MINUTES: i64 = 15;
const MAX_FAILURES_PER_EMAIL: u32 = 5;
const MAX_FAILURES_PER_ADDRESS: u32 = 20;
/// Bounds memory under a flood of distinct keys.
const MAX_TRACKED_KEYS: usize = 100_000;

#[derive(Debug, Clone, Copy)]
struct Failures {
    count: u32,
    window_start: DateTime<Utc>,
}

#[derive(Debug, Default)]
pub struct LoginThrottle {
    failures: Mutex<HashMap<String, Failures>>,
}

impl LoginThrottle {
    fn keys(email: &str, address: &str) -> [(String, u32); 2] {
        [
            (
                format!("email:{}", email.trim().to_lowercase()),
                MAX_FAILURES_PER_EMAIL,
            ),
            (format!("addr:{address}"), MAX_FAILURES_PER_ADDRESS),
        ]
    }

    /// Seconds to wait when this e-mail or address has failed too often lately.
    pub fn blocked_for(&self, email: &str, address: &str, now: DateTime<Utc>) -> Option<u64> {
        let failures = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        Self::keys(email, address)
            .iter()
            .filter_map(|(key, limit)| {
                let entry = failures.get(key)?;
                let until = entry.window_start + Duration::minutes(WINDOW_MINUTES);
                (entry.count >= *limit && until > now)
                    .then(|| (until - now).num_seconds().max(1) as u64)
            })
            .max()
    }

    pub fn record_failure(&self, email: &str, address: &str, now: DateTime<Utc>) {
        let mut failures = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        if failures.len() >= MAX_TRACKED_KEYS {
            failures.retain(|_, f| f.window_start + Duration::minutes(WINDOW_MINUTES) > now);
        }
        for (key, _) in Self::keys(email, address) {
            let entry = failures.entry(key).or_insert(Failures {
                count: 0,
                window_start: now,
            });
            if entry.window_start + Duration::minutes(WINDOW_MINUTES) <= now {
                *entry = Failures {
                    count: 0,
                    window_start: now,
                };
            }
            entry.count += 1;
        }
    }

    /// A successful sign-in forgives the e-mail's failures (not the address's).
    pub fn record_success(&self, email: &str) {
        let mut failures = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        failures.remove(&format!("email:{}", email.trim().to_lowercase()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn five_failures_for_one_email_block_it_for_fifteen_minutes() {
        let throttle = LoginThrottle::default();
        let now = Utc.with_ymd_and_hms(2026, 11, 21, 12, 0, 0).unwrap();
        for _ in 0..4 {
            throttle.record_failure("a@b.so", "1.1.1.1", now);
        }
        assert_eq!(throttle.blocked_for("A@b.so", "2.2.2.2", now), None);
        throttle.record_failure("a@b.so", "1.1.1.1", now);
        assert_eq!(throttle.blocked_for("A@b.so", "2.2.2.2", now), Some(900));
        assert_eq!(
            throttle.blocked_for("a@b.so", "2.2.2.2", now + Duration::minutes(15)),
            None
        );
    }

    #[test]
    fn one_address_trying_many_emails_is_blocked_too() {
        let throttle = LoginThrottle::default();
        let now = Utc.with_ymd_and_hms(2026, 11, 21, 12, 0, 0).unwrap();
        for i in 0..20 {
            throttle.record_failure(&format!("u{i}@b.so"), "1.1.1.1", now);
        }
        assert!(throttle.blocked_for("new@b.so", "1.1.1.1", now).is_some());
        assert!(throttle.blocked_for("new@b.so", "9.9.9.9", now).is_none());
    }

    #[test]
    fn success_forgives_the_email() {
        let throttle = LoginThrottle::default();
        let now = Utc.with_ymd_and_hms(2026, 11, 21, 12, 0, 0).unwrap();
        for _ in 0..5 {
            throttle.record_failure("a@b.so", "1.1.1.1", now);
        }
        throttle.record_success("a@b.so");
        assert_eq!(throttle.blocked_for("a@b.so", "2.2.2.2", now), None);
    }
}
