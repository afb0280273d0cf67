//! The audit trail: every back-office change, newest first, of everyone or of one person.

use super::{list_reply, one_page};
use crate::auth::CurrentUser;
use crate::dto::{AuditActorDto, AuditEntryDto, AuditQuery};
use crate::error::ApiError;
use crate::openapi::{BadRequest, Forbidden, Unauthenticated};
use crate::state::AppState;
use actix_web::{get, web, HttpResponse};
use domain::audit::AuditFilter;
use domain::ids::UserId;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(audit_trail).service(audit_actors);
}

/// The audit trail, newest first; always one page (the first 20 entries when none is asked).
/// With `actor`, only that person's changes (none for an id nobody acted as). Needs
/// `audit.read`.
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["audit.read"])),
    params(AuditQuery),
    responses(
        (status = 200, body = [AuditEntryDto], headers(("X-Total-Count" = u64, description = "How many entries there are"))),
        BadRequest, Unauthenticated, Forbidden
    )
)]
#[get("/admin/audit")]
async fn audit_trail(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<AuditQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = one_page(query.page.as_deref(), query.limit.as_deref())?;
    let filter = match query.actor.as_deref() {
        None | Some("") => AuditFilter::default(),
        Some(raw) => match UserId::parse(raw) {
            Some(actor) => AuditFilter { actor: Some(actor) },
            // No account has such an id, so nobody acted as it.
            None => return Ok(list_reply(&Vec::<AuditEntryDto>::new(), 0)),
        },
    };
    let (entries, total) = state.shop.audit.audit_trail(&user.0, &filter, page).await?;
    let entries: Vec<AuditEntryDto> = entries.iter().map(AuditEntryDto::from).collect();
    Ok(list_reply(&entries, total))
}

/// Everyone who has changed something, by name, as their latest change names them: the
/// people the trail can be read by (`audit.read`).
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["audit.read"])),
    responses((status = 200, body = [AuditActorDto]), Unauthenticated, Forbidden)
)]
#[get("/admin/audit/actors")]
async fn audit_actors(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let actors = state.shop.audit.audit_actors(&user.0).await?;
    Ok(HttpResponse::Ok().json(actors.iter().map(AuditActorDto::from).collect::<Vec<_>>()))
}
