//! The catalogue: lists, search, one product, and admin changes (multipart or JSON).

use super::cart::product_id;
use super::{list_reply, page};
use crate::auth::CurrentUser;
use crate::catalog_cache::{from_memory, CatalogParams, CatalogQuery, NoParameters};
use crate::dto::{
    parse_bool, parse_number, products, variant_rows, MessageDto, PageQuery, ProductBody,
    ProductDto, ProductForm,
};
use crate::error::ApiError;
use crate::openapi::{
    BadRequest, Conflict, Forbidden, NotFound, TooLarge, TooManyAttempts, Unauthenticated,
};
use crate::state::AppState;
use actix_multipart::Multipart;
use actix_web::http::header;
use actix_web::middleware::from_fn;
use actix_web::{delete, get, post, put, web, HttpRequest, HttpResponse};
use domain::message::texts::{
    BODY_UNREADABLE, FORM_FIELD_TOO_LONG, FORM_NOT_UTF8, IMAGE_REQUIRED, IMAGE_TOO_LARGE,
    INVALID_FORM_DATA, INVALID_JSON, PRODUCT_BODY_TYPE, PRODUCT_DELETED, REQUEST_TOO_LARGE,
    SEARCH_SORT_INVALID, TOO_MANY_FORM_FIELDS,
};
use domain::ports::{Page, ProductFilter};
use domain::product::{Category, ProductInput, SearchSort};
use domain::product_edit::ProductPatch;
use domain::variant::{VariantFilter, VariantInput};
use futures_util::StreamExt;
use serde::Deserialize;
use std::collections::BTreeMap;
use utoipa::IntoParams;
use utoipa_actix_web::service_config::ServiceConfig;

/// The fixed paths come before `/products/{id}`, which would match them too.
pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list_products)
        .service(create_product)
        .service(featured_products)
        .service(product_categories)
        .service(search_products)
        .service(products_by_tag)
        .service(products_by_category)
        .service(get_product)
        .service(update_product)
        .service(delete_product);
}

/// A list of the catalogue: one page, or the whole list when neither `page` nor `limit` is
/// given.
impl CatalogQuery for PageQuery {
    type Parsed = Option<Page>;

    fn parse(self) -> Result<Option<Page>, ApiError> {
        page(self.page.as_deref(), self.limit.as_deref())
    }

    fn is_whole_list(page: &Option<Page>) -> bool {
        page.is_none()
    }
}

/// A list that shoppers may narrow to their size ('Show only my size').
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SizedListQuery {
    /// The page, from 1.
    #[param(value_type = Option<u32>, minimum = 1)]
    page: Option<String>,
    /// Items per page, 1 to 100 (default 20).
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100)]
    limit: Option<String>,
    /// A size, e.g. `M` or `4-5Y` (without case).
    size: Option<String>,
    /// A colour, e.g. `Black` (without case).
    colour: Option<String>,
}

/// What a list narrowed to a size asks for.
#[derive(Debug)]
pub(crate) struct SizedList {
    page: Option<Page>,
    variant: Option<VariantFilter>,
}

impl CatalogQuery for SizedListQuery {
    type Parsed = SizedList;

    fn parse(self) -> Result<SizedList, ApiError> {
        Ok(SizedList {
            page: page(self.page.as_deref(), self.limit.as_deref())?,
            variant: variant_filter(self.size.as_deref(), self.colour.as_deref())?,
        })
    }

    fn is_whole_list(list: &SizedList) -> bool {
        list.page.is_none()
    }
}

/// 400 naming `size` or `colour` when one holds a control character.
fn variant_filter(
    size: Option<&str>,
    colour: Option<&str>,
) -> Result<Option<VariantFilter>, ApiError> {
    VariantFilter::parse(size, colour).map_err(ApiError::from)
}

async fn filtered(state: &AppState, filter: ProductFilter) -> Result<HttpResponse, ApiError> {
    let (list, total) = state.shop.catalog.list_products(&filter).await?;
    Ok(list_reply(&products(&list), total))
}

