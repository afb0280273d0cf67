//! The connection to either backend, the r2d2 pool that hands it out, the SQLite settings
//! every new connection gets, the embedded migrations and the write transaction.

use diesel::connection::{
    AnsiTransactionManager, Instrumentation, InstrumentationEvent, SimpleConnection,
    TransactionManager,
};
use diesel::prelude::*;
use diesel::r2d2::{CustomizeConnection, ManageConnection, Pool, R2D2Connection};
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// One connection to SQLite or PostgreSQL. Portable queries are written once against this
/// type; a `match` on the variant is used only where the SQL really differs.
#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Sqlite(SqliteConnection),
    Pg(PgConnection),
}

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/postgresql");

/// Which database a URL names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn name(self) -> &'static str {
        match self {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgresql",
        }
    }
}

/// Where to connect: `postgres://` or `postgresql://` URLs name PostgreSQL; anything else
/// is a SQLite file path, optionally prefixed with `sqlite://`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    Sqlite(String),
    Postgres(String),
}

impl Target {
    pub fn parse(url: &str) -> Self {
        let url = url.trim();
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return Target::Postgres(url.to_owned());
        }
        let path = url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"))
            .unwrap_or(url);
        Target::Sqlite(path.to_owned())
    }

    pub fn backend(&self) -> Backend {
        match self {
            Target::Sqlite(_) => Backend::Sqlite,
            Target::Postgres(_) => Backend::Postgres,
        }
    }

    /// Opens one connection of the right kind (never tries the other backend).
    pub fn establish(&self) -> ConnectionResult<DbConnection> {
        match self {
            Target::Sqlite(path) => SqliteConnection::establish(path).map(DbConnection::Sqlite),
            Target::Postgres(url) => PgConnection::establish(url).map(DbConnection::Pg),
        }
    }

    /// Creates the directory a SQLite file lives in. An in-memory SQLite database is
    /// refused: every pooled connection would see a different, empty one.
    pub fn prepare(&self) -> Result<(), OpenError> {
        if let Target::Sqlite(path) = self {
            if path.is_empty() || path == ":memory:" || path.starts_with("file::memory:") {
                return Err(OpenError::NotAFile(path.clone()));
            }
            if let Some(parent) = Path::new(path)
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
            {
                std::fs::create_dir_all(parent)?;
            }
            keep_private(path).map_err(OpenError::Private)?;
        }
        Ok(())
    }
}

/// A SQLite database holds every shopper's name, phone and address: its file, and the
/// `-wal` and `-shm` files beside it, are readable by the owner only. The file is created
/// that way (SQLite gives the files it adds the database file's mode), and the files of a
/// database made before this rule are narrowed.
#[cfg(unix)]
fn keep_private(path: &str) -> std::io::Result<()> {
    use std::os::unix::fs::{OpenOptionsExt as _, PermissionsExt as _};
    std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .mode(0o600)
        .open(path)?;
    for file in [
        path.to_owned(),
        format!("{path}-wal"),
        format!("{path}-shm"),
    ] {
        match std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
            _ => {}
        }
    }
    Ok(())
}

#[cfg(not(unix))]
fn keep_private(_path: &str) -> std::io::Result<()> {
    Ok(())
}

/// Hands out connections to one target.
#[derive(Debug)]
pub struct Manager {
    target: Target,
}

impl ManageConnection for Manager {
    type Connection = DbConnection;
    type Error = diesel::r2d2::Error;

    fn connect(&self) -> Result<DbConnection, Self::Error> {
        self.target
            .establish()
            .map_err(diesel::r2d2::Error::ConnectionError)
    }

    fn is_valid(&self, conn: &mut DbConnection) -> Result<(), Self::Error> {
        conn.ping().map_err(diesel::r2d2::Error::QueryError)
    }

    fn has_broken(&self, conn: &mut DbConnection) -> bool {
        conn.is_broken()
    }
}

/// Sets up every new pooled connection: SQLite gets WAL, foreign keys, a busy timeout and
/// `synchronous = NORMAL`; every connection counts its statements.
#[derive(Debug)]
struct Setup {
    statements: Arc<AtomicU64>,
    /// The SQLite writer's pool (see `SQLITE_WRITER_PRAGMAS`).
    writer: bool,
}

/// Runs on every SQLite connection before use. `busy_timeout` comes first so that switching
/// to WAL waits for a busy database instead of failing. (A memory-mapped file, measured,
/// saved no CPU per checkout and counts the mapped pages as the process's memory.) The
/// checkpoints are the checkpointer's (see `checkpointer`); the writer's own are a backstop
/// (see `SQLITE_WRITER_PRAGMAS`), and a connection that writes outside the writer makes
/// its own every 10,000 pages (40 MB of log) instead of 1,000.
const SQLITE_PRAGMAS: &str = "PRAGMA busy_timeout = 5000; \
                              PRAGMA journal_mode = WAL; \
                              PRAGMA synchronous = NORMAL; \
                              PRAGMA wal_autocheckpoint = 10000; \
                              PRAGMA foreign_keys = ON;";

