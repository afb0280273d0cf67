//! SQLite lets one connection write at a time. This process's writers queue here, in order,
//! and one thread runs them back to back on the one writing connection: each starts the
//! moment the one before finishes, without a hop through tokio's blocking pool or a wait
//! for a lock (left to SQLite, a blocked writer polls the file lock with sleeps of 1, 2, 5,
//! 10… ms while the lock is long free). Other processes still wait on the busy timeout.
//!
//! Writes that queued up meanwhile run as one batch in one transaction (group commit): each
//! in a savepoint of its own (its own transaction nests there, see
//! [`crate::connection::write_transaction`]), and their callers hear their results only
//! once the batch has committed. A commit writes every page the batch changed to the log
//! once, so a busy checkout's orders share the pages of the tables and indexes they all
//! grow, instead of each writing them again.

use crate::connection::{begin_immediate, sqlite_transaction_depth, DbConnection, DbPool};
use crate::storage;
use diesel::connection::{Connection, TransactionManager};
use domain::ports::RepoError;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc;
use tokio::sync::oneshot;

/// Runs a queued write on the writing connection and hands back how to answer its caller.
type Job = Box<dyn FnOnce(Result<&mut DbConnection, RepoError>) -> Answer + Send>;

/// Answers a write's caller: with its own result when what it wrote is committed (`Ok`),
/// else with why it was not.
type Answer = Box<dyn FnOnce(Result<(), RepoError>) + Send>;

/// The most writes one transaction takes: enough for a rush, short enough that the first
/// caller of a batch does not wait long for the last.
const BATCH_MAX: usize = 64;

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
                for first in &queue {
                    let mut batch = vec![first];
                    batch.extend(queue.try_iter().take(BATCH_MAX - 1));
                    run_batch(&pool, batch);
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
        self.queue(work)?.await.map_err(|_| stopped())?
    }

    /// Queues `work` now; its result comes on the answer.
    fn queue<T, E, F>(&self, work: F) -> Result<oneshot::Receiver<Result<T, E>>, RepoError>
    where
        F: FnOnce(&mut DbConnection) -> Result<T, E> + Send + 'static,
        T: Send + 'static,
        E: From<RepoError> + Send + 'static,
    {
        let (reply, answer) = oneshot::channel();
        let job: Job = Box::new(move |conn| {
            let result = conn.map_err(E::from).and_then(work);
            Box::new(move |written: Result<(), RepoError>| {
                // The caller may have stopped waiting: then nobody needs the answer.
                let _ = reply.send(written.map_err(E::from).and(result));
            })
        });
        self.jobs.send(job).map_err(|_| stopped())?;
        Ok(answer)
    }
}

/// What a caller hears when its write was lost with the writer (or to a panic).
fn stopped() -> RepoError {
    RepoError::Storage("the database writer has stopped".into())
}

/// Runs `job` on `conn`; `None` when it panicked (its caller then hears that the writer
/// stopped, and the queue goes on).
fn run_caught(job: Job, conn: Result<&mut DbConnection, RepoError>) -> Option<Answer> {
    catch_unwind(AssertUnwindSafe(|| job(conn))).ok()
}

/// Runs each job in its own transactions, as if alone.
fn run_alone(pool: &DbPool, jobs: impl IntoIterator<Item = Job>) {
    for job in jobs {
        let answer = match pool.get() {
            Ok(mut conn) => run_caught(job, Ok(&mut conn)),
            Err(e) => run_caught(job, Err(no_connection(e))),
        };
        if let Some(answer) = answer {
            answer(Ok(()));
        }
    }
}

fn no_connection(error: impl std::fmt::Display) -> RepoError {
    RepoError::Unavailable(format!("no database connection: {error}"))
}

/// Starts a job's savepoint in the batch's transaction.
fn begin_savepoint(conn: &mut DbConnection) -> Result<(), RepoError> {
    <DbConnection as Connection>::TransactionManager::begin_transaction(conn).map_err(storage)
}

