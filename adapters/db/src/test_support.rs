//! Fresh databases for tests, this crate's and other crates' (enable the `test-support`
//! feature in their dev-dependencies).
//!
//! [`databases`] gives a new SQLite database in a temporary directory and, when
//! `SHOP_TEST_POSTGRES_URL` names a PostgreSQL server (for example
//! `postgres://postgres@127.0.0.1:5432/test`), a new PostgreSQL database created on that
//! server. Each is migrated, and removed when the last clone of its [`Database`] is
//! dropped. With `CI=true` and no `SHOP_TEST_POSTGRES_URL` it panics: PostgreSQL is never
//! skipped silently in CI.

use crate::connection::DbConnection;
use crate::Database;
use diesel::prelude::*;
use std::sync::Once;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The environment variable naming the PostgreSQL server tests may create databases on.
pub const POSTGRES_URL_VAR: &str = "SHOP_TEST_POSTGRES_URL";

/// Every database created for tests is named `shop_test_<unix seconds>_<random>`.
const NAME_PREFIX: &str = "shop_test_";

/// Test databases older than this are taken for leftovers and dropped, even if connected.
const STALE_AFTER: Duration = Duration::from_secs(2 * 60 * 60);

/// Test databases nobody is connected to this long after their creation are leftovers.
/// (A live one always holds a pooled connection.)
const UNUSED_AFTER: Duration = Duration::from_secs(5 * 60);

/// A fresh, migrated database on every backend the tests can reach: SQLite always,
/// PostgreSQL when `SHOP_TEST_POSTGRES_URL` is set.
///
/// # Panics
/// When `CI=true` and `SHOP_TEST_POSTGRES_URL` is missing, and when a database cannot be
/// created (a test without its database must fail, not pass).
pub async fn databases() -> Vec<Database> {
    let mut all = vec![sqlite().await];
    if let Some(server_url) = postgres_server_url() {
        all.push(postgres(&server_url).await);
    }
    all
}

/// A fresh PostgreSQL database and its URL, for tests that start `shop` processes on it;
/// `None` when no server is configured (outside CI).
///
/// # Panics
/// As [`databases`].
pub async fn postgres_with_url() -> Option<(Database, String)> {
    let server_url = postgres_server_url()?;
    let database = postgres(&server_url).await;
    let url = database
        .inner
        ._cleanup
        .as_ref()
        .and_then(Cleanup::database_url)
        .expect("a PostgreSQL test database knows its URL");
    Some((database, url))
}

fn postgres_server_url() -> Option<String> {
    match std::env::var(POSTGRES_URL_VAR) {
        Ok(url) if !url.trim().is_empty() => Some(without_tls_or_gss(url.trim())),
        _ if std::env::var("CI").is_ok_and(|ci| ci == "true") => panic!(
            "CI=true but {POSTGRES_URL_VAR} is not set: the tests must also run against \
             PostgreSQL in CI (for example {POSTGRES_URL_VAR}=postgres://postgres@127.0.0.1:5432/test)"
        ),
        _ => None,
    }
}

/// Test servers are local: unless the URL says otherwise, libpq negotiates neither TLS nor
/// GSS. Otherwise threads still closing connections at process exit race OpenSSL's and
/// krb5's exit handlers and crash the test process after its tests passed.
fn without_tls_or_gss(url: &str) -> String {
    let mut url = url.to_owned();
    for (key, value) in [("sslmode", "disable"), ("gssencmode", "disable")] {
        if !url.contains(&format!("{key}=")) {
            url.push(if url.contains('?') { '&' } else { '?' });
            url.push_str(&format!("{key}={value}"));
        }
    }
    url
}

/// A fresh SQLite database in a new temporary directory, removed with it.
///
/// # Panics
/// When the database cannot be created.
pub async fn sqlite() -> Database {
    let dir = tempfile::Builder::new()
        .prefix("shop-test-")
        .tempdir()
        .unwrap_or_else(|e| panic!("cannot create a temporary directory for a test database: {e}"));
    let path = dir.path().join("shop.db");
    let database = Database::connect(&path.to_string_lossy())
        .await
        .unwrap_or_else(|e| {
            panic!(
                "cannot create the SQLite test database {}: {e}",
                path.display()
            )
        });
    database.removed_when_dropped(Cleanup::Directory(dir))
}

