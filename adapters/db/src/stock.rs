//! Stock moved by orders: the guarded decrement at checkout (and when a canceled order is
//! reopened) and the restock on cancel, per product and, for products with sizes, per size,
//! keeping a product's stock the sum of its sizes'.
//!
//! Rows are locked in a fixed order, products by id and within a product its own row before
//! its sizes by id (as the admin's grid does), so concurrent writers cannot deadlock.

use crate::connection::DbConnection;
use crate::models::to_db_time;
use crate::outbox::{self, Unconfigured};
use crate::prepared;
use crate::restock_alerts;
use crate::schema::{product_variants, products};
use crate::tx::TxError;
use chrono::{DateTime, Utc};
use diesel::dsl::{exists, not};
use diesel::prelude::*;
use domain::notification::{runs_low, Announcement, LowStock, Topic};
use domain::order::plan::LineUnits;
use domain::ports::OrderStoreError;
use std::collections::BTreeMap;

/// Units of one size: how the out-of-stock message names it.
struct SizeUnits {
    units: i64,
    label: String,
}

/// Units of one product: the snapshot's name (for a product deleted since), all of its
/// units, and how they split into one-size units and sizes.
struct ProductUnits {
    name: String,
    units: i64,
    one_size: i64,
    sizes: BTreeMap<String, SizeUnits>,
}

/// The units of an order's lines, by product id and then size id (the lock order), repeated
/// lines added up.
pub(crate) struct Wanted(BTreeMap<String, ProductUnits>);

impl Wanted {
    pub fn of(lines: &[LineUnits]) -> Self {
        let mut wanted: BTreeMap<String, ProductUnits> = BTreeMap::new();
        for line in lines {
            let units = i64::from(line.units);
            let product = wanted
                .entry(line.product.as_str().to_owned())
                .or_insert_with(|| ProductUnits {
                    name: line.name.clone(),
                    units: 0,
                    one_size: 0,
                    sizes: BTreeMap::new(),
                });
            product.units += units;
            match &line.variant {
                None => product.one_size += units,
                Some(variant) => {
                    product
                        .sizes
                        .entry(variant.as_str().to_owned())
                        .or_insert_with(|| SizeUnits {
                            units: 0,
                            label: line.label.clone(),
                        })
                        .units += units;
                }
            }
        }
        Wanted(wanted)
    }
}

fn out_of_stock(name: String, available: Option<i64>) -> TxError<OrderStoreError> {
    TxError::Store(OrderStoreError::OutOfStock {
        name,
        available: available.and_then(|a| u32::try_from(a).ok()).unwrap_or(0),
    })
}

/// Takes every line's units with guarded decrements: the product's stock, and each size's.
/// `OutOfStock` (with the current name and stock) for the first that cannot serve; the
/// caller's transaction then rolls back what was taken. One-size units are only taken from
/// a product that has no sizes (its stock is theirs). A size (or a one-size product) that
/// runs low alerts the shop, in the same transaction, as of `at`.
pub(crate) fn take(
    conn: &mut DbConnection,
    wanted: &Wanted,
    (at, unconfigured): (DateTime<Utc>, Unconfigured),
) -> Result<(), TxError<OrderStoreError>> {
    let mut running_low = Vec::new();
    for (product, want) in &wanted.0 {
        let row = products::table
            .find(product)
            .filter(products::stock.ge(want.units));
        let left: Option<i64> = if want.one_size > 0 {
            let without_sizes = not(exists(
                product_variants::table.filter(product_variants::product_id.eq(products::id)),
            ));
            prepared::optional_result(
                conn,
                diesel::update(row.filter(without_sizes))
                    .set(products::stock.eq(products::stock - want.units))
                    .returning(products::stock),
            )?
        } else {
            prepared::optional_result(
                conn,
                diesel::update(row)
                    .set(products::stock.eq(products::stock - want.units))
                    .returning(products::stock),
            )?
        };
        let Some(left) = left else {
            let current: Option<(String, i64)> = products::table
                .find(product)
                .select((products::name, products::stock))
                .get_result(conn)
                .optional()?;
            return Err(match current {
                Some((name, available)) => out_of_stock(name, Some(available)),
                None => out_of_stock(want.name.clone(), None),
            });
        };
        if want.sizes.is_empty() && runs_low(left + want.units, left) {
            running_low.push(LowStock::of(product, &want.name, left));
        }
        for (variant, size) in &want.sizes {
            let left: Option<i64> = prepared::optional_result(
                conn,
                diesel::update(
                    product_variants::table
                        .find(variant)
                        .filter(product_variants::product_id.eq(product))
                        .filter(product_variants::stock.ge(size.units)),
                )
                .set(product_variants::stock.eq(product_variants::stock - size.units))
                .returning(product_variants::stock),
            )?;
            let Some(left) = left else {
                let available: Option<i64> = product_variants::table
                    .find(variant)
                    .select(product_variants::stock)
                    .get_result(conn)
                    .optional()?;
                return Err(out_of_stock(size.label.clone(), available));
            };
            if runs_low(left + size.units, left) {
                running_low.push(LowStock::of(product, &size.label, left));
            }
        }
    }
    if !running_low.is_empty() {
        let alerts: Vec<Announcement> = running_low
            .into_iter()
            .map(|low| Announcement::to_shop(Topic::LowStock, &low.product, Some(low.payload())))
            .collect();
        outbox::announce(conn, &alerts, to_db_time(at), unconfigured)?;
    }
    Ok(())
}

/// Puts every line's units back: to their size, and to the product as much as its sizes
/// took back. Products and sizes deleted since take nothing back, and one-size units go
/// back only to a product that still has no sizes, so the product's stock stays the sum.
/// Shoppers waiting for a size that is back are told (`restock_alerts::answer`).
pub(crate) fn release(
    conn: &mut DbConnection,
    wanted: &Wanted,
    (at, unconfigured): (DateTime<Utc>, Unconfigured),
) -> QueryResult<()> {
    for (product, want) in &wanted.0 {
        let target = products::table.find(product);
        let mut returned = 0;
        if want.one_size > 0 {
            let without_sizes = not(exists(
                product_variants::table.filter(product_variants::product_id.eq(products::id)),
            ));
            diesel::update(target.filter(without_sizes))
                .set(products::stock.eq(products::stock + want.one_size))
                .execute(conn)?;
        }
        if want.sizes.is_empty() {
            continue;
        }
        // The product's row before its sizes (the lock order).
        diesel::update(target)
            .set(products::stock.eq(products::stock))
            .execute(conn)?;
        for (variant, size) in &want.sizes {
            let restocked = diesel::update(
                product_variants::table
                    .find(variant)
                    .filter(product_variants::product_id.eq(product)),
            )
            .set(product_variants::stock.eq(product_variants::stock + size.units))
            .execute(conn)?;
            if restocked > 0 {
                returned += size.units;
            }
        }
        if returned > 0 {
            diesel::update(target)
                .set(products::stock.eq(products::stock + returned))
                .execute(conn)?;
        }
    }
    let products = wanted.0.keys().map(String::as_str);
    restock_alerts::answer(conn, products, to_db_time(at), unconfigured)
}
