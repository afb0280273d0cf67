//! Notifications (issue 14): the back office's list of messages with its resend, and the
//! forgotten-password calls whose codes they carry.

use super::{list_reply, one_page};
use crate::auth::CurrentUser;
use crate::client_address::client_address;
use crate::dto::{
    ForgotPasswordBody, MessageDto, NotificationDto, NotificationsQuery, ResetPasswordBody,
};
use crate::error::ApiError;
use crate::openapi::{
    BadRequest, Conflict, Forbidden, NotFound, TooLarge, TooManyAttempts, Unauthenticated,
};
use crate::state::AppState;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use domain::message::texts::MESSAGE_NOT_FOUND;
use domain::NotificationId;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(forgot_password)
        .service(reset_password)
        .service(admin_notifications)
        .service(resend_notification);
}

/// Asks for a password reset code by e-mail, or by SMS for an account without one: the same
/// 200 whether or not the e-mail or number has an account.
#[utoipa::path(
    tag = "accounts",
    request_body = ForgotPasswordBody,
    responses((status = 200, body = MessageDto), BadRequest, TooLarge, TooManyAttempts)
)]
#[post("/auth/forgot-password")]
async fn forgot_password(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Json<ForgotPasswordBody>,
) -> Result<HttpResponse, ApiError> {
    let message = state
        .shop
        .accounts
        .forgot_password(&body.into_inner().account.into(), &client_address(&req))
        .await?;
    Ok(HttpResponse::Ok().json(MessageDto::of(message)))
}

/// Sets a new password with a reset code; every earlier session of the account ends.
#[utoipa::path(
    tag = "accounts",
    request_body = ResetPasswordBody,
    responses((status = 200, body = MessageDto), BadRequest, TooLarge, TooManyAttempts)
)]
#[post("/auth/reset-password")]
async fn reset_password(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Json<ResetPasswordBody>,
) -> Result<HttpResponse, ApiError> {
    let message = state
        .shop
        .accounts
        .reset_password(&body.into_inner().into(), &client_address(&req))
        .await?;
    Ok(HttpResponse::Ok().json(MessageDto::of(message)))
}

/// The messages the shop sent or is sending, newest first, one page (`notifications.manage`).
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["notifications.manage"])),
    params(NotificationsQuery),
    responses(
        (status = 200, body = [NotificationDto], headers(("X-Total-Count" = u64, description = "How many messages match"))),
        BadRequest, Unauthenticated, Forbidden
    )
)]
#[get("/admin/notifications")]
async fn admin_notifications(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<NotificationsQuery>,
) -> Result<HttpResponse, ApiError> {
    let status = query.status().map_err(ApiError::bad_request)?;
    let channel = query.channel().map_err(ApiError::bad_request)?;
    let (list, total) = state
        .shop
        .notifications
        .notifications(
            &user.0,
            status,
            channel,
            query.q.as_deref(),
            one_page(query.page.as_deref(), query.limit.as_deref())?,
        )
        .await?;
    let list: Vec<NotificationDto> = list.iter().map(NotificationDto::from).collect();
    Ok(list_reply(&list, total))
}

/// Queues a message to be sent again (`notifications.manage`).
#[utoipa::path(
    tag = "admin",
    security(("bearer" = ["notifications.manage"])),
    params(("id" = String, Path, description = "The message's id")),
    responses(
        (status = 200, body = NotificationDto),
        Unauthenticated, Forbidden, NotFound, Conflict
    )
)]
#[post("/admin/notifications/{id}/resend")]
async fn resend_notification(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = NotificationId::parse(&path).ok_or_else(|| ApiError::not_found(MESSAGE_NOT_FOUND))?;
    let message = state
        .shop
        .notifications
        .resend_notification(&user.0, &id)
        .await?;
    Ok(HttpResponse::Ok().json(NotificationDto::from(&message)))
}
