//! An imported sheet checked whole (issue 44): each bad row named by its line with the
//! reason, or the writes it makes, each product's with the product form's own rules
//! (`ProductInput::validate`, `variant::validate_grid`) and the form's guard on stock.

use super::{SheetRow, IMAGE_SEPARATOR};
use crate::ids::{ProductId, VariantId};
use crate::message::texts::{
    IMPORT_COLUMN_DIFFERS, IMPORT_DISCOUNT_INVALID, IMPORT_EXPORTED_STOCK_INVALID,
    IMPORT_EXPORTED_STOCK_NEEDED, IMPORT_FEATURED_INVALID, IMPORT_HANDLE_INVALID,
    IMPORT_NEW_PICTURES_IN_FORM, IMPORT_PICTURES_IN_FORM, IMPORT_PRICE_INVALID,
    IMPORT_ROWS_REFUSED, IMPORT_SIZES_ON_EVERY_ROW, IMPORT_SKU_ON_TWO_LINES, IMPORT_STOCK_INVALID,
};
use crate::message::Message;
use crate::money::Money;
use crate::product::{Product, ProductInput};
use crate::product_edit::{ProductEdit, ProductPatch};
use crate::stock::stock_count;
use crate::validation::FieldErrors;
use crate::variant::{validate_grid, VariantInput};
use chrono::{DateTime, Utc};
use std::collections::{HashMap, HashSet};

/// A row of the sheet and its line in the file (the header is line 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetLine {
    pub line: u64,
    pub row: SheetRow,
}

/// Why the row on `line` cannot be imported (one of its reasons: a row may have several).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineError {
    pub line: u64,
    pub message: Message,
}

/// What an import writes to one product, and the line of its first row (named when storage
/// refuses the write: a size sold meanwhile, an SKU another product took).
#[derive(Debug, Clone, PartialEq)]
pub struct ProductWrite {
    pub line: u64,
    pub change: ProductChange,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ProductChange {
    Create(Product),
    Update { id: ProductId, edit: ProductEdit },
}

/// What an import refused for `errors` says first: how many rows are bad.
pub fn refusal_summary(errors: &[LineError]) -> Message {
    let bad_rows: HashSet<u64> = errors.iter().map(|e| e.line).collect();
    IMPORT_ROWS_REFUSED.with("rows", bad_rows.len())
}

/// A sheet checked whole: what it writes, how many of its products it creates, updates and
/// leaves as they are, and every bad row (by line); with any, nothing may be written.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ImportPlan {
    pub writes: Vec<ProductWrite>,
    pub create: usize,
    pub update: usize,
    pub unchanged: usize,
    pub errors: Vec<LineError>,
}

/// The rows of one product, in the file's order.
struct ProductRows<'a> {
    handle: ProductId,
    lines: Vec<&'a SheetLine>,
}

/// Checks `lines` whole against the shop's `current` products of the sheet's handles. New
/// sizes and products are made at `now` with `new_variant_id`; the counts are of the products
/// whose rows are good.
pub fn plan_import(
    lines: &[SheetLine],
    current: &HashMap<ProductId, Product>,
    now: DateTime<Utc>,
    mut new_variant_id: impl FnMut() -> VariantId,
) -> ImportPlan {
    let mut errors: Vec<LineError> = lines.iter().flat_map(cell_errors).collect();
    let bad_cells: HashSet<u64> = errors.iter().map(|e| e.line).collect();
    let mut plan = ImportPlan::default();
    // Each SKU of the sheet and the line it is first on.
    let mut skus: HashMap<String, u64> = HashMap::new();
    for product in products_of(lines) {
        if product.lines.iter().any(|l| bad_cells.contains(&l.line)) {
            continue;
        }
        let differing = product_fields_differ(&product);
        if !differing.is_empty() {
            errors.extend(differing);
            continue;
        }
        let first = product.lines[0];
        let at_first = |message: Message| LineError {
            line: first.line,
            message,
        };
        let checked = match current.get(&product.handle) {
            Some(stored) => update_of(&product, stored, &mut new_variant_id).map(|edit| {
                let after = edit.applied_to(stored);
                let change = (after != *stored).then(|| ProductChange::Update {
                    id: product.handle.clone(),
                    edit,
                });
                (after, change)
            }),
            None => created(&product, now, &mut new_variant_id)
                .map(|made| (made.clone(), Some(ProductChange::Create(made)))),
        };
        let (after, write) = match checked {
            Ok(checked) => checked,
            Err(messages) => {
                errors.extend(messages.into_iter().map(at_first));
                continue;
            }
        };
        let sized: Vec<&&SheetLine> = product
            .lines
            .iter()
            .filter(|l| !l.row.size.trim().is_empty())
            .collect();
        for (variant, line) in after.variants.iter().zip(sized) {
            let key = variant.sku.to_lowercase();
            match skus.get(&key) {
                Some(other) => errors.push(LineError {
                    line: line.line,
                    message: IMPORT_SKU_ON_TWO_LINES
                        .with("sku", &variant.sku)
                        .with("other", other),
                }),
                None => {
                    skus.insert(key, line.line);
                }
            }
        }
        match &write {
            Some(ProductChange::Create(_)) => plan.create += 1,
            Some(ProductChange::Update { .. }) => plan.update += 1,
            None => plan.unchanged += 1,
        }
        plan.writes.extend(write.map(|change| ProductWrite {
            line: first.line,
            change,
        }));
    }
    errors.sort_by_key(|e| e.line);
    plan.errors = errors;
    plan
}