/// Ends a job's savepoint: keeps what the job wrote, or (`keep` false: it panicked) undoes
/// it. `Err` when the batch's transaction did not survive the job (a transaction of its own
/// left open, or SQLite rolled the whole transaction back).
fn end_savepoint(conn: &mut DbConnection, keep: bool) -> Result<(), RepoError> {
    if sqlite_transaction_depth(conn) != Some(2) {
        return Err(RepoError::Storage(
            "a write of the batch left its transaction unfinished".into(),
        ));
    }
    let manager = if keep {
        <DbConnection as Connection>::TransactionManager::commit_transaction
    } else {
        <DbConnection as Connection>::TransactionManager::rollback_transaction
    };
    manager(conn).map_err(storage)
}

/// Ends whatever transaction `conn` is in without keeping anything; a connection that
/// cannot is left broken, and the pool then drops it.
fn roll_back(conn: &mut DbConnection) {
    while sqlite_transaction_depth(conn).is_some() {
        if <DbConnection as Connection>::TransactionManager::rollback_transaction(conn).is_err() {
            return;
        }
    }
}

/// Runs `batch` in one transaction and then answers its callers; a lone write runs as
/// before. If the transaction fails, none of it is kept: the writes that ran hear why, and
/// the ones that had not run yet run alone.
fn run_batch(pool: &DbPool, batch: Vec<Job>) {
    if batch.len() == 1 {
        return run_alone(pool, batch);
    }
    let mut conn = match pool.get() {
        Ok(conn) => conn,
        Err(_) => return run_alone(pool, batch),
    };
    if begin_immediate(&mut conn).is_err() {
        drop(conn);
        return run_alone(pool, batch);
    }
    let mut answers = Vec::with_capacity(batch.len());
    let mut jobs = batch.into_iter();
    let mut not_run = None;
    let mut failure = None;
    for job in jobs.by_ref() {
        if let Err(error) = begin_savepoint(&mut conn) {
            not_run = Some(job);
            failure = Some(error);
            break;
        }
        let answer = run_caught(job, Ok(&mut conn));
        let ended = end_savepoint(&mut conn, answer.is_some());
        answers.extend(answer);
        if let Err(error) = ended {
            failure = Some(error);
            break;
        }
    }
    let written = match failure {
        None => <DbConnection as Connection>::TransactionManager::commit_transaction(&mut conn)
            .map_err(storage),
        Some(error) => Err(error),
    };
    if written.is_err() {
        roll_back(&mut conn);
    }
    drop(conn);
    for answer in answers {
        answer(written.clone());
    }
    run_alone(pool, not_run.into_iter().chain(jobs));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connection::{open, write_transaction, Target};
    use diesel::connection::SimpleConnection;
    use diesel::prelude::*;
    use diesel::sql_types::{BigInt, Text};
    use std::sync::atomic::AtomicU64;
    use std::sync::Arc;

    #[derive(QueryableByName)]
    struct Count {
        #[diesel(sql_type = BigInt)]
        n: i64,
    }

    type Write = Box<dyn FnOnce(&mut DbConnection) -> Result<(), RepoError> + Send>;

    /// A writer on a fresh SQLite database with a table `notes (body TEXT UNIQUE)` holding
    /// 'taken'.
    fn writer() -> (Writer, DbPool, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        let target = Target::Sqlite(dir.path().join("shop.db").to_string_lossy().into());
        let pools = open(&target, Arc::new(AtomicU64::new(0))).unwrap();
        pools
            .main
            .get()
            .unwrap()
            .batch_execute(
                "CREATE TABLE notes (body TEXT NOT NULL UNIQUE); \
                 INSERT INTO notes (body) VALUES ('taken');",
            )
            .unwrap();
        let writer = Writer::start(pools.writer.unwrap()).unwrap();
        (writer, pools.main, dir)
    }

    fn note(conn: &mut DbConnection, body: &str) -> QueryResult<()> {
        diesel::sql_query("INSERT INTO notes (body) VALUES (?)")
            .bind::<Text, _>(body)
            .execute(conn)
            .map(drop)
    }

    fn writes_note(body: &'static str) -> Write {
        Box::new(move |conn| note(conn, body).map_err(storage))
    }

    /// Writes of the notes 'a', then `write`, then 'b'.
    fn between_a_and_b(write: Write) -> Vec<Write> {
        vec![writes_note("a"), write, writes_note("b")]
    }

    fn notes(pool: &DbPool) -> i64 {
        diesel::sql_query("SELECT COUNT(*) AS n FROM notes")
            .get_result::<Count>(&mut pool.get().unwrap())
            .unwrap()
            .n
    }

    /// Queues `writes` in order while a write runs that waits until they are all queued,
    /// so that they run as one batch; answers their results in order.
    async fn batched(writer: &Writer, writes: Vec<Write>) -> Vec<Result<(), RepoError>> {
        let (started, has_started) = std::sync::mpsc::channel::<()>();
        let (all_queued, wait) = std::sync::mpsc::channel::<()>();
        let first = writer
            .queue(move |_| {
                started.send(()).unwrap();
                wait.recv().map_err(|e| RepoError::Storage(e.to_string()))
            })
            .unwrap();
        has_started.recv().unwrap();
        let answers: Vec<_> = writes
            .into_iter()
            .map(|write| writer.queue(write).unwrap())
            .collect();
        all_queued.send(()).unwrap();
        first.await.unwrap().unwrap();
        let mut results = Vec::new();
        for answer in answers {
            results.push(answer.await.unwrap_or_else(|_| Err(stopped())));
        }
        results
    }

    #[tokio::test]
    async fn writes_queued_together_each_hear_their_own_result_once_committed() {
        let (writer, pool, _dir) = writer();
        let results = batched(
            &writer,
            vec![
                writes_note("a"),
                // A duplicate fails alone, and a transaction of its own rolls back alone.
                writes_note("taken"),
                Box::new(|conn| {
                    write_transaction(conn, |conn| {
                        note(conn, "undone")?;
                        Err::<(), _>(diesel::result::Error::RollbackTransaction)
                    })
                    .map_err(storage)
                }),
                writes_note("b"),
            ],
        )
        .await;
        assert_eq!(results[0], Ok(()));
        assert_eq!(results[1], Err(RepoError::Duplicate));
        assert!(matches!(&results[2], Err(RepoError::Storage(_))));
        assert_eq!(results[3], Ok(()));
        assert_eq!(notes(&pool), 3);
    }

    #[tokio::test]
    async fn a_write_that_panics_loses_only_its_own_rows() {
        let (writer, pool, _dir) = writer();
        let results = batched(
            &writer,
            between_a_and_b(Box::new(|conn| {
                note(conn, "half").unwrap();
                panic!("a bug in a write")
            })),
        )
        .await;
        assert_eq!(results[0], Ok(()));
        assert_eq!(results[1], Err(stopped()));
        assert_eq!(results[2], Ok(()));
        assert_eq!(notes(&pool), 3);
    }

    #[tokio::test]
    async fn a_write_that_breaks_the_batch_undoes_it_and_the_writes_after_it_run_alone() {
        let (writer, pool, _dir) = writer();
        // A transaction left open: the batch cannot tell what is whose.
        let results = batched(
            &writer,
            between_a_and_b(Box::new(|conn| {
                <DbConnection as Connection>::TransactionManager::begin_transaction(conn)
                    .map_err(storage)?;
                note(conn, "unfinished").map_err(storage)
            })),
        )
        .await;
        assert!(matches!(&results[0], Err(RepoError::Storage(_))));
        assert!(matches!(&results[1], Err(RepoError::Storage(_))));
        assert_eq!(results[2], Ok(()));
        assert_eq!(notes(&pool), 2);
        // The writer goes on.
        assert_eq!(
            writer.run(|conn| note(conn, "c").map_err(storage)).await,
            Ok(())
        );
        assert_eq!(notes(&pool), 3);
    }
}
