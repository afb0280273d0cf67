//! Every admin route refuses visitors (401) and shoppers (403); shoppers only reach their own
//! things.

use crate::helpers::{TestApp, APPROVED_PHONE};
use reqwest::{Method, StatusCode};
use serde_json::json;

const ADMIN_ROUTES: &[(Method, &str)] = &[
    (Method::GET, "/api/users"),
    (Method::DELETE, "/api/users/someone"),
    (Method::POST, "/api/products"),
    (Method::PUT, "/api/products/p1"),
    (Method::DELETE, "/api/products/p1"),
    (Method::GET, "/api/orders/all"),
    (Method::PUT, "/api/orders/o1"),
    (Method::GET, "/api/admin/stats"),
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

#[tokio::test(flavor = "multi_thread")]
async fn a_shopper_cannot_read_or_change_another_shoppers_profile() {
    for app in TestApp::all().await {
        let (_, victim) = app.shopper("hodan").await;
        let (attacker, _) = app.shopper("eve").await;
        let reply = app
            .put(
                &format!("/api/users/{victim}"),
                Some(&attacker),
                json!({ "name": "x", "email": "x@example.com", "phone": "1" }),
            )
            .await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN);
        assert_eq!(reply.message(), "You can only access your own account");
        let delete = app
            .delete(&format!("/api/users/{victim}"), Some(&attacker))
            .await;
        assert_eq!(delete.status, StatusCode::FORBIDDEN);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn carts_wishlists_and_orders_belong_to_their_shopper() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let product = app.product(&admin, "Abaya", "20", 10).await;
        let id = product["_id"].as_str().unwrap();
        let (victim, _) = app.shopper("hodan").await;
        let (attacker, _) = app.shopper("eve").await;
        app.add_to_cart(&victim, id, 1).await;
        app.post(
            "/api/wishlist/add",
            Some(&victim),
            json!({ "productId": id }),
        )
        .await;
        let order = app.checkout(&victim, APPROVED_PHONE).await;
        let order_id = order.body["order"]["_id"].as_str().unwrap().to_owned();
        app.add_to_cart(&victim, id, 2).await;

        let cart = app.get("/api/cart", Some(&attacker)).await;
        assert_eq!(cart.body["products"].as_array().unwrap().len(), 0);
        let wishlist = app.get("/api/wishlist", Some(&attacker)).await;
        assert_eq!(wishlist.body["products"].as_array().unwrap().len(), 0);
        assert_eq!(
            app.get("/api/orders", Some(&attacker))
                .await
                .body
                .as_array()
                .unwrap()
                .len(),
            0
        );
        let stolen = app
            .get(&format!("/api/orders/{order_id}"), Some(&attacker))
            .await;
        assert_eq!(stolen.status, StatusCode::FORBIDDEN);
        assert_eq!(stolen.message(), "You can only access your own orders");
        assert_eq!(
            app.delete(&format!("/api/cart/remove/{id}"), Some(&attacker))
                .await
                .status,
            StatusCode::NOT_FOUND
        );

        assert_eq!(
            app.get("/api/cart", Some(&victim)).await.body["products"][0]["quantity"],
            2
        );
        assert_eq!(
            app.get(&format!("/api/orders/{order_id}"), Some(&victim))
                .await
                .status,
            StatusCode::OK
        );
        assert_eq!(
            app.get(&format!("/api/orders/{order_id}"), Some(&admin))
                .await
                .status,
            StatusCode::OK
        );
    }
}
