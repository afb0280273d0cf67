//! Sizes and colours: stored in the admin's order with the product's stock their sum, listed
//! by size, sold and restocked per size, edited by the grid with its stock guards.

use crate::support::{
    add_user, databases, now, order, product, product_id, sized_product, transition, user_id,
};
use domain::cart::CartLine;
use domain::order::{OrderStatus, OrderTransition};
use domain::ports::{
    CartRepository, OrderRepository, OrderStoreError, ProductFilter, ProductRepository,
    ProductStoreError,
};
use domain::product::Product;
use domain::product_edit::ProductEdit;
use domain::variant::{VariantFilter, VariantStock, VariantWrite};
use domain::VariantId;
use shop_db::Database;

fn variant_id(raw: &str) -> VariantId {
    VariantId::parse(raw).unwrap()
}

/// The product's sizes as (size, colour, stock), and its stock.
async fn sizes_of(db: &Database, id: &str) -> (Vec<(String, Option<String>, u32)>, u32) {
    let product = ProductRepository::by_id(db, &product_id(id))
        .await
        .unwrap()
        .unwrap();
    (
        product
            .variants
            .iter()
            .map(|v| (v.size.clone(), v.colour.clone(), v.stock))
            .collect(),
        product.stock,
    )
}

fn sized(size: &str, colour: Option<&str>, stock: u32) -> (String, Option<String>, u32) {
    (size.into(), colour.map(Into::into), stock)
}

async fn add_dress(db: &Database) -> Product {
    let dress = sized_product(
        "dress",
        &[
            ("S", None, 2),
            ("M", Some("Black"), 1),
            ("M", Some("Red"), 0),
            ("L", None, 4),
        ],
    );
    ProductRepository::insert(db, &dress).await.unwrap();
    dress
}

/// A row of the grid that keeps `id` with its size, setting the stock as `stock` says.
fn kept(product: &Product, id: &str, stock: VariantStock) -> VariantWrite {
    let variant = product.variant(&variant_id(id)).unwrap();
    VariantWrite {
        id: variant.id.clone(),
        is_new: false,
        size: variant.size.clone(),
        colour: variant.colour.clone(),
        sku: variant.sku.clone(),
        stock,
    }
}

fn grid(rows: Vec<VariantWrite>) -> ProductEdit {
    ProductEdit {
        variants: Some(rows),
        ..Default::default()
    }
}

#[tokio::test]
async fn sizes_are_stored_in_the_admins_order_and_the_stock_is_their_sum() {
    for db in databases().await {
        add_dress(&db).await;
        assert_eq!(
            sizes_of(&db, "dress").await,
            (
                vec![
                    sized("S", None, 2),
                    sized("M", Some("Black"), 1),
                    sized("M", Some("Red"), 0),
                    sized("L", None, 4)
                ],
                7
            ),
            "{db:?}"
        );
        let listed = ProductRepository::list(&db, &ProductFilter::default())
            .await
            .unwrap()
            .0;
        assert_eq!(listed[0].variants.len(), 4, "{db:?}");
    }
}

#[tokio::test]
async fn lists_by_size_and_colour_show_only_products_with_stock_in_it() {
    for db in databases().await {
        add_dress(&db).await;
        let shirt = sized_product("shirt", &[("M", Some("White"), 3), ("XL", None, 0)]);
        ProductRepository::insert(&db, &shirt).await.unwrap();
        ProductRepository::insert(&db, &product("scarf", 9))
            .await
            .unwrap();
        let listed = |size: Option<&str>, colour: Option<&str>| {
            let db = db.clone();
            let filter = ProductFilter {
                variant: VariantFilter::parse(size, colour).unwrap(),
                ..Default::default()
            };
            async move {
                let (found, total) = ProductRepository::list(&db, &filter).await.unwrap();
                let mut ids: Vec<String> = found.iter().map(|p| p.id.to_string()).collect();
                ids.sort();
                assert_eq!(ids.len() as u64, total);
                ids
            }
        };
        assert_eq!(listed(Some("m"), None).await, ["dress", "shirt"], "{db:?}");
        assert_eq!(listed(Some("M"), Some("red")).await, Vec::<String>::new());
        assert_eq!(listed(Some("M"), Some("BLACK")).await, ["dress"]);
        assert_eq!(listed(None, Some("white")).await, ["shirt"]);
        assert_eq!(listed(Some("XL"), None).await, Vec::<String>::new());
        assert_eq!(listed(None, None).await, ["dress", "scarf", "shirt"]);
    }
}

