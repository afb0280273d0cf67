//! The pages the server serves before the app starts, read as a crawler or a link preview
//! reads them (no JavaScript): head tags, structured data, body, statuses; the sitemap,
//! robots.txt and caching.

use crate::helpers::{product_form, with_image, TestApp, ASSET_PATH, BROTLI_COPY};
use reqwest::{Method, StatusCode};
use scraper::{Html, Selector};
use serde_json::Value;

/// A served page, parsed.
struct Served {
    status: StatusCode,
    document: Html,
}

impl Served {
    async fn get(app: &TestApp, path: &str) -> Self {
        let (status, headers, body) = app.page(path, &[]).await;
        assert_eq!(headers["cache-control"], "no-cache", "{path}");
        assert!(headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html"));
        Self {
            status,
            document: Html::parse_document(&body),
        }
    }

    fn all(&self, selector: &str) -> Vec<scraper::ElementRef<'_>> {
        self.document
            .select(&Selector::parse(selector).unwrap())
            .collect()
    }

    /// The one element `selector` finds (it must find exactly one).
    fn one(&self, selector: &str) -> scraper::ElementRef<'_> {
        let found = self.all(selector);
        assert_eq!(found.len(), 1, "{selector}: {}", self.document.html());
        found[0]
    }

    fn attr(&self, selector: &str, name: &str) -> String {
        self.one(selector).attr(name).unwrap_or_default().to_owned()
    }

    fn text(&self, selector: &str) -> String {
        self.one(selector)
            .text()
            .collect::<String>()
            .trim()
            .to_owned()
    }

    fn title(&self) -> String {
        self.text("title")
    }

    fn description(&self) -> String {
        self.attr("meta[name=description]", "content")
    }

    fn canonical(&self) -> String {
        self.attr("link[rel=canonical]", "href")
    }

    fn indexed(&self) -> bool {
        self.all("meta[name=robots]").is_empty()
    }

    /// Every JSON-LD object of the page, parsed.
    fn structured_data(&self) -> Vec<Value> {
        self.all("script[type=\"application/ld+json\"]")
            .iter()
            .map(|script| serde_json::from_str(&script.inner_html()).unwrap())
            .collect()
    }

    fn structured(&self, kind: &str) -> Value {
        self.structured_data()
            .into_iter()
            .find(|data| data["@type"] == kind)
            .unwrap_or_else(|| panic!("no {kind} in {:?}", self.structured_data()))
    }
}

async fn a_product_with_a_picture(app: &TestApp, admin: &str, name: &str, stock: &str) -> Value {
    let form = with_image(
        product_form(&[
            ("name", name),
            ("description", "Light linen for hot days, with a wrap tie."),
            ("category", "women"),
            ("price", "24.50"),
            ("stock", stock),
            ("discount", "0"),
            ("tags", "new"),
            ("isFeatured", "false"),
        ]),
        shop_images::demo_picture(shop_images::Garment::Dress, None, 3),
        "dress.png",
        "image/png",
    );
    let reply = app
        .multipart(Method::POST, "/api/products", admin, form)
        .await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
    reply.body
}