/// The writer's connection also keeps its temporary files in memory. It runs each queued
/// write in a savepoint of one transaction, and past 64 KiB SQLite copied the savepoints'
/// pages to a temporary file: 19 % of the writer's time under the checkout rush (867 µs of
/// writer CPU an order before, 635 after). The readers keep theirs on disk, so a large
/// sort in a back-office query does not grow the process (measured: 20 MB more at the peak).
///
/// Its own checkpoints wait for 100,000 pages of log (400 MB). At 10,000 the log of a rush
/// still passed the mark between two of the checkpointer's runs now and then, and the
/// writer's checkpoint then synced the log and the database file while every write queued
/// behind it: sampled under the checkout rush, the writer thread sat in `fsync` 10-14 % of
/// the time at 10,000 pages, 3 % at 100,000.
const SQLITE_WRITER_PRAGMAS: &str = "PRAGMA temp_store = MEMORY; \
                                     PRAGMA wal_autocheckpoint = 100000;";

pub(crate) fn configure(conn: &mut DbConnection) -> QueryResult<()> {
    sqlite_pragmas(conn, SQLITE_PRAGMAS)
}

/// Runs `pragmas` on a SQLite connection; PostgreSQL needs none.
fn sqlite_pragmas(conn: &mut DbConnection, pragmas: &str) -> QueryResult<()> {
    match conn {
        DbConnection::Sqlite(conn) => conn.batch_execute(pragmas),
        DbConnection::Pg(_) => Ok(()),
    }
}

impl CustomizeConnection<DbConnection, diesel::r2d2::Error> for Setup {
    fn on_acquire(&self, conn: &mut DbConnection) -> Result<(), diesel::r2d2::Error> {
        configure(conn).map_err(diesel::r2d2::Error::QueryError)?;
        if self.writer {
            sqlite_pragmas(conn, SQLITE_WRITER_PRAGMAS).map_err(diesel::r2d2::Error::QueryError)?;
        }
        conn.set_instrumentation(StatementCounter(self.statements.clone()));
        Ok(())
    }
}

/// Counts the statements a connection runs (for tests that check a list does not issue a
/// query per item).
struct StatementCounter(Arc<AtomicU64>);

impl Instrumentation for StatementCounter {
    fn on_connection_event(&mut self, event: InstrumentationEvent<'_>) {
        if let InstrumentationEvent::StartQuery { .. } = event {
            self.0.fetch_add(1, Ordering::Relaxed);
        }
    }
}

pub type DbPool = Pool<Manager>;

/// The longest a request waits for a pooled connection.
const CONNECTION_WAIT: Duration = Duration::from_secs(3);

