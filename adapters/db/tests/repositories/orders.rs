use crate::support::{
    add_product, add_user, at, databases, now, order, order_id, product, stock_of, transition,
    unconfirmed, user, user_id,
};
use domain::listing::orders::OrderQuery;
use domain::order::{OrderStatus, OrderTransition, PaymentChange, PaymentStatus, StockEffect};
use domain::ports::{
    CartRepository, OrderRepository, OrderStoreError, Page, ProductRepository, RepoError,
};
use shop_db::Database;

/// Every order, newest first, or one page of them.
fn newest(page: Option<Page>) -> OrderQuery {
    OrderQuery {
        page,
        ..OrderQuery::default()
    }
}

async fn order_ids(db: &Database, page: Option<Page>) -> (Vec<String>, u64) {
    let (orders, total) = OrderRepository::list(db, &newest(page)).await.unwrap();
    (
        orders.into_iter().map(|o| o.id.to_string()).collect(),
        total,
    )
}

fn cancel() -> OrderTransition {
    OrderTransition::status_change(OrderStatus::Pending, OrderStatus::Canceled)
}

fn revive() -> OrderTransition {
    OrderTransition::status_change(OrderStatus::Canceled, OrderStatus::Pending)
}

#[tokio::test]
async fn placing_an_order_takes_its_stock_and_keeps_it_with_its_lines() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 5).await;
        let scarf = add_product(&db, "scarf", 2).await;
        let mut placed = order("o1", "amina", &[(&scarf, 2), (&dress, 3)]);
        placed.number = db.place(&placed).await.unwrap();

        assert_eq!(stock_of(&db, "dress").await, 2, "{db:?}");
        assert_eq!(stock_of(&db, "scarf").await, 0);
        assert_eq!(
            OrderRepository::by_id(&db, &placed.id).await.unwrap(),
            Some(placed.clone())
        );
        assert_eq!(
            OrderRepository::by_id(&db, &order_id("none"))
                .await
                .unwrap(),
            None
        );
    }
}

#[tokio::test]
async fn an_order_without_an_address_or_transaction_comes_back_as_stored() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 5).await;
        let mut placed = order("o1", "amina", &[(&dress, 1)]);
        placed.shipping_address = None;
        placed.lines[0].image = None;
        placed.number = db.place(&placed).await.unwrap();
        assert_eq!(
            OrderRepository::by_id(&db, &placed.id).await.unwrap(),
            Some(placed),
            "{db:?}"
        );
    }
}

#[tokio::test]
async fn an_order_that_cannot_be_served_changes_nothing() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 5).await;
        let scarf = add_product(&db, "scarf", 1).await;
        // The dress comes first in id order, so its stock was taken before the scarf failed.
        let result = db
            .place(&order("o1", "amina", &[(&scarf, 2), (&dress, 1)]))
            .await;
        assert_eq!(
            result,
            Err(OrderStoreError::OutOfStock {
                name: scarf.name.clone(),
                available: 1
            }),
            "{db:?}"
        );
        assert_eq!(stock_of(&db, "dress").await, 5);
        assert_eq!(stock_of(&db, "scarf").await, 1);
        assert_eq!(order_ids(&db, None).await, (vec![], 0));
    }
}

#[tokio::test]
async fn one_product_on_two_lines_is_counted_once_with_both_quantities() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 3).await;
        let result = db
            .place(&order("o1", "amina", &[(&dress, 2), (&dress, 2)]))
            .await;
        assert_eq!(
            result,
            Err(OrderStoreError::OutOfStock {
                name: dress.name.clone(),
                available: 3
            }),
            "{db:?}"
        );
        db.place(&order("o2", "amina", &[(&dress, 2), (&dress, 1)]))
            .await
            .unwrap();
        assert_eq!(stock_of(&db, "dress").await, 0);
    }
}

