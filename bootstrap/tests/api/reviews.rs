//! Reviews over HTTP (issue 17), on both databases: only buyers of a delivered order write
//! them, every refusal, one review per shopper (writing again replaces it), the product's
//! rating and count following every change (in the catalogue's cached replies too), and
//! the back office hiding, showing and deleting them.

use crate::helpers::{TestApp, APPROVED_PHONE};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// A shopper who bought the product and had it delivered; their token.
async fn buyer(app: &TestApp, admin: &str, name: &str, product: &str) -> String {
    let (token, _) = app.shopper(name).await;
    let placed = app.buy(&token, product, 1, APPROVED_PHONE).await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
    let path = format!(
        "/api/orders/{}",
        placed.body["order"]["_id"].as_str().unwrap()
    );
    for status in ["shipped", "delivered"] {
        let moved = app
            .put(&path, Some(admin), json!({ "status": status }))
            .await;
        assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
    }
    token
}

async fn rating_of(app: &TestApp, product: &str) -> (f64, u64) {
    let shown = app
        .get(&format!("/api/products/{product}"), None)
        .await
        .body;
    (
        shown["rating"].as_f64().unwrap(),
        shown["reviews"].as_u64().unwrap(),
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn buyers_review_once_and_the_rating_follows_every_change() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dress", "20", 10).await;
        let id = dress["_id"].as_str().unwrap().to_owned();
        assert_eq!(rating_of(&app, &id).await, (0.0, 0), "no made-up rating");
        let reviews = format!("/api/products/{id}/reviews");
        let amina = buyer(&app, &admin, "amina", &id).await;
        let hodan = buyer(&app, &admin, "hodan", &id).await;
        let (stranger, _) = app.shopper("faadumo").await;
        let good = json!({ "rating": 4, "title": "Lovely", "body": "Soft and cool" });

        assert_eq!(
            app.post(&reviews, None, good.clone()).await.status,
            StatusCode::UNAUTHORIZED
        );
        let refused = app.post(&reviews, Some(&stranger), good.clone()).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);
        assert_eq!(
            refused.body["message"],
            "Only shoppers who have received this product can review it"
        );
        let mine = app
            .get(&format!("{reviews}/mine"), Some(&stranger))
            .await
            .body;
        assert_eq!(
            mine,
            json!({ "canReview": false, "reason": "Only shoppers who have received this product can review it", "review": null })
        );

        let script = "<img src=x onerror=alert(1)><script>alert(1)</script>";
        let written = app
            .post(
                &reviews,
                Some(&amina),
                json!({ "rating": 5, "title": "Perfect", "body": script }),
            )
            .await;
        assert_eq!(written.status, StatusCode::CREATED, "{}", written.body);
        assert_eq!(
            written.body["body"], script,
            "stored and answered as the text it is"
        );
        assert_eq!(written.body["author"], "amina");
        assert_eq!(written.body["verifiedPurchase"], true);
        let first_id = written.body["_id"].as_str().unwrap().to_owned();
        assert_eq!(rating_of(&app, &id).await, (5.0, 1), "{}", app.backend);

        let hodans = app
            .post(
                &reviews,
                Some(&hodan),
                json!({ "rating": 2, "body": "Too thin" }),
            )
            .await;
        assert_eq!(hodans.status, StatusCode::CREATED);
        assert_eq!(hodans.body["title"], Value::Null);
        let hodans_id = hodans.body["_id"].as_str().unwrap().to_owned();
        assert_eq!(rating_of(&app, &id).await, (3.5, 2));

        // Writing again replaces: the same review, its new words and stars.
        let replaced = app.post(&reviews, Some(&amina), good.clone()).await;
        assert_eq!(replaced.status, StatusCode::OK);
        assert_eq!(replaced.body["_id"], first_id.as_str());
        assert_eq!(rating_of(&app, &id).await, (3.0, 2));

        let listed = app
            .get(&format!("{reviews}?sort=highest&page=1&limit=1"), None)
            .await;
        assert_eq!(listed.status, StatusCode::OK);
        assert_eq!(listed.headers["x-total-count"], "2");
        assert_eq!(listed.body[0]["rating"], 4);
        assert_eq!(listed.body[0].get("hidden"), None);
        let summary = app.get(&format!("{reviews}/summary"), None).await.body;
        assert_eq!(
            summary,
            json!({ "rating": 3.0, "reviews": 2, "stars": [0, 1, 0, 1, 0] })
        );
        let mine = app.get(&format!("{reviews}/mine"), Some(&amina)).await.body;
        assert_eq!(mine["canReview"], true);
        // Each shopper's own answer: never one served from the catalogue's memory.
        let theirs = app
            .get(&format!("{reviews}/mine"), Some(&stranger))
            .await
            .body;
        assert_eq!(theirs["canReview"], false);
        assert_eq!(theirs["review"], Value::Null);
        assert_eq!(mine["review"]["_id"], first_id.as_str());
        assert_eq!(mine["review"]["hidden"], false);

        // The back office hides Hodan's: it leaves the list and the rating, and comes back.
        let hide = format!("/api/admin/reviews/{hodans_id}");
        assert_eq!(
            app.put(&hide, Some(&amina), json!({ "hidden": true }))
                .await
                .status,
            StatusCode::FORBIDDEN
        );
        let hidden = app
            .put(&hide, Some(&admin), json!({ "hidden": true }))
            .await;
        assert_eq!(hidden.status, StatusCode::OK, "{}", hidden.body);
        assert_eq!(hidden.body["hidden"], true);
        assert_eq!(hidden.body["product"]["name"], "Dress");
        assert_eq!(rating_of(&app, &id).await, (4.0, 1));
        assert_eq!(app.get(&reviews, None).await.headers["x-total-count"], "1");
        let moderated = app
            .get("/api/admin/reviews?hidden=true", Some(&admin))
            .await;
        assert_eq!(moderated.headers["x-total-count"], "1");
        assert_eq!(moderated.body[0]["_id"], hodans_id.as_str());
        let searched = app.get("/api/admin/reviews?q=SOFT", Some(&admin)).await;
        assert_eq!(searched.body.as_array().unwrap().len(), 1);
        assert_eq!(searched.body[0]["_id"], first_id.as_str());
        app.put(&hide, Some(&admin), json!({ "hidden": false }))
            .await;
        assert_eq!(rating_of(&app, &id).await, (3.0, 2));

        // Deleting: one's own, or any as an admin.
        let amina_path = format!("{reviews}/{first_id}");
        let not_hers = app
            .delete(&format!("{reviews}/{hodans_id}"), Some(&amina))
            .await;
        assert_eq!(not_hers.status, StatusCode::FORBIDDEN);
        assert_eq!(
            not_hers.body["message"],
            "You can only delete your own review"
        );
        let deleted = app.delete(&amina_path, Some(&amina)).await;
        assert_eq!(deleted.status, StatusCode::OK);
        assert_eq!(deleted.body["message"], "Review deleted");
        assert_eq!(
            app.delete(&amina_path, Some(&amina)).await.status,
            StatusCode::NOT_FOUND
        );
        let by_admin = app
            .delete(&format!("{reviews}/{hodans_id}"), Some(&admin))
            .await;
        assert_eq!(by_admin.status, StatusCode::OK);
        assert_eq!(rating_of(&app, &id).await, (0.0, 0));
        let trail = app
            .get("/api/admin/audit?page=1&limit=5", Some(&admin))
            .await
            .body;
        let actions: Vec<&str> = trail
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["action"].as_str().unwrap())
            .collect();
        assert_eq!(
            actions[..3],
            ["review.delete", "review.show", "review.hide"]
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_bad_review_says_what_is_wrong_and_stores_nothing() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dress", "20", 10).await;
        let id = dress["_id"].as_str().unwrap().to_owned();
        let amina = buyer(&app, &admin, "amina", &id).await;
        let reviews = format!("/api/products/{id}/reviews");
        let cases = [
            (
                json!({ "rating": 0, "body": "ok" }),
                "rating",
                "Rating must be a whole number from 1 to 5",
            ),
            (
                json!({ "rating": 6, "body": "ok" }),
                "rating",
                "Rating must be a whole number from 1 to 5",
            ),
            (
                json!({ "rating": 4.5, "body": "ok" }),
                "rating",
                "Rating must be a whole number from 1 to 5",
            ),
            (
                json!({ "body": "ok" }),
                "rating",
                "Rating must be a whole number from 1 to 5",
            ),
            (
                json!({ "rating": 5, "body": "   " }),
                "body",
                "Please write your review",
            ),
            (
                json!({ "rating": 5, "body": "x".repeat(5001) }),
                "body",
                "Review must be at most 5000 characters",
            ),
            (
                json!({ "rating": 5, "title": "t".repeat(121), "body": "ok" }),
                "title",
                "Title must be at most 120 characters",
            ),
        ];
        for (body, field, message) in cases {
            let refused = app.post(&reviews, Some(&amina), body).await;
            assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{message}");
            assert_eq!(refused.body["errors"][field], message);
        }
        assert_eq!(app.get(&reviews, None).await.body, json!([]));
        assert_eq!(rating_of(&app, &id).await, (0.0, 0));
        let bad_sort = app.get(&format!("{reviews}?sort=best"), None).await;
        assert_eq!(bad_sort.status, StatusCode::BAD_REQUEST);
        let unknown = app.get("/api/products/no-such-product/reviews", None).await;
        assert_eq!(unknown.status, StatusCode::NOT_FOUND);
        let admin_only = app.get("/api/admin/reviews", Some(&amina)).await;
        assert_eq!(admin_only.status, StatusCode::FORBIDDEN);
    }
}
