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
use domain::notification::{LowStock, StockLevel};
use domain::order::plan::{LineUnits, StockMove};
use domain::ports::OrderStoreError;
use domain::stock::StockFollowUp;
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
struct Wanted(BTreeMap<String, ProductUnits>);

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

/// When a move is made, and which channels its messages skip.
pub(crate) type Moving = (DateTime<Utc>, Unconfigured);

/// Carries out `stock` in the caller's transaction, and what the plan says it sets off, as
/// of `at`. Taking is guarded: `OutOfStock` (with the current name and stock) for the first
/// line that cannot be served; the caller's transaction then rolls back what was taken.
pub(crate) fn carry_out(
    conn: &mut DbConnection,
    stock: &StockMove,
    moving: Moving,
) -> Result<(), TxError<OrderStoreError>> {
    let wanted = Wanted::of(&stock.units);
    let levels = if stock.takes {
        take(conn, &wanted)?
    } else {
        release(conn, &wanted)?;
        Vec::new()
    };
    follow_up(conn, stock.follow_up, &wanted, &levels, moving)?;
    Ok(())
}

/// Carries out a move that only puts units back (a return's), which nothing can refuse.
pub(crate) fn put_back(
    conn: &mut DbConnection,
    stock: &StockMove,
    moving: Moving,
) -> QueryResult<()> {
    debug_assert!(!stock.takes, "a return's parcel only puts stock back");
    let wanted = Wanted::of(&stock.units);
    release(conn, &wanted)?;
    follow_up(conn, stock.follow_up, &wanted, &[], moving)
}

/// What the plan said a move sets off, given the levels its taking left.
fn follow_up(
    conn: &mut DbConnection,
    follow_up: StockFollowUp,
    wanted: &Wanted,
    levels: &[StockLevel],
    (at, unconfigured): Moving,
) -> QueryResult<()> {
    match follow_up {
        StockFollowUp::AlertWhenLow => outbox::announce(
            conn,
            &LowStock::alerts(levels),
            to_db_time(at),
            unconfigured,
        ),
        StockFollowUp::AnswerWaiting => {
            let products = wanted.0.keys().map(String::as_str);
            restock_alerts::answer(conn, products, to_db_time(at), unconfigured)
        }
    }
}

/// Takes every line's units with guarded decrements: the product's stock, and each size's;
/// the levels of each size (or one-size product) it left. One-size units are only taken from
/// a product that has no sizes (its stock is theirs).
fn take(
    conn: &mut DbConnection,
    wanted: &Wanted,
) -> Result<Vec<StockLevel>, TxError<OrderStoreError>> {
    let mut levels = Vec::new();
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
        if want.sizes.is_empty() {
            levels.push(level(product, &want.name, want.units, left));
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
            levels.push(level(product, &size.label, size.units, left));
        }
    }
    Ok(levels)
}

/// What taking `units` of `item` left.
fn level(product: &str, item: &str, units: i64, left: i64) -> StockLevel {
    StockLevel {
        product: product.to_owned(),
        item: item.to_owned(),
        before: left + units,
        left,
    }
}

/// Puts every line's units back: to their size, and to the product as much as its sizes
/// took back. Products and sizes deleted since take nothing back, and one-size units go
/// back only to a product that still has no sizes, so the product's stock stays the sum.
fn release(conn: &mut DbConnection, wanted: &Wanted) -> QueryResult<()> {
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
    Ok(())
}
