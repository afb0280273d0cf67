//! Sizes and colours: a product's variants, each with its own stock,
//! the admin's grid that edits them, and the size a cart or order line is for.

use crate::ids::VariantId;
use crate::message::texts::{
    COLOUR_CONTROL_CHARACTERS, COLOUR_TOO_LONG, SIZES_TOO_MANY, SIZE_CONTROL_CHARACTERS,
    SIZE_EXPECTED_STOCK_INVALID, SIZE_LISTED_TWICE, SIZE_NAME_MISSING, SIZE_NOT_OF_PRODUCT,
    SIZE_STOCK_INVALID, SIZE_TOO_LONG, SKU_CHARACTERS, SKU_CONTROL_CHARACTERS, SKU_TOO_LONG,
    SKU_USED_TWICE,
};
use crate::message::Message;
use crate::stock::{stock_count, StockStatus, RUNNING_LOW_AT};
use crate::validation::{has_control_characters, FieldErrors, Lines};

/// One size (and colour) of a product. The product's own stock is the sum of its variants'.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variant {
    pub id: VariantId,
    pub size: String,
    pub colour: Option<String>,
    /// Unique in the shop.
    pub sku: String,
    pub stock: u32,
}

impl Variant {
    pub fn stock_status(&self) -> StockStatus {
        StockStatus::of(self.stock)
    }

    /// 1 to `RUNNING_LOW_AT` left: 'Only N left' in the shop, flagged in the back office.
    pub fn runs_low(&self) -> bool {
        (1..=RUNNING_LOW_AT).contains(&self.stock)
    }

    /// What a cart or order line keeps of it.
    pub fn snapshot(&self) -> VariantSnapshot {
        VariantSnapshot {
            id: self.id.clone(),
            size: self.size.clone(),
            colour: self.colour.clone(),
            sku: self.sku.clone(),
        }
    }
}

/// The size a line is for, as it was when bought: orders keep it after the variant changes
/// or goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantSnapshot {
    pub id: VariantId,
    pub size: String,
    pub colour: Option<String>,
    pub sku: String,
}

impl VariantSnapshot {
    /// "M", or "M, Black": how a line names its size in messages.
    pub fn label(&self) -> String {
        match &self.colour {
            Some(colour) => format!("{}, {colour}", self.size),
            None => self.size.clone(),
        }
    }
}

/// A size and colour to list products by: only products with stock in it are listed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct VariantFilter {
    /// Lower case.
    pub size: Option<String>,
    /// Lower case.
    pub colour: Option<String>,
}

impl VariantFilter {
    /// From the list's `size=` and `colour=`; blank values filter nothing. A value with a
    /// control character is refused naming it, like the search's `q` (PostgreSQL cannot
    /// even compare a NUL).
    pub fn parse(size: Option<&str>, colour: Option<&str>) -> Result<Option<Self>, FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut key = |field, raw: Option<&str>| {
            errors
                .text(field, raw.unwrap_or_default(), Lines::Single)
                .map(|v| v.to_lowercase())
        };
        let filter = VariantFilter {
            size: key("size", size),
            colour: key("colour", colour),
        };
        errors.into_result((filter != VariantFilter::default()).then_some(filter))
    }
}

/// One row of the admin's grid as sent.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct VariantInput {
    /// The variant this row keeps; `None` for a new one.
    pub id: Option<String>,
    pub size: String,
    pub colour: Option<String>,
    /// Blank: generated.
    pub sku: Option<String>,
    /// `None` when missing or not a number.
    pub stock: Option<f64>,
    /// The stock the admin's grid showed for a kept row (`Some(None)`: sent, not a number).
    pub expected_stock: Option<Option<f64>>,
}

/// A row's stock as the admin set it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VariantStock {
    /// A new row's stock, or a kept row's when no expectation was sent.
    Set(u32),
    /// A kept row the admin did not change: its stock stays as sold down since.
    Keep,
    /// A kept row changed from `expected`: written only while the stored stock still is that.
    SetIfStill { to: u32, expected: u32 },
}

