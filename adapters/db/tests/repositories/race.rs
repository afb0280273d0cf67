//! Concurrent writers: the guarded decrement and the status check hold under contention.

use crate::support::{add_product, databases, now, order, order_id, stock_of, transition};
use domain::listing::orders::OrderQuery;
use domain::order::{OrderStatus, OrderTransition};
use domain::ports::{OrderRepository, OrderStoreError};
use std::sync::Arc;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn ten_shoppers_racing_for_three_units_make_exactly_three_orders() {
    for db in databases().await {
        let dress = Arc::new(add_product(&db, "dress", 3).await);
        let attempts: Vec<_> = (0..10)
            .map(|i| {
                let (db, dress) = (db.clone(), dress.clone());
                tokio::spawn(async move {
                    db.place(&order(&format!("o{i}"), &format!("u{i}"), &[(&dress, 1)]))
                        .await
                })
            })
            .collect();
        let mut won = Vec::new();
        let mut refused = 0;
        for attempt in attempts {
            match attempt.await.unwrap() {
                Ok(number) => won.push(number.get()),
                Err(OrderStoreError::OutOfStock { available: 0, .. }) => refused += 1,
                Err(other) => panic!("{db:?}: unexpected {other:?}"),
            }
        }
        assert_eq!((won.len(), refused), (3, 7), "{db:?}");
        // Each winner got its own number (a loser's may be skipped on PostgreSQL).
        won.sort_unstable();
        won.dedup();
        assert_eq!(won.len(), 3, "{db:?}: {won:?}");
        assert!(won.iter().all(|&number| number >= 1001), "{db:?}: {won:?}");
        assert_eq!(stock_of(&db, "dress").await, 0);
        assert_eq!(
            OrderRepository::list(&db, &OrderQuery::default())
                .await
                .unwrap()
                .1,
            3
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn orders_naming_the_same_products_in_opposite_orders_do_not_deadlock() {
    for db in databases().await {
        let a = Arc::new(add_product(&db, "a", 100).await);
        let b = Arc::new(add_product(&db, "b", 100).await);
        let attempts: Vec<_> = (0..20)
            .map(|i| {
                let (db, a, b) = (db.clone(), a.clone(), b.clone());
                tokio::spawn(async move {
                    let lines = if i % 2 == 0 {
                        [(&*a, 1), (&*b, 2)]
                    } else {
                        [(&*b, 2), (&*a, 1)]
                    };
                    db.place(&order(&format!("o{i}"), "amina", &lines)).await
                })
            })
            .collect();
        for attempt in attempts {
            attempt
                .await
                .unwrap()
                .unwrap_or_else(|e| panic!("{db:?}: {e:?}"));
        }
        assert_eq!(stock_of(&db, "a").await, 80, "{db:?}");
        assert_eq!(stock_of(&db, "b").await, 60);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn ten_admins_canceling_one_order_put_its_stock_back_once() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 5).await;
        db.place(&order("o1", "amina", &[(&dress, 2)]))
            .await
            .unwrap();
        let cancel = OrderTransition::status_change(OrderStatus::Pending, OrderStatus::Canceled);
        let attempts: Vec<_> = (0..10)
            .map(|_| {
                let (db, cancel) = (db.clone(), cancel.clone());
                tokio::spawn(async move { transition(&db, &order_id("o1"), &cancel, now()).await })
            })
            .collect();
        let mut results = Vec::new();
        for attempt in attempts {
            results.push(attempt.await.unwrap());
        }
        assert_eq!(
            results.iter().filter(|r| r.is_ok()).count(),
            1,
            "{db:?}: {results:?}"
        );
        assert!(results
            .iter()
            .all(|r| r.is_ok() || *r == Err(OrderStoreError::Stale)));
        assert_eq!(stock_of(&db, "dress").await, 5);
    }
}
