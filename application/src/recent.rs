//! Values this process read from the database a moment ago and trusts for `RECHECK`: the
//! catalogue version (cached product replies are checked against the database at most every
//! `RECHECK`, not on every request) and the shop settings (read by every cart and checkout,
//! changed by an admin now and then).
//!
//! A request never waits for a recheck: the first request that finds the value older than
//! `RECHECK` starts one read in the background, and every request serves the value known
//! until that read brings a newer one. Only when no value is known (the first read, or after
//! `forget`) do requests wait, all of them for one read.

use std::future::Future;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How long another process's change may go unseen here, give or take one read. A change
/// made in this process is seen at once (`forget`).
pub const RECHECK: Duration = Duration::from_millis(250);

pub struct Recent<T> {
    shared: Arc<Shared<T>>,
}

struct Shared<T> {
    state: Mutex<State<T>>,
    /// Held by the one read that requests wait for when no value is known.
    waited_read: tokio::sync::Mutex<()>,
}

struct State<T> {
    known: Option<Known<T>>,
    /// Moved on by `forget`: a value read before then is not returned again.
    generation: u64,
    /// A recheck is running in the background.
    rechecking: bool,
}

struct Known<T> {
    value: T,
    /// When the read that brought it started: the value is at least that recent.
    read_at: Instant,
    generation: u64,
}

impl<T> Clone for Recent<T> {
    /// The same value, seen by both.
    fn clone(&self) -> Self {
        Self {
            shared: self.shared.clone(),
        }
    }
}

impl<T> Default for Recent<T> {
    fn default() -> Self {
        Self {
            shared: Arc::new(Shared {
                state: Mutex::new(State {
                    known: None,
                    generation: 0,
                    rechecking: false,
                }),
                waited_read: tokio::sync::Mutex::new(()),
            }),
        }
    }
}

impl<T> Shared<T> {
    fn state(&self) -> MutexGuard<'_, State<T>> {
        self.state.lock().expect("never poisoned")
    }
}

impl<T> State<T> {
    /// The value known since the last `forget`, however old.
    fn current(&self) -> Option<&Known<T>> {
        self.known
            .as_ref()
            .filter(|known| known.generation == self.generation)
    }

    /// Keeps what a read started at `read_at` brought, unless `forget` came after its start.
    fn keep(&mut self, value: T, read_at: Instant, generation: u64) {
        if generation == self.generation {
            self.known = Some(Known {
                value,
                read_at,
                generation,
            });
        }
    }
}

