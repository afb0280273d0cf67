use crate::support::{add_product, at, databases, now, order, order_id, transition, unconfirmed};
use domain::order::{OrderStatus, OrderTransition, PaymentChange, PaymentStatus};
use domain::ports::OrderRepository;
use domain::stats::{OrderFact, ProductSales};
use domain::Money;

#[tokio::test]
async fn facts_add_up_orders_per_day_and_statuses() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 20).await;
        let day = |offset_days: i64| at(offset_days * 86_400);
        let placed = [
            ("o1", "amina", 1, day(0)),
            ("o2", "bashir", 2, day(0) + chrono::Duration::hours(10)),
            ("o3", "caaliya", 3, day(1)),
            ("o4", "dahir", 4, day(1)),
        ];
        for (id, user, units, created_at) in placed {
            let mut o = order(id, user, &[(&dress, units)]);
            o.created_at = created_at;
            db.place(&o).await.unwrap();
        }
        let mut waiting = unconfirmed("o5", "amina", &[(&dress, 1)]);
        waiting.created_at = day(1);
        db.place(&waiting).await.unwrap();
        let ship = OrderTransition::status_change(OrderStatus::Pending, OrderStatus::Shipped);
        transition(&db, &order_id("o4"), &ship, now())
            .await
            .unwrap();

        // Each order costs 24.00 a unit plus 5.00 shipping.
        let fact = |d: i64, status, payment_status, orders, cents| OrderFact {
            day: day(d).date_naive(),
            status,
            payment_status,
            orders,
            total: Money::from_cents(cents).unwrap(),
        };
        assert_eq!(
            db.facts().await.unwrap(),
            [
                fact(0, OrderStatus::Pending, PaymentStatus::Paid, 2, 2900 + 5300),
                fact(1, OrderStatus::Pending, PaymentStatus::Paid, 1, 7700),
                fact(1, OrderStatus::Pending, PaymentStatus::Pending, 1, 2900),
                fact(1, OrderStatus::Shipped, PaymentStatus::Paid, 1, 10100),
            ],
            "{db:?}"
        );
    }
}

#[tokio::test]
async fn best_sellers_add_up_units_per_name_over_orders_not_canceled() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 50).await;
        let scarf = add_product(&db, "scarf", 50).await;
        db.place(&order("o1", "amina", &[(&dress, 2), (&scarf, 1)]))
            .await
            .unwrap();
        db.place(&order("o2", "bashir", &[(&dress, 3)]))
            .await
            .unwrap();
        db.place(&order("o3", "caaliya", &[(&scarf, 10)]))
            .await
            .unwrap();
        transition(
            &db,
            &order_id("o3"),
            &OrderTransition::status_change(OrderStatus::Pending, OrderStatus::Canceled),
            now(),
        )
        .await
        .unwrap();

        let mut sales = db.best_sellers(5).await.unwrap();
        sales.sort_by(|a, b| a.name.cmp(&b.name));
        assert_eq!(
            sales,
            [
                ProductSales {
                    name: dress.name.clone(),
                    quantity: 5
                },
                ProductSales {
                    name: scarf.name.clone(),
                    quantity: 1
                },
            ],
            "{db:?}"
        );
    }
}

