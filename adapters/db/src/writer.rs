//! SQLite lets one connection write at a time. This process's writers queue here, in order,
//! and one thread runs them back to back on the one writing connection: each starts the
//! moment the one before finishes, without a hop through tokio's blocking pool or a wait
//! for a lock (left to SQLite, a blocked writer polls the file lock with sleeps of 1, 2, 5,
//! 10… ms while the lock is long free). Other processes still wait on the busy timeout.

use crate::connection::{DbConnection, DbPool};
use domain::ports::RepoError;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc;

type Job = Box<dyn FnOnce(Result<&mut DbConnection, RepoError>) + Send>;

/// The queue of this process's writes; the thread ends when the queue is dropped.
pub(crate) struct Writer {
    jobs: mpsc::Sender<Job>,
}

impl Writer {
    pub(crate) fn start(pool: DbPool) -> std::io::Result<Writer> {
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || {
                for job in queue {
                    let conn = pool.get();
                    // A panicking job loses its own answer only; the queue goes on.
                    let _ = catch_unwind(AssertUnwindSafe(|| match conn {
                        Ok(mut conn) => job(Ok(&mut conn)),
                        Err(e) => job(Err(RepoError::Storage(format!(
                            "no database connection: {e}"
                        )))),
                    }));
                }
            })?;
        Ok(Writer { jobs })
    }

    /// Queues `work` after every write queued before it. Once queued it runs to its end,
    /// even if the caller stops waiting.
    pub(crate) async fn run<T, E, F>(&self, work: F) -> Result<T, E>
    where
        F: FnOnce(&mut DbConnection) -> Result<T, E> + Send + 'static,
        T: Send + 'static,
        E: From<RepoError> + Send + 'static,
    {
        let stopped = || RepoError::Storage("the database writer has stopped".into());
        let (reply, answer) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move |conn| {
            // The caller may have stopped waiting: then nobody needs the answer.
            let _ = reply.send(conn.map_err(E::from).and_then(work));
        });
        self.jobs.send(job).map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())?
    }
}
