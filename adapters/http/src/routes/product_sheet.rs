//! The catalogue as CSV (issue 44): the export, and the import checked whole (a dry run
//! shows the preview) and written all or nothing.

use crate::auth::CurrentUser;
use crate::dto::{read_sheet, sheet_csv, ImportQuery, ImportReportDto};
use crate::error::ApiError;
use crate::openapi::{Forbidden, ImportRefused, TooLarge, Unauthenticated};
use crate::state::AppState;
use actix_web::{get, post, web, HttpResponse};
use application::catalog::sheet::ImportError;
use domain::message::texts::REQUEST_TOO_LARGE;
use futures_util::StreamExt;
use utoipa_actix_web::service_config::ServiceConfig;

/// The largest sheet taken: 10,000 sizes of long rows fit well inside.
const SHEET_LIMIT_BYTES: usize = 16 * 1024 * 1024;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(export_products).service(import_products);
}

/// Every product as CSV, one row per size (a product without sizes one row), newest product
/// first (`products.manage`). Imported back unchanged, it changes nothing.
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["products.manage"])),
    responses(
        (status = 200, body = String, content_type = "text/csv", description = "A header row, then one row per size"),
        Unauthenticated, Forbidden
    )
)]
#[get("/admin/products/export.csv")]
async fn export_products(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let rows = state.shop.product_sheets.export(&user.0).await?;
    let body = sheet_csv(&rows).map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            "Content-Disposition",
            "attachment; filename=\"products.csv\"",
        ))
        .body(body))
}

/// Imports products and their sizes from CSV (the export's columns, in any order;
/// `products.manage`). `dryRun=true` checks the whole file and reports what it would create,
/// update and leave, with every bad row by line, writing nothing. Without it, the file is
/// written in one transaction when every row is good (200, the counts), else nothing is
/// (400, the bad rows). Stock is written only from the stock a row was exported with: a size
/// sold since is a bad row.
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["products.manage"])),
    params(ImportQuery),
    request_body(content = String, content_type = "text/csv", description = "The sheet, with its header row"),
    responses(
        (status = 200, body = ImportReportDto, description = "Written, or what a dry run would write and the bad rows"),
        ImportRefused, Unauthenticated, Forbidden, TooLarge
    )
)]
#[post("/admin/products/import")]
async fn import_products(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ImportQuery>,
    mut payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let mut body = Vec::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|e| ApiError::bad_request(e.to_string()))?;
        if body.len() + chunk.len() > SHEET_LIMIT_BYTES {
            return Err(ApiError::too_large(REQUEST_TOO_LARGE));
        }
        body.extend_from_slice(&chunk);
    }
    let sheet = read_sheet(&body);
    let dry_run = query.dry_run;
    match state
        .shop
        .product_sheets
        .import(&user.0, sheet, dry_run)
        .await
    {
        Ok(report) => Ok(HttpResponse::Ok().json(ImportReportDto::of(report))),
        Err(ImportError::Rows(errors)) => {
            Ok(HttpResponse::BadRequest().json(ImportReportDto::refused(errors)))
        }
        Err(other) => Err(other.into()),
    }
}
