//! The catalogue: lists, search, one product, and admin changes (multipart or JSON).

use super::cart::product_id;
use super::{list_reply, message, page};
use crate::auth::CurrentUser;
use crate::dto::{
    parse_bool, parse_number, products, PageQuery, ProductBody, ProductDto, SearchQuery,
};
use crate::error::ApiError;
use crate::state::AppState;
use actix_multipart::Multipart;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use application::catalog::ProductPatch;
use application::AppError;
use domain::ports::ProductFilter;
use domain::product::{Category, ProductInput, SearchSort};
use futures_util::StreamExt;
use serde_json::Map;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/products", web::get().to(list))
        .route("/products", web::post().to(create))
        .route("/products/featured", web::get().to(featured))
        .route("/products/categories", web::get().to(categories))
        .route("/products/search", web::get().to(search))
        .route("/products/tag/{tag}", web::get().to(by_tag))
        .route("/products/category/{category}", web::get().to(by_category))
        .route("/products/{id}", web::get().to(one))
        .route("/products/{id}", web::put().to(update))
        .route("/products/{id}", web::delete().to(delete));
}

async fn filtered(state: &AppState, filter: ProductFilter) -> Result<HttpResponse, ApiError> {
    let (list, total) = state.shop.list_products(&filter).await?;
    Ok(list_reply(&products(&list), total))
}

async fn list(
    state: web::Data<AppState>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    filtered(
        &state,
        ProductFilter {
            page: page(&query)?,
            ..Default::default()
        },
    )
    .await
}

async fn featured(
    state: web::Data<AppState>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    filtered(
        &state,
        ProductFilter {
            featured_only: true,
            page: page(&query)?,
            ..Default::default()
        },
    )
    .await
}

async fn by_tag(
    state: web::Data<AppState>,
    path: web::Path<String>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let tag = path.into_inner();
    filtered(
        &state,
        ProductFilter {
            tag: Some(tag),
            page: page(&query)?,
            ..Default::default()
        },
    )
    .await
}

/// An unknown category simply has no products.
async fn by_category(
    state: web::Data<AppState>,
    path: web::Path<String>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let Some(category) = Category::parse(&path) else {
        return Ok(list_reply(&Vec::<ProductDto>::new(), 0));
    };
    filtered(
        &state,
        ProductFilter {
            category: Some(category),
            page: page(&query)?,
            ..Default::default()
        },
    )
    .await
}

async fn categories(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let groups = state.shop.products_by_category().await?;
    let body: Map<String, serde_json::Value> = groups
        .iter()
        .map(|(category, list)| {
            (
                category.as_str().to_owned(),
                serde_json::json!(products(list)),
            )
        })
        .collect();
    Ok(HttpResponse::Ok().json(body))
}

async fn search(
    state: web::Data<AppState>,
    query: web::Query<SearchQuery>,
) -> Result<HttpResponse, ApiError> {
    let sort = SearchSort::parse(&query.sort).ok_or_else(|| {
        ApiError::bad_request("sort must be relevance, price-asc, price-desc or newest")
    })?;
    let paging = PageQuery {
        page: query.page,
        limit: query.limit,
    };
    let (found, total) = state
        .shop
        .search_products(&query.q, sort, page(&paging)?)
        .await?;
    Ok(list_reply(&products(&found), total))
}

async fn one(
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let product = state.shop.product(&product_id(&path)?).await?;
    Ok(HttpResponse::Ok().json(ProductDto::from(&product)))
}

async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let (body, image) = product_form(&req, payload).await?;
    let input = ProductInput {
        name: body.name.unwrap_or_default(),
        description: body.description.unwrap_or_default(),
        category: body.category,
        price: body.price.flatten(),
        stock: body.stock.flatten(),
        discount: body.discount.unwrap_or(Some(0.0)),
        tags: body.tags.unwrap_or_default(),
        is_featured: body.is_featured.unwrap_or(false),
    };
    let product = state.shop.create_product(&user.0, &input, image).await?;
    Ok(HttpResponse::Created().json(ProductDto::from(&product)))
}

