//! Health, settings and the admin dashboard.

use crate::auth::CurrentUser;
use crate::dto::{SettingsBody, SettingsDto, StatsDto};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde_json::json;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/health", web::get().to(health))
        .route("/settings", web::get().to(settings))
        .route("/settings", web::put().to(update_settings))
        .route("/admin/stats", web::get().to(stats));
}

async fn health() -> HttpResponse {
    HttpResponse::Ok().json(json!({ "status": "ok" }))
}

async fn settings(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let settings = state.shop.current_settings().await?;
    Ok(HttpResponse::Ok().json(SettingsDto::of(&settings, state.shop.is_sandbox_payments())))
}

async fn update_settings(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<SettingsBody>,
) -> Result<HttpResponse, ApiError> {
    let settings = state
        .shop
        .update_settings(&user.0, &body.into_inner().into())
        .await?;
    Ok(HttpResponse::Ok().json(SettingsDto::of(&settings, state.shop.is_sandbox_payments())))
}

async fn stats(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let dashboard = state.shop.dashboard(&user.0).await?;
    Ok(HttpResponse::Ok().json(StatsDto::from(&dashboard)))
}