#[tokio::test(flavor = "multi_thread")]
async fn a_product_page_carries_its_head_structured_data_and_body() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let product = a_product_with_a_picture(&app, &admin, "Linen Wrap Dress", "3").await;
        let id = product["_id"].as_str().unwrap();
        let url = format!("{}/product/{id}", app.address);
        let picture = format!("{}{}", app.address, product["image"].as_str().unwrap());
        let page = Served::get(&app, &format!("/product/{id}")).await;
        assert_eq!(page.status, StatusCode::OK);

        assert_eq!(page.title(), "Linen Wrap Dress | Dukaan");
        assert_eq!(
            page.description(),
            "Light linen for hot days, with a wrap tie."
        );
        assert_eq!(page.canonical(), url);
        assert!(page.indexed());
        assert_eq!(
            page.attr("meta[property=\"og:site_name\"]", "content"),
            "Dukaan"
        );
        assert_eq!(
            page.attr("meta[property=\"og:type\"]", "content"),
            "product"
        );
        assert_eq!(page.attr("meta[property=\"og:url\"]", "content"), url);
        assert_eq!(page.attr("meta[property=\"og:image\"]", "content"), picture);
        assert_eq!(
            page.attr("meta[name=\"twitter:image\"]", "content"),
            picture
        );
        assert_eq!(
            page.attr("meta[property=\"product:price:amount\"]", "content"),
            "24.50"
        );

        let data = page.structured("Product");
        assert_eq!(data["name"], "Linen Wrap Dress");
        assert_eq!(data["sku"], id);
        assert_eq!(data["url"], url);
        assert_eq!(data["image"][0], picture);
        assert_eq!(data["description"], product["description"]);
        assert_eq!(data["brand"]["name"], "Dukaan");
        assert_eq!(data["offers"]["price"], "24.50");
        assert_eq!(data["offers"]["priceCurrency"], "USD");
        assert_eq!(
            data["offers"]["availability"],
            "https://schema.org/LimitedAvailability"
        );
        assert!(data.get("aggregateRating").is_none(), "no reviews yet");
        let trail = page.structured("BreadcrumbList");
        let names: Vec<&str> = trail["itemListElement"]
            .as_array()
            .unwrap()
            .iter()
            .map(|item| item["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["Home", "Women Collection", "Linen Wrap Dress"]);
        assert_eq!(trail["itemListElement"][2]["item"], url);

        // What a preview without JavaScript shows: name, price, picture, description.
        assert_eq!(page.text("main h1"), "Linen Wrap Dress");
        assert!(page.one("main").text().any(|text| text.trim() == "$24.50"));
        let img = page.one("main img");
        assert_eq!(img.attr("alt"), Some("Linen Wrap Dress"));
        assert_eq!(img.attr("src"), product["image"].as_str());
        assert_eq!(img.attr("width"), Some("800"));
        assert_eq!(img.attr("height"), Some("1000"));
        assert!(page.text("main").contains("Only 3 left in stock"));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn sold_out_products_say_so_to_search_engines() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let product = app.product(&admin, "Abaya", "30", 0).await;
        let page = Served::get(
            &app,
            &format!("/product/{}", product["_id"].as_str().unwrap()),
        )
        .await;
        let data = page.structured("Product");
        assert_eq!(
            data["offers"]["availability"],
            "https://schema.org/OutOfStock"
        );
        assert!(data.get("image").is_none());
        assert!(page.text("main").contains("Out of Stock"));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn every_public_page_has_its_own_title_description_and_canonical_link() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let dress = a_product_with_a_picture(&app, &admin, "Linen Wrap Dress", "20").await;
        let link = format!("/product/{}", dress["_id"].as_str().unwrap());
        let mut titles = Vec::new();
        for (path, title, canonical) in [
            ("/", "Fashion for women and kids | Dukaan", "/"),
            ("/category", "All Products | Dukaan", "/category"),
            (
                "/category/women",
                "Women Collection | Dukaan",
                "/category/women",
            ),
            (
                "/category/kids",
                "Kids Collection | Dukaan",
                "/category/kids",
            ),
            (
                "/category/women?size=M",
                "Women Collection | Dukaan",
                "/category/women",
            ),
            ("/new-arrivals", "New Arrivals | Dukaan", "/new-arrivals"),
            (
                "/search?q=linen&sort=newest",
                "Search Results for \"linen\" | Dukaan",
                "/search?q=linen",
            ),
        ] {
            let page = Served::get(&app, path).await;
            assert_eq!(page.status, StatusCode::OK, "{path}");
            assert_eq!(page.title(), title, "{path}");
            assert_eq!(
                page.canonical(),
                format!("{}{canonical}", app.address),
                "{path}"
            );
            assert!(!page.description().is_empty(), "{path}");
            assert_eq!(
                page.attr("meta[property=\"og:site_name\"]", "content"),
                "Dukaan"
            );
            assert_eq!(page.attr("meta[property=\"og:title\"]", "content"), title);
            assert_eq!(page.all("h1").len(), 1, "{path}");
            titles.push(page.title());
            if path != "/category/kids" {
                // The first page of products, as links a crawler follows.
                let linked = page.all("main a[href]").iter().any(|a| {
                    a.attr("href") == Some(link.as_str())
                        && a.text().any(|t| t.contains("Linen Wrap Dress"))
                });
                assert!(linked, "{path} links the dress");
                assert!(page.text("main").contains("$24.50"), "{path}");
            }
        }
        titles.sort();
        titles.dedup();
        assert_eq!(titles.len(), 6, "one title per page");

        let home = Served::get(&app, "/").await;
        assert_eq!(
            home.description(),
            "Dresses, abayas and outfits for women and kids from Dukaan, delivered to your door. Pay with EVC Plus, ZAAD, SAHAL, eDahab or card."
        );
        let graph = home.structured_data().remove(0);
        let website = &graph["@graph"][0];
        assert_eq!(website["@type"], "WebSite");
        assert_eq!(website["name"], "Dukaan");
        assert_eq!(website["potentialAction"]["@type"], "SearchAction");
        assert_eq!(
            website["potentialAction"]["target"]["urlTemplate"],
            format!("{}/search?q={{search_term_string}}", app.address)
        );
        let organization = &graph["@graph"][1];
        assert_eq!(organization["@type"], "Organization");
        assert_eq!(organization["name"], "Dukaan");
        assert_eq!(organization["url"], format!("{}/", app.address));

        let women = Served::get(&app, "/category/women").await;
        assert_eq!(women.text("main h1"), "Women Collection");
        assert_eq!(women.text("main h1 ~ div p"), "1 product");
        let card_picture = women.one("main article img");
        assert_eq!(card_picture.attr("src"), dress["thumbnail"].as_str());
        assert_eq!(card_picture.attr("width"), Some("400"));
        assert!(women.indexed());

        let search = Served::get(&app, "/search?q=linen").await;
        assert!(!search.indexed(), "search results are not indexed");
        assert_eq!(search.text("main h1 + p"), "1 product(s) found");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn hostile_search_text_stays_text() {
    for app in TestApp::all().await {
        let page = Served::get(&app, "/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E").await;
        assert_eq!(page.status, StatusCode::OK);
        assert_eq!(
            page.text("main h1"),
            "Search Results for \"<script>alert(1)</script>\""
        );
        assert!(page.all("main script").is_empty());
        assert_eq!(
            page.canonical(),
            format!(
                "{}/search?q=%3Cscript%3Ealert%281%29%3C%2Fscript%3E",
                app.address
            )
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn unknown_pages_categories_and_products_answer_404_with_the_not_found_page() {
    for app in TestApp::all().await {
        for path in [
            "/no-such-page",
            "/category/nonsense",
            "/category/womens",
            "/product/no-such-product",
            "/product/%3Cscript%3E",
            "/orders",
            "/cart/extra",
        ] {
            let page = Served::get(&app, path).await;
            assert_eq!(page.status, StatusCode::NOT_FOUND, "{path}");
            assert_eq!(page.title(), "Page not found | Dukaan", "{path}");
            assert_eq!(page.text("main h1"), "Page not found", "{path}");
            assert!(!page.indexed(), "{path}");
        }
        // The app's own pages load directly (it draws them); the shopper's are not indexed.
        for (path, indexed) in [
            ("/delivery", true),
            ("/contact", true),
            ("/login", false),
            ("/cart", false),
            ("/checkout", false),
            ("/orders/abc123", false),
            ("/admin/orders", false),
        ] {
            let page = Served::get(&app, path).await;
            assert_eq!(page.status, StatusCode::OK, "{path}");
            assert_eq!(page.indexed(), indexed, "{path}");
            assert_eq!(page.canonical(), format!("{}{path}", app.address));
            assert!(page.all("main").is_empty(), "{path}: the app draws it");
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_sitemap_lists_pages_and_products_with_their_pictures() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let product = a_product_with_a_picture(&app, &admin, "Hijab", "3").await;
        let (status, headers, body) = app.page("/sitemap.xml", &[]).await;
        assert_eq!(status, StatusCode::OK);
        assert!(headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/xml"));
        assert!(body.contains("<urlset "));
        assert!(body.contains(&format!("<loc>{}/category/women</loc>", app.address)));
        assert!(body.contains(&format!(
            "<loc>{}/product/{}</loc>",
            app.address,
            product["_id"].as_str().unwrap()
        )));
        assert!(body.contains(&format!(
            "<image:image><image:loc>{}{}</image:loc></image:image>",
            app.address,
            product["image"].as_str().unwrap()
        )));
        let (status, _, _) = app.page("/sitemap-2.xml", &[]).await;
        assert_eq!(status, StatusCode::OK, "the products' part");
        let (status, _, _) = app.page("/sitemap-3.xml", &[]).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "past the last part");
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
async fn a_hashed_asset_is_sent_from_the_builds_compressed_copy_the_client_accepts() {
    for app in TestApp::all().await {
        let (status, headers, body) = app
            .page(ASSET_PATH, &[("Accept-Encoding", "gzip, deflate, br")])
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body, BROTLI_COPY);
        assert_eq!(headers["content-encoding"], "br");
        assert_eq!(headers["content-type"], "text/javascript");
        assert_eq!(headers["vary"], "accept-encoding");
        assert_eq!(
            headers["content-disposition"],
            "inline; filename=\"app-3f2a9c.js\""
        );
        assert_eq!(
            headers["cache-control"],
            "public, max-age=31536000, immutable"
        );

        // Brotli refused, and no gzip copy: compressed on the way out, as before.
        let (status, headers, body) = app
            .page(ASSET_PATH, &[("Accept-Encoding", "br;q=0, gzip")])
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(headers["content-encoding"], "gzip");
        assert_ne!(body, BROTLI_COPY);

        let (status, headers, body) = app.page(ASSET_PATH, &[]).await;
        assert_eq!(status, StatusCode::OK);
        assert!(headers.get("content-encoding").is_none(), "{headers:?}");
        assert!(body.starts_with("console.log('the storefront');"), "{body}");
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
async fn a_page_asked_for_under_another_address_moves_to_its_one_address() {
    for app in TestApp::all().await {
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        for (asked, canonical) in [
            ("/category/women/", "/category/women"),
            ("/search/?q=dress", "/search?q=dress"),
            ("/new-arrivals//", "/new-arrivals"),
            // A category under another name the app takes for it.
            ("/category/KIDS", "/category/kids"),
            ("/category/sale?page=2", "/category/sales?page=2"),
            ("/category/Women/", "/category/Women"),
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
