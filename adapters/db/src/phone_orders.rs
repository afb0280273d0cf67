//! Which orders staff took by phone or chat, and who took each (`phone_orders`): an order
//! without a row was placed at checkout.

use crate::connection::DbConnection;
use crate::listing::IN_LIST_MAX;
use crate::models::user_id;
use crate::order_history::OrdersOf;
use crate::rows::insert_rows;
use crate::schema::{orders, phone_orders};
use crate::storage;
use diesel::prelude::*;
use domain::order::{Changer, Order};
use domain::ports::RepoError;
use std::collections::HashMap;

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = phone_orders)]
pub(crate) struct PhoneOrderRow {
    order_id: String,
    taken_by_id: String,
    taken_by_name: String,
}

/// The rows of those of `orders` that staff took.
pub(crate) fn rows_of<'a>(orders: impl IntoIterator<Item = &'a Order>) -> Vec<PhoneOrderRow> {
    orders
        .into_iter()
        .filter_map(|order| {
            let by = order.channel.taken_by()?;
            Some(PhoneOrderRow {
                order_id: order.id.as_str().to_owned(),
                taken_by_id: by.id.as_str().to_owned(),
                taken_by_name: by.name.clone(),
            })
        })
        .collect()
}

/// Records who took each order of `rows`, in the caller's transaction (the one that places
/// them).
pub(crate) fn insert(conn: &mut DbConnection, rows: &[PhoneOrderRow]) -> QueryResult<()> {
    insert_rows!(conn, phone_orders::table, rows)?;
    Ok(())
}

/// Who took each of the orders `of` names that staff took, by order id.
pub(crate) fn load(
    conn: &mut DbConnection,
    of: OrdersOf<'_>,
) -> Result<HashMap<String, Changer>, RepoError> {
    let rows: Vec<PhoneOrderRow> = match of {
        OrdersOf::Orders(ids) => {
            let mut rows = Vec::new();
            for slice in ids.chunks(IN_LIST_MAX) {
                rows.extend(
                    phone_orders::table
                        .filter(phone_orders::order_id.eq_any(slice))
                        .select(PhoneOrderRow::as_select())
                        .load(conn)
                        .map_err(storage)?,
                );
            }
            rows
        }
        OrdersOf::User(user) => phone_orders::table
            .inner_join(orders::table)
            .filter(orders::user_id.eq(user))
            .select(PhoneOrderRow::as_select())
            .load(conn)
            .map_err(storage)?,
        OrdersOf::All => phone_orders::table
            .select(PhoneOrderRow::as_select())
            .load(conn)
            .map_err(storage)?,
    };
    rows.into_iter()
        .map(|row| {
            let by = Changer {
                id: user_id(&row.taken_by_id)?,
                name: row.taken_by_name,
            };
            Ok((row.order_id, by))
        })
        .collect()
}
