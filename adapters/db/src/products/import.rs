//! An import's writes (`ProductRepository::import`, `domain::product_sheet`): every product
//! created or updated as the form's own writes do, in one transaction, so that a refused one
//! (a size sold since the export, an SKU another product has) leaves the catalogue as it was.

use super::{bump_catalog_version, insert_product, update_product, Answering};
use crate::connection::{write_transaction, DbConnection};
use crate::storage;
use crate::tx::TxError;
use domain::ports::{ImportStoreError, ProductStoreError};
use domain::product::Product;
use domain::product_sheet::import::{ProductChange, ProductWrite};

pub(crate) fn import(
    conn: &mut DbConnection,
    writes: &[ProductWrite],
    answering: Answering,
) -> Result<Vec<Product>, ImportStoreError> {
    let refused = |write: usize| {
        move |error: TxError<ProductStoreError>| match error {
            TxError::Store(ProductStoreError::Repo(repo)) => TxError::Store(repo.into()),
            TxError::Store(reason) => TxError::Store(ImportStoreError::Refused { write, reason }),
            TxError::Db(db) => TxError::Db(db),
        }
    };
    let stored = write_transaction(conn, |conn| {
        let mut stored = Vec::with_capacity(writes.len());
        for (at, write) in writes.iter().enumerate() {
            let product = match &write.change {
                ProductChange::Create(product) => {
                    insert_product(conn, product).map_err(refused(at))?;
                    product.clone()
                }
                ProductChange::Update { id, edit } => {
                    update_product(conn, id, edit, answering)
                        .map_err(refused(at))?
                        .0
                }
            };
            stored.push(product);
        }
        bump_catalog_version(conn)?;
        Ok::<_, TxError<ImportStoreError>>(stored)
    });
    stored.map_err(|error| match error {
        TxError::Db(db) => ImportStoreError::Repo(storage(db)),
        TxError::Store(error) => error,
    })
}
