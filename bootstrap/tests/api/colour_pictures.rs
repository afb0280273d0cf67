//! Pictures per colour over HTTP (issue 44): uploaded, ordered and removed by colour, shown in
//! `colourImages` in the sizes' order, and the first colour's first picture on cards and the
//! served page.

use crate::helpers::{with_image, TestApp, APPROVED_PHONE};
use crate::variants::{dress, size_id};
use futures_util::future::join_all;
use reqwest::multipart::Form;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

fn picture(shade: u32) -> Form {
    with_image(
        Form::new(),
        shop_images::demo_picture(shop_images::Garment::Dress, None, shade),
        "dress.png",
        "image/png",
    )
}

async fn upload(app: &TestApp, token: &str, product: &str, colour: &str, shade: u32) -> Value {
    let path = format!("/api/products/{product}/colours/{colour}/images");
    let reply = app
        .multipart(Method::POST, &path, token, picture(shade))
        .await;
    assert_eq!(
        reply.status,
        StatusCode::OK,
        "{}: {}",
        app.backend,
        reply.body
    );
    reply.body
}

fn paths(product: &Value, colour: &str) -> Vec<String> {
    product["colourImages"][colour]
        .as_array()
        .unwrap_or_else(|| panic!("no pictures of {colour} in {product}"))
        .iter()
        .map(|p| p.as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn each_colour_shows_its_own_pictures_and_the_first_colours_is_the_cover() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let product = dress(&app, &admin).await;
        let id = product["_id"].as_str().unwrap();
        assert_eq!(product["colourImages"], json!({}));
        upload(&app, &admin, id, "Red", 1).await;
        upload(&app, &admin, id, "red", 2).await;
        let product = upload(&app, &admin, id, "BLACK", 3).await;
        // Black's sizes come before Red's, whatever got pictures first.
        let colours: Vec<&String> = product["colourImages"]
            .as_object()
            .unwrap()
            .keys()
            .collect();
        assert_eq!(colours, ["Black", "Red"], "{}", app.backend);
        let (black, red) = (paths(&product, "Black"), paths(&product, "Red"));
        assert_eq!((black.len(), red.len()), (1, 2));
        assert_eq!(product["image"], black[0].as_str(), "{}", app.backend);
        assert_eq!(product["gallery"], json!([]));

        let shown = app.get(&format!("/api/products/{id}"), None).await;
        assert_eq!(shown.body["colourImages"], product["colourImages"]);
        let (status, _, page) = app.page(&format!("/product/{id}"), &[]).await;
        assert_eq!(status, StatusCode::OK);
        assert!(page.contains(&black[0]), "{}: the served page", app.backend);

        let order = format!("/api/products/{id}/colours/Red/images");
        let reordered = app
            .put(&order, Some(&admin), json!({ "images": [red[1], red[0]] }))
            .await;
        assert_eq!(reordered.status, StatusCode::OK, "{}", reordered.body);
        assert_eq!(
            paths(&reordered.body, "Red"),
            [red[1].clone(), red[0].clone()]
        );

        let removed = app
            .delete(
                &format!("/api/products/{id}/colours/Black/images/0"),
                Some(&admin),
            )
            .await;
        assert_eq!(removed.status, StatusCode::OK, "{}", removed.body);
        assert_eq!(
            removed.body["colourImages"],
            json!({ "Red": [red[1], red[0]] })
        );
        assert_eq!(removed.body["image"], red[1].as_str(), "{}", app.backend);
        let audit = app.get("/api/admin/audit?limit=1", Some(&admin)).await;
        assert_eq!(audit.status, StatusCode::OK, "{}", audit.body);
        assert_eq!(audit.body[0]["entityId"], id);
        assert_eq!(
            audit.body[0]["after"]["colourImages"],
            json!({ "Red": [red[1], red[0]] }),
            "{}",
            app.backend
        );
    }
}

/// `full`'s thumbnail, as the picture store names it.
fn thumbnail_of(full: &str) -> String {
    full.replace(".jpg", "-thumb.jpg")
}

