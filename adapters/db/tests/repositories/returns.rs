//! Returns in storage: a request planned inside its transaction with the order's row
//! locked, racing requests that never return more than was bought, receiving that restocks
//! once, a refund that lands on the order once, and the guard between returns and a cancel.

use crate::support::{add_product, databases, now, order, order_id, stock_of, transition, user};
use chrono::Utc;
use domain::order::{Changer, OrderStatus, OrderTransition, PaymentStatus};
use domain::ports::{
    OrderRepository, OrderStoreError, Page, ReturnRepository, ReturnRequest, ReturnStoreError,
};
use domain::returns::plan::ReturnStepPlan;
use domain::returns::{ReturnInput, ReturnRefusal, ReturnStatus};
use domain::{Money, ReturnId};
use shop_db::Database;

fn admin() -> Changer {
    Changer::from(&user("hodan"))
}

/// Order o1 of amina's: three dresses at $24 (of 5), $5 shipping, paid and delivered now.
async fn delivered_order(db: &Database) {
    let dress = add_product(db, "dress", 5).await;
    db.place(&order("o1", "amina", &[(&dress, 3)]))
        .await
        .unwrap();
    for (from, to) in [
        (OrderStatus::Pending, OrderStatus::Shipped),
        (OrderStatus::Shipped, OrderStatus::Delivered),
    ] {
        transition(
            db,
            &order_id("o1"),
            &OrderTransition::status_change(from, to),
            now(),
        )
        .await
        .unwrap();
    }
}

fn asking(id: &str, units: i64) -> ReturnRequest {
    ReturnRequest {
        id: ReturnId::parse(id).unwrap(),
        order: order_id("o1"),
        by: Changer::from(&user("amina")),
        input: ReturnInput {
            lines: vec![("o1-1".into(), units)],
            reason: "Too small".into(),
        },
        at: Utc::now(),
    }
}

/// Moves return `id` to `to`, planned on the return and its order as stored now, as the use
/// cases do, but as read while it had status `from` (a plan made before it moved on).
async fn step(
    db: &Database,
    id: &str,
    from: ReturnStatus,
    to: ReturnStatus,
) -> Result<(), ReturnStoreError> {
    let id = ReturnId::parse(id).unwrap();
    let stored = ReturnRepository::by_id(db, &id).await?.unwrap();
    let order = OrderRepository::by_id(db, &stored.order_id).await?.unwrap();
    let plan = stored
        .plan_step(&order, to, admin(), now())
        .map_err(|_| ReturnStoreError::Stale)?;
    ReturnRepository::apply(db, &ReturnStepPlan { from, ..plan }).await
}