/// The catalogue, newest first: all of it, or one page when asked; with `size`/`colour`,
/// only products with stock in that size and colour.
#[utoipa::path(
    tag = "catalog",
    params(SizedListQuery),
    responses(
        (status = 200, body = [ProductDto], headers(("X-Total-Count" = u64, description = "How many products match"))),
        BadRequest, TooManyAttempts
    )
)]
#[get("/products", wrap = "from_fn(from_memory::<SizedListQuery>)")]
async fn list_products(
    state: web::Data<AppState>,
    asked: CatalogParams<SizedListQuery>,
) -> Result<HttpResponse, ApiError> {
    let SizedList { page, variant } = asked.0;
    filtered(
        &state,
        ProductFilter {
            page,
            variant,
            ..Default::default()
        },
    )
    .await
}

#[utoipa::path(
    tag = "catalog",
    params(PageQuery),
    responses(
        (status = 200, body = [ProductDto], headers(("X-Total-Count" = u64, description = "How many products match"))),
        BadRequest, TooManyAttempts
    )
)]
#[get("/products/featured", wrap = "from_fn(from_memory::<PageQuery>)")]
async fn featured_products(
    state: web::Data<AppState>,
    page: CatalogParams<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    filtered(
        &state,
        ProductFilter {
            featured_only: true,
            page: page.0,
            ..Default::default()
        },
    )
    .await
}

/// The products carrying a tag (without case).
#[utoipa::path(
    tag = "catalog",
    params(("tag" = String, Path, description = "A tag, e.g. `new`"), PageQuery),
    responses(
        (status = 200, body = [ProductDto], headers(("X-Total-Count" = u64, description = "How many products match"))),
        BadRequest, TooManyAttempts
    )
)]
#[get("/products/tag/{tag}", wrap = "from_fn(from_memory::<PageQuery>)")]
async fn products_by_tag(
    state: web::Data<AppState>,
    path: web::Path<String>,
    page: CatalogParams<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let tag = path.into_inner();
    filtered(
        &state,
        ProductFilter {
            tag: Some(tag),
            page: page.0,
            ..Default::default()
        },
    )
    .await
}

/// An unknown category simply has no products.
#[utoipa::path(
    tag = "catalog",
    params(("category" = String, Path, description = "`women`, `kids` or `sales`"), SizedListQuery),
    responses(
        (status = 200, body = [ProductDto], headers(("X-Total-Count" = u64, description = "How many products match"))),
        BadRequest, TooManyAttempts
    )
)]
#[get(
    "/products/category/{category}",
    wrap = "from_fn(from_memory::<SizedListQuery>)"
)]
async fn products_by_category(
    state: web::Data<AppState>,
    path: web::Path<String>,
    asked: CatalogParams<SizedListQuery>,
) -> Result<HttpResponse, ApiError> {
    let Some(category) = Category::parse(&path) else {
        return Ok(list_reply(&Vec::<ProductDto>::new(), 0));
    };
    let SizedList { page, variant } = asked.0;
    filtered(
        &state,
        ProductFilter {
            category: Some(category),
            page,
            variant,
            ..Default::default()
        },
    )
    .await
}

/// Every category with its products, newest first (empty categories included): all of them,
/// or one page of each when asked (the storefront's filter buttons need only the keys).
#[utoipa::path(
    tag = "catalog",
    params(PageQuery),
    responses((status = 200, body = BTreeMap<String, Vec<ProductDto>>), BadRequest, TooManyAttempts)
)]
#[get("/products/categories", wrap = "from_fn(from_memory::<PageQuery>)")]
async fn product_categories(
    state: web::Data<AppState>,
    page: CatalogParams<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let groups = state.shop.catalog.products_by_category(page.0).await?;
    let body: BTreeMap<&str, Vec<ProductDto>> = groups
        .iter()
        .map(|(category, list)| (category.as_str(), products(list)))
        .collect();
    Ok(HttpResponse::Ok().json(body))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// Matched against name, description, category and tags, without case.
    #[serde(default)]
    q: String,
    /// `relevance` (default), `price-asc`, `price-desc` or `newest`.
    #[serde(default)]
    #[param(pattern = "^(|relevance|price-asc|price-desc|newest)$")]
    sort: String,
    /// The page, from 1.
    #[param(value_type = Option<u32>)]
    page: Option<String>,
    /// Items per page, 1 to 100 (default 20).
    #[param(value_type = Option<u32>)]
    limit: Option<String>,
    /// A size, e.g. `M` or `4-5Y` (without case).
    size: Option<String>,
    /// A colour, e.g. `Black` (without case).
    colour: Option<String>,
}

