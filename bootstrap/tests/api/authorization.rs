//! One test per attack: privilege escalation, reaching another shopper's things, and tokens
//! that must not open a session. Every admin route refuses visitors (401) and shoppers (403).

use crate::helpers::{TestApp, ADMIN_EMAIL, APPROVED_PHONE, TOKEN_SECRET};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use jsonwebtoken::{encode, Algorithm, EncodingKey, Header};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

const ADMIN_ROUTES: &[(Method, &str)] = &[
    (Method::GET, "/api/users"),
    (Method::DELETE, "/api/users/someone"),
    (Method::POST, "/api/products"),
    (Method::PUT, "/api/products/p1"),
    (Method::DELETE, "/api/products/p1"),
    (Method::GET, "/api/orders/all"),
    (Method::PUT, "/api/orders/o1"),
    (Method::PUT, "/api/orders/o1/payment"),
    (Method::GET, "/api/admin/stats"),
    (Method::GET, "/api/admin/reports"),
    (Method::GET, "/api/admin/orders/export.csv"),
    (Method::GET, "/api/admin/audit"),
    (Method::GET, "/api/admin/products"),
    (Method::PUT, "/api/settings"),
];

#[tokio::test(flavor = "multi_thread")]
async fn every_admin_route_is_401_without_a_token_and_403_for_a_shopper() {
    for app in TestApp::all().await {
        let (shopper, _) = app.shopper("amina").await;
        for (method, path) in ADMIN_ROUTES {
            let anonymous = app.send(method.clone(), path, None, Some(json!({}))).await;
            assert_eq!(
                anonymous.status,
                StatusCode::UNAUTHORIZED,
                "{method} {path}"
            );
            let reply = app
                .send(
                    method.clone(),
                    path,
                    Some(&shopper),
                    Some(json!({ "status": "shipped" })),
                )
                .await;
            assert_eq!(reply.status, StatusCode::FORBIDDEN, "{method} {path}");
            assert_eq!(reply.message(), "Unauthorized", "{method} {path}");
        }
    }
}

// ---- role escalation ----

