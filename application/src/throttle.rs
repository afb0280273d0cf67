//! Throttling of sign-ins, registrations and the catalogue's unpaged lists: after too many
//! counted attempts for one e-mail or from one address within a window, further attempts are
//! refused until the window ends. Kept per process: behind several processes each counts its
//! own attempts, which still bounds them.

use chrono::{DateTime, Duration, Utc};
use domain::message::Message;
use std::collections::HashMap;
use std::sync::Mutex;

/// Refused: too many attempts of one kind; `message` (told `minutes`) says which, and when
/// to try again.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct TooManyAttempts {
    pub message: Message,
    pub retry_after_secs: u64,
}

impl TooManyAttempts {
    /// `message` is told the minutes to wait, rounded up.
    pub fn new(message: Message, retry_after_secs: u64) -> Self {
        Self {
            message: message.with("minutes", retry_after_secs.div_ceil(60)),
            retry_after_secs,
        }
    }
}

/// How many attempts one key may make within a window. Written `COUNT/WINDOW`, the window
/// in minutes (`15m`) or hours (`1h`): `100/15m`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub max: u32,
    pub window_minutes: i64,
}

impl Limit {
    const fn new(max: u32, window_minutes: i64) -> Self {
        Self {
            max,
            window_minutes,
        }
    }

    fn window(self) -> Duration {
        Duration::minutes(self.window_minutes)
    }
}

impl std::fmt::Display for Limit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.window_minutes {
            minutes if minutes % 60 == 0 => write!(f, "{}/{}h", self.max, minutes / 60),
            minutes => write!(f, "{}/{minutes}m", self.max),
        }
    }
}

impl std::str::FromStr for Limit {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let refused =
            || format!("`{text}` is not a limit: write attempts/window, e.g. 100/15m or 500/1h");
        let (max, window) = text.trim().split_once('/').ok_or_else(refused)?;
        let max: u32 = max.trim().parse().map_err(|_| refused())?;
        let window = window.trim();
        let (amount, minutes_each) = match window.strip_suffix('h') {
            Some(hours) => (hours, 60),
            None => (window.strip_suffix('m').ok_or_else(refused)?, 1),
        };
        let window_minutes = amount.trim().parse::<i64>().map_err(|_| refused())? * minutes_each;
        if max == 0 || !(1..=24 * 60).contains(&window_minutes) {
            return Err(format!(
                "`{text}`: a limit allows at least one attempt, over a window from 1 minute to 24 hours"
            ));
        }
        Ok(Self::new(max, window_minutes))
    }
}

/// The limits of every counted kind of attempt. Per e-mail they stop guessing one account's
/// password; per address they stop one client trying many accounts. A mobile carrier puts
/// thousands of shoppers behind one public address, so what real shoppers do from it
/// succeeds and is handed back (sign-ins, registrations with a free e-mail) and only
/// failures, and sign-ups in bulk, count against the address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttemptLimits {
    /// Wrong passwords for one e-mail.
    pub sign_in_per_email: Limit,
    /// Wrong passwords from one address, whatever the e-mails.
    pub sign_in_per_address: Limit,
    /// Valid registrations for one e-mail, free or taken (probing whether it has an account).
    pub registration_per_email: Limit,
    /// Registrations from one address (accounts made in bulk).
    pub registration_per_address: Limit,
    /// Registrations from one address that found their e-mail taken (probing many e-mails).
    pub taken_registration_per_address: Limit,
    /// Password reset codes asked for: each allows `password_reset::TRIES` guesses, so these
    /// bound the guesses at one account.
    pub reset_code_per_email: Limit,
    pub reset_code_per_address: Limit,
    /// New passwords tried with a code.
    pub reset_per_email: Limit,
    pub reset_per_address: Limit,
    /// Catalogue lists asked for without a page from one address: each is as large as the
    /// catalogue (11 MB at 10,000 products), and a few clients asking in a loop starved every
    /// shopper. The storefront always asks for pages; a client that never pages asks for a
    /// whole list or two a screen.
    pub unpaged_list_per_address: Limit,
}

