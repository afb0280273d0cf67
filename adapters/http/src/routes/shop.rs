//! Health, settings, the admin dashboard, reports and the API document.

use crate::auth::CurrentUser;
use crate::dto::{HealthDto, PeriodQuery, ReportDto, SettingsBody, SettingsDto, StatsDto};
use crate::error::ApiError;
use crate::openapi::{self, BadRequest, Forbidden, TooLarge, Unauthenticated};
use crate::state::AppState;
use actix_web::http::header;
use actix_web::{get, put, web, HttpResponse};
use domain::payment_method::PaymentMethod;
use domain::settings::ShopSettings;
use domain::spreadsheet::inert_cell;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(health)
        .service(get_settings)
        .service(update_settings)
        .service(dashboard_stats)
        .service(period_report)
        .service(export_orders)
        .service(api_document);
}

#[utoipa::path(tag = "shop", responses((status = 200, body = HealthDto)))]
#[get("/health")]
async fn health() -> HttpResponse {
    HttpResponse::Ok().json(HealthDto { status: "ok" })
}

/// This document.
#[utoipa::path(
    tag = "shop",
    responses((status = 200, body = Object, description = "The OpenAPI document of the API"))
)]
#[get("/openapi.json")]
async fn api_document(document: web::Data<openapi::Document>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(header::ContentType::json())
        .body(document.0.clone())
}

/// The shop's settings (public), and whether payments are the sandbox's.
#[utoipa::path(tag = "shop", responses((status = 200, body = SettingsDto)))]
#[get("/settings")]
async fn get_settings(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let settings = state.shop.settings.current_settings().await?;
    settings_reply(&state, &settings).await
}

#[utoipa::path(
    tag = "shop",
    security(("bearer" = ["settings.manage"])),
    request_body = SettingsBody,
    responses(
        (status = 200, body = SettingsDto),
        BadRequest, Unauthenticated, Forbidden, TooLarge
    )
)]
#[put("/settings")]
async fn update_settings(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<SettingsBody>,
) -> Result<HttpResponse, ApiError> {
    let settings = state
        .shop
        .settings
        .update_settings(&user.0, &body.into_inner().into())
        .await?;
    settings_reply(&state, &settings).await
}

async fn settings_reply(
    state: &AppState,
    settings: &ShopSettings,
) -> Result<HttpResponse, ApiError> {
    let terms = state.shop.terms.terms().await?;
    Ok(HttpResponse::Ok().json(SettingsDto::of(settings, &terms, &state.shop)))
}

/// The dashboard figures (`reports.read`).
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["reports.read"])),
    responses((status = 200, body = StatsDto), Unauthenticated, Forbidden)
)]
#[get("/admin/stats")]
async fn dashboard_stats(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let dashboard = state.shop.dashboard.dashboard(&user.0).await?;
    Ok(HttpResponse::Ok().json(StatsDto::from(&dashboard)))
}

/// Sales, orders and new users over the last 7, 30 or 90 days (`reports.read`).
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["reports.read"])),
    params(PeriodQuery),
    responses((status = 200, body = ReportDto), BadRequest, Unauthenticated, Forbidden)
)]
#[get("/admin/reports")]
async fn period_report(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<PeriodQuery>,
) -> Result<HttpResponse, ApiError> {
    let report = state
        .shop
        .dashboard
        .period_report(&user.0, query.days)
        .await?;
    Ok(HttpResponse::Ok().json(ReportDto::from(&report)))
}

/// The orders of a period as CSV, one row per order (`reports.read`).
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["reports.read"])),
    params(PeriodQuery),
    responses(
        (status = 200, body = String, content_type = "text/csv", description = "One row per order, with a header row"),
        BadRequest, Unauthenticated, Forbidden
    )
)]
#[get("/admin/orders/export.csv")]
async fn export_orders(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<PeriodQuery>,
) -> Result<HttpResponse, ApiError> {
    let (orders, now) = state
        .shop
        .dashboard
        .orders_in_period(&user.0, query.days)
        .await?;
    let mut csv = csv::Writer::from_writer(Vec::new());
    let header = [
        "order_id",
        "created_at",
        "customer_name",
        "customer_email",
        "status",
        "payment_status",
        "payment_method",
        "items",
        "subtotal",
        "shipping",
        "total",
        "city",
        "district",
        "channel",
        "taken_by",
    ];
    let write_failed = |e: csv::Error| ApiError::internal(e.to_string());
    csv.write_record(header).map_err(write_failed)?;
    for order in &orders {
        let address = order.shipping_address.as_ref();
        csv.write_record([
            order.id.to_string(),
            order.created_at.to_rfc3339(),
            inert_cell(&order.customer_name).into_owned(),
            inert_cell(&order.customer_email).into_owned(),
            order.status.as_str().to_owned(),
            order.payment_status.as_str().to_owned(),
            order
                .payment_method
                .map_or("", PaymentMethod::name)
                .to_owned(),
            order.item_count().to_string(),
            format!("{:.2}", order.subtotal.as_dollars()),
            format!("{:.2}", order.shipping_fee.as_dollars()),
            format!("{:.2}", order.total.as_dollars()),
            address
                .map(|a| inert_cell(&a.city).into_owned())
                .unwrap_or_default(),
            address
                .map(|a| inert_cell(&a.district).into_owned())
                .unwrap_or_default(),
            order.channel.kind().id().to_owned(),
            order
                .channel
                .taken_by()
                .map(|by| inert_cell(&by.name).into_owned())
                .unwrap_or_default(),
        ])
        .map_err(write_failed)?;
    }
    let body = csv
        .into_inner()
        .map_err(|e| ApiError::internal(e.to_string()))?;
    let file_name = format!("orders-{}-{}d.csv", now.format("%Y-%m-%d"), query.days);
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"{file_name}\""),
        ))
        .body(body))
}
