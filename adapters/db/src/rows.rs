//! Multi-row inserts, as every write path and the seed loader make them.

/// Rows per `INSERT`. Bound parameters per statement are rows × columns: with the widest
/// table (orders, 20 columns) that stays under SQLite's limit of 32,766 (PostgreSQL allows
/// 65,535); larger statements gain nothing measurable.
pub(crate) const ROWS_PER_STATEMENT: usize = 1_000;

/// On PostgreSQL, inserts of at most this many rows (an order's lines, its history, its
/// messages) stay prepared (`prepared`): one statement per table and row count, so at most
/// this many per table. (SQLite's multi-row inserts go through diesel's own path for them, which
/// measured no faster prepared.)
pub(crate) const PREPARED_ROWS_MAX: usize = 4;

/// Inserts the slice `$rows` into `$table`, `ROWS_PER_STATEMENT` rows per statement, on a
/// `&mut DbConnection`. `MultiConnection` has no multi-row insert, so this goes to the
/// backend's own connection. (On SQLite diesel builds one multi-row statement only when no
/// value is `DEFAULT`: the row structs insert `None` as `NULL` for that reason.) A macro
/// because the statement's type differs per table and per backend, and diesel's bounds for
/// a generic function over both do not resolve.
macro_rules! insert_rows {
    ($conn:expr, $table:expr, $rows:expr) => {{
        for chunk in $rows.chunks($crate::rows::ROWS_PER_STATEMENT) {
            let statement = diesel::insert_into($table).values(chunk);
            match &mut *$conn {
                $crate::connection::DbConnection::Sqlite(conn) => statement.execute(conn)?,
                $crate::connection::DbConnection::Pg(conn)
                    if chunk.len() <= $crate::rows::PREPARED_ROWS_MAX =>
                {
                    $crate::prepared::rows_written(
                        conn,
                        statement.returning($crate::prepared::row()),
                    )?
                }
                $crate::connection::DbConnection::Pg(conn) => statement.execute(conn)?,
            };
        }
        QueryResult::Ok(())
    }};
}
pub(crate) use insert_rows;
