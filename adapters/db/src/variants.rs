//! Sizes and colours: the `product_variants` rows of products, read with a page of products
//! in one more query, and the admin's grid written in the product's transaction, keeping the
//! product's stock the sum of its variants'.

use crate::connection::DbConnection;
use crate::listing::{lower, IN_LIST_MAX};
use crate::models::count;
use crate::schema::{cart_items, product_variants, products};
use crate::tx::TxError;
use crate::{corrupt, is_unique_violation, storage};
use diesel::prelude::*;
use domain::ports::{ProductStoreError, RepoError};
use domain::product::Product;
use domain::variant::{Variant, VariantStock, VariantWrite};
use domain::VariantId;
use std::collections::HashMap;

/// `None` is inserted as `NULL` (see `ProductRow`).
#[derive(Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = product_variants, treat_none_as_default_value = false)]
pub(crate) struct VariantRow {
    pub id: String,
    pub product_id: String,
    pub position: i32,
    pub size: String,
    pub colour: Option<String>,
    pub sku: String,
    pub stock: i64,
}

/// The cart key of a one-size line: key columns cannot be `NULL`.
pub(crate) const ONE_SIZE: &str = "";

pub(crate) fn variant_key(variant: Option<&VariantId>) -> String {
    variant.map_or(ONE_SIZE, VariantId::as_str).to_owned()
}

fn position(index: usize) -> i32 {
    i32::try_from(index).expect("a product has at most MAX_VARIANTS variants")
}

impl VariantRow {
    fn of(product: &str, index: usize, variant: &Variant) -> Self {
        VariantRow {
            id: variant.id.as_str().to_owned(),
            product_id: product.to_owned(),
            position: position(index),
            size: variant.size.clone(),
            colour: variant.colour.clone(),
            sku: variant.sku.clone(),
            stock: i64::from(variant.stock),
        }
    }

    /// The rows of a product's variants, in its order.
    pub fn all_of(product: &Product) -> Vec<VariantRow> {
        product
            .variants
            .iter()
            .enumerate()
            .map(|(index, variant)| VariantRow::of(product.id.as_str(), index, variant))
            .collect()
    }

    fn into_domain(self) -> Result<Variant, RepoError> {
        Ok(Variant {
            id: VariantId::parse(&self.id).ok_or_else(|| corrupt("variant id", &self.id))?,
            size: self.size,
            colour: self.colour,
            sku: self.sku,
            stock: count(self.stock)?,
        })
    }
}

/// `products` (read without their variants) with their variants in the admin's order: one more
/// query for up to `IN_LIST_MAX` products, one over every variant for more (a whole
/// catalogue), never one per product.
pub(crate) fn with_variants(
    conn: &mut DbConnection,
    mut products: Vec<Product>,
) -> Result<Vec<Product>, RepoError> {
    if products.is_empty() {
        return Ok(products);
    }
    let ordered = product_variants::table
        .order((product_variants::product_id, product_variants::position))
        .select(VariantRow::as_select());
    let variants: Vec<VariantRow> = if products.len() <= IN_LIST_MAX {
        let ids: Vec<&str> = products.iter().map(|p| p.id.as_str()).collect();
        ordered
            .filter(product_variants::product_id.eq_any(ids))
            .load(conn)
    } else {
        ordered.load(conn)
    }
    .map_err(storage)?;
    let mut by_product: HashMap<String, Vec<Variant>> = HashMap::new();
    for row in variants {
        let product = row.product_id.clone();
        by_product
            .entry(product)
            .or_default()
            .push(row.into_domain()?);
    }
    // A product may come more than once (a cart's two sizes of it).
    for product in &mut products {
        if let Some(variants) = by_product.get(product.id.as_str()) {
            product.variants = variants.clone();
        }
    }
    Ok(products)
}

/// The variants of `product`, in the admin's order.
pub(crate) fn of_product(
    conn: &mut DbConnection,
    product: &str,
) -> Result<Vec<Variant>, RepoError> {
    product_variants::table
        .filter(product_variants::product_id.eq(product))
        .order(product_variants::position)
        .select(VariantRow::as_select())
        .load(conn)
        .map_err(storage)?
        .into_iter()
        .map(VariantRow::into_domain)
        .collect()
}

/// One product with its variants.
pub(crate) fn one_with_variants(
    conn: &mut DbConnection,
    product: Option<Product>,
) -> Result<Option<Product>, RepoError> {
    Ok(with_variants(conn, product.into_iter().collect())?.pop())
}

/// The grid that stores a new product's variants (`write_grid`).
pub(crate) fn new_grid(product: &Product) -> Vec<VariantWrite> {
    product
        .variants
        .iter()
        .map(|variant| VariantWrite {
            id: variant.id.clone(),
            is_new: true,
            size: variant.size.clone(),
            colour: variant.colour.clone(),
            sku: variant.sku.clone(),
            stock: VariantStock::Set(variant.stock),
        })
        .collect()
}

/// A unique violation writing a row can only be its SKU, taken by another product since
/// `check_skus_free` looked.
fn sku_error(sku: &str) -> impl FnOnce(diesel::result::Error) -> TxError<ProductStoreError> + '_ {
    move |error| {
        if is_unique_violation(&error) {
            TxError::Store(ProductStoreError::SkuTaken {
                sku: sku.to_owned(),
            })
        } else {
            TxError::Db(error)
        }
    }
}