/// What a search asks for.
#[derive(Debug)]
pub(crate) struct Search {
    sort: SearchSort,
    variant: Option<VariantFilter>,
    page: Option<Page>,
    q: String,
}

impl CatalogQuery for SearchQuery {
    type Parsed = Search;

    fn parse(self) -> Result<Search, ApiError> {
        let sort = SearchSort::parse(&self.sort)
            .ok_or_else(|| ApiError::bad_request(SEARCH_SORT_INVALID))?;
        Ok(Search {
            sort,
            variant: variant_filter(self.size.as_deref(), self.colour.as_deref())?,
            page: page(self.page.as_deref(), self.limit.as_deref())?,
            q: self.q,
        })
    }

    fn is_whole_list(search: &Search) -> bool {
        search.page.is_none()
    }
}

/// Products matching a query, best first or sorted; all of them, or one page when asked.
#[utoipa::path(
    tag = "catalog",
    params(SearchQuery),
    responses(
        (status = 200, body = [ProductDto], headers(("X-Total-Count" = u64, description = "How many products match"))),
        BadRequest, TooManyAttempts
    )
)]
#[get("/products/search", wrap = "from_fn(from_memory::<SearchQuery>)")]
async fn search_products(
    state: web::Data<AppState>,
    asked: CatalogParams<SearchQuery>,
) -> Result<HttpResponse, ApiError> {
    let Search {
        sort,
        variant,
        page,
        q,
    } = asked.0;
    let (found, total) = state
        .shop
        .catalog
        .search_products(&q, sort, variant, page)
        .await?;
    Ok(list_reply(&products(&found), total))
}

#[utoipa::path(
    tag = "catalog",
    params(("id" = String, Path, description = "The product's id")),
    responses((status = 200, body = ProductDto), NotFound)
)]
#[get("/products/{id}", wrap = "from_fn(from_memory::<NoParameters>)")]
async fn get_product(
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let product = state.shop.catalog.product(&product_id(&path)?).await?;
    Ok(HttpResponse::Ok().json(ProductDto::from(&product)))
}

/// Add a product (`products.manage`), from a multipart form with an optional picture or from
/// JSON.
#[utoipa::path(
    tag = "catalog",
    security(("bearer" = ["products.manage"])),
    request_body(content(
        (ProductForm = "multipart/form-data"),
        (ProductBody = "application/json")
    )),
    responses(
        (status = 201, body = ProductDto),
        BadRequest, Unauthenticated, Forbidden, TooLarge
    )
)]
#[post("/products")]
async fn create_product(
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
    let variants = grid(body.variants)?.unwrap_or_default();
    let product = state
        .shop
        .catalog
        .create_product(&user.0, &input, &variants, image)
        .await?;
    Ok(HttpResponse::Created().json(ProductDto::from(&product)))
}

/// Change the fields sent (`products.manage`); a new picture replaces the old one. Stock
/// changes only when sent; with `expectedStock`, only while the stock still is that (else
/// 409). A size grid (`variants`) replaces the sizes; their stock follows each row's
/// `expectedStock`.
#[utoipa::path(
    tag = "catalog",
    security(("bearer" = ["products.manage"])),
    params(("id" = String, Path, description = "The product's id")),
    request_body(content(
        (ProductForm = "multipart/form-data"),
        (ProductBody = "application/json")
    )),
    responses(
        (status = 200, body = ProductDto),
        BadRequest, Unauthenticated, Forbidden, NotFound, Conflict, TooLarge
    )
)]
#[put("/products/{id}")]
async fn update_product(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let id = product_id(&path)?;
    let (body, image) = product_form(&req, payload).await?;
    let variants = grid(body.variants)?;
    let patch = ProductPatch {
        name: body.name,
        description: body.description,
        category: body.category,
        price: body.price,
        stock: body.stock,
        expected_stock: body.expected_stock,
        discount: body.discount,
        tags: body.tags,
        is_featured: body.is_featured,
    };
    let product = state
        .shop
        .catalog
        .update_product(&user.0, &id, patch, variants.as_deref(), image)
        .await?;
    Ok(HttpResponse::Ok().json(ProductDto::from(&product)))
}

