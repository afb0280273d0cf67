//! Pictures per colour (issue 44): a colour's pictures uploaded, ordered and removed
//! (`products.manage`). Each answers the product, whose `colourImages` holds them.

use super::cart::product_id;
use super::products::uploaded_image;
use crate::auth::CurrentUser;
use crate::dto::{ColourOrderBody, ColourPictureForm, ProductDto};
use crate::error::ApiError;
use crate::openapi::{BadRequest, Conflict, Forbidden, NotFound, TooLarge, Unauthenticated};
use crate::state::AppState;
use actix_web::{delete, post, put, web, HttpRequest, HttpResponse};
use domain::message::texts::COLOUR_PICTURE_NOT_FOUND;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_actix_web::service_config::ServiceConfig;

/// The colour of a product the calls change, in the path.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
struct ColourPath {
    /// The product's id.
    id: String,
    /// A colour of its sizes, in any case.
    colour: String,
}

/// One of a colour's pictures, in the path.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
struct PicturePath {
    /// The product's id.
    id: String,
    /// A colour of its sizes, in any case.
    colour: String,
    /// The picture's place among the colour's, from 0.
    #[param(value_type = u32)]
    index: String,
}

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(add_colour_picture)
        .service(order_colour_pictures)
        .service(remove_colour_picture);
}

/// Adds a picture (multipart `image`, at most 5 MB) last among the colour's, at most 8 of
/// them. The colour is one of the product's sizes', in any case.
#[utoipa::path(
    tag = "catalog",
    security(("bearer" = ["products.manage"])),
    params(ColourPath),
    request_body(content = ColourPictureForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = ProductDto),
        BadRequest, Unauthenticated, Forbidden, NotFound, Conflict, TooLarge
    )
)]
#[post("/products/{id}/colours/{colour}/images")]
async fn add_colour_picture(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<ColourPath>,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let id = product_id(&path.id)?;
    let image = uploaded_image(&req, payload).await?;
    let product = state
        .shop
        .colour_galleries
        .add(&user.0, &id, &path.colour, image)
        .await?;
    Ok(HttpResponse::Ok().json(ProductDto::from(&product)))
}

/// Puts the colour's pictures in a new order: `images` lists each of their paths once.
#[utoipa::path(
    tag = "catalog",
    security(("bearer" = ["products.manage"])),
    params(ColourPath),
    request_body = ColourOrderBody,
    responses(
        (status = 200, body = ProductDto),
        BadRequest, Unauthenticated, Forbidden, NotFound, Conflict
    )
)]
#[put("/products/{id}/colours/{colour}/images")]
async fn order_colour_pictures(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<ColourPath>,
    body: web::Json<ColourOrderBody>,
) -> Result<HttpResponse, ApiError> {
    let product = state
        .shop
        .colour_galleries
        .reorder(&user.0, &product_id(&path.id)?, &path.colour, &body.images)
        .await?;
    Ok(HttpResponse::Ok().json(ProductDto::from(&product)))
}

/// Removes the colour's picture at `index` (from 0) and its files.
#[utoipa::path(
    tag = "catalog",
    security(("bearer" = ["products.manage"])),
    params(PicturePath),
    responses(
        (status = 200, body = ProductDto),
        BadRequest, Unauthenticated, Forbidden, NotFound, Conflict
    )
)]
#[delete("/products/{id}/colours/{colour}/images/{index}")]
async fn remove_colour_picture(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<PicturePath>,
) -> Result<HttpResponse, ApiError> {
    let index = path
        .index
        .parse::<usize>()
        .map_err(|_| ApiError::not_found(COLOUR_PICTURE_NOT_FOUND))?;
    let product = state
        .shop
        .colour_galleries
        .remove(&user.0, &product_id(&path.id)?, &path.colour, index)
        .await?;
    Ok(HttpResponse::Ok().json(ProductDto::from(&product)))
}
