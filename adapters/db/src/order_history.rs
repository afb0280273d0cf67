//! The statuses orders took (migration `2026-11-24-100000_order_status_history`): written
//! with the order and with each status change in the same transaction, read with the
//! orders' lines, one query per batch of orders.

use crate::connection::DbConnection;
use crate::listing::IN_LIST_MAX;
use crate::models::{from_db_time, status, to_db_time};
use crate::schema::{order_status_history, orders};
use crate::{corrupt, prepared, storage};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use domain::order::{Changer, OrderStatus, StatusChange};
use domain::ports::RepoError;
use domain::UserId;
use std::collections::HashMap;

/// Which orders' lines and histories to load.
#[derive(Clone, Copy)]
pub(crate) enum OrdersOf<'a> {
    /// The orders of these ids (loaded in slices of bounded size).
    Orders(&'a [&'a str]),
    /// Every order of one user.
    User(&'a str),
    /// Every order.
    All,
}

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = order_status_history, treat_none_as_default_value = false)]
pub(crate) struct HistoryRow {
    order_id: String,
    seq: i32,
    status: String,
    at: NaiveDateTime,
    by_id: Option<String>,
    by_name: Option<String>,
}

/// The `by_id` and `by_name` columns of a status history (orders' and returns').
pub(crate) fn changer_columns(by: Option<&Changer>) -> (Option<String>, Option<String>) {
    (
        by.map(|by| by.id.as_str().to_owned()),
        by.map(|by| by.name.clone()),
    )
}

/// Who set a status, from its `by_id` and `by_name` columns (none: the shop itself).
pub(crate) fn changer_of(
    by_id: Option<String>,
    by_name: Option<String>,
) -> Result<Option<Changer>, RepoError> {
    match (by_id, by_name) {
        (Some(id), Some(name)) => Ok(Some(Changer {
            id: UserId::parse(&id).ok_or_else(|| corrupt("user id in a status history", &id))?,
            name,
        })),
        _ => Ok(None),
    }
}

impl HistoryRow {
    fn of(order: &str, seq: i32, change: &StatusChange<OrderStatus>) -> Self {
        let (by_id, by_name) = changer_columns(change.by.as_ref());
        Self {
            order_id: order.to_owned(),
            seq,
            status: change.status.as_str().to_owned(),
            at: to_db_time(change.at),
            by_id,
            by_name,
        }
    }

    fn into_domain(self) -> Result<StatusChange<OrderStatus>, RepoError> {
        Ok(StatusChange {
            status: status(&self.status)?,
            at: from_db_time(self.at),
            by: changer_of(self.by_id, self.by_name)?,
        })
    }
}

/// The rows of each order's `history` (a new order's, or a bulk load's), numbered from 1.
pub(crate) fn rows_of<'a>(
    orders: impl IntoIterator<Item = (&'a str, &'a [StatusChange<OrderStatus>])>,
) -> Vec<HistoryRow> {
    orders
        .into_iter()
        .flat_map(|(order, history)| {
            (1..)
                .zip(history)
                .map(move |(seq, change)| HistoryRow::of(order, seq, change))
        })
        .collect()
}

/// Records that the order `id` took `to` at `at`, set by `by`.
pub(crate) fn append(
    conn: &mut DbConnection,
    id: &str,
    to: OrderStatus,
    at: NaiveDateTime,
    by: Option<&Changer>,
) -> QueryResult<()> {
    let last: Option<i32> = order_status_history::table
        .filter(order_status_history::order_id.eq(id))
        .select(diesel::dsl::max(order_status_history::seq))
        .get_result(conn)?;
    let change = StatusChange {
        status: to,
        at: from_db_time(at),
        by: by.cloned(),
    };
    prepared::execute(
        conn,
        diesel::insert_into(order_status_history::table)
            .values(HistoryRow::of(id, last.unwrap_or(0) + 1, &change))
            .returning(prepared::row()),
    )
    .map(drop)
}

/// The history of the orders `of` names, by order id, oldest first.
pub(crate) fn load(
    conn: &mut DbConnection,
    of: OrdersOf<'_>,
) -> Result<HashMap<String, Vec<StatusChange<OrderStatus>>>, RepoError> {
    let ordered = (order_status_history::order_id, order_status_history::seq);
    let rows: Vec<HistoryRow> = match of {
        OrdersOf::Orders(ids) => {
            let mut rows = Vec::new();
            for slice in ids.chunks(IN_LIST_MAX) {
                rows.extend(
                    order_status_history::table
                        .filter(order_status_history::order_id.eq_any(slice))
                        .order(ordered)
                        .select(HistoryRow::as_select())
                        .load(conn)
                        .map_err(storage)?,
                );
            }
            rows
        }
        OrdersOf::User(user) => order_status_history::table
            .inner_join(orders::table)
            .filter(orders::user_id.eq(user))
            .order(ordered)
            .select(HistoryRow::as_select())
            .load(conn)
            .map_err(storage)?,
        OrdersOf::All => order_status_history::table
            .order(ordered)
            .select(HistoryRow::as_select())
            .load(conn)
            .map_err(storage)?,
    };
    let mut grouped: HashMap<String, Vec<StatusChange<OrderStatus>>> = HashMap::new();
    for row in rows {
        let order = row.order_id.clone();
        grouped.entry(order).or_default().push(row.into_domain()?);
    }
    Ok(grouped)
}