/// A validated row, in the grid's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantWrite {
    pub id: VariantId,
    pub is_new: bool,
    pub size: String,
    pub colour: Option<String>,
    pub sku: String,
    pub stock: VariantStock,
}

impl VariantWrite {
    /// The variant this row leaves, given the stock it has now (`None` for a new row).
    pub fn applied(&self, stock_now: Option<u32>) -> Variant {
        Variant {
            id: self.id.clone(),
            size: self.size.clone(),
            colour: self.colour.clone(),
            sku: self.sku.clone(),
            stock: match self.stock {
                VariantStock::Set(to) | VariantStock::SetIfStill { to, .. } => to,
                VariantStock::Keep => stock_now.unwrap_or(0),
            },
        }
    }
}

/// At most this many sizes and colours per product.
pub const MAX_VARIANTS: usize = 60;
const MAX_SIZE_CHARS: usize = 20;
const MAX_COLOUR_CHARS: usize = 30;
const MAX_SKU_CHARS: usize = 40;

/// Why a grid was refused: one message for the `variants` field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct InvalidVariants(pub Message);

fn refuse<T>(message: impl Into<Message>) -> Result<T, InvalidVariants> {
    Err(InvalidVariants(message.into()))
}

fn optional_text(raw: Option<&str>) -> Option<String> {
    raw.map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
}

/// "M", or "M, Black": how messages name a row (after "size").
fn row_name(size: &str, colour: Option<&str>) -> String {
    match colour {
        Some(colour) => format!("{size}, {colour}"),
        None => size.to_owned(),
    }
}

/// What an SKU is made of: never `#`, which the storage uses while SKUs move between sizes.
pub fn is_sku_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | '/')
}

/// A generated SKU: the product's name and the row's size and colour, upper case, with a
/// piece of the variant's random id so two products of one name never share one.
pub fn generated_sku(
    product_name: &str,
    size: &str,
    colour: Option<&str>,
    id: &VariantId,
) -> String {
    let slug = |text: &str, max: usize| -> String {
        let cleaned: String = text
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_uppercase()
                } else {
                    '-'
                }
            })
            .collect();
        let joined = cleaned
            .split('-')
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>()
            .join("-");
        joined
            .chars()
            .take(max)
            .collect::<String>()
            .trim_end_matches('-')
            .to_owned()
    };
    let id = id.as_str();
    let tail: String = id[id.len().saturating_sub(4)..].to_ascii_uppercase();
    [
        slug(product_name, 12),
        slug(size, 8),
        colour.map(|c| slug(c, 8)).unwrap_or_default(),
        tail,
    ]
    .into_iter()
    .filter(|p| !p.is_empty())
    .collect::<Vec<_>>()
    .join("-")
}

