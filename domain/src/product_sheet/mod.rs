//! The catalogue as a spreadsheet (issue 44; DESIGN.md section 9, "The catalogue at a
//! merchant's pace"): one row per size, a product without sizes one row, the product's own
//! fields repeated on each of its rows. The export of a shop imports back to it unchanged:
//! `exported_stock` keeps the stock the sheet was made with, so a size whose `stock` the
//! merchant left alone keeps what was sold since, and one they changed is written only while
//! nothing was sold meanwhile (the product form's guard, `variant::VariantStock`).

pub mod import;
pub mod refusal;

use crate::message::texts::{SHEET_COLUMNS_MISSING, SHEET_COLUMN_TWICE, SHEET_COLUMN_UNKNOWN};
use crate::message::Message;
use crate::product::Product;
use crate::spreadsheet::{inert_cell, typed_cell};

/// The sheet's columns, in the order the export writes them (an import takes them in any
/// order).
pub const COLUMNS: [&str; 15] = [
    "handle",
    "name",
    "category",
    "description",
    "price",
    "discount",
    "tags",
    "featured",
    "images",
    "size_id",
    "size",
    "colour",
    "sku",
    "stock",
    "exported_stock",
];

/// How the `images` cell separates a product's pictures.
pub const IMAGE_SEPARATOR: &str = " | ";

/// One row of the sheet, each cell as text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SheetRow {
    /// The product's id; a new one (letters, digits, `-` and `_`) makes a new product.
    pub handle: String,
    pub name: String,
    pub category: String,
    pub description: String,
    /// Dollars, `12.50`.
    pub price: String,
    /// Percent off, a whole number.
    pub discount: String,
    /// Comma-separated.
    pub tags: String,
    /// `yes` or `no`.
    pub featured: String,
    /// The product's pictures as stored, separated by [`IMAGE_SEPARATOR`].
    pub images: String,
    /// The size's id; blank for a new size, or for a product without sizes.
    pub size_id: String,
    /// Blank for a product without sizes.
    pub size: String,
    pub colour: String,
    pub sku: String,
    pub stock: String,
    /// The stock when the sheet was exported; blank for a new size or product.
    pub exported_stock: String,
}

impl SheetRow {
    /// The cells in [`COLUMNS`]' order, text a spreadsheet could run as a formula made inert
    /// (`spreadsheet::inert_cell`; an import reads it back as it was).
    pub fn cells(&self) -> [String; 15] {
        [
            &self.handle,
            &self.name,
            &self.category,
            &self.description,
            &self.price,
            &self.discount,
            &self.tags,
            &self.featured,
            &self.images,
            &self.size_id,
            &self.size,
            &self.colour,
            &self.sku,
            &self.stock,
            &self.exported_stock,
        ]
        .map(|cell| inert_cell(cell).into_owned())
    }

    /// The row of `cells`, laid out as `header` says; a missing cell is blank.
    pub fn of(header: &SheetHeader, cells: &[String]) -> Self {
        let cell = |column: usize| {
            header.positions[column]
                .and_then(|at| cells.get(at))
                .map(|text| typed_cell(text).to_owned())
                .unwrap_or_default()
        };
        SheetRow {
            handle: cell(0),
            name: cell(1),
            category: cell(2),
            description: cell(3),
            price: cell(4),
            discount: cell(5),
            tags: cell(6),
            featured: cell(7),
            images: cell(8),
            size_id: cell(9),
            size: cell(10),
            colour: cell(11),
            sku: cell(12),
            stock: cell(13),
            exported_stock: cell(14),
        }
    }
}

/// Where each of [`COLUMNS`] is in an imported sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetHeader {
    positions: [Option<usize>; 15],
}

impl SheetHeader {
    /// The header row as read: every column named once, in any order, and nothing else
    /// (names compared without case or surrounding spaces). The message says what is wrong.
    pub fn parse(cells: &[String]) -> Result<Self, Message> {
        let mut positions = [None; 15];
        for (at, name) in cells.iter().enumerate() {
            let name = name.trim().to_lowercase();
            let Some(column) = COLUMNS.iter().position(|c| *c == name) else {
                return Err(SHEET_COLUMN_UNKNOWN
                    .with("name", name)
                    .with("columns", COLUMNS.join(", ")));
            };
            if positions[column].replace(at).is_some() {
                return Err(SHEET_COLUMN_TWICE.with("name", name));
            }
        }
        let missing: Vec<&str> = COLUMNS
            .iter()
            .zip(positions)
            .filter(|(_, at)| at.is_none())
            .map(|(name, _)| *name)
            .collect();
        if !missing.is_empty() {
            return Err(SHEET_COLUMNS_MISSING.with("columns", missing.join(", ")));
        }
        Ok(SheetHeader { positions })
    }
}

