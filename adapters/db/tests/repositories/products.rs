use crate::support::{
    add_product, add_user, at, databases, money, now, order, product, product_id, sized_product,
    stock_of, transition,
};
use domain::order::{OrderStatus, OrderTransition};
use domain::ports::{
    CartRepository, OrderRepository, Page, ProductFilter, ProductRepository, ProductStoreError,
    RepoError, WishlistRepository,
};
use domain::product::{Category, ProductImage, SearchCandidate};
use domain::product_edit::{ProductEdit, StockEdit};
use domain::{Percent, ProductId};
use shop_db::Database;

async fn ids(db: &Database, filter: ProductFilter) -> (Vec<String>, u64) {
    let (products, total) = ProductRepository::list(db, &filter).await.unwrap();
    (
        products.into_iter().map(|p| p.id.to_string()).collect(),
        total,
    )
}

#[tokio::test]
async fn a_product_comes_back_with_every_field_as_stored() {
    for db in databases().await {
        let mut dress = product("dress", 7);
        dress.stated_original_price = Some(money(3100));
        dress.tags = vec!["Évènement".into(), "100% linen".into(), "kids_wear".into()];
        dress.is_featured = true;
        ProductRepository::insert(&db, &dress).await.unwrap();
        let mut plain = product("plain", 0);
        plain.image = None;
        plain.gallery = vec![];
        plain.tags = vec![];
        plain.discount = Percent::default();
        ProductRepository::insert(&db, &plain).await.unwrap();

        assert_eq!(
            ProductRepository::by_id(&db, &dress.id).await.unwrap(),
            Some(dress),
            "{db:?}"
        );
        assert_eq!(
            ProductRepository::by_id(&db, &plain.id).await.unwrap(),
            Some(plain)
        );
        assert_eq!(
            ProductRepository::by_id(&db, &product_id("none"))
                .await
                .unwrap(),
            None
        );
    }
}

#[tokio::test]
async fn a_product_id_already_taken_is_a_duplicate() {
    for db in databases().await {
        add_product(&db, "dress", 1).await;
        assert_eq!(
            ProductRepository::insert(&db, &product("dress", 2)).await,
            Err(ProductStoreError::Repo(RepoError::Duplicate)),
            "{db:?}"
        );
    }
}

#[tokio::test]
async fn an_edit_writes_the_fields_it_sets_and_leaves_the_rest() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 7).await;
        let edit = ProductEdit {
            name: Some("Linen dress".into()),
            category: Some(Category::Sales),
            tags: Some(vec!["Sale".into()]),
            price: Some(money(1999)),
            discount: Some(Percent::new(50).unwrap()),
            clears_stated_original_price: true,
            is_featured: Some(true),
            image: Some(ProductImage {
                full: "/uploads/x.webp".into(),
                thumbnail: "/uploads/x-thumb.webp".into(),
            }),
            ..Default::default()
        };
        let stored = ProductRepository::update(&db, &dress.id, &edit, now())
            .await
            .unwrap();
        assert_eq!(stored, edit.applied_to(&dress), "{db:?}");
        assert_eq!(stored.stock, 7, "stock was not sent, so it stays");
        assert_eq!(stored.description, dress.description);
        assert_eq!(
            ProductRepository::by_id(&db, &dress.id).await.unwrap(),
            Some(stored)
        );
        let (found, _) = ids(
            &db,
            ProductFilter {
                tag: Some("sale".into()),
                ..Default::default()
            },
        )
        .await;
        assert_eq!(found, ["dress"], "the tag filter follows the new tags");
        assert_eq!(
            ProductRepository::update(&db, &product_id("ghost"), &edit, now()).await,
            Err(ProductStoreError::Repo(RepoError::NotFound))
        );
    }
}

#[tokio::test]
async fn stock_is_set_only_while_it_still_is_what_the_form_showed() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 5).await;
        let version = db.catalog_version().await.unwrap();
        let stale = ProductEdit {
            name: Some("Renamed".into()),
            stock: Some(StockEdit {
                to: 9,
                expected: Some(6),
            }),
            ..Default::default()
        };
        assert_eq!(
            ProductRepository::update(&db, &dress.id, &stale, now()).await,
            Err(ProductStoreError::StockChanged { now: 5 }),
            "{db:?}"
        );
        let unchanged = ProductRepository::by_id(&db, &dress.id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (unchanged.name.as_str(), unchanged.stock),
            ("Dress dress", 5)
        );
        assert_eq!(
            db.catalog_version().await.unwrap(),
            version,
            "nothing written"
        );
        let current = ProductEdit {
            stock: Some(StockEdit {
                to: 9,
                expected: Some(5),
            }),
            ..stale
        };
        let stored = ProductRepository::update(&db, &dress.id, &current, now())
            .await
            .unwrap();
        assert_eq!((stored.name.as_str(), stored.stock), ("Renamed", 9));
    }
}

