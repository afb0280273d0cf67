//! The catalogue as a spreadsheet (issue 44; `domain::product_sheet`): the export, one row per
//! size, and the import, checked whole and written all or nothing.

use super::CatalogVersion;
use crate::audit::Audit;
use derive_new::new;
use domain::audit::AuditChange;
use domain::ids::{ProductId, VariantId};
use domain::listing::products::{ProductListParams, ProductQuery};
use domain::permissions::{require, Permission, PermissionError};
use domain::ports::{Clock, IdGenerator, ImportStoreError, ProductRepository, RepoError};
use domain::product_sheet::import::{plan_import, ImportPlan, LineError, ProductChange, SheetLine};
use domain::product_sheet::{rows_of, SheetRow};
use domain::user::User;
use std::collections::HashMap;
use std::sync::Arc;

/// What an import did, or would do (a dry run, which also lists every bad row), to the
/// sheet's products.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ImportReport {
    pub create: usize,
    pub update: usize,
    pub unchanged: usize,
    /// Only in a dry run: an import with bad rows is refused (`ImportError::Rows`).
    pub errors: Vec<LineError>,
}

impl From<ImportPlan> for ImportReport {
    fn from(plan: ImportPlan) -> Self {
        ImportReport {
            create: plan.create,
            update: plan.update,
            unchanged: plan.unchanged,
            errors: plan.errors,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error(transparent)]
    Refused(#[from] PermissionError),
    /// Rows that cannot be imported, by line; nothing was written.
    #[error("{} rows cannot be imported", .0.len())]
    Rows(Vec<LineError>),
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// Exports and imports the catalogue (`products.manage`).
#[derive(new)]
pub struct ProductSheets {
    products: Arc<dyn ProductRepository>,
    clock: Arc<dyn Clock>,
    ids: Arc<dyn IdGenerator>,
    audit: Audit,
    catalog_version: CatalogVersion,
}

impl ProductSheets {
    /// Every product's rows, newest product first.
    pub async fn export(&self, actor: &User) -> Result<Vec<SheetRow>, ImportError> {
        require(actor, Permission::ProductsManage)?;
        let newest_first = ProductQuery::parse(&ProductListParams::default())
            .expect("no parameters are valid parameters");
        let (products, _) = self.products.admin_list(&newest_first).await?;
        Ok(products.iter().flat_map(rows_of).collect())
    }

    /// Checks the sheet's `lines` (or the reason it could not be read) whole against the shop
    /// and, unless `dry_run`, writes them in one transaction: every bad row named and nothing
    /// written, or the counts of what was.
    /// A size sold since the sheet was exported, or an SKU another product took meanwhile,
    /// is named on its line and nothing is written.
    pub async fn import(
        &self,
        actor: &User,
        sheet: Result<Vec<SheetLine>, LineError>,
        dry_run: bool,
    ) -> Result<ImportReport, ImportError> {
        require(actor, Permission::ProductsManage)?;
        let lines = match sheet {
            Ok(lines) => lines,
            Err(unreadable) if dry_run => {
                return Ok(ImportReport {
                    errors: vec![unreadable],
                    ..ImportReport::default()
                })
            }
            Err(unreadable) => return Err(ImportError::Rows(vec![unreadable])),
        };
        let mut handles: Vec<ProductId> = lines
            .iter()
            .filter_map(|l| ProductId::parse(l.row.handle.trim()))
            .collect();
        handles.sort();
        handles.dedup();
        let current: HashMap<ProductId, _> = self
            .products
            .by_ids(&handles)
            .await?
            .into_iter()
            .map(|p| (p.id.clone(), p))
            .collect();
        let mut plan = plan_import(&lines, &current, self.clock.now(), || {
            VariantId::parse(&self.ids.new_id()).expect("the id generator makes valid ids")
        });
        let writes = std::mem::take(&mut plan.writes);
        let report = ImportReport::from(plan);
        if dry_run {
            return Ok(report);
        }
        if !report.errors.is_empty() {
            return Err(ImportError::Rows(report.errors));
        }
        if writes.is_empty() {
            return Ok(report);
        }
        let written = self.products.import(&writes).await.map_err(|e| match e {
            ImportStoreError::Refused { write, reason } => {
                ImportError::Rows(vec![LineError::refused(writes[write].line, &reason)])
            }
            ImportStoreError::Repo(repo) => repo.into(),
        })?;
        self.catalog_version.forget();
        for (write, after) in writes.iter().zip(&written) {
            let change = match &write.change {
                ProductChange::Create(_) => AuditChange::product_created(after),
                ProductChange::Update { id, .. } => match current.get(id) {
                    Some(before) => AuditChange::product_updated(before, after),
                    None => continue,
                },
            };
            self.audit.record(actor, change).await;
        }
        Ok(report)
    }
}
