//! `sitemap.xml`: the shop's pages and every product with its picture. Past the format's
//! 50,000 addresses a file it becomes an index of parts: `/sitemap-1.xml` holds the shop's
//! pages, `/sitemap-2.xml` on the products, 50,000 each.

use super::site::Site;
use crate::error::ApiError;
use crate::state::{AppState, PublicUrl};
use actix_web::{web, HttpResponse};
use domain::message::texts::SITEMAP_NOT_FOUND;
use domain::ports::{Page, ProductFilter, RepoError};
use domain::product::Product;
use std::fmt::Write as _;

/// The most addresses one sitemap file may hold (sitemaps.org).
const MAX_URLS: u32 = 50_000;

/// The shop's own pages crawlers should visit.
const SHOP_PAGES: [&str; 9] = [
    "/",
    "/category",
    "/category/women",
    "/category/kids",
    "/category/sales",
    "/new-arrivals",
    "/delivery",
    "/returns",
    "/contact",
];

/// Text for an XML element: maud's escaping (`&`, `<`, `>`, `"`), as for the pages.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    maud::Escaper::new(&mut out)
        .write_str(text)
        .expect("writing to a String cannot fail");
    out
}

const HEADER: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

/// A `<urlset>` of the shop's pages (when asked) and these products with their pictures.
fn urlset(site: &Site, shop_pages: bool, products: &[Product]) -> String {
    let mut xml = format!(
        "{HEADER}<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" \
         xmlns:image=\"http://www.google.com/schemas/sitemap-image/1.1\">\n"
    );
    if shop_pages {
        for page in SHOP_PAGES {
            let _ = writeln!(xml, "  <url><loc>{}</loc></url>", escape(&site.url(page)));
        }
    }
    for product in products {
        let _ = write!(
            xml,
            "  <url><loc>{}</loc><lastmod>{}</lastmod>",
            escape(&site.url(&format!("/product/{}", product.id.as_str()))),
            product.created_at.format("%Y-%m-%d")
        );
        let pictures = product
            .cover()
            .into_iter()
            .map(|image| image.full.as_str())
            .chain(product.gallery.iter().map(String::as_str));
        for picture in pictures {
            let _ = write!(
                xml,
                "<image:image><image:loc>{}</image:loc></image:image>",
                escape(&site.file_url(picture))
            );
        }
        xml.push_str("</url>\n");
    }
    xml.push_str("</urlset>\n");
    xml
}

/// How many parts a shop of `products` needs: the shop's pages, then the products `per_part`
/// at a time; `None` when everything fits in one file.
fn parts(products: u64, per_part: u32) -> Option<u64> {
    let per_part = u64::from(per_part);
    if SHOP_PAGES.len() as u64 + products <= per_part {
        return None;
    }
    Some(1 + products.div_ceil(per_part))
}

fn index(site: &Site, parts: u64) -> String {
    let mut xml =
        format!("{HEADER}<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for part in 1..=parts {
        let _ = writeln!(
            xml,
            "  <sitemap><loc>{}</loc></sitemap>",
            escape(&site.url(&format!("/sitemap-{part}.xml")))
        );
    }
    xml.push_str("</sitemapindex>\n");
    xml
}

fn xml(body: String) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/xml; charset=utf-8")
        .body(body)
}

async fn products(state: &AppState, page: Page) -> Result<(Vec<Product>, u64), RepoError> {
    let filter = ProductFilter {
        page: Some(page),
        ..Default::default()
    };
    state.shop.catalog.list_products(&filter).await
}

async fn site(state: &AppState, public_url: &PublicUrl) -> Result<Site, RepoError> {
    Site::load(state, public_url).await
}

pub async fn sitemap(
    state: web::Data<AppState>,
    public_url: web::Data<PublicUrl>,
) -> Result<HttpResponse, ApiError> {
    let site = site(&state, &public_url).await?;
    let (_, total) = products(&state, Page { number: 1, size: 1 }).await?;
    if let Some(parts) = parts(total, MAX_URLS) {
        return Ok(xml(index(&site, parts)));
    }
    let first = Page {
        number: 1,
        size: MAX_URLS,
    };
    let (list, _) = products(&state, first).await?;
    Ok(xml(urlset(&site, true, &list)))
}

/// One part of a sitemap index; 404 past the last.
pub async fn sitemap_part(
    state: web::Data<AppState>,
    public_url: web::Data<PublicUrl>,
    number: web::Path<u32>,
) -> Result<HttpResponse, ApiError> {
    let site = site(&state, &public_url).await?;
    let number = number.into_inner();
    let missing = || ApiError::not_found(SITEMAP_NOT_FOUND);
    if number == 1 {
        return Ok(xml(urlset(&site, true, &[])));
    }
    let page = Page {
        number: number.checked_sub(1).ok_or_else(missing)?,
        size: MAX_URLS,
    };
    let (list, _) = products(&state, page).await?;
    if list.is_empty() {
        return Err(missing());
    }
    Ok(xml(urlset(&site, false, &list)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pages::site::tests::{a_product, a_site};

    #[test]
    fn products_come_with_their_pictures() {
        let xml = urlset(&a_site(), true, &[a_product(3, 0)]);
        assert!(xml.contains("<url><loc>https://shop.so/category/women</loc></url>"));
        assert!(xml.contains("<loc>https://shop.so/product/p1</loc><lastmod>"));
        assert!(xml.contains(
            "<image:image><image:loc>https://shop.so/uploads/ab/x.jpg</image:loc></image:image>\
             <image:image><image:loc>https://cdn.example/y.jpg</image:loc></image:image></url>"
        ));
        assert_eq!(xml.matches("<url>").count(), SHOP_PAGES.len() + 1);
    }

    #[test]
    fn a_shop_past_the_limit_gets_an_index_of_parts() {
        let fits = MAX_URLS as u64 - SHOP_PAGES.len() as u64;
        assert_eq!(parts(fits, MAX_URLS), None);
        assert_eq!(parts(fits + 1, MAX_URLS), Some(2));
        assert_eq!(parts(50_000, MAX_URLS), Some(2));
        assert_eq!(parts(50_001, MAX_URLS), Some(3));
        assert_eq!(parts(100_000, MAX_URLS), Some(3));
        assert_eq!(parts(100_001, MAX_URLS), Some(4));
        let xml = index(&a_site(), 3);
        assert!(xml.contains("<sitemapindex"));
        assert!(xml.contains("<sitemap><loc>https://shop.so/sitemap-3.xml</loc></sitemap>"));
        assert_eq!(xml.matches("<sitemap>").count(), 3);
    }

    #[test]
    fn addresses_are_escaped() {
        assert_eq!(escape("/search?q=a&b=<c>"), "/search?q=a&amp;b=&lt;c&gt;");
    }
}