impl Default for AttemptLimits {
    fn default() -> Self {
        Self {
            sign_in_per_email: Limit::new(5, 15),
            sign_in_per_address: Limit::new(100, 15),
            registration_per_email: Limit::new(5, 60),
            registration_per_address: Limit::new(1_000, 60),
            taken_registration_per_address: Limit::new(20, 60),
            reset_code_per_email: Limit::new(5, 60),
            reset_code_per_address: Limit::new(100, 60),
            reset_per_email: Limit::new(10, 15),
            reset_per_address: Limit::new(100, 15),
            unpaged_list_per_address: Limit::new(600, 15),
        }
    }
}

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

    /// An account's key: its e-mail, or the mobile number of an account without one (the
    /// two never look alike).
    fn account(kind: &str, account: &str, limit: Limit) -> Self {
        Self::new(
            kind,
            &format!("account:{}", account.trim().to_lowercase()),
            limit,
        )
    }

    fn address(kind: &str, address: &str, limit: Limit) -> Self {
        Self::new(kind, &format!("addr:{address}"), limit)
    }
}

/// A sign-in's keys: its account's and its address's.
pub struct SignInKeys {
    pub account: Key,
    pub address: Key,
}

/// A registration's keys: its e-mail's, its address's, and its address's count of taken
/// e-mails (handed back when the e-mail was free).
pub struct RegistrationKeys {
    pub email: Key,
    pub address: Key,
    pub taken_from_address: Key,
}

impl AttemptLimits {
    pub fn sign_in_keys(&self, account: &str, address: &str) -> SignInKeys {
        SignInKeys {
            account: Key::account("sign-in", account, self.sign_in_per_email),
            address: Key::address("sign-in", address, self.sign_in_per_address),
        }
    }

    pub fn registration_keys(&self, email: &str, address: &str) -> RegistrationKeys {
        RegistrationKeys {
            email: Key::account("register", email, self.registration_per_email),
            address: Key::address("register", address, self.registration_per_address),
            taken_from_address: Key::address(
                "register-taken",
                address,
                self.taken_registration_per_address,
            ),
        }
    }

    pub fn reset_code_keys(&self, account: &str, address: &str) -> [Key; 2] {
        [
            Key::account("reset-code", account, self.reset_code_per_email),
            Key::address("reset-code", address, self.reset_code_per_address),
        ]
    }

    pub fn reset_keys(&self, account: &str, address: &str) -> [Key; 2] {
        [
            Key::account("reset", account, self.reset_per_email),
            Key::address("reset", address, self.reset_per_address),
        ]
    }

    pub fn unpaged_list_key(&self, address: &str) -> Key {
        Key::address("unpaged-list", address, self.unpaged_list_per_address)
    }
}

impl SignInKeys {
    pub fn all(&self) -> [Key; 2] {
        [self.account.clone(), self.address.clone()]
    }
}

impl RegistrationKeys {
    pub fn all(&self) -> [Key; 3] {
        [
            self.email.clone(),
            self.address.clone(),
            self.taken_from_address.clone(),
        ]
    }
}

#[derive(Debug, Clone, Copy)]
struct Attempts {
    count: u32,
    window_end: DateTime<Utc>,
}

#[derive(Debug, Default)]
pub struct Throttle {
    limits: AttemptLimits,
    attempts: Mutex<HashMap<String, Attempts>>,
}

impl Throttle {
    pub fn new(limits: AttemptLimits) -> Self {
        Self {
            limits,
            attempts: Mutex::default(),
        }
    }

    pub fn limits(&self) -> &AttemptLimits {
        &self.limits
    }

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

    fn sign_in(email: &str, address: &str) -> [Key; 2] {
        AttemptLimits::default().sign_in_keys(email, address).all()
    }

    fn registration(email: &str, address: &str) -> RegistrationKeys {
        AttemptLimits::default().registration_keys(email, address)
    }

    #[test]
    fn limits_are_written_attempts_over_minutes_or_hours() {
        assert_eq!("100/15m".parse(), Ok(Limit::new(100, 15)));
        assert_eq!(" 500 / 2h ".parse(), Ok(Limit::new(500, 120)));
        assert_eq!(Limit::new(100, 15).to_string(), "100/15m");
        assert_eq!(Limit::new(1_000, 60).to_string(), "1000/1h");
        for wrong in [
            "100", "100/15", "x/15m", "100/m", "0/15m", "5/0m", "5/25h", "-1/5m",
        ] {
            assert!(wrong.parse::<Limit>().is_err(), "{wrong}");
        }
    }

    #[test]
    fn five_failures_for_one_email_block_it_for_fifteen_minutes() {
        let throttle = Throttle::default();
        let now = noon();
        for _ in 0..5 {
            assert_eq!(throttle.take(&sign_in("a@b.so", "1.1.1.1"), now), Ok(()));
        }
        assert_eq!(throttle.take(&sign_in("A@b.so", "2.2.2.2"), now), Err(900));
        assert_eq!(
            throttle.take(&sign_in("a@b.so", "2.2.2.2"), now + Duration::minutes(15)),
            Ok(())
        );
    }