#[tokio::test]
async fn deleting_a_product_takes_it_out_of_carts_and_wishlists_but_not_out_of_orders() {
    for db in databases().await {
        let amina = add_user(&db, "amina").await;
        let dress = add_product(&db, "dress", 5).await;
        let scarf = add_product(&db, "scarf", 5).await;
        db.set_quantity(&amina.id, &dress.id, None, 1, now())
            .await
            .unwrap();
        db.set_quantity(&amina.id, &scarf.id, None, 1, now())
            .await
            .unwrap();
        WishlistRepository::add(&db, &amina.id, &dress.id, now())
            .await
            .unwrap();
        db.place(&order("o1", "amina", &[(&dress, 2)]))
            .await
            .unwrap();

        ProductRepository::delete(&db, &dress.id).await.unwrap();

        assert_eq!(
            ProductRepository::by_id(&db, &dress.id).await.unwrap(),
            None,
            "{db:?}"
        );
        let cart: Vec<_> = db
            .lines(&amina.id)
            .await
            .unwrap()
            .into_iter()
            .map(|l| l.product.id)
            .collect();
        assert_eq!(cart, [scarf.id]);
        assert!(db.products(&amina.id).await.unwrap().is_empty());
        let kept = OrderRepository::by_id(&db, &crate::support::order_id("o1"))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(kept.lines[0].name, dress.name);
        assert_eq!(kept.status, OrderStatus::Pending);
        assert_eq!(
            ProductRepository::delete(&db, &dress.id).await,
            Err(RepoError::NotFound)
        );
    }
}

async fn catalogue(db: &Database) {
    // Newest last here; listed newest first.
    let specs: [(&str, Category, bool, &[&str]); 5] = [
        ("w1", Category::Women, false, &["Summer", "Dress"]),
        ("k1", Category::Kids, true, &["summer"]),
        ("w2", Category::Women, true, &["dresses"]),
        ("s1", Category::Sales, false, &["SUMMER", "100%"]),
        ("w3", Category::Women, false, &[]),
    ];
    for (i, (id, category, featured, tags)) in specs.into_iter().enumerate() {
        let mut p = product(id, 3);
        p.category = category;
        p.is_featured = featured;
        p.tags = tags.iter().map(|t| t.to_string()).collect();
        p.created_at = at(i as i64 * 60);
        ProductRepository::insert(db, &p).await.unwrap();
    }
}

#[tokio::test]
async fn products_are_listed_newest_first_by_category_and_featured() {
    for db in databases().await {
        catalogue(&db).await;
        assert_eq!(
            ids(&db, ProductFilter::default()).await,
            (
                vec![
                    "w3".into(),
                    "s1".into(),
                    "w2".into(),
                    "k1".into(),
                    "w1".into()
                ],
                5
            ),
            "{db:?}"
        );
        let women = ProductFilter {
            category: Some(Category::Women),
            ..Default::default()
        };
        assert_eq!(
            ids(&db, women).await,
            (vec!["w3".into(), "w2".into(), "w1".into()], 3)
        );
        let featured = ProductFilter {
            featured_only: true,
            ..Default::default()
        };
        assert_eq!(
            ids(&db, featured).await,
            (vec!["w2".into(), "k1".into()], 2)
        );
        let featured_women = ProductFilter {
            category: Some(Category::Women),
            featured_only: true,
            ..Default::default()
        };
        assert_eq!(ids(&db, featured_women).await, (vec!["w2".into()], 1));
    }
}

