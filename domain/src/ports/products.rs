//! Ports of the catalogue: products, their pictures by colour and imports.

use super::{Page, RepoError};
use crate::ids::ProductId;
use crate::listing::products::ProductQuery;
use crate::product::colour_pictures::ColourPictures;
use crate::product::{Category, Product, SearchCandidate};
use crate::product_edit::ProductEdit;
pub use crate::product_edit::ProductStoreError;
use crate::product_sheet::import::ProductWrite;
use crate::variant::VariantFilter;
use async_trait::async_trait;
use chrono::{DateTime, Utc};

/// Which products to list; newest first.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProductFilter {
    pub category: Option<Category>,
    pub featured_only: bool,
    /// Case-insensitive.
    pub tag: Option<String>,
    /// Products whose name, description, category or tags contain this text, ignoring case:
    /// a superset of what `product::search_score` matches, which then ranks them.
    pub text: Option<String>,
    /// Only products with stock in this size and colour.
    pub variant: Option<VariantFilter>,
    pub page: Option<Page>,
}

/// Why an import's writes were not stored: nothing was.
#[derive(Debug, thiserror::Error)]
pub enum ImportStoreError {
    /// Write number `write` was refused (a size sold since the sheet was exported, an SKU
    /// another product has).
    #[error("write {write} refused: {reason}")]
    Refused {
        write: usize,
        reason: ProductStoreError,
    },
    #[error(transparent)]
    Repo(#[from] RepoError),
}

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait ProductRepository: Send + Sync {
    /// Stores the product with its variants. `SkuTaken` when another product has one of
    /// their SKUs.
    async fn insert(&self, product: &Product) -> Result<(), ProductStoreError>;
    /// Writes only what `edit` sets, in one transaction, and returns the product as stored
    /// then: stock only when the edit sets it, and with `expected` only while the stored stock
    /// still is that (else `StockChanged` with the stock now, and nothing is written). With a
    /// grid of variants, writes it (`variant::VariantStock` says which stock; a size sold
    /// since is `VariantStockChanged`, one removed since `VariantGone`), removes the variants
    /// left out with their cart lines, and sets the stock to the sum. `Repo(NotFound)` when
    /// gone. Back-in-stock requests the new stock answers are answered `at`.
    async fn update(
        &self,
        id: &ProductId,
        edit: &ProductEdit,
        at: DateTime<Utc>,
    ) -> Result<Product, ProductStoreError>;
    /// Carries out an import's `writes` in one transaction, each as `insert` or `update`
    /// would (`at` as for `update`): all of them, returning each product as stored then, or
    /// none.
    async fn import(
        &self,
        writes: &[ProductWrite],
        at: DateTime<Utc>,
    ) -> Result<Vec<Product>, ImportStoreError>;
    /// Writes product `id`'s pictures per colour as `new` only while they still are
    /// `expected`: `NotFound` when it is gone or they changed since (read it again).
    async fn set_colour_pictures(
        &self,
        id: &ProductId,
        expected: &ColourPictures,
        new: &ColourPictures,
    ) -> Result<(), RepoError>;
    /// Removes the product from the catalogue, carts and wishlists (orders keep their
    /// snapshots). `NotFound` when gone.
    async fn delete(&self, id: &ProductId) -> Result<(), RepoError>;
    async fn by_id(&self, id: &ProductId) -> Result<Option<Product>, RepoError>;
    /// The products of `ids` that exist, in the order of `ids`.
    async fn by_ids(&self, ids: &[ProductId]) -> Result<Vec<Product>, RepoError>;
    /// The matching products (one page of them when asked) and how many match in all.
    async fn list(&self, filter: &ProductFilter) -> Result<(Vec<Product>, u64), RepoError>;
    /// What search ranks the matching products by (`product::search`), unpaged.
    async fn search_candidates(
        &self,
        filter: &ProductFilter,
    ) -> Result<Vec<SearchCandidate>, RepoError>;
    /// The admin's list: searched, filtered and sorted as asked (ties newest first), one page
    /// when asked, and how many match in all.
    async fn admin_list(&self, query: &ProductQuery) -> Result<(Vec<Product>, u64), RepoError>;
    /// Grows with every insert, update or delete of a product, in any process sharing the
    /// database: caches of catalogue replies compare it with the version they were made at.
    async fn catalog_version(&self) -> Result<u64, RepoError>;
}