#[tokio::test]
async fn an_order_for_a_deleted_product_is_out_of_stock_with_none_left() {
    for db in databases().await {
        let gone = product("gone", 5);
        let result = db.place(&order("o1", "amina", &[(&gone, 1)])).await;
        assert_eq!(
            result,
            Err(OrderStoreError::OutOfStock {
                name: gone.name.clone(),
                available: 0
            }),
            "{db:?}"
        );
    }
}

#[tokio::test]
async fn a_repeated_idempotency_key_is_a_duplicate_and_finds_the_first_order() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 5).await;
        let mut first = order("o1", "amina", &[(&dress, 1)]);
        first.idempotency_key = Some("key-1".into());
        first.number = db.place(&first).await.unwrap();

        let mut retry = order("o2", "amina", &[(&dress, 1)]);
        retry.idempotency_key = Some("key-1".into());
        assert_eq!(
            db.place(&retry).await,
            Err(OrderStoreError::Repo(RepoError::Duplicate)),
            "{db:?}"
        );
        assert_eq!(
            stock_of(&db, "dress").await,
            4,
            "the refused order took no stock"
        );

        // The same key from someone else, and orders without a key, are fine.
        let mut other = order("o3", "bashir", &[(&dress, 1)]);
        other.idempotency_key = Some("key-1".into());
        db.place(&other).await.unwrap();
        db.place(&order("o4", "amina", &[(&dress, 1)]))
            .await
            .unwrap();
        db.place(&order("o5", "amina", &[(&dress, 1)]))
            .await
            .unwrap();

        assert_eq!(
            db.by_idempotency_key(&user_id("amina"), "key-1")
                .await
                .unwrap(),
            Some(first)
        );
        assert_eq!(
            db.by_idempotency_key(&user_id("amina"), "key-2")
                .await
                .unwrap(),
            None
        );
        assert_eq!(
            db.by_idempotency_key(&user_id("bashir"), "key-1")
                .await
                .unwrap()
                .map(|o| o.id),
            Some(order_id("o3"))
        );
    }
}

#[tokio::test]
async fn an_order_id_already_taken_is_a_duplicate_and_takes_no_stock() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 5).await;
        db.place(&order("o1", "amina", &[(&dress, 1)]))
            .await
            .unwrap();
        assert_eq!(
            db.place(&order("o1", "bashir", &[(&dress, 1)])).await,
            Err(OrderStoreError::Repo(RepoError::Duplicate)),
            "{db:?}"
        );
        assert_eq!(stock_of(&db, "dress").await, 4);
    }
}

#[tokio::test]
async fn canceling_puts_the_stock_back_once() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 5).await;
        let scarf = add_product(&db, "scarf", 5).await;
        db.place(&order("o1", "amina", &[(&dress, 2), (&scarf, 1)]))
            .await
            .unwrap();
        assert_eq!(cancel().stock, StockEffect::Release);

        transition(&db, &order_id("o1"), &cancel(), now())
            .await
            .unwrap();
        assert_eq!(stock_of(&db, "dress").await, 5, "{db:?}");
        assert_eq!(stock_of(&db, "scarf").await, 5);
        let canceled = OrderRepository::by_id(&db, &order_id("o1"))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(canceled.status, OrderStatus::Canceled);

        // The same change again finds the order moved on.
        assert_eq!(
            transition(&db, &order_id("o1"), &cancel(), now()).await,
            Err(OrderStoreError::Stale)
        );
        assert_eq!(stock_of(&db, "dress").await, 5);
    }
}

#[tokio::test]
async fn canceling_skips_products_deleted_since() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 5).await;
        let scarf = add_product(&db, "scarf", 5).await;
        db.place(&order("o1", "amina", &[(&dress, 2), (&scarf, 1)]))
            .await
            .unwrap();
        ProductRepository::delete(&db, &dress.id).await.unwrap();
        transition(&db, &order_id("o1"), &cancel(), now())
            .await
            .unwrap();
        assert_eq!(stock_of(&db, "scarf").await, 5, "{db:?}");
        assert_eq!(
            ProductRepository::by_id(&db, &dress.id).await.unwrap(),
            None
        );
    }
}