async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let id = product_id(&path)?;
    let (body, image) = product_form(&req, payload).await?;
    let patch = ProductPatch {
        name: body.name,
        description: body.description,
        category: body.category,
        price: body.price,
        stock: body.stock,
        discount: body.discount,
        tags: body.tags,
        is_featured: body.is_featured,
    };
    let product = state
        .shop
        .update_product(&user.0, &id, patch, image)
        .await?;
    Ok(HttpResponse::Ok().json(ProductDto::from(&product)))
}

async fn delete(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    state
        .shop
        .delete_product(&user.0, &product_id(&path)?)
        .await?;
    Ok(HttpResponse::Ok().json(message("Product deleted successfully")))
}

const MAX_JSON_BYTES: usize = 64 * 1024;
const MAX_FIELD_BYTES: usize = 16 * 1024;
const MAX_IMAGE_BYTES: usize = 5 * 1024 * 1024;
const MAX_PARTS: usize = 20;

/// Reads product fields from a multipart form (with an optional `image` file) or a JSON body.
async fn product_form(
    req: &HttpRequest,
    payload: web::Payload,
) -> Result<(ProductBody, Option<Vec<u8>>), ApiError> {
    let content_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_ascii_lowercase();
    if content_type.starts_with("multipart/form-data") {
        return multipart_form(Multipart::new(req.headers(), payload)).await;
    }
    if !content_type.starts_with("application/json") {
        return Err(ApiError::bad_request(
            "Send the product as JSON or multipart/form-data",
        ));
    }
    let bytes = read_limited(payload, MAX_JSON_BYTES).await?;
    let body = serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::bad_request(format!("Invalid JSON body: {e}")))?;
    Ok((body, None))
}

async fn read_limited(mut payload: web::Payload, limit: usize) -> Result<Vec<u8>, ApiError> {
    let mut bytes = Vec::new();
    while let Some(chunk) = payload.next().await {
        let chunk =
            chunk.map_err(|_| ApiError::bad_request("The request body could not be read"))?;
        if bytes.len() + chunk.len() > limit {
            return Err(ApiError(AppError::TooLarge(
                "The request is too large".into(),
            )));
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

async fn multipart_form(mut form: Multipart) -> Result<(ProductBody, Option<Vec<u8>>), ApiError> {
    let mut body = ProductBody::default();
    let mut image = None;
    let mut parts = 0;
    while let Some(field) = form.next().await {
        parts += 1;
        if parts > MAX_PARTS {
            return Err(ApiError::bad_request("Too many form fields"));
        }
        let mut field =
            field.map_err(|e| ApiError::bad_request(format!("Invalid form data: {e}")))?;
        let name = field.name().unwrap_or_default().to_owned();
        let limit = if name == "image" {
            MAX_IMAGE_BYTES
        } else {
            MAX_FIELD_BYTES
        };
        let mut bytes = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk =
                chunk.map_err(|e| ApiError::bad_request(format!("Invalid form data: {e}")))?;
            if bytes.len() + chunk.len() > limit {
                let message = if name == "image" {
                    "Images may be at most 5 MB"
                } else {
                    "A form field is too long"
                };
                return Err(ApiError(AppError::TooLarge(message.into())));
            }
            bytes.extend_from_slice(&chunk);
        }
        if name == "image" {
            image = (!bytes.is_empty()).then_some(bytes);
            continue;
        }
        let text = String::from_utf8(bytes)
            .map_err(|_| ApiError::bad_request("Form fields must be UTF-8 text"))?;
        let number = || Some(parse_number(&serde_json::Value::String(text.clone())));
        match name.as_str() {
            "name" => body.name = Some(text),
            "description" => body.description = Some(text),
            "category" => body.category = Some(text),
            "price" => body.price = number(),
            "stock" => body.stock = number(),
            "discount" => body.discount = number(),
            "tags" => body.tags = Some(text),
            "isFeatured" => body.is_featured = Some(parse_bool(&text)),
            _ => {}
        }
    }
    Ok((body, image))
}