impl<T: Clone + Send + 'static> Recent<T> {
    /// The value known, read with `read` when none is known yet. When it is older than
    /// `RECHECK` it is still returned at once, and `read` runs in the background (one recheck
    /// at a time; a failed one leaves the value as it was, to be tried again by the next
    /// request). Only the read that requests wait for returns its error.
    pub async fn get<E, Read, Reading>(&self, read: Read) -> Result<T, E>
    where
        Read: FnOnce() -> Reading,
        Reading: Future<Output = Result<T, E>> + Send + 'static,
        E: Send + 'static,
    {
        let recheck = {
            let mut state = self.shared.state();
            let generation = state.generation;
            let rechecking = state.rechecking;
            match state.current() {
                None => None,
                Some(known) if known.read_at.elapsed() < RECHECK || rechecking => {
                    return Ok(known.value.clone());
                }
                Some(known) => {
                    let value = known.value.clone();
                    state.rechecking = true;
                    Some((value, generation))
                }
            }
        };
        if let Some((value, generation)) = recheck {
            tokio::spawn(Self::recheck(self.shared.clone(), read(), generation));
            return Ok(value);
        }
        self.wait_for_read(read).await
    }

    async fn recheck<E>(
        shared: Arc<Shared<T>>,
        reading: impl Future<Output = Result<T, E>>,
        generation: u64,
    ) {
        /// Ends the recheck even when the read panics, so that the next request starts another.
        struct Done<'a, T>(&'a Shared<T>);
        impl<T> Drop for Done<'_, T> {
            fn drop(&mut self) {
                self.0.state().rechecking = false;
            }
        }
        let _done = Done(&shared);
        let read_at = Instant::now();
        if let Ok(value) = reading.await {
            shared.state().keep(value, read_at, generation);
        }
    }

    /// One read at a time; requests that waited behind it take what it brought.
    async fn wait_for_read<E, Read, Reading>(&self, read: Read) -> Result<T, E>
    where
        Read: FnOnce() -> Reading,
        Reading: Future<Output = Result<T, E>>,
    {
        let _turn = self.shared.waited_read.lock().await;
        let generation = {
            let state = self.shared.state();
            if let Some(known) = state.current() {
                return Ok(known.value.clone());
            }
            state.generation
        };
        let read_at = Instant::now();
        let value = read().await?;
        self.shared.state().keep(value.clone(), read_at, generation);
        Ok(value)
    }

    /// After a change in this process: the next request waits for the value read again.
    pub fn forget(&self) {
        let mut state = self.shared.state();
        state.generation += 1;
        state.known = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use tokio::sync::oneshot;

    impl<T> Recent<T> {
        /// As if the value known had been read `RECHECK` earlier.
        fn age(&self) {
            let mut state = self.shared.state();
            let known = state.known.as_mut().expect("a value is known");
            known.read_at -= RECHECK;
        }

        fn rechecking(&self) -> bool {
            self.shared.state().rechecking
        }
    }

    async fn value(value: u64) -> Result<u64, String> {
        Ok(value)
    }

    /// A read that is answered when the test sends the answer.
    fn held_read() -> (
        oneshot::Sender<Result<u64, String>>,
        impl Future<Output = Result<u64, String>>,
    ) {
        let (send, receive) = oneshot::channel();
        (
            send,
            async move { receive.await.expect("the test answers") },
        )
    }

    /// Lets spawned tasks run up to their next wait.
    async fn let_spawned_tasks_run() {
        for _ in 0..10 {
            tokio::task::yield_now().await;
        }
    }

    async fn failed_read() -> Result<u64, String> {
        Err("down".to_owned())
    }

    async fn read_that_panics() -> Result<u64, String> {
        panic!("the database task failed")
    }

    /// Fails the test when called: the request was to be answered without a read.
    fn unexpected_read() -> std::future::Ready<Result<u64, String>> {
        panic!("no read expected")
    }

    /// Knows 1, read `RECHECK` ago.
    async fn stale_one() -> Recent<u64> {
        let known = Recent::default();
        known.get(|| value(1)).await.unwrap();
        known.age();
        known
    }

    /// After a recheck that brought nothing: the next request still gets the stale value and
    /// starts another recheck, which brings the new one.
    async fn assert_the_next_request_rechecks(known: &Recent<u64>) {
        let_spawned_tasks_run().await;
        assert!(!known.rechecking());
        assert_eq!(known.get(|| value(2)).await, Ok(1));
        let_spawned_tasks_run().await;
        assert_eq!(known.get(unexpected_read).await, Ok(2));
    }

    #[tokio::test]
    async fn a_fresh_value_is_returned_without_reading() {
        let known = Recent::default();
        assert_eq!(known.get(|| value(7)).await, Ok(7));
        assert_eq!(known.get(unexpected_read).await, Ok(7));
    }

    #[tokio::test]
    async fn the_first_read_is_waited_for_and_its_error_returned() {
        let known = Recent::default();
        assert_eq!(known.get(failed_read).await, Err("down".to_owned()));
        assert_eq!(known.get(|| value(3)).await, Ok(3));
    }

    #[tokio::test]
    async fn a_stale_value_is_served_while_one_recheck_runs_in_the_background() {
        let known = stale_one().await;
        let (answer, reading) = held_read();
        assert_eq!(known.get(|| reading).await, Ok(1));
        assert!(known.rechecking());
        // Others find the recheck running: the known value, no second read.
        assert_eq!(known.get(unexpected_read).await, Ok(1));
        assert_eq!(known.get(unexpected_read).await, Ok(1));

        answer.send(Ok(2)).unwrap();
        let_spawned_tasks_run().await;
        assert!(!known.rechecking());
        assert_eq!(known.get(unexpected_read).await, Ok(2));
    }

    #[tokio::test]
    async fn a_failed_recheck_keeps_the_stale_value_and_the_next_request_tries_again() {
        let known = stale_one().await;
        assert_eq!(known.get(failed_read).await, Ok(1));
        assert_the_next_request_rechecks(&known).await;
    }

    #[tokio::test]
    async fn a_recheck_that_panics_lets_the_next_request_start_another() {
        let known = stale_one().await;
        assert_eq!(known.get(read_that_panics).await, Ok(1));
        assert_the_next_request_rechecks(&known).await;
    }

    #[tokio::test]
    async fn after_forget_the_next_request_waits_for_a_new_read() {
        let known = Recent::default();
        known.get(|| value(1)).await.unwrap();
        known.forget();
        assert_eq!(known.get(|| value(2)).await, Ok(2));
        assert_eq!(known.get(unexpected_read).await, Ok(2));
    }

    #[tokio::test]
    async fn a_recheck_started_before_forget_does_not_bring_back_what_it_read() {
        let known = stale_one().await;
        let (answer, reading) = held_read();
        assert_eq!(known.get(|| reading).await, Ok(1));
        known.forget();
        assert_eq!(known.get(|| value(3)).await, Ok(3));

        // The recheck read before the change: its answer is dropped.
        answer.send(Ok(2)).unwrap();
        let_spawned_tasks_run().await;
        assert_eq!(known.get(unexpected_read).await, Ok(3));
    }

    #[tokio::test]
    async fn requests_waiting_for_a_value_share_one_read() {
        let known = Arc::new(Recent::default());
        let reads = Arc::new(AtomicUsize::new(0));
        let (answer, reading) = held_read();
        let first = tokio::spawn({
            let (known, reads) = (known.clone(), reads.clone());
            async move {
                known
                    .get(|| {
                        reads.fetch_add(1, Ordering::SeqCst);
                        reading
                    })
                    .await
            }
        });
        let_spawned_tasks_run().await;
        let second = tokio::spawn({
            let (known, reads) = (known.clone(), reads.clone());
            async move {
                known
                    .get(|| {
                        reads.fetch_add(1, Ordering::SeqCst);
                        value(9)
                    })
                    .await
            }
        });
        let_spawned_tasks_run().await;
        answer.send(Ok(5)).unwrap();
        assert_eq!(first.await.unwrap(), Ok(5));
        assert_eq!(second.await.unwrap(), Ok(5));
        assert_eq!(reads.load(Ordering::SeqCst), 1);
    }
}