/// Refuses SKUs that another product's variants hold, naming the first.
fn check_skus_free(
    conn: &mut DbConnection,
    product: &str,
    grid: &[VariantWrite],
) -> Result<(), TxError<ProductStoreError>> {
    let wanted: Vec<String> = grid.iter().map(|row| row.sku.to_lowercase()).collect();
    let taken: Option<String> = product_variants::table
        .filter(product_variants::product_id.ne(product))
        .filter(lower(product_variants::sku).eq_any(wanted))
        .select(product_variants::sku)
        .first(conn)
        .optional()?;
    match taken {
        Some(sku) => Err(TxError::Store(ProductStoreError::SkuTaken { sku })),
        None => Ok(()),
    }
}

/// Writes the admin's grid over the product's variants inside the product's transaction:
/// kept rows are updated (their stock as `VariantStock` says, guarded by what the admin saw),
/// new rows inserted, rows left out deleted together with cart lines of sizes that no longer
/// exist, and the product's stock set to the sum. Updates go in id order, like checkout's
/// stock decrements, so the two cannot deadlock.
pub(crate) fn write_grid(
    conn: &mut DbConnection,
    product: &str,
    grid: &[VariantWrite],
) -> Result<(), TxError<ProductStoreError>> {
    // The product's row first, as checkout locks it before its sizes: the two cannot deadlock.
    diesel::update(products::table.find(product))
        .set(products::stock.eq(products::stock))
        .execute(conn)?;
    check_skus_free(conn, product, grid)?;
    let kept: Vec<&str> = grid.iter().map(|row| row.id.as_str()).collect();
    diesel::delete(
        product_variants::table
            .filter(product_variants::product_id.eq(product))
            .filter(product_variants::id.ne_all(&kept)),
    )
    .execute(conn)?;
    // Cart lines of removed sizes, or of the other shape (one-size lines once it has sizes,
    // sized lines once it has none) can no longer be bought.
    let mut cart_keys: Vec<&str> = kept.clone();
    if grid.is_empty() {
        cart_keys.push(ONE_SIZE);
    }
    diesel::delete(
        cart_items::table
            .filter(cart_items::product_id.eq(product))
            .filter(cart_items::variant_id.ne_all(&cart_keys)),
    )
    .execute(conn)?;
    // SKUs may move between the kept rows (S takes M's and M takes S's): each kept row holds
    // its id and `#` as SKU meanwhile (no real SKU has a `#`), so no step meets a duplicate.
    diesel::update(product_variants::table.filter(product_variants::product_id.eq(product)))
        .set(product_variants::sku.eq(product_variants::id.concat("#")))
        .execute(conn)?;
    let mut in_id_order: Vec<(usize, &VariantWrite)> = grid.iter().enumerate().collect();
    in_id_order.sort_by(|a, b| a.1.id.cmp(&b.1.id));
    for (index, row) in in_id_order {
        write_row(conn, product, index, row)?;
    }
    if !grid.is_empty() {
        let stocks: Vec<i64> = product_variants::table
            .filter(product_variants::product_id.eq(product))
            .select(product_variants::stock)
            .load(conn)?;
        diesel::update(products::table.find(product))
            .set(products::stock.eq(stocks.iter().sum::<i64>()))
            .execute(conn)?;
    }
    Ok(())
}

fn write_row(
    conn: &mut DbConnection,
    product: &str,
    index: usize,
    row: &VariantWrite,
) -> Result<(), TxError<ProductStoreError>> {
    let described = (
        product_variants::position.eq(position(index)),
        product_variants::size.eq(&row.size),
        product_variants::colour.eq(&row.colour),
        product_variants::sku.eq(&row.sku),
    );
    if row.is_new {
        let new_row = VariantRow::of(product, index, &row.applied(None));
        diesel::insert_into(product_variants::table)
            .values(&new_row)
            .execute(conn)
            .map_err(sku_error(&row.sku))?;
        return Ok(());
    }
    let target = product_variants::table
        .find(row.id.as_str())
        .filter(product_variants::product_id.eq(product));
    let updated = match row.stock {
        VariantStock::Keep => diesel::update(target).set(described).execute(conn),
        VariantStock::Set(to) => diesel::update(target)
            .set((described, product_variants::stock.eq(i64::from(to))))
            .execute(conn),
        VariantStock::SetIfStill { to, expected } => {
            diesel::update(target.filter(product_variants::stock.eq(i64::from(expected))))
                .set((described, product_variants::stock.eq(i64::from(to))))
                .execute(conn)
        }
    }
    .map_err(sku_error(&row.sku))?;
    if updated == 0 {
        let now: Option<i64> = product_variants::table
            .find(row.id.as_str())
            .select(product_variants::stock)
            .first(conn)
            .optional()?;
        return Err(TxError::Store(match now {
            Some(now) => ProductStoreError::VariantStockChanged {
                size: row.size.clone(),
                now: count(now)?,
            },
            None => ProductStoreError::VariantGone {
                size: row.size.clone(),
            },
        }));
    }
    Ok(())
}
