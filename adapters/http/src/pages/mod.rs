//! Pages the server fills in before the single-page app takes over. Every public page (home,
//! categories, new arrivals, search, product) is served with its own title, description,
//! canonical link, link-preview tags and structured data, and a plain HTML body with what it
//! shows (for crawlers, link previews and the first paint); an address the app does not know
//! answers 404 with the not-found page. `robots.txt` and the sitemap tell crawlers what to visit.

mod head;
pub mod sandbox_card;
mod site;
mod sitemap;
mod structured_data;
mod template;
mod views;

use crate::error::ApiError;
use crate::state::{AppState, PublicUrl};
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{header, Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::{web, HttpRequest, HttpResponse};
use application::catalog::{FindProductError, SearchError};
use domain::ports::{Page, ProductFilter};
use domain::product::{Category, SearchSort};
use domain::ProductId;
use head::{description_of, Head, PageKind};
use maud::Markup;
use site::Site;
pub use template::IndexPage;
use views::ListHeader;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/", web::get().to(home_page))
        .route("/product/{id}", web::get().to(product_page))
        .route("/category", web::get().to(all_products_page))
        .route("/category/{name}", web::get().to(category_page))
        .route("/new-arrivals", web::get().to(new_arrivals_page))
        .route("/search", web::get().to(search_page))
        .route("/sitemap.xml", web::get().to(sitemap::sitemap))
        .route(
            "/sitemap-{number}.xml",
            web::get().to(sitemap::sitemap_part),
        )
        .route("/robots.txt", web::get().to(robots));
}

/// What crawlers may visit: the catalogue, not the shopper's own pages nor the back office.
const ROBOTS_RULES: &str = "User-agent: *
Allow: /
Disallow: /admin
Disallow: /cart
Disallow: /checkout
Disallow: /wishlist
Disallow: /profile
Disallow: /orders
Disallow: /order-success
Disallow: /pay
";

/// `robots.txt`, naming the sitemap by its absolute address (`SHOP_PUBLIC_URL`), as the
/// format requires.
async fn robots(public_url: web::Data<PublicUrl>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body(format!(
            "{ROBOTS_RULES}\nSitemap: {}/sitemap.xml\n",
            public_url.as_str()
        ))
}

/// One address per page: a page asked for with a trailing slash (`/category/women/`) is
/// sent to its address without it (301, the query kept). The API and files are left alone.
pub async fn without_trailing_slash(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let path = req.path();
    let is_page = matches!(*req.method(), Method::GET | Method::HEAD)
        && path.len() > 1
        && path.ends_with('/')
        && !path.starts_with("/api/")
        && !path.starts_with("/uploads/");
    if !is_page {
        return Ok(next.call(req).await?.map_into_left_body());
    }
    // One leading slash too: `//evil.example/` must not become a redirect to another site.
    let response = moved_permanently(&format!("/{}", path.trim_matches('/')), req.uri().query());
    Ok(req.into_response(response).map_into_right_body())
}

/// 301 to the page's one address `path`, with the query it was asked with.
fn moved_permanently(path: &str, query: Option<&str>) -> HttpResponse {
    let location = match query {
        Some(query) => format!("{path}?{query}"),
        None => path.to_owned(),
    };
    HttpResponse::MovedPermanently()
        .insert_header((header::LOCATION, location))
        .finish()
}

/// The first page of a list, as the app asks for it.
const LIST_PAGE: Page = Page {
    number: 1,
    size: 24,
};
/// The home page's grid of newest products.
const HOME_PAGE: Page = Page { number: 1, size: 8 };
const TAGLINE: &str = "Fashion for women and kids";

async fn site(state: &AppState, public_url: &PublicUrl) -> Result<Site, ApiError> {
    Ok(Site::load(state, public_url).await?)
}

fn html(status: StatusCode, body: String) -> HttpResponse {
    HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(body)
}

fn served(index: &IndexPage, status: StatusCode, head: &Head, body: &Markup) -> HttpResponse {
    html(status, index.render(&head.render(), body))
}

/// A page's head with the shop's defaults: indexable, no picture, no structured data.
fn head_of(site: &Site, page_title: &str, description: String, path: &str) -> Head {
    Head {
        page_title: page_title.to_owned(),
        site_name: site.name().to_owned(),
        description,
        canonical: site.url(path),
        kind: PageKind::Website,
        image: None,
        indexable: true,
        structured_data: Vec::new(),
    }
}

fn first_picture(site: &Site, products: &[domain::product::Product]) -> Option<String> {
    products
        .iter()
        .find_map(|p| p.cover())
        .map(|image| site.file_url(&image.full))
}

