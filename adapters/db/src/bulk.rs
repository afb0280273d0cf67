//! Bulk loading for `shop seed` and imports: many rows per statement, one transaction per
//! call, through the same row structs (and their `from_domain` builders) as the repositories.
//!
//! The repositories store one aggregate per call, each in its own transaction, which is
//! right for a shop at work and far too slow to fill a benchmark database: 100,000 orders
//! through `OrderRepository::place` are 100,000 transactions. Here a call inserts a whole
//! slice with multi-row `INSERT`s.

use crate::connection::{write_transaction, DbConnection};
use crate::discount_uses::UseRow;
use crate::discounts::DiscountRow;
use crate::models::to_db_time;
use crate::order_history;
use crate::order_numbers;
use crate::orders::{OrderLineRow, OrderRow};
use crate::products::{bump_catalog_version, ProductRow};
use crate::returns::ReturnRows;
use crate::rows::insert_rows;
use crate::sales_totals::SalesChange;
use crate::schema::{
    discount_uses, discounts, order_lines, order_status_history, orders, product_variants,
    products, users,
};
use crate::users::UserRow;
use crate::variants::VariantRow;
use crate::{storage, Database};
use diesel::prelude::*;
use domain::discount::Discount;
use domain::notification::Notification;
use domain::order::plan::SalesDelta;
use domain::order::{Order, OrderStatus};
use domain::ports::RepoError;
use domain::product::Product;
use domain::returns::Return;
use domain::review::Review;
use domain::user::User;
use std::collections::{BTreeMap, HashMap, HashSet};

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

    /// Inserts `discounts` as they are, in one transaction. `Duplicate` when a code is taken.
    pub async fn bulk_insert_discounts(&self, discounts: &[Discount]) -> Result<(), RepoError> {
        let rows: Vec<DiscountRow> = discounts.iter().map(DiscountRow::from_domain).collect();
        self.write(move |conn| {
            write_transaction(conn, |conn| insert_rows!(conn, discounts::table, rows))
                .map_err(storage)
        })
        .await
    }

    /// Inserts `orders` with their lines, in one transaction, as they are: unlike
    /// `OrderRepository::place` this takes no stock (the products already hold what is
    /// left) and runs no checks of its own beyond the schema's (so a second unconfirmed
    /// payment of one shopper is refused with `Duplicate`). The dashboard's totals count them.
    /// An order with a discount code holds a use of it (counted in the code's `timesUsed`)
    /// unless it was canceled, as orders canceled before shipping give theirs back; its code
    /// must exist (else `NotFound`). They are numbered after the last order, in the order
    /// given, and `orders` get their numbers: for a seed, with no shop serving meanwhile.
    pub async fn bulk_insert_orders(&self, orders: &mut [Order]) -> Result<(), RepoError> {
        let mut order_rows: Vec<OrderRow> = orders.iter().map(OrderRow::from_domain).collect();
        let line_rows =
            orders
                .iter()
                .flat_map(|order| {
                    order.lines.iter().enumerate().map(|(position, line)| {
                        OrderLineRow::from_domain(&order.id, position, line)
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
        let history = order_history::rows_of(
            orders
                .iter()
                .map(|order| (order.id.as_str(), order.history.as_slice())),
        );
        let taken_by = crate::phone_orders::rows_of(orders.iter());
        let mut sales = SalesChange::default();
        for order in orders.iter() {
            sales.add(&SalesDelta::placed(order));
        }
        let uses: Vec<(String, UseRow)> = orders
            .iter()
            .filter(|order| order.status != OrderStatus::Canceled)
            .filter_map(|order| {
                let used = order.discount.as_ref()?;
                Some((
                    used.code.as_str().to_owned(),
                    UseRow {
                        order_id: order.id.as_str().to_owned(),
                        discount_id: String::new(),
                        user_id: order.user_id.as_str().to_owned(),
                        created_at: to_db_time(order.created_at),
                    },
                ))
            })
            .collect();
        let last_before = self
            .write(move |conn| {
                write_transaction(conn, |conn| {
                    let last_before = order_numbers::last_given(conn)?;
                    for (number, row) in (last_before + 1..).zip(&mut order_rows) {
                        row.number = number;
                    }
                    insert_rows!(conn, orders::table, order_rows)?;
                    order_numbers::continue_after_inserted(conn)?;
                    insert_rows!(conn, order_lines::table, line_rows)?;
                    insert_rows!(conn, order_status_history::table, history)?;
                    crate::phone_orders::insert(conn, &taken_by)?;
                    insert_uses(conn, uses)?;
                    sales.apply(conn)?;
                    Ok(last_before)
                })
                .map_err(storage)
            })
            .await?;
        for (number, order) in (last_before + 1..).zip(orders.iter_mut()) {
            order.number = order_numbers::read(number, order.id.as_str())?;
        }
        Ok(())
    }

    /// Inserts `reviews` as they are, in one transaction, and sets their products' ratings
    /// and counts from them (no check that their authors received the products).
    pub async fn bulk_insert_reviews(&self, reviews: &[Review]) -> Result<(), RepoError> {
        let reviews = reviews.to_vec();
        self.write(move |conn| {
            write_transaction(conn, |conn| crate::reviews::insert_all(conn, &reviews))
                .map_err(storage)
        })
        .await
    }

    /// Inserts messages as they are, in one transaction (nothing is sent).
    pub async fn bulk_insert_notifications(&self, all: &[Notification]) -> Result<(), RepoError> {
        let all = all.to_vec();
        self.write(move |conn| {
            write_transaction(conn, |conn| crate::outbox::insert_all(conn, &all)).map_err(storage)
        })
        .await
    }

    /// Inserts `returns` of orders already stored, as they are, with their lines and
    /// histories, in one transaction: nothing is restocked or refunded (the seeded orders
    /// and products already show it), and their orders count the ones not rejected.
    pub async fn bulk_insert_returns(&self, returns: &[Return]) -> Result<(), RepoError> {
        let rows = ReturnRows::of(returns)?;
        self.write(move |conn| write_transaction(conn, |conn| rows.insert(conn)).map_err(storage))
            .await
    }
}

/// Records the uses (code, use) and adds them to their codes' `times_used`.
fn insert_uses(conn: &mut DbConnection, uses: Vec<(String, UseRow)>) -> QueryResult<()> {
    if uses.is_empty() {
        return Ok(());
    }
    let codes: HashSet<&str> = uses.iter().map(|(code, _)| code.as_str()).collect();
    let ids: HashMap<String, String> = discounts::table
        .filter(discounts::code.eq_any(codes))
        .select((discounts::code, discounts::id))
        .load(conn)?
        .into_iter()
        .collect();
    let mut per_code: BTreeMap<String, i32> = BTreeMap::new();
    let rows = uses
        .into_iter()
        .map(|(code, row)| {
            let id = ids.get(&code).ok_or(diesel::result::Error::NotFound)?;
            *per_code.entry(id.clone()).or_default() += 1;
            Ok(UseRow {
                discount_id: id.clone(),
                ..row
            })
        })
        .collect::<QueryResult<Vec<_>>>()?;
    insert_rows!(conn, discount_uses::table, rows)?;
    for (id, count) in per_code {
        diesel::update(discounts::table.find(id))
            .set(discounts::times_used.eq(discounts::times_used + count))
            .execute(conn)?;
    }
    Ok(())
}
