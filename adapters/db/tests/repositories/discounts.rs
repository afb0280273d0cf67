//! Discount codes as stored (issue 15).

use crate::support::{
    add_product, add_user, at, databases, now, order, order_id, stock_of, transition, user_id,
};
use domain::discount::{CartDiscount, Discount, DiscountCode, DiscountKind};
use domain::order::{Order, OrderDiscount, OrderStatus, OrderTransition};
use domain::ports::{DiscountRepository, OrderStoreError, Page, RepoError};
use domain::product::Product;
use domain::{DiscountId, Money, Percent};
use shop_db::Database;
use std::sync::Arc;

fn code(id: &str, code: &str, seconds: i64) -> Discount {
    Discount {
        id: DiscountId::parse(id).unwrap(),
        code: DiscountCode::parse(code).unwrap(),
        kind: DiscountKind::Percent(Percent::new(15).unwrap()),
        min_subtotal: Some(Money::from_cents(4000).unwrap()),
        starts_at: Some(at(seconds)),
        ends_at: Some(at(seconds + 86_400)),
        usage_limit: Some(100),
        per_customer_limit: Some(1),
        times_used: 0,
        active: true,
        created_at: at(seconds),
    }
}

#[tokio::test]
async fn a_code_comes_back_as_stored_and_is_found_by_its_code() {
    for db in databases().await {
        let eid = code("eid", "EID-2026", 0);
        db.insert(&eid).await.unwrap();
        assert_eq!(
            db.by_id(&eid.id).await.unwrap(),
            Some(eid.clone()),
            "{db:?}"
        );
        let typed = DiscountCode::parse("eid-2026").unwrap();
        assert_eq!(db.by_code(&typed).await.unwrap(), Some(eid.clone()));
        let free = Discount {
            kind: DiscountKind::FreeShipping,
            min_subtotal: None,
            starts_at: None,
            ends_at: None,
            usage_limit: None,
            per_customer_limit: None,
            ..code("ship", "FREESHIP", 60)
        };
        db.insert(&free).await.unwrap();
        assert_eq!(db.by_id(&free.id).await.unwrap(), Some(free));
        let fixed = Discount {
            kind: DiscountKind::Fixed(Money::from_cents(550).unwrap()),
            ..code("five", "FIVE-OFF", 120)
        };
        db.insert(&fixed).await.unwrap();
        assert_eq!(db.by_id(&fixed.id).await.unwrap(), Some(fixed));
        assert_eq!(db.uses_by(&eid.id, &user_id("amina")).await.unwrap(), 0);
    }
}

#[tokio::test]
async fn a_taken_code_is_a_duplicate_on_insert_and_on_edit() {
    for db in databases().await {
        db.insert(&code("eid", "EID-2026", 0)).await.unwrap();
        db.insert(&code("sale", "SALE", 60)).await.unwrap();
        assert_eq!(
            db.insert(&code("other", "EID-2026", 120)).await,
            Err(RepoError::Duplicate),
            "{db:?}"
        );
        let renamed = code("sale", "EID-2026", 60);
        assert_eq!(db.update(&renamed).await, Err(RepoError::Duplicate));
    }
}

#[tokio::test]
async fn an_edit_writes_the_admins_fields_but_never_the_uses_and_a_delete_removes_it() {
    for db in databases().await {
        let eid = code("eid", "EID-2026", 0);
        db.insert(&eid).await.unwrap();
        let edited = Discount {
            code: DiscountCode::parse("EID-SALE").unwrap(),
            kind: DiscountKind::Percent(Percent::new(20).unwrap()),
            usage_limit: None,
            active: false,
            times_used: 7,
            created_at: at(999),
            ..eid.clone()
        };
        db.update(&edited).await.unwrap();
        let stored = db.by_id(&eid.id).await.unwrap().unwrap();
        assert_eq!(
            stored,
            Discount {
                times_used: 0,
                created_at: eid.created_at,
                ..edited
            },
            "{db:?}"
        );
        db.delete(&eid.id).await.unwrap();
        assert_eq!(db.by_id(&eid.id).await.unwrap(), None);
        assert_eq!(db.delete(&eid.id).await, Err(RepoError::NotFound));
        assert_eq!(db.update(&eid).await, Err(RepoError::NotFound));
    }
}

