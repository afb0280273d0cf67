use crate::support::{add_product, add_user, databases, now, product_id};
use domain::ports::{RepoError, WishlistRepository};

#[tokio::test]
async fn a_wished_product_is_added_once() {
    for db in databases().await {
        let amina = add_user(&db, "amina").await;
        let dress = add_product(&db, "dress", 5).await;
        assert!(db.add(&amina.id, &dress.id, now()).await.unwrap(), "{db:?}");
        assert!(!db.add(&amina.id, &dress.id, now()).await.unwrap());
        assert_eq!(db.products(&amina.id).await.unwrap(), [dress]);
    }
}

#[tokio::test]
async fn wished_products_come_oldest_first_and_can_be_removed() {
    for db in databases().await {
        let amina = add_user(&db, "amina").await;
        let dress = add_product(&db, "dress", 5).await;
        let scarf = add_product(&db, "scarf", 0).await;
        db.add(&amina.id, &scarf.id, now()).await.unwrap();
        db.add(&amina.id, &dress.id, now()).await.unwrap();
        assert_eq!(
            db.products(&amina.id).await.unwrap(),
            [scarf.clone(), dress.clone()],
            "{db:?}"
        );
        assert!(WishlistRepository::remove(&db, &amina.id, &scarf.id)
            .await
            .unwrap());
        assert!(!WishlistRepository::remove(&db, &amina.id, &scarf.id)
            .await
            .unwrap());
        assert_eq!(db.products(&amina.id).await.unwrap(), [dress]);
    }
}

#[tokio::test]
async fn wishing_for_an_unknown_product_is_not_found() {
    for db in databases().await {
        let amina = add_user(&db, "amina").await;
        assert_eq!(
            db.add(&amina.id, &product_id("ghost"), now()).await,
            Err(RepoError::NotFound),
            "{db:?}"
        );
    }
}

#[tokio::test]
async fn reading_a_wishlist_takes_two_queries_however_long_it_is() {
    for db in databases().await {
        let amina = add_user(&db, "amina").await;
        for i in 0..5 {
            let p = add_product(&db, &format!("p{i}"), 5).await;
            db.add(&amina.id, &p.id, now()).await.unwrap();
        }
        let before = db.statements_run();
        assert_eq!(db.products(&amina.id).await.unwrap().len(), 5);
        // The products, then their sizes.
        assert_eq!(db.statements_run() - before, 2, "{db:?}");
    }
}
