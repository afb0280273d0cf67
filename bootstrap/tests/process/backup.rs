//! `shop backup` while shoppers buy, and a restore from its copy.

use crate::support::{ShopProcess, ADMIN_EMAIL, ADMIN_PASSWORD};
use reqwest::StatusCode;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

const STOCK: u64 = 100_000;

fn backup(data: &Path, to: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_shop"))
        .args(["backup", "--to"])
        .arg(to)
        .env("SHOP_DATA_DIR", data)
        .output()
        .expect("shop backup runs")
}

#[tokio::test(flavor = "multi_thread")]
async fn a_backup_taken_while_shoppers_buy_restores_a_whole_shop() {
    let data = tempfile::tempdir().unwrap();
    let shop = ShopProcess::start(data.path(), &[]).await;
    let admin = shop.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let dress = shop.product(&admin, "Dress", STOCK as u32).await;
    let mut shoppers = Vec::new();
    for n in 0..8 {
        shoppers.push(shop.shopper(&format!("shopper{n}")).await);
    }
    // Eight shoppers buy one dress after another until the backup is taken.
    let shop = Arc::new(shop);
    let backed_up = Arc::new(AtomicBool::new(false));
    let buying: Vec<_> = shoppers
        .into_iter()
        .enumerate()
        .map(|(n, token)| {
            let (shop, dress, backed_up) = (shop.clone(), dress.clone(), backed_up.clone());
            tokio::spawn(async move {
                let mut bought = 0;
                // A few more after the backup, so that the copy cannot hold them.
                let mut after = 0;
                while after < 3 {
                    shop.add_to_cart(&token, &dress, 1).await;
                    let paid = shop.checkout(&token, &format!("{n}-{bought}")).await;
                    assert_eq!(paid.status, StatusCode::CREATED, "{}", paid.body);
                    bought += 1;
                    if backed_up.load(Ordering::Relaxed) {
                        after += 1;
                    }
                }
                bought
            })
        })
        .collect();
    while shop.stock_of(&dress).await > STOCK - 20 {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let copy = data.path().join("copy.db");
    let made = backup(data.path(), &copy);
    backed_up.store(true, Ordering::Relaxed);
    assert!(made.status.success(), "{made:?}");
    let said = String::from_utf8_lossy(&made.stdout);
    assert!(said.starts_with("Backed up "), "{said}");
    let mut total = 0;
    for buyer in buying {
        total += buyer.await.unwrap();
    }
    assert_eq!(shop.all_orders(&admin).await.len() as u64, total);
    assert_eq!(shop.stock_of(&dress).await, STOCK - total);

    // A second backup to the same file is refused, and the first is untouched.
    let size = std::fs::metadata(&copy).unwrap().len();
    let again = backup(data.path(), &copy);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));
    assert_eq!(std::fs::metadata(&copy).unwrap().len(), size);

    // Restore: the copy becomes the database of a shop of its own.
    let restored_dir = tempfile::tempdir().unwrap();
    std::fs::copy(&copy, restored_dir.path().join("shop.db")).unwrap();
    let restored = ShopProcess::start(restored_dir.path(), &[]).await;
    let admin = restored.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let orders = restored.all_orders(&admin).await;
    let sold = orders.len() as u64;
    // Taken in the middle of the rush: some orders, not all, and every one whole.
    assert!(
        sold >= 20 && sold < total,
        "{sold} of {total} orders in the copy"
    );
    assert_eq!(restored.stock_of(&dress).await, STOCK - sold);
    for order in &orders {
        assert_eq!(order["products"].as_array().unwrap().len(), 1, "{order}");
        // The charge's answer is a later commit than the order's.
        assert!(
            ["paid", "pending"].contains(&order["paymentStatus"].as_str().unwrap()),
            "{order}"
        );
    }
}

#[test]
fn postgresql_is_pointed_to_pg_dump() {
    let data = tempfile::tempdir().unwrap();
    let refused = Command::new(env!("CARGO_BIN_EXE_shop"))
        .args(["backup", "--to"])
        .arg(data.path().join("copy.db"))
        .env(
            "SHOP_DATABASE_URL",
            "postgres://postgres@127.0.0.1:5432/shop",
        )
        .output()
        .unwrap();
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("pg_dump"));
    assert!(!data.path().join("copy.db").exists());
}