/// A fresh PostgreSQL database on the server `server_url` names (any existing database of
/// it serves to connect), dropped when the last clone of the returned [`Database`] goes.
///
/// # Panics
/// When the server cannot be reached or the database cannot be created.
pub async fn postgres(server_url: &str) -> Database {
    let server_url = server_url.to_owned();
    let name = format!(
        "{NAME_PREFIX}{}_{}",
        unix_seconds(),
        uuid::Uuid::now_v7().simple()
    );
    let created = {
        let (server_url, name) = (server_url.clone(), name.clone());
        tokio::task::spawn_blocking(move || -> Result<(), String> {
            let mut admin = PgConnection::establish(&server_url).map_err(|e| e.to_string())?;
            // Once per process, on a thread of its own so no test waits for it.
            static SWEEP: Once = Once::new();
            SWEEP.call_once(|| {
                let server_url = server_url.clone();
                std::thread::spawn(move || {
                    if let Ok(mut admin) = PgConnection::establish(&server_url) {
                        drop_stale_databases(&mut admin);
                    }
                });
            });
            diesel::sql_query(format!("CREATE DATABASE \"{name}\""))
                .execute(&mut admin)
                .map_err(|e| e.to_string())?;
            Ok(())
        })
        .await
    };
    match created {
        Ok(Ok(())) => {}
        Ok(Err(e)) => panic!(
            "cannot create a PostgreSQL test database on {server_url} ({POSTGRES_URL_VAR}): {e}"
        ),
        Err(e) => panic!("creating a PostgreSQL test database did not finish: {e}"),
    }
    let cleanup = Cleanup::PostgresDatabase {
        server_url: server_url.clone(),
        name: name.clone(),
    };
    let url = with_database(&server_url, &name);
    match Database::connect(&url).await {
        Ok(database) => database.removed_when_dropped(cleanup),
        // `cleanup` drops the half-made database as it goes out of scope.
        Err(e) => panic!("cannot open the PostgreSQL test database {name}: {e}"),
    }
}

#[derive(QueryableByName)]
struct ColumnRow {
    #[diesel(sql_type = diesel::sql_types::Text)]
    table_name: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    column_name: String,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    nullable: bool,
}

/// The columns of the shop's tables as `(table, column, nullable)`, sorted, read from the
/// database's own catalogue: tests compare them across backends to check that the two
/// migration folders build the same schema. SQLite's search index of orders (an FTS5
/// table and its shadow tables) is left out: PostgreSQL indexes the same text in place.
///
/// # Panics
/// When the catalogue cannot be read.
pub async fn columns(db: &Database) -> Vec<(String, String, bool)> {
    let rows = db
        .run(|conn| {
            let query = match conn {
                DbConnection::Sqlite(_) => {
                    // Ordinary tables only: not the FTS5 search indexes (virtual tables and
                    // their shadow tables), which PostgreSQL keeps as trigram indexes (of
                    // `product_search`, left out there).
                    "SELECT t.name AS table_name, p.name AS column_name, p.\"notnull\" = 0 AS nullable \
                     FROM pragma_table_list t, pragma_table_info(t.name) p \
                     WHERE t.schema = 'main' AND t.type = 'table' \
                     AND t.name NOT LIKE 'sqlite\\_%' ESCAPE '\\' \
                     AND t.name <> '__diesel_schema_migrations'"
                }
                DbConnection::Pg(_) => {
                    "SELECT table_name::text AS table_name, column_name::text AS column_name, \
                     is_nullable = 'YES' AS nullable \
                     FROM information_schema.columns \
                     WHERE table_schema = 'public' AND table_name <> '__diesel_schema_migrations' \
                     AND table_name <> 'product_search'"
                }
            };
            diesel::sql_query(query).load::<ColumnRow>(conn).map_err(crate::storage)
        })
        .await
        .unwrap_or_else(|e| panic!("cannot read the schema of {db:?}: {e}"));
    let mut columns: Vec<_> = rows
        .into_iter()
        .map(|c| (c.table_name, c.column_name, c.nullable))
        .collect();
    columns.sort();
    columns
}

