use crate::helpers::{TestApp, APPROVED_PHONE};
use domain::message::texts::NOT_AWAITING_PAYMENT;
use domain::message::texts::{CHECKOUT_IN_PROGRESS, PAYMENT_AWAITED, PAYMENT_UNCONFIRMED};
use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::json;
use shop_payments::sandbox::{DECLINED_NUMBER, NO_ANSWER_NUMBER};
use std::time::Duration;

#[tokio::test(flavor = "multi_thread")]
async fn an_approved_checkout_creates_a_paid_order_takes_stock_and_empties_the_cart() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dress", "20", 5).await;
        let id = dress["_id"].as_str().unwrap();
        let (token, user_id) = app.shopper("amina").await;
        app.add_to_cart(&token, id, 2).await;
        let address = json!({ "fullName": "Amina Hassan", "phone": "615551234", "city": "Mogadishu",
            "district": "Hodan", "addressLine": "Maka Al Mukarama Rd 12" });
        let reply = app
            .post(
                "/api/orders/checkout",
                Some(&token),
                json!({ "paymentMethod": "evc-plus", "paymentPhone": "+252 61 555 1234", "shippingAddress": address }),
            )
            .await;
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
        assert_eq!(reply.message(), "Order placed successfully");
        let order = &reply.body["order"];
        assert_eq!(order["status"], "pending");
        assert_eq!(order["paymentStatus"], "paid");
        assert_eq!(order["paymentMethod"], "evc-plus");
        assert_eq!(order["paymentPhone"], "252615551234");
        assert!(order["transactionId"].as_str().unwrap().starts_with("SBX-"));
        assert_eq!(order["subtotal"], 40.0);
        assert_eq!(order["shippingFee"], 5.0);
        assert_eq!(order["totalAmount"], 45.0);
        assert_eq!(order["userId"]["_id"], user_id.as_str());
        assert_eq!(order["userId"]["name"], "amina");
        assert_eq!(order["products"][0]["productId"]["name"], "Dress");
        assert_eq!(order["products"][0]["quantity"], 2);
        assert_eq!(order["shippingAddress"]["city"], "Mogadishu");

        assert_eq!(app.stock_of(id).await, 3);
        assert_eq!(
            app.get("/api/cart", Some(&token)).await.body["products"],
            json!([])
        );
        let mine = app.get("/api/orders", Some(&token)).await;
        assert_eq!(mine.body.as_array().unwrap().len(), 1);
        assert_eq!(mine.body[0]["_id"], order["_id"]);
        let all = app.get("/api/orders/all", Some(&admin)).await;
        assert_eq!(all.body[0]["totalAmount"], 45.0);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_declined_payment_answers_402_keeps_the_cart_and_restores_stock() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dress", "20", 5).await;
        let id = dress["_id"].as_str().unwrap();
        let (token, _) = app.shopper("amina").await;
        let reply = app.buy(&token, id, 2, DECLINED_NUMBER).await;
        assert_eq!(reply.status, StatusCode::PAYMENT_REQUIRED);
        assert_eq!(
            reply.message(),
            "Payment declined: insufficient EVC Plus balance."
        );
        assert_eq!(app.stock_of(id).await, 5);
        assert_eq!(
            app.get("/api/cart", Some(&token)).await.body["products"][0]["quantity"],
            2
        );
        let orders = app.get("/api/orders", Some(&token)).await;
        assert_eq!(orders.body[0]["status"], "canceled");
        assert_eq!(orders.body[0]["paymentStatus"], "failed");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unanswered_payment_keeps_the_order_and_blocks_paying_again_until_an_admin_confirms() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dress", "20", 5).await;
        let id = dress["_id"].as_str().unwrap();
        let (token, _) = app.shopper("amina").await;
        let reply = app.buy(&token, id, 1, NO_ANSWER_NUMBER).await;
        assert_eq!(reply.status, StatusCode::ACCEPTED, "{}", app.backend);
        assert_eq!(reply.message(), PAYMENT_UNCONFIRMED);
        assert_eq!(reply.body["order"]["paymentStatus"], "pending");
        assert_eq!(reply.body["order"]["status"], "pending");
        assert_eq!(app.stock_of(id).await, 4);
        assert_eq!(
            app.get("/api/cart", Some(&token)).await.body["itemCount"],
            0
        );

        // Paying again while the first payment may still arrive would risk a double charge.
        let again = app.buy(&token, id, 1, APPROVED_PHONE).await;
        assert_eq!(again.status, StatusCode::CONFLICT);
        assert_eq!(again.message(), PAYMENT_AWAITED);
        assert_eq!(app.stock_of(id).await, 4);

        let order_id = reply.body["order"]["_id"].as_str().unwrap();
        let path = format!("/api/orders/{order_id}/payment");
        let body = json!({ "paymentStatus": "paid", "transactionId": "EVC-4411" });
        let by_shopper = app.put(&path, Some(&token), body.clone()).await;
        assert_eq!(by_shopper.status, StatusCode::FORBIDDEN);
        let paid = app.put(&path, Some(&admin), body.clone()).await;
        assert_eq!(paid.status, StatusCode::OK, "{}", paid.body);
        assert_eq!(paid.body["paymentStatus"], "paid");
        assert_eq!(paid.body["transactionId"], "EVC-4411");
        assert_eq!(paid.body["status"], "pending");
        let twice = app.put(&path, Some(&admin), body).await;
        assert_eq!(twice.status, StatusCode::CONFLICT);
        assert_eq!(twice.message(), NOT_AWAITING_PAYMENT.english());

        // Confirmed: the shopper can buy again.
        assert_eq!(
            app.checkout(&token, APPROVED_PHONE).await.status,
            StatusCode::CREATED
        );
        assert_eq!(app.stock_of(id).await, 3);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn canceling_an_unconfirmed_order_restocks_it_and_marks_the_payment_failed() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dress", "20", 5).await;
        let id = dress["_id"].as_str().unwrap();
        let (token, _) = app.shopper("amina").await;
        let reply = app.buy(&token, id, 2, NO_ANSWER_NUMBER).await;
        let order_id = reply.body["order"]["_id"].as_str().unwrap();
        let canceled = app
            .put(
                &format!("/api/orders/{order_id}"),
                Some(&admin),
                json!({ "status": "canceled" }),
            )
            .await;
        assert_eq!(canceled.status, StatusCode::OK, "{}", canceled.body);
        assert_eq!(canceled.body["paymentStatus"], "failed");
        assert_eq!(app.stock_of(id).await, 5, "{}", app.backend);
        let paid = app
            .put(
                &format!("/api/orders/{order_id}/payment"),
                Some(&admin),
                json!({ "paymentStatus": "paid" }),
            )
            .await;
        assert_eq!(paid.status, StatusCode::CONFLICT);
        assert_eq!(
            app.buy(&token, id, 1, APPROVED_PHONE).await.status,
            StatusCode::CREATED
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_second_checkout_while_the_first_is_charging_is_refused() {
    for app in TestApp::all_with_payment_delay(Duration::from_millis(1500)).await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dress", "20", 5).await;
        let id = dress["_id"].as_str().unwrap();
        let (token, _) = app.shopper("amina").await;
        app.add_to_cart(&token, id, 1).await;
        let first = app.checkout_with_key(&token, APPROVED_PHONE, "tab-1");
        let second = async {
            tokio::time::sleep(Duration::from_millis(300)).await;
            app.checkout_with_key(&token, APPROVED_PHONE, "tab-2").await
        };
        let (first, second) = tokio::join!(first, second);
        assert_eq!(first.status, StatusCode::CREATED, "{}", app.backend);
        assert_eq!(second.status, StatusCode::CONFLICT);
        assert_eq!(second.message(), CHECKOUT_IN_PROGRESS);
        let orders = app.get("/api/orders", Some(&token)).await;
        assert_eq!(orders.body.as_array().unwrap().len(), 1);
        assert_eq!(app.stock_of(id).await, 4);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn checkout_refuses_bad_input_with_spec_messages() {
    for app in TestApp::all().await {
        let (token, _) = app.shopper("amina").await;
        let empty = app.checkout(&token, APPROVED_PHONE).await;
        assert_eq!(empty.status, StatusCode::BAD_REQUEST);
        assert_eq!(empty.message(), "Your cart is empty");
        let no_phone = app.checkout(&token, " ").await;
        assert_eq!(no_phone.message(), "Please enter a phone number");
        let bad_phone = app.checkout(&token, "12345").await;
        assert_eq!(
            bad_phone.message(),
            "Please enter a valid EVC Plus number, such as 61 234 5678"
        );
        let paypal = app
            .post(
                "/api/orders/checkout",
                Some(&token),
                json!({ "paymentMethod": "paypal", "paymentPhone": APPROVED_PHONE }),
            )
            .await;
        assert_eq!(paypal.status, StatusCode::BAD_REQUEST);
        assert_eq!(paypal.message(), "Unsupported payment method");
        let anonymous = app.checkout("", APPROVED_PHONE).await;
        assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_retried_checkout_with_the_same_key_makes_one_order() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dress", "20", 5).await;
        let id = dress["_id"].as_str().unwrap();
        let (token, _) = app.shopper("amina").await;
        app.add_to_cart(&token, id, 1).await;
        let first = app
            .checkout_with_key(&token, APPROVED_PHONE, "checkout-1")
            .await;
        let second = app
            .checkout_with_key(&token, APPROVED_PHONE, "checkout-1")
            .await;
        assert_eq!(first.status, StatusCode::CREATED);
        assert_eq!(second.status, StatusCode::CREATED);
        assert_eq!(first.body["order"]["_id"], second.body["order"]["_id"]);
        assert_eq!(
            app.get("/api/orders", Some(&token))
                .await
                .body
                .as_array()
                .unwrap()
                .len(),
            1
        );
        assert_eq!(app.stock_of(id).await, 4);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn ten_buyers_racing_for_three_units_make_exactly_three_orders() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let last = app.product(&admin, "Last Abaya", "30", 3).await;
        let id = last["_id"].as_str().unwrap().to_owned();
        let buyers = app.buyers_with_carts(10, &id).await;
        let replies = join_all(
            buyers
                .iter()
                .map(|token| app.checkout(token, APPROVED_PHONE)),
        )
        .await;
        let won = replies
            .iter()
            .filter(|r| r.status == StatusCode::CREATED)
            .count();
        let lost = replies
            .iter()
            .filter(|r| r.status == StatusCode::CONFLICT)
            .count();
        assert_eq!((won, lost), (3, 7), "{}", app.backend);
        assert!(replies
            .iter()
            .filter(|r| r.status == StatusCode::CONFLICT)
            .all(|r| r.message() == "Not enough stock for Last Abaya: 0 left"));
        assert_eq!(app.stock_of(&id).await, 0);
        let orders = app.get("/api/orders/all", Some(&admin)).await;
        assert_eq!(orders.body.as_array().unwrap().len(), 3);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn canceling_refunds_and_restocks_once() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dress", "20", 5).await;
        let id = dress["_id"].as_str().unwrap();
        let (token, _) = app.shopper("amina").await;
        let order = app.buy(&token, id, 2, APPROVED_PHONE).await.body["order"].clone();
        let path = format!("/api/orders/{}", order["_id"].as_str().unwrap());

        let shipped = app
            .put(&path, Some(&admin), json!({ "status": "shipped" }))
            .await;
        assert_eq!(shipped.status, StatusCode::OK);
        assert_eq!(shipped.body["status"], "shipped");
        assert_eq!(app.stock_of(id).await, 3);

        let canceled = app
            .put(&path, Some(&admin), json!({ "status": "canceled" }))
            .await;
        assert_eq!(canceled.body["status"], "canceled");
        assert_eq!(canceled.body["paymentStatus"], "refunded");
        assert_eq!(app.stock_of(id).await, 5);
        let again = app
            .put(&path, Some(&admin), json!({ "status": "canceled" }))
            .await;
        assert_eq!(again.status, StatusCode::OK);
        assert_eq!(app.stock_of(id).await, 5, "stock is released once");

        let invalid = app
            .put(&path, Some(&admin), json!({ "status": "lost" }))
            .await;
        assert_eq!(invalid.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            invalid.body["errors"]["status"],
            "Status must be pending, shipped, delivered or canceled"
        );
        let missing = app
            .put(
                "/api/orders/no-such-order",
                Some(&admin),
                json!({ "status": "shipped" }),
            )
            .await;
        assert_eq!(missing.status, StatusCode::NOT_FOUND);
        assert_eq!(missing.message(), "Order not found");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn reviving_an_order_whose_stock_was_sold_is_refused() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dress", "20", 1).await;
        let id = dress["_id"].as_str().unwrap();
        let (first, _) = app.shopper("amina").await;
        // Its payment never confirmed: canceled, it may be reopened (a refunded one may not).
        let order = app.buy(&first, id, 1, NO_ANSWER_NUMBER).await.body["order"].clone();
        let path = format!("/api/orders/{}", order["_id"].as_str().unwrap());
        app.put(&path, Some(&admin), json!({ "status": "canceled" }))
            .await;
        let (second, _) = app.shopper("hodan").await;
        app.add_to_cart(&second, id, 1).await;
        assert_eq!(
            app.checkout(&second, APPROVED_PHONE).await.status,
            StatusCode::CREATED
        );
        let revived = app
            .put(&path, Some(&admin), json!({ "status": "pending" }))
            .await;
        assert_eq!(revived.status, StatusCode::CONFLICT);
        assert_eq!(revived.message(), "Not enough stock for Dress: 0 left");
        assert_eq!(
            app.get(&path, Some(&admin)).await.body["status"],
            "canceled"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_dashboard_counts_orders_revenue_and_best_sellers() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dress", "20", 10).await;
        let hijab = app.product(&admin, "Hijab", "10", 10).await;
        let (token, _) = app.shopper("amina").await;
        app.buy(&token, dress["_id"].as_str().unwrap(), 2, APPROVED_PHONE)
            .await;
        app.buy(&token, hijab["_id"].as_str().unwrap(), 1, APPROVED_PHONE)
            .await;
        app.buy(&token, hijab["_id"].as_str().unwrap(), 1, DECLINED_NUMBER)
            .await;

        let stats = app.get("/api/admin/stats", Some(&admin)).await;
        assert_eq!(stats.status, StatusCode::OK);
        let s = &stats.body;
        assert_eq!(s["totalProducts"], 2);
        assert_eq!(s["totalOrders"], 3);
        assert_eq!(s["pendingOrders"], 2);
        assert_eq!(s["totalRevenue"], 60.0);
        assert_eq!(s["monthlyRevenue"], 60.0);
        assert_eq!(s["averageOrderValue"], 30.0);
        assert_eq!(
            s["statusCounts"],
            json!({ "pending": 2, "shipped": 0, "delivered": 0, "canceled": 1 })
        );
        assert_eq!(s["revenueByMonth"].as_array().unwrap().len(), 6);
        assert_eq!(s["revenueByMonth"][5]["revenue"], 60.0);
        assert_eq!(
            s["topProducts"],
            json!([{ "name": "Dress", "quantity": 2 }, { "name": "Hijab", "quantity": 1 }])
        );
        assert_eq!(s["recentOrders"].as_array().unwrap().len(), 3);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn reports_cover_a_period_and_export_its_orders_as_csv() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dress", "20", 10).await;
        let (token, _) = app.shopper("amina").await;
        app.buy(&token, dress["_id"].as_str().unwrap(), 3, APPROVED_PHONE)
            .await;

        let report = app.get("/api/admin/reports?days=7", Some(&admin)).await;
        assert_eq!(report.status, StatusCode::OK);
        let r = &report.body;
        assert_eq!(r["days"], 7);
        assert_eq!(r["totalSales"], 65.0);
        assert_eq!(r["orders"], 1);
        assert_eq!(r["newUsers"], 2, "the admin and the shopper");
        assert_eq!(r["averageOrderValue"], 65.0);
        assert_eq!(r["revenueByDay"].as_array().unwrap().len(), 7);
        assert_eq!(r["revenueByDay"][6]["revenue"], 65.0);
        assert_eq!(
            r["topProducts"],
            json!([{ "name": "Dress", "quantity": 3, "revenue": 60.0 }])
        );
        assert_eq!(
            app.get("/api/admin/reports?days=5", Some(&admin))
                .await
                .status,
            StatusCode::BAD_REQUEST
        );
        assert_eq!(
            app.get("/api/admin/reports", Some(&token)).await.status,
            StatusCode::FORBIDDEN
        );

        let (status, headers, csv) = app
            .page_with_token("/api/admin/orders/export.csv?days=30", &admin)
            .await;
        assert_eq!(status, StatusCode::OK);
        assert!(headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/csv"));
        assert!(headers["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("attachment; filename=\"orders-"));
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], "order_id,created_at,customer_name,customer_email,status,payment_status,payment_method,items,subtotal,shipping,total,city,district,channel,taken_by");
        assert_eq!(lines.len(), 2);
        assert!(
            lines[1].ends_with(
                ",amina,amina@example.com,pending,paid,EVC Plus,3,60.00,5.00,65.00,,,web,"
            ),
            "{}",
            lines[1]
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_order_shows_the_statuses_it_took_its_delivery_and_what_was_refunded() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dress", "20", 5).await;
        let (token, _) = app.shopper("amina").await;
        let placed = app
            .buy(&token, dress["_id"].as_str().unwrap(), 2, APPROVED_PHONE)
            .await;
        let order = &placed.body["order"];
        let id = order["_id"].as_str().unwrap();
        assert_eq!(order["products"][0]["_id"], format!("{id}-1"));
        assert_eq!(order["statusHistory"][0]["status"], "pending");
        assert_eq!(order["deliveredAt"], serde_json::Value::Null);
        assert_eq!(order["refundedAmount"], 0.0);

        let path = format!("/api/orders/{id}");
        for status in ["shipped", "delivered"] {
            let moved = app
                .put(&path, Some(&admin), json!({ "status": status }))
                .await;
            assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
        }
        let delivered = app.get(&path, Some(&token)).await.body;
        let statuses: Vec<&str> = delivered["statusHistory"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["status"].as_str().unwrap())
            .collect();
        assert_eq!(
            statuses,
            ["pending", "shipped", "delivered"],
            "{}",
            app.backend
        );
        assert_eq!(
            delivered["deliveredAt"],
            delivered["statusHistory"][2]["at"]
        );

        let canceled = app
            .put(&path, Some(&admin), json!({ "status": "canceled" }))
            .await;
        assert_eq!(canceled.status, StatusCode::OK, "{}", canceled.body);
        assert_eq!(canceled.body["paymentStatus"], "refunded");
        assert_eq!(canceled.body["refundedAmount"], 45.0);
        assert_eq!(
            canceled.body["deliveredAt"], delivered["deliveredAt"],
            "the first delivery is kept"
        );
        assert_eq!(canceled.body["returnableUntil"], serde_json::Value::Null);
        assert_eq!(canceled.body["statusHistory"][3]["status"], "canceled");
    }
}
