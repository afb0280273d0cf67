//! Defences against hostile clients: forged host headers, formulas in the orders export,
//! caches keeping personal replies, HEAD requests, junk query parameters.

use crate::helpers::{TestApp, APPROVED_PHONE, ASSET_PATH};
use reqwest::{Method, StatusCode};
use serde_json::json;

const FORGED: [(&str, &str); 3] = [
    ("Host", "evil.example"),
    (
        "X-Forwarded-Host",
        "evil.example\"><meta http-equiv=\"refresh\" content=\"0;url=https://evil.example\">",
    ),
    ("X-Forwarded-Proto", "gopher"),
];

#[tokio::test(flavor = "multi_thread")]
async fn forged_host_headers_change_nothing_in_a_product_page_or_the_sitemap() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let product = app.product(&admin, "Linen Dress", "24.5", 3).await;
        let id = product["_id"].as_str().unwrap();
        let pages = [
            format!("/product/{id}"),
            "/sitemap.xml".to_owned(),
            "/".to_owned(),
            "/category/women".to_owned(),
            "/search?q=linen".to_owned(),
        ];
        for path in pages {
            let (status, _, honest) = app.page(&path, &[]).await;
            assert_eq!(status, StatusCode::OK, "{path}");
            for forged in FORGED {
                let (status, _, page) = app.page(&path, &[forged]).await;
                assert_eq!(status, StatusCode::OK, "{path} {forged:?}");
                assert_eq!(page, honest, "{path} {forged:?}");
            }
            assert!(!honest.contains("evil"), "{honest}");
        }
        let (_, _, page) = app.page(&format!("/product/{id}"), &FORGED).await;
        assert!(page.contains(&format!(
            "<meta property=\"og:url\" content=\"{}/product/{id}\">",
            app.address
        )));
        let (_, _, sitemap) = app.page("/sitemap.xml", &FORGED).await;
        assert!(sitemap.contains(&format!("<loc>{}/product/{id}</loc>", app.address)));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn text_a_shopper_typed_cannot_start_a_formula_in_the_orders_export() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dress", "20", 10).await;
        let registered = app
            .post(
                "/api/auth/register",
                None,
                json!({ "name": "=1+2", "email": "mallory@example.com", "phone": "615551234", "password": "secret1" }),
            )
            .await;
        assert_eq!(
            registered.status,
            StatusCode::CREATED,
            "{}",
            registered.body
        );
        let token = registered.body["token"].as_str().unwrap();
        app.add_to_cart(token, dress["_id"].as_str().unwrap(), 1)
            .await;
        let address = json!({ "fullName": "@SUM(1)", "phone": "615551234", "city": "+1+2",
            "district": "-1+2", "addressLine": "Road 1" });
        let order = app
            .post(
                "/api/orders/checkout",
                Some(token),
                json!({ "paymentMethod": "evc-plus", "paymentPhone": APPROVED_PHONE, "shippingAddress": address }),
            )
            .await;
        assert_eq!(order.status, StatusCode::CREATED, "{}", order.body);

        let (status, _, csv) = app
            .page_with_token("/api/admin/orders/export.csv?days=30", &admin)
            .await;
        assert_eq!(status, StatusCode::OK);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), 2, "{csv}");
        assert!(
            lines[1].ends_with(
                ",'=1+2,mallory@example.com,pending,paid,EVC Plus,1,20.00,5.00,25.00,'+1+2,'-1+2,web,"
            ),
            "{}",
            lines[1]
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn personal_replies_may_not_be_stored_and_the_catalogue_may() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let (token, user_id) = app.shopper("amina").await;
        let login = app.login("amina@example.com", "secret1").await;
        assert_eq!(login.status, StatusCode::OK);
        assert_eq!(login.headers["cache-control"], "no-store");
        let registered = app
            .post(
                "/api/auth/register",
                None,
                json!({ "name": "Hodan", "email": "hodan@example.com", "phone": "615551234", "password": "secret1" }),
            )
            .await;
        assert_eq!(registered.status, StatusCode::CREATED);
        assert_eq!(registered.headers["cache-control"], "no-store");
        for (path, who) in [
            ("/api/auth/me", &token),
            ("/api/cart", &token),
            ("/api/wishlist", &token),
            ("/api/orders", &token),
            ("/api/users", &admin),
            ("/api/orders/all", &admin),
            ("/api/admin/stats", &admin),
            ("/api/admin/orders/export.csv", &admin),
        ] {
            let (status, headers, _) = app.page_with_token(path, who).await;
            assert_eq!(status, StatusCode::OK, "{path}");
            assert_eq!(headers["cache-control"], "no-store", "{path}");
        }
        let profile = app
            .put(
                &format!("/api/users/{user_id}"),
                Some(&token),
                json!({ "name": "Amina", "email": "amina@example.com", "phone": "615551234" }),
            )
            .await;
        assert_eq!(profile.status, StatusCode::OK, "{}", profile.body);
        assert_eq!(profile.headers["cache-control"], "no-store");
        let refused = app.get("/api/cart", None).await;
        assert_eq!(refused.status, StatusCode::UNAUTHORIZED);
        assert_eq!(refused.headers["cache-control"], "no-store");
        for path in ["/api/products", "/api/products/featured", "/api/settings"] {
            let (status, headers, _) = app.page(path, &[]).await;
            assert_eq!(status, StatusCode::OK, "{path}");
            assert!(headers.get("cache-control").is_none(), "{path}");
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn head_answers_like_get_without_a_body() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let product = app.product(&admin, "Linen Dress", "24.5", 3).await;
        let page = format!("/product/{}", product["_id"].as_str().unwrap());
        for path in [
            "/",
            "/api/health",
            "/api/products",
            &page,
            "/category/kids",
            ASSET_PATH,
        ] {
            let client = reqwest::Client::new();
            let get = client.get(app.url(path)).send().await.unwrap();
            let head = client
                .request(Method::HEAD, app.url(path))
                .send()
                .await
                .unwrap();
            assert_eq!(head.status(), StatusCode::OK, "{path}");
            assert_eq!(head.status(), get.status(), "{path}");
            assert_eq!(
                head.headers().get("content-type"),
                get.headers().get("content-type"),
                "{path}"
            );
            assert!(head.bytes().await.unwrap().is_empty(), "{path}");
            assert!(!get.bytes().await.unwrap().is_empty(), "{path}");
        }
        let (_, _, home) = app.page("/", &[]).await;
        assert!(home.contains("<title>Fashion for women and kids | Dukaan</title>"));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn junk_query_parameters_share_one_cached_reply_and_run_no_query() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        app.product(&admin, "Dress", "20", 3).await;
        let first = app.get("/api/products?page=1&limit=20", None).await;
        assert_eq!(first.status, StatusCode::OK);
        let cached = app.state.catalog_replies.len();
        let statements = app.statements_run();
        for i in 0..40 {
            let path = match i % 4 {
                0 => format!("/api/products?page=1&limit=20&junk={i}"),
                1 => format!("/api/products?junk{i}=x&limit=20&page=1"),
                2 => format!("/api/products?limit=20&utm_source={i}"),
                _ => format!("/api/products?page=1&cache_buster={i}"),
            };
            let reply = app.get(&path, None).await;
            assert_eq!(reply.status, StatusCode::OK, "{path}");
            assert_eq!(reply.body, first.body, "{path}");
        }
        assert_eq!(app.state.catalog_replies.len(), cached);
        // Only the catalogue version may be read again (every 250 ms); no list was queried.
        let run = app.statements_run() - statements;
        assert!(run < 10, "{run} statements for 40 cached replies");
    }
}