#[tokio::test]
async fn codes_are_listed_newest_first_a_page_at_a_time() {
    for db in databases().await {
        for (i, name) in ["FIRST", "SECOND", "THIRD"].iter().enumerate() {
            db.insert(&code(&name.to_lowercase(), name, i as i64 * 60))
                .await
                .unwrap();
        }
        let names = |codes: Vec<Discount>| {
            codes
                .into_iter()
                .map(|c| c.code.to_string())
                .collect::<Vec<_>>()
        };
        let (all, total) = db.list(None).await.unwrap();
        assert_eq!(
            (names(all), total),
            (vec!["THIRD".into(), "SECOND".into(), "FIRST".into()], 3)
        );
        let (second_page, total) = db.list(Some(Page { number: 2, size: 2 })).await.unwrap();
        assert_eq!(
            (names(second_page), total),
            (vec!["FIRST".into()], 3),
            "{db:?}"
        );
    }
}

/// EID-2026 without conditions but these: `usage_limit` and `per_customer_limit`.
async fn add_code(db: &Database, usage_limit: Option<u32>, per_customer_limit: Option<u32>) {
    let eid = Discount {
        min_subtotal: None,
        starts_at: None,
        ends_at: None,
        usage_limit,
        per_customer_limit,
        ..code("eid", "EID-2026", 0)
    };
    DiscountRepository::insert(db, &eid).await.unwrap();
}

/// An order of one unit of `product` with EID-2026 taking $5 off.
fn with_code(id: &str, user: &str, product: &Product) -> Order {
    Order {
        discount: Some(OrderDiscount {
            code: DiscountCode::parse("EID-2026").unwrap(),
            amount: Money::from_cents(500).unwrap(),
        }),
        ..order(id, user, &[(product, 1)])
    }
}

// The orders' port, by its path: in scope, its `by_id` would clash with the codes'.
async fn place(db: &Database, order: &Order) -> Result<(), OrderStoreError> {
    domain::ports::OrderRepository::place(db, order)
        .await
        .map(drop)
}

async fn move_order(db: &Database, id: &str, from: OrderStatus, to: OrderStatus) {
    let change = OrderTransition::status_change(from, to);
    transition(db, &order_id(id), &change, now()).await.unwrap();
}

async fn order_by_id(db: &Database, id: &str) -> Option<Order> {
    domain::ports::OrderRepository::by_id(db, &order_id(id))
        .await
        .unwrap()
}

async fn uses_of_eid(db: &Database) -> u32 {
    DiscountRepository::by_code(db, &DiscountCode::parse("EID-2026").unwrap())
        .await
        .unwrap()
        .unwrap()
        .times_used
}

#[tokio::test]
async fn an_order_takes_a_use_and_a_cancel_before_shipping_gives_it_back_once() {
    for db in databases().await {
        add_code(&db, Some(5), None).await;
        let dress = add_product(&db, "dress", 10).await;
        place(&db, &with_code("o1", "amina", &dress)).await.unwrap();
        assert_eq!(uses_of_eid(&db).await, 1);
        assert_eq!(
            db.uses_by(&DiscountId::parse("eid").unwrap(), &user_id("amina"))
                .await
                .unwrap(),
            1
        );
        let placed = order_by_id(&db, "o1").await.unwrap();
        assert_eq!(placed.discount, with_code("o1", "amina", &dress).discount);

        move_order(&db, "o1", OrderStatus::Pending, OrderStatus::Canceled).await;
        assert_eq!(uses_of_eid(&db).await, 0, "{db:?}");
        // Reopened and canceled again: the use went back once, and is not taken again.
        move_order(&db, "o1", OrderStatus::Canceled, OrderStatus::Pending).await;
        move_order(&db, "o1", OrderStatus::Pending, OrderStatus::Canceled).await;
        assert_eq!(uses_of_eid(&db).await, 0);
        let kept = order_by_id(&db, "o1").await.unwrap();
        assert_eq!(kept.discount.unwrap().amount.cents(), 500);
    }
}

