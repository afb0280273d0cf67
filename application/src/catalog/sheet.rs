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
        let now = self.clock.now();
        let mut plan = plan_import(&lines, &current, now, || {
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
        let written = self
            .products
            .import(&writes, now)
            .await
            .map_err(|e| match e {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{admin, audit, clock, ids, now, product, staff};
    use domain::audit::AuditAction;
    use domain::ports::{MockAuditLog, MockProductRepository, ProductStoreError};
    use domain::user::Role;

    fn sheets(products: MockProductRepository, log: MockAuditLog) -> ProductSheets {
        ProductSheets::new(
            Arc::new(products),
            clock(),
            ids(),
            audit(log),
            CatalogVersion::default(),
        )
    }

    /// The abaya (p1, $20.00, 5 left) as exported, with `stock` typed over its 5.
    fn abaya_sheet(stock: &str) -> Vec<SheetLine> {
        let mut row = rows_of(&product(2000, 5)).remove(0);
        row.stock = stock.into();
        vec![SheetLine { line: 2, row }]
    }

    fn shop_with_abaya() -> MockProductRepository {
        let mut products = MockProductRepository::new();
        products
            .expect_by_ids()
            .returning(|_| Ok(vec![product(2000, 5)]));
        products
    }

    #[tokio::test]
    async fn a_dry_run_reports_and_writes_nothing_and_staff_without_products_manage_are_refused() {
        let mut products = shop_with_abaya();
        products.expect_import().never();
        let mut log = MockAuditLog::new();
        log.expect_record().never();
        let sheets = sheets(products, log);
        let report = sheets
            .import(&admin("boss"), Ok(abaya_sheet("9")), true)
            .await
            .unwrap();
        assert_eq!((report.create, report.update, report.unchanged), (0, 1, 0));
        let refused = sheets
            .import(
                &staff("hawa", Role::OrderHandler),
                Ok(abaya_sheet("9")),
                true,
            )
            .await
            .unwrap_err();
        assert!(matches!(refused, ImportError::Refused(_)));
    }

    #[tokio::test]
    async fn an_import_writes_once_and_audits_each_product_it_changed() {
        let mut products = shop_with_abaya();
        products
            .expect_import()
            .withf(|writes, at| writes.len() == 1 && *at == now())
            .times(1)
            .returning(|_, _| Ok(vec![product(2000, 9)]));
        let mut log = MockAuditLog::new();
        log.expect_record()
            .withf(|entry| entry.change.action == AuditAction::ProductUpdate)
            .times(1)
            .returning(|_| Ok(()));
        let report = sheets(products, log)
            .import(&admin("boss"), Ok(abaya_sheet("9")), false)
            .await
            .unwrap();
        assert_eq!((report.update, report.errors.len()), (1, 0));
    }

    #[tokio::test]
    async fn a_size_sold_since_the_export_is_named_on_its_line_and_an_unreadable_file_too() {
        let mut products = shop_with_abaya();
        products.expect_import().returning(|_, _| {
            Err(ImportStoreError::Refused {
                write: 0,
                reason: ProductStoreError::StockChanged { now: 3 },
            })
        });
        let mut log = MockAuditLog::new();
        log.expect_record().never();
        let sheets = sheets(products, log);
        let ImportError::Rows(rows) = sheets
            .import(&admin("boss"), Ok(abaya_sheet("9")), false)
            .await
            .unwrap_err()
        else {
            panic!("refused rows")
        };
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].line, 2);
        assert_eq!(
            rows[0].message,
            "Stock changed since the export: 3 left now. Export again and redo this row"
        );
        let empty = LineError {
            line: 1,
            message: "The file is empty".into(),
        };
        let report = sheets
            .import(&admin("boss"), Err(empty.clone()), true)
            .await
            .unwrap();
        assert_eq!(report.errors, std::slice::from_ref(&empty));
        assert!(matches!(
            sheets.import(&admin("boss"), Err(empty), false).await,
            Err(ImportError::Rows(_))
        ));
    }
}