/// The rows grouped by product, in the order each product first appears.
fn products_of(lines: &[SheetLine]) -> Vec<ProductRows<'_>> {
    let mut products: Vec<ProductRows<'_>> = Vec::new();
    let mut at: HashMap<ProductId, usize> = HashMap::new();
    for line in lines {
        let Some(handle) = ProductId::parse(line.row.handle.trim()) else {
            continue;
        };
        match at.get(&handle) {
            Some(&index) => products[index].lines.push(line),
            None => {
                at.insert(handle.clone(), products.len());
                products.push(ProductRows {
                    handle,
                    lines: vec![line],
                });
            }
        }
    }
    products
}

/// Everything wrong with one row's own cells: its handle, and the cells that must be
/// numbers or yes/no (a product's columns may be blank on its later rows).
fn cell_errors(line: &SheetLine) -> Vec<LineError> {
    let row = &line.row;
    let blank_or = |cell: &str, good: bool| cell.trim().is_empty() || good;
    [
        (
            ProductId::parse(row.handle.trim()).is_some(),
            IMPORT_HANDLE_INVALID,
        ),
        (
            blank_or(&row.price, money(&row.price).is_some()),
            IMPORT_PRICE_INVALID,
        ),
        (
            blank_or(
                &row.discount,
                whole(&row.discount).is_some_and(|d| d <= 100),
            ),
            IMPORT_DISCOUNT_INVALID,
        ),
        (whole(&row.stock).is_some(), IMPORT_STOCK_INVALID),
        (
            blank_or(&row.exported_stock, whole(&row.exported_stock).is_some()),
            IMPORT_EXPORTED_STOCK_INVALID,
        ),
        (featured(&row.featured).is_some(), IMPORT_FEATURED_INVALID),
    ]
    .into_iter()
    .filter(|(good, _)| !good)
    .map(|(_, text)| LineError {
        line: line.line,
        message: text.into(),
    })
    .collect()
}

fn number(cell: &str) -> Option<f64> {
    cell.trim().parse::<f64>().ok().filter(|n| n.is_finite())
}

fn money(cell: &str) -> Option<Money> {
    number(cell).and_then(Money::from_dollars)
}

fn whole(cell: &str) -> Option<u32> {
    number(cell).and_then(stock_count)
}

/// `yes`/`no` (also `true`/`false`, `1`/`0`); blank is no.
fn featured(cell: &str) -> Option<bool> {
    match cell.trim().to_lowercase().as_str() {
        "yes" | "true" | "1" => Some(true),
        "" | "no" | "false" | "0" => Some(false),
        _ => None,
    }
}

/// A column's cell of a row.
type Cell = fn(&SheetRow) -> &str;

/// The product's columns, for comparing a product's rows.
const PRODUCT_COLUMNS: [(&str, Cell); 8] = [
    ("name", |r| &r.name),
    ("category", |r| &r.category),
    ("description", |r| &r.description),
    ("price", |r| &r.price),
    ("discount", |r| &r.discount),
    ("tags", |r| &r.tags),
    ("featured", |r| &r.featured),
    ("images", |r| &r.images),
];

/// Each product column of a later row that is neither blank nor the first row's.
fn product_fields_differ(product: &ProductRows<'_>) -> Vec<LineError> {
    let first = &product.lines[0];
    product.lines[1..]
        .iter()
        .flat_map(|line| {
            PRODUCT_COLUMNS
                .iter()
                .filter(|(_, cell)| {
                    let (mine, theirs) = (cell(&line.row).trim(), cell(&first.row).trim());
                    !mine.is_empty() && mine != theirs
                })
                .map(|(column, _)| LineError {
                    line: line.line,
                    message: IMPORT_COLUMN_DIFFERS
                        .with("column", column)
                        .with("first", first.line),
                })
        })
        .collect()
}

