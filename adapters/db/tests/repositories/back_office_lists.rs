//! The back office's lists (issue 22): every filter, search and sort of orders, products
//! and accounts, paged, on every database.

use crate::support::{
    add_product, at, databases, now, order, product, transition, unconfirmed, user,
};
use domain::listing::orders::{OrderListParams, OrderQuery};
use domain::listing::products::{ProductListParams, ProductQuery};
use domain::listing::users::{UserListParams, UserQuery};
use domain::order::{Order, OrderStatus, PaymentStatus};
use domain::payment_hold::hold_expiry;
use domain::payment_method::PaymentMethod;
use domain::phone::MobileNumber;
use domain::ports::{OrderRepository, ProductRepository, UserRepository};
use domain::product::Category;
use domain::user::Role;
use domain::OrderId;
use shop_db::Database;

/// Five orders, oldest first: `ord-aaa1` amina pending paid 1 unit, `ord-bbb2` bashir
/// shipped paid 3 units (paid from 617770001), `ord-ccc3` hodan canceled refunded 2 units,
/// `ord-ddd4` amina awaiting payment 1 unit, `ord-eee5` bashir canceled when its payment
/// hold expired, 2 units. A unit costs $24.00 and shipping $5.00.
async fn five_orders(db: &Database) {
    let dress = add_product(db, "dress", 100).await;
    let placed = |o: Order, seconds_ago: i64| Order {
        created_at: at(-seconds_ago),
        ..o
    };
    let orders = [
        placed(order("ord-aaa1", "amina", &[(&dress, 1)]), 500),
        placed(
            Order {
                status: OrderStatus::Shipped,
                payment_phone: MobileNumber::parse("617770001").unwrap(),
                ..order("ord-bbb2", "bashir", &[(&dress, 3)])
            },
            400,
        ),
        placed(
            Order {
                status: OrderStatus::Canceled,
                payment_status: PaymentStatus::Refunded,
                ..order("ord-ccc3", "hodan", &[(&dress, 2)])
            },
            300,
        ),
        placed(unconfirmed("ord-ddd4", "amina", &[(&dress, 1)]), 200),
        placed(unconfirmed("ord-eee5", "bashir", &[(&dress, 2)]), 100),
    ];
    for o in &orders {
        db.place(o).await.unwrap();
    }
    transition(
        db,
        &OrderId::parse("ord-eee5").unwrap(),
        &hold_expiry(),
        now(),
    )
    .await
    .unwrap();
}

async fn orders_for(db: &Database, params: OrderListParams<'_>) -> (Vec<String>, u64) {
    let query = OrderQuery::parse(&params).unwrap();
    let (orders, total) = OrderRepository::list(db, &query).await.unwrap();
    (orders.iter().map(|o| o.id.to_string()).collect(), total)
}

fn ids(ids: &[&str]) -> Vec<String> {
    ids.iter().map(|s| s.to_string()).collect()
}

#[tokio::test]
async fn orders_are_filtered_by_status_payment_and_time() {
    for db in databases().await {
        five_orders(&db).await;
        let (before_400, before_300, before_200) = (
            at(-400).to_rfc3339(),
            at(-300).to_rfc3339(),
            at(-200).to_rfc3339(),
        );
        let cases: [(OrderListParams, &[&str]); 9] = [
            (
                OrderListParams::default(),
                &["ord-eee5", "ord-ddd4", "ord-ccc3", "ord-bbb2", "ord-aaa1"],
            ),
            (
                OrderListParams {
                    status: Some("canceled"),
                    ..Default::default()
                },
                &["ord-eee5", "ord-ccc3"],
            ),
            (
                OrderListParams {
                    status: Some("shipped"),
                    ..Default::default()
                },
                &["ord-bbb2"],
            ),
            (
                OrderListParams {
                    payment_status: Some("refunded"),
                    ..Default::default()
                },
                &["ord-ccc3"],
            ),
            (
                OrderListParams {
                    payment_status: Some("paid"),
                    ..Default::default()
                },
                &["ord-bbb2", "ord-aaa1"],
            ),
            (
                OrderListParams {
                    payment_status: Some("awaiting"),
                    ..Default::default()
                },
                &["ord-ddd4"],
            ),
            (
                OrderListParams {
                    payment_status: Some("holdExpired"),
                    ..Default::default()
                },
                &["ord-eee5"],
            ),
            (
                OrderListParams {
                    from: Some(&before_400),
                    to: Some(&before_200),
                    ..Default::default()
                },
                // From inclusive, to exclusive.
                &["ord-ccc3", "ord-bbb2"],
            ),
            (
                OrderListParams {
                    status: Some("pending"),
                    from: Some(&before_300),
                    ..Default::default()
                },
                &["ord-ddd4"],
            ),
        ];
        for (params, expected) in cases {
            let (found, total) = orders_for(&db, params).await;
            assert_eq!(found, ids(expected), "{params:?} on {db:?}");
            assert_eq!(total, expected.len() as u64);
            // One row a page: the total is counted (from the running totals where they can tell).
            let one_a_page = OrderListParams {
                page: Some("1"),
                limit: Some("1"),
                ..params
            };
            let (first, counted) = orders_for(&db, one_a_page).await;
            assert_eq!(first, ids(&expected[..1]), "{params:?} on {db:?}");
            assert_eq!(counted, expected.len() as u64, "{params:?} on {db:?}");
        }
    }
}

