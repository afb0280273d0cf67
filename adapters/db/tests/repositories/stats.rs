use crate::support::{add_product, at, databases, order, order_id, unconfirmed};
use domain::order::{OrderStatus, OrderTransition, PaymentStatus};
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
        db.transition(&order_id("o4"), &ship).await.unwrap();

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
async fn product_sales_add_up_units_per_name_over_orders_not_canceled() {
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
        db.transition(
            &order_id("o3"),
            &OrderTransition::status_change(OrderStatus::Pending, OrderStatus::Canceled),
        )
        .await
        .unwrap();

        let mut sales = db.product_sales().await.unwrap();
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