#[tokio::test]
async fn reviving_a_canceled_order_takes_its_stock_again_or_changes_nothing() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 5).await;
        let scarf = add_product(&db, "scarf", 1).await;
        db.place(&order("o1", "amina", &[(&dress, 2), (&scarf, 1)]))
            .await
            .unwrap();
        transition(&db, &order_id("o1"), &cancel(), now())
            .await
            .unwrap();

        transition(&db, &order_id("o1"), &revive(), now())
            .await
            .unwrap();
        assert_eq!(stock_of(&db, "dress").await, 3, "{db:?}");
        assert_eq!(stock_of(&db, "scarf").await, 0);
        transition(&db, &order_id("o1"), &cancel(), now())
            .await
            .unwrap();

        // Someone buys the last scarf meanwhile: reviving is refused and nothing moves.
        db.place(&order("o2", "bashir", &[(&scarf, 1)]))
            .await
            .unwrap();
        assert_eq!(
            transition(&db, &order_id("o1"), &revive(), now()).await,
            Err(OrderStoreError::OutOfStock {
                name: scarf.name.clone(),
                available: 0
            })
        );
        assert_eq!(stock_of(&db, "dress").await, 5);
        let still = OrderRepository::by_id(&db, &order_id("o1"))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(still.status, OrderStatus::Canceled);
    }
}

#[tokio::test]
async fn a_transition_expecting_another_status_is_stale_and_of_a_missing_order_not_found() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 5).await;
        db.place(&order("o1", "amina", &[(&dress, 1)]))
            .await
            .unwrap();
        let ship = OrderTransition::status_change(OrderStatus::Shipped, OrderStatus::Delivered);
        assert_eq!(
            transition(&db, &order_id("o1"), &ship, now()).await,
            Err(OrderStoreError::Stale),
            "{db:?}"
        );
        assert_eq!(
            transition(&db, &order_id("ghost"), &cancel(), now()).await,
            Err(OrderStoreError::Repo(RepoError::NotFound))
        );
        let unchanged = OrderRepository::by_id(&db, &order_id("o1"))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(unchanged.status, OrderStatus::Pending);
        assert_eq!(stock_of(&db, "dress").await, 4);
    }
}

#[tokio::test]
async fn a_payment_can_be_recorded_without_a_status_change_once() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 5).await;
        let placed = unconfirmed("o1", "amina", &[(&dress, 1)]);
        db.place(&placed).await.unwrap();
        let paid = OrderTransition::payment_change(
            OrderStatus::Pending,
            PaymentChange {
                from: PaymentStatus::Pending,
                to: PaymentStatus::Paid,
                transaction_id: Some("TX-778".into()),
            },
        );
        transition(&db, &placed.id, &paid, now()).await.unwrap();
        let stored = OrderRepository::by_id(&db, &placed.id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(stored.status, OrderStatus::Pending, "{db:?}");
        assert_eq!(stored.payment_status, PaymentStatus::Paid);
        assert_eq!(stored.transaction_id.as_deref(), Some("TX-778"));
        assert_eq!(stock_of(&db, "dress").await, 4);

        // The payment is no longer pending: the same change again is stale.
        assert_eq!(
            transition(&db, &placed.id, &paid, now()).await,
            Err(OrderStoreError::Stale)
        );

        // A later change without payment fields leaves them as they are.
        let ship = OrderTransition::status_change(OrderStatus::Pending, OrderStatus::Shipped);
        transition(&db, &placed.id, &ship, now()).await.unwrap();
        let shipped = OrderRepository::by_id(&db, &placed.id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(shipped.status, OrderStatus::Shipped);
        assert_eq!(shipped.payment_status, PaymentStatus::Paid);
        assert_eq!(shipped.transaction_id.as_deref(), Some("TX-778"));
    }
}

