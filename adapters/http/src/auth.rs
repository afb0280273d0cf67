//! The signed-in user of a request, loaded on every call from the bearer token.

use crate::error::ApiError;
use crate::state::AppState;
use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpRequest};
use application::accounts::LOGIN_REQUIRED;
use domain::user::User;
use std::future::Future;
use std::pin::Pin;

/// Present only when a valid token names an existing user; else 401.
pub struct CurrentUser(pub User);

/// The user when a valid token was sent; no token is fine, a bad token is 401.
pub struct MaybeUser(pub Option<User>);

fn bearer_token(req: &HttpRequest) -> Option<String> {
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let token = value
        .strip_prefix("Bearer ")
        .or_else(|| value.strip_prefix("bearer "))?;
    let token = token.trim();
    (!token.is_empty()).then(|| token.to_owned())
}

async fn load(state: web::Data<AppState>, token: Option<String>) -> Result<Option<User>, ApiError> {
    match token {
        None => Ok(None),
        Some(token) => Ok(Some(state.shop.authenticate(&token).await?)),
    }
}

impl FromRequest for MaybeUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let token = bearer_token(req);
        Box::pin(async move {
            let state = state.expect("AppState is registered");
            load(state, token).await.map(MaybeUser)
        })
    }
}

impl FromRequest for CurrentUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let maybe = MaybeUser::from_request(req, payload);
        Box::pin(async move {
            maybe
                .await?
                .0
                .map(CurrentUser)
                .ok_or_else(|| ApiError::unauthenticated(LOGIN_REQUIRED))
        })
    }
}
