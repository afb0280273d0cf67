//! An unconfirmed payment holds its stock only for `SHOP_UNCONFIRMED_HOLD_SECS`.

use crate::support::{ShopProcess, ADMIN_EMAIL, ADMIN_PASSWORD};
use domain::message::texts::HOLD_EXPIRED;
use reqwest::{Method, StatusCode};
use serde_json::json;
use std::time::{Duration, Instant};

/// The sandbox's number that never answers.
const NO_ANSWER_PHONE: &str = "252610000003";

/// A shop whose unpaid orders hold their stock for 2 seconds (a payment waited for 1).
async fn holding_two_seconds(data: &std::path::Path) -> ShopProcess {
    ShopProcess::start(
        data,
        &[
            ("SHOP_PAYMENT_TIMEOUT_SECS", "1"),
            ("SHOP_UNCONFIRMED_HOLD_SECS", "2"),
        ],
    )
    .await
}

#[tokio::test(flavor = "multi_thread")]
async fn a_payment_left_unconfirmed_lets_its_stock_go_when_the_hold_runs_out() {
    let data = tempfile::tempdir().expect("a data folder");
    let shop = holding_two_seconds(data.path()).await;
    let admin = shop.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let dress = shop.product(&admin, "Dress", 3).await;
    let hoarder = shop.shopper("hoarder").await;
    shop.add_to_cart(&hoarder, &dress, 3).await;
    let unconfirmed = shop
        .send(
            Method::POST,
            "/api/orders/checkout",
            Some(&hoarder),
            Some(json!({ "paymentMethod": "evc-plus", "paymentPhone": NO_ANSWER_PHONE })),
            &[],
        )
        .await;
    assert_eq!(
        unconfirmed.status,
        StatusCode::ACCEPTED,
        "{}",
        unconfirmed.body
    );
    let order_id = unconfirmed.body["order"]["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(shop.stock_of(&dress).await, 0, "the order holds every unit");

    let deadline = Instant::now() + Duration::from_secs(20);
    while shop.stock_of(&dress).await != 3 {
        assert!(Instant::now() < deadline, "the hold was never released");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let order = shop
        .get(&format!("/api/orders/{order_id}"), &admin)
        .await
        .body;
    assert_eq!(order["status"], "canceled");
    assert_eq!(order["paymentStatus"], "failed");
    assert!(order["holdExpiredAt"].is_string(), "{order}");

    let marked_paid = shop
        .send(
            Method::PUT,
            &format!("/api/orders/{order_id}/payment"),
            Some(&admin),
            Some(json!({ "paymentStatus": "paid" })),
            &[],
        )
        .await;
    assert_eq!(marked_paid.status, StatusCode::CONFLICT);
    assert_eq!(marked_paid.message(), HOLD_EXPIRED.english());

    // The shopper may pay again.
    shop.add_to_cart(&hoarder, &dress, 1).await;
    let again = shop.checkout(&hoarder, "second-try").await;
    assert_eq!(again.status, StatusCode::CREATED, "{}", again.body);
    assert_eq!(shop.stock_of(&dress).await, 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_phone_order_nobody_pays_lets_its_stock_go_and_its_link_ends() {
    let data = tempfile::tempdir().expect("a data folder");
    let shop = holding_two_seconds(data.path()).await;
    let admin = shop.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let dress = shop.product(&admin, "Dress", 3).await;
    let taken = shop
        .send(
            Method::POST,
            "/api/admin/orders",
            Some(&admin),
            Some(json!({
                "customer": { "name": "Faadumo Ali", "phone": "615550101" },
                "lines": [{ "productId": dress, "quantity": 2 }],
                "shippingAddress": { "fullName": "Faadumo Ali", "phone": "615550101",
                    "city": "Mogadishu", "district": "Hodan", "addressLine": "Near the market",
                    "landmark": "" } })),
            &[],
        )
        .await;
    assert_eq!(taken.status, StatusCode::CREATED, "{}", taken.body);
    let order_id = taken.body["_id"].as_str().unwrap().to_owned();
    let link = shop
        .send(
            Method::POST,
            &format!("/api/admin/orders/{order_id}/payment-link"),
            Some(&admin),
            Some(json!({})),
            &[],
        )
        .await;
    assert_eq!(link.status, StatusCode::CREATED, "{}", link.body);
    let url = link.body["url"].as_str().unwrap();
    assert!(url.starts_with(&shop.url("/pay/")), "{url}");
    let token = url.rsplit_once("/pay/").unwrap().1.to_owned();
    assert_eq!(shop.stock_of(&dress).await, 1, "the order holds its units");

    let deadline = Instant::now() + Duration::from_secs(20);
    while shop.stock_of(&dress).await != 3 {
        assert!(Instant::now() < deadline, "the hold was never released");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let order = shop
        .get(&format!("/api/orders/{order_id}"), &admin)
        .await
        .body;
    assert_eq!(
        (&order["status"], &order["channel"]),
        (&json!("canceled"), &json!("phone"))
    );
    let gone = shop
        .send(Method::GET, &format!("/api/pay/{token}"), None, None, &[])
        .await;
    assert_eq!(gone.status, StatusCode::GONE, "{}", gone.body);
}
