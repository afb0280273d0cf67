use crate::support::{add_product, at, databases, order, order_id, unconfirmed};
use domain::order::{OrderStatus, OrderTransition, PaymentStatus};
use domain::ports::OrderRepository;
use domain::stats::{OrderFact, ProductSales};

#[tokio::test]
async fn facts_give_every_orders_time_total_and_statuses() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 10).await;
        let mut first = unconfirmed("o1", "amina", &[(&dress, 1)]);
        first.created_at = at(10);
        let mut second = order("o2", "bashir", &[(&dress, 2)]);
        second.created_at = at(20);
        db.place(&first).await.unwrap();
        db.place(&second).await.unwrap();
        let ship = OrderTransition::status_change(OrderStatus::Pending, OrderStatus::Shipped);
        db.transition(&order_id("o2"), &ship).await.unwrap();

        assert_eq!(
            db.facts().await.unwrap(),
            [
                OrderFact {
                    created_at: at(10),
                    total: first.total,
                    status: OrderStatus::Pending,
                    payment_status: PaymentStatus::Pending,
                },
                OrderFact {
                    created_at: at(20),
                    total: second.total,
                    status: OrderStatus::Shipped,
                    payment_status: PaymentStatus::Paid,
                },
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
