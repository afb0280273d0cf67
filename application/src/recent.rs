//! Values this process read from the database a moment ago and trusts for `RECHECK`: the
//! catalogue version (cached product replies are checked against the
//! database at most every `RECHECK`, not on every request) and the shop settings (read by
//! every cart and checkout, changed by an admin now and then).

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long another process's change may go unseen here. A change made in this process is
/// seen at once (`forget`).
pub const RECHECK: Duration = Duration::from_millis(250);

pub struct Recent<T> {
    known: Mutex<Option<(T, Instant)>>,
}

impl<T> Default for Recent<T> {
    fn default() -> Self {
        Self {
            known: Mutex::new(None),
        }
    }
}

impl<T: Clone> Recent<T> {
    /// The value read less than `RECHECK` ago, if any.
    pub fn fresh(&self) -> Option<T> {
        let known = self.known.lock().expect("never poisoned");
        known
            .as_ref()
            .filter(|(_, read_at)| read_at.elapsed() < RECHECK)
            .map(|(value, _)| value.clone())
    }

    pub fn remember(&self, value: T) {
        *self.known.lock().expect("never poisoned") = Some((value, Instant::now()));
    }

    /// After a change in this process: the next request reads the value again.
    pub fn forget(&self) {
        *self.known.lock().expect("never poisoned") = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_trusted_until_forgotten_or_older_than_the_recheck_time() {
        let known = Recent::default();
        assert_eq!(known.fresh(), None);
        known.remember(7);
        assert_eq!(known.fresh(), Some(7));
        known.forget();
        assert_eq!(known.fresh(), None);
        *known.known.lock().unwrap() = Some((7, Instant::now() - RECHECK));
        assert_eq!(known.fresh(), None);
    }
}