#[tokio::test]
async fn orders_are_found_by_number_id_customer_email_and_phone_ignoring_case() {
    for db in databases().await {
        five_orders(&db).await;
        let cases: [(&str, &[&str]); 14] = [
            // The number the customer was given, with or without its '#'.
            ("#1003", &["ord-ccc3"]),
            ("1004", &["ord-ddd4"]),
            ("#1009", &[]),
            // The first characters of the id, and the whole id; not its middle.
            ("ORD-CCC", &["ord-ccc3"]),
            ("ord-bbb2", &["ord-bbb2"]),
            ("ccc3", &[]),
            ("Customer Hodan", &["ord-ccc3"]),
            ("BASHIR@example", &["ord-eee5", "ord-bbb2"]),
            ("777000", &["ord-bbb2"]),
            (
                "615551234",
                &["ord-eee5", "ord-ddd4", "ord-ccc3", "ord-bbb2", "ord-aaa1"],
            ),
            // Shorter than a trigram.
            ("od", &["ord-ccc3"]),
            (
                "5",
                &["ord-eee5", "ord-ddd4", "ord-ccc3", "ord-bbb2", "ord-aaa1"],
            ),
            // Wildcards and quotes are only text.
            ("%", &[]),
            ("\"amina", &[]),
        ];
        for (q, expected) in cases {
            let (found, total) = orders_for(
                &db,
                OrderListParams {
                    q: Some(q),
                    ..Default::default()
                },
            )
            .await;
            assert_eq!(
                (found, total),
                (ids(expected), expected.len() as u64),
                "{q:?} on {db:?}"
            );
        }
        let (found, _) = orders_for(
            &db,
            OrderListParams {
                q: Some("amina"),
                payment_status: Some("awaiting"),
                ..Default::default()
            },
        )
        .await;
        assert_eq!(found, ids(&["ord-ddd4"]));
    }
}

#[tokio::test]
async fn only_charges_not_confirmed_await_payment_not_cash_nor_a_phone_order_unpaid() {
    for db in databases().await {
        five_orders(&db).await;
        let dress = add_product(&db, "scarf", 10).await;
        let cash = Order {
            payment_method: Some(PaymentMethod::CashOnDelivery),
            ..unconfirmed("ord-fff6", "hodan", &[(&dress, 1)])
        };
        let not_chosen = Order {
            payment_method: None,
            ..unconfirmed("ord-ggg7", "idil", &[(&dress, 1)])
        };
        for o in [&cash, &not_chosen] {
            db.place(o).await.unwrap();
        }
        let awaiting = OrderListParams {
            payment_status: Some("awaiting"),
            ..Default::default()
        };
        assert_eq!(
            orders_for(&db, awaiting).await,
            (ids(&["ord-ddd4"]), 1),
            "{db:?}"
        );
        let one_a_page = OrderListParams {
            page: Some("1"),
            limit: Some("1"),
            ..awaiting
        };
        assert_eq!(
            orders_for(&db, one_a_page).await,
            (ids(&["ord-ddd4"]), 1),
            "{db:?}"
        );
    }
}

