//! The built frontend: deep links, product pages with preview tags, the sitemap, caching.

use crate::helpers::{TestApp, ASSET_PATH, INDEX_HTML};
use reqwest::StatusCode;

#[tokio::test(flavor = "multi_thread")]
async fn deep_links_get_the_app() {
    for app in TestApp::all().await {
        for path in ["/", "/category/kids", "/admin/orders", "/checkout"] {
            let (status, headers, body) = app.page(path, &[]).await;
            assert_eq!(status, StatusCode::OK, "{path}");
            assert_eq!(body, INDEX_HTML, "{path}");
            assert_eq!(headers["cache-control"], "no-cache", "{path}");
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_product_page_carries_its_title_description_and_preview_tags() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let product = app.product(&admin, "Linen Dress", "24.5", 3).await;
        let id = product["_id"].as_str().unwrap();
        let (status, _, body) = app.page(&format!("/product/{id}"), &[]).await;
        assert_eq!(status, StatusCode::OK);
        assert!(
            body.contains("<title>Linen Dress | Dukaan</title>"),
            "{body}"
        );
        assert!(body.contains("<meta name=\"description\" content=\"A lovely piece\" />"));
        assert!(body.contains("<meta property=\"og:title\" content=\"Linen Dress | Dukaan\" />"));
        assert!(body.contains("<meta property=\"product:price:amount\" content=\"24.50\" />"));
        assert!(body.contains("<div id=\"root\"></div>"));
        let (missing, _, body) = app.page("/product/no-such-product", &[]).await;
        assert_eq!(missing, StatusCode::NOT_FOUND);
        assert_eq!(body, INDEX_HTML);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_sitemap_lists_pages_and_products() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let product = app.product(&admin, "Hijab", "9", 3).await;
        let (status, headers, body) = app.page("/sitemap.xml", &[]).await;
        assert_eq!(status, StatusCode::OK);
        assert!(headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/xml"));
        assert!(body.contains(&format!("{}/category/women</loc>", app.address)));
        assert!(body.contains(&format!(
            "{}/product/{}</loc>",
            app.address,
            product["_id"].as_str().unwrap()
        )));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn hashed_assets_are_cached_for_a_year_and_compressed() {
    for app in TestApp::all().await {
        let (status, headers, _) = app.page(ASSET_PATH, &[("Accept-Encoding", "gzip")]).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            headers["cache-control"],
            "public, max-age=31536000, immutable"
        );
        assert_eq!(headers["content-encoding"], "gzip");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn robots_txt_names_the_sitemap_by_its_absolute_address() {
    for app in TestApp::all().await {
        let (status, headers, body) = app.page("/robots.txt", &[]).await;
        assert_eq!(status, StatusCode::OK);
        assert!(headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/plain"));
        assert!(body.contains("Disallow: /admin\n"), "{body}");
        assert!(
            body.ends_with(&format!("\nSitemap: {}/sitemap.xml\n", app.address)),
            "{body}"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_page_with_a_trailing_slash_moves_to_its_one_address() {
    for app in TestApp::all().await {
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        for (asked, canonical) in [
            ("/category/women/", "/category/women"),
            ("/search/?q=dress", "/search?q=dress"),
            ("/new-arrivals//", "/new-arrivals"),
            // Never a redirect to another site.
            ("//evil.example/", "/evil.example"),
        ] {
            let response = client.get(app.url(asked)).send().await.unwrap();
            assert_eq!(response.status(), StatusCode::MOVED_PERMANENTLY, "{asked}");
            assert_eq!(response.headers()["location"], canonical, "{asked}");
        }
        // The home page, the API and files keep their addresses.
        for path in ["/", "/category/women", "/api/products/"] {
            let response = client.get(app.url(path)).send().await.unwrap();
            assert_ne!(response.status(), StatusCode::MOVED_PERMANENTLY, "{path}");
        }
    }
}