async fn home_page(
    state: web::Data<AppState>,
    public_url: web::Data<PublicUrl>,
    index: web::Data<IndexPage>,
) -> Result<HttpResponse, ApiError> {
    let site = site(&state, &public_url).await?;
    let filter = ProductFilter {
        page: Some(HOME_PAGE),
        ..Default::default()
    };
    let (products, _) = state.shop.catalog.list_products(&filter).await?;
    let description = format!(
        "Dresses, abayas and outfits for women and kids from {}, delivered to your door. {}",
        site.name(),
        site.paying()
    );
    let mut head = head_of(&site, TAGLINE, description, "/");
    head.image = first_picture(&site, &products);
    head.structured_data = vec![structured_data::shop(&site)];
    Ok(served(
        &index,
        StatusCode::OK,
        &head,
        &views::home(&products),
    ))
}

async fn product_page(
    state: web::Data<AppState>,
    public_url: web::Data<PublicUrl>,
    index: web::Data<IndexPage>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let Some(id) = ProductId::parse(&path) else {
        return not_found(&state, &public_url, &index).await;
    };
    let product = match state.shop.catalog.product(&id).await {
        Ok(product) => product,
        Err(FindProductError::NotFound) => return not_found(&state, &public_url, &index).await,
        Err(error) => return Err(error.into()),
    };
    let site = site(&state, &public_url).await?;
    let path = format!("/product/{}", product.id.as_str());
    let mut head = head_of(
        &site,
        &product.name,
        description_of(&product.description),
        &path,
    );
    head.kind = PageKind::Product {
        price: product.price,
    };
    head.image = product.cover().map(|i| site.file_url(&i.full));
    let category = site.category_heading(product.category);
    head.structured_data = vec![
        structured_data::product(&site, &product),
        structured_data::breadcrumbs(
            &site,
            &[
                ("Home".to_owned(), "/".to_owned()),
                (
                    category.to_owned(),
                    format!("/category/{}", product.category.as_str()),
                ),
                (product.name.clone(), path),
            ],
        ),
    ];
    Ok(served(
        &index,
        StatusCode::OK,
        &head,
        &views::product(&product),
    ))
}

/// A category page or, without a category, every product.
async fn list_page(
    state: &AppState,
    public_url: &PublicUrl,
    index: &IndexPage,
    category: Option<Category>,
) -> Result<HttpResponse, ApiError> {
    let site = site(state, public_url).await?;
    let filter = ProductFilter {
        category,
        page: Some(LIST_PAGE),
        ..Default::default()
    };
    let (products, total) = state.shop.catalog.list_products(&filter).await?;
    let (heading, path) = match category {
        Some(category) => (
            site.category_heading(category),
            format!("/category/{}", category.as_str()),
        ),
        None => ("All Products", "/category".to_owned()),
    };
    let description = format!(
        "{heading} at {}: {total} styles, delivered to your door. {}",
        site.name(),
        site.paying()
    );
    let mut head = head_of(&site, heading, description, &path);
    head.image = first_picture(&site, &products);
    head.structured_data = vec![structured_data::breadcrumbs(
        &site,
        &[
            ("Home".to_owned(), "/".to_owned()),
            (heading.to_owned(), path),
        ],
    )];
    let body = views::list(&ListHeader::Category(category), heading, &products, total);
    Ok(served(index, StatusCode::OK, &head, &body))
}

async fn all_products_page(
    state: web::Data<AppState>,
    public_url: web::Data<PublicUrl>,
    index: web::Data<IndexPage>,
) -> Result<HttpResponse, ApiError> {
    list_page(&state, &public_url, &index, None).await
}

/// Only the shop's categories exist. Each has one address: a name the app and the API also
/// take for it (`/category/KIDS`, `/category/sale`) moves there (301), as the app shows the
/// same category under both.
async fn category_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    public_url: web::Data<PublicUrl>,
    index: web::Data<IndexPage>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    match Category::parse(&path) {
        Some(category) if category.as_str() == path.as_str() => {
            list_page(&state, &public_url, &index, Some(category)).await
        }
        Some(category) => Ok(moved_permanently(
            &format!("/category/{}", category.as_str()),
            req.uri().query(),
        )),
        None => not_found(&state, &public_url, &index).await,
    }
}

async fn new_arrivals_page(
    state: web::Data<AppState>,
    public_url: web::Data<PublicUrl>,
    index: web::Data<IndexPage>,
) -> Result<HttpResponse, ApiError> {
    let site = site(&state, &public_url).await?;
    let filter = ProductFilter {
        tag: Some("new".to_owned()),
        page: Some(LIST_PAGE),
        ..Default::default()
    };
    let (products, total) = state.shop.catalog.list_products(&filter).await?;
    let heading = "New Arrivals";
    let description = format!(
        "The latest styles for women and kids at {}, just added. {}",
        site.name(),
        site.paying()
    );
    let mut head = head_of(&site, heading, description, "/new-arrivals");
    head.image = first_picture(&site, &products);
    let body = views::list(&ListHeader::NewArrivals, heading, &products, total);
    Ok(served(&index, StatusCode::OK, &head, &body))
}

