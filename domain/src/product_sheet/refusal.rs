//! An import's write refused by storage (`product_edit::ProductStoreError`), said on its row: what
//! happened since the sheet was exported.

use super::import::LineError;
use crate::message::texts::{
    IMPORT_SIZE_REMOVED, IMPORT_SIZE_SOLD, IMPORT_SKU_TAKEN, IMPORT_STOCK_CHANGED,
};
use crate::product_edit::ProductStoreError;

impl LineError {
    /// Storage refused the write of the product on `line` (`product_edit::ProductStoreError`):
    /// what happened since the sheet was exported.
    pub fn refused(line: u64, reason: &ProductStoreError) -> Self {
        let message = match reason {
            ProductStoreError::StockChanged { now } => IMPORT_STOCK_CHANGED.with("now", now),
            ProductStoreError::VariantStockChanged { size, now } => {
                IMPORT_SIZE_SOLD.with("size", size).with("now", now)
            }
            ProductStoreError::VariantGone { size } => IMPORT_SIZE_REMOVED.with("size", size),
            ProductStoreError::SkuTaken { sku } => IMPORT_SKU_TAKEN.with("sku", sku),
            ProductStoreError::Repo(error) => error.to_string().into(),
        };
        LineError { line, message }
    }
}