#[tokio::test]
async fn a_shopper_has_at_most_one_order_awaiting_payment() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 5).await;
        db.place(&unconfirmed("o1", "amina", &[(&dress, 1)]))
            .await
            .unwrap();
        assert_eq!(
            db.place(&unconfirmed("o2", "amina", &[(&dress, 1)])).await,
            Err(OrderStoreError::Repo(RepoError::Duplicate)),
            "{db:?}"
        );
        assert_eq!(
            stock_of(&db, "dress").await,
            4,
            "the refused order took no stock"
        );
        // Paid orders and other shoppers are not held up.
        db.place(&order("o3", "amina", &[(&dress, 1)]))
            .await
            .unwrap();
        db.place(&unconfirmed("o4", "bashir", &[(&dress, 1)]))
            .await
            .unwrap();
        // Once the unconfirmed order is canceled, the shopper can check out again.
        let cancel = OrderTransition::status_change(OrderStatus::Pending, OrderStatus::Canceled);
        transition(&db, &order_id("o1"), &cancel, now())
            .await
            .unwrap();
        db.place(&unconfirmed("o5", "amina", &[(&dress, 1)]))
            .await
            .unwrap();
        assert_eq!(stock_of(&db, "dress").await, 2);
    }
}

#[tokio::test]
async fn a_forgotten_idempotency_key_can_be_used_again() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 5).await;
        let mut first = order("o1", "amina", &[(&dress, 1)]);
        first.idempotency_key = Some("key-1".into());
        db.place(&first).await.unwrap();
        db.forget_idempotency_key(&first.id).await.unwrap();
        assert_eq!(
            db.by_idempotency_key(&user_id("amina"), "key-1")
                .await
                .unwrap(),
            None,
            "{db:?}"
        );
        let mut again = order("o2", "amina", &[(&dress, 1)]);
        again.idempotency_key = Some("key-1".into());
        db.place(&again).await.unwrap();
        assert_eq!(
            db.by_idempotency_key(&user_id("amina"), "key-1")
                .await
                .unwrap()
                .map(|o| o.id),
            Some(order_id("o2"))
        );
    }
}

#[tokio::test]
async fn orders_are_listed_newest_first_with_their_lines_one_page_at_a_time() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 50).await;
        let scarf = add_product(&db, "scarf", 50).await;
        for (i, user) in ["amina", "bashir", "amina", "caaliya", "amina"]
            .into_iter()
            .enumerate()
        {
            let mut o = order(
                &format!("o{i}"),
                user,
                &[(&dress, 1), (&scarf, i as u32 + 1)],
            );
            o.created_at = at(i as i64 * 3600);
            db.place(&o).await.unwrap();
        }
        let all = |ids: &[&str]| ids.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            order_ids(&db, None).await,
            (all(&["o4", "o3", "o2", "o1", "o0"]), 5),
            "{db:?}"
        );
        let page = |number| Some(Page { number, size: 2 });
        assert_eq!(order_ids(&db, page(1)).await, (all(&["o4", "o3"]), 5));
        assert_eq!(order_ids(&db, page(3)).await, (all(&["o0"]), 5));

        let (orders, _) = OrderRepository::list(&db, &newest(page(2))).await.unwrap();
        assert_eq!(orders[0].lines.len(), 2);
        assert_eq!(orders[0].lines[1].quantity, 3, "lines keep their order");
        assert_eq!(
            orders[0],
            OrderRepository::by_id(&db, &order_id("o2"))
                .await
                .unwrap()
                .unwrap()
        );

        let amina: Vec<_> = db.for_user(&user_id("amina")).await.unwrap();
        let ids: Vec<_> = amina.iter().map(|o| o.id.to_string()).collect();
        assert_eq!(ids, ["o4", "o2", "o0"]);
        assert!(amina
            .iter()
            .all(|o| o.lines.len() == 2 && o.user_id == user_id("amina")));
        assert_eq!(amina[2].lines[1].quantity, 1);
        assert!(db.for_user(&user_id("nobody")).await.unwrap().is_empty());
    }
}

