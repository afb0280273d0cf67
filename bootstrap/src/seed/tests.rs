use super::catalogue::{is_one_size, looks, LOW_SIZE_MAX};
use super::*;
use domain::cart::CartTotals;
use domain::delivery::{delivery_fee, Zones};
use domain::discount::{Discount, DiscountCode};
use domain::listing::orders::OrderQuery;
use domain::listing::users::UserQuery;
use domain::order::{OrderLine, OrderStatus, PaymentStatus};
use domain::ports::DeliveryZoneRepository;
use domain::ports::{
    DiscountRepository, NotificationQuery, OrderRepository, Outbox, ReturnRepository, ReviewQuery,
    ReviewRepository, UserRepository,
};
use domain::product::Category;
use domain::returns::payment_after_refunds;
use domain::review::RatingSummary;
use domain::user::{Role, User};
use domain::variant::total_stock;
use domain::{ProductId, UserId};
use shop_images::Garment;
use std::collections::HashMap;

const SHIPPING_FEE_CENTS: i64 = 500;

async fn seed_into(database: &Database, plan: SeedPlan) -> anyhow::Result<Seeded> {
    let uploads = tempfile::tempdir().unwrap();
    let images = FsImageStore::new(uploads.path().to_path_buf(), "/uploads");
    seed(
        database,
        &images,
        &Argon2Hasher::fast_for_tests(),
        &ShopSettings {
            shop_name: "Dukaan Fashion".into(),
            support_phone: "+252 61 000 0000".into(),
            support_email: domain::user::Email::parse("help@dukaan.so").unwrap(),
            shipping_fee: Money::from_cents(SHIPPING_FEE_CENTS).unwrap(),
            cash_on_delivery_max: Money::from_cents(20_000).unwrap(),
        },
        &plan,
        &ProgressBar::hidden(),
    )
    .await
}