#[tokio::test]
async fn totals_follow_payment_changes_cancels_and_orders_taken_back_from_canceled() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 50).await;
        db.place(&unconfirmed("o1", "amina", &[(&dress, 2)]))
            .await
            .unwrap();
        let day = at(0).date_naive();
        let fact = |status, payment_status| OrderFact {
            day,
            status,
            payment_status,
            orders: 1,
            // Two units at 24.00 plus 5.00 shipping.
            total: Money::from_cents(5300).unwrap(),
        };
        assert_eq!(
            db.facts().await.unwrap(),
            [fact(OrderStatus::Pending, PaymentStatus::Pending)],
            "{db:?}"
        );
        let cancel = OrderTransition {
            payment: Some(PaymentChange {
                from: PaymentStatus::Paid,
                to: PaymentStatus::Refunded,
                transaction_id: None,
            }),
            ..OrderTransition::status_change(OrderStatus::Pending, OrderStatus::Canceled)
        };
        let reopen = OrderTransition::status_change(OrderStatus::Canceled, OrderStatus::Shipped);
        let steps = [
            (
                OrderTransition::paid_at_checkout("TX-1".into()),
                (OrderStatus::Pending, PaymentStatus::Paid),
                2,
            ),
            (cancel, (OrderStatus::Canceled, PaymentStatus::Refunded), 0),
            (reopen, (OrderStatus::Shipped, PaymentStatus::Refunded), 2),
        ];
        for (change, (status, payment_status), units) in steps {
            transition(&db, &order_id("o1"), &change, now())
                .await
                .unwrap();
            assert_eq!(
                db.facts().await.unwrap(),
                [fact(status, payment_status)],
                "{db:?} after {change:?}"
            );
            let sold: Vec<ProductSales> = (units > 0)
                .then(|| ProductSales {
                    name: dress.name.clone(),
                    quantity: units,
                })
                .into_iter()
                .collect();
            assert_eq!(
                db.best_sellers(5).await.unwrap(),
                sold,
                "{db:?} after {change:?}"
            );
        }
    }
}

#[tokio::test]
async fn best_sellers_keep_every_name_tied_with_the_last_place() {
    for db in databases().await {
        let mut products = Vec::new();
        for (id, units) in [
            ("a", 9),
            ("b", 8),
            ("c", 7),
            ("d", 5),
            ("e", 3),
            ("f", 3),
            ("g", 1),
        ] {
            products.push((add_product(&db, id, 50).await, units));
        }
        let lines: Vec<_> = products.iter().map(|(p, units)| (p, *units)).collect();
        db.place(&order("o1", "amina", &lines)).await.unwrap();

        let mut names: Vec<(String, u64)> = db
            .best_sellers(5)
            .await
            .unwrap()
            .into_iter()
            .map(|s| (s.name, s.quantity))
            .collect();
        names.sort();
        let expected: Vec<(String, u64)> = products[..6]
            .iter()
            .map(|(p, units)| (p.name.clone(), u64::from(*units)))
            .collect();
        assert_eq!(names, expected, "{db:?}");
        assert_eq!(db.best_sellers(0).await.unwrap(), [], "{db:?}");
        assert_eq!(db.best_sellers(100).await.unwrap().len(), 7, "{db:?}");
    }
}

#[tokio::test]
async fn bulk_loaded_orders_count_in_the_totals_like_placed_ones() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 50).await;
        let scarf = add_product(&db, "scarf", 50).await;
        let mut canceled = order("o2", "bashir", &[(&scarf, 4)]);
        canceled.status = OrderStatus::Canceled;
        canceled.payment_status = PaymentStatus::Refunded;
        let kept = order("o1", "amina", &[(&dress, 1), (&scarf, 2)]);
        db.bulk_insert_orders(&mut [kept, canceled]).await.unwrap();

        let day = at(0).date_naive();
        assert_eq!(
            db.facts().await.unwrap(),
            [
                OrderFact {
                    day,
                    status: OrderStatus::Canceled,
                    payment_status: PaymentStatus::Refunded,
                    orders: 1,
                    total: Money::from_cents(4 * 2400 + 500).unwrap(),
                },
                OrderFact {
                    day,
                    status: OrderStatus::Pending,
                    payment_status: PaymentStatus::Paid,
                    orders: 1,
                    total: Money::from_cents(3 * 2400 + 500).unwrap(),
                },
            ],
            "{db:?}"
        );
        let mut sales = db.best_sellers(5).await.unwrap();
        sales.sort_by(|a, b| a.name.cmp(&b.name));
        assert_eq!(
            sales,
            [
                ProductSales {
                    name: dress.name.clone(),
                    quantity: 1
                },
                ProductSales {
                    name: scarf.name.clone(),
                    quantity: 2
                },
            ],
            "{db:?}"
        );
    }
}