/// Search results are followed but kept out of search engines' own results.
async fn search_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    public_url: web::Data<PublicUrl>,
    index: web::Data<IndexPage>,
) -> Result<HttpResponse, ApiError> {
    let site = site(&state, &public_url).await?;
    let query = url::form_urlencoded::parse(req.query_string().as_bytes())
        .find(|(key, _)| key == "q")
        .map(|(_, value)| value.trim().to_owned())
        .unwrap_or_default();
    let (products, total) = match state
        .shop
        .catalog
        .search_products(&query, SearchSort::Relevance, None, Some(LIST_PAGE))
        .await
    {
        Ok(found) => found,
        Err(SearchError::Invalid(_)) => (Vec::new(), 0),
        Err(error) => return Err(error.into()),
    };
    let heading = format!("Search Results for \"{query}\"");
    let path = format!(
        "/search?{}",
        url::form_urlencoded::Serializer::new(String::new())
            .append_pair("q", &query)
            .finish()
    );
    let description = format!(
        "{total} product(s) found at {} for \"{query}\".",
        site.name()
    );
    let mut head = head_of(&site, &heading, description, &path);
    head.indexable = false;
    let body = views::list(&ListHeader::Search, &heading, &products, total);
    Ok(served(&index, StatusCode::OK, &head, &body))
}

/// 'Page not found', with the honest status.
async fn not_found(
    state: &AppState,
    public_url: &PublicUrl,
    index: &IndexPage,
) -> Result<HttpResponse, ApiError> {
    let site = site(state, public_url).await?;
    let mut head = head_of(
        &site,
        "Page not found",
        "The page you are looking for does not exist.".to_owned(),
        "/",
    );
    head.indexable = false;
    Ok(served(
        index,
        StatusCode::NOT_FOUND,
        &head,
        &views::not_found(),
    ))
}

/// The app's other pages, by their address: (page title, whether search engines index it).
/// The app's routes (`frontend/src/app/router.tsx`) and these must agree; a test checks it.
fn app_page(path: &str) -> Option<(&'static str, bool)> {
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    match segments.as_slice() {
        ["delivery"] => Some(("Delivery", true)),
        ["returns"] => Some(("Returns", true)),
        ["contact"] => Some(("Contact", true)),
        ["login" | "register" | "forgot-password" | "reset-password"] => Some((TAGLINE, false)),
        ["profile" | "wishlist" | "back-in-stock" | "cart" | "checkout" | "order-success"
        | "deliveries"] => Some((TAGLINE, false)),
        ["orders", id] if !id.is_empty() => Some((TAGLINE, false)),
        // A phone order's payment link (its token is the secret), and the card page's way back.
        ["pay", token] if !token.is_empty() => Some((TAGLINE, false)),
        ["admin", ..] => Some((TAGLINE, false)),
        _ => None,
    }
}

/// Every address no route or file answers: one of the app's pages, else 'Page not found'.
pub async fn index_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    public_url: web::Data<PublicUrl>,
    index: web::Data<IndexPage>,
) -> Result<HttpResponse, ApiError> {
    let Some((title, indexable)) = app_page(req.path()) else {
        return not_found(&state, &public_url, &index).await;
    };
    let site = site(&state, &public_url).await?;
    let description = format!(
        "{TAGLINE}, delivered to your door by {}. {}",
        site.name(),
        site.paying()
    );
    let mut head = head_of(&site, title, description, req.path());
    head.indexable = indexable;
    Ok(served(&index, StatusCode::OK, &head, &maud::html! {}))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `path="…"` of every route in a router file.
    fn routes_in(file: &str) -> Vec<String> {
        file.split("path=\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .map(str::to_owned)
            .collect()
    }

    #[test]
    fn the_server_knows_every_page_of_the_app() {
        let storefront = routes_in(include_str!("../../../../frontend/src/app/router.tsx"));
        assert!(storefront.len() > 15, "{storefront:?}");
        let served = [
            "product/:id",
            "new-arrivals",
            "search",
            "category",
            "category/:categoryName",
        ];
        for route in storefront {
            if route == "*" || served.contains(&route.as_str()) {
                continue;
            }
            let path = format!("/{}", route.replace(":id", "x1").replace("/*", "/orders"));
            assert!(app_page(&path).is_some(), "the server does not know {path}");
        }
    }

    #[test]
    fn unknown_addresses_are_not_pages() {
        for path in [
            "/no-such-page",
            "/orders",
            "/orders/a/b",
            "/cart/x",
            "/adminx",
        ] {
            assert_eq!(app_page(path), None, "{path}");
        }
        assert_eq!(app_page("/delivery"), Some(("Delivery", true)));
        assert_eq!(app_page("/admin/orders/x1"), Some((TAGLINE, false)));
    }
}
