//! An admin's edit of a product: it writes only the fields that were sent, and stock only
//! when stock was sent, so a form opened before some sales never puts sold units back.

use crate::ids::VariantId;
use crate::money::{Money, Percent};
use crate::product::{Category, Product, ProductDraft, ProductImage, ProductInput};
use crate::stock::{stock_count, StockFollowUp};
use crate::storage::RepoError;
use crate::validation::FieldErrors;
/// Why a product edit was not stored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProductStoreError {
    /// The edit expected other stock than the product has now.
    #[error("stock changed: now {now}")]
    StockChanged { now: u32 },
    /// A size's stock was not what the admin's grid showed (`VariantStock::SetIfStill`).
    #[error("stock of size {size} changed: now {now}")]
    VariantStockChanged { size: String, now: u32 },
    /// A kept size was removed by someone else since the grid was read.
    #[error("size {size} was removed meanwhile")]
    VariantGone { size: String },
    /// Another product's size has this SKU.
    #[error("SKU {sku} is taken")]
    SkuTaken { sku: String },
    #[error(transparent)]
    Repo(#[from] RepoError),
}

#[cfg(test)]
use crate::variant::VariantStock;
use crate::variant::{total_stock, validate_grid, Variant, VariantInput, VariantWrite};

/// The fields of an edit as sent; `None` keeps the stored value. Numbers are `Some(None)`
/// when sent but not a number, so validation can name the field.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProductPatch {
    pub name: Option<String>,
    pub description: Option<String>,
    pub category: Option<String>,
    pub price: Option<Option<f64>>,
    pub stock: Option<Option<f64>>,
    /// The stock the admin's form showed; only read together with `stock`.
    pub expected_stock: Option<Option<f64>>,
    pub discount: Option<Option<f64>>,
    pub tags: Option<String>,
    pub is_featured: Option<bool>,
}

/// What an edit writes; `None` leaves the stored value alone.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProductEdit {
    pub name: Option<String>,
    pub description: Option<String>,
    pub category: Option<Category>,
    pub tags: Option<Vec<String>>,
    pub price: Option<Money>,
    pub discount: Option<Percent>,
    /// A stated original price no longer holds once the price or the discount changes.
    pub clears_stated_original_price: bool,
    pub is_featured: Option<bool>,
    pub stock: Option<StockEdit>,
    /// A new picture replaces the old one and the gallery.
    pub image: Option<ProductImage>,
    /// The sizes and colours, in order, when the grid was sent: those left out go.
    pub variants: Option<Vec<VariantWrite>>,
}

impl ProductEdit {
    /// What writing it sets off: stock it sets (or a grid of sizes) may bring back what
    /// shoppers wait for, and they are told in its transaction.
    pub fn follow_up(&self) -> Option<StockFollowUp> {
        (self.stock.is_some() || self.variants.is_some()).then_some(StockFollowUp::AnswerWaiting)
    }
}

/// Stock set by the admin. With `expected`, it is set only while the stored stock still is
/// what the admin's form showed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StockEdit {
    pub to: u32,
    pub expected: Option<u32>,
}

impl ProductPatch {
    /// Validates the patch laid over `current` with the product form's rules
    /// ([`ProductInput::validate`]) and keeps only what was sent.
    pub fn validate(&self, current: &Product) -> Result<ProductEdit, FieldErrors> {
        let merged = ProductInput {
            name: self.name.clone().unwrap_or_else(|| current.name.clone()),
            description: self
                .description
                .clone()
                .unwrap_or_else(|| current.description.clone()),
            category: Some(
                self.category
                    .clone()
                    .unwrap_or_else(|| current.category.as_str().into()),
            ),
            price: self.price.unwrap_or(Some(current.price.as_dollars())),
            stock: self.stock.unwrap_or(Some(f64::from(current.stock))),
            discount: self
                .discount
                .unwrap_or(Some(f64::from(current.discount.value()))),
            tags: self.tags.clone().unwrap_or_else(|| current.tags.join(",")),
            is_featured: self.is_featured.unwrap_or(current.is_featured),
        };
        let expected = match self.expected_stock.filter(|_| self.stock.is_some()) {
            None => Ok(None),
            Some(raw) => raw.and_then(stock_count).map(Some).ok_or(()),
        };
        let (draft, expected) = match (merged.validate(), expected) {
            (Ok(draft), Ok(expected)) => (draft, expected),
            (draft, expected) => {
                let mut errors = draft.err().unwrap_or_default();
                errors.check(
                    expected.is_err(),
                    "expectedStock",
                    "Expected stock must be a whole number of at least 0",
                );
                return Err(errors);
            }
        };
        Ok(ProductEdit {
            clears_stated_original_price: draft.price != current.price
                || draft.discount != current.discount,
            name: self.name.as_ref().map(|_| draft.name.clone()),
            description: self.description.as_ref().map(|_| draft.description.clone()),
            category: self.category.as_ref().map(|_| draft.category),
            tags: self.tags.as_ref().map(|_| draft.tags.clone()),
            price: self.price.map(|_| draft.price),
            discount: self.discount.map(|_| draft.discount),
            is_featured: self.is_featured,
            stock: self.stock.map(|_| StockEdit {
                to: draft.stock,
                expected,
            }),
            image: None,
            variants: None,
        })
    }
}

