//! Sizes and colours over HTTP: the admin's grid, the cart per size, checkout and cancel per
//! size, 'Show only my size', and buyers racing for the last unit of one size.

use crate::helpers::{product_form, TestApp, APPROVED_PHONE};
use futures_util::future::join_all;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

/// Creates "Linen Wrap Dress" with sizes S (2), M in Black (1), M in Red (0), L (4).
pub(crate) async fn dress(app: &TestApp, admin: &str) -> Value {
    let grid = json!([
        { "size": "S", "stock": 2 },
        { "size": "M", "colour": "Black", "sku": "LWD-M-BLK", "stock": 1 },
        { "size": "M", "colour": "Red", "stock": 0 },
        { "size": "L", "stock": 4 }
    ]);
    let form = product_form(&[
        ("name", "Linen Wrap Dress"),
        ("description", "Breezy linen"),
        ("category", "women"),
        ("price", "40"),
        ("variants", &grid.to_string()),
    ]);
    let reply = app
        .multipart(Method::POST, "/api/products", admin, form)
        .await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
    reply.body
}

pub(crate) fn size_id(product: &Value, size: &str, colour: Option<&str>) -> String {
    product["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["size"] == size && v["colour"].as_str() == colour)
        .unwrap_or_else(|| panic!("no size {size} {colour:?} in {product}"))["_id"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// Size, colour and stock of each variant, in order, and the product's stock.
fn sizes(product: &Value) -> (Vec<(String, Value, u64)>, u64) {
    (
        product["variants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| {
                (
                    v["size"].as_str().unwrap().to_owned(),
                    v["colour"].clone(),
                    v["stock"].as_u64().unwrap(),
                )
            })
            .collect(),
        product["stock"].as_u64().unwrap(),
    )
}

pub(crate) async fn add_size(
    app: &TestApp,
    token: &str,
    product: &str,
    size: &str,
    quantity: i64,
) -> Value {
    let reply = app
        .post(
            "/api/cart/add",
            Some(token),
            json!({ "productId": product, "variantId": size, "quantity": quantity }),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    reply.body
}

#[tokio::test(flavor = "multi_thread")]
async fn an_admin_creates_sizes_and_their_sum_is_the_stock() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let created = dress(&app, &admin).await;
        let (variants, stock) = sizes(&created);
        assert_eq!(stock, 7, "{}", app.backend);
        assert_eq!(
            variants,
            [
                ("S".into(), Value::Null, 2),
                ("M".into(), json!("Black"), 1),
                ("M".into(), json!("Red"), 0),
                ("L".into(), Value::Null, 4)
            ]
        );
        assert_eq!(created["variants"][1]["sku"], "LWD-M-BLK");
        assert_eq!(created["variants"][2]["stockStatus"], "outOfStock");
        let running_low: Vec<&Value> = created["variants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| &v["runningLow"])
            .collect();
        assert_eq!(
            running_low,
            [&json!(true), &json!(true), &json!(false), &json!(false)],
            "1 to 3 left"
        );
        let generated = created["variants"][0]["sku"].as_str().unwrap();
        assert!(generated.starts_with("LINEN-WRAP-D-S-"), "{generated}");
        assert_eq!(created["stockStatus"], "lowStock");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_bad_grid_is_400_with_a_message_and_nothing_is_stored() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        dress(&app, &admin).await;
        let cases = [
            (json!([{ "size": "S", "stock": -1 }]), "Stock of size S must be a whole number of 0 or more"),
            (json!([{ "size": "S", "stock": 1.5 }]), "Stock of size S must be a whole number of 0 or more"),
            (json!([{ "size": "  ", "stock": 1 }]), "Each size needs a name"),
            (
                json!([{ "size": "M", "colour": "Black", "stock": 1 }, { "size": "m", "colour": "black", "stock": 2 }]),
                "Size m, black is listed twice",
            ),
            (
                json!([{ "size": "S", "sku": "A-1", "stock": 1 }, { "size": "M", "sku": "a-1", "stock": 1 }]),
                "SKU a-1 is used twice",
            ),
            (
                json!([{ "size": "S", "sku": "LWD-M-BLK", "stock": 1 }]),
                "SKU LWD-M-BLK is already used by another product",
            ),
            (json!("[{size"), "Sizes must be a JSON array like [{\"size\":\"M\",\"colour\":\"Black\",\"stock\":3}]"),
            (json!({ "size": "S" }), "Sizes must be a JSON array like [{\"size\":\"M\",\"colour\":\"Black\",\"stock\":3}]"),
        ];
        for (grid, message) in cases {
            let body = json!({ "name": "Kids Hoodie", "description": "Warm", "category": "kids",
                "price": 20, "variants": grid });
            let reply = app.post("/api/products", Some(&admin), body).await;
            assert_eq!(
                reply.status,
                StatusCode::BAD_REQUEST,
                "{grid}: {}",
                reply.body
            );
            assert_eq!(reply.body["errors"]["variants"], message, "{}", app.backend);
        }
        let listed = app.get("/api/products", None).await;
        assert_eq!(listed.body.as_array().unwrap().len(), 1, "only the dress");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_edit_keeps_adds_and_removes_sizes_and_never_puts_sold_units_back() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let created = dress(&app, &admin).await;
        let id = created["_id"].as_str().unwrap();
        let small = size_id(&created, "S", None);
        let large = size_id(&created, "L", None);
        // The admin's grid opened now; then a shopper buys an L.
        let (token, _) = app.shopper("amina").await;
        add_size(&app, &token, id, &large, 1).await;
        let bought = app.checkout(&token, APPROVED_PHONE).await;
        assert_eq!(bought.status, StatusCode::CREATED, "{}", bought.body);
        let edit = json!({ "variants": [
            { "_id": large, "size": "L", "stock": 4, "expectedStock": 4 },
            { "_id": small, "size": "S", "stock": 5, "expectedStock": 2 },
            { "size": "XL", "stock": 3 }
        ]});
        let path = format!("/api/products/{id}");
        let edited = app.put(&path, Some(&admin), edit).await;
        assert_eq!(edited.status, StatusCode::OK, "{}", edited.body);
        assert_eq!(
            sizes(&edited.body),
            (
                vec![
                    ("L".into(), Value::Null, 3),
                    ("S".into(), Value::Null, 5),
                    ("XL".into(), Value::Null, 3)
                ],
                11
            ),
            "{}: the L sold meanwhile stays sold",
            app.backend
        );
        let stale =
            json!({ "variants": [{ "_id": small, "size": "S", "stock": 9, "expectedStock": 2 }] });
        let refused = app.put(&path, Some(&admin), stale).await;
        assert_eq!(refused.status, StatusCode::CONFLICT);
        assert_eq!(
            refused.body["message"],
            "Stock of size S changed since you opened this product: now 5"
        );
        // The order keeps its size after the edit.
        let orders = app.get("/api/orders", Some(&token)).await;
        assert_eq!(orders.body[0]["products"][0]["variant"]["size"], "L");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_cart_needs_a_size_and_holds_each_size_as_its_own_line() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let created = dress(&app, &admin).await;
        let id = created["_id"].as_str().unwrap();
        let (token, _) = app.shopper("amina").await;
        let no_size = app.add_to_cart(&token, id, 1).await;
        assert_eq!(no_size.status, StatusCode::BAD_REQUEST);
        assert_eq!(no_size.body["message"], "Please select a size");
        let unknown = app
            .post(
                "/api/cart/add",
                Some(&token),
                json!({ "productId": id, "variantId": "nope", "quantity": 1 }),
            )
            .await;
        assert_eq!(unknown.status, StatusCode::NOT_FOUND);
        assert_eq!(unknown.body["message"], "Size not found");
        let black_m = size_id(&created, "M", Some("Black"));
        let small = size_id(&created, "S", None);
        add_size(&app, &token, id, &black_m, 1).await;
        let too_many = app
            .post(
                "/api/cart/add",
                Some(&token),
                json!({ "productId": id, "variantId": black_m, "quantity": 1 }),
            )
            .await;
        assert_eq!(too_many.status, StatusCode::CONFLICT);
        assert_eq!(too_many.body["message"], "Only 1 left in stock");
        let cart = add_size(&app, &token, id, &small, 2).await;
        let lines: Vec<(Value, Value, Value)> = cart["products"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                (
                    l["variant"]["size"].clone(),
                    l["variant"]["colour"].clone(),
                    l["quantity"].clone(),
                )
            })
            .collect();
        assert_eq!(
            lines,
            [
                (json!("M"), json!("Black"), json!(1)),
                (json!("S"), Value::Null, json!(2))
            ],
            "{}",
            app.backend
        );
        assert_eq!(cart["subtotal"], 120.0);
        let path = format!("/api/cart/remove/{id}?variantId={black_m}");
        let removed = app.delete(&path, Some(&token)).await;
        assert_eq!(removed.status, StatusCode::OK);
        assert_eq!(removed.body["products"].as_array().unwrap().len(), 1);
        assert_eq!(removed.body["products"][0]["variant"]["size"], "S");
        // A client that knows no sizes removes the product: every size of it.
        let every_size = app
            .delete(&format!("/api/cart/remove/{id}"), Some(&token))
            .await;
        assert_eq!(every_size.status, StatusCode::OK);
        assert_eq!(every_size.body["products"], json!([]));
        let again = app
            .delete(&format!("/api/cart/remove/{id}"), Some(&token))
            .await;
        assert_eq!(
            (again.status, again.body["message"].clone()),
            (StatusCode::NOT_FOUND, json!("Product not in cart"))
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_cancel_gives_the_units_back_to_their_size() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let created = dress(&app, &admin).await;
        let id = created["_id"].as_str().unwrap();
        let (token, _) = app.shopper("amina").await;
        add_size(&app, &token, id, &size_id(&created, "L", None), 3).await;
        let bought = app.checkout(&token, APPROVED_PHONE).await;
        assert_eq!(bought.status, StatusCode::CREATED, "{}", bought.body);
        let line = &bought.body["order"]["products"][0];
        assert_eq!(line["variant"]["size"], "L");
        assert_eq!(line["variant"]["colour"], Value::Null);
        let product_path = format!("/api/products/{id}");
        let after_sale = app.get(&product_path, None).await.body;
        assert_eq!(sizes(&after_sale).0[3].2, 1, "{}", app.backend);
        assert_eq!(sizes(&after_sale).1, 4);
        let order = bought.body["order"]["_id"].as_str().unwrap();
        let canceled = app
            .put(
                &format!("/api/orders/{order}"),
                Some(&admin),
                json!({ "status": "canceled" }),
            )
            .await;
        assert_eq!(canceled.status, StatusCode::OK, "{}", canceled.body);
        let restocked = app.get(&product_path, None).await.body;
        assert_eq!(sizes(&restocked), sizes(&created), "{}", app.backend);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn show_only_my_size_lists_products_with_stock_in_it() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        dress(&app, &admin).await;
        app.product(&admin, "Silk Scarf", "12", 9).await;
        let names = |reply: &Value| -> Vec<String> {
            reply
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["name"].as_str().unwrap().to_owned())
                .collect()
        };
        for (query, expected) in [
            ("/api/products?size=m", vec!["Linen Wrap Dress"]),
            ("/api/products?size=M&colour=red", vec![]),
            (
                "/api/products/category/women?size=L&page=1&limit=24",
                vec!["Linen Wrap Dress"],
            ),
            ("/api/products/search?q=linen&size=XS", vec![]),
            (
                "/api/products/search?q=linen&size=s",
                vec!["Linen Wrap Dress"],
            ),
            ("/api/products", vec!["Silk Scarf", "Linen Wrap Dress"]),
        ] {
            let reply = app.get(query, None).await;
            assert_eq!(reply.status, StatusCode::OK);
            assert_eq!(names(&reply.body), expected, "{query} on {}", app.backend);
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn buyers_racing_for_the_last_unit_of_a_size_get_exactly_that_unit() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let created = dress(&app, &admin).await;
        let id = created["_id"].as_str().unwrap();
        let black_m = size_id(&created, "M", Some("Black"));
        let mut buyers = Vec::new();
        for i in 0..6 {
            let (token, _) = app.shopper(&format!("buyer{i}")).await;
            add_size(&app, &token, id, &black_m, 1).await;
            buyers.push(token);
        }
        let checkouts = join_all(buyers.iter().map(|t| app.checkout(t, APPROVED_PHONE))).await;
        let placed = checkouts
            .iter()
            .filter(|r| r.status == StatusCode::CREATED)
            .count();
        assert_eq!(placed, 1, "{}: exactly the one unit sold", app.backend);
        for refused in checkouts.iter().filter(|r| r.status != StatusCode::CREATED) {
            assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.body);
            assert_eq!(
                refused.body["message"],
                "Not enough stock for Linen Wrap Dress (M, Black): 0 left"
            );
        }
        let after = app.get(&format!("/api/products/{id}"), None).await.body;
        assert_eq!(
            sizes(&after),
            (
                vec![
                    ("S".into(), Value::Null, 2),
                    ("M".into(), json!("Black"), 0),
                    ("M".into(), json!("Red"), 0),
                    ("L".into(), Value::Null, 4)
                ],
                6
            ),
            "{}: other sizes untouched",
            app.backend
        );
    }
}