    #[test]
    fn one_address_failing_with_many_emails_is_blocked_too() {
        let throttle = Throttle::default();
        let now = noon();
        for i in 0..100 {
            assert!(throttle
                .take(&sign_in(&format!("u{i}@b.so"), "1.1.1.1"), now)
                .is_ok());
        }
        assert!(throttle.take(&sign_in("new@b.so", "1.1.1.1"), now).is_err());
        assert!(throttle.take(&sign_in("new@b.so", "9.9.9.9"), now).is_ok());
    }

    #[test]
    fn configured_limits_replace_the_defaults() {
        let throttle = Throttle::new(AttemptLimits {
            sign_in_per_address: Limit::new(2, 60),
            ..AttemptLimits::default()
        });
        let keys = |email: &str| throttle.limits().sign_in_keys(email, "1.1.1.1").all();
        assert!(throttle.take(&keys("a@b.so"), noon()).is_ok());
        assert!(throttle.take(&keys("b@b.so"), noon()).is_ok());
        assert_eq!(throttle.take(&keys("c@b.so"), noon()), Err(3600));
    }

    #[test]
    fn success_forgives_the_email() {
        let throttle = Throttle::default();
        let now = noon();
        for _ in 0..5 {
            assert!(throttle.take(&sign_in("a@b.so", "1.1.1.1"), now).is_ok());
        }
        let [email, _] = sign_in("a@b.so", "1.1.1.1");
        throttle.forgive(&email);
        assert_eq!(throttle.take(&sign_in("a@b.so", "2.2.2.2"), now), Ok(()));
    }

    #[test]
    fn a_refused_attempt_counts_nothing_and_a_given_back_one_frees_its_slot() {
        let throttle = Throttle::new(AttemptLimits {
            sign_in_per_address: Limit::new(20, 15),
            ..AttemptLimits::default()
        });
        let now = noon();
        let [email, address] = throttle.limits().sign_in_keys("a@b.so", "1.1.1.1").all();
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
    fn registrations_with_free_emails_from_one_address_pass_and_taken_ones_are_bounded() {
        let throttle = Throttle::default();
        let now = noon();
        // A carrier's address: shoppers registering with their own e-mails.
        for i in 0..200 {
            let keys = registration(&format!("u{i}@b.so"), "1.1.1.1");
            assert_eq!(throttle.take(&keys.all(), now), Ok(()), "shopper {i}");
            throttle.give_back(&keys.taken_from_address);
        }
        // Someone probing which e-mails have accounts: every e-mail was taken.
        for i in 0..20 {
            let keys = registration(&format!("taken{i}@b.so"), "1.1.1.1");
            assert_eq!(throttle.take(&keys.all(), now), Ok(()));
        }
        let later = now + Duration::minutes(30);
        let next = registration("new@b.so", "1.1.1.1");
        assert_eq!(throttle.take(&next.all(), later), Err(1800));
        let elsewhere = registration("new@b.so", "9.9.9.9");
        assert_eq!(throttle.take(&elsewhere.all(), later), Ok(()));
        let after_the_hour = registration("other@b.so", "1.1.1.1");
        assert_eq!(
            throttle.take(&after_the_hour.all(), now + Duration::hours(1)),
            Ok(())
        );
    }

    #[test]
    fn accounts_made_in_bulk_from_one_address_are_bounded() {
        let throttle = Throttle::new(AttemptLimits {
            registration_per_address: Limit::new(3, 60),
            ..AttemptLimits::default()
        });
        for i in 0..3 {
            let keys = throttle
                .limits()
                .registration_keys(&format!("u{i}@b.so"), "1.1.1.1");
            assert_eq!(throttle.take(&keys.all(), noon()), Ok(()));
            throttle.give_back(&keys.taken_from_address);
        }
        let keys = throttle.limits().registration_keys("u9@b.so", "1.1.1.1");
        assert_eq!(throttle.take(&keys.all(), noon()), Err(3600));
    }

    #[test]
    fn registrations_and_sign_ins_are_counted_apart() {
        let throttle = Throttle::default();
        let now = noon();
        for _ in 0..5 {
            assert!(throttle
                .take(&registration("a@b.so", "1.1.1.1").all(), now)
                .is_ok());
        }
        assert_eq!(
            throttle.take(&registration("a@b.so", "2.2.2.2").all(), now),
            Err(3600)
        );
        assert_eq!(throttle.take(&sign_in("a@b.so", "2.2.2.2"), now), Ok(()));
    }
}
