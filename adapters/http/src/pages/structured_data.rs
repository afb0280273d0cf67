//! schema.org data (JSON-LD) of the served pages: the product with its offer and rating, the
//! trail of links to it, and the shop itself with its search.

use super::site::Site;
use domain::product::{Product, StockStatus};
use serde_json::{json, Value};

/// A product, its one offer (USD, availability from its stock) and, once it has reviews,
/// their average.
pub fn product(site: &Site, product: &Product) -> Value {
    let url = site.url(&format!("/product/{}", product.id.as_str()));
    let availability = match product.stock_status() {
        StockStatus::InStock => "https://schema.org/InStock",
        StockStatus::LowStock => "https://schema.org/LimitedAvailability",
        StockStatus::OutOfStock => "https://schema.org/OutOfStock",
    };
    let mut data = json!({
        "@context": "https://schema.org",
        "@type": "Product",
        "name": product.name,
        "description": product.description,
        "sku": product.id.as_str(),
        "category": site.category_heading(product.category),
        "brand": { "@type": "Brand", "name": site.name() },
        "url": url,
        "offers": {
            "@type": "Offer",
            "url": url,
            "price": format!("{:.2}", product.price.as_dollars()),
            "priceCurrency": "USD",
            "availability": availability,
            "itemCondition": "https://schema.org/NewCondition",
            "seller": { "@type": "Organization", "name": site.name() },
        },
    });
    let images: Vec<String> = product
        .cover()
        .into_iter()
        .map(|image| image.full.as_str())
        .chain(product.gallery.iter().map(String::as_str))
        .map(|path| site.file_url(path))
        .collect();
    if !images.is_empty() {
        data["image"] = json!(images);
    }
    if product.reviews > 0 {
        data["aggregateRating"] = json!({
            "@type": "AggregateRating",
            "ratingValue": format!("{:.1}", f64::from(product.rating_tenths) / 10.0),
            "reviewCount": product.reviews,
            "bestRating": 5,
            "worstRating": 1,
        });
    }
    data
}

/// The trail from the home page to this page: (name, path) pairs, the page itself last.
pub fn breadcrumbs(site: &Site, trail: &[(String, String)]) -> Value {
    let items: Vec<Value> = trail
        .iter()
        .enumerate()
        .map(|(i, (name, path))| {
            json!({
                "@type": "ListItem",
                "position": i + 1,
                "name": name,
                "item": site.url(path),
            })
        })
        .collect();
    json!({
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        "itemListElement": items,
    })
}

/// The shop as a web site whose search engines can search it, and as the organisation
/// customers contact (from the settings).
pub fn shop(site: &Site) -> Value {
    let home = site.url("/");
    json!({
        "@context": "https://schema.org",
        "@graph": [
            {
                "@type": "WebSite",
                "@id": format!("{home}#website"),
                "name": site.name(),
                "url": home,
                "inLanguage": ["en", "so"],
                "publisher": { "@id": format!("{home}#organization") },
                "potentialAction": {
                    "@type": "SearchAction",
                    "target": {
                        "@type": "EntryPoint",
                        "urlTemplate": format!("{}?q={{search_term_string}}", site.url("/search")),
                    },
                    "query-input": "required name=search_term_string",
                },
            },
            {
                "@type": "Organization",
                "@id": format!("{home}#organization"),
                "name": site.name(),
                "url": home,
                "email": site.settings.support_email.as_str(),
                "telephone": site.settings.support_phone,
                "contactPoint": {
                    "@type": "ContactPoint",
                    "contactType": "customer service",
                    "email": site.settings.support_email.as_str(),
                    "telephone": site.settings.support_phone,
                    "availableLanguage": ["English", "Somali"],
                },
            },
        ],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pages::site::tests::{a_product, a_site};

    #[test]
    fn a_product_has_its_offer_pictures_and_rating() {
        let site = a_site();
        let data = product(&site, &a_product(3, 2));
        assert_eq!(data["@type"], "Product");
        assert_eq!(data["name"], "Linen Wrap Dress");
        assert_eq!(data["sku"], "p1");
        assert_eq!(data["brand"]["name"], "Dukaan");
        assert_eq!(data["category"], "Women Collection");
        assert_eq!(data["url"], "https://shop.so/product/p1");
        assert_eq!(
            data["image"],
            json!([
                "https://shop.so/uploads/ab/x.jpg",
                "https://cdn.example/y.jpg"
            ])
        );
        let offer = &data["offers"];
        assert_eq!(offer["price"], "24.50");
        assert_eq!(offer["priceCurrency"], "USD");
        assert_eq!(
            offer["availability"],
            "https://schema.org/LimitedAvailability"
        );
        assert_eq!(data["aggregateRating"]["ratingValue"], "4.5");
        assert_eq!(data["aggregateRating"]["reviewCount"], 2);
    }

    #[test]
    fn availability_follows_the_stock_and_no_reviews_means_no_rating() {
        let site = a_site();
        let sold_out = product(&site, &a_product(0, 0));
        assert_eq!(
            sold_out["offers"]["availability"],
            "https://schema.org/OutOfStock"
        );
        assert!(sold_out.get("aggregateRating").is_none());
        let plenty = product(&site, &a_product(11, 0));
        assert_eq!(
            plenty["offers"]["availability"],
            "https://schema.org/InStock"
        );
    }

    #[test]
    fn breadcrumbs_are_numbered_absolute_links() {
        let data = breadcrumbs(
            &a_site(),
            &[
                ("Home".into(), "/".into()),
                ("Women Collection".into(), "/category/women".into()),
            ],
        );
        assert_eq!(data["itemListElement"][1]["position"], 2);
        assert_eq!(
            data["itemListElement"][1]["item"],
            "https://shop.so/category/women"
        );
    }

    #[test]
    fn the_shop_can_be_searched_and_contacted() {
        let data = shop(&a_site());
        let website = &data["@graph"][0];
        assert_eq!(
            website["potentialAction"]["target"]["urlTemplate"],
            "https://shop.so/search?q={search_term_string}"
        );
        let organization = &data["@graph"][1];
        assert_eq!(organization["name"], "Dukaan");
        assert_eq!(organization["email"], "help@shop.so");
        assert_eq!(organization["telephone"], "+252 61 000 0000");
    }
}
