//! Reviews in storage: who received a product, one review per shopper and product, and the
//! product's rating and count kept with every change, also when reviews are written at once.

use crate::support::{
    add_product, at, databases, now, order, order_id, product_id, transition, user_id,
};
use domain::order::{OrderStatus, OrderTransition};
use domain::ports::{OrderRepository, Page, ProductRepository, ReviewQuery, ReviewRepository};
use domain::review::{Rating, Review, ReviewSort};
use domain::ReviewId;
use shop_db::Database;

fn review(id: &str, product: &str, user: &str, stars: u8, seconds: i64) -> Review {
    Review {
        id: ReviewId::parse(id).unwrap(),
        product_id: product_id(product),
        product_name: String::new(),
        user_id: user_id(user),
        author: format!("{user} W."),
        rating: Rating::new(stars).unwrap(),
        title: Some(format!("Title {id}")),
        body: format!("Body of {id}"),
        verified_purchase: true,
        hidden: false,
        created_at: at(seconds),
    }
}

/// The product's (rating in tenths, review count) as the catalogue shows them.
async fn shown(db: &Database, product: &str) -> (u8, u32) {
    let p = ProductRepository::by_id(db, &product_id(product))
        .await
        .unwrap()
        .unwrap();
    (p.rating_tenths, p.reviews)
}

fn page(number: u32, size: u32) -> Page {
    Page { number, size }
}

fn ids(list: &[Review]) -> Vec<String> {
    list.iter().map(|r| r.id.to_string()).collect()
}

#[tokio::test]
async fn a_product_was_received_once_an_order_holding_it_was_delivered() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 5).await;
        add_product(&db, "scarf", 5).await;
        db.place(&order("o1", "amina", &[(&dress, 1)]))
            .await
            .unwrap();
        let (amina, dress_id) = (user_id("amina"), product_id("dress"));
        assert!(!db.has_received(&amina, &dress_id).await.unwrap(), "{db:?}");
        for (from, to) in [
            (OrderStatus::Pending, OrderStatus::Shipped),
            (OrderStatus::Shipped, OrderStatus::Delivered),
        ] {
            transition(
                &db,
                &order_id("o1"),
                &OrderTransition::status_change(from, to),
                now(),
            )
            .await
            .unwrap();
        }
        assert!(db.has_received(&amina, &dress_id).await.unwrap());
        assert!(!db.has_received(&amina, &product_id("scarf")).await.unwrap());
        assert!(!db.has_received(&user_id("hodan"), &dress_id).await.unwrap());
    }
}

#[tokio::test]
async fn writing_again_replaces_and_the_rating_counts_only_visible_reviews() {
    for db in databases().await {
        add_product(&db, "dress", 5).await;
        let first = db
            .save(&review("r1", "dress", "amina", 5, 10))
            .await
            .unwrap();
        assert_eq!(first.product_name, "Dress dress");
        db.save(&review("r2", "dress", "hodan", 4, 20))
            .await
            .unwrap();
        assert_eq!(shown(&db, "dress").await, (45, 2), "{db:?}");

        // Amina writes again: her review is replaced in place, under its first id.
        let again = db
            .save(&review("r9", "dress", "amina", 2, 30))
            .await
            .unwrap();
        assert_eq!(again.id.as_str(), "r1");
        assert_eq!(again.rating.stars(), 2);
        assert_eq!(shown(&db, "dress").await, (30, 2));

        db.set_hidden(&ReviewId::parse("r2").unwrap(), true)
            .await
            .unwrap();
        assert_eq!(shown(&db, "dress").await, (20, 1));
        // A hidden review written again stays hidden.
        let rewritten = db
            .save(&review("r8", "dress", "hodan", 5, 40))
            .await
            .unwrap();
        assert!(rewritten.hidden);
        assert_eq!(shown(&db, "dress").await, (20, 1));
        db.set_hidden(&ReviewId::parse("r2").unwrap(), false)
            .await
            .unwrap();
        assert_eq!(shown(&db, "dress").await, (35, 2));

        ReviewRepository::delete(&db, &ReviewId::parse("r1").unwrap())
            .await
            .unwrap();
        assert_eq!(shown(&db, "dress").await, (50, 1));
        let missing = ReviewId::parse("nope").unwrap();
        assert_eq!(
            ReviewRepository::delete(&db, &missing).await,
            Err(domain::ports::RepoError::NotFound)
        );
        assert_eq!(
            db.save(&review("r3", "gone", "amina", 5, 50)).await,
            Err(domain::ports::RepoError::NotFound)
        );
    }
}