/// What removes a test database.
pub(crate) enum Cleanup {
    /// The temporary directory of a SQLite file (removed when dropped).
    Directory(#[allow(dead_code)] tempfile::TempDir),
    PostgresDatabase {
        server_url: String,
        name: String,
    },
}

impl Cleanup {
    fn database_url(&self) -> Option<String> {
        match self {
            Cleanup::PostgresDatabase { server_url, name } => Some(with_database(server_url, name)),
            Cleanup::Directory(_) => None,
        }
    }
}

impl Drop for Cleanup {
    fn drop(&mut self) {
        if let Cleanup::PostgresDatabase { server_url, name } = self {
            // Best effort: a database left behind is swept by a later run.
            if let Ok(mut admin) = PgConnection::establish(server_url) {
                let _ =
                    diesel::sql_query(format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"))
                        .execute(&mut admin);
            }
        }
    }
}

#[derive(QueryableByName)]
struct TestDatabase {
    #[diesel(sql_type = diesel::sql_types::Text)]
    datname: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    connections: i64,
}

/// Drops test databases left behind by runs that ended without their clean-up (a killed
/// process, or a test whose `Database` was still held by a server thread when the process
/// exited): those nobody is connected to a few minutes after their creation, and any
/// older than a few hours.
fn drop_stale_databases(admin: &mut PgConnection) {
    let Ok(found) = diesel::sql_query(
        "SELECT d.datname::text AS datname, \
         (SELECT count(*) FROM pg_stat_activity a WHERE a.datname = d.datname) AS connections \
         FROM pg_database d WHERE d.datname LIKE 'shop\\_test\\_%'",
    )
    .load::<TestDatabase>(admin) else {
        return;
    };
    let now = unix_seconds();
    for TestDatabase {
        datname,
        connections,
    } in found
    {
        let Some(age) = datname
            .strip_prefix(NAME_PREFIX)
            .and_then(|rest| rest.split('_').next())
            .and_then(|secs| secs.parse::<u64>().ok())
            .map(|created| now.saturating_sub(created))
        else {
            continue;
        };
        let drop = if age > STALE_AFTER.as_secs() {
            format!("DROP DATABASE IF EXISTS \"{datname}\" WITH (FORCE)")
        } else if connections == 0 && age > UNUSED_AFTER.as_secs() {
            // Without FORCE: should a run connect meanwhile, the drop fails and it is kept.
            format!("DROP DATABASE IF EXISTS \"{datname}\"")
        } else {
            continue;
        };
        let _ = diesel::sql_query(drop).execute(admin);
    }
}

fn unix_seconds() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or_default()
}

/// `url` with its database name replaced by `name`, query parameters kept.
fn with_database(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (url, None),
    };
    let authority_start = base.find("://").map_or(0, |i| i + 3);
    let server = match base[authority_start..].find('/') {
        Some(slash) => &base[..authority_start + slash],
        None => base,
    };
    match query {
        Some(query) => format!("{server}/{name}?{query}"),
        None => format!("{server}/{name}"),
    }
}

/// Dates the delivery of order `id` at `at`, as if it was delivered then (the 30 days to
/// return it run from its delivery).
///
/// # Panics
/// When the order cannot be changed.
pub async fn deliver_at(db: &Database, id: &str, at: chrono::DateTime<chrono::Utc>) {
    use crate::schema::orders;
    use diesel::prelude::*;
    let id = id.to_owned();
    let changed = db
        .write(move |conn| {
            diesel::update(orders::table.find(id))
                .set(orders::delivered_at.eq(crate::models::to_db_time(at)))
                .execute(conn)
                .map_err(crate::storage)
        })
        .await
        .expect("the delivery is dated");
    assert_eq!(changed, 1, "no such order");
}

/// Stores `email` as the e-mail of account `id` exactly as given, unchecked: an address kept
/// from before sign-up read addresses as the mailer does.
///
/// # Panics
/// When the account cannot be changed.
pub async fn store_email_unchecked(db: &Database, id: &str, email: &str) {
    use crate::schema::users;
    use diesel::prelude::*;
    let (id, email) = (id.to_owned(), email.to_owned());
    let changed = db
        .write(move |conn| {
            diesel::update(users::table.find(id))
                .set(users::email.eq(email))
                .execute(conn)
                .map_err(crate::storage)
        })
        .await
        .expect("the e-mail is stored");
    assert_eq!(changed, 1, "no such account");
}

#[cfg(test)]
mod tests {
    use super::{with_database, without_tls_or_gss};

    #[test]
    fn test_urls_disable_tls_and_gss_unless_they_say_otherwise() {
        assert_eq!(
            without_tls_or_gss("postgres://u@h/test"),
            "postgres://u@h/test?sslmode=disable&gssencmode=disable"
        );
        assert_eq!(
            without_tls_or_gss("postgres://u@h/test?sslmode=require"),
            "postgres://u@h/test?sslmode=require&gssencmode=disable"
        );
    }

    #[test]
    fn the_database_name_of_a_url_is_replaced_and_its_parameters_kept() {
        assert_eq!(
            with_database("postgres://postgres@127.0.0.1:5432/test", "x"),
            "postgres://postgres@127.0.0.1:5432/x"
        );
        assert_eq!(
            with_database("postgresql://u:p@h/db?sslmode=disable", "x"),
            "postgresql://u:p@h/x?sslmode=disable"
        );
        assert_eq!(
            with_database("postgres://h:5432", "x"),
            "postgres://h:5432/x"
        );
    }
}
