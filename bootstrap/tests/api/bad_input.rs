//! Bad input gets a clear 4xx in JSON, never a 500, and nothing is half-written.

use crate::helpers::{product_form, with_image, TestApp};
use reqwest::{Method, StatusCode};
use serde_json::json;

#[tokio::test(flavor = "multi_thread")]
async fn malformed_json_and_wrong_types_are_400_with_a_message() {
    for app in TestApp::all().await {
        let (token, _) = app.shopper("amina").await;
        let broken = app
            .raw(
                Method::POST,
                "/api/auth/login",
                None,
                "application/json",
                b"{\"email\":".to_vec(),
            )
            .await;
        assert_eq!(broken.status, StatusCode::BAD_REQUEST);
        assert!(broken.message().starts_with("Invalid JSON body"));
        let not_json = app
            .raw(
                Method::POST,
                "/api/cart/add",
                Some(&token),
                "text/plain",
                b"hello".to_vec(),
            )
            .await;
        assert_eq!(not_json.status, StatusCode::BAD_REQUEST);
        assert_eq!(not_json.message(), "Send the body as application/json");
        for quantity in [json!("two"), json!(1.5), json!(null), json!([1])] {
            let reply = app
                .post(
                    "/api/cart/add",
                    Some(&token),
                    json!({ "productId": "p1", "quantity": quantity }),
                )
                .await;
            assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{quantity}");
        }
        let zero = app
            .post(
                "/api/cart/add",
                Some(&token),
                json!({ "productId": "p1", "quantity": 0 }),
            )
            .await;
        assert_eq!(
            zero.status,
            StatusCode::NOT_FOUND,
            "an unknown product is reported before the quantity"
        );
    }
}

/// Ids no entity can have: refused before they reach storage.
const HOSTILE_IDS: [&str; 4] = [
    "..%2F..%2Fetc%2Fpasswd",
    "..%5C..%5Cwindows",
    "%00",
    "%2E%2E%2Fsecret",
];

#[tokio::test(flavor = "multi_thread")]
async fn hostile_ids_are_404_everywhere() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        for id in HOSTILE_IDS {
            let checks = [
                (
                    Method::GET,
                    format!("/api/products/{id}"),
                    "Product not found",
                ),
                (
                    Method::DELETE,
                    format!("/api/products/{id}"),
                    "Product not found",
                ),
                (Method::GET, format!("/api/orders/{id}"), "Order not found"),
                (Method::PUT, format!("/api/orders/{id}"), "Order not found"),
                (Method::DELETE, format!("/api/users/{id}"), "User not found"),
                (
                    Method::DELETE,
                    format!("/api/cart/remove/{id}"),
                    "Product not found",
                ),
                (
                    Method::DELETE,
                    format!("/api/wishlist/remove/{id}"),
                    "Product not found",
                ),
            ];
            for (method, path, message) in checks {
                let reply = app
                    .send(
                        method.clone(),
                        &path,
                        Some(&admin),
                        Some(json!({ "status": "shipped" })),
                    )
                    .await;
                assert_eq!(reply.status, StatusCode::NOT_FOUND, "{method} {path}");
                assert_eq!(reply.message(), message, "{method} {path}");
            }
        }
        assert_eq!(
            app.get("/api/nothing-here", None).await.status,
            StatusCode::NOT_FOUND
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_upload_name_cannot_choose_where_the_picture_is_stored() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let form = with_image(
            product_form(&[
                ("name", "Scarf"),
                ("description", "Silk"),
                ("category", "women"),
                ("price", "10"),
                ("stock", "3"),
            ]),
            shop_images::demo_picture(shop_images::Garment::TShirt, None, 1),
            "../../../../tmp/evil.png",
            "image/png",
        );
        let reply = app
            .multipart(Method::POST, "/api/products", &admin, form)
            .await;
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
        let image = reply.body["image"].as_str().unwrap();
        assert!(image.starts_with("/uploads/"), "{image}");
        assert!(!image.contains("..") && !image.contains("evil"), "{image}");
        assert!(!std::path::Path::new("/tmp/evil.png").exists());
        let (status, _, body) = app.page("/uploads/..%2F..%2Fetc%2Fpasswd", &[]).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(body, "segment contained invalid character ('/')");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_three_megabyte_body_is_413_and_changes_nothing() {
    for app in TestApp::all().await {
        let huge = vec![b'a'; 3 * 1024 * 1024];
        let mut body =
            br#"{"name":"x","email":"big@example.com","phone":"1","password":""#.to_vec();
        body.extend_from_slice(&huge);
        body.extend_from_slice(b"\"}");
        let reply = app
            .raw(
                Method::POST,
                "/api/auth/register",
                None,
                "application/json",
                body,
            )
            .await;
        assert_eq!(reply.status, StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(reply.message(), "The request is too large");
        assert_eq!(
            app.login("big@example.com", "x").await.status,
            StatusCode::UNAUTHORIZED
        );

        let admin = app.admin_token().await;
        let product = app
            .raw(
                Method::POST,
                "/api/products",
                Some(&admin),
                "application/json",
                vec![b' '; 3 * 1024 * 1024],
            )
            .await;
        assert_eq!(product.status, StatusCode::PAYLOAD_TOO_LARGE);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn every_reply_carries_the_security_headers() {
    for app in TestApp::all().await {
        let reply = app.get("/api/health", None).await;
        let csp = reply.headers["content-security-policy"].to_str().unwrap();
        let directives: Vec<&str> = csp.split(';').map(str::trim).collect();
        assert!(directives.contains(&"script-src 'self'"), "{csp}");
        assert!(directives.contains(&"object-src 'none'"), "{csp}");
        assert!(directives.contains(&"frame-ancestors 'none'"), "{csp}");
        assert!(directives.contains(&"base-uri 'self'"), "{csp}");
        assert!(
            !directives
                .iter()
                .any(|d| d.starts_with("script-src") && d.contains("unsafe")),
            "{csp}"
        );
        assert_eq!(reply.headers["x-content-type-options"], "nosniff");
        assert_eq!(reply.headers["x-frame-options"], "DENY");
        assert_eq!(
            reply.headers["referrer-policy"],
            "strict-origin-when-cross-origin"
        );
        assert!(reply.headers.get("strict-transport-security").is_none());
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn served_over_https_every_reply_demands_https() {
    for app in TestApp::all_with_hsts().await {
        for path in ["/api/health", "/", "/api/nothing-here"] {
            let (_, headers, _) = app.page(path, &[]).await;
            assert_eq!(
                headers["strict-transport-security"], "max-age=63072000; includeSubDomains",
                "{path}"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_size_or_colour_filter_with_a_control_character_is_400_naming_it() {
    for app in TestApp::all().await {
        let backend = app.backend;
        for (path, field) in [
            ("/api/products?size=%00", "size"),
            ("/api/products/category/women?size=S%00", "size"),
            ("/api/products/search?q=dress&size=%00", "size"),
            ("/api/products?colour=red%1b", "colour"),
            ("/api/products/search?q=dress&size=M&colour=%07", "colour"),
        ] {
            let reply = app.get(path, None).await;
            let message = format!("{field} must not contain control characters");
            assert_eq!(
                reply.status,
                StatusCode::BAD_REQUEST,
                "{backend} {path}: {}",
                reply.body
            );
            assert_eq!(reply.message(), message, "{backend} {path}");
            assert_eq!(reply.body["errors"][field], message, "{backend} {path}");
        }
    }
}
