//! Statements kept prepared that diesel would prepare again on every run.
//!
//! Diesel keeps a statement prepared only when its type alone fixes its SQL, so it prepares
//! every `UPDATE`, upsert and multi-row `INSERT` anew each time: on SQLite a parse and a
//! plan of the statement (16 % of the writer's time under the checkout rush), on PostgreSQL
//! a parse and a plan in the server on every one of an order's writes. [`Prepared`] keeps
//! such a statement in the connection's cache under its SQL text (and its parameters'
//! types), which is what diesel does for statements without a type of their own, so two
//! statements of one type but different SQL are two entries and never mixed up.
//!
//! Only for statements with a few shapes at most: each shape is one prepared statement per
//! connection for the connection's life (on PostgreSQL one in the server as well). Never for
//! `IN (…)` lists on SQLite or inserts of any number of rows (`bulk::insert_rows` keeps
//! only small ones).
//!
//! `MultiConnection` answers whether a statement may be cached for its own wrapper, not for
//! ours, so these functions run the statement on the backend's own connection.

use crate::connection::DbConnection;
use diesel::backend::Backend;
use diesel::dsl::sql;
use diesel::expression::SqlLiteral;
use diesel::pg::PgConnection;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::query_dsl::methods::LoadQuery;
use diesel::sql_types::Integer;
use diesel::sqlite::SqliteConnection;
use diesel::{OptionalExtension, QueryResult, RunQueryDsl};

/// A statement that may stay prepared whatever diesel thinks of its type (see the module).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Prepared<T>(pub T);

impl<T, DB> QueryFragment<DB> for Prepared<T>
where
    T: QueryFragment<DB>,
    DB: Backend,
{
    fn walk_ast<'b>(&'b self, pass: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        self.0.walk_ast(pass)
    }

    fn is_safe_to_cache_prepared(&self, _backend: &DB) -> QueryResult<bool> {
        Ok(true)
    }
}

/// No type id: the cache's key is the SQL text.
impl<T> QueryId for Prepared<T> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<T: Query> Query for Prepared<T> {
    type SqlType = T::SqlType;
}

impl<T, Conn> RunQueryDsl<Conn> for Prepared<T> {}

/// What a write kept prepared returns for each row it wrote (`RETURNING 1`). Diesel's
/// `execute` cannot keep a statement prepared: it hands the statement on behind a reference,
/// and the reference answers for itself that no write may be cached. Loading the
/// statement's rows hands it on whole, so writes that stay prepared are loaded instead.
pub(crate) fn row() -> SqlLiteral<Integer> {
    sql("1")
}

/// Runs `statement` (a write ending in `.returning(prepared::row())`), kept prepared, and
/// returns how many rows it wrote.
pub(crate) fn execute<'query, T>(conn: &mut DbConnection, statement: T) -> QueryResult<usize>
where
    Prepared<T>: LoadQuery<'query, SqliteConnection, i32> + LoadQuery<'query, PgConnection, i32>,
{
    match conn {
        DbConnection::Sqlite(conn) => rows_written(conn, statement),
        DbConnection::Pg(conn) => rows_written(conn, statement),
    }
}

/// [`execute`] on one backend's connection, for a statement of that backend only.
pub(crate) fn rows_written<'query, C, T>(conn: &mut C, statement: T) -> QueryResult<usize>
where
    Prepared<T>: LoadQuery<'query, C, i32>,
{
    let written: Vec<i32> = Prepared(statement).load(conn)?;
    Ok(written.len())
}

/// Runs `statement`, kept prepared, and returns its one row, if any (`RETURNING`).
pub(crate) fn optional_result<'query, T, U>(
    conn: &mut DbConnection,
    statement: T,
) -> QueryResult<Option<U>>
where
    Prepared<T>: LoadQuery<'query, SqliteConnection, U> + LoadQuery<'query, PgConnection, U>,
{
    match conn {
        DbConnection::Sqlite(conn) => Prepared(statement).get_result(conn).optional(),
        DbConnection::Pg(conn) => Prepared(statement).get_result(conn).optional(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::products::bump_catalog_version;
    use crate::schema::catalog_version;
    use crate::test_support;
    use diesel::connection::{Instrumentation, InstrumentationEvent};
    use diesel::prelude::*;
    use std::sync::{Arc, Mutex};

    /// The statements a connection put in its cache.
    struct Cached(Arc<Mutex<Vec<String>>>);

    impl Instrumentation for Cached {
        fn on_connection_event(&mut self, event: InstrumentationEvent<'_>) {
            if let InstrumentationEvent::CacheQuery { sql, .. } = event {
                self.0.lock().unwrap().push(sql.to_owned());
            }
        }
    }

    #[tokio::test]
    async fn a_write_kept_prepared_is_prepared_once_and_then_run_from_the_cache() {
        for db in test_support::databases().await {
            let pool = db.inner.pool.clone();
            tokio::task::spawn_blocking(move || {
                let mut conn = pool.get().unwrap();
                let versions = |conn: &mut DbConnection| -> i64 {
                    catalog_version::table
                        .select(catalog_version::version)
                        .load::<i64>(conn)
                        .unwrap()
                        .into_iter()
                        .sum()
                };
                let before = versions(&mut conn);
                let cached = Arc::new(Mutex::new(Vec::new()));
                conn.set_instrumentation(Cached(cached.clone()));
                // Diesel alone prepares an UPDATE anew every time: nothing is cached.
                diesel::update(catalog_version::table.find(1))
                    .set(catalog_version::version.eq(catalog_version::version + 1))
                    .execute(&mut *conn)
                    .unwrap();
                assert!(cached.lock().unwrap().is_empty());
                for _ in 0..3 {
                    assert_eq!(bump_catalog_version(&mut conn).unwrap(), 1);
                }
                let cached = cached.lock().unwrap().clone();
                assert_eq!(cached.len(), 1, "{cached:?}");
                assert!(cached[0].starts_with("UPDATE"), "{}", cached[0]);
                assert_eq!(versions(&mut conn), before + 4);
            })
            .await
            .unwrap();
        }
    }
}