#[tokio::test]
async fn reviews_written_at_once_all_count() {
    for db in databases().await {
        add_product(&db, "dress", 5).await;
        let writers: Vec<_> = (0..8u8)
            .map(|n| {
                let db = db.clone();
                let r = review(
                    &format!("r{n}"),
                    "dress",
                    &format!("u{n}"),
                    1 + n % 5,
                    i64::from(n),
                );
                tokio::spawn(async move { db.save(&r).await })
            })
            .collect();
        for writer in writers {
            writer.await.unwrap().unwrap();
        }
        // Stars 1, 2, 3, 4, 5, 1, 2, 3: 21 / 8 = 2.625, shown as 2.6.
        assert_eq!(shown(&db, "dress").await, (26, 8), "{db:?}");
        let summary = db.summary(&product_id("dress")).await.unwrap();
        assert_eq!(summary.stars, [2, 2, 2, 1, 1]);
    }
}

#[tokio::test]
async fn a_products_reviews_come_newest_first_or_by_rating_one_page_at_a_time() {
    for db in databases().await {
        add_product(&db, "dress", 5).await;
        for (id, user, stars, seconds) in [
            ("r1", "a", 3, 10),
            ("r2", "b", 5, 20),
            ("r3", "c", 1, 30),
            ("r4", "d", 5, 40),
        ] {
            db.save(&review(id, "dress", user, stars, seconds))
                .await
                .unwrap();
        }
        db.set_hidden(&ReviewId::parse("r3").unwrap(), true)
            .await
            .unwrap();
        let dress = product_id("dress");
        let list = |sort, p| {
            let db = db.clone();
            let dress = dress.clone();
            async move { db.for_product(&dress, sort, p).await.unwrap() }
        };
        let (newest, total) = list(ReviewSort::Newest, page(1, 10)).await;
        assert_eq!(
            (ids(&newest), total),
            (vec!["r4".into(), "r2".into(), "r1".into()], 3)
        );
        let (highest, _) = list(ReviewSort::Highest, page(1, 10)).await;
        assert_eq!(ids(&highest), ["r4", "r2", "r1"]);
        let (lowest, _) = list(ReviewSort::Lowest, page(1, 10)).await;
        assert_eq!(ids(&lowest), ["r1", "r4", "r2"]);
        let (second, total) = list(ReviewSort::Newest, page(2, 2)).await;
        assert_eq!((ids(&second), total), (vec!["r1".into()], 3));

        let query = |hidden, search: Option<&str>| ReviewQuery {
            hidden,
            search: search.map(str::to_owned),
            page: page(1, 10),
        };
        let (hidden, total) = ReviewRepository::list(&db, &query(Some(true), None))
            .await
            .unwrap();
        assert_eq!((ids(&hidden), total), (vec!["r3".into()], 1));
        let (found, _) = ReviewRepository::list(&db, &query(None, Some("BODY OF R2")))
            .await
            .unwrap();
        assert_eq!(ids(&found), ["r2"], "{db:?}");
        let (by_author, _) = ReviewRepository::list(&db, &query(None, Some("d w.")))
            .await
            .unwrap();
        assert_eq!(ids(&by_author), ["r4"]);
        let (by_title, _) = ReviewRepository::list(&db, &query(None, Some("TITLE R1")))
            .await
            .unwrap();
        assert_eq!(ids(&by_title), ["r1"]);
        let (literal, _) = ReviewRepository::list(&db, &query(None, Some("%")))
            .await
            .unwrap();
        assert!(literal.is_empty());
    }
}
