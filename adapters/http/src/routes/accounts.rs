//! Sign-in, registration and user administration.

use crate::auth::{CurrentUser, MaybeUser, SignedInUser};
use crate::client_address::client_address;
use crate::dto::{
    CreatedUserDto, LanguageBody, LoginBody, MessageDto, RegisterBody, RegistrationDto, SessionDto,
    UpdateUserBody, UpdatedUserDto, UserDto,
};
use crate::error::ApiError;
use crate::i18n;
use crate::openapi::{
    BadRequest, Conflict, Forbidden, NotFound, TooLarge, TooManyAttempts, Unauthenticated,
};
use crate::state::AppState;
use actix_web::{delete, get, post, put, web, HttpRequest, HttpResponse};
use domain::language::Language;
use domain::message::texts::{LANGUAGE_UNKNOWN, USER_DELETED, USER_NOT_FOUND};
use domain::permissions::{has, Permission};
use domain::UserId;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(login)
        .service(register)
        .service(me)
        .service(choose_language)
        .service(update_user)
        .service(delete_user);
}

fn user_id(raw: &str) -> Result<UserId, ApiError> {
    UserId::parse(raw).ok_or_else(|| ApiError::not_found(USER_NOT_FOUND))
}

/// Sign in with an e-mail, or the phone of an account without one; the same 401 for an
/// unknown account and a wrong password.
#[utoipa::path(
    tag = "accounts",
    request_body = LoginBody,
    responses(
        (status = 200, body = SessionDto),
        BadRequest, Unauthenticated, TooLarge, TooManyAttempts
    )
)]
#[post("/auth/login")]
async fn login(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Json<LoginBody>,
) -> Result<HttpResponse, ApiError> {
    let LoginBody { account, password } = body.into_inner();
    let session = state
        .shop
        .accounts
        .login(&account.into(), &password, &client_address(&req))
        .await?;
    // Not the language of this sign-in's page: the person's own, which the reply carries
    // for the screens to switch to.
    Ok(HttpResponse::Ok().json(SessionDto {
        token: session.token,
        user: UserDto::from(&session.user),
        message: "Logged in successfully",
    }))
}

/// A shopper registers themselves; a request signed by someone with `users.manage` creates an
/// account with a role and a temporary password, and signs nobody in.
#[utoipa::path(
    tag = "accounts",
    request_body = RegisterBody,
    security((), ("bearer" = ["users.manage"])),
    responses(
        (status = 201, body = RegistrationDto),
        BadRequest, Unauthenticated, Forbidden, Conflict, TooLarge, TooManyAttempts
    )
)]
#[post("/auth/register")]
async fn register(
    state: web::Data<AppState>,
    req: HttpRequest,
    actor: MaybeUser,
    body: web::Json<RegisterBody>,
) -> Result<HttpResponse, ApiError> {
    if let Some(admin) = actor.0.filter(|u| has(u, Permission::UsersManage)) {
        let created = state
            .shop
            .accounts
            .create_user(&admin, &body.contact(), body.role.as_deref())
            .await?;
        return Ok(
            HttpResponse::Created().json(RegistrationDto::Created(CreatedUserDto {
                user: UserDto::from(&created.user),
                temporary_password: created.temporary_password,
                message: "User created successfully",
            })),
        );
    }
    let session = state
        .shop
        .accounts
        .register(
            &body.registration(i18n::asked(&req).unwrap_or_default()),
            &client_address(&req),
        )
        .await?;
    Ok(
        HttpResponse::Created().json(RegistrationDto::Session(SessionDto {
            token: session.token,
            user: UserDto::from(&session.user),
            message: "Registered successfully",
        })),
    )
}

/// The signed-in user (also on a temporary password).
#[utoipa::path(
    tag = "accounts",
    security(("bearer" = [])),
    responses((status = 200, body = UserDto), Unauthenticated)
)]
#[get("/auth/me")]
async fn me(user: SignedInUser) -> HttpResponse {
    HttpResponse::Ok().json(UserDto::from(&user.0))
}

/// Choose the language of the shop's screens and of one's messages, kept for the next
/// sign-in anywhere.
#[utoipa::path(
    tag = "accounts",
    security(("bearer" = [])),
    request_body = LanguageBody,
    responses((status = 200, body = UserDto), BadRequest, Unauthenticated, TooLarge)
)]
#[put("/auth/language")]
async fn choose_language(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<LanguageBody>,
) -> Result<HttpResponse, ApiError> {
    let language =
        Language::parse(&body.language).ok_or_else(|| ApiError::bad_request(LANGUAGE_UNKNOWN))?;
    let chosen = state
        .shop
        .accounts
        .choose_language(&user.0, language)
        .await?;
    Ok(HttpResponse::Ok().json(UserDto::from(&chosen)))
}

/// Change one's own account (a new password needs `currentPassword`, ends every earlier
/// session and answers with a fresh `token`), or any account with `users.manage`, role
/// included. On a temporary password only one's own password may be changed.
#[utoipa::path(
    tag = "accounts",
    security(("bearer" = []), ("bearer" = ["users.manage"])),
    params(("id" = String, Path, description = "The user's id")),
    request_body = UpdateUserBody,
    responses(
        (status = 200, body = UpdatedUserDto),
        BadRequest, Unauthenticated, Forbidden, NotFound, Conflict, TooLarge
    )
)]
#[put("/users/{id}")]
async fn update_user(
    state: web::Data<AppState>,
    user: SignedInUser,
    path: web::Path<String>,
    body: web::Json<UpdateUserBody>,
) -> Result<HttpResponse, ApiError> {
    let target = user_id(&path)?;
    let updated = state
        .shop
        .accounts
        .update_user(&user.0, &target, &body.into_inner().into())
        .await?;
    Ok(HttpResponse::Ok().json(UpdatedUserDto {
        user: UserDto::from(&updated.user),
        token: updated.token,
    }))
}

/// Delete an account with its cart and wishlist; its orders stay (`users.manage`; never
/// oneself or the last admin).
#[utoipa::path(
    tag = "accounts",
    security(("bearer" = ["users.manage"])),
    params(("id" = String, Path, description = "The user's id")),
    responses(
        (status = 200, body = MessageDto),
        Unauthenticated, Forbidden, NotFound, Conflict
    )
)]
#[delete("/users/{id}")]
async fn delete_user(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let target = user_id(&path)?;
    state.shop.accounts.delete_user(&user.0, &target).await?;
    Ok(HttpResponse::Ok().json(MessageDto::of(USER_DELETED)))
}
