//! The audit trail: admin changes are recorded with their fields before and after, listed
//! newest first, to admins only.

use crate::helpers::{TestApp, ADMIN_EMAIL, APPROVED_PHONE};
use reqwest::StatusCode;
use serde_json::{json, Value};
use shop_payments::sandbox::NO_ANSWER_NUMBER;

/// The entries without their id and time, which the test cannot know.
fn without_id_and_time(entries: &Value) -> Vec<Value> {
    entries
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| {
            let mut entry = entry.clone();
            let fields = entry.as_object_mut().unwrap();
            let id = fields.remove("id").unwrap();
            assert!(id.as_str().is_some_and(|id| !id.is_empty()), "{id}");
            let at = fields.remove("at").unwrap();
            chrono::DateTime::parse_from_rfc3339(at.as_str().unwrap()).expect("an RFC 3339 time");
            entry
        })
        .collect()
}

fn product_fields(price: f64, stock: u32) -> Value {
    json!({ "name": "Abaya", "description": "A lovely piece", "category": "women",
            "tags": ["new", "summer"], "price": price, "discount": 0, "stock": stock, "variants": [],
            "isFeatured": false, "image": null, "colourImages": {} })
}

#[tokio::test(flavor = "multi_thread")]
async fn admin_changes_are_listed_newest_first_with_exact_before_and_after() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let me = app.get("/api/auth/me", Some(&admin)).await.body;
        let (admin_id, admin_name) = (me["_id"].clone(), me["name"].clone());
        let entry = |action: &str, entity: &str, id: &Value, before: Value, after: Value| {
            json!({ "actorId": admin_id, "actorEmail": ADMIN_EMAIL, "actorName": admin_name,
                    "actorRole": "admin", "action": action,
                    "entity": entity, "entityId": id, "before": before, "after": after })
        };

        let product = app.product(&admin, "Abaya", "20", 10).await["_id"].clone();
        let path = format!("/api/products/{}", product.as_str().unwrap());
        let updated = app
            .put(&path, Some(&admin), json!({ "price": 18.5, "stock": 4 }))
            .await;
        assert_eq!(updated.status, StatusCode::OK);

        let settings = json!({ "shopName": "Dukaan Online", "supportPhone": "+252 61 000 0000",
            "supportEmail": "help@dukaan.so", "shippingFee": 3 });
        let saved = app.put("/api/settings", Some(&admin), settings).await;
        assert_eq!(saved.status, StatusCode::OK);

        let created = app
            .post(
                "/api/auth/register",
                Some(&admin),
                json!({ "name": "Hodan", "email": "hodan@example.com", "phone": "615551234", "role": "admin" }),
            )
            .await;
        let hodan = created.body["user"]["_id"].clone();
        let hodan_path = format!("/api/users/{}", hodan.as_str().unwrap());
        let demoted = app
            .put(
                &hodan_path,
                Some(&admin),
                json!({ "name": "Hodan A", "email": "hodan@example.com", "phone": "615551234",
                        "role": "user", "password": "new-secret" }),
            )
            .await;
        assert_eq!(demoted.status, StatusCode::OK);

        let (shopper, _) = app.shopper("amina").await;
        let order = app
            .buy(&shopper, product.as_str().unwrap(), 1, APPROVED_PHONE)
            .await
            .body["order"]["_id"]
            .clone();
        let order_path = format!("/api/orders/{}", order.as_str().unwrap());
        let shipped = app
            .put(&order_path, Some(&admin), json!({ "status": "shipped" }))
            .await;
        assert_eq!(shipped.status, StatusCode::OK);

        assert_eq!(app.delete(&path, Some(&admin)).await.status, StatusCode::OK);
        assert_eq!(
            app.delete(&hodan_path, Some(&admin)).await.status,
            StatusCode::OK
        );

        let reply = app.get("/api/admin/audit", Some(&admin)).await;
        assert_eq!(reply.status, StatusCode::OK);
        assert_eq!(reply.headers["x-total-count"], "8");
        let hodan_after_update = json!({ "name": "Hodan A", "email": "hodan@example.com",
            "phone": "615551234", "role": "user", "mustChangePassword": true });
        assert_eq!(
            without_id_and_time(&reply.body),
            vec![
                entry(
                    "user.delete",
                    "user",
                    &hodan,
                    hodan_after_update.clone(),
                    Value::Null
                ),
                entry(
                    "product.delete",
                    "product",
                    &product,
                    product_fields(18.5, 3),
                    Value::Null
                ),
                entry(
                    "order.status",
                    "order",
                    &order,
                    json!({ "status": "pending", "paymentStatus": "paid" }),
                    json!({ "status": "shipped", "paymentStatus": "paid" }),
                ),
                entry(
                    "user.update",
                    "user",
                    &hodan,
                    json!({ "name": "Hodan", "email": "hodan@example.com", "phone": "615551234",
                            "role": "admin", "mustChangePassword": true }),
                    json!({ "name": "Hodan A", "email": "hodan@example.com", "phone": "615551234",
                            "role": "user", "mustChangePassword": true, "passwordChanged": true }),
                ),
                entry(
                    "user.create",
                    "user",
                    &hodan,
                    Value::Null,
                    json!({ "name": "Hodan", "email": "hodan@example.com", "phone": "615551234",
                            "role": "admin", "mustChangePassword": true }),
                ),
                entry(
                    "settings.update",
                    "settings",
                    &Value::Null,
                    json!({ "shopName": "Dukaan", "supportPhone": "+252 61 000 0000",
                            "supportEmail": "help@dukaan.so", "shippingFee": 5.0, "cashOnDeliveryMax": 200.0 }),
                    json!({ "shopName": "Dukaan Online", "supportPhone": "+252 61 000 0000",
                            "supportEmail": "help@dukaan.so", "shippingFee": 3.0, "cashOnDeliveryMax": 200.0 }),
                ),
                entry(
                    "product.update",
                    "product",
                    &product,
                    product_fields(20.0, 10),
                    product_fields(18.5, 4)
                ),
                entry(
                    "product.create",
                    "product",
                    &product,
                    Value::Null,
                    product_fields(20.0, 10)
                ),
            ]
        );
        assert!(!reply.body.to_string().contains("argon2"));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_audit_trail_comes_a_page_at_a_time_with_the_total() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        for name in ["One", "Two", "Three"] {
            app.product(&admin, name, "10", 1).await;
        }
        let page = app
            .get("/api/admin/audit?page=2&limit=2", Some(&admin))
            .await;
        assert_eq!(page.status, StatusCode::OK);
        assert_eq!(page.headers["x-total-count"], "3");
        let entries = page.body.as_array().unwrap();
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0]["after"]["name"], "One");
        let bad = app
            .get("/api/admin/audit?page=0&limit=2", Some(&admin))
            .await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST);
        assert_eq!(bad.message(), "page must be a whole number from 1");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn only_admins_read_the_audit_trail() {
    for app in TestApp::all().await {
        let anonymous = app.get("/api/admin/audit", None).await;
        assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
        assert_eq!(anonymous.message(), "Please log in to continue");
        let (shopper, _) = app.shopper("amina").await;
        let reply = app.get("/api/admin/audit", Some(&shopper)).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN);
        assert_eq!(reply.message(), "Unauthorized");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn what_shoppers_do_to_their_own_things_is_not_audited() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let (token, id) = app.shopper("amina").await;
        let reply = app
            .put(
                &format!("/api/users/{id}"),
                Some(&token),
                json!({ "name": "Amina H", "email": "amina@example.com", "phone": "615551234" }),
            )
            .await;
        assert_eq!(reply.status, StatusCode::OK);
        let trail = app.get("/api/admin/audit", Some(&admin)).await;
        assert_eq!(trail.body, json!([]));
        assert_eq!(trail.headers["x-total-count"], "0");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn confirming_an_unconfirmed_payment_is_audited() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let product = app.product(&admin, "Dress", "20", 5).await;
        let (token, _) = app.shopper("amina").await;
        let placed = app
            .buy(
                &token,
                product["_id"].as_str().unwrap(),
                1,
                NO_ANSWER_NUMBER,
            )
            .await;
        assert_eq!(placed.status, StatusCode::ACCEPTED);
        let order = placed.body["order"]["_id"].as_str().unwrap();
        let paid = app
            .put(
                &format!("/api/orders/{order}/payment"),
                Some(&admin),
                json!({ "paymentStatus": "paid", "transactionId": "EVC-4411" }),
            )
            .await;
        assert_eq!(paid.status, StatusCode::OK);
        let trail = app.get("/api/admin/audit?limit=1", Some(&admin)).await;
        let entry = &trail.body[0];
        assert_eq!(entry["action"], "order.payment");
        assert_eq!(entry["entity"], "order");
        assert_eq!(entry["entityId"], order);
        assert_eq!(
            entry["before"],
            json!({ "paymentStatus": "pending", "transactionId": null })
        );
        assert_eq!(
            entry["after"],
            json!({ "paymentStatus": "paid", "transactionId": "EVC-4411" })
        );
    }
}