/// `product`'s rows: one per size in the admin's order, or one for a product without sizes.
pub fn rows_of(product: &Product) -> Vec<SheetRow> {
    let base = SheetRow {
        handle: product.id.to_string(),
        name: product.name.clone(),
        category: product.category.as_str().to_owned(),
        description: product.description.clone(),
        price: format!("{:.2}", product.price.as_dollars()),
        discount: product.discount.value().to_string(),
        tags: product.tags.join(", "),
        featured: if product.is_featured { "yes" } else { "no" }.to_owned(),
        images: product.gallery.join(IMAGE_SEPARATOR),
        ..SheetRow::default()
    };
    if product.variants.is_empty() {
        let stock = product.stock.to_string();
        return vec![SheetRow {
            exported_stock: stock.clone(),
            stock,
            ..base
        }];
    }
    product
        .variants
        .iter()
        .map(|variant| {
            let stock = variant.stock.to_string();
            SheetRow {
                size_id: variant.id.to_string(),
                size: variant.size.clone(),
                colour: variant.colour.clone().unwrap_or_default(),
                sku: variant.sku.clone(),
                exported_stock: stock.clone(),
                stock,
                ..base.clone()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::product::tests::product;
    use crate::variant::Variant;
    use crate::VariantId;

    fn header(names: &[&str]) -> Result<SheetHeader, String> {
        SheetHeader::parse(&names.iter().map(|n| n.to_string()).collect::<Vec<_>>())
            .map_err(|message| message.as_str().to_owned())
    }

    #[test]
    fn a_product_without_sizes_is_one_row_and_one_with_sizes_a_row_per_size() {
        let mut scarf = product("scarf", 1250, 7);
        scarf.tags = vec!["eid".into(), "silk".into()];
        scarf.gallery = vec!["/uploads/a.webp".into(), "/uploads/b.webp".into()];
        let rows = rows_of(&scarf);
        assert_eq!(rows.len(), 1);
        assert_eq!(
            (
                rows[0].price.as_str(),
                rows[0].tags.as_str(),
                rows[0].images.as_str()
            ),
            ("12.50", "eid, silk", "/uploads/a.webp | /uploads/b.webp")
        );
        assert_eq!(
            (rows[0].stock.as_str(), rows[0].exported_stock.as_str()),
            ("7", "7")
        );
        assert_eq!(rows[0].size, "");

        let mut dress = product("dress", 4000, 0);
        dress.variants = ["S", "M"]
            .iter()
            .enumerate()
            .map(|(i, size)| Variant {
                id: VariantId::parse(&format!("v{i}")).unwrap(),
                size: (*size).into(),
                colour: Some("Black".into()),
                sku: format!("DRESS-{size}"),
                stock: i as u32 + 2,
            })
            .collect();
        let rows = rows_of(&dress);
        let sizes: Vec<_> = rows
            .iter()
            .map(|r| {
                (
                    r.size_id.as_str(),
                    r.size.as_str(),
                    r.stock.as_str(),
                    r.name.as_str(),
                )
            })
            .collect();
        assert_eq!(
            sizes,
            [
                ("v0", "S", "2", "Product dress"),
                ("v1", "M", "3", "Product dress")
            ]
        );
    }

    #[test]
    fn a_cell_that_would_run_as_a_formula_is_written_inert_and_read_back_as_it_was() {
        let row = SheetRow {
            name: "=HYPERLINK(\"http://x\")".into(),
            ..SheetRow::default()
        };
        let cells = row.cells();
        assert_eq!(cells[1], "'=HYPERLINK(\"http://x\")");
        let header = header(&COLUMNS).unwrap();
        assert_eq!(SheetRow::of(&header, &cells), row);
    }

    #[test]
    fn the_header_names_every_column_once_in_any_order() {
        let mut shuffled = COLUMNS;
        shuffled.reverse();
        let read = header(&shuffled).unwrap();
        let cells: Vec<String> = shuffled.iter().map(|c| format!("<{c}>")).collect();
        assert_eq!(SheetRow::of(&read, &cells).handle, "<handle>");
        assert_eq!(
            header(&[" Handle "]).unwrap_err().split(':').next(),
            Some("Missing columns")
        );
        assert_eq!(
            header(&["handle", "handle"]).unwrap_err(),
            "Column 'handle' is there twice"
        );
        assert!(header(&["handle", "colour_images"])
            .unwrap_err()
            .starts_with("Unknown column 'colour_images'"));
    }
}
