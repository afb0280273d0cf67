//! The signed-in user of a request, loaded on every call from the bearer token. An account
//! on a temporary password gets 403 from every call but the few that take [`SignedInUser`].

use crate::error::ApiError;
use crate::state::AppState;
use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpRequest};
use domain::message::texts::LOGIN_REQUIRED;
use domain::permissions::Intent;
use domain::user::User;
use std::future::Future;
use std::pin::Pin;

/// Present only when a valid token names an existing user; else 401 (403 on a temporary
/// password).
pub struct CurrentUser(pub User);

/// The user when a valid token was sent; no token is fine, a bad token is 401 (403 on a
/// temporary password).
pub struct MaybeUser(pub Option<User>);

/// Like [`CurrentUser`], for the calls an account on a temporary password may still make:
/// reading its profile and changing its password (the use case tells that change apart).
pub struct SignedInUser(pub User);

fn bearer_token(req: &HttpRequest) -> Option<String> {
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let token = value
        .strip_prefix("Bearer ")
        .or_else(|| value.strip_prefix("bearer "))?;
    let token = token.trim();
    (!token.is_empty()).then(|| token.to_owned())
}

fn load(req: &HttpRequest, intent: Intent) -> impl Future<Output = Result<Option<User>, ApiError>> {
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let token = bearer_token(req);
    async move {
        let state = state.expect("AppState is registered");
        match token {
            None => Ok(None),
            Some(token) => Ok(Some(
                state.shop.accounts.authenticate(&token, intent).await?,
            )),
        }
    }
}

/// The user, or 401 when no token was sent.
async fn required(
    loading: impl Future<Output = Result<Option<User>, ApiError>>,
) -> Result<User, ApiError> {
    loading
        .await?
        .ok_or_else(|| ApiError::unauthenticated(LOGIN_REQUIRED))
}

impl FromRequest for MaybeUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let loading = load(req, Intent::Other);
        Box::pin(async move { loading.await.map(MaybeUser) })
    }
}

impl FromRequest for CurrentUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let loading = load(req, Intent::Other);
        Box::pin(async move { required(loading).await.map(CurrentUser) })
    }
}

impl FromRequest for SignedInUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let loading = load(req, Intent::ChangeOwnPassword);
        Box::pin(async move { required(loading).await.map(SignedInUser) })
    }
}