/// Validates the admin's grid against the variants the product has now (`current`; none for
/// a new product): rows keep their order, a row with an id keeps that variant, a row without
/// one is new (`new_id` names it), and variants left out are removed by the caller.
pub fn validate_grid(
    rows: &[VariantInput],
    current: &[Variant],
    product_name: &str,
    mut new_id: impl FnMut() -> VariantId,
) -> Result<Vec<VariantWrite>, InvalidVariants> {
    if rows.len() > MAX_VARIANTS {
        return refuse(SIZES_TOO_MANY.with("most", MAX_VARIANTS));
    }
    let mut writes: Vec<VariantWrite> = Vec::with_capacity(rows.len());
    for row in rows {
        let size = row.size.trim();
        if size.is_empty() {
            return refuse(SIZE_NAME_MISSING);
        }
        let colour = optional_text(row.colour.as_deref());
        let sku = optional_text(row.sku.as_deref());
        for (text, max, too_long, control) in [
            (
                Some(size),
                MAX_SIZE_CHARS,
                SIZE_TOO_LONG,
                SIZE_CONTROL_CHARACTERS,
            ),
            (
                colour.as_deref(),
                MAX_COLOUR_CHARS,
                COLOUR_TOO_LONG,
                COLOUR_CONTROL_CHARACTERS,
            ),
            (
                sku.as_deref(),
                MAX_SKU_CHARS,
                SKU_TOO_LONG,
                SKU_CONTROL_CHARACTERS,
            ),
        ] {
            let Some(text) = text else { continue };
            if text.chars().count() > max {
                return refuse(too_long.with("max", max));
            }
            if has_control_characters(text, Lines::Single) {
                return refuse(control);
            }
        }
        if sku
            .as_deref()
            .is_some_and(|sku| !sku.chars().all(is_sku_char))
        {
            return refuse(SKU_CHARACTERS);
        }
        let name = row_name(size, colour.as_deref());
        let Some(to) = row.stock.and_then(stock_count) else {
            return refuse(SIZE_STOCK_INVALID.with("size", &name));
        };
        let kept = match row.id.as_deref().map(str::trim).filter(|i| !i.is_empty()) {
            None => None,
            Some(id) => match current.iter().find(|v| v.id.as_str() == id) {
                Some(variant) => Some(variant),
                None => return refuse(SIZE_NOT_OF_PRODUCT.with("size", &name)),
            },
        };
        if writes
            .iter()
            .any(|w| kept.is_some_and(|k| !w.is_new && w.id == k.id))
        {
            return refuse(SIZE_LISTED_TWICE.with("size", &name));
        }
        if writes.iter().any(|w| {
            w.size.eq_ignore_ascii_case(size)
                && w.colour.as_deref().map(str::to_lowercase)
                    == colour.as_deref().map(str::to_lowercase)
        }) {
            return refuse(SIZE_LISTED_TWICE.with("size", &name));
        }
        let stock = match (kept, row.expected_stock) {
            (None, _) | (Some(_), None) => VariantStock::Set(to),
            (Some(_), Some(expected)) => match expected.and_then(stock_count) {
                None => return refuse(SIZE_EXPECTED_STOCK_INVALID.with("size", &name)),
                Some(expected) if expected == to => VariantStock::Keep,
                Some(expected) => VariantStock::SetIfStill { to, expected },
            },
        };
        let id = kept.map_or_else(&mut new_id, |k| k.id.clone());
        let sku = sku.unwrap_or_else(|| match kept {
            Some(variant) => variant.sku.clone(),
            None => generated_sku(product_name, size, colour.as_deref(), &id),
        });
        if writes.iter().any(|w| w.sku.eq_ignore_ascii_case(&sku)) {
            return refuse(SKU_USED_TWICE.with("sku", &sku));
        }
        writes.push(VariantWrite {
            is_new: kept.is_none(),
            id,
            size: size.to_owned(),
            colour,
            sku,
            stock,
        });
    }
    Ok(writes)
}