#[tokio::test]
async fn a_request_is_planned_in_its_transaction_and_a_refused_one_stores_nothing() {
    for db in databases().await {
        delivered_order(&db).await;
        let made = db.request(&asking("r1", 2)).await.unwrap();
        assert_eq!(made.refund_amount, Money::from_cents(4800).unwrap());
        assert_eq!(made.customer_name, "Customer amina");
        let stored = ReturnRepository::by_id(&db, &made.id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(stored, made, "{db:?}");

        let refused = db.request(&asking("r2", 2)).await.unwrap_err();
        assert_eq!(
            refused,
            ReturnStoreError::Refused(ReturnRefusal::TooMany {
                name: "Dress dress".into(),
                left: 1
            })
        );
        assert_eq!(db.for_order(&order_id("o1")).await.unwrap().len(), 1);
        // The last unit brings the shipping back with it.
        let last = db.request(&asking("r3", 1)).await.unwrap();
        assert_eq!(last.refund_amount, Money::from_cents(2900).unwrap());
        let newest: Vec<String> = db
            .for_order(&order_id("o1"))
            .await
            .unwrap()
            .iter()
            .map(|r| r.id.to_string())
            .collect();
        assert_eq!(newest, ["r3", "r1"]);
    }
}

#[tokio::test]
async fn racing_requests_never_return_more_than_was_bought() {
    for db in databases().await {
        delivered_order(&db).await;
        let ids: Vec<String> = (0..8).map(|n| format!("r{n}")).collect();
        let racers: Vec<_> = ids
            .iter()
            .map(|id| {
                let db = db.clone();
                let request = asking(id, 1);
                tokio::spawn(async move { db.request(&request).await })
            })
            .collect();
        let mut results = Vec::new();
        for racer in racers {
            results.push(racer.await.unwrap());
        }
        let made = results.iter().filter(|r| r.is_ok()).count();
        assert_eq!(made, 3, "{db:?}: {results:?}");
        assert!(results
            .iter()
            .filter_map(|r| r.as_ref().err())
            .all(|e| matches!(
                e,
                ReturnStoreError::Refused(ReturnRefusal::TooMany { left: 0, .. })
            )));
    }
}

#[tokio::test]
async fn receiving_restocks_once_and_a_refund_lands_on_the_order_once() {
    use ReturnStatus::{Approved, Received, Refunded, Requested};
    for db in databases().await {
        delivered_order(&db).await;
        db.request(&asking("r1", 2)).await.unwrap();
        step(&db, "r1", Requested, Approved).await.unwrap();
        assert_eq!(stock_of(&db, "dress").await, 2);
        step(&db, "r1", Approved, Received).await.unwrap();
        assert_eq!(stock_of(&db, "dress").await, 4, "{db:?}");
        assert_eq!(
            step(&db, "r1", Approved, Received).await,
            Err(ReturnStoreError::Stale)
        );
        assert_eq!(stock_of(&db, "dress").await, 4, "received once");

        // A refund lands only for its claimer, once.
        assert_eq!(
            step(&db, "r1", Received, Refunded).await,
            Err(ReturnStoreError::Stale)
        );
        let r1 = ReturnId::parse("r1").unwrap();
        ReturnRepository::claim_refund(&db, &r1, now())
            .await
            .unwrap();
        assert_eq!(
            ReturnRepository::claim_refund(&db, &r1, now()).await,
            Err(ReturnStoreError::Stale)
        );
        step(&db, "r1", Received, Refunded).await.unwrap();
        assert_eq!(
            step(&db, "r1", Received, Refunded).await,
            Err(ReturnStoreError::Stale)
        );
        let order = OrderRepository::by_id(&db, &order_id("o1"))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (order.payment_status, order.refunded),
            (
                PaymentStatus::PartiallyRefunded,
                Money::from_cents(4800).unwrap()
            )
        );
        let refunded = ReturnRepository::by_id(&db, &r1).await.unwrap().unwrap();
        let statuses: Vec<ReturnStatus> = refunded.history.iter().map(|c| c.status).collect();
        assert_eq!(statuses, [Requested, Approved, Received, Refunded]);
        assert_eq!(refunded.history[3].by, Some(admin()));

        // A claim released after a refused refund can be taken again.
        db.request(&asking("r2", 1)).await.unwrap();
        step(&db, "r2", Requested, Approved).await.unwrap();
        step(&db, "r2", Approved, Received).await.unwrap();
        let r2 = ReturnId::parse("r2").unwrap();
        ReturnRepository::claim_refund(&db, &r2, now())
            .await
            .unwrap();
        ReturnRepository::release_refund_claim(&db, &r2)
            .await
            .unwrap();
        ReturnRepository::claim_refund(&db, &r2, now())
            .await
            .unwrap();
        step(&db, "r2", Received, Refunded).await.unwrap();
        let whole = OrderRepository::by_id(&db, &order_id("o1"))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (whole.payment_status, whole.refunded),
            (PaymentStatus::Refunded, whole.total),
            "{db:?}"
        );
    }
}

#[tokio::test]
async fn an_order_with_returns_cannot_be_canceled_until_they_are_rejected() {
    for db in databases().await {
        delivered_order(&db).await;
        db.request(&asking("r1", 1)).await.unwrap();
        let id = order_id("o1");
        assert_eq!(
            OrderRepository::claim_refund(&db, &id, OrderStatus::Delivered, now()).await,
            Err(OrderStoreError::Stale)
        );
        let cancel = OrderTransition::status_change(OrderStatus::Delivered, OrderStatus::Canceled);
        assert_eq!(
            transition(&db, &id, &cancel, now()).await,
            Err(OrderStoreError::Stale)
        );
        step(&db, "r1", ReturnStatus::Requested, ReturnStatus::Rejected)
            .await
            .unwrap();
        OrderRepository::claim_refund(&db, &id, OrderStatus::Delivered, now())
            .await
            .unwrap();
        // While the cancel's refund is claimed, no return can be asked for.
        assert_eq!(
            db.request(&asking("r2", 1)).await,
            Err(ReturnStoreError::Stale)
        );
    }
}

#[tokio::test]
async fn returns_are_listed_newest_first_by_status_one_page_at_a_time() {
    for db in databases().await {
        delivered_order(&db).await;
        for (n, id) in ["r1", "r2", "r3"].into_iter().enumerate() {
            let mut request = asking(id, 1);
            request.at = Utc::now() + chrono::Duration::seconds(n as i64);
            db.request(&request).await.unwrap();
        }
        step(&db, "r2", ReturnStatus::Requested, ReturnStatus::Approved)
            .await
            .unwrap();
        let page = |number| Page { number, size: 2 };
        let ids = |list: Vec<domain::returns::Return>| -> Vec<String> {
            list.iter().map(|r| r.id.to_string()).collect()
        };
        let (first, total) = ReturnRepository::list(&db, None, page(1)).await.unwrap();
        assert_eq!(
            (ids(first), total),
            (vec!["r3".to_owned(), "r2".to_owned()], 3)
        );
        let (second, total) = ReturnRepository::list(&db, None, page(2)).await.unwrap();
        assert_eq!((ids(second), total), (vec!["r1".to_owned()], 3));
        let (requested, total) =
            ReturnRepository::list(&db, Some(ReturnStatus::Requested), page(1))
                .await
                .unwrap();
        assert_eq!(
            (ids(requested), total),
            (vec!["r3".to_owned(), "r1".to_owned()], 2)
        );
    }
}
