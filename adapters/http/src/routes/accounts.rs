//! Sign-in, registration and user administration.

use super::message;
use crate::auth::{CurrentUser, MaybeUser};
use crate::dto::{LoginBody, RegisterBody, UpdateUserBody, UserDto};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpRequest, HttpResponse};
use domain::UserId;
use serde_json::json;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/auth/login", web::post().to(login))
        .route("/auth/register", web::post().to(register))
        .route("/auth/me", web::get().to(me))
        .route("/users", web::get().to(list_users))
        .route("/users/{id}", web::put().to(update_user))
        .route("/users/{id}", web::delete().to(delete_user));
}

fn client_address(req: &HttpRequest) -> String {
    req.peer_addr()
        .map(|a| a.ip().to_string())
        .unwrap_or_default()
}

fn user_id(raw: &str) -> Result<UserId, ApiError> {
    UserId::parse(raw).ok_or_else(|| ApiError(application::AppError::not_found("User")))
}

async fn login(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Json<LoginBody>,
) -> Result<HttpResponse, ApiError> {
    let session = state
        .shop
        .login(&body.email, &body.password, &client_address(&req))
        .await?;
    Ok(HttpResponse::Ok().json(json!({
        "token": session.token,
        "user": UserDto::from(&session.user),
        "message": "Logged in successfully",
    })))
}

/// A shopper registers themselves; an admin's request creates an account with a role and a
/// temporary password, and signs nobody in.
async fn register(
    state: web::Data<AppState>,
    req: HttpRequest,
    actor: MaybeUser,
    body: web::Json<RegisterBody>,
) -> Result<HttpResponse, ApiError> {
    if let Some(admin) = actor.0.filter(|u| u.is_admin()) {
        let created = state
            .shop
            .create_user(&admin, &body.contact(), body.role.as_deref())
            .await?;
        return Ok(HttpResponse::Created().json(json!({
            "user": UserDto::from(&created.user),
            "temporaryPassword": created.temporary_password,
            "message": "User created successfully",
        })));
    }
    let session = state
        .shop
        .register(&body.registration(), &client_address(&req))
        .await?;
    Ok(HttpResponse::Created().json(json!({
        "token": session.token,
        "user": UserDto::from(&session.user),
        "message": "Registered successfully",
    })))
}

async fn me(user: CurrentUser) -> HttpResponse {
    HttpResponse::Ok().json(UserDto::from(&user.0))
}

async fn list_users(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let users = state.shop.list_users(&user.0).await?;
    Ok(HttpResponse::Ok().json(users.iter().map(UserDto::from).collect::<Vec<_>>()))
}

async fn update_user(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: web::Json<UpdateUserBody>,
) -> Result<HttpResponse, ApiError> {
    let target = user_id(&path)?;
    let updated = state
        .shop
        .update_user(&user.0, &target, &body.into_inner().into())
        .await?;
    Ok(HttpResponse::Ok().json(UserDto::from(&updated)))
}

async fn delete_user(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let target = user_id(&path)?;
    state.shop.delete_user(&user.0, &target).await?;
    Ok(HttpResponse::Ok().json(message("User deleted successfully")))
}