/// The sum of the variants' stock: a product's stock when it has variants.
pub fn total_stock(variants: &[Variant]) -> u32 {
    variants.iter().map(|v| v.stock).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::product::ProductInput;

    fn id(raw: &str) -> VariantId {
        VariantId::parse(raw).unwrap()
    }

    fn variant(raw_id: &str, size: &str, colour: Option<&str>, stock: u32) -> Variant {
        Variant {
            id: id(raw_id),
            size: size.into(),
            colour: colour.map(Into::into),
            sku: format!("SKU-{raw_id}"),
            stock,
        }
    }

    #[test]
    fn a_size_runs_low_from_three_left_until_none() {
        let runs_low = |stock| variant("v1", "M", None, stock).runs_low();
        assert!(!runs_low(0));
        assert!(runs_low(1));
        assert!(runs_low(3));
        assert!(!runs_low(4));
    }

    fn row(size: &str, stock: f64) -> VariantInput {
        VariantInput {
            size: size.into(),
            stock: Some(stock),
            ..Default::default()
        }
    }

    fn ids() -> impl FnMut() -> VariantId {
        let mut next = 0;
        move || {
            next += 1;
            id(&format!("new{next}"))
        }
    }

    fn refused(rows: &[VariantInput], current: &[Variant]) -> String {
        validate_grid(rows, current, "Linen Dress", ids())
            .unwrap_err()
            .0
            .as_str()
            .to_owned()
    }

    #[test]
    fn new_rows_get_ids_and_generated_skus_in_the_grids_order() {
        let rows = [
            row("S", 4.0),
            VariantInput {
                colour: Some(" Black ".into()),
                sku: Some("LD-M-BLK".into()),
                ..row(" M ", 0.0)
            },
        ];
        let writes = validate_grid(&rows, &[], "Linen Wrap Dress", ids()).unwrap();
        assert_eq!(
            writes,
            [
                VariantWrite {
                    id: id("new1"),
                    is_new: true,
                    size: "S".into(),
                    colour: None,
                    sku: "LINEN-WRAP-D-S-NEW1".into(),
                    stock: VariantStock::Set(4),
                },
                VariantWrite {
                    id: id("new2"),
                    is_new: true,
                    size: "M".into(),
                    colour: Some("Black".into()),
                    sku: "LD-M-BLK".into(),
                    stock: VariantStock::Set(0),
                },
            ]
        );
    }

    #[test]
    fn a_kept_row_keeps_its_id_and_sku_and_its_stock_unless_the_admin_changed_it() {
        let current = [variant("v1", "S", None, 3), variant("v2", "M", None, 5)];
        let kept = |raw: &str, stock: f64, expected: f64| VariantInput {
            id: Some(raw.into()),
            expected_stock: Some(Some(expected)),
            ..row(if raw == "v1" { "S" } else { "M" }, stock)
        };
        let writes = validate_grid(
            &[kept("v2", 7.0, 7.0), kept("v1", 9.0, 3.0)],
            &current,
            "Dress",
            ids(),
        )
        .unwrap();
        assert_eq!(
            writes
                .iter()
                .map(|w| (w.id.as_str(), w.is_new, w.sku.as_str(), w.stock))
                .collect::<Vec<_>>(),
            [
                ("v2", false, "SKU-v2", VariantStock::Keep),
                (
                    "v1",
                    false,
                    "SKU-v1",
                    VariantStock::SetIfStill { to: 9, expected: 3 }
                ),
            ]
        );
        let without_expectation = VariantInput {
            id: Some("v1".into()),
            ..row("S", 2.0)
        };
        assert_eq!(
            validate_grid(&[without_expectation], &current, "Dress", ids()).unwrap()[0].stock,
            VariantStock::Set(2)
        );
    }

    #[test]
    fn bad_rows_are_refused_with_a_message_naming_the_row() {
        assert_eq!(refused(&[row("  ", 1.0)], &[]), "Each size needs a name");
        assert_eq!(
            refused(&[row("M", -1.0)], &[]),
            "Stock of size M must be a whole number of 0 or more"
        );
        assert_eq!(
            refused(&[row("M", 1.5)], &[]),
            "Stock of size M must be a whole number of 0 or more"
        );
        let missing_stock = VariantInput {
            stock: None,
            colour: Some("Red".into()),
            ..row("L", 0.0)
        };
        assert_eq!(
            refused(&[missing_stock], &[]),
            "Stock of size L, Red must be a whole number of 0 or more"
        );
        let black = |size: &str| VariantInput {
            colour: Some("Black".into()),
            ..row(size, 1.0)
        };
        assert_eq!(
            refused(&[black("M"), black("m")], &[]),
            "Size m, Black is listed twice"
        );
        assert_eq!(
            refused(&[row("M", 1.0), row("M", 2.0)], &[]),
            "Size M is listed twice"
        );
        let with_sku = |size: &str| VariantInput {
            sku: Some("abc-1".into()),
            ..row(size, 1.0)
        };
        assert_eq!(
            refused(&[with_sku("S"), with_sku("M")], &[]),
            "SKU abc-1 is used twice"
        );
        let stranger = VariantInput {
            id: Some("other".into()),
            ..row("S", 1.0)
        };
        assert_eq!(
            refused(&[stranger], &[]),
            "Size S is not one of this product's sizes"
        );
        assert_eq!(
            refused(&[row(&"X".repeat(21), 1.0)], &[]),
            "A size may be at most 20 characters"
        );
        let spaced = VariantInput {
            sku: Some("AB 12".into()),
            ..row("S", 1.0)
        };
        assert_eq!(
            refused(&[spaced], &[]),
            "An SKU may only contain letters, digits and - _ . /"
        );
        assert_eq!(
            refused(&[row("M\u{7}", 1.0)], &[]),
            "A size must not contain control characters"
        );
        let many: Vec<_> = (0..61).map(|n| row(&n.to_string(), 1.0)).collect();
        assert_eq!(refused(&many, &[]), "A product can have at most 60 sizes");
    }

    #[test]
    fn the_same_kept_variant_twice_is_refused() {
        let current = [variant("v1", "S", None, 3)];
        let twice = |size: &str| VariantInput {
            id: Some("v1".into()),
            ..row(size, 1.0)
        };
        assert_eq!(
            refused(&[twice("S"), twice("XS")], &current),
            "Size XS is listed twice"
        );
    }

    #[test]
    fn a_kept_row_with_a_bad_expected_stock_is_refused() {
        let current = [variant("v1", "S", None, 3)];
        let row = VariantInput {
            id: Some("v1".into()),
            expected_stock: Some(None),
            ..row("S", 1.0)
        };
        assert_eq!(
            refused(&[row], &current),
            "Expected stock of size S must be a whole number of at least 0"
        );
    }

    #[test]
    fn a_line_labels_its_size_and_colour() {
        assert_eq!(
            variant("v1", "M", Some("Black"), 1).snapshot().label(),
            "M, Black"
        );
    }

    #[test]
    fn a_list_filter_ignores_blank_values() {
        assert_eq!(VariantFilter::parse(Some(" "), None), Ok(None));
        assert_eq!(
            VariantFilter::parse(Some(" M "), Some("Black")),
            Ok(Some(VariantFilter {
                size: Some("m".into()),
                colour: Some("black".into())
            }))
        );
    }

    #[test]
    fn a_list_filter_with_a_control_character_is_refused_naming_it() {
        let errors = VariantFilter::parse(Some("\0"), Some("Black")).unwrap_err();
        assert_eq!(
            errors.get("size"),
            Some("size must not contain control characters")
        );
        let errors = VariantFilter::parse(None, Some("Bla\u{1b}ck")).unwrap_err();
        assert_eq!(
            errors.get("colour"),
            Some("colour must not contain control characters")
        );
        assert_eq!(errors.get("size"), None);
    }

    #[test]
    fn the_stock_of_a_product_with_variants_is_their_sum() {
        let variants = [variant("v1", "S", None, 3), variant("v2", "M", None, 4)];
        assert_eq!(total_stock(&variants), 7);
    }

    fn form(stock: Option<f64>) -> ProductInput {
        ProductInput {
            name: "Linen Dress".into(),
            description: "Light linen".into(),
            price: Some(30.0),
            stock,
            ..Default::default()
        }
    }

    #[test]
    fn a_new_product_in_sizes_needs_no_stock_of_its_own_and_has_their_sum() {
        let (draft, sizes) = form(None)
            .validate_with_sizes(&[row("S", 2.0), row("M", 5.0)], ids())
            .unwrap();
        assert_eq!(draft.stock, 7);
        assert_eq!(
            sizes
                .iter()
                .map(|v| (v.id.as_str(), v.size.as_str(), v.stock))
                .collect::<Vec<_>>(),
            [("new1", "S", 2), ("new2", "M", 5)]
        );
        let (one_size, none) = form(Some(4.0)).validate_with_sizes(&[], ids()).unwrap();
        assert_eq!((one_size.stock, none.len()), (4, 0));
    }

    #[test]
    fn a_new_product_without_sizes_needs_its_stock_and_a_bad_grid_is_a_variants_error() {
        let missing = form(None).validate_with_sizes(&[], ids()).unwrap_err();
        assert_eq!(
            missing.get("stock"),
            Some("Valid stock quantity is required")
        );
        let bad = form(None)
            .validate_with_sizes(&[row("S", 1.0), row("S", 2.0)], ids())
            .unwrap_err();
        assert!(bad.get("variants").is_some(), "{bad:?}");
        assert_eq!(bad.get("stock"), None);
    }
}
