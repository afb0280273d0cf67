use crate::helpers::TestApp;
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test(flavor = "multi_thread")]
async fn the_cart_adds_changes_and_removes_lines_with_server_totals() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dress", "19.99", 5).await;
        let id = dress["_id"].as_str().unwrap();
        let (token, _) = app.shopper("amina").await;

        let cart = app.add_to_cart(&token, id, 2).await;
        assert_eq!(cart.status, StatusCode::OK);
        assert_eq!(cart.body["products"][0]["productId"]["name"], "Dress");
        assert_eq!(cart.body["products"][0]["quantity"], 2);
        assert_eq!(cart.body["products"][0]["lineTotal"], 39.98);
        assert_eq!(cart.body["itemCount"], 2);
        assert_eq!(cart.body["subtotal"], 39.98);
        assert_eq!(cart.body["shipping"], 5.0);
        assert_eq!(cart.body["total"], 44.98);

        let less = app.add_to_cart(&token, id, -1).await;
        assert_eq!(less.body["products"][0]["quantity"], 1);
        let below = app.add_to_cart(&token, id, -1).await;
        assert_eq!(below.status, StatusCode::BAD_REQUEST);
        assert_eq!(below.message(), "Quantity must be at least 1");

        let too_many = app.add_to_cart(&token, id, 5).await;
        assert_eq!(too_many.status, StatusCode::CONFLICT);
        assert_eq!(too_many.message(), "Only 5 left in stock");
        assert_eq!(
            app.get("/api/cart", Some(&token)).await.body["products"][0]["quantity"],
            1
        );

        let removed = app
            .delete(&format!("/api/cart/remove/{id}"), Some(&token))
            .await;
        assert_eq!(removed.status, StatusCode::OK);
        assert_eq!(removed.body["products"], json!([]));
        assert_eq!(removed.body["total"], 0.0);
        assert_eq!(
            app.delete(&format!("/api/cart/remove/{id}"), Some(&token))
                .await
                .status,
            StatusCode::NOT_FOUND
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_out_of_stock_or_unknown_product_cannot_be_added() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let sold_out = app.product(&admin, "Sold Out", "10", 0).await;
        let (token, _) = app.shopper("amina").await;
        let reply = app
            .add_to_cart(&token, sold_out["_id"].as_str().unwrap(), 1)
            .await;
        assert_eq!(reply.status, StatusCode::CONFLICT);
        assert_eq!(reply.message(), "This product is out of stock");
        let unknown = app.add_to_cart(&token, "no-such-product", 1).await;
        assert_eq!(unknown.status, StatusCode::NOT_FOUND);
        assert_eq!(unknown.message(), "Product not found");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_wishlist_accepts_a_product_once_and_removes_it() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let hijab = app.product(&admin, "Hijab", "9.5", 5).await;
        let id = hijab["_id"].as_str().unwrap();
        let (token, _) = app.shopper("amina").await;
        let first = app
            .post(
                "/api/wishlist/add",
                Some(&token),
                json!({ "productId": id }),
            )
            .await;
        assert_eq!(first.status, StatusCode::CREATED);
        assert_eq!(first.message(), "Added to wishlist");
        let again = app
            .post(
                "/api/wishlist/add",
                Some(&token),
                json!({ "productId": id }),
            )
            .await;
        assert_eq!(again.status, StatusCode::OK);
        assert_eq!(again.message(), "Product already in wishlist");
        let list = app.get("/api/wishlist", Some(&token)).await;
        assert_eq!(list.body["products"].as_array().unwrap().len(), 1);
        assert_eq!(list.body["products"][0]["productId"]["price"], 9.5);
        let removed = app
            .delete(&format!("/api/wishlist/remove/{id}"), Some(&token))
            .await;
        assert_eq!(removed.status, StatusCode::OK);
        assert_eq!(removed.message(), "Removed from wishlist");
        assert_eq!(
            app.get("/api/wishlist", Some(&token)).await.body["products"],
            json!([])
        );
        assert_eq!(
            app.delete(&format!("/api/wishlist/remove/{id}"), Some(&token))
                .await
                .status,
            StatusCode::NOT_FOUND
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_deleted_product_leaves_carts_and_wishlists() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let scarf = app.product(&admin, "Scarf", "5", 5).await;
        let id = scarf["_id"].as_str().unwrap();
        let (token, _) = app.shopper("amina").await;
        app.add_to_cart(&token, id, 1).await;
        app.post(
            "/api/wishlist/add",
            Some(&token),
            json!({ "productId": id }),
        )
        .await;
        app.delete(&format!("/api/products/{id}"), Some(&admin))
            .await;
        assert_eq!(
            app.get("/api/cart", Some(&token)).await.body["products"],
            json!([])
        );
        assert_eq!(
            app.get("/api/wishlist", Some(&token)).await.body["products"],
            json!([])
        );
    }
}