#[tokio::test]
async fn orders_are_sorted_by_date_total_or_status_either_way_and_paged() {
    for db in databases().await {
        five_orders(&db).await;
        let cases: [(&str, &str, &[&str]); 6] = [
            (
                "date",
                "asc",
                &["ord-aaa1", "ord-bbb2", "ord-ccc3", "ord-ddd4", "ord-eee5"],
            ),
            (
                "date",
                "desc",
                &["ord-eee5", "ord-ddd4", "ord-ccc3", "ord-bbb2", "ord-aaa1"],
            ),
            // $29.00 twice, $53.00 twice: ties by date in the same direction.
            (
                "total",
                "asc",
                &["ord-aaa1", "ord-ddd4", "ord-ccc3", "ord-eee5", "ord-bbb2"],
            ),
            (
                "total",
                "desc",
                &["ord-bbb2", "ord-eee5", "ord-ccc3", "ord-ddd4", "ord-aaa1"],
            ),
            (
                "status",
                "asc",
                &["ord-ccc3", "ord-eee5", "ord-aaa1", "ord-ddd4", "ord-bbb2"],
            ),
            (
                "status",
                "desc",
                &["ord-bbb2", "ord-ddd4", "ord-aaa1", "ord-eee5", "ord-ccc3"],
            ),
        ];
        for (sort, dir, expected) in cases {
            let (found, _) = orders_for(
                &db,
                OrderListParams {
                    sort: Some(sort),
                    dir: Some(dir),
                    ..Default::default()
                },
            )
            .await;
            assert_eq!(found, ids(expected), "{sort} {dir} on {db:?}");
        }
        let page = |page| OrderListParams {
            sort: Some("total"),
            dir: Some("desc"),
            page: Some(page),
            limit: Some("2"),
            ..Default::default()
        };
        assert_eq!(
            orders_for(&db, page("1")).await,
            (ids(&["ord-bbb2", "ord-eee5"]), 5)
        );
        assert_eq!(orders_for(&db, page("3")).await, (ids(&["ord-aaa1"]), 5));
        assert_eq!(orders_for(&db, page("4")).await, (ids(&[]), 5));
        let (listed, _) = OrderRepository::list(&db, &OrderQuery::parse(&page("1")).unwrap())
            .await
            .unwrap();
        assert_eq!(
            listed[0].lines[0].quantity, 3,
            "a listed order has its lines"
        );
    }
}

#[tokio::test]
async fn a_page_of_orders_takes_as_many_queries_for_many_rows_as_for_one() {
    for db in databases().await {
        five_orders(&db).await;
        let mut counts = Vec::new();
        for limit in ["1", "4"] {
            let query = OrderQuery::parse(&OrderListParams {
                q: Some("example"),
                status: Some("canceled"),
                page: Some("1"),
                limit: Some(limit),
                ..Default::default()
            })
            .unwrap();
            let before = db.statements_run();
            OrderRepository::list(&db, &query).await.unwrap();
            counts.push(db.statements_run() - before);
        }
        // The page, its lines, their histories, their deliveries, who took those taken by
        // phone, and the count; the page of four holds all, so no count.
        assert_eq!(counts, [6, 5], "{db:?}");
    }
}

