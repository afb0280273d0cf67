//! Refund claims and the holds of unconfirmed payments.

use crate::support::{
    add_product, add_user, at, databases, now, order, stock_of, transition, unconfirmed,
};
use domain::order::{Order, OrderStatus, OrderTransition, PaymentStatus};
use domain::payment_hold::{hold_expiry, methods_without_hold};
use domain::ports::{OrderRepository, OrderStoreError, RepoError};

fn cancel_refunded(from: OrderStatus) -> OrderTransition {
    let order = order("any", "any", &[]);
    OrderTransition::admin_status_change(
        &domain::order::Order {
            status: from,
            ..order
        },
        OrderStatus::Canceled,
    )
    .expect("a paid order may be canceled")
}

#[tokio::test]
async fn one_caller_claims_a_refund_and_nothing_else_changes_the_order_meanwhile() {
    for db in databases().await {
        add_user(&db, "amina").await;
        let dress = add_product(&db, "dress", 5).await;
        let paid = order("o1", "amina", &[(&dress, 2)]);
        db.place(&paid).await.unwrap();

        db.claim_refund(&paid.id, OrderStatus::Pending, now())
            .await
            .unwrap();
        assert_eq!(
            db.claim_refund(&paid.id, OrderStatus::Pending, now()).await,
            Err(OrderStoreError::Stale),
            "{db:?}"
        );
        let ship = OrderTransition::status_change(OrderStatus::Pending, OrderStatus::Shipped);
        assert_eq!(
            transition(&db, &paid.id, &ship, now()).await,
            Err(OrderStoreError::Stale),
            "a claimed order does not move under its refund"
        );
        assert_eq!(
            transition(&db, &paid.id, &cancel_refunded(OrderStatus::Pending), now()).await,
            Err(OrderStoreError::Stale),
            "only the claimer lands the cancel"
        );

        db.release_refund_claim(&paid.id).await.unwrap();
        db.claim_refund(&paid.id, OrderStatus::Pending, now())
            .await
            .unwrap();
        transition(
            &db,
            &paid.id,
            &cancel_refunded(OrderStatus::Pending).landing_refund(),
            now(),
        )
        .await
        .unwrap();
        let stored = db.by_id(&paid.id).await.unwrap().unwrap();
        assert_eq!(
            (stored.status, stored.payment_status),
            (OrderStatus::Canceled, PaymentStatus::Refunded)
        );
        assert_eq!(stock_of(&db, "dress").await, 5, "the stock came back once");
        assert_eq!(
            db.claim_refund(&paid.id, OrderStatus::Canceled, now())
                .await,
            Err(OrderStoreError::Stale),
            "a refunded order cannot be claimed again"
        );
        assert_eq!(
            db.claim_refund(
                &crate::support::order_id("ghost"),
                OrderStatus::Pending,
                now()
            )
            .await,
            Err(OrderStoreError::Repo(RepoError::NotFound))
        );
    }
}

#[tokio::test]
async fn a_claim_left_ten_minutes_by_its_clock_is_taken_over_and_a_younger_one_is_not() {
    for db in databases().await {
        add_user(&db, "amina").await;
        let dress = add_product(&db, "dress", 5).await;
        let paid = order("o1", "amina", &[(&dress, 1)]);
        db.place(&paid).await.unwrap();
        db.claim_refund(&paid.id, OrderStatus::Pending, at(0))
            .await
            .unwrap();
        // Still being sent 9 minutes 59 seconds later: no resolution takes it over.
        assert_eq!(
            db.reclaim_unconfirmed_refund(&paid.id, at(599)).await,
            Err(OrderStoreError::Stale),
            "{db:?}"
        );
        // Ten minutes on, its process counts as dead mid-refund: an admin takes it over.
        db.reclaim_unconfirmed_refund(&paid.id, at(600))
            .await
            .unwrap();
        let stored = db.by_id(&paid.id).await.unwrap().unwrap();
        let claim = stored.refund_claim.unwrap();
        assert_eq!((claim.sent_at, claim.unconfirmed_at), (at(600), None));
        // Marked unconfirmed at once (its answer was lost): taken over without waiting.
        db.mark_refund_unconfirmed(&paid.id, at(601)).await.unwrap();
        db.reclaim_unconfirmed_refund(&paid.id, at(602))
            .await
            .unwrap();
    }
}

#[tokio::test]
async fn unconfirmed_orders_past_the_cutoff_are_found_and_released_once() {
    for db in databases().await {
        add_user(&db, "amina").await;
        add_user(&db, "bashir").await;
        add_user(&db, "cawo").await;
        let dress = add_product(&db, "dress", 5).await;
        let old = unconfirmed("old", "amina", &[(&dress, 2)]);
        let recent = domain::order::Order {
            created_at: at(600),
            ..unconfirmed("recent", "bashir", &[(&dress, 1)])
        };
        let paid = order("paid", "cawo", &[(&dress, 1)]);
        // Paid to the rider at the door: it waits for them, whatever the hold.
        let cash = domain::order::Order {
            payment_method: Some(domain::payment_method::PaymentMethod::CashOnDelivery),
            ..unconfirmed("cash", "cawo", &[(&dress, 1)])
        };
        for placed in [&old, &recent, &paid, &cash] {
            db.place(placed).await.unwrap();
        }
        assert_eq!(stock_of(&db, "dress").await, 0);

        let ids = |orders: Vec<Order>| orders.into_iter().map(|o| o.id).collect::<Vec<_>>();
        let without_hold = methods_without_hold();
        let expired = db
            .unconfirmed_placed_before(at(300), &without_hold, 10)
            .await
            .unwrap();
        assert_eq!(ids(expired), std::slice::from_ref(&old.id), "{db:?}");
        let mut unexempted = ids(db
            .unconfirmed_placed_before(at(300), &[], 10)
            .await
            .unwrap());
        unexempted.sort_by(|a, b| a.as_str().cmp(b.as_str()));
        assert_eq!(
            unexempted,
            [cash.id.clone(), old.id.clone()],
            "storage leaves out only the methods it is told"
        );
        transition(&db, &old.id, &hold_expiry(), now())
            .await
            .unwrap();
        assert_eq!(
            transition(&db, &old.id, &hold_expiry(), now()).await,
            Err(OrderStoreError::Stale)
        );
        let stored = db.by_id(&old.id).await.unwrap().unwrap();
        assert_eq!(
            (stored.status, stored.payment_status),
            (OrderStatus::Canceled, PaymentStatus::Failed)
        );
        assert!(stored.hold_expired_at.is_some());
        assert_eq!(stock_of(&db, "dress").await, 2, "its two units are back");
        assert!(db
            .unconfirmed_placed_before(at(300), &without_hold, 10)
            .await
            .unwrap()
            .is_empty());
        assert_eq!(
            ids(db
                .unconfirmed_placed_before(at(700), &without_hold, 10)
                .await
                .unwrap()),
            [recent.id]
        );
    }
}
