//! The back office's lists over HTTP (issue 22): parameters read, totals in
//! `X-Total-Count`, and every bad parameter refused with a message naming it.

use crate::helpers::{TestApp, APPROVED_PHONE};
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test(flavor = "multi_thread")]
async fn the_lists_answer_one_filtered_page_with_the_total() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dirac Dress", "20", 10).await;
        app.product(&admin, "Baby Romper", "8", 0).await;
        let id = dress["_id"].as_str().unwrap();
        for name in ["amina", "bashir", "hodan"] {
            let (token, _) = app.shopper(name).await;
            assert_eq!(
                app.buy(&token, id, 1, APPROVED_PHONE).await.status,
                StatusCode::CREATED
            );
        }

        let page = app
            .get(
                "/api/orders/all?q=BASHIR&status=pending&page=1&limit=1",
                Some(&admin),
            )
            .await;
        assert_eq!(page.status, StatusCode::OK);
        assert_eq!(page.headers["x-total-count"], "1");
        assert_eq!(page.body.as_array().unwrap().len(), 1);
        assert_eq!(page.body[0]["userId"]["name"], "bashir");
        let paged = app
            .get(
                "/api/orders/all?page=2&limit=2&sort=date&dir=asc",
                Some(&admin),
            )
            .await;
        assert_eq!(paged.headers["x-total-count"], "3");
        assert_eq!(paged.body[0]["userId"]["name"], "hodan");
        let none = app
            .get("/api/orders/all?status=shipped", Some(&admin))
            .await;
        assert_eq!(none.body, json!([]));
        assert_eq!(none.headers["x-total-count"], "0");

        let products = app
            .get(
                "/api/admin/products?stock=outOfStock&page=1&limit=20",
                Some(&admin),
            )
            .await;
        assert_eq!(products.status, StatusCode::OK);
        assert_eq!(products.headers["x-total-count"], "1");
        assert_eq!(products.body[0]["name"], "Baby Romper");
        let by_price = app
            .get("/api/admin/products?sort=price&dir=desc", Some(&admin))
            .await;
        assert_eq!(by_price.body[0]["name"], "Dirac Dress");

        let users = app
            .get("/api/users?role=user&q=HODAN&page=1", Some(&admin))
            .await;
        assert_eq!(users.status, StatusCode::OK);
        assert_eq!(users.headers["x-total-count"], "1");
        assert_eq!(users.body[0]["name"], "hodan");
        let everyone = app.get("/api/users", Some(&admin)).await;
        assert_eq!(
            everyone.body.as_array().unwrap().len(),
            4,
            "the admin and three shoppers"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn orders_are_numbered_from_1001_and_found_by_the_number_the_customer_was_given() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dirac Dress", "20", 10).await;
        let id = dress["_id"].as_str().unwrap();
        let mut numbers = Vec::new();
        for name in ["amina", "bashir"] {
            let (token, _) = app.shopper(name).await;
            let bought = app.buy(&token, id, 1, APPROVED_PHONE).await;
            assert_eq!(bought.status, StatusCode::CREATED, "{}", bought.body);
            numbers.push(bought.body["order"].clone());
        }
        assert_eq!(
            (&numbers[0]["number"], &numbers[1]["number"]),
            (&json!(1001), &json!(1002))
        );
        for q in ["1002", "%231002", "%20%231002%20"] {
            let found = app
                .get(&format!("/api/orders/all?q={q}"), Some(&admin))
                .await;
            assert_eq!(found.headers["x-total-count"], "1", "{q}");
            assert_eq!(found.body[0]["_id"], numbers[1]["_id"], "{q}");
        }
        let none = app.get("/api/orders/all?q=%231003", Some(&admin)).await;
        assert_eq!(none.body, json!([]));
        let read = app
            .get(
                &format!("/api/orders/{}", numbers[0]["_id"].as_str().unwrap()),
                Some(&admin),
            )
            .await;
        assert_eq!(read.body["number"], 1001, "the id stays the key");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_bad_list_parameter_is_400_naming_it() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let cases = [
            ("/api/orders/all?status=lost", "status must be one of pending, shipped, delivered, canceled"),
            ("/api/orders/all?paymentStatus=owed", "paymentStatus must be one of pending, paid, failed, refunded, awaiting, holdExpired"),
            ("/api/orders/all?sort=name", "sort must be one of date, total, status"),
            ("/api/orders/all?dir=up", "dir must be one of asc, desc"),
            ("/api/orders/all?from=2026-11-23", "from must be a date and time in RFC 3339, like 2026-11-23T00:00:00Z"),
            ("/api/orders/all?to=soon", "to must be a date and time in RFC 3339, like 2026-11-23T00:00:00Z"),
            ("/api/orders/all?from=2026-11-24T00:00:00Z&to=2026-11-23T00:00:00Z", "from must not be after to"),
            ("/api/orders/all?page=0", "page must be a whole number from 1"),
            ("/api/orders/all?page=abc", "page must be a whole number from 1"),
            ("/api/orders/all?limit=101", "limit must be a whole number from 1 to 100"),
            ("/api/admin/products?stock=some", "stock must be one of inStock, lowStock, outOfStock"),
            ("/api/admin/products?category=men", "category must be one of women, kids, sales"),
            ("/api/admin/products?sort=rating", "sort must be one of name, price, stock, category, createdAt"),
            ("/api/admin/products?limit=0", "limit must be a whole number from 1 to 100"),
            ("/api/users?role=customer", "role must be one of user, admin, orders, stock, rider"),
            ("/api/users?page=-1", "page must be a whole number from 1"),
        ];
        for (path, message) in cases {
            let reply = app.get(path, Some(&admin)).await;
            assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{path}");
            assert_eq!(reply.body["message"], message, "{path}");
        }
        let long = format!("/api/orders/all?q={}", "x".repeat(101));
        assert_eq!(
            app.get(&long, Some(&admin)).await.body["message"],
            "q must be at most 100 characters"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_order_handler_may_not_rank_orders_by_the_totals_they_do_not_see() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let handler = app.staff(&admin, "hodan", "orders").await;
        let ranked = app
            .get("/api/orders/all?sort=total&dir=desc", Some(&handler))
            .await;
        assert_eq!(ranked.status, StatusCode::BAD_REQUEST, "{}", ranked.body);
        assert_eq!(
            ranked.body["message"],
            "sort by total is only for staff who see amounts (money.read)"
        );
        for allowed in ["/api/orders/all?sort=date", "/api/orders/all?sort=status"] {
            assert_eq!(
                app.get(allowed, Some(&handler)).await.status,
                StatusCode::OK
            );
        }
        let by_admin = app.get("/api/orders/all?sort=total", Some(&admin)).await;
        assert_eq!(by_admin.status, StatusCode::OK);
    }
}