#[tokio::test]
async fn listing_orders_takes_as_many_queries_for_many_orders_as_for_one() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 100).await;
        let scarf = add_product(&db, "scarf", 100).await;
        db.place(&order("a0", "amina", &[(&dress, 1)]))
            .await
            .unwrap();
        for i in 0..8 {
            db.place(&order(
                &format!("b{i}"),
                "bashir",
                &[(&dress, 1), (&scarf, 2)],
            ))
            .await
            .unwrap();
        }
        let count = |before: u64| db.statements_run() - before;

        let before = db.statements_run();
        assert_eq!(db.for_user(&user_id("amina")).await.unwrap().len(), 1);
        let one = count(before);
        let before = db.statements_run();
        assert_eq!(db.for_user(&user_id("bashir")).await.unwrap().len(), 8);
        let eight = count(before);
        // The orders, their lines, their histories, their deliveries and who took those
        // taken by phone.
        assert_eq!((one, eight), (5, 5), "{db:?}");

        let before = db.statements_run();
        OrderRepository::list(&db, &newest(Some(Page { number: 1, size: 1 })))
            .await
            .unwrap();
        let page_of_one = count(before);
        let before = db.statements_run();
        OrderRepository::list(&db, &newest(Some(Page { number: 1, size: 8 })))
            .await
            .unwrap();
        let page_of_eight = count(before);
        let before = db.statements_run();
        OrderRepository::list(&db, &OrderQuery::default())
            .await
            .unwrap();
        let everything = count(before);
        assert_eq!(
            (page_of_one, page_of_eight, everything),
            (6, 6, 5),
            "{db:?}"
        );
    }
}

#[tokio::test]
async fn paying_at_checkout_empties_that_shoppers_cart_in_the_same_step() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 5).await;
        for shopper in ["amina", "bashir"] {
            add_user(&db, shopper).await;
            CartRepository::set_quantity(&db, &user_id(shopper), &dress.id, None, 2, now())
                .await
                .unwrap();
        }
        db.place(&unconfirmed("o1", "amina", &[(&dress, 2)]))
            .await
            .unwrap();
        let paid = OrderTransition::paid_at_checkout("TX-1".into());

        // Applied to an order that is no longer pending: nothing happens, the cart stays.
        transition(&db, &order_id("o1"), &cancel(), now())
            .await
            .unwrap();
        assert!(matches!(
            transition(&db, &order_id("o1"), &paid, now()).await,
            Err(OrderStoreError::Stale)
        ));
        assert_eq!(
            db.lines(&user_id("amina")).await.unwrap().len(),
            1,
            "{db:?}"
        );

        transition(&db, &order_id("o1"), &revive(), now())
            .await
            .unwrap();
        transition(&db, &order_id("o1"), &paid, now())
            .await
            .unwrap();
        assert_eq!(db.lines(&user_id("amina")).await.unwrap(), [], "{db:?}");
        assert_eq!(
            db.lines(&user_id("bashir")).await.unwrap().len(),
            1,
            "{db:?}"
        );
        let order = OrderRepository::by_id(&db, &order_id("o1"))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(order.payment_status, PaymentStatus::Paid, "{db:?}");
        assert_eq!(order.transaction_id.as_deref(), Some("TX-1"), "{db:?}");
    }
}

