//! Bulk loading for `shop seed` and imports: many rows per statement, one transaction per
//! call, through the same row structs (and their `from_domain` builders) as the repositories.
//!
//! The repositories store one aggregate per call, each in its own transaction, which is
//! right for a shop at work and far too slow to fill a benchmark database: 100,000 orders
//! through `OrderRepository::place` are 100,000 transactions. Here a call inserts a whole
//! slice with multi-row `INSERT`s.

use crate::connection::{write_transaction, DbConnection};
use crate::models::{OrderLineRow, OrderRow, ProductRow, UserRow};
use crate::products::bump_catalog_version;
use crate::sales_totals::SalesChange;
use crate::schema::{order_lines, orders, product_variants, products, users};
use crate::variants::VariantRow;
use crate::{storage, Database};
use diesel::prelude::*;
use domain::order::Order;
use domain::ports::RepoError;
use domain::product::Product;
use domain::user::User;
use std::collections::HashSet;

/// Rows per `INSERT`. Bound parameters per statement are rows × columns: with the widest
/// table (orders, 20 columns) that stays under SQLite's limit of 32,766 (PostgreSQL allows
/// 65,535); larger statements gain nothing measurable.
const ROWS_PER_STATEMENT: usize = 1_000;

/// Inserts the slice `$rows` into `$table`, `ROWS_PER_STATEMENT` rows per statement, on a
/// `&mut DbConnection`. `MultiConnection` has no multi-row insert, so this goes to the
/// backend's own connection. (On SQLite diesel builds one multi-row statement only when no
/// value is `DEFAULT`: the row structs insert `None` as `NULL` for that reason.) A macro
/// because the statement's type differs per table and per backend, and diesel's bounds for
/// a generic function over both do not resolve.
macro_rules! insert_rows {
    ($conn:expr, $table:expr, $rows:expr) => {{
        for chunk in $rows.chunks(ROWS_PER_STATEMENT) {
            let statement = diesel::insert_into($table).values(chunk);
            match &mut *$conn {
                DbConnection::Sqlite(conn) => statement.execute(conn)?,
                DbConnection::Pg(conn) => statement.execute(conn)?,
            };
        }
        QueryResult::Ok(())
    }};
}

impl Database {
    /// Every SKU the shop's sizes hold, in lower case (SKUs are unique without case): a bulk
    /// load that generates SKUs draws new ones until they are not among these.
    pub async fn skus_in_use(&self) -> Result<HashSet<String>, RepoError> {
        self.run(|conn| {
            let skus: Vec<String> = product_variants::table
                .select(product_variants::sku)
                .load(conn)
                .map_err(storage)?;
            Ok(skus.into_iter().map(|sku| sku.to_lowercase()).collect())
        })
        .await
    }

    /// Inserts `users` as they are (the password hashes included), in one transaction.
    /// `Duplicate` when an e-mail or id is taken (and then nothing is inserted).
    pub async fn bulk_insert_users<'a>(
        &self,
        users: impl IntoIterator<Item = &'a User>,
    ) -> Result<(), RepoError> {
        let rows: Vec<UserRow> = users.into_iter().map(UserRow::from_domain).collect();
        self.write(move |conn| {
            write_transaction(conn, |conn| insert_rows!(conn, users::table, rows)).map_err(storage)
        })
        .await
    }

    /// Inserts `products` as they are, with their variants, in one transaction that also
    /// bumps the catalogue version, so shops serving this database drop their cached
    /// catalogue replies.
    pub async fn bulk_insert_products(&self, products: &[Product]) -> Result<(), RepoError> {
        let rows: Vec<ProductRow> = products.iter().map(ProductRow::from_domain).collect();
        let variant_rows: Vec<VariantRow> = products.iter().flat_map(VariantRow::all_of).collect();
        self.write(move |conn| {
            write_transaction(conn, |conn| {
                insert_rows!(conn, products::table, rows)?;
                insert_rows!(conn, product_variants::table, variant_rows)?;
                bump_catalog_version(conn)
            })
            .map(drop)
            .map_err(storage)
        })
        .await
    }

    /// Inserts `orders` with their lines, in one transaction, as they are: unlike
    /// `OrderRepository::place` this takes no stock (the products already hold what is
    /// left) and runs no checks of its own beyond the schema's (so a second unconfirmed
    /// payment of one shopper is refused with `Duplicate`). The dashboard's totals count them.
    pub async fn bulk_insert_orders(&self, orders: &[Order]) -> Result<(), RepoError> {
        let order_rows: Vec<OrderRow> = orders.iter().map(OrderRow::from_domain).collect();
        let line_rows =
            orders
                .iter()
                .flat_map(|order| {
                    order.lines.iter().enumerate().map(|(position, line)| {
                        OrderLineRow::from_domain(&order.id, position, line)
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
        let mut sales = SalesChange::default();
        for order in orders {
            sales.place(order);
        }
        self.write(move |conn| {
            write_transaction(conn, |conn| {
                insert_rows!(conn, orders::table, order_rows)?;
                insert_rows!(conn, order_lines::table, line_rows)?;
                sales.apply(conn)
            })
            .map_err(storage)
        })
        .await
    }
}