#[tokio::test]
async fn the_tag_filter_ignores_case_and_matches_whole_tags_only() {
    for db in databases().await {
        catalogue(&db).await;
        let tagged = |tag: &str| ProductFilter {
            tag: Some(tag.into()),
            ..Default::default()
        };
        assert_eq!(
            ids(&db, tagged("Summer")).await.0,
            ["s1", "k1", "w1"],
            "{db:?}"
        );
        assert_eq!(ids(&db, tagged("sUmMeR")).await.1, 3);
        assert_eq!(ids(&db, tagged("dress")).await.0, ["w1"], "not 'dresses'");
        assert_eq!(ids(&db, tagged("100%")).await.0, ["s1"]);
        assert!(
            ids(&db, tagged("1%")).await.0.is_empty(),
            "LIKE wildcards match themselves"
        );
        assert!(ids(&db, tagged("summ_r")).await.0.is_empty());
        assert!(ids(&db, tagged("summer,dress")).await.0.is_empty());
        assert_eq!(
            ids(&db, tagged("  ")).await.1,
            5,
            "a blank tag filters nothing"
        );
        let kids_summer = ProductFilter {
            category: Some(Category::Kids),
            tag: Some("SUMMER".into()),
            ..Default::default()
        };
        assert_eq!(ids(&db, kids_summer).await.0, ["k1"]);
    }
}

#[tokio::test]
async fn a_page_holds_its_slice_and_the_total_counts_every_match() {
    for db in databases().await {
        catalogue(&db).await;
        let page = |number, size| ProductFilter {
            page: Some(Page { number, size }),
            ..Default::default()
        };
        assert_eq!(
            ids(&db, page(1, 2)).await,
            (vec!["w3".into(), "s1".into()], 5),
            "{db:?}"
        );
        assert_eq!(
            ids(&db, page(2, 2)).await,
            (vec!["w2".into(), "k1".into()], 5)
        );
        assert_eq!(ids(&db, page(3, 2)).await, (vec!["w1".into()], 5));
        assert_eq!(ids(&db, page(4, 2)).await, (vec![], 5));
        assert_eq!(
            ids(&db, page(1, 10)).await,
            (
                vec![
                    "w3".into(),
                    "s1".into(),
                    "w2".into(),
                    "k1".into(),
                    "w1".into()
                ],
                5
            )
        );
        let women_page = ProductFilter {
            category: Some(Category::Women),
            page: Some(Page { number: 2, size: 2 }),
            ..Default::default()
        };
        assert_eq!(ids(&db, women_page).await, (vec!["w1".into()], 3));
        assert_eq!(stock_of(&db, "w1").await, 3);
    }
}

#[tokio::test]
async fn the_text_filter_narrows_on_name_description_category_and_tags_ignoring_case() {
    for db in databases().await {
        catalogue(&db).await;
        let mut silk = product("x1", 3);
        silk.name = "Silk SCARF".into();
        silk.description = "Hand-made in Hargeisa".into();
        silk.tags = vec!["Gift_Idea".into()];
        ProductRepository::insert(&db, &silk).await.unwrap();
        let text = |text: &str| ProductFilter {
            text: Some(text.into()),
            ..Default::default()
        };
        assert_eq!(ids(&db, text("scarf")).await.0, ["x1"], "{db:?}");
        assert_eq!(ids(&db, text("HARGEISA")).await.0, ["x1"]);
        assert_eq!(ids(&db, text("gift_idea")).await.0, ["x1"]);
        assert!(
            ids(&db, text("gift%")).await.0.is_empty(),
            "wildcards match themselves"
        );
        assert_eq!(ids(&db, text("kids")).await.0, ["k1"], "the category");
        assert_eq!(ids(&db, text("dresses")).await.0, ["w2"], "a tag");
        assert_eq!(
            ids(&db, text("ar")).await.0,
            ["x1"],
            "shorter than a trigram"
        );
        assert!(
            ids(&db, text("scarf hand")).await.0.is_empty(),
            "never across two fields"
        );
        // The search index follows edits and deletes.
        let rename = ProductEdit {
            name: Some("Chiffon Shawl".into()),
            ..Default::default()
        };
        ProductRepository::update(&db, &silk.id, &rename, now())
            .await
            .unwrap();
        assert!(ids(&db, text("scarf")).await.0.is_empty(), "{db:?}");
        assert_eq!(ids(&db, text("chiffon")).await.0, ["x1"]);
        assert_eq!(ids(&db, text("hargeisa")).await.0, ["x1"]);
        ProductRepository::delete(&db, &silk.id).await.unwrap();
        assert!(ids(&db, text("chiffon")).await.0.is_empty());
    }
}