#[tokio::test]
async fn status_changes_are_kept_with_who_made_them_and_delivery_opens_the_return_window() {
    use domain::order::Changer;
    use OrderStatus::{Canceled, Delivered, Pending, Shipped};
    for db in databases().await {
        let dress = add_product(&db, "dress", 5).await;
        db.place(&order("o1", "amina", &[(&dress, 2)]))
            .await
            .unwrap();
        let admin = user("hodan");
        let id = order_id("o1");
        let step = |from, to| OrderTransition::status_change(from, to).by(&admin);
        transition(&db, &id, &step(Pending, Shipped), now())
            .await
            .unwrap();
        let before_delivery = chrono::Utc::now() - chrono::Duration::seconds(1);
        transition(&db, &id, &step(Shipped, Delivered), now())
            .await
            .unwrap();
        let delivered = OrderRepository::by_id(&db, &id).await.unwrap().unwrap();
        let steps: Vec<(OrderStatus, Option<String>)> = delivered
            .history
            .iter()
            .map(|c| (c.status, c.by.as_ref().map(|by| by.name.clone())))
            .collect();
        assert_eq!(
            steps,
            [
                (Pending, Some("Customer amina".into())),
                (Shipped, Some(admin.name.clone())),
                (Delivered, Some(admin.name.clone())),
            ],
            "{db:?}"
        );
        assert_eq!(
            delivered.history[1].by,
            Some(Changer {
                id: admin.id.clone(),
                name: admin.name.clone()
            })
        );
        let delivered_at = delivered.delivered_at.expect("delivered now");
        assert!(delivered_at >= before_delivery, "{db:?}");
        assert_eq!(delivered.history[2].at, delivered_at);

        // Back to shipped and delivered again: the first delivery stays.
        transition(&db, &id, &step(Delivered, Shipped), now())
            .await
            .unwrap();
        let back = OrderRepository::by_id(&db, &id).await.unwrap().unwrap();
        assert_eq!(
            (back.delivered_at, back.history.len()),
            (Some(delivered_at), 4)
        );
        transition(&db, &id, &step(Shipped, Delivered), now())
            .await
            .unwrap();
        let again = OrderRepository::by_id(&db, &id).await.unwrap().unwrap();
        assert_eq!(again.delivered_at, Some(delivered_at), "{db:?}");
        transition(&db, &id, &step(Delivered, Shipped), now())
            .await
            .unwrap();

        // A canceled paid order gives back all of its total.
        let refund = OrderTransition {
            payment: Some(PaymentChange {
                from: PaymentStatus::Paid,
                to: PaymentStatus::Refunded,
                transaction_id: None,
            }),
            ..step(Shipped, Canceled)
        };
        transition(&db, &id, &refund, now()).await.unwrap();
        let canceled = OrderRepository::by_id(&db, &id).await.unwrap().unwrap();
        assert_eq!(
            (canceled.payment_status, canceled.refunded),
            (PaymentStatus::Refunded, canceled.total)
        );
        assert_eq!(canceled.history.last().unwrap().status, Canceled);
        // The shopper's orders come with the same history.
        let listed = db.for_user(&user_id("amina")).await.unwrap();
        assert_eq!(listed[0].history, canceled.history);
    }
}

#[tokio::test]
async fn orders_are_numbered_from_1001_in_the_order_placed_and_after_a_seed() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 10).await;
        let first = db.place(&order("o1", "amina", &[(&dress, 1)])).await;
        let second = db.place(&order("o2", "bashir", &[(&dress, 1)])).await;
        assert_eq!(
            (first.unwrap().get(), second.unwrap().get()),
            (1001, 1002),
            "{db:?}"
        );
        // A seed's orders follow, and so does the next one placed.
        let mut seeded = [
            order("s1", "hodan", &[(&dress, 1)]),
            order("s2", "idil", &[(&dress, 1)]),
        ];
        db.bulk_insert_orders(&mut seeded).await.unwrap();
        assert_eq!(seeded.map(|o| o.number.get()), [1003, 1004], "{db:?}");
        let after = db.place(&order("o3", "amina", &[(&dress, 1)])).await;
        assert_eq!(after.unwrap().get(), 1005, "{db:?}");
        let stored = OrderRepository::by_id(&db, &order_id("s2")).await.unwrap();
        assert_eq!(stored.unwrap().number.get(), 1004, "{db:?}");
    }
}