#[tokio::test]
async fn an_order_takes_each_sizes_stock_and_a_cancel_gives_it_back_to_that_size() {
    for db in databases().await {
        let dress = add_dress(&db).await;
        add_user(&db, "amina").await;
        let mut placed = order("o1", "amina", &[(&dress, 2), (&dress, 1)]);
        placed.lines[0].variant = Some(dress.variants[3].snapshot());
        placed.lines[1].variant = Some(dress.variants[1].snapshot());
        OrderRepository::place(&db, &placed).await.unwrap();
        let after_sale = vec![
            sized("S", None, 2),
            sized("M", Some("Black"), 0),
            sized("M", Some("Red"), 0),
            sized("L", None, 2),
        ];
        assert_eq!(sizes_of(&db, "dress").await, (after_sale, 4), "{db:?}");
        let stored = OrderRepository::by_id(&db, &placed.id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(stored.lines, placed.lines, "orders keep the size bought");

        let mut too_many = order("o2", "amina", &[(&dress, 1)]);
        too_many.lines[0].variant = Some(dress.variants[1].snapshot());
        assert_eq!(
            OrderRepository::place(&db, &too_many).await,
            Err(OrderStoreError::OutOfStock {
                name: "Dress dress (M, Black)".into(),
                available: 0
            })
        );

        let cancel = OrderTransition::status_change(OrderStatus::Pending, OrderStatus::Canceled);
        transition(&db, &placed.id, &cancel, now()).await.unwrap();
        assert_eq!(sizes_of(&db, "dress").await.1, 7, "{db:?}");
        assert_eq!(
            sizes_of(&db, "dress").await.0[1],
            sized("M", Some("Black"), 1)
        );
    }
}

#[tokio::test]
async fn a_cancel_gives_nothing_back_to_a_size_removed_since() {
    for db in databases().await {
        let dress = add_dress(&db).await;
        add_user(&db, "amina").await;
        let mut placed = order("o1", "amina", &[(&dress, 2)]);
        placed.lines[0].variant = Some(dress.variants[0].snapshot());
        OrderRepository::place(&db, &placed).await.unwrap();
        let without_small = grid(vec![
            kept(&dress, "dress-M-Black", VariantStock::Keep),
            kept(&dress, "dress-L", VariantStock::Keep),
        ]);
        ProductRepository::update(&db, &dress.id, &without_small, now())
            .await
            .unwrap();
        let cancel = OrderTransition::status_change(OrderStatus::Pending, OrderStatus::Canceled);
        transition(&db, &placed.id, &cancel, now()).await.unwrap();
        assert_eq!(
            sizes_of(&db, "dress").await,
            (vec![sized("M", Some("Black"), 1), sized("L", None, 4)], 5),
            "{db:?}"
        );
    }
}

#[tokio::test]
async fn the_grid_keeps_adds_reorders_and_removes_sizes_with_their_cart_lines() {
    for db in databases().await {
        let dress = add_dress(&db).await;
        let amina = add_user(&db, "amina").await;
        for size in ["dress-S", "dress-L"] {
            db.set_quantity(&amina.id, &dress.id, Some(variant_id(size)), 1, now())
                .await
                .unwrap();
        }
        let edit = grid(vec![
            kept(
                &dress,
                "dress-L",
                VariantStock::SetIfStill { to: 6, expected: 4 },
            ),
            VariantWrite {
                id: variant_id("dress-XL"),
                is_new: true,
                size: "XL".into(),
                colour: None,
                sku: "DRESS-XL".into(),
                stock: VariantStock::Set(3),
            },
            kept(&dress, "dress-M-Black", VariantStock::Keep),
        ]);
        let stored = ProductRepository::update(&db, &dress.id, &edit, now())
            .await
            .unwrap();
        let expected = vec![
            sized("L", None, 6),
            sized("XL", None, 3),
            sized("M", Some("Black"), 1),
        ];
        assert_eq!(sizes_of(&db, "dress").await, (expected, 10), "{db:?}");
        assert_eq!(stored.stock, 10);
        let cart: Vec<(String, u32)> = db
            .lines(&amina.id)
            .await
            .unwrap()
            .iter()
            .map(|l: &CartLine| (l.variant.as_ref().unwrap().size.clone(), l.quantity))
            .collect();
        assert_eq!(
            cart,
            [("L".to_string(), 1)],
            "the removed size left the cart"
        );
    }
}

#[tokio::test]
async fn a_size_sold_since_the_grid_was_read_is_not_overwritten() {
    for db in databases().await {
        let dress = add_dress(&db).await;
        let stale = grid(vec![
            kept(
                &dress,
                "dress-S",
                VariantStock::SetIfStill { to: 9, expected: 3 },
            ),
            kept(&dress, "dress-L", VariantStock::Set(1)),
        ]);
        assert_eq!(
            ProductRepository::update(&db, &dress.id, &stale, now()).await,
            Err(ProductStoreError::VariantStockChanged {
                size: "S".into(),
                now: 2
            }),
            "{db:?}"
        );
        assert_eq!(sizes_of(&db, "dress").await.1, 7, "nothing was written");
    }
}

#[tokio::test]
async fn an_sku_of_another_product_is_refused_and_skus_may_swap_within_one() {
    for db in databases().await {
        let dress = add_dress(&db).await;
        let shirt = sized_product("shirt", &[("M", None, 3)]);
        ProductRepository::insert(&db, &shirt).await.unwrap();
        let mut taking = kept(&dress, "dress-S", VariantStock::Keep);
        taking.sku = "shirt-m".into();
        assert_eq!(
            ProductRepository::update(&db, &dress.id, &grid(vec![taking]), now()).await,
            Err(ProductStoreError::SkuTaken {
                sku: "SHIRT-M".into()
            }),
            "{db:?}"
        );
        let mut small = kept(&dress, "dress-S", VariantStock::Keep);
        let mut large = kept(&dress, "dress-L", VariantStock::Keep);
        std::mem::swap(&mut small.sku, &mut large.sku);
        let swapped = ProductRepository::update(&db, &dress.id, &grid(vec![small, large]), now())
            .await
            .unwrap();
        assert_eq!(
            swapped
                .variants
                .iter()
                .map(|v| (v.size.as_str(), v.sku.as_str()))
                .collect::<Vec<_>>(),
            [("S", "DRESS-L"), ("L", "DRESS-S")],
            "{db:?}"
        );
    }
}

#[tokio::test]
async fn two_sizes_of_one_product_are_two_cart_lines_removed_by_size_or_together() {
    for db in databases().await {
        let dress = add_dress(&db).await;
        let amina = add_user(&db, "amina").await;
        let (small, large) = (variant_id("dress-S"), variant_id("dress-L"));
        db.set_quantity(&amina.id, &dress.id, Some(small.clone()), 2, now())
            .await
            .unwrap();
        db.set_quantity(&amina.id, &dress.id, Some(large.clone()), 1, now())
            .await
            .unwrap();
        let lines = db.lines(&amina.id).await.unwrap();
        assert_eq!(
            lines
                .iter()
                .map(|l| (l.variant.as_ref().unwrap().id.clone(), l.quantity))
                .collect::<Vec<_>>(),
            [(small.clone(), 2), (large.clone(), 1)],
            "{db:?}"
        );
        assert!(
            CartRepository::remove(&db, &amina.id, &dress.id, Some(small.clone()))
                .await
                .unwrap()
        );
        let left = db.lines(&user_id("amina")).await.unwrap();
        assert_eq!(left.len(), 1);
        assert_eq!(left[0].variant.as_ref().unwrap().id, large);
        db.set_quantity(&amina.id, &dress.id, Some(small.clone()), 1, now())
            .await
            .unwrap();
        assert!(
            CartRepository::remove(&db, &amina.id, &dress.id, None)
                .await
                .unwrap(),
            "without a size, every line of the product goes"
        );
        assert!(db.lines(&amina.id).await.unwrap().is_empty(), "{db:?}");
        assert!(
            !CartRepository::remove(&db, &amina.id, &dress.id, None)
                .await
                .unwrap(),
            "nothing left to remove"
        );
    }
}
