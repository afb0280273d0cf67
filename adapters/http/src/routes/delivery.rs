//! Delivery zones (issue 43): listed to everyone, kept by admins.

use crate::auth::CurrentUser;
use crate::dto::{cities, DeliveryCityDto, DeliveryZoneBody, DeliveryZoneDto};
use crate::error::ApiError;
use crate::openapi::{BadRequest, Forbidden, NotFound, TooLarge, Unauthenticated};
use crate::state::AppState;
use actix_web::{get, post, put, web, HttpResponse};
use domain::message::texts::ZONE_NOT_FOUND;
use domain::ZoneId;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list_zones)
        .service(list_admin_zones)
        .service(create_zone)
        .service(update_zone);
}

/// The places the shop delivers to, by city, with their fees and times; a place switched
/// off is listed with `served: false`.
#[utoipa::path(tag = "delivery", responses((status = 200, body = [DeliveryCityDto])))]
#[get("/delivery/zones")]
async fn list_zones(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let zones = state.shop.delivery.zones().await?;
    Ok(HttpResponse::Ok().json(cities(zones.all())))
}

/// Every zone, by city and district (`settings.manage`). As many as the places the shop
/// delivers to, so never paged.
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["settings.manage"])),
    responses((status = 200, body = [DeliveryZoneDto]), Unauthenticated, Forbidden)
)]
#[get("/admin/delivery/zones")]
async fn list_admin_zones(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let zones = state.shop.delivery.admin_zones(&user.0).await?;
    let zones: Vec<DeliveryZoneDto> = zones.all().iter().map(DeliveryZoneDto::from).collect();
    Ok(HttpResponse::Ok().json(zones))
}

/// Add a zone (`settings.manage`): a district of a city, or a whole city.
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["settings.manage"])),
    request_body = DeliveryZoneBody,
    responses(
        (status = 201, body = DeliveryZoneDto),
        BadRequest, Unauthenticated, Forbidden, TooLarge
    )
)]
#[post("/admin/delivery/zones")]
async fn create_zone(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<DeliveryZoneBody>,
) -> Result<HttpResponse, ApiError> {
    let zone = state
        .shop
        .delivery
        .create_zone(&user.0, &body.into_inner().into())
        .await?;
    Ok(HttpResponse::Created().json(DeliveryZoneDto::from(&zone)))
}

/// Change a zone (`settings.manage`); `served: false` switches it off (zones are never
/// deleted: orders keep their place).
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["settings.manage"])),
    params(("id" = String, Path, description = "The zone's id")),
    request_body = DeliveryZoneBody,
    responses(
        (status = 200, body = DeliveryZoneDto),
        BadRequest, Unauthenticated, Forbidden, NotFound, TooLarge
    )
)]
#[put("/admin/delivery/zones/{id}")]
async fn update_zone(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: web::Json<DeliveryZoneBody>,
) -> Result<HttpResponse, ApiError> {
    let id = ZoneId::parse(&path).ok_or_else(|| ApiError::not_found(ZONE_NOT_FOUND))?;
    let zone = state
        .shop
        .delivery
        .update_zone(&user.0, &id, &body.into_inner().into())
        .await?;
    Ok(HttpResponse::Ok().json(DeliveryZoneDto::from(&zone)))
}
