//! Orders' numbers (`domain::order::OrderNumber`), given in the placing transaction.

use crate::connection::DbConnection;
use crate::corrupt;
use crate::schema::orders;
use diesel::dsl::{max, sql};
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use domain::order::OrderNumber;
use domain::ports::RepoError;

/// The number of the order being placed in this transaction: the `order_numbers` sequence's
/// next on PostgreSQL (so instances never collide and none waits on another's checkout), one
/// past the last on SQLite, whose immediate transaction is the only writer.
pub(crate) fn next(conn: &mut DbConnection) -> QueryResult<i64> {
    match conn {
        DbConnection::Pg(pg) => {
            diesel::select(sql::<BigInt>("nextval('order_numbers')")).get_result(pg)
        }
        DbConnection::Sqlite(_) => Ok(last_given(conn)? + 1),
    }
}

/// The highest number given, or the one before a new shop's first.
pub(crate) fn last_given(conn: &mut DbConnection) -> QueryResult<i64> {
    let last: Option<i64> = orders::table.select(max(orders::number)).get_result(conn)?;
    Ok(last.unwrap_or(i64::from(OrderNumber::FIRST.get()) - 1))
}

/// After orders were inserted with the numbers following `last_given` (a seed's, offline):
/// the next one placed follows the last of them.
pub(crate) fn continue_after_inserted(conn: &mut DbConnection) -> QueryResult<()> {
    if let DbConnection::Pg(pg) = conn {
        diesel::sql_query(
            "SELECT setval('order_numbers', MAX(number)) FROM orders HAVING COUNT(*) > 0",
        )
        .execute(pg)?;
    }
    Ok(())
}

/// The number stored for order `order`.
pub(crate) fn read(stored: i64, order: &str) -> Result<OrderNumber, RepoError> {
    u32::try_from(stored)
        .ok()
        .and_then(OrderNumber::new)
        .ok_or_else(|| corrupt("number of order", order))
}
