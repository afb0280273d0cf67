//! Persistence on SQLite and PostgreSQL with diesel: one schema, one set of queries through
//! a `MultiConnection`, an r2d2 pool whose backend the URL picks, migrations embedded per
//! backend and run on connect. [`Database`] implements every repository port of
//! `domain::ports`; all diesel work runs on tokio's blocking pool.
//!
//! Lookups by a unique key use `get_result`, never `first`: `first` binds `LIMIT 1`, and
//! SQLite prepares a statement again on every run when its LIMIT is a bound parameter
//! (measured: an eighth of a checkout's CPU).

mod connection;
mod listing;
mod models;
mod schema;

mod audit;
mod backup;
mod bulk;
mod carts;
mod checkpointer;
mod deliveries;
mod delivery_rows;
mod delivery_zones;
mod discount_uses;
mod discounts;
mod order_history;
mod order_list;
mod order_numbers;
mod orders;
mod outbox;
mod password_resets;
mod payment_attempts;
mod payment_links;
mod phone_orders;
mod prepared;
mod products;
mod refund_claims;
mod restock_alerts;
mod returns;
mod reviews;
mod rows;
mod sales_totals;
mod settings;
mod slots;
mod stock;
mod tx;
mod users;
mod variants;
mod writer;

#[cfg(feature = "test-support")]
pub mod test_support;

pub use backup::{backup, BackupError};
use checkpointer::Checkpointer;
use connection::{Backend, DbConnection, DbPool, Target};
use diesel::connection::SimpleConnection;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use domain::notification::Channel;
use domain::ports::RepoError;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;
use writer::Writer;

/// The shop's database: a pool of connections to SQLite or PostgreSQL. Cloning is cheap
/// and shares the pool.
#[derive(Clone)]
pub struct Database {
    inner: Arc<Inner>,
}

struct Inner {
    // Dropped first: the pool closes its connections before any clean-up below runs.
    pool: DbPool,
    /// SQLite only, like the writer: see [`checkpointer`].
    _checkpointer: Option<Checkpointer>,
    backend: Backend,
    /// SQLite only (PostgreSQL's row locks let writers overlap): see [`writer`].
    writer: Option<Writer>,
    statements: Arc<AtomicU64>,
    /// `outbox::Unconfigured`'s bits.
    unconfigured_channels: AtomicU8,
    #[cfg(feature = "test-support")]
    _cleanup: Option<test_support::Cleanup>,
}

impl std::fmt::Debug for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Database")
            .field("backend", &self.backend_name())
            .finish_non_exhaustive()
    }
}

impl Database {
    /// Opens the database `url` names, creating and migrating it when needed:
    /// `postgres://…` or `postgresql://…` for PostgreSQL, anything else a SQLite file path
    /// (optionally `sqlite://path`) whose directory is created.
    pub async fn connect(url: &str) -> Result<Database, RepoError> {
        let target = Target::parse(url);
        let backend = target.backend();
        let statements = Arc::new(AtomicU64::new(0));
        let counter = statements.clone();
        let opened = target.clone();
        let pools = tokio::task::spawn_blocking(move || connection::open(&opened, counter))
            .await
            .map_err(|e| RepoError::Storage(format!("database start-up did not finish: {e}")))?
            .map_err(|e| RepoError::Storage(e.to_string()))?;
        let started = |what: &str, e: std::io::Error| {
            RepoError::Storage(format!("cannot start the {what}: {e}"))
        };
        let (writer, checkpointer) = match pools.writer {
            Some(writer) => (
                Some(Writer::start(writer).map_err(|e| started("writer", e))?),
                Some(Checkpointer::start(target).map_err(|e| started("checkpointer", e))?),
            ),
            None => (None, None),
        };
        Ok(Database {
            inner: Arc::new(Inner {
                pool: pools.main,
                _checkpointer: checkpointer,
                backend,
                writer,
                statements,
                unconfigured_channels: AtomicU8::new(0),
                #[cfg(feature = "test-support")]
                _cleanup: None,
            }),
        })
    }

    /// The same database, which removes itself (with `cleanup`) once its last clone is gone.
    #[cfg(feature = "test-support")]
    fn removed_when_dropped(self, cleanup: test_support::Cleanup) -> Database {
        match Arc::try_unwrap(self.inner) {
            Ok(inner) => Database {
                inner: Arc::new(Inner {
                    _cleanup: Some(cleanup),
                    ..inner
                }),
            },
            // Not shared yet, so this does not happen; then the database is just kept.
            Err(inner) => Database { inner },
        }
    }

    /// The channels this process cannot send through: the messages queued for them are
    /// stored as skipped, so no worker has to touch them again.
    pub fn set_unconfigured_channels(&self, channels: &[Channel]) {
        let bits = outbox::Unconfigured::of(channels).bits();
        self.inner
            .unconfigured_channels
            .store(bits, Ordering::Relaxed);
    }

    pub(crate) fn unconfigured_channels(&self) -> outbox::Unconfigured {
        outbox::Unconfigured::from_bits(self.inner.unconfigured_channels.load(Ordering::Relaxed))
    }

