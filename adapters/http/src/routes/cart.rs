//! The cart and the wishlist.

use crate::auth::CurrentUser;
use crate::dto::{
    CartAddBody, CartDiscountBody, CartDto, CartLineQuery, CartPlaceQuery, MessageDto,
    WishlistAddBody, WishlistDto,
};
use crate::error::ApiError;
use crate::openapi::{BadRequest, Conflict, NotFound, TooLarge, Unauthenticated};
use crate::state::AppState;
use actix_web::{delete, get, post, web, HttpResponse};
use application::cart::WishlistAdd;
use domain::message::texts::{
    PRODUCT_NOT_FOUND, SIZE_NOT_FOUND, WISHLIST_ADDED, WISHLIST_HAS_IT, WISHLIST_REMOVED,
};
use domain::{ProductId, VariantId};
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(get_cart)
        .service(add_to_cart)
        .service(remove_from_cart)
        .service(apply_discount)
        .service(remove_discount)
        .service(get_wishlist)
        .service(add_to_wishlist)
        .service(remove_from_wishlist);
}

pub fn product_id(raw: &str) -> Result<ProductId, ApiError> {
    ProductId::parse(raw).ok_or_else(|| ApiError::not_found(PRODUCT_NOT_FOUND))
}

/// A size id as sent; one that cannot be an id is no size of any product.
pub(super) fn variant_id(raw: Option<&str>) -> Result<Option<VariantId>, ApiError> {
    raw.map(|raw| VariantId::parse(raw).ok_or_else(|| ApiError::not_found(SIZE_NOT_FOUND)))
        .transpose()
}

/// The signed-in shopper's cart with the server's totals (what checkout charges): with
/// `city` (and `district`), delivered to that zone; without, at the settings' flat fee.
#[utoipa::path(
    tag = "cart",
    security(("bearer" = [])),
    params(CartPlaceQuery),
    responses((status = 200, body = CartDto), BadRequest, Unauthenticated)
)]
#[get("/cart")]
async fn get_cart(
    state: web::Data<AppState>,
    user: CurrentUser,
    place: web::Query<CartPlaceQuery>,
) -> Result<HttpResponse, ApiError> {
    let carts = &state.shop.carts;
    let cart = match place.city.as_deref().filter(|city| !city.trim().is_empty()) {
        Some(city) => {
            carts
                .cart_delivered_to(&user.0, city, place.district.as_deref())
                .await?
        }
        None => carts.cart(&user.0).await?,
    };
    Ok(HttpResponse::Ok().json(CartDto::from(&cart)))
}

/// Change a line by `quantity` (negative to take some out), adding the line when missing.
#[utoipa::path(
    tag = "cart",
    security(("bearer" = [])),
    request_body = CartAddBody,
    responses(
        (status = 200, body = CartDto),
        BadRequest, Unauthenticated, NotFound, Conflict, TooLarge
    )
)]
#[post("/cart/add")]
async fn add_to_cart(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<CartAddBody>,
) -> Result<HttpResponse, ApiError> {
    let id = product_id(&body.product_id)?;
    let variant = variant_id(body.variant_id.as_deref())?;
    let cart = state
        .shop
        .carts
        .add_to_cart(&user.0, &id, variant.as_ref(), body.quantity)
        .await?;
    Ok(HttpResponse::Ok().json(CartDto::from(&cart)))
}

#[utoipa::path(
    tag = "cart",
    security(("bearer" = [])),
    params(("productId" = String, Path, description = "The product's id"), CartLineQuery),
    responses((status = 200, body = CartDto), Unauthenticated, NotFound)
)]
#[delete("/cart/remove/{productId}")]
async fn remove_from_cart(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    line: web::Query<CartLineQuery>,
) -> Result<HttpResponse, ApiError> {
    let variant = variant_id(line.variant_id.as_deref())?;
    let cart = state
        .shop
        .carts
        .remove_from_cart(&user.0, &product_id(&path)?, variant.as_ref())
        .await?;
    Ok(HttpResponse::Ok().json(CartDto::from(&cart)))
}

/// Apply a discount code to the cart, in place of any other. A code that does not apply to
/// the cart now (inactive, not started, expired, used up, below its minimum, past the
/// shopper's own limit) is 400 with the reason, an unknown one 404; neither sticks.
#[utoipa::path(
    tag = "cart",
    security(("bearer" = [])),
    request_body = CartDiscountBody,
    responses(
        (status = 200, body = CartDto),
        BadRequest, Unauthenticated, NotFound, TooLarge
    )
)]
#[post("/cart/discount")]
async fn apply_discount(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<CartDiscountBody>,
) -> Result<HttpResponse, ApiError> {
    let cart = state.shop.carts.apply_discount(&user.0, &body.code).await?;
    Ok(HttpResponse::Ok().json(CartDto::from(&cart)))
}

/// Take the discount code off the cart (a cart without one is answered as it is).
#[utoipa::path(
    tag = "cart",
    security(("bearer" = [])),
    responses((status = 200, body = CartDto), Unauthenticated)
)]
#[delete("/cart/discount")]
async fn remove_discount(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let cart = state.shop.carts.remove_discount(&user.0).await?;
    Ok(HttpResponse::Ok().json(CartDto::from(&cart)))
}

#[utoipa::path(
    tag = "cart",
    security(("bearer" = [])),
    responses((status = 200, body = WishlistDto), Unauthenticated)
)]
#[get("/wishlist")]
async fn get_wishlist(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let products = state.shop.carts.wishlist(&user.0).await?;
    Ok(HttpResponse::Ok().json(WishlistDto::of(&products)))
}

/// 201 when added, 200 when the product was already there.
#[utoipa::path(
    tag = "cart",
    security(("bearer" = [])),
    request_body = WishlistAddBody,
    responses(
        (status = 201, body = MessageDto, description = "Added to wishlist"),
        (status = 200, body = MessageDto, description = "Product already in wishlist"),
        BadRequest, Unauthenticated, NotFound, TooLarge
    )
)]
#[post("/wishlist/add")]
async fn add_to_wishlist(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<WishlistAddBody>,
) -> Result<HttpResponse, ApiError> {
    let id = product_id(&body.product_id)?;
    Ok(
        match state.shop.carts.add_to_wishlist(&user.0, &id).await? {
            WishlistAdd::Added => HttpResponse::Created().json(MessageDto::of(WISHLIST_ADDED)),
            WishlistAdd::AlreadyPresent => HttpResponse::Ok().json(MessageDto::of(WISHLIST_HAS_IT)),
        },
    )
}

#[utoipa::path(
    tag = "cart",
    security(("bearer" = [])),
    params(("productId" = String, Path, description = "The product's id")),
    responses((status = 200, body = MessageDto), Unauthenticated, NotFound)
)]
#[delete("/wishlist/remove/{productId}")]
async fn remove_from_wishlist(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    state
        .shop
        .carts
        .remove_from_wishlist(&user.0, &product_id(&path)?)
        .await?;
    Ok(HttpResponse::Ok().json(MessageDto::of(WISHLIST_REMOVED)))
}