/// Remove a product from the catalogue, carts and wishlists (`products.manage`); orders keep
/// their copy.
#[utoipa::path(
    tag = "catalog",
    security(("bearer" = ["products.manage"])),
    params(("id" = String, Path, description = "The product's id")),
    responses(
        (status = 200, body = MessageDto),
        Unauthenticated, Forbidden, NotFound
    )
)]
#[delete("/products/{id}")]
async fn delete_product(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    state
        .shop
        .catalog
        .delete_product(&user.0, &product_id(&path)?)
        .await?;
    Ok(HttpResponse::Ok().json(MessageDto::of(PRODUCT_DELETED)))
}

/// The size grid when sent, refused with 400 on `variants` when it is not a JSON array of rows.
fn grid(sent: Option<serde_json::Value>) -> Result<Option<Vec<VariantInput>>, ApiError> {
    sent.map(|value| {
        variant_rows(value).map_err(|message| ApiError::invalid_field("variants", message))
    })
    .transpose()
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
        return Err(ApiError::bad_request(PRODUCT_BODY_TYPE));
    }
    let bytes = read_limited(payload, MAX_JSON_BYTES).await?;
    let body = serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::bad_request(INVALID_JSON.with("reason", e)))?;
    Ok((body, None))
}

/// The `image` file of a multipart form (its other fields are ignored): 400 without one.
pub(super) async fn uploaded_image(
    req: &HttpRequest,
    payload: web::Payload,
) -> Result<Vec<u8>, ApiError> {
    let content_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    if !content_type
        .to_ascii_lowercase()
        .starts_with("multipart/form-data")
    {
        return Err(ApiError::invalid_field("image", IMAGE_REQUIRED));
    }
    let (_, image) = multipart_form(Multipart::new(req.headers(), payload)).await?;
    image.ok_or_else(|| ApiError::invalid_field("image", IMAGE_REQUIRED))
}

async fn read_limited(mut payload: web::Payload, limit: usize) -> Result<Vec<u8>, ApiError> {
    let mut bytes = Vec::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|_| ApiError::bad_request(BODY_UNREADABLE))?;
        if bytes.len() + chunk.len() > limit {
            return Err(ApiError::too_large(REQUEST_TOO_LARGE));
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
            return Err(ApiError::bad_request(TOO_MANY_FORM_FIELDS));
        }
        let mut field =
            field.map_err(|e| ApiError::bad_request(INVALID_FORM_DATA.with("reason", e)))?;
        let name = field.name().unwrap_or_default().to_owned();
        let limit = if name == "image" {
            MAX_IMAGE_BYTES
        } else {
            MAX_FIELD_BYTES
        };
        let mut bytes = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk =
                chunk.map_err(|e| ApiError::bad_request(INVALID_FORM_DATA.with("reason", e)))?;
            if bytes.len() + chunk.len() > limit {
                let message = if name == "image" {
                    IMAGE_TOO_LARGE
                } else {
                    FORM_FIELD_TOO_LONG
                };
                return Err(ApiError::too_large(message));
            }
            bytes.extend_from_slice(&chunk);
        }
        if name == "image" {
            image = (!bytes.is_empty()).then_some(bytes);
            continue;
        }
        let text = String::from_utf8(bytes).map_err(|_| ApiError::bad_request(FORM_NOT_UTF8))?;
        let number = || Some(parse_number(&serde_json::Value::String(text.clone())));
        match name.as_str() {
            "name" => body.name = Some(text),
            "description" => body.description = Some(text),
            "category" => body.category = Some(text),
            "price" => body.price = number(),
            "stock" => body.stock = number(),
            "expectedStock" => body.expected_stock = number(),
            "discount" => body.discount = number(),
            "tags" => body.tags = Some(text),
            "isFeatured" => body.is_featured = Some(parse_bool(&text)),
            "variants" => body.variants = Some(serde_json::Value::String(text)),
            _ => {}
        }
    }
    Ok((body, image))
}
