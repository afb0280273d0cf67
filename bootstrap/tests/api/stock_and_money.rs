//! Money and stock move exactly once, whatever arrives at the same moment: product edits
//! racing sales, and cancels racing each other.

use crate::helpers::{product_form, with_image, TestApp, APPROVED_PHONE};
use futures_util::future::join_all;
use reqwest::{Method, StatusCode};
use serde_json::json;

fn picture() -> Vec<u8> {
    let mut bytes = Vec::new();
    image::DynamicImage::new_rgb8(1200, 1200)
        .write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::Jpeg,
        )
        .unwrap();
    bytes
}

#[tokio::test(flavor = "multi_thread")]
async fn an_edit_from_a_form_opened_before_sales_never_puts_sold_units_back() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Linen Wrap Dress", "40", 5).await;
        let id = dress["_id"].as_str().unwrap();
        let path = format!("/api/products/{id}");
        for i in 0..3 {
            let (token, _) = app.shopper(&format!("buyer{i}")).await;
            let bought = app.buy(&token, id, 1, APPROVED_PHONE).await;
            assert_eq!(bought.status, StatusCode::CREATED, "{}", bought.body);
        }

        let renamed = app
            .put(&path, Some(&admin), json!({ "name": "Linen Dress" }))
            .await;
        assert_eq!(renamed.status, StatusCode::OK, "{}", app.backend);
        assert_eq!(
            (
                renamed.body["name"].as_str(),
                renamed.body["stock"].as_u64()
            ),
            (Some("Linen Dress"), Some(2))
        );

        let stale = app
            .put(
                &path,
                Some(&admin),
                json!({ "name": "Old form", "stock": 5, "expectedStock": 5 }),
            )
            .await;
        assert_eq!(stale.status, StatusCode::CONFLICT);
        assert_eq!(
            stale.message(),
            "Stock changed since you opened this product: now 2"
        );
        let after = app.get(&path, None).await.body;
        assert_eq!(
            (after["name"].as_str(), after["stock"].as_u64()),
            (Some("Linen Dress"), Some(2))
        );

        let restocked = app
            .put(
                &path,
                Some(&admin),
                json!({ "stock": 10, "expectedStock": 2 }),
            )
            .await;
        assert_eq!(restocked.body["stock"], 10);

        let malformed = app
            .put(
                &path,
                Some(&admin),
                json!({ "stock": 4, "expectedStock": "a few" }),
            )
            .await;
        assert_eq!(malformed.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            malformed.body["errors"]["expectedStock"],
            "Expected stock must be a whole number of at least 0"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_edit_with_a_slow_picture_racing_four_checkouts_keeps_every_sale() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Silk Abaya", "55", 4).await;
        let id = dress["_id"].as_str().unwrap().to_owned();
        let buyers = app.buyers_with_carts(4, &id).await;
        let form = with_image(
            product_form(&[("name", "Silk Abaya, navy"), ("price", "55")]),
            picture(),
            "abaya.jpg",
            "image/jpeg",
        );
        let path = format!("/api/products/{id}");
        let (edit, checkouts) = tokio::join!(
            app.multipart(Method::PUT, &path, &admin, form),
            join_all(
                buyers
                    .iter()
                    .map(|token| app.checkout(token, APPROVED_PHONE))
            )
        );
        assert_eq!(edit.status, StatusCode::OK, "{}", edit.body);
        assert!(checkouts.iter().all(|r| r.status == StatusCode::CREATED));
        assert_eq!(app.stock_of(&id).await, 0, "{}: all four sold", app.backend);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn six_cancels_sent_at_once_refund_a_paid_order_once() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dress", "20", 5).await;
        let id = dress["_id"].as_str().unwrap();
        let (token, _) = app.shopper("amina").await;
        let order = app.buy(&token, id, 2, APPROVED_PHONE).await.body["order"].clone();
        let path = format!("/api/orders/{}", order["_id"].as_str().unwrap());
        let refunds_before = app.payments.refunds_sent();

        let replies =
            join_all((0..6).map(|_| app.put(&path, Some(&admin), json!({ "status": "canceled" }))))
                .await;
        // One cancel lands; one that raced it is refused (409), and one that read the order
        // after it landed asks for the status it has, a no-op (200). Which of the two a
        // request meets depends on the machine's load, never the money or the stock.
        let statuses: Vec<StatusCode> = replies.iter().map(|r| r.status).collect();
        assert!(
            statuses.contains(&StatusCode::OK)
                && statuses
                    .iter()
                    .all(|s| *s == StatusCode::OK || *s == StatusCode::CONFLICT),
            "{}: {statuses:?}",
            app.backend
        );
        assert_eq!(app.payments.refunds_sent() - refunds_before, 1);
        let stored = app.get(&path, Some(&admin)).await.body;
        assert_eq!(
            (stored["status"].as_str(), stored["paymentStatus"].as_str()),
            (Some("canceled"), Some("refunded"))
        );
        assert_eq!(app.stock_of(id).await, 5, "the two units came back once");

        let again = app
            .put(&path, Some(&admin), json!({ "status": "canceled" }))
            .await;
        assert_eq!(again.status, StatusCode::OK);
        assert_eq!(app.payments.refunds_sent() - refunds_before, 1);
    }
}
