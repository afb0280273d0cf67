use crate::support::{add_product, add_user, databases, now, product_id, user_id};
use domain::ports::{CartRepository, ProductRepository, RepoError};
use domain::product_edit::{ProductEdit, StockEdit};

#[tokio::test]
async fn cart_lines_come_with_their_products_oldest_first() {
    for db in databases().await {
        let amina = add_user(&db, "amina").await;
        let dress = add_product(&db, "dress", 5).await;
        let scarf = add_product(&db, "scarf", 5).await;
        db.set_quantity(&amina.id, &scarf.id, None, 1, now())
            .await
            .unwrap();
        db.set_quantity(&amina.id, &dress.id, None, 3, now())
            .await
            .unwrap();

        let lines = db.lines(&amina.id).await.unwrap();
        assert_eq!(lines.len(), 2, "{db:?}");
        assert_eq!(lines[0].product, scarf);
        assert_eq!(lines[0].quantity, 1);
        assert_eq!(lines[1].product, dress);
        assert_eq!(lines[1].quantity, 3);
    }
}

#[tokio::test]
async fn setting_a_quantity_adds_a_missing_line_and_replaces_an_existing_one() {
    for db in databases().await {
        let amina = add_user(&db, "amina").await;
        let dress = add_product(&db, "dress", 5).await;
        let scarf = add_product(&db, "scarf", 5).await;
        db.set_quantity(&amina.id, &dress.id, None, 2, now())
            .await
            .unwrap();
        db.set_quantity(&amina.id, &scarf.id, None, 1, now())
            .await
            .unwrap();
        db.set_quantity(&amina.id, &dress.id, None, 4, now())
            .await
            .unwrap();

        let lines = db.lines(&amina.id).await.unwrap();
        let summary: Vec<_> = lines
            .iter()
            .map(|l| (l.product.id.to_string(), l.quantity))
            .collect();
        assert_eq!(
            summary,
            [("dress".to_string(), 4), ("scarf".to_string(), 1)],
            "{db:?}"
        );

        // A quantity of zero removes the line.
        db.set_quantity(&amina.id, &dress.id, None, 0, now())
            .await
            .unwrap();
        assert_eq!(db.lines(&amina.id).await.unwrap().len(), 1);
    }
}

#[tokio::test]
async fn carts_belong_to_one_user_each() {
    for db in databases().await {
        let amina = add_user(&db, "amina").await;
        let bashir = add_user(&db, "bashir").await;
        let dress = add_product(&db, "dress", 5).await;
        db.set_quantity(&amina.id, &dress.id, None, 2, now())
            .await
            .unwrap();
        db.set_quantity(&bashir.id, &dress.id, None, 1, now())
            .await
            .unwrap();
        db.clear(&amina.id).await.unwrap();
        assert!(db.lines(&amina.id).await.unwrap().is_empty(), "{db:?}");
        assert_eq!(db.lines(&bashir.id).await.unwrap()[0].quantity, 1);
    }
}

#[tokio::test]
async fn removing_a_line_says_whether_there_was_one() {
    for db in databases().await {
        let amina = add_user(&db, "amina").await;
        let dress = add_product(&db, "dress", 5).await;
        db.set_quantity(&amina.id, &dress.id, None, 2, now())
            .await
            .unwrap();
        assert!(
            CartRepository::remove(&db, &amina.id, &dress.id, None)
                .await
                .unwrap(),
            "{db:?}"
        );
        assert!(!CartRepository::remove(&db, &amina.id, &dress.id, None)
            .await
            .unwrap());
        assert!(db.lines(&amina.id).await.unwrap().is_empty());
    }
}

#[tokio::test]
async fn a_line_for_an_unknown_product_or_user_is_not_found() {
    for db in databases().await {
        let amina = add_user(&db, "amina").await;
        add_product(&db, "dress", 5).await;
        assert_eq!(
            db.set_quantity(&amina.id, &product_id("ghost"), None, 1, now())
                .await,
            Err(RepoError::NotFound),
            "{db:?}"
        );
        assert_eq!(
            db.set_quantity(&user_id("ghost"), &product_id("dress"), None, 1, now())
                .await,
            Err(RepoError::NotFound)
        );
    }
}

#[tokio::test]
async fn reading_a_cart_takes_two_queries_however_many_lines_it_has() {
    for db in databases().await {
        let amina = add_user(&db, "amina").await;
        let bashir = add_user(&db, "bashir").await;
        for i in 0..6 {
            let p = add_product(&db, &format!("p{i}"), 5).await;
            db.set_quantity(&bashir.id, &p.id, None, 1, now())
                .await
                .unwrap();
            if i == 0 {
                db.set_quantity(&amina.id, &p.id, None, 1, now())
                    .await
                    .unwrap();
            }
        }
        let statements = |db: &shop_db::Database| db.statements_run();
        let before = statements(&db);
        assert_eq!(db.lines(&amina.id).await.unwrap().len(), 1);
        let one_line = statements(&db) - before;
        let before = statements(&db);
        assert_eq!(db.lines(&bashir.id).await.unwrap().len(), 6);
        let six_lines = statements(&db) - before;
        assert_eq!(one_line, six_lines, "{db:?}");
        // The lines with their products, then the products' sizes.
        assert_eq!(six_lines, 2, "{db:?}");
        // A product's stock change shows in the cart at once.
        let restock = ProductEdit {
            stock: Some(StockEdit {
                to: 1,
                expected: None,
            }),
            ..Default::default()
        };
        ProductRepository::update(&db, &product_id("p0"), &restock, now())
            .await
            .unwrap();
        assert_eq!(db.lines(&amina.id).await.unwrap()[0].product.stock, 1);
    }
}