impl ProductEdit {
    /// Adds the admin's size grid (`None` when it was not sent). A product with sizes has the
    /// sum of theirs as its stock, so a product-level stock sent with them is ignored; one
    /// whose sizes are all removed keeps its stock unless stock was sent too.
    pub fn with_variants(mut self, variants: Option<Vec<VariantWrite>>, current: &Product) -> Self {
        let has_sizes = match &variants {
            Some(rows) => !rows.is_empty(),
            None => !current.variants.is_empty(),
        };
        if has_sizes {
            self.stock = None;
        }
        self.variants = variants;
        self
    }

    /// The product as this edit leaves it, stock aside when stock was not sent.
    pub fn applied_to(&self, product: &Product) -> Product {
        let mut changed = product.clone();
        if let Some(name) = &self.name {
            changed.name = name.clone();
        }
        if let Some(description) = &self.description {
            changed.description = description.clone();
        }
        if let Some(category) = self.category {
            changed.category = category;
        }
        if let Some(tags) = &self.tags {
            changed.tags = tags.clone();
        }
        if let Some(price) = self.price {
            changed.price = price;
        }
        if let Some(discount) = self.discount {
            changed.discount = discount;
        }
        if self.clears_stated_original_price {
            changed.stated_original_price = None;
        }
        if let Some(featured) = self.is_featured {
            changed.is_featured = featured;
        }
        if let Some(stock) = self.stock {
            changed.stock = stock.to;
        }
        if let Some(rows) = &self.variants {
            changed.variants = rows
                .iter()
                .map(|row| row.applied(product.variant(&row.id).map(|v| v.stock)))
                .collect();
            if !rows.is_empty() {
                changed.stock = total_stock(&changed.variants);
            }
        }
        if let Some(image) = &self.image {
            changed.gallery = vec![image.full.clone()];
            changed.image = Some(image.clone());
        }
        changed
    }
}

