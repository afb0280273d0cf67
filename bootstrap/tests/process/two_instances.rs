use crate::support::{ShopProcess, ADMIN_EMAIL, ADMIN_PASSWORD};
use futures_util::future::join_all;
use reqwest::StatusCode;

/// Two `shop` processes on one PostgreSQL database, as behind a load balancer: ten shoppers
/// race for three units, their checkouts spread over both. Exactly three win; stock ends at 0.
#[tokio::test(flavor = "multi_thread")]
async fn racing_checkouts_spread_over_two_instances_never_oversell() {
    let Some((database, url)) = shop_db::test_support::postgres_with_url().await else {
        return; // No PostgreSQL server configured (CI always has one).
    };
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    // Both instances must accept each other's tokens: one secret, as in any multi-instance setup.
    let shared = [
        ("SHOP_DATABASE_URL", url.as_str()),
        (
            "SHOP_JWT_SECRET",
            "a-secret-both-instances-share-0123456789",
        ),
    ];
    let a = ShopProcess::start(dir_a.path(), &shared).await;
    let b = ShopProcess::start(dir_b.path(), &shared).await;
    let instances = [&a, &b];

    let admin = a.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let last = a.product(&admin, "Last Abaya", 3).await;
    let mut buyers = Vec::new();
    for i in 0..10 {
        let via = instances[i % 2];
        let token = via.shopper(&format!("buyer{i}")).await;
        via.add_to_cart(&token, &last, 1).await;
        buyers.push((instances[(i + 1) % 2], token));
    }
    let keys: Vec<String> = (0..buyers.len()).map(|i| format!("race-{i}")).collect();
    let replies = join_all(
        buyers
            .iter()
            .zip(&keys)
            .map(|((via, token), key)| via.checkout(token, key)),
    )
    .await;
    let won = replies
        .iter()
        .filter(|r| r.status == StatusCode::CREATED)
        .count();
    let lost: Vec<_> = replies
        .iter()
        .filter(|r| r.status == StatusCode::CONFLICT)
        .map(|r| r.message().to_owned())
        .collect();
    assert_eq!(
        won,
        3,
        "{:?}",
        replies.iter().map(|r| r.status).collect::<Vec<_>>()
    );
    assert_eq!(lost.len(), 7);
    assert!(
        lost.iter()
            .all(|m| m.starts_with("Not enough stock for Last Abaya")),
        "{lost:?}"
    );
    assert_eq!(a.stock_of(&last).await, 0);
    assert_eq!(b.stock_of(&last).await, 0);
    let all_orders = b.get("/api/orders/all", &admin).await;
    assert_eq!(all_orders.body.as_array().unwrap().len(), 3);
    a.kill();
    b.kill();
    drop(database);
}