#[tokio::test]
async fn products_are_searched_filtered_by_category_and_stock_sorted_and_paged() {
    for db in databases().await {
        let items = [
            (
                "p-abaya",
                "Black Abaya",
                Category::Women,
                0,
                4500,
                &["Eid"][..],
                10,
            ),
            (
                "p-dirac",
                "Dirac Silk",
                Category::Women,
                5,
                3000,
                &["silk"][..],
                20,
            ),
            (
                "p-romper",
                "Baby Romper",
                Category::Kids,
                11,
                1200,
                &["cotton"][..],
                30,
            ),
            (
                "p-shoes",
                "Kids Sandals",
                Category::Kids,
                10,
                1800,
                &["summer"][..],
                40,
            ),
            (
                "p-scarf",
                "Scarf",
                Category::Sales,
                50,
                900,
                &["eid", "gift"][..],
                50,
            ),
        ];
        for (id, name, category, stock, cents, tags, age) in items {
            let mut p = product(id, stock);
            p.name = name.into();
            p.category = category;
            p.price = domain::Money::from_cents(cents).unwrap();
            p.tags = tags.iter().map(|t| t.to_string()).collect();
            p.created_at = at(-age);
            ProductRepository::insert(&db, &p).await.unwrap();
        }
        let cases: [(ProductListParams, &[&str]); 9] = [
            (
                ProductListParams::default(),
                &["p-abaya", "p-dirac", "p-romper", "p-shoes", "p-scarf"],
            ),
            (
                ProductListParams {
                    category: Some("kids"),
                    ..Default::default()
                },
                &["p-romper", "p-shoes"],
            ),
            (
                ProductListParams {
                    stock: Some("outOfStock"),
                    ..Default::default()
                },
                &["p-abaya"],
            ),
            (
                ProductListParams {
                    stock: Some("lowStock"),
                    ..Default::default()
                },
                &["p-dirac", "p-shoes"],
            ),
            (
                ProductListParams {
                    stock: Some("inStock"),
                    ..Default::default()
                },
                &["p-romper", "p-scarf"],
            ),
            // The tag, in any case, and the name.
            (
                ProductListParams {
                    q: Some("EID"),
                    ..Default::default()
                },
                &["p-abaya", "p-scarf"],
            ),
            (
                ProductListParams {
                    q: Some("silk"),
                    sort: Some("price"),
                    ..Default::default()
                },
                &["p-dirac"],
            ),
            (
                ProductListParams {
                    sort: Some("name"),
                    ..Default::default()
                },
                &["p-romper", "p-abaya", "p-dirac", "p-shoes", "p-scarf"],
            ),
            (
                ProductListParams {
                    sort: Some("stock"),
                    dir: Some("desc"),
                    ..Default::default()
                },
                &["p-scarf", "p-romper", "p-shoes", "p-dirac", "p-abaya"],
            ),
        ];
        for (params, expected) in cases {
            let query = ProductQuery::parse(&params).unwrap();
            let (found, total) = db.admin_list(&query).await.unwrap();
            let found: Vec<_> = found.iter().map(|p| p.id.to_string()).collect();
            assert_eq!(
                (found, total),
                (ids(expected), expected.len() as u64),
                "{params:?} on {db:?}"
            );
        }
        let query = ProductQuery::parse(&ProductListParams {
            sort: Some("price"),
            dir: Some("desc"),
            category: Some("women"),
            page: Some("2"),
            limit: Some("1"),
            ..Default::default()
        })
        .unwrap();
        let (found, total) = db.admin_list(&query).await.unwrap();
        assert_eq!((found[0].id.to_string(), total), ("p-dirac".to_owned(), 2));
    }
}

#[tokio::test]
async fn accounts_are_found_by_name_email_or_phone_and_role_and_paged() {
    for db in databases().await {
        for (id, phone, role, age) in [
            ("amina", "615550001", Role::User, 30),
            ("bashir", "617770002", Role::Admin, 20),
            ("hodan", "615550003", Role::User, 10),
        ] {
            let mut u = user(id);
            u.phone = phone.into();
            u.role = role;
            u.created_at = at(-age);
            UserRepository::insert(&db, &u).await.unwrap();
        }
        let cases: [(UserListParams, &[&str], u64); 6] = [
            (UserListParams::default(), &["amina", "bashir", "hodan"], 3),
            (
                UserListParams {
                    q: Some("HODAN"),
                    ..Default::default()
                },
                &["hodan"],
                1,
            ),
            (
                UserListParams {
                    q: Some("bashir@example.com"),
                    ..Default::default()
                },
                &["bashir"],
                1,
            ),
            (
                UserListParams {
                    q: Some("61555"),
                    ..Default::default()
                },
                &["amina", "hodan"],
                2,
            ),
            (
                UserListParams {
                    role: Some("user"),
                    ..Default::default()
                },
                &["amina", "hodan"],
                2,
            ),
            (
                UserListParams {
                    page: Some("2"),
                    limit: Some("2"),
                    ..Default::default()
                },
                &["hodan"],
                3,
            ),
        ];
        for (params, expected, expected_total) in cases {
            let (found, total) = db.find(&UserQuery::parse(&params).unwrap()).await.unwrap();
            let found: Vec<_> = found.iter().map(|u| u.id.to_string()).collect();
            assert_eq!(
                (found, total),
                (ids(expected), expected_total),
                "{params:?} on {db:?}"
            );
        }
        assert_eq!(db.count_joined_since(at(-20)).await.unwrap(), 2);
    }
}
