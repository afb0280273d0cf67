//! The dashboard's running totals (migration `2026-11-21-180000_sales_totals`): orders and
//! their totals per day and status pair, and units sold per product name. Every transaction
//! that places or changes orders adds its change here, so the dashboard reads a few hundred
//! rows however many orders and lines there are.

use crate::connection::DbConnection;
use crate::models::{money, payment_status, status, stored_payment};
use crate::schema::{order_day_totals, product_units_sold};
use crate::{prepared, slots, storage};
use chrono::NaiveDate;
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use diesel::upsert::excluded;
use domain::listing::orders::{OrderQuery, PaymentFilter};
use domain::order::plan::SalesDelta;
use domain::order::PaymentStatus;
use domain::ports::RepoError;
use domain::stats::{OrderFact, ProductSales};
use std::collections::BTreeMap;

/// How a day is written in `order_day_totals.day`.
const DAY_FORMAT: &str = "%Y-%m-%d";

/// What some orders add to (or take from) the totals, as stored. The maps keep their keys
/// sorted, so concurrent transactions on PostgreSQL lock the total rows in one order and
/// cannot deadlock.
#[derive(Debug, Default)]
pub(crate) struct SalesChange {
    /// (day, status, payment status) → (orders, total in cents)
    days: BTreeMap<(String, String, String), (i64, i64)>,
    /// product name → units
    units: BTreeMap<String, i64>,
}

impl SalesChange {
    pub fn of(delta: &SalesDelta) -> Self {
        let mut change = SalesChange::default();
        change.add(delta);
        change
    }

    /// Adds `delta` (a partly refunded order counts as paid, as it is stored).
    pub fn add(&mut self, delta: &SalesDelta) {
        for ((day, status, payment), counted) in &delta.days {
            let key = (
                day.format(DAY_FORMAT).to_string(),
                status.as_str().to_owned(),
                stored_payment(*payment).to_owned(),
            );
            let entry = self.days.entry(key).or_default();
            entry.0 += counted.orders;
            entry.1 += counted.total_cents;
        }
        for (name, units) in &delta.units {
            *self.units.entry(name.clone()).or_default() += units;
        }
    }

    /// Adds the change to the stored totals, in the caller's transaction, in one slot of
    /// them (`slots`).
    pub fn apply(self, conn: &mut DbConnection) -> QueryResult<()> {
        let slot = slots::next();
        for ((day, status, payment_status), (orders, total_cents)) in self.days {
            if orders == 0 && total_cents == 0 {
                continue;
            }
            let statement =
                diesel::insert_into(order_day_totals::table)
                    .values((
                        order_day_totals::day.eq(day),
                        order_day_totals::status.eq(status),
                        order_day_totals::payment_status.eq(payment_status),
                        order_day_totals::slot.eq(slot),
                        order_day_totals::orders.eq(orders),
                        order_day_totals::total_cents.eq(total_cents),
                    ))
                    .on_conflict((
                        order_day_totals::day,
                        order_day_totals::status,
                        order_day_totals::payment_status,
                        order_day_totals::slot,
                    ))
                    .do_update()
                    .set((
                        order_day_totals::orders
                            .eq(order_day_totals::orders + excluded(order_day_totals::orders)),
                        order_day_totals::total_cents
                            .eq(order_day_totals::total_cents
                                + excluded(order_day_totals::total_cents)),
                    ))
                    .returning(prepared::row());
            prepared::execute(conn, statement)?;
        }
        for (name, units) in self.units {
            if units == 0 {
                continue;
            }
            let statement = diesel::insert_into(product_units_sold::table)
                .values((
                    product_units_sold::name.eq(name),
                    product_units_sold::units.eq(units),
                ))
                .on_conflict(product_units_sold::name)
                .do_update()
                .set(
                    product_units_sold::units
                        .eq(product_units_sold::units + excluded(product_units_sold::units)),
                )
                .returning(prepared::row());
            prepared::execute(conn, statement)?;
        }
        Ok(())
    }
}