impl ProductInput {
    /// A new product's form with its sizes (`rows`; none for a one-size product). With sizes
    /// the stock is theirs: the form needs no stock of its own and the product's is their sum.
    pub fn validate_with_sizes(
        &self,
        rows: &[VariantInput],
        new_id: impl FnMut() -> VariantId,
    ) -> Result<(ProductDraft, Vec<Variant>), FieldErrors> {
        if rows.is_empty() {
            return Ok((self.validate()?, Vec::new()));
        }
        let mut draft = ProductInput {
            stock: Some(0.0),
            ..self.clone()
        }
        .validate()?;
        let sizes: Vec<Variant> = validate_grid(rows, &[], &draft.name, new_id)
            .map_err(|e| FieldErrors::single("variants", e.0))?
            .iter()
            .map(|row| row.applied(None))
            .collect();
        draft.stock = total_stock(&sizes);
        Ok((draft, sizes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::product::tests::product;
    use crate::VariantId;

    fn write(id: &str, size: &str, stock: VariantStock) -> VariantWrite {
        VariantWrite {
            id: VariantId::parse(id).unwrap(),
            is_new: false,
            size: size.into(),
            colour: None,
            sku: format!("SKU-{id}"),
            stock,
        }
    }

    /// A dress in one size, S, with 5 left.
    fn dress_in_small() -> Product {
        let mut dress = product("p1", 4000, 5);
        dress.variants = vec![Variant {
            id: VariantId::parse("s").unwrap(),
            size: "S".into(),
            colour: None,
            sku: "SKU-s".into(),
            stock: 5,
        }];
        dress
    }

    #[test]
    fn with_sizes_the_stock_is_their_sum_and_a_product_level_stock_is_ignored() {
        let patch = ProductPatch {
            stock: Some(Some(50.0)),
            ..Default::default()
        };
        let dress = dress_in_small();
        let grid = vec![
            write("s", "S", VariantStock::Keep),
            write("m", "M", VariantStock::Set(4)),
        ];
        let edit = patch
            .validate(&dress)
            .unwrap()
            .with_variants(Some(grid), &dress);
        assert_eq!(edit.stock, None);
        let after = edit.applied_to(&dress);
        assert_eq!(
            after
                .variants
                .iter()
                .map(|v| (v.size.as_str(), v.stock))
                .collect::<Vec<_>>(),
            [("S", 5), ("M", 4)]
        );
        assert_eq!(after.stock, 9);
        let without_grid = patch.validate(&dress).unwrap().with_variants(None, &dress);
        assert_eq!(without_grid.stock, None);
    }

    #[test]
    fn removing_every_size_keeps_the_stock_unless_stock_is_sent() {
        let dress = dress_in_small();
        let keep = ProductPatch::default()
            .validate(&dress)
            .unwrap()
            .with_variants(Some(vec![]), &dress);
        assert_eq!(keep.applied_to(&dress).stock, 5);
        let set = ProductPatch {
            stock: Some(Some(2.0)),
            ..Default::default()
        }
        .validate(&dress)
        .unwrap()
        .with_variants(Some(vec![]), &dress);
        assert_eq!(set.stock.map(|s| s.to), Some(2));
        assert!(set.applied_to(&dress).variants.is_empty());
    }

    #[test]
    fn an_edit_without_stock_leaves_stock_alone() {
        let patch = ProductPatch {
            name: Some("Linen Wrap Dress".into()),
            ..Default::default()
        };
        let edit = patch.validate(&product("p1", 4000, 5)).unwrap();
        assert_eq!(edit.stock, None);
        assert_eq!(edit.name.as_deref(), Some("Linen Wrap Dress"));
        assert_eq!(edit.price, None);
        assert!(!edit.clears_stated_original_price);
    }

    #[test]
    fn sent_stock_carries_the_stock_the_form_showed() {
        let patch = ProductPatch {
            stock: Some(Some(9.0)),
            expected_stock: Some(Some(5.0)),
            ..Default::default()
        };
        let edit = patch.validate(&product("p1", 4000, 2)).unwrap();
        assert_eq!(
            edit.stock,
            Some(StockEdit {
                to: 9,
                expected: Some(5)
            })
        );
    }

    #[test]
    fn expected_stock_alone_changes_nothing() {
        let patch = ProductPatch {
            expected_stock: Some(Some(5.0)),
            ..Default::default()
        };
        assert_eq!(
            patch.validate(&product("p1", 4000, 2)).unwrap(),
            ProductEdit::default()
        );
    }

    #[test]
    fn a_malformed_expected_stock_is_named() {
        let patch = ProductPatch {
            stock: Some(Some(3.0)),
            expected_stock: Some(Some(-1.0)),
            price: Some(None),
            ..Default::default()
        };
        let errors = patch.validate(&product("p1", 4000, 2)).unwrap_err();
        assert_eq!(
            errors.get("expectedStock"),
            Some("Expected stock must be a whole number of at least 0")
        );
        assert_eq!(errors.get("price"), Some("Valid price is required"));
    }

    #[test]
    fn a_new_price_or_discount_drops_the_stated_original_price() {
        let mut current = product("p1", 4000, 2);
        current.stated_original_price = Money::from_cents(6000);
        let patch = ProductPatch {
            discount: Some(Some(25.0)),
            ..Default::default()
        };
        let edit = patch.validate(&current).unwrap();
        assert!(edit.clears_stated_original_price);
        assert_eq!(edit.applied_to(&current).stated_original_price, None);
        let same_price = ProductPatch {
            price: Some(Some(40.0)),
            ..Default::default()
        };
        assert!(
            !same_price
                .validate(&current)
                .unwrap()
                .clears_stated_original_price
        );
    }

    #[test]
    fn the_merged_product_is_validated_with_specs_messages() {
        let patch = ProductPatch {
            name: Some("  ".into()),
            ..Default::default()
        };
        let errors = patch.validate(&product("p1", 4000, 2)).unwrap_err();
        assert_eq!(errors.get("name"), Some("Product name is required"));
    }
}
