use crate::helpers::{product_form, with_image, TestApp, APPROVED_PHONE};
use reqwest::{Method, StatusCode};
use serde_json::json;

fn full_form(name: &str) -> reqwest::multipart::Form {
    product_form(&[
        ("name", name),
        ("description", "Flowing and light"),
        ("category", "kids"),
        ("price", "24.00"),
        ("stock", "12"),
        ("discount", "20"),
        ("tags", "new, eid ,"),
        ("isFeatured", "true"),
    ])
}

#[tokio::test(flavor = "multi_thread")]
async fn an_admin_creates_a_product_with_a_picture_served_immutably() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let form = with_image(
            full_form("Eid Dress"),
            shop_images::demo_picture(shop_images::Garment::Dress, None, 3),
            "dress.png",
            "image/png",
        );
        let reply = app
            .multipart(Method::POST, "/api/products", &admin, form)
            .await;
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
        let product = &reply.body;
        assert_eq!(product["name"], "Eid Dress");
        assert_eq!(product["category"], "kids");
        assert_eq!(product["price"], 24.0);
        assert_eq!(product["discount"], 20);
        assert_eq!(product["originalPrice"], 30.0);
        assert_eq!(product["stock"], 12);
        assert_eq!(product["stockStatus"], "inStock");
        assert_eq!(product["tags"], json!(["new", "eid"]));
        assert_eq!(product["isFeatured"], true);
        let image = product["image"].as_str().unwrap();
        assert!(image.starts_with("/uploads/"));
        let picture = reqwest::get(app.url(image)).await.unwrap();
        assert_eq!(picture.status(), StatusCode::OK);
        assert!(picture.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("immutable"));
        let thumbnail = reqwest::get(app.url(product["thumbnail"].as_str().unwrap()))
            .await
            .unwrap();
        assert_eq!(thumbnail.status(), StatusCode::OK);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_missing_picture_falls_back_to_the_placeholder() {
    for app in TestApp::all().await {
        let reply = reqwest::get(app.url("/uploads/ab/missing.jpg"))
            .await
            .unwrap();
        assert_eq!(reply.status(), StatusCode::OK);
        assert_eq!(reply.headers()["content-type"], "image/svg+xml");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_invalid_product_gets_spec_messages_and_nothing_is_stored() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let form = product_form(&[
            ("name", " "),
            ("description", ""),
            ("price", "0"),
            ("stock", "-1"),
            ("discount", "101"),
        ]);
        let reply = app
            .multipart(Method::POST, "/api/products", &admin, form)
            .await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST);
        let errors = &reply.body["errors"];
        assert_eq!(errors["name"], "Product name is required");
        assert_eq!(errors["description"], "Description is required");
        assert_eq!(errors["price"], "Valid price is required");
        assert_eq!(errors["stock"], "Valid stock quantity is required");
        assert_eq!(errors["discount"], "Discount must be between 0 and 100");
        assert_eq!(app.get("/api/products", None).await.body, json!([]));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn files_pretending_to_be_images_are_refused() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let fakes: [(&[u8], &str, &str); 3] = [
            (
                b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>",
                "x.svg",
                "image/svg+xml",
            ),
            (b"<html><body>hi</body></html>", "x.png", "image/png"),
            (b"\x89PNG\r\n\x1a\nnot really", "x.png", "image/png"),
        ];
        for (bytes, name, mime) in fakes {
            let form = with_image(full_form("Fake"), bytes.to_vec(), name, mime);
            let reply = app
                .multipart(Method::POST, "/api/products", &admin, form)
                .await;
            assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{name}");
            assert_eq!(
                reply.body["errors"]["image"],
                "Only image files are allowed"
            );
        }
        let too_big = with_image(
            full_form("Huge"),
            vec![0u8; 5 * 1024 * 1024 + 10],
            "big.png",
            "image/png",
        );
        let reply = app
            .multipart(Method::POST, "/api/products", &admin, too_big)
            .await;
        assert_eq!(reply.status, StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(reply.message(), "Images may be at most 5 MB");
        assert_eq!(app.get("/api/products", None).await.body, json!([]));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn lists_filter_by_category_featured_and_tag_and_page() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let kids = app
            .multipart(
                Method::POST,
                "/api/products",
                &admin,
                full_form("Kids Eid Dress"),
            )
            .await;
        assert_eq!(kids.status, StatusCode::CREATED);
        app.product(&admin, "Women Hijab", "9.99", 3).await;
        let all = app.get("/api/products", None).await;
        assert_eq!(all.body.as_array().unwrap().len(), 2);
        assert_eq!(all.body[0]["name"], "Women Hijab", "newest first");
        assert_eq!(
            app.get("/api/products/category/kids", None).await.body[0]["name"],
            "Kids Eid Dress"
        );
        assert_eq!(
            app.get("/api/products/category/women", None)
                .await
                .body
                .as_array()
                .unwrap()
                .len(),
            1
        );
        assert_eq!(
            app.get("/api/products/category/shoes", None).await.body,
            json!([])
        );
        let featured = app.get("/api/products/featured", None).await;
        assert_eq!(featured.body.as_array().unwrap().len(), 1);
        assert_eq!(
            app.get("/api/products/tag/NEW", None)
                .await
                .body
                .as_array()
                .unwrap()
                .len(),
            2
        );
        let page = app.get("/api/products?page=2&limit=1", None).await;
        assert_eq!(page.headers["x-total-count"], "2");
        assert_eq!(page.body[0]["name"], "Kids Eid Dress");
        assert_eq!(
            app.get("/api/products?limit=1000", None).await.status,
            StatusCode::BAD_REQUEST
        );
        let categories = app.get("/api/products/categories", None).await;
        assert_eq!(categories.body["kids"].as_array().unwrap().len(), 1);
        assert_eq!(categories.body["women"].as_array().unwrap().len(), 1);
        assert_eq!(categories.body["sales"], json!([]));
        let hijab = &app.get("/api/products/category/women", None).await.body[0];
        assert_eq!(hijab["stockStatus"], "lowStock");
        assert_eq!(hijab["originalPrice"], serde_json::Value::Null);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn categories_give_one_page_of_each_when_asked() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        for name in ["Hijab One", "Hijab Two", "Hijab Three"] {
            app.product(&admin, name, "9.99", 3).await;
        }
        let names = |list: &serde_json::Value| -> Vec<String> {
            list.as_array()
                .unwrap()
                .iter()
                .map(|p| p["name"].as_str().unwrap().to_owned())
                .collect()
        };
        let first = app.get("/api/products/categories?limit=2", None).await;
        assert_eq!(first.status, StatusCode::OK);
        assert_eq!(names(&first.body["women"]), ["Hijab Three", "Hijab Two"]);
        assert_eq!(first.body["kids"], json!([]));
        assert_eq!(first.body["sales"], json!([]));
        let second = app
            .get("/api/products/categories?page=2&limit=2", None)
            .await;
        assert_eq!(names(&second.body["women"]), ["Hijab One"]);
        let refused = app.get("/api/products/categories?limit=0", None).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            refused.message(),
            "limit must be a whole number from 1 to 100"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn search_matches_any_field_and_sorts() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        app.product(&admin, "Summer Dress", "30", 5).await;
        app.product(&admin, "Beach Kaftan", "10", 5).await;
        app.product(&admin, "Wool Coat", "80", 5).await;
        let names = |reply: &crate::helpers::Reply| {
            reply
                .body
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["name"].as_str().unwrap().to_owned())
                .collect::<Vec<_>>()
        };
        let relevance = app.get("/api/products/search?q=DRESS", None).await;
        assert_eq!(names(&relevance), ["Summer Dress"]);
        let by_tag = app
            .get("/api/products/search?q=summer&sort=price-asc", None)
            .await;
        assert_eq!(
            names(&by_tag),
            ["Beach Kaftan", "Summer Dress", "Wool Coat"]
        );
        let desc = app
            .get("/api/products/search?q=summer&sort=price-desc", None)
            .await;
        assert_eq!(names(&desc), ["Wool Coat", "Summer Dress", "Beach Kaftan"]);
        let newest = app
            .get("/api/products/search?q=lovely&sort=newest", None)
            .await;
        assert_eq!(
            names(&newest),
            ["Wool Coat", "Beach Kaftan", "Summer Dress"]
        );
        assert_eq!(
            app.get("/api/products/search?q=zzz", None).await.body,
            json!([])
        );
        assert_eq!(
            app.get("/api/products/search?q=a&sort=cheap", None)
                .await
                .status,
            StatusCode::BAD_REQUEST
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn one_product_is_found_updated_and_deleted() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let created = app.product(&admin, "Abaya", "45", 4).await;
        let path = format!("/api/products/{}", created["_id"].as_str().unwrap());
        assert_eq!(app.get(&path, None).await.body["name"], "Abaya");
        let update = app
            .put(
                &path,
                Some(&admin),
                json!({ "price": 40, "discount": "50", "stock": 0 }),
            )
            .await;
        assert_eq!(update.status, StatusCode::OK, "{}", update.body);
        assert_eq!(update.body["price"], 40.0);
        assert_eq!(update.body["originalPrice"], 80.0);
        assert_eq!(update.body["stockStatus"], "outOfStock");
        assert_eq!(update.body["name"], "Abaya");
        let invalid = app
            .put(&path, Some(&admin), json!({ "price": "free" }))
            .await;
        assert_eq!(invalid.body["errors"]["price"], "Valid price is required");
        let deleted = app.delete(&path, Some(&admin)).await;
        assert_eq!(deleted.status, StatusCode::OK);
        assert_eq!(deleted.message(), "Product deleted successfully");
        let gone = app.get(&path, None).await;
        assert_eq!(gone.status, StatusCode::NOT_FOUND);
        assert_eq!(gone.message(), "Product not found");
        assert_eq!(
            app.delete(&path, Some(&admin)).await.status,
            StatusCode::NOT_FOUND
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn search_results_come_a_page_at_a_time_with_their_total() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        for (name, price) in [
            ("Red Dress", "30"),
            ("Blue Dress", "10"),
            ("Green Dress", "20"),
        ] {
            app.product(&admin, name, price, 5).await;
        }
        let page = app
            .get(
                "/api/products/search?q=dress&sort=price-asc&page=2&limit=2",
                None,
            )
            .await;
        assert_eq!(page.status, StatusCode::OK, "{}", app.backend);
        assert_eq!(page.headers["x-total-count"], "3");
        assert_eq!(page.body.as_array().unwrap().len(), 1);
        assert_eq!(page.body[0]["name"], "Red Dress");
        let everything = app.get("/api/products/search?q=dress", None).await;
        assert_eq!(everything.headers["x-total-count"], "3");
        assert_eq!(everything.body.as_array().unwrap().len(), 3);
        let bad = app.get("/api/products/search?q=dress&limit=0", None).await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn catalogue_replies_come_from_memory_until_the_catalogue_changes() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dress", "20", 5).await;
        let id = dress["_id"].as_str().unwrap().to_owned();
        let path = format!("/api/products/{id}");
        let first = app.get(&path, None).await;
        let before = app.statements_run();
        let again = app.get(&path, None).await;
        let list = app.get("/api/products?page=1&limit=20", None).await;
        let list_again = app.get("/api/products?page=1&limit=20", None).await;
        assert_eq!(again.body, first.body);
        assert_eq!(list_again.body, list.body);
        assert_eq!(list_again.headers["x-total-count"], "1");
        assert!(
            app.statements_run() - before <= 2,
            "only the first list read and at most one version check reach the database ({})",
            app.backend
        );

        // An admin's change and a sale show at once.
        let form = product_form(&[("price", "25")]);
        let updated = app.multipart(Method::PUT, &path, &admin, form).await;
        assert_eq!(updated.status, StatusCode::OK, "{}", updated.body);
        assert_eq!(app.get(&path, None).await.body["price"], 25.0);
        let (token, _) = app.shopper("amina").await;
        assert_eq!(
            app.buy(&token, &id, 2, APPROVED_PHONE).await.status,
            StatusCode::CREATED
        );
        assert_eq!(app.get(&path, None).await.body["stock"], 3);
        assert_eq!(
            app.get("/api/products?page=1&limit=20", None).await.body[0]["stock"],
            3
        );
    }
}