#[tokio::test(flavor = "multi_thread")]
async fn a_line_shows_its_colours_picture_in_the_cart_and_keeps_it_in_the_order() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let product = dress(&app, &admin).await;
        let id = product["_id"].as_str().unwrap();
        upload(&app, &admin, id, "Red", 1).await;
        let product = upload(&app, &admin, id, "Black", 3).await;
        let black = thumbnail_of(&paths(&product, "Black")[0]);
        let (shopper, _) = app.shopper("amina").await;
        for size in [
            size_id(&product, "M", Some("Black")),
            size_id(&product, "S", None),
        ] {
            let added = app
                .post(
                    "/api/cart/add",
                    Some(&shopper),
                    json!({ "productId": id, "variantId": size, "quantity": 1 }),
                )
                .await;
            assert_eq!(added.status, StatusCode::OK, "{}", added.body);
        }
        let cart = app.get("/api/cart", Some(&shopper)).await.body;
        let images: Vec<&Value> = cart["products"]
            .as_array()
            .unwrap()
            .iter()
            .map(|line| &line["image"])
            .collect();
        assert_eq!(
            images,
            [&json!(black), &Value::Null],
            "{}: Black's own picture; a size without a colour has the product's (none)",
            app.backend
        );
        let placed = app.checkout(&shopper, APPROVED_PHONE).await;
        assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
        let order = placed.body["order"]["_id"].as_str().unwrap();
        // Black's pictures change after the sale: the order keeps the one it was sold with.
        let changed = upload(&app, &admin, id, "Black", 4).await;
        let (old, new) = (&paths(&changed, "Black")[0], &paths(&changed, "Black")[1]);
        let reordered = app
            .put(
                &format!("/api/products/{id}/colours/Black/images"),
                Some(&admin),
                json!({ "images": [new, old] }),
            )
            .await;
        assert_eq!(reordered.status, StatusCode::OK, "{}", reordered.body);
        let kept = app
            .get(&format!("/api/orders/{order}"), Some(&shopper))
            .await;
        let black_line = kept.body["products"]
            .as_array()
            .unwrap()
            .iter()
            .find(|line| line["variant"]["colour"] == "Black")
            .unwrap();
        assert_eq!(black_line["image"], json!(black));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_wrong_colour_picture_or_order_is_refused_and_changes_nothing() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let product = dress(&app, &admin).await;
        let id = product["_id"].as_str().unwrap();
        let red = paths(&upload(&app, &admin, id, "Red", 1).await, "Red");
        let images = |colour: &str| format!("/api/products/{id}/colours/{colour}/images");

        let green = app
            .multipart(Method::POST, &images("Green"), &admin, picture(2))
            .await;
        assert_eq!(green.status, StatusCode::NOT_FOUND);
        assert_eq!(
            green.body["message"],
            "This product has no size in that colour"
        );
        let not_a_picture = with_image(Form::new(), b"<svg/>".to_vec(), "x.png", "image/png");
        let fake = app
            .multipart(Method::POST, &images("Red"), &admin, not_a_picture)
            .await;
        assert_eq!(fake.status, StatusCode::BAD_REQUEST, "{}", fake.body);
        let without = app
            .multipart(
                Method::POST,
                &images("Red"),
                &admin,
                Form::new().text("x", "y"),
            )
            .await;
        assert_eq!(without.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            without.body["errors"]["image"],
            "Choose a picture to upload, as the form's image field"
        );
        let (shopper, _) = app.shopper("amina").await;
        let refused = app
            .multipart(Method::POST, &images("Red"), &shopper, picture(3))
            .await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);

        for index in ["1", "-1", "x"] {
            let gone = app
                .delete(&format!("{}/{index}", images("Red")), Some(&admin))
                .await;
            assert_eq!(gone.status, StatusCode::NOT_FOUND, "{index}");
            assert_eq!(gone.body["message"], "This colour has no such picture");
        }
        let twice = app
            .put(
                &images("Red"),
                Some(&admin),
                json!({ "images": [red[0], red[0]] }),
            )
            .await;
        assert_eq!(twice.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            twice.body["errors"]["images"],
            "List each of this colour's pictures once, in their new order"
        );
        let missing = app
            .multipart(
                Method::POST,
                &images("Red").replace(id, "nope"),
                &admin,
                picture(4),
            )
            .await;
        assert_eq!(missing.status, StatusCode::NOT_FOUND);

        let stored = app.get(&format!("/api/products/{id}"), None).await;
        assert_eq!(
            stored.body["colourImages"],
            json!({ "Red": red }),
            "{}",
            app.backend
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn uploads_at_once_to_one_colour_are_all_kept() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let product = dress(&app, &admin).await;
        let id = product["_id"].as_str().unwrap();
        let uploads = (1..=4).map(|shade| upload(&app, &admin, id, "Black", shade));
        let answers = join_all(uploads).await;
        let mut all: Vec<String> = answers.iter().flat_map(|p| paths(p, "Black")).collect();
        all.sort();
        all.dedup();
        let stored = app.get(&format!("/api/products/{id}"), None).await;
        let mut kept = paths(&stored.body, "Black");
        assert_eq!(kept.len(), 4, "{}: {kept:?}", app.backend);
        kept.sort();
        assert_eq!(kept, all, "{}", app.backend);
    }
}
