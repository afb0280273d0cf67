//! SQLite appends every commit to its write-ahead log, and the log's pages must be copied
//! back into the database file (a checkpoint) before it can start over. Left to SQLite, the
//! commit that passes `wal_autocheckpoint` pages does it, on the writer's thread: every
//! write queued behind it waits for thousands of pages to be copied and synced (a rush of
//! orders grows the log by ~30,000 pages a second). This thread checkpoints four times a
//! second on a connection of its own instead, beside the writer (a passive checkpoint never
//! blocks it), so the writer's own checkpoints, at a higher mark, are only a backstop.

use crate::connection::DbPool;
use diesel::connection::SimpleConnection;
use std::sync::mpsc;
use std::time::Duration;

const EVERY: Duration = Duration::from_millis(250);

/// The checkpointing thread; dropping this ends it (after the checkpoint under way).
pub(crate) struct Checkpointer {
    stop: Option<mpsc::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Checkpointer {
    fn drop(&mut self) {
        self.stop.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Checkpointer {
    /// Checkpoints the database of `pool` (its readers' pool: the writer's one connection
    /// stays the writer's).
    pub(crate) fn start(pool: DbPool) -> std::io::Result<Checkpointer> {
        let (stop, stopped) = mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("sqlite-checkpointer".into())
            .spawn(move || {
                while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(EVERY) {
                    let done = pool.get().map_err(|e| e.to_string()).and_then(|mut conn| {
                        conn.batch_execute("PRAGMA wal_checkpoint(PASSIVE)")
                            .map_err(|e| e.to_string())
                    });
                    if let Err(error) = done {
                        tracing::warn!(%error, "checkpoint failed; the writer's own will do");
                    }
                }
            })?;
        Ok(Checkpointer {
            stop: Some(stop),
            thread: Some(thread),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connection::{open, Target};
    use std::time::Instant;

    #[test]
    fn what_the_writer_commits_reaches_the_database_file_without_its_own_checkpoint() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("shop.db");
        let pools = open(
            &Target::Sqlite(file.to_string_lossy().into()),
            Default::default(),
        )
        .unwrap();
        let size = || std::fs::metadata(&file).unwrap().len();
        let before = size();
        let _checkpointer = Checkpointer::start(pools.main.clone()).unwrap();
        // A megabyte: 250 pages, far below the writer's own mark of 10,000.
        pools
            .writer
            .unwrap()
            .get()
            .unwrap()
            .batch_execute(
                "CREATE TABLE notes (body BLOB); INSERT INTO notes VALUES (zeroblob(1000000));",
            )
            .unwrap();
        let start = Instant::now();
        // Most of it: a few pages may be reused free ones.
        let copied = || size() >= before + 900_000;
        while !copied() && start.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(copied(), "{} bytes, {before} before", size());
    }
}
