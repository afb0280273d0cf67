//! SQLite appends every commit to its write-ahead log, and the log's pages must be copied
//! back into the database file (a checkpoint) before it can start over. Left to SQLite, the
//! commit that passes `wal_autocheckpoint` pages does it, on the writer's thread: every
//! write queued behind it waits for thousands of pages to be copied and synced (a rush of
//! orders grows the log by ~30,000 pages a second). This thread checkpoints four times a
//! second on a connection of its own instead, beside the writer (a passive checkpoint never
//! blocks it), so the writer's own checkpoints, at a higher mark, are only a backstop. That
//! connection is outside the pools, so its statements are not counted as the shop's.

use crate::connection::{configure, DbConnection, Target};
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
    /// Checkpoints the database `target` names, on a connection it opens (and opens again
    /// after a failure).
    pub(crate) fn start(target: Target) -> std::io::Result<Checkpointer> {
        let (stop, stopped) = mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("sqlite-checkpointer".into())
            .spawn(move || {
                let mut connection: Option<DbConnection> = None;
                while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(EVERY) {
                    if let Err(error) = checkpoint(&target, &mut connection) {
                        connection = None;
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

fn checkpoint(target: &Target, connection: &mut Option<DbConnection>) -> Result<(), String> {
    let conn = match connection {
        Some(conn) => conn,
        None => {
            let mut conn = target.establish().map_err(|e| e.to_string())?;
            configure(&mut conn).map_err(|e| e.to_string())?;
            connection.insert(conn)
        }
    };
    conn.batch_execute("PRAGMA wal_checkpoint(PASSIVE)")
        .map_err(|e| e.to_string())
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
        let target = Target::Sqlite(file.to_string_lossy().into());
        let statements = std::sync::Arc::default();
        let pools = open(&target, std::sync::Arc::clone(&statements)).unwrap();
        let size = || std::fs::metadata(&file).unwrap().len();
        let before = size();
        let _checkpointer = Checkpointer::start(target).unwrap();
        // A megabyte: 250 pages, far below the writer's own mark of 100,000.
        pools
            .writer
            .unwrap()
            .get()
            .unwrap()
            .batch_execute(
                "CREATE TABLE notes (body BLOB); INSERT INTO notes VALUES (zeroblob(1000000));",
            )
            .unwrap();
        let counted = || statements.load(std::sync::atomic::Ordering::Relaxed);
        let written = counted();
        let start = Instant::now();
        // Most of it: a few pages may be reused free ones.
        let copied = || size() >= before + 900_000;
        while !copied() && start.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(copied(), "{} bytes, {before} before", size());
        // The checkpoints are not the shop's statements: counting tests stay exact.
        assert_eq!(counted(), written);
    }
}