fn tally(names: impl Iterator<Item = &'static str>) -> BTreeMap<&'static str, u64> {
    let mut counts = BTreeMap::new();
    for name in names {
        *counts.entry(name).or_default() += 1;
    }
    counts
}

#[tokio::test]
async fn a_seeded_shop_has_what_was_asked_and_keeps_the_order_rules_on_every_backend() {
    let plan = SeedPlan {
        products: 200,
        orders: 200,
        users: 20,
        pictures: 2,
        force: false,
    };
    for database in shop_db::test_support::databases().await {
        let backend = database.backend_name();
        let seeded = seed_into(&database, plan).await.unwrap();
        let flat = Money::from_cents(SHIPPING_FEE_CENTS).unwrap();
        let zones = Zones::new(DeliveryZoneRepository::all(&database).await.unwrap());
        assert_eq!(zones.all().len(), 24, "{backend}: the demo's zones");

        let (products, total) = ProductRepository::list(&database, &ProductFilter::default())
            .await
            .unwrap();
        assert_eq!(
            (products.len(), total, seeded.products),
            (200, 200, 200),
            "{backend}"
        );
        // Stock is unsigned in the domain: reading every product back proves none is
        // negative in the database.
        let categories: HashSet<Category> = products.iter().map(|p| p.category).collect();
        assert_eq!(categories.len(), 3, "{backend}");
        assert_eq!(seeded.pictures, looks(2).len() as u64, "{backend}");
        assert_pictures_match_names(&products);
        assert_sizes_are_consistent(&products, &seeded);
        assert!(products.iter().any(|p| p.discount.value() > 0), "{backend}");
        assert_eq!(
            tally(products.iter().map(|p| p.category.as_str())),
            seeded.by_category,
            "{backend}"
        );
        let products: HashMap<&ProductId, &Product> = products.iter().map(|p| (&p.id, p)).collect();

        let (users, _) = UserRepository::find(&database, &UserQuery::default())
            .await
            .unwrap();
        assert_eq!((users.len(), seeded.customers), (20, 20), "{backend}");
        assert!(users.iter().all(|u| u.role == Role::User));
        assert!(users
            .iter()
            .all(|u| u.password_hash == users[0].password_hash));
        assert!(
            Argon2Hasher::fast_for_tests()
                .verify(CUSTOMER_PASSWORD, &users[0].password_hash)
                .await
        );
        let users: HashMap<&UserId, &User> = users.iter().map(|u| (&u.id, u)).collect();

        let (orders, total) = OrderRepository::list(&database, &OrderQuery::default())
            .await
            .unwrap();
        let all = Page {
            number: 1,
            size: 1000,
        };
        let (returns, _) = ReturnRepository::list(&database, None, all).await.unwrap();
        assert_eq!(
            (orders.len(), total, seeded.orders),
            (200, 200, 200),
            "{backend}"
        );
        assert_eq!(
            tally(orders.iter().map(|o| o.status.as_str())),
            seeded.by_status,
            "{backend}"
        );
        assert_eq!(
            tally(orders.iter().map(|o| o.payment_status.as_str())),
            seeded.by_payment,
            "{backend}"
        );
        assert_eq!(
            seeded.by_status.keys().copied().collect::<Vec<_>>(),
            ["canceled", "delivered", "pending", "shipped"],
            "{backend}"
        );
        assert_eq!(
            seeded.by_payment.keys().copied().collect::<Vec<_>>(),
            ["failed", "paid", "partiallyRefunded", "pending", "refunded"],
            "{backend}"
        );
        let lines: usize = orders.iter().map(|o| o.lines.len()).sum();
        assert_eq!(lines as u64, seeded.order_lines, "{backend}");

        let (stored_codes, _) = DiscountRepository::list(&database, None).await.unwrap();
        let codes: HashMap<&str, &Discount> =
            stored_codes.iter().map(|d| (d.code.as_str(), d)).collect();
        let mut code_uses = HashMap::new();
        let mut held: HashMap<DiscountCode, u32> = HashMap::new();
        // Oldest first, as they were placed, for the limits per customer.
        let mut orders = orders;
        orders.sort_by_key(|o| o.created_at);
        let mut awaiting_payment = HashSet::new();
        let mut sized_lines = 0;
        for order in &orders {
            assert!((1..=4).contains(&order.lines.len()), "{backend}");
            let subtotal: Money = order.lines.iter().map(OrderLine::line_total).sum();
            assert_eq!(order.subtotal, subtotal, "{backend}");
            // What checkout would have charged with the order's code, on the day, to the
            // order's zone.
            let zone = order.shipping_address.as_ref().map(|a| {
                zones
                    .destination(&a.city, Some(&a.district))
                    .expect("a served zone")
                    .expect("the shop has zones")
            });
            let fee = delivery_fee(zone, flat);
            let plain = CartTotals {
                item_count: order.item_count(),
                subtotal,
                discount: Money::ZERO,
                shipping: fee,
                total: subtotal + fee,
            };
            let charged = match &order.discount {
                None => plain,
                Some(used) => {
                    let code = &codes[used.code.as_str()];
                    let customer_uses = code_uses
                        .entry((code.code.clone(), order.user_id.clone()))
                        .or_insert(0u32);
                    assert_eq!(
                        code.check(subtotal, order.created_at, *customer_uses),
                        Ok(()),
                        "{backend}: {} on {}",
                        code.code,
                        order.created_at
                    );
                    if order.status != OrderStatus::Canceled {
                        *customer_uses += 1;
                        *held.entry(code.code.clone()).or_default() += 1;
                    }
                    plain.with_discount(code)
                }
            };
            assert_eq!(
                (order.shipping_fee, order.total),
                (charged.shipping, charged.total),
                "{backend}"
            );
            assert_eq!(
                order.discount.as_ref().map_or(Money::ZERO, |d| d.amount),
                charged.discount,
                "{backend}"
            );
            for line in &order.lines {
                let product = products[&line.product_id];
                assert_eq!(line.name, product.name, "{backend}");
                assert_eq!(line.unit_price, product.price, "{backend}");
                assert!(product.created_at <= order.created_at, "{backend}");
                // A line of a product with sizes names one of them, as it is.
                match &line.variant {
                    None => assert!(product.variants.is_empty(), "{backend}: {}", line.name),
                    Some(bought) => {
                        let variant = product.variant(&bought.id).expect("a size of it");
                        assert_eq!(*bought, variant.snapshot(), "{backend}");
                        sized_lines += 1;
                    }
                }
            }
            let buyer = users[&order.user_id];
            assert_eq!(order.customer_email, buyer.email_text(), "{backend}");
            assert!(buyer.created_at <= order.created_at, "{backend}");
            assert_eq!(
                order.transaction_id.is_some(),
                order.payment_status.was_charged(),
                "{backend}"
            );
            // Placed by its customer, then each status in time, ending with its own.
            let history = &order.history;
            assert_eq!(history[0].status, OrderStatus::Pending, "{backend}");
            assert_eq!(history[0].at, order.created_at, "{backend}");
            assert_eq!(history[0].by.as_ref().map(|b| &b.id), Some(&order.user_id));
            assert_eq!(history.last().unwrap().status, order.status, "{backend}");
            assert!(history.windows(2).all(|w| w[0].at <= w[1].at), "{backend}");
            let delivered = history.iter().find(|c| c.status == OrderStatus::Delivered);
            assert_eq!(order.delivered_at, delivered.map(|c| c.at), "{backend}");
            // A canceled paid order gave back all of it; a delivered one what its refunded
            // returns did, its payment status following.
            let by_returns: Money = returns
                .iter()
                .filter(|r| r.order_id == order.id && r.status == ReturnStatus::Refunded)
                .map(|r| r.refund_amount)
                .sum();
            if order.status == OrderStatus::Canceled {
                let refunded = order.payment_status == PaymentStatus::Refunded;
                let expected = if refunded { order.total } else { Money::ZERO };
                assert_eq!(order.refunded, expected, "{backend}");
            } else {
                assert_eq!(order.refunded, by_returns, "{backend}");
                if order.payment_status.was_charged() {
                    let expected = payment_after_refunds(order.total, order.refunded);
                    assert_eq!(order.payment_status, expected, "{backend}");
                }
            }
            match order.payment_status {
                PaymentStatus::Pending => {
                    assert_eq!(order.status, OrderStatus::Pending, "{backend}");
                    assert!(awaiting_payment.insert(&order.user_id), "{backend}");
                }
                PaymentStatus::Failed => {
                    assert_eq!(order.status, OrderStatus::Canceled, "{backend}")
                }
                PaymentStatus::Refunded => assert!(
                    order.status == OrderStatus::Canceled || order.refunded == by_returns,
                    "{backend}"
                ),
                PaymentStatus::Paid | PaymentStatus::PartiallyRefunded => {
                    assert_ne!(order.status, OrderStatus::Canceled, "{backend}")
                }
            }
        }
        assert_eq!(sized_lines, seeded.sized_lines, "{backend}");
        // Messages: each paid order confirmed to its shopper (e-mail and SMS) and announced
        // to the shop, every one sent.
        let messages = NotificationQuery {
            status: None,
            channel: None,
            search: None,
            page: Page { number: 1, size: 1 },
        };
        let (_, sent) = Outbox::list(&database, &messages).await.unwrap();
        assert_eq!(sent, seeded.notifications, "{backend}");
        // Those of the last 30 days (a minute either way: the seed ran a moment ago).
        let charged_since = |minutes: i64| {
            let since = chrono::Utc::now() - domain::notification::KEPT_FOR
                + chrono::Duration::minutes(minutes);
            orders
                .iter()
                .filter(|o| o.payment_status.was_charged() && o.created_at >= since)
                .count() as u64
        };
        let new_orders = NotificationQuery {
            search: Some("new order #".into()),
            ..messages.clone()
        };
        let announced = Outbox::list(&database, &new_orders).await.unwrap().1;
        assert!(announced > 0, "{backend}");
        assert!(
            (charged_since(1)..=charged_since(-1)).contains(&announced),
            "{backend}: {announced}"
        );
        let unsent = NotificationQuery {
            status: Some(domain::notification::DeliveryStatus::Pending),
            ..messages
        };
        assert_eq!(Outbox::list(&database, &unsent).await.unwrap().1, 0);
        // Reviews: by a customer whose delivered order holds the product, one each; every
        // product's rating and count are its reviews'.
        let review_query = ReviewQuery {
            hidden: None,
            search: None,
            page: all,
        };
        let (reviews, _) = ReviewRepository::list(&database, &review_query)
            .await
            .unwrap();
        assert_eq!(reviews.len() as u64, seeded.reviews, "{backend}");
        assert!(
            !reviews.is_empty(),
            "{backend}: some products were reviewed"
        );
        let mut per_product: HashMap<&ProductId, RatingSummary> = HashMap::new();
        let mut authors = HashSet::new();
        for review in &reviews {
            assert!(
                authors.insert((&review.product_id, &review.user_id)),
                "one each"
            );
            assert!(
                orders.iter().any(|o| o.user_id == review.user_id
                    && o.status == OrderStatus::Delivered
                    && o.delivered_at.is_some_and(|at| at <= review.created_at)
                    && o.lines.iter().any(|l| l.product_id == review.product_id)),
                "{backend}: {} reviewed what was delivered to them",
                review.author
            );
            per_product.entry(&review.product_id).or_default().stars
                [usize::from(review.rating.stars() - 1)] += 1;
        }
        assert_eq!(
            per_product.len() as u64,
            seeded.reviewed_products,
            "{backend}"
        );
        for product in products.values() {
            let summary = per_product.get(&product.id).copied().unwrap_or_default();
            assert_eq!(
                (product.rating_tenths, product.reviews),
                (summary.average_tenths(), summary.count()),
                "{backend}: {}",
                product.name
            );
        }
        // Returns: of delivered orders, asked for by their customer within the 30 days, at
        // most what was bought, each step in time.
        assert!(!returns.is_empty(), "{backend}: some orders were returned");
        assert_eq!(
            tally(returns.iter().map(|r| r.status.as_str())),
            seeded.returns_by_status,
            "{backend}"
        );
        for r in &returns {
            let order = orders
                .iter()
                .find(|o| o.id == r.order_id)
                .expect("its order");
            let delivered = order.delivered_at.expect("a delivered order");
            assert!(delivered <= r.created_at, "{backend}");
            assert!(
                r.created_at <= delivered + domain::returns::RETURN_WINDOW,
                "{backend}"
            );
            assert_eq!(
                r.history[0].by.as_ref().map(|b| &b.id),
                Some(&order.user_id)
            );
            assert_eq!(r.history.last().unwrap().status, r.status, "{backend}");
            assert!(
                r.history.windows(2).all(|w| w[0].at <= w[1].at),
                "{backend}"
            );
            for line in &r.lines {
                let index = line
                    .line_id
                    .index_in(&order.id)
                    .expect("a line of the order");
                assert!(line.quantity <= order.lines[index].quantity, "{backend}");
            }
        }
        let with_code = orders.iter().filter(|o| o.discount.is_some()).count() as u64;
        assert_eq!(with_code, seeded.with_code, "{backend}");
        assert!(with_code > 0, "{backend}: some orders use a code");
        for code in &stored_codes {
            let uses = held.get(&code.code).copied().unwrap_or(0);
            assert_eq!(code.times_used, uses, "{backend}: {}", code.code);
        }
        assert!(
            sized_lines > seeded.order_lines / 2,
            "{backend}: {sized_lines}"
        );
    }
}

/// Pictures follow the names: products sharing a picture are the same kind of garment in
/// the same colour (the one in the name, or the first of their colours).
fn assert_pictures_match_names(products: &[Product]) {
    let mut looks: HashMap<&str, HashSet<(Garment, String)>> = HashMap::new();
    for product in products {
        let colour = match product.variants.first().and_then(|v| v.colour.clone()) {
            Some(first) => first,
            None => product.name.rsplit_once(" in ").unwrap().1.to_owned(),
        };
        let picture = product.image.as_ref().unwrap();
        assert_eq!(product.gallery, std::slice::from_ref(&picture.full));
        looks
            .entry(picture.full.as_str())
            .or_default()
            .insert((Garment::of_name(&product.name), colour));
    }
    for (picture, looks) in &looks {
        assert_eq!(looks.len(), 1, "{picture}: {looks:?}");
    }
}

/// Clothes come in about five sizes (some sold out, some low), accessories in one; a product
/// with sizes holds the sum of their stock; SKUs are unique.
fn assert_sizes_are_consistent(products: &[Product], seeded: &Seeded) {
    let mut skus = HashSet::new();
    for product in products {
        let garment = Garment::of_name(&product.name);
        assert_eq!(
            product.variants.is_empty(),
            is_one_size(garment),
            "{}",
            product.name
        );
        if !product.variants.is_empty() {
            assert_eq!(
                product.stock,
                total_stock(&product.variants),
                "{}",
                product.name
            );
        }
        let colours: HashSet<_> = product.variants.iter().map(|v| &v.colour).collect();
        // In several colours, every size names one; in one, none does.
        assert!(
            colours.len() == 1 || !colours.contains(&None),
            "{}",
            product.name
        );
        for variant in &product.variants {
            assert!(skus.insert(variant.sku.to_lowercase()), "{}", variant.sku);
        }
    }
    let sized: Vec<&Product> = products.iter().filter(|p| !p.variants.is_empty()).collect();
    let sizes: usize = sized.iter().map(|p| p.variants.len()).sum();
    assert_eq!(
        (sized.len() as u64, sizes as u64),
        (seeded.sized_products, seeded.sizes)
    );
    let per_product = seeded.sizes_per_sized_product();
    assert!((4.0..=6.5).contains(&per_product), "{per_product}");
    assert!(sized.len() > products.len() / 2, "{}", sized.len());
    assert!(sized
        .iter()
        .any(|p| p.variants.iter().any(|v| v.colour.is_some())));
    // On well-stocked products some sizes are sold out and some running low.
    let in_stock_sizes: Vec<u32> = sized
        .iter()
        .filter(|p| p.stock > 50)
        .flat_map(|p| p.variants.iter().map(|v| v.stock))
        .collect();
    assert!(in_stock_sizes.contains(&0));
    assert!(in_stock_sizes
        .iter()
        .any(|s| (1..=LOW_SIZE_MAX).contains(s)));
    let seeded_sold_out = sized
        .iter()
        .flat_map(|p| &p.variants)
        .filter(|v| v.stock == 0);
    assert_eq!(seeded_sold_out.count() as u64, seeded.sold_out_sizes);
}

#[tokio::test]
async fn a_shop_with_products_is_seeded_again_only_when_forced() {
    let database = shop_db::test_support::sqlite().await;
    let plan = SeedPlan {
        products: 5,
        orders: 10,
        users: 3,
        pictures: 1,
        force: false,
    };
    let first = seed_into(&database, plan).await.unwrap();
    assert_eq!(
        database.skus_in_use().await.unwrap().len() as u64,
        first.sizes
    );
    let refused = seed_into(&database, plan).await.unwrap_err().to_string();
    assert!(refused.contains("already has 5 products"), "{refused}");

    let version = ProductRepository::catalog_version(&database).await.unwrap();
    let forced = SeedPlan {
        force: true,
        ..plan
    };
    let second = seed_into(&database, forced).await.unwrap();
    // The same sizes again, under SKUs of their own.
    assert_eq!(second.sizes, first.sizes);
    assert_eq!(
        database.skus_in_use().await.unwrap().len() as u64,
        first.sizes + second.sizes
    );
    // Shops serving the database drop their cached catalogue (one batch of products, and
    // one of reviews when there are some).
    assert_eq!(
        ProductRepository::catalog_version(&database).await.unwrap(),
        version + 1 + u64::from(second.reviews > 0)
    );
    let (_, products) = ProductRepository::list(&database, &ProductFilter::default())
        .await
        .unwrap();
    let (users, _) = UserRepository::find(&database, &UserQuery::default())
        .await
        .unwrap();
    let (_, orders) = OrderRepository::list(&database, &OrderQuery::default())
        .await
        .unwrap();
    assert_eq!((products, users.len(), orders), (10, 6, 20));
}

#[tokio::test]
async fn orders_without_products_or_customers_are_refused() {
    let database = shop_db::test_support::sqlite().await;
    let plan = SeedPlan {
        products: 0,
        orders: 10,
        users: 3,
        pictures: 1,
        force: false,
    };
    let refused = seed_into(&database, plan).await.unwrap_err().to_string();
    assert!(
        refused.contains("orders need products and customers"),
        "{refused}"
    );
}