/// Every day and status pair with orders, its slots added up.
pub(crate) fn facts(conn: &mut DbConnection) -> Result<Vec<OrderFact>, RepoError> {
    let rows: Vec<(String, String, String, i64, i64)> = order_day_totals::table
        .group_by((
            order_day_totals::day,
            order_day_totals::status,
            order_day_totals::payment_status,
        ))
        .select((
            order_day_totals::day,
            order_day_totals::status,
            order_day_totals::payment_status,
            // SUM of a BIGINT is NUMERIC on PostgreSQL.
            sql::<BigInt>("CAST(SUM(orders) AS BIGINT)"),
            sql::<BigInt>("CAST(SUM(total_cents) AS BIGINT)"),
        ))
        .order((
            order_day_totals::day,
            order_day_totals::status,
            order_day_totals::payment_status,
        ))
        .load(conn)
        .map_err(storage)?;
    rows.into_iter()
        .filter(|&(_, _, _, orders, _)| orders != 0)
        .map(|(day, order_status, payment, orders, total_cents)| {
            let corrupt =
                |what: &str| RepoError::Storage(format!("an order total has a bad {what}"));
            Ok(OrderFact {
                day: NaiveDate::parse_from_str(&day, DAY_FORMAT).map_err(|_| corrupt("day"))?,
                status: status(&order_status)?,
                payment_status: payment_status(&payment)?,
                orders: u64::try_from(orders).map_err(|_| corrupt("count"))?,
                total: money(total_cents)?,
            })
        })
        .collect()
}

#[derive(QueryableByName)]
struct UnitsRow {
    #[diesel(sql_type = diesel::sql_types::Text)]
    name: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    units: i64,
}

/// The `count` products with the most units sold, and any tied with the last of them (the
/// domain breaks ties by name: the backends' collations differ).
pub(crate) fn best_sellers(
    conn: &mut DbConnection,
    count: usize,
) -> Result<Vec<ProductSales>, RepoError> {
    let Some(last) = count.checked_sub(1) else {
        return Ok(Vec::new());
    };
    let rows = diesel::sql_query(format!(
        "SELECT name, units FROM product_units_sold WHERE units > 0 AND units >= \
         COALESCE((SELECT units FROM product_units_sold WHERE units > 0 \
         ORDER BY units DESC LIMIT 1 OFFSET {last}), 0)"
    ))
    .load::<UnitsRow>(conn)
    .map_err(storage)?;
    Ok(rows
        .into_iter()
        .map(|row| ProductSales {
            name: row.name,
            quantity: u64::try_from(row.units).unwrap_or_default(),
        })
        .collect())
}

/// How many orders `query` selects, added up from the totals per day and status pair when
/// they can tell (no text, no time range, no hold-expired filter); `None` when they cannot.
/// Counting the orders themselves reads every one that matches: on PostgreSQL, 40-110 ms for
/// a status of 80,000 orders.
pub(crate) fn orders_counted(
    conn: &mut DbConnection,
    query: &OrderQuery,
) -> Option<QueryResult<i64>> {
    if query.search.is_some() || query.from.is_some() || query.to.is_some() {
        return None;
    }
    let mut totals = order_day_totals::table.into_boxed();
    if let Some(status) = query.status {
        totals = totals.filter(order_day_totals::status.eq(status.as_str()));
    }
    match query.payment {
        None => {}
        // The totals do not tell partly refunded orders from the other paid ones.
        Some(PaymentFilter::Status(PaymentStatus::PartiallyRefunded)) => return None,
        Some(PaymentFilter::Status(payment)) => {
            totals = totals.filter(order_day_totals::payment_status.eq(stored_payment(payment)));
        }
        // The totals do not keep the payment method, which tells a charge awaiting its
        // confirmation from cash awaiting its rider.
        Some(PaymentFilter::Awaiting | PaymentFilter::HoldExpired) => return None,
    }
    // SUM of a BIGINT is NUMERIC on PostgreSQL.
    Some(
        totals
            .select(sql::<BigInt>("CAST(COALESCE(SUM(orders), 0) AS BIGINT)"))
            .get_result(conn),
    )
}
