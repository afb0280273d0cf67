//! An import's write refused by storage (`ports::ProductStoreError`), said on its row: what
//! happened since the sheet was exported.

use super::import::LineError;
use crate::ports::ProductStoreError;

impl LineError {
    /// Storage refused the write of the product on `line` (`ports::ProductStoreError`):
    /// what happened since the sheet was exported.
    pub fn refused(line: u64, reason: &ProductStoreError) -> Self {
        let message = match reason {
            ProductStoreError::StockChanged { now } => format!(
                "Stock changed since the export: {now} left now. Export again and redo this row"
            ),
            ProductStoreError::VariantStockChanged { size, now } => format!(
                "Size {size} sold since the export: {now} left now. Export again and redo this row"
            ),
            ProductStoreError::VariantGone { size } => {
                format!("Size {size} was removed since the export. Export again")
            }
            ProductStoreError::SkuTaken { sku } => format!("SKU {sku} belongs to another product"),
            ProductStoreError::Repo(error) => error.to_string(),
        };
        LineError { line, message }
    }
}