    /// `"sqlite"` or `"postgresql"`.
    pub fn backend_name(&self) -> &'static str {
        self.inner.backend.name()
    }

    /// Checks that a connection can be had and answers.
    pub async fn ping(&self) -> Result<(), RepoError> {
        self.run(|conn| conn.batch_execute("SELECT 1").map_err(storage))
            .await
    }

    /// The pooled connections open and how many of them are idle (the SQLite writer's
    /// apart), for monitoring.
    pub fn pool_use(&self) -> PoolUse {
        let state = self.inner.pool.state();
        PoolUse {
            open: state.connections,
            idle: state.idle_connections,
            max: self.inner.pool.max_size(),
        }
    }

    /// How many SQL statements this database's connections have run so far. Tests use the
    /// difference around a call to check that a list does not issue a query per item.
    pub fn statements_run(&self) -> u64 {
        self.inner.statements.load(Ordering::Relaxed)
    }

    /// Runs blocking diesel work on a pooled connection, on tokio's blocking pool.
    async fn run<T, E, F>(&self, work: F) -> Result<T, E>
    where
        F: FnOnce(&mut DbConnection) -> Result<T, E> + Send + 'static,
        T: Send + 'static,
        E: From<RepoError> + Send + 'static,
    {
        run_on(self.inner.pool.clone(), work).await
    }

    /// Like [`Database::run`], for a read of a few rows by their keys on a request's path (the
    /// signed-in user, a cart, a product): on SQLite it runs on the calling thread when a
    /// connection is idle. Such a read takes tens of microseconds, less than handing it to
    /// the blocking pool and back (two thread switches): under a checkout rush the shop's CPU
    /// per order fell from 777 µs to 600-690 µs. Anything that may read many rows goes
    /// through `run`, and so does every read on PostgreSQL, which waits on the network.
    async fn read_by_key<T, E, F>(&self, work: F) -> Result<T, E>
    where
        F: FnOnce(&mut DbConnection) -> Result<T, E> + Send + 'static,
        T: Send + 'static,
        E: From<RepoError> + Send + 'static,
    {
        if self.inner.backend == Backend::Sqlite {
            if let Some(mut conn) = self.inner.pool.try_get() {
                return work(&mut conn);
            }
        }
        self.run(work).await
    }

    /// Like [`Database::run`], for work that writes: on SQLite it waits for this process's
    /// earlier writers and runs on the writing connection.
    async fn write<T, E, F>(&self, work: F) -> Result<T, E>
    where
        F: FnOnce(&mut DbConnection) -> Result<T, E> + Send + 'static,
        T: Send + 'static,
        E: From<RepoError> + Send + 'static,
    {
        let Some(writer) = &self.inner.writer else {
            return self.run(work).await;
        };
        // Log lines written on the writer's thread belong to the request that asked.
        let span = tracing::Span::current();
        writer.run(move |conn| span.in_scope(|| work(conn))).await
    }
}

/// How busy the connection pool is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolUse {
    pub open: u32,
    pub idle: u32,
    pub max: u32,
}

/// Runs blocking diesel work on a connection of `pool`, on tokio's blocking pool.
async fn run_on<T, E, F>(pool: DbPool, work: F) -> Result<T, E>
where
    F: FnOnce(&mut DbConnection) -> Result<T, E> + Send + 'static,
    T: Send + 'static,
    E: From<RepoError> + Send + 'static,
{
    // Log lines written on the blocking thread belong to the request that asked.
    let span = tracing::Span::current();
    tokio::task::spawn_blocking(move || {
        let _request = span.enter();
        let mut conn = pool
            .get()
            .map_err(|e| RepoError::Unavailable(format!("no database connection: {e}")))?;
        work(&mut conn)
    })
    .await
    .map_err(|e| RepoError::Storage(format!("database task failed: {e}")))?
}

/// An update or delete of one row by id: `NotFound` when no row had that id.
pub(crate) fn one_row(affected: Result<usize, RepoError>) -> Result<(), RepoError> {
    match affected? {
        0 => Err(RepoError::NotFound),
        _ => Ok(()),
    }
}

/// Translates a diesel failure into the ports' error: a unique violation is `Duplicate`,
/// anything else a storage failure (its text is for logs only).
pub(crate) fn storage(error: DieselError) -> RepoError {
    match error {
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => RepoError::Duplicate,
        DieselError::NotFound => RepoError::NotFound,
        // The server went away (a restart, a failover): the pool replaces the connection.
        DieselError::DatabaseError(
            DatabaseErrorKind::ClosedConnection | DatabaseErrorKind::UnableToSendCommand,
            info,
        ) => RepoError::Unavailable(info.message().to_owned()),
        // A transaction's rollback failed on a connection that died under it.
        DieselError::BrokenTransactionManager => {
            RepoError::Unavailable("the connection died mid-transaction".into())
        }
        other => RepoError::Storage(other.to_string()),
    }
}

/// A row that does not hold what the domain allows.
pub(crate) fn corrupt(what: &str, value: impl std::fmt::Display) -> RepoError {
    RepoError::Storage(format!("unreadable {what} in the database: {value}"))
}

pub(crate) fn is_foreign_key_violation(error: &DieselError) -> bool {
    matches!(
        error,
        DieselError::DatabaseError(DatabaseErrorKind::ForeignKeyViolation, _)
    )
}

pub(crate) fn is_unique_violation(error: &DieselError) -> bool {
    matches!(
        error,
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::thread::{self, ThreadId};

    async fn thread_of_read(db: &Database) -> ThreadId {
        db.read_by_key(|_| Ok::<_, RepoError>(thread::current().id()))
            .await
            .unwrap()
    }

    #[tokio::test]
    async fn a_read_by_key_runs_on_the_callers_thread_on_sqlite_while_a_connection_is_idle() {
        for db in test_support::databases().await {
            let on_sqlite = db.inner.backend == Backend::Sqlite;
            assert_eq!(
                thread_of_read(&db).await == thread::current().id(),
                on_sqlite
            );
        }
        let db = test_support::sqlite().await;
        // No idle connection: the read goes to the blocking pool, which opens one.
        let taken: Vec<_> = std::iter::from_fn(|| db.inner.pool.try_get()).collect();
        assert!(!taken.is_empty());
        assert_ne!(thread_of_read(&db).await, thread::current().id());
        drop(taken);
        assert_eq!(thread_of_read(&db).await, thread::current().id());
    }
}
