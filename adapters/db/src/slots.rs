//! Rows that every order writes (the catalogue version, today's sales totals) are each
//! spread over [`SLOTS`] rows that readers add up (migration `2026-11-26-100000_hot_row_slots`):
//! with one row, every checkout on PostgreSQL waited for the one before it to commit, as
//! its update held the row's lock until then. A transaction writes one slot, the next one
//! round the circle, so concurrent ones rarely meet; all its rows in that slot, in key
//! order, so two that do meet cannot deadlock.

use std::sync::atomic::{AtomicU32, Ordering};

/// How many rows share a hot total. Readers add up at most this many rows per key.
pub(crate) const SLOTS: u32 = 16;

static NEXT: AtomicU32 = AtomicU32::new(0);

/// The slot the calling transaction writes: 0 to `SLOTS - 1`, in turn.
pub(crate) fn next() -> i32 {
    (NEXT.fetch_add(1, Ordering::Relaxed) % SLOTS) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_go_round_and_stay_in_range() {
        let taken: Vec<i32> = (0..SLOTS * 3).map(|_| next()).collect();
        assert!(taken.iter().all(|slot| (0..SLOTS as i32).contains(slot)));
        // Other tests may take slots meanwhile; every slot still comes up.
        for slot in 0..SLOTS as i32 {
            assert!(taken.contains(&slot), "slot {slot} never taken");
        }
    }
}
