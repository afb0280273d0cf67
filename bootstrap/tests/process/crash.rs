use crate::support::{ShopProcess, ADMIN_EMAIL, ADMIN_PASSWORD};
use domain::message::texts::{PAYMENT_AWAITED, PAYMENT_UNCONFIRMED};
use reqwest::StatusCode;
use std::time::{Duration, Instant};

/// The shop is killed while the provider is still thinking about a payment. After a restart
/// the order is there, pending, with its stock taken once; a retry replays it without a
/// charge, and a new checkout is refused until an admin confirms or cancels.
#[tokio::test(flavor = "multi_thread")]
async fn a_shop_killed_mid_payment_keeps_the_order_and_never_charges_twice() {
    killed_mid_payment(&[]).await;
}

/// The same on PostgreSQL: the order's transaction committed before the charge survives the
/// process, whichever database holds it.
#[tokio::test(flavor = "multi_thread")]
async fn on_postgresql_a_shop_killed_mid_payment_keeps_the_order_and_never_charges_twice() {
    let Some((database, url)) = shop_db::test_support::postgres_with_url().await else {
        return; // No PostgreSQL server configured (CI always has one).
    };
    killed_mid_payment(&[("SHOP_DATABASE_URL", url.as_str())]).await;
    drop(database);
}

async fn killed_mid_payment(database: &[(&str, &str)]) {
    let data = tempfile::tempdir().expect("a data folder");
    let mut slow_settings = vec![("SHOP_SANDBOX_DELAY_MS", "30000")];
    slow_settings.extend_from_slice(database);
    let slow = ShopProcess::start(data.path(), &slow_settings).await;
    let admin = slow.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let dress = slow.product(&admin, "Dress", 5).await;
    let amina = slow.shopper("amina").await;
    slow.add_to_cart(&amina, &dress, 2).await;

    let paying = {
        let (url, token) = (slow.url("/api/orders/checkout"), amina.clone());
        tokio::spawn(async move {
            reqwest::Client::new()
                .post(url)
                .bearer_auth(token)
                .header("Idempotency-Key", "pay-1")
                .json(&serde_json::json!({ "paymentMethod": "evc-plus", "paymentPhone": "615551234" }))
                .send()
                .await
        })
    };
    // The order and its stock are committed before the charge starts.
    let deadline = Instant::now() + Duration::from_secs(20);
    while slow.stock_of(&dress).await != 3 {
        assert!(
            Instant::now() < deadline,
            "the order was not stored before the charge"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    slow.kill();
    assert!(
        paying.await.unwrap().is_err(),
        "the killed shop answered the checkout"
    );

    let shop = ShopProcess::start(data.path(), database).await;
    let orders = shop.get("/api/orders", &amina).await;
    let orders = orders.body.as_array().expect("the shopper's orders");
    assert_eq!(orders.len(), 1);
    assert_eq!(orders[0]["status"], "pending");
    assert_eq!(orders[0]["paymentStatus"], "pending");
    assert_eq!(orders[0]["transactionId"], serde_json::Value::Null);
    assert_eq!(shop.stock_of(&dress).await, 3);

    // The cart still holds the items (the shop died before the answer). The retry the
    // storefront sends replays the saved order; the sandbox would approve a new charge at
    // once, so a pending answer shows nothing was charged.
    let retry = shop.checkout(&amina, "pay-1").await;
    assert_eq!(retry.status, StatusCode::ACCEPTED);
    assert_eq!(retry.message(), PAYMENT_UNCONFIRMED);
    assert_eq!(retry.body["order"]["_id"], orders[0]["_id"]);
    let new_attempt = shop.checkout(&amina, "pay-2").await;
    assert_eq!(new_attempt.status, StatusCode::CONFLICT);
    assert_eq!(new_attempt.message(), PAYMENT_AWAITED);
    assert_eq!(
        shop.get("/api/orders", &amina)
            .await
            .body
            .as_array()
            .unwrap()
            .len(),
        1
    );
    assert_eq!(shop.stock_of(&dress).await, 3);
}