#[tokio::test]
async fn search_ranks_lean_candidates_and_loads_only_the_products_it_shows() {
    for db in databases().await {
        let mut silk = sized_product("x1", &[("S", None, 2), ("M", Some("Teal"), 1)]);
        silk.name = "Silk Scarf".into();
        silk.tags = vec!["Gift".into()];
        ProductRepository::insert(&db, &silk).await.unwrap();
        catalogue(&db).await;
        let filter = ProductFilter {
            text: Some("scarf".into()),
            ..Default::default()
        };
        let candidates = ProductRepository::search_candidates(&db, &filter)
            .await
            .unwrap();
        assert_eq!(candidates, [SearchCandidate::from(&silk)], "{db:?}");

        let wanted = ["w3", "nowhere", "x1", "w1"].map(|id| ProductId::parse(id).unwrap());
        let found = ProductRepository::by_ids(&db, &wanted).await.unwrap();
        let found_ids: Vec<String> = found.iter().map(|p| p.id.to_string()).collect();
        assert_eq!(found_ids, ["w3", "x1", "w1"], "in the order asked, {db:?}");
        assert_eq!(found[1], silk, "with its sizes");
    }
}

#[tokio::test]
async fn listing_products_in_sizes_runs_the_same_queries_for_one_product_or_twenty() {
    for db in databases().await {
        let kids = ProductFilter {
            category: Some(Category::Kids),
            ..Default::default()
        };
        let women = ProductFilter {
            category: Some(Category::Women),
            ..Default::default()
        };
        let mut lone = product("k0", 3);
        lone.category = Category::Kids;
        ProductRepository::insert(&db, &lone).await.unwrap();
        for i in 0..20 {
            let sizes = [
                ("S", None, 1),
                ("M", Some("Black"), 2),
                ("M", Some("Red"), 0),
            ];
            let mut p = sized_product(&format!("w{i}"), &sizes);
            p.tags = vec!["summer".into(), "linen".into()];
            p.gallery = vec!["/uploads/a.webp".into(), "/uploads/b.webp".into()];
            ProductRepository::insert(&db, &p).await.unwrap();
        }
        let statements = |filter: ProductFilter| {
            let db = db.clone();
            async move {
                let before = db.statements_run();
                let (found, _) = ProductRepository::list(&db, &filter).await.unwrap();
                (found.len(), db.statements_run() - before)
            }
        };
        // The products, then their sizes: never a query per product.
        assert_eq!(statements(kids).await, (1, 2), "{db:?}");
        assert_eq!(statements(women).await, (20, 2));
        let first_page = |filter: ProductFilter| ProductFilter {
            page: Some(Page { number: 2, size: 5 }),
            ..filter
        };
        let women_page = first_page(ProductFilter {
            category: Some(Category::Women),
            ..Default::default()
        });
        assert_eq!(
            statements(women_page).await,
            (5, 3),
            "the page, its sizes and the count"
        );
    }
}

#[tokio::test]
async fn every_catalogue_change_bumps_the_catalogue_version() {
    for db in databases().await {
        let start = db.catalog_version().await.unwrap();
        let dress = add_product(&db, "dress", 5).await;
        assert_eq!(db.catalog_version().await.unwrap(), start + 1, "{db:?}");
        let restock = ProductEdit {
            stock: Some(StockEdit {
                to: 4,
                expected: None,
            }),
            ..Default::default()
        };
        ProductRepository::update(&db, &dress.id, &restock, now())
            .await
            .unwrap();
        assert_eq!(db.catalog_version().await.unwrap(), start + 2);
        ProductRepository::delete(&db, &dress.id).await.unwrap();
        assert_eq!(db.catalog_version().await.unwrap(), start + 3);
        assert_eq!(
            ProductRepository::delete(&db, &dress.id).await,
            Err(RepoError::NotFound)
        );

        // Stock taken by an order, or given back by canceling it, changes what shoppers see.
        let scarf = add_product(&db, "scarf", 5).await;
        let placed = order("o1", "amina", &[(&scarf, 1)]);
        db.place(&placed).await.unwrap();
        assert_eq!(db.catalog_version().await.unwrap(), start + 5);
        let ship = OrderTransition::status_change(OrderStatus::Pending, OrderStatus::Shipped);
        transition(&db, &placed.id, &ship, now()).await.unwrap();
        assert_eq!(
            db.catalog_version().await.unwrap(),
            start + 5,
            "no stock moved"
        );
        let cancel = OrderTransition::status_change(OrderStatus::Shipped, OrderStatus::Canceled);
        transition(&db, &placed.id, &cancel, now()).await.unwrap();
        assert_eq!(db.catalog_version().await.unwrap(), start + 6);
    }
}