#[tokio::test(flavor = "multi_thread")]
async fn registering_with_an_admin_role_makes_a_shopper() {
    for app in TestApp::all().await {
        let reply = app
            .post(
                "/api/auth/register",
                None,
                json!({ "name": "Eve", "email": "eve@example.com", "phone": "615551234",
                        "password": "secret1", "role": "admin" }),
            )
            .await;
        assert_eq!(reply.status, StatusCode::CREATED);
        assert_eq!(reply.body["user"]["role"], "user");
        let token = reply.body["token"].as_str().unwrap();
        assert_eq!(
            app.get("/api/users", Some(token)).await.status,
            StatusCode::FORBIDDEN
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_shopper_registering_someone_as_admin_only_makes_a_shopper() {
    for app in TestApp::all().await {
        let (shopper, _) = app.shopper("eve").await;
        let reply = app
            .post(
                "/api/auth/register",
                Some(&shopper),
                json!({ "name": "Mallory", "email": "mallory@example.com", "phone": "615551234",
                        "password": "secret1", "role": "admin" }),
            )
            .await;
        assert_eq!(reply.status, StatusCode::CREATED);
        assert_eq!(reply.message(), "Registered successfully");
        assert_eq!(reply.body["user"]["role"], "user");
        assert!(reply.body.get("temporaryPassword").is_none());
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_shopper_cannot_promote_themselves_through_their_profile() {
    for app in TestApp::all().await {
        let (token, id) = app.shopper("eve").await;
        let reply = app
            .put(
                &format!("/api/users/{id}"),
                Some(&token),
                json!({ "name": "eve", "email": "eve@example.com", "phone": "615551234", "role": "admin" }),
            )
            .await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN);
        assert_eq!(reply.message(), "Unauthorized");
        assert_eq!(
            app.get("/api/auth/me", Some(&token)).await.body["role"],
            "user"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_shopper_cannot_use_the_admin_edit_to_promote_or_demote_others() {
    for app in TestApp::all().await {
        let (_, accomplice) = app.shopper("mallory").await;
        let (token, _) = app.shopper("eve").await;
        let admin = app.admin_token().await;
        let admin_id = app.get("/api/auth/me", Some(&admin)).await.body["_id"]
            .as_str()
            .unwrap()
            .to_owned();
        let promote =
            json!({ "name": "m", "email": "mallory@example.com", "phone": "1", "role": "admin" });
        let reply = app
            .put(&format!("/api/users/{accomplice}"), Some(&token), promote)
            .await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN);
        assert_eq!(reply.message(), "You can only access your own account");
        let demote = json!({ "name": "Boss", "email": ADMIN_EMAIL, "phone": "1", "role": "user" });
        let reply = app
            .put(&format!("/api/users/{admin_id}"), Some(&token), demote)
            .await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN);
        assert_eq!(
            app.get("/api/auth/me", Some(&admin)).await.body["role"],
            "admin"
        );
    }
}

// ---- another shopper's things ----

/// A victim with a product in the cart and the wishlist, and a paid order; and an attacker.
struct Victim {
    token: String,
    id: String,
    product: String,
    order: String,
    attacker: String,
}

async fn victim_and_attacker(app: &TestApp) -> Victim {
    let admin = app.admin_token().await;
    let product = app.product(&admin, "Abaya", "20", 10).await["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let (token, id) = app.shopper("hodan").await;
    let (attacker, _) = app.shopper("eve").await;
    let order = app.buy(&token, &product, 1, APPROVED_PHONE).await.body["order"]["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    app.add_to_cart(&token, &product, 2).await;
    app.post(
        "/api/wishlist/add",
        Some(&token),
        json!({ "productId": product }),
    )
    .await;
    Victim {
        token,
        id,
        product,
        order,
        attacker,
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_shopper_cannot_read_or_change_another_shoppers_cart() {
    for app in TestApp::all().await {
        let v = victim_and_attacker(&app).await;
        let cart = app.get("/api/cart", Some(&v.attacker)).await;
        assert_eq!(cart.body["products"], json!([]));
        let removed = app
            .delete(
                &format!("/api/cart/remove/{}", v.product),
                Some(&v.attacker),
            )
            .await;
        assert_eq!(removed.status, StatusCode::NOT_FOUND);
        assert_eq!(
            app.get("/api/cart", Some(&v.token)).await.body["products"][0]["quantity"],
            2
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_shopper_cannot_read_or_change_another_shoppers_wishlist() {
    for app in TestApp::all().await {
        let v = victim_and_attacker(&app).await;
        let wishlist = app.get("/api/wishlist", Some(&v.attacker)).await;
        assert_eq!(wishlist.body["products"], json!([]));
        let removed = app
            .delete(
                &format!("/api/wishlist/remove/{}", v.product),
                Some(&v.attacker),
            )
            .await;
        assert_eq!(removed.status, StatusCode::NOT_FOUND);
        assert_eq!(removed.message(), "Product not in wishlist");
        let kept = app.get("/api/wishlist", Some(&v.token)).await;
        assert_eq!(kept.body["products"].as_array().unwrap().len(), 1);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_shopper_cannot_read_or_change_another_shoppers_orders() {
    for app in TestApp::all().await {
        let v = victim_and_attacker(&app).await;
        assert_eq!(
            app.get("/api/orders", Some(&v.attacker)).await.body,
            json!([])
        );
        let stolen = app
            .get(&format!("/api/orders/{}", v.order), Some(&v.attacker))
            .await;
        assert_eq!(stolen.status, StatusCode::FORBIDDEN);
        assert_eq!(stolen.message(), "You can only access your own orders");
        let canceled = app
            .put(
                &format!("/api/orders/{}", v.order),
                Some(&v.attacker),
                json!({ "status": "canceled" }),
            )
            .await;
        assert_eq!(canceled.status, StatusCode::FORBIDDEN);
        let order = app
            .get(&format!("/api/orders/{}", v.order), Some(&v.token))
            .await;
        assert_eq!(order.status, StatusCode::OK);
        assert_eq!(order.body["status"], "pending");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_shopper_cannot_change_or_delete_another_shoppers_profile() {
    for app in TestApp::all().await {
        let v = victim_and_attacker(&app).await;
        let reply = app
            .put(
                &format!("/api/users/{}", v.id),
                Some(&v.attacker),
                json!({ "name": "x", "email": "x@example.com", "phone": "1", "password": "taken-over" }),
            )
            .await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN);
        assert_eq!(reply.message(), "You can only access your own account");
        let delete = app
            .delete(&format!("/api/users/{}", v.id), Some(&v.attacker))
            .await;
        assert_eq!(delete.status, StatusCode::FORBIDDEN);
        let me = app.get("/api/auth/me", Some(&v.token)).await;
        assert_eq!(me.body["email"], "hodan@example.com");
    }
}

// ---- tokens that must not open a session ----

fn base64_json(value: &Value) -> String {
    URL_SAFE_NO_PAD.encode(value.to_string())
}

fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

fn signed(algorithm: Algorithm, secret: &[u8], claims: &Value) -> String {
    encode(
        &Header::new(algorithm),
        claims,
        &EncodingKey::from_secret(secret),
    )
    .unwrap()
}

/// The admin's id, for tokens that try to pass as the admin.
async fn admin_id(app: &TestApp) -> String {
    let admin = app.admin_token().await;
    app.get("/api/auth/me", Some(&admin)).await.body["_id"]
        .as_str()
        .unwrap()
        .to_owned()
}

async fn assert_refused(app: &TestApp, token: &str) {
    let reply = app.get("/api/users", Some(token)).await;
    assert_eq!(reply.status, StatusCode::UNAUTHORIZED, "{token}");
    assert_eq!(
        reply.message(),
        "Your session has expired. Please log in again."
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_token_with_a_forged_payload_is_refused() {
    for app in TestApp::all().await {
        let admin = admin_id(&app).await;
        let (token, _) = app.shopper("eve").await;
        let parts: Vec<&str> = token.split('.').collect();
        let claims = json!({ "sub": admin, "iat": now(), "exp": now() + 3600 });
        let forged = format!("{}.{}.{}", parts[0], base64_json(&claims), parts[2]);
        assert_refused(&app, &forged).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_expired_token_is_refused() {
    for app in TestApp::all().await {
        let admin = admin_id(&app).await;
        let claims = json!({ "sub": admin, "iat": now() - 7200, "exp": now() - 3600 });
        assert_refused(&app, &signed(Algorithm::HS256, TOKEN_SECRET, &claims)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unsigned_alg_none_token_is_refused() {
    for app in TestApp::all().await {
        let admin = admin_id(&app).await;
        let header = json!({ "alg": "none", "typ": "JWT" });
        let claims = json!({ "sub": admin, "iat": now(), "exp": now() + 3600 });
        for signature in ["", "AAAA"] {
            let token = format!(
                "{}.{}.{signature}",
                base64_json(&header),
                base64_json(&claims)
            );
            assert_refused(&app, &token).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_token_signed_with_another_secret_is_refused() {
    for app in TestApp::all().await {
        let admin = admin_id(&app).await;
        let claims = json!({ "sub": admin, "iat": now(), "exp": now() + 3600 });
        let token = signed(
            Algorithm::HS256,
            b"another-secret-that-is-long-enough-for-hs256",
            &claims,
        );
        assert_refused(&app, &token).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_token_with_another_algorithm_is_refused_even_with_the_right_secret() {
    for app in TestApp::all().await {
        let admin = admin_id(&app).await;
        let claims = json!({ "sub": admin, "iat": now(), "exp": now() + 3600 });
        assert_refused(&app, &signed(Algorithm::HS512, TOKEN_SECRET, &claims)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_token_naming_a_hostile_user_id_is_refused() {
    for app in TestApp::all().await {
        let claims = json!({ "sub": "../../etc/passwd", "iat": now(), "exp": now() + 3600 });
        assert_refused(&app, &signed(Algorithm::HS256, TOKEN_SECRET, &claims)).await;
    }
}
