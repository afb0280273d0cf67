//! Pages the server fills in before the single-page app takes over: product pages get their
//! title, description and social preview tags (for search engines and shared links), and
//! `sitemap.xml` lists the catalogue.

use crate::state::{AppState, PublicUrl};
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{header, Method};
use actix_web::middleware::Next;
use actix_web::{web, HttpResponse};
use domain::ports::ProductFilter;
use domain::product::Product;
use domain::ProductId;
use std::fmt::Write as _;

/// The built `index.html`, read once at start.
#[derive(Clone)]
pub struct IndexPage(pub String);

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/", web::get().to(index_page))
        .route("/product/{id}", web::get().to(product_page))
        .route("/sitemap.xml", web::get().to(sitemap))
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
    let mut canonical = format!("/{}", path.trim_matches('/'));
    if let Some(query) = req.uri().query() {
        canonical.push('?');
        canonical.push_str(query);
    }
    let response = HttpResponse::MovedPermanently()
        .insert_header((header::LOCATION, canonical))
        .finish();
    Ok(req.into_response(response).map_into_right_body())
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// `index.html` with the product's title and preview tags in place of the generic title.
pub fn with_product_tags(
    index: &str,
    product: &Product,
    shop_name: &str,
    public_url: &PublicUrl,
) -> String {
    let base = escape(public_url.as_str());
    let title = escape(&format!("{} | {}", product.name, shop_name));
    let description: String = product.description.chars().take(160).collect();
    let description = escape(&description);
    let mut tags = format!(
        "<title>{title}</title>\n    <meta name=\"description\" content=\"{description}\" />\n    \
         <meta property=\"og:type\" content=\"product\" />\n    <meta property=\"og:title\" content=\"{title}\" />\n    \
         <meta property=\"og:description\" content=\"{description}\" />\n    \
         <meta property=\"og:url\" content=\"{base}/product/{id}\" />\n    \
         <meta property=\"product:price:amount\" content=\"{price:.2}\" />\n    \
         <meta property=\"product:price:currency\" content=\"USD\" />\n    \
         <meta name=\"twitter:card\" content=\"summary_large_image\" />",
        id = escape(product.id.as_str()),
        price = product.price.as_dollars(),
    );
    if let Some(image) = &product.image {
        let _ = write!(
            tags,
            "\n    <meta property=\"og:image\" content=\"{base}{}\" />",
            escape(&image.full)
        );
    }
    match (index.find("<title>"), index.find("</title>")) {
        (Some(start), Some(end)) if start < end => {
            format!(
                "{}{}{}",
                &index[..start],
                tags,
                &index[end + "</title>".len()..]
            )
        }
        _ => index.replacen("</head>", &format!("{tags}\n  </head>"), 1),
    }
}

async fn product_page(
    state: web::Data<AppState>,
    public_url: web::Data<PublicUrl>,
    index: web::Data<IndexPage>,
    path: web::Path<String>,
) -> HttpResponse {
    let product = match ProductId::parse(&path) {
        Some(id) => state.shop.product(&id).await.ok(),
        None => None,
    };
    let Some(product) = product else {
        // The app shows 'Product Not Found'; crawlers get the honest status.
        return html(HttpResponse::NotFound(), index.0.clone());
    };
    let shop_name = state
        .shop
        .current_settings()
        .await
        .map(|s| s.shop_name)
        .unwrap_or_default();
    html(
        HttpResponse::Ok(),
        with_product_tags(&index.0, &product, &shop_name, &public_url),
    )
}

/// The app itself, for `/` and every deep link the server does not know.
pub async fn index_page(index: web::Data<IndexPage>) -> HttpResponse {
    html(HttpResponse::Ok(), index.0.clone())
}

fn html(mut builder: actix_web::HttpResponseBuilder, body: String) -> HttpResponse {
    builder
        .content_type("text/html; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(body)
}

const STATIC_PAGES: [&str; 6] = [
    "/",
    "/category",
    "/category/women",
    "/category/kids",
    "/category/sales",
    "/new-arrivals",
];

async fn sitemap(state: web::Data<AppState>, public_url: web::Data<PublicUrl>) -> HttpResponse {
    let base = escape(public_url.as_str());
    let products = match state.shop.list_products(&ProductFilter::default()).await {
        Ok((products, _)) => products,
        Err(error) => {
            return actix_web::ResponseError::error_response(&crate::error::ApiError(error))
        }
    };
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for page in STATIC_PAGES {
        let _ = writeln!(xml, "  <url><loc>{base}{page}</loc></url>");
    }
    for product in &products {
        let _ = writeln!(
            xml,
            "  <url><loc>{base}/product/{}</loc><lastmod>{}</lastmod></url>",
            escape(product.id.as_str()),
            product.created_at.format("%Y-%m-%d")
        );
    }
    xml.push_str("</urlset>\n");
    HttpResponse::Ok()
        .content_type("application/xml; charset=utf-8")
        .body(xml)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Utc;
    use domain::product::{Category, ProductImage};
    use domain::{Money, Percent};

    #[test]
    fn product_tags_replace_the_title_and_escape_text() {
        let product = Product {
            id: ProductId::parse("p1").unwrap(),
            name: "Dress <b>\"new\"</b>".into(),
            description: "Soft & light".into(),
            category: Category::Women,
            tags: vec![],
            price: Money::from_cents(2450).unwrap(),
            discount: Percent::default(),
            stated_original_price: None,
            image: Some(ProductImage {
                full: "/uploads/ab/x.jpg".into(),
                thumbnail: "/uploads/ab/x-thumb.jpg".into(),
            }),
            gallery: vec![],
            rating_tenths: 40,
            reviews: 1,
            stock: 3,
            variants: Vec::new(),
            is_featured: false,
            created_at: Utc::now(),
        };
        let index = "<html><head><title>Shop</title></head><body></body></html>";
        let public_url = PublicUrl::parse("http://shop.so/").unwrap();
        let page = with_product_tags(index, &product, "Dukaan", &public_url);
        assert!(page.contains("<title>Dress &lt;b&gt;&quot;new&quot;&lt;/b&gt; | Dukaan</title>"));
        assert!(page.contains("<meta name=\"description\" content=\"Soft &amp; light\" />"));
        assert!(page.contains(
            "<meta property=\"og:image\" content=\"http://shop.so/uploads/ab/x.jpg\" />"
        ));
        assert!(page.contains("content=\"24.50\""));
        assert_eq!(page.matches("<title>").count(), 1);
    }
}