/// The product form's fields of a product's first row.
fn input_of(row: &SheetRow) -> ProductInput {
    ProductInput {
        name: row.name.clone(),
        description: row.description.clone(),
        category: Some(row.category.clone()),
        price: number(&row.price),
        stock: number(&row.stock),
        discount: Some(number(&row.discount).unwrap_or(0.0)),
        tags: row.tags.clone(),
        is_featured: featured(&row.featured).unwrap_or(false),
    }
}

/// The rows of a product's sizes as the form's grid; none for a product without sizes.
fn grid_of(product: &ProductRows<'_>) -> Result<Vec<VariantInput>, Vec<Message>> {
    let sized = product
        .lines
        .iter()
        .filter(|l| !l.row.size.trim().is_empty())
        .count();
    if sized > 0 && sized < product.lines.len() || sized == 0 && product.lines.len() > 1 {
        return Err(vec![IMPORT_SIZES_ON_EVERY_ROW.into()]);
    }
    Ok(product
        .lines
        .iter()
        .filter(|l| sized > 0 && !l.row.size.trim().is_empty())
        .map(|l| VariantInput {
            id: Some(l.row.size_id.clone()).filter(|id| !id.trim().is_empty()),
            size: l.row.size.clone(),
            colour: Some(l.row.colour.clone()),
            sku: Some(l.row.sku.clone()),
            stock: number(&l.row.stock),
            expected_stock: exported(&l.row),
        })
        .collect())
}

/// The stock the row was exported with, as the grid's expectation; `None` when blank.
fn exported(row: &SheetRow) -> Option<Option<f64>> {
    let cell = row.exported_stock.trim();
    (!cell.is_empty()).then(|| number(cell))
}

fn messages(errors: FieldErrors) -> Vec<Message> {
    errors.iter().map(|(_, m)| m.clone()).collect()
}

/// The edit a product's rows make to `stored`, with the form's rules: a size the shop has is
/// written only from the stock it was exported with.
fn update_of(
    product: &ProductRows<'_>,
    stored: &Product,
    new_variant_id: &mut impl FnMut() -> VariantId,
) -> Result<ProductEdit, Vec<Message>> {
    let first = &product.lines[0].row;
    if first.images.trim() != stored.gallery.join(IMAGE_SEPARATOR) {
        return Err(vec![IMPORT_PICTURES_IN_FORM.into()]);
    }
    let grid = grid_of(product)?;
    let kept_without_export = product
        .lines
        .iter()
        .any(|l| !l.row.size_id.trim().is_empty() && exported(&l.row).is_none());
    let one_size_without_export = grid.is_empty() && exported(first).is_none();
    if kept_without_export || one_size_without_export {
        return Err(vec![IMPORT_EXPORTED_STOCK_NEEDED.into()]);
    }
    let input = input_of(first);
    // As the form sends it: stock only when the merchant changed it, so a product left as
    // exported keeps what was sold since.
    let stock_changed = grid.is_empty() && exported(first) != Some(input.stock);
    let patch = ProductPatch {
        name: Some(input.name.clone()),
        description: Some(input.description.clone()),
        category: input.category.clone(),
        price: Some(input.price),
        stock: stock_changed.then_some(input.stock),
        expected_stock: exported(first),
        discount: Some(input.discount),
        tags: Some(input.tags.clone()),
        is_featured: Some(input.is_featured),
    };
    let edit = patch.validate(stored).map_err(messages)?;
    let has_sizes = !grid.is_empty() || !stored.variants.is_empty();
    let variants = if has_sizes {
        let writes = validate_grid(&grid, &stored.variants, &input.name, new_variant_id);
        Some(writes.map_err(|e| vec![e.0])?)
    } else {
        None
    };
    Ok(edit.with_variants(variants, stored))
}

/// The new product a handle the shop does not have makes.
fn created(
    product: &ProductRows<'_>,
    now: DateTime<Utc>,
    new_variant_id: &mut impl FnMut() -> VariantId,
) -> Result<Product, Vec<Message>> {
    let first = &product.lines[0].row;
    if !first.images.trim().is_empty() {
        return Err(vec![IMPORT_NEW_PICTURES_IN_FORM.into()]);
    }
    let grid = grid_of(product)?;
    let (draft, variants) = input_of(first)
        .validate_with_sizes(&grid, new_variant_id)
        .map_err(messages)?;
    Ok(draft.into_product(product.handle.clone(), variants, None, now))
}

#[cfg(test)]
mod tests;