/// Why the database could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error("the SQLite database must be a file path, not {0:?}")]
    NotAFile(String),
    #[error("cannot create the database directory: {0}")]
    Directory(#[from] std::io::Error),
    #[error("cannot make the database files private: {0}")]
    Private(std::io::Error),
    #[error("cannot connect to the database: {0}")]
    Connect(#[from] ConnectionError),
    #[error("cannot prepare the database connection: {0}")]
    Configure(diesel::result::Error),
    #[error("cannot migrate the database: {0}")]
    Migrate(String),
    #[error("cannot build the connection pool: {0}")]
    Pool(#[from] diesel::r2d2::PoolError),
}

/// PostgreSQL advisory lock key held while migrating, so several shop processes starting
/// at once against one database do not migrate it twice.
const MIGRATION_LOCK: i64 = 0x5348_4F50; // "SHOP"

/// The connections of one database.
pub struct Pools {
    /// For reads, and for writes on PostgreSQL.
    pub main: DbPool,
    /// SQLite only: the one connection that writes, so its page cache stays valid from one
    /// write to the next (a connection drops its cache whenever another one has written).
    pub writer: Option<DbPool>,
}

/// Opens the target, brings its schema up to date and builds the pools. Blocking.
pub fn open(target: &Target, statements: Arc<AtomicU64>) -> Result<Pools, OpenError> {
    target.prepare()?;
    // One connection of our own first: a wrong URL fails at once with its real cause
    // instead of after the pool's time-out, and the migrations run on it.
    let mut conn = target.establish()?;
    configure(&mut conn).map_err(OpenError::Configure)?;
    let applied = migrate(&mut conn)?;
    drop(conn);
    tracing::info!(
        backend = target.backend().name(),
        migrations_applied = applied,
        "database ready"
    );
    let pool = |max_size, writer| {
        Pool::builder()
            .max_size(max_size)
            .min_idle(Some(1))
            // No ping per checkout (it would double the cost of a one-row read); a connection
            // the driver reports broken is dropped instead (`has_broken`).
            .test_on_check_out(false)
            // A request waits this long for a connection before it is answered 503: while
            // the database restarts, shoppers hear so within seconds instead of hanging.
            .connection_timeout(CONNECTION_WAIT)
            .connection_customizer(Box::new(Setup {
                statements: statements.clone(),
                writer,
            }))
            .build(Manager {
                target: target.clone(),
            })
    };
    Ok(match target.backend() {
        Backend::Sqlite => Pools {
            main: pool(8, false)?,
            writer: Some(pool(1, true)?),
        },
        Backend::Postgres => Pools {
            main: pool(10, false)?,
            writer: None,
        },
    })
}

/// Applies the migrations not yet applied; returns how many there were.
fn migrate(conn: &mut DbConnection) -> Result<usize, OpenError> {
    let failed = |e: Box<dyn std::error::Error + Send + Sync>| OpenError::Migrate(e.to_string());
    match conn {
        DbConnection::Sqlite(conn) => conn
            .run_pending_migrations(SQLITE_MIGRATIONS)
            .map(|applied| applied.len())
            .map_err(failed),
        DbConnection::Pg(conn) => {
            diesel::sql_query(format!("SELECT pg_advisory_lock({MIGRATION_LOCK})"))
                .execute(conn)
                .map_err(OpenError::Configure)?;
            let result = conn
                .run_pending_migrations(POSTGRES_MIGRATIONS)
                .map(|applied| applied.len())
                .map_err(failed);
            let unlocked =
                diesel::sql_query(format!("SELECT pg_advisory_unlock({MIGRATION_LOCK})"))
                    .execute(conn)
                    .map_err(OpenError::Configure);
            let applied = result?;
            unlocked?;
            Ok(applied)
        }
    }
}

/// Runs `work` in a transaction that writes. On SQLite it starts with `BEGIN IMMEDIATE`,
/// so concurrent writers queue on the busy timeout instead of failing with `SQLITE_BUSY`
/// when a read lock cannot be upgraded, or, inside the writer's batch (see `writer`), with
/// a savepoint; on PostgreSQL it is an ordinary transaction whose row locks serialise the
/// writers.
pub fn write_transaction<T, E, F>(conn: &mut DbConnection, work: F) -> Result<T, E>
where
    F: FnOnce(&mut DbConnection) -> Result<T, E>,
    E: From<diesel::result::Error>,
{
    if matches!(conn, DbConnection::Pg(_)) || sqlite_transaction_depth(conn).is_some() {
        return conn.transaction(work);
    }
    begin_immediate(conn)?;
    match work(conn) {
        Ok(value) => {
            <DbConnection as Connection>::TransactionManager::commit_transaction(conn)?;
            Ok(value)
        }
        Err(error) => {
            match <DbConnection as Connection>::TransactionManager::rollback_transaction(conn) {
                Ok(()) | Err(diesel::result::Error::BrokenTransactionManager) => Err(error),
                Err(rollback) => Err(rollback.into()),
            }
        }
    }
}

/// Starts a SQLite transaction that takes the write lock at once (`BEGIN IMMEDIATE`).
pub(crate) fn begin_immediate(conn: &mut DbConnection) -> QueryResult<()> {
    match conn {
        DbConnection::Sqlite(inner) => {
            AnsiTransactionManager::begin_transaction_sql(inner, "BEGIN IMMEDIATE")
        }
        DbConnection::Pg(_) => {
            <DbConnection as Connection>::TransactionManager::begin_transaction(conn)
        }
    }
}

/// How many transactions deep a SQLite connection is (a savepoint counts one more); `None`
/// outside any, on PostgreSQL, or when its transaction manager broke.
pub(crate) fn sqlite_transaction_depth(conn: &mut DbConnection) -> Option<u32> {
    match conn {
        DbConnection::Sqlite(inner) => {
            AnsiTransactionManager::transaction_manager_status_mut(inner)
                .transaction_depth()
                .ok()
                .flatten()
                .map(std::num::NonZeroU32::get)
        }
        DbConnection::Pg(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_url_scheme_picks_the_backend() {
        let pg = "postgres://postgres@127.0.0.1:5432/test";
        assert_eq!(Target::parse(pg), Target::Postgres(pg.into()));
        let pg = "postgresql://u:p@db/shop?sslmode=require";
        assert_eq!(Target::parse(pg), Target::Postgres(pg.into()));
        assert_eq!(
            Target::parse("./data/shop.db"),
            Target::Sqlite("./data/shop.db".into())
        );
        assert_eq!(
            Target::parse("sqlite://data/shop.db"),
            Target::Sqlite("data/shop.db".into())
        );
        assert_eq!(
            Target::parse("sqlite:///var/shop.db"),
            Target::Sqlite("/var/shop.db".into())
        );
        assert_eq!(
            Target::parse(" sqlite:shop.db "),
            Target::Sqlite("shop.db".into())
        );
        assert_eq!(Target::parse("shop.db").backend().name(), "sqlite");
        assert_eq!(
            Target::parse("postgres://h/db").backend().name(),
            "postgresql"
        );
    }

    #[cfg(unix)]
    #[test]
    fn the_database_files_are_readable_by_the_owner_only() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("shop.db");
        // A database file from before, readable by everyone, with its WAL.
        std::fs::write(dir.path().join("shop.db-wal"), b"").unwrap();
        let target = Target::parse(&path.to_string_lossy());
        let pools = open(&target, Arc::default()).unwrap();
        let mut conn = pools.main.get().unwrap();
        diesel::sql_query("SELECT 1").execute(&mut *conn).unwrap();
        for name in ["shop.db", "shop.db-wal", "shop.db-shm"] {
            let mode = std::fs::metadata(dir.path().join(name))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600, "{name}");
        }
    }

    #[test]
    fn an_in_memory_sqlite_database_is_refused() {
        for url in [":memory:", "sqlite://:memory:", ""] {
            assert!(
                matches!(Target::parse(url).prepare(), Err(OpenError::NotAFile(_))),
                "{url}"
            );
        }
    }

    #[derive(QueryableByName)]
    struct Setting {
        #[diesel(sql_type = diesel::sql_types::Text)]
        value: String,
    }

    #[derive(QueryableByName)]
    struct CheckpointMark {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        wal_autocheckpoint: i64,
    }

    fn pragma(conn: &mut DbConnection, name: &str) -> String {
        diesel::sql_query(format!(
            "SELECT CAST((SELECT * FROM pragma_{name}) AS TEXT) AS value"
        ))
        .get_result::<Setting>(conn)
        .unwrap()
        .value
    }

    #[test]
    fn every_pooled_sqlite_connection_uses_wal_foreign_keys_and_a_busy_timeout() {
        let dir = tempfile::tempdir().unwrap();
        let target = Target::parse(&dir.path().join("shop.db").to_string_lossy());
        let pools = open(&target, Arc::default()).unwrap();
        let mut first = pools.main.get().unwrap();
        let mut second = pools.main.get().unwrap();
        let mut writer = pools.writer.expect("SQLite has a writer").get().unwrap();
        for conn in [&mut *first, &mut *second, &mut *writer] {
            assert_eq!(pragma(conn, "journal_mode"), "wal");
            assert_eq!(pragma(conn, "foreign_keys"), "1");
            assert_eq!(pragma(conn, "busy_timeout"), "5000");
            // NORMAL
            assert_eq!(pragma(conn, "synchronous"), "1");
        }
        let mark = |conn: &mut DbConnection| {
            // No table-valued function for this one.
            diesel::sql_query("PRAGMA wal_autocheckpoint")
                .get_result::<CheckpointMark>(conn)
                .unwrap()
                .wal_autocheckpoint
        };
        // The writer leaves its checkpoints to the checkpointer up to a far higher mark.
        assert_eq!(mark(&mut first), 10_000);
        assert_eq!(mark(&mut second), 10_000);
        assert_eq!(mark(&mut writer), 100_000);
        // Temporary files in memory for the writer only (MEMORY is 2, the default 0).
        assert_eq!(pragma(&mut writer, "temp_store"), "2");
        assert_eq!(pragma(&mut first, "temp_store"), "0");
    }

    #[test]
    fn the_two_migration_folders_stay_in_step() {
        let names = |backend: &str| {
            let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../migrations")
                .join(backend);
            let mut names: Vec<String> = std::fs::read_dir(dir)
                .unwrap()
                .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            names.sort();
            names
        };
        let sqlite = names("sqlite");
        assert!(!sqlite.is_empty());
        assert_eq!(sqlite, names("postgresql"));
        // Diesel knows a migration by the timestamp before the first `_`: two folders with
        // one timestamp would leave the second one silently unapplied.
        let versions: std::collections::BTreeSet<&str> = sqlite
            .iter()
            .map(|name| name.split('_').next().unwrap_or_default())
            .collect();
        assert_eq!(versions.len(), sqlite.len(), "{sqlite:?}");
    }
}
