//! The cart and the wishlist.

use super::message;
use crate::auth::CurrentUser;
use crate::dto::{CartAddBody, CartDto, WishlistAddBody, WishlistDto};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{web, HttpResponse};
use application::cart::WishlistAdd;
use domain::ProductId;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/cart", web::get().to(cart))
        .route("/cart/add", web::post().to(add_to_cart))
        .route(
            "/cart/remove/{productId}",
            web::delete().to(remove_from_cart),
        )
        .route("/wishlist", web::get().to(wishlist))
        .route("/wishlist/add", web::post().to(add_to_wishlist))
        .route(
            "/wishlist/remove/{productId}",
            web::delete().to(remove_from_wishlist),
        );
}

pub fn product_id(raw: &str) -> Result<ProductId, ApiError> {
    ProductId::parse(raw).ok_or_else(|| ApiError(application::AppError::not_found("Product")))
}

async fn cart(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let cart = state.shop.cart(&user.0).await?;
    Ok(HttpResponse::Ok().json(CartDto::from(&cart)))
}

async fn add_to_cart(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<CartAddBody>,
) -> Result<HttpResponse, ApiError> {
    let id = product_id(&body.product_id)?;
    let cart = state.shop.add_to_cart(&user.0, &id, body.quantity).await?;
    Ok(HttpResponse::Ok().json(CartDto::from(&cart)))
}

async fn remove_from_cart(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let cart = state
        .shop
        .remove_from_cart(&user.0, &product_id(&path)?)
        .await?;
    Ok(HttpResponse::Ok().json(CartDto::from(&cart)))
}

async fn wishlist(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let products = state.shop.wishlist(&user.0).await?;
    Ok(HttpResponse::Ok().json(WishlistDto::of(&products)))
}

async fn add_to_wishlist(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<WishlistAddBody>,
) -> Result<HttpResponse, ApiError> {
    let id = product_id(&body.product_id)?;
    Ok(match state.shop.add_to_wishlist(&user.0, &id).await? {
        WishlistAdd::Added => HttpResponse::Created().json(message("Added to wishlist")),
        WishlistAdd::AlreadyPresent => {
            HttpResponse::Ok().json(message("Product already in wishlist"))
        }
    })
}

async fn remove_from_wishlist(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    state
        .shop
        .remove_from_wishlist(&user.0, &product_id(&path)?)
        .await?;
    Ok(HttpResponse::Ok().json(message("Removed from wishlist")))
}
