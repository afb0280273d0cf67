//! The catalogue version this process last read (DESIGN.md section 6), so cached product
//! replies are checked against the database at most every `RECHECK`, not on every request.

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long another process's catalogue change may go unseen here.
pub const RECHECK: Duration = Duration::from_millis(250);

#[derive(Default)]
pub struct KnownCatalogVersion {
    known: Mutex<Option<(u64, Instant)>>,
}

impl KnownCatalogVersion {
    /// The version read less than `RECHECK` ago, if any.
    pub fn fresh(&self) -> Option<u64> {
        let known = *self.known.lock().expect("never poisoned");
        known
            .filter(|(_, read_at)| read_at.elapsed() < RECHECK)
            .map(|(version, _)| version)
    }

    pub fn remember(&self, version: u64) {
        *self.known.lock().expect("never poisoned") = Some((version, Instant::now()));
    }

    /// After a change in this process: the next request reads the version again.
    pub fn forget(&self) {
        *self.known.lock().expect("never poisoned") = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_version_is_trusted_until_forgotten_or_older_than_the_recheck_time() {
        let known = KnownCatalogVersion::default();
        assert_eq!(known.fresh(), None);
        known.remember(7);
        assert_eq!(known.fresh(), Some(7));
        known.forget();
        assert_eq!(known.fresh(), None);
        *known.known.lock().unwrap() = Some((7, Instant::now() - RECHECK));
        assert_eq!(known.fresh(), None);
    }
}
