//! Bad input gets a clear 4xx in JSON, never a 500, and nothing is half-written.

use crate::helpers::TestApp;
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

#[tokio::test(flavor = "multi_thread")]
async fn unknown_and_hostile_ids_are_404() {
    for app in TestApp::all().await {
        for path in [
            "/api/products/does-not-exist",
            "/api/products/..%2F..%2Fetc%2Fpasswd",
            "/api/products/%00",
        ] {
            let reply = app.get(path, None).await;
            assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}");
            assert_eq!(reply.message(), "Product not found");
        }
        assert_eq!(
            app.get("/api/nothing-here", None).await.status,
            StatusCode::NOT_FOUND
        );
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
        assert!(csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"));
        assert!(!csp.contains("script-src 'self' 'unsafe-inline'"));
        assert_eq!(reply.headers["x-content-type-options"], "nosniff");
        assert_eq!(reply.headers["x-frame-options"], "DENY");
    }
}