#[tokio::test]
async fn a_shipped_order_canceled_keeps_its_use() {
    for db in databases().await {
        add_code(&db, None, None).await;
        let dress = add_product(&db, "dress", 10).await;
        place(&db, &with_code("o1", "amina", &dress)).await.unwrap();
        move_order(&db, "o1", OrderStatus::Pending, OrderStatus::Shipped).await;
        move_order(&db, "o1", OrderStatus::Shipped, OrderStatus::Canceled).await;
        assert_eq!(uses_of_eid(&db).await, 1);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn racing_orders_for_a_codes_last_use_get_it_exactly_once() {
    for db in databases().await {
        add_code(&db, Some(1), None).await;
        let dress = Arc::new(add_product(&db, "dress", 20).await);
        let attempts: Vec<_> = (0..8)
            .map(|i| {
                let (db, dress) = (db.clone(), dress.clone());
                tokio::spawn(async move {
                    place(&db, &with_code(&format!("o{i}"), &format!("u{i}"), &dress)).await
                })
            })
            .collect();
        let mut won = 0;
        for attempt in attempts {
            match attempt.await.unwrap() {
                Ok(()) => won += 1,
                Err(OrderStoreError::DiscountUnavailable) => {}
                Err(other) => panic!("{db:?}: unexpected {other:?}"),
            }
        }
        assert_eq!(won, 1, "{db:?}");
        assert_eq!(uses_of_eid(&db).await, 1);
        assert_eq!(
            stock_of(&db, "dress").await,
            19,
            "the refused orders took no stock"
        );
    }
}

#[tokio::test]
async fn a_code_turned_off_ended_or_at_the_customers_limit_refuses_the_order_and_changes_nothing() {
    for db in databases().await {
        add_code(&db, None, Some(1)).await;
        let dress = add_product(&db, "dress", 10).await;
        place(&db, &with_code("o1", "amina", &dress)).await.unwrap();
        let again = place(&db, &with_code("o2", "amina", &dress)).await;
        assert!(
            matches!(again, Err(OrderStoreError::DiscountUnavailable)),
            "{db:?}"
        );
        // Another customer may; then the code ends before their next order, and is turned off.
        place(&db, &with_code("o3", "hodan", &dress)).await.unwrap();
        let mut eid = DiscountRepository::by_id(&db, &DiscountId::parse("eid").unwrap())
            .await
            .unwrap()
            .unwrap();
        eid.per_customer_limit = None;
        eid.ends_at = Some(at(0));
        DiscountRepository::update(&db, &eid).await.unwrap();
        let ended = place(&db, &with_code("o4", "hodan", &dress)).await;
        assert!(matches!(ended, Err(OrderStoreError::DiscountUnavailable)));
        eid.ends_at = None;
        eid.active = false;
        DiscountRepository::update(&db, &eid).await.unwrap();
        let off = place(&db, &with_code("o5", "hodan", &dress)).await;
        assert!(matches!(off, Err(OrderStoreError::DiscountUnavailable)));
        assert_eq!(uses_of_eid(&db).await, 2);
        assert_eq!(stock_of(&db, "dress").await, 8);
        assert!(order_by_id(&db, "o2").await.is_none());
    }
}

#[tokio::test]
async fn a_cart_holds_one_code_with_its_terms_until_it_is_removed_or_replaced() {
    for db in databases().await {
        add_user(&db, "amina").await;
        let amina = user_id("amina");
        assert_eq!(db.on_cart(&amina).await.unwrap(), None);
        let eid = code("eid", "EID-2026", 0);
        let welcome = code("welcome", "WELCOME", 10);
        db.insert(&eid).await.unwrap();
        db.insert(&welcome).await.unwrap();
        db.apply_to_cart(&amina, &eid).await.unwrap();
        assert_eq!(
            db.on_cart(&amina).await.unwrap(),
            Some(CartDiscount::applying(eid.clone()))
        );
        db.apply_to_cart(&amina, &welcome).await.unwrap();
        let holds_welcome = Some(CartDiscount::applying(welcome.clone()));
        assert_eq!(db.on_cart(&amina).await.unwrap(), holds_welcome);
        let gone = Discount {
            id: DiscountId::parse("gone").unwrap(),
            ..welcome.clone()
        };
        assert_eq!(
            db.apply_to_cart(&amina, &gone).await,
            Err(RepoError::NotFound)
        );
        assert_eq!(db.on_cart(&amina).await.unwrap(), holds_welcome);
        db.remove_from_cart(&amina).await.unwrap();
        assert_eq!(db.on_cart(&amina).await.unwrap(), None);
    }
}

#[tokio::test]
async fn a_cart_keeps_the_terms_its_code_was_applied_for_when_the_code_is_edited_or_deleted() {
    for db in databases().await {
        add_user(&db, "amina").await;
        let amina = user_id("amina");
        let eid = code("eid", "EID-2026", 0);
        db.insert(&eid).await.unwrap();
        db.apply_to_cart(&amina, &eid).await.unwrap();
        let edited = Discount {
            kind: DiscountKind::Fixed(Money::from_cents(500).unwrap()),
            ..eid.clone()
        };
        DiscountRepository::update(&db, &edited).await.unwrap();
        let applied_then = CartDiscount {
            current: Some(edited),
            ..CartDiscount::applying(eid.clone())
        };
        assert_eq!(db.on_cart(&amina).await.unwrap(), Some(applied_then));
        DiscountRepository::delete(&db, &eid.id).await.unwrap();
        let deleted = CartDiscount {
            current: None,
            ..CartDiscount::applying(eid.clone())
        };
        assert_eq!(db.on_cart(&amina).await.unwrap(), Some(deleted), "{db:?}");
    }
}
