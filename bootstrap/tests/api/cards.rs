//! Cards on WaafiPay's hosted page (issue 41): the page opened with the order's return
//! address, the order paid only when WaafiPay says so (never by the return address's own
//! query), declined with the cart kept, an abandoned page settled by the shop's own check,
//! a refund sent once however many cancels race; and the sandbox's card page.

use crate::helpers::TestApp;
use futures_util::future::join_all;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

/// A shop selling a $40.00 dress (5 in stock), its admin and a shopper, Hodan.
struct Shop {
    admin: String,
    id: String,
    token: String,
}

impl Shop {
    async fn open(app: &TestApp) -> Self {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dirac", "40", 5).await;
        let id = dress["_id"].as_str().unwrap().to_owned();
        let (token, _) = app.shopper("Hodan").await;
        Self { admin, id, token }
    }
}

async fn pay_by_card(app: &TestApp, token: &str) -> crate::reply::Reply {
    app.post(
        "/api/orders/checkout",
        Some(token),
        json!({ "paymentMethod": "card", "paymentPhone": "61 555 1234" }),
    )
    .await
}

fn order_id(placed: &Value) -> String {
    placed["order"]["_id"].as_str().unwrap().to_owned()
}

async fn come_back(app: &TestApp, query: &str) -> (StatusCode, Option<String>) {
    app.unfollowed(
        Method::GET,
        &format!("/api/payments/card/return?{query}"),
        &[],
    )
    .await
}

async fn cart_items(app: &TestApp, token: &str) -> usize {
    let cart = app.get("/api/cart", Some(token)).await.body;
    cart["products"].as_array().map_or(0, Vec::len)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_card_is_paid_on_waafipays_page_and_only_waafipays_word_pays_the_order() {
    for app in TestApp::all_with_fake_waafipay_cards().await {
        let waafipay = app.waafipay.as_ref().unwrap();
        let Shop { admin, id, token } = Shop::open(&app).await;
        let id = id.as_str();
        app.add_to_cart(&token, id, 1).await;

        let placed = pay_by_card(&app, &token).await;
        assert_eq!(placed.status, StatusCode::ACCEPTED, "{}", placed.body);
        let order = order_id(&placed.body);
        // The page of the order's attempt: its charge's own reference, not the order's id.
        let attempt = waafipay.card_page_of(&order);
        assert_ne!(attempt, order);
        assert_eq!(
            placed.body["redirectUrl"],
            format!("https://sandbox.waafipay.net/hpp/token/{attempt}")
        );
        assert_eq!(placed.body["order"]["paymentMethod"], "card");
        let opened = &waafipay.bodies_of("HPP_PURCHASE")[0]["serviceParams"];
        let return_url = format!("https://dukaan.so/api/payments/card/return?order={order}");
        assert_eq!(opened["hppSuccessCallbackUrl"], return_url.as_str());
        assert_eq!(opened["hppFailureCallbackUrl"], return_url.as_str());
        assert_eq!(opened["paymentMethod"], "CREDIT_CARD");
        assert_eq!(opened["transactionInfo"]["amount"], "45.00");
        assert_eq!(app.stock_of(id).await, 4, "the order holds its dress");
        assert_eq!(
            cart_items(&app, &token).await,
            1,
            "the cart waits for the card"
        );

        // A return address forged to say it was approved, before WaafiPay knows of a payment.
        let forged = come_back(
            &app,
            &format!("order={order}&state=APPROVED&status=Approved"),
        )
        .await;
        assert_eq!(
            forged,
            (
                StatusCode::SEE_OTHER,
                Some(format!("/orders/{order}?payment=pending"))
            )
        );
        let path = format!("/api/orders/{order}");
        let waiting = app.get(&path, Some(&token)).await.body;
        assert_eq!(
            (&waiting["paymentStatus"], &waiting["paid"]),
            (&json!("pending"), &json!(false))
        );
        assert_eq!(
            waiting["paymentPageUrl"], placed.body["redirectUrl"],
            "the shopper can go back to the card page"
        );

        waafipay.card_page_ended(&order, "Approved");
        let query = format!("order={order}");
        let returns = join_all((0..5).map(|_| come_back(&app, &query))).await;
        for returned in returns {
            assert_eq!(
                returned,
                (
                    StatusCode::SEE_OTHER,
                    Some(format!("/order-success?order={order}"))
                ),
                "{}",
                app.backend
            );
        }
        let paid = app.get(&path, Some(&token)).await.body;
        assert_eq!(
            (
                paid["paymentStatus"].as_str(),
                paid["transactionId"].as_str()
            ),
            (Some("paid"), Some("126895"))
        );
        assert!(paid.get("paymentPageUrl").is_none());
        assert_eq!(
            cart_items(&app, &token).await,
            0,
            "paid: the cart is emptied"
        );
        assert_eq!(app.stock_of(id).await, 4);
        let asked = waafipay.bodies_of("HPP_GETTRANINFO");
        assert_eq!(asked[0]["serviceParams"]["referenceId"], attempt.as_str());
        assert_eq!(asked[0]["serviceParams"]["hppKey"], "HPP-KEY");

        // A refund goes back through the card page's own refund, once.
        let cancels =
            join_all((0..5).map(|_| app.put(&path, Some(&admin), json!({ "status": "canceled" }))))
                .await;
        assert!(cancels.iter().any(|c| c.status == StatusCode::OK));
        let refunds = waafipay.bodies_of("HPP_REFUNDPURCHASE");
        assert_eq!(refunds.len(), 1, "{}", app.backend);
        assert_eq!(refunds[0]["serviceParams"]["transactionId"], "126895");
        assert_eq!(refunds[0]["serviceParams"]["amount"], "45.00");
        assert_eq!(waafipay.calls_of("API_CANCELPURCHASE"), 0);
        let canceled = app.get(&path, Some(&admin)).await.body;
        assert_eq!(
            (&canceled["paymentStatus"], &canceled["paid"]),
            (&json!("refunded"), &json!(true)),
            "its money was received, then went back"
        );
        assert_eq!(app.stock_of(id).await, 5);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_declined_card_cancels_the_order_and_keeps_the_cart_and_a_retry_reopens_the_same_page() {
    for app in TestApp::all_with_fake_waafipay_cards().await {
        let waafipay = app.waafipay.as_ref().unwrap();
        let Shop { id, token, .. } = Shop::open(&app).await;
        let id = id.as_str();
        app.add_to_cart(&token, id, 1).await;

        let first = app
            .checkout_by_with_key(&token, "card", "61 555 1234", "card-1")
            .await;
        assert_eq!(first.status, StatusCode::ACCEPTED, "{}", first.body);
        let again = app
            .checkout_by_with_key(&token, "card", "61 555 1234", "card-1")
            .await;
        assert_eq!(
            (again.status, &again.body["redirectUrl"]),
            (first.status, &first.body["redirectUrl"])
        );
        assert_eq!(waafipay.calls_of("HPP_PURCHASE"), 1, "one page per order");
        let order = order_id(&first.body);

        waafipay.card_page_ended(&order, "Declined");
        let (status, location) = come_back(&app, &format!("order={order}")).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        assert_eq!(
            location.unwrap(),
            format!(
                "/orders/{order}?payment=failed&reason=Your+card+payment+was+declined.+No+money+was+taken."
            )
        );
        let failed = app
            .get(&format!("/api/orders/{order}"), Some(&token))
            .await
            .body;
        assert_eq!(
            (failed["status"].as_str(), failed["paymentStatus"].as_str()),
            (Some("canceled"), Some("failed"))
        );
        assert_eq!(app.stock_of(id).await, 5, "the dress is back on sale");
        assert_eq!(cart_items(&app, &token).await, 1, "the cart is kept");

        let unknown = come_back(&app, "order=no-such-order").await;
        assert_eq!(unknown.0, StatusCode::NOT_FOUND);
        assert_eq!(
            come_back(&app, "state=APPROVED").await.0,
            StatusCode::NOT_FOUND
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_card_page_nobody_came_back_from_is_settled_by_the_shops_own_check() {
    for app in TestApp::all_with_fake_waafipay_cards().await {
        let waafipay = app.waafipay.as_ref().unwrap();
        let Shop { id, token, .. } = Shop::open(&app).await;
        let id = id.as_str();
        app.add_to_cart(&token, id, 1).await;
        let placed = pay_by_card(&app, &token).await;
        let order = order_id(&placed.body);
        let payments = &app.state.shop.payments;
        assert_eq!(payments.check_awaited_payments().await.unwrap(), 1);
        let path = format!("/api/orders/{order}");
        assert_eq!(
            app.get(&path, Some(&token)).await.body["paymentStatus"],
            "pending"
        );
        waafipay.card_page_ended(&order, "Approved");
        assert_eq!(payments.check_awaited_payments().await.unwrap(), 1);
        assert_eq!(
            app.get(&path, Some(&token)).await.body["paymentStatus"],
            "paid"
        );
        assert_eq!(payments.check_awaited_payments().await.unwrap(), 0);
        assert_eq!(cart_items(&app, &token).await, 0);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_sandboxs_card_page_approves_or_declines_through_the_same_return() {
    for app in TestApp::all().await {
        let Shop { id, token, .. } = Shop::open(&app).await;
        let id = id.as_str();

        app.add_to_cart(&token, id, 1).await;
        let declined = pay_by_card(&app, &token).await;
        assert_eq!(declined.status, StatusCode::ACCEPTED, "{}", declined.body);
        let order = order_id(&declined.body);
        let page = format!("/sandbox/card?order={order}");
        assert_eq!(declined.body["redirectUrl"], page.as_str());
        let (status, headers, html) = app.page(&page, &[]).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(headers["cache-control"], "no-store");
        assert!(html.contains("Sandbox: no real card is charged."), "{html}");
        assert!(html.contains("Pay $45.00 by card"), "{html}");
        let decided = app
            .unfollowed(
                Method::POST,
                "/sandbox/card",
                &[("order", &order), ("decision", "decline")],
            )
            .await;
        let back = format!("/api/payments/card/return?order={order}");
        assert_eq!(decided, (StatusCode::SEE_OTHER, Some(back.clone())));
        let (_, location) = app.unfollowed(Method::GET, &back, &[]).await;
        assert!(
            location
                .unwrap()
                .starts_with(&format!("/orders/{order}?payment=failed")),
            "{}",
            app.backend
        );
        assert_eq!(
            app.page(&page, &[]).await.0,
            StatusCode::NOT_FOUND,
            "decided once"
        );

        let approved = pay_by_card(&app, &token).await;
        let order = order_id(&approved.body);
        app.unfollowed(
            Method::POST,
            "/sandbox/card",
            &[("order", &order), ("decision", "approve")],
        )
        .await;
        let back = format!("/api/payments/card/return?order={order}");
        assert_eq!(
            app.unfollowed(Method::GET, &back, &[]).await,
            (
                StatusCode::SEE_OTHER,
                Some(format!("/order-success?order={order}"))
            )
        );
        assert_eq!(app.stock_of(id).await, 4);
        assert_eq!(cart_items(&app, &token).await, 0);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_shop_with_a_real_card_provider_has_no_sandbox_card_page() {
    for app in TestApp::all_with_fake_waafipay_cards().await {
        let (status, _, _) = app.page("/sandbox/card?order=anything", &[]).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let decided = app
            .unfollowed(
                Method::POST,
                "/sandbox/card",
                &[("order", "anything"), ("decision", "approve")],
            )
            .await;
        assert_eq!(decided.0, StatusCode::NOT_FOUND);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_returned_item_of_a_card_order_is_refunded_to_the_card_once() {
    for app in TestApp::all_with_fake_waafipay_cards().await {
        let waafipay = app.waafipay.as_ref().unwrap();
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dress", "10", 5).await;
        let (token, _) = app.shopper("amina").await;
        app.add_to_cart(&token, dress["_id"].as_str().unwrap(), 2)
            .await;
        let order = order_id(&pay_by_card(&app, &token).await.body);
        waafipay.card_page_ended(&order, "Approved");
        come_back(&app, &format!("order={order}")).await;
        let id = app.received_return_of_one(&admin, &token, &order).await;
        let path = format!("/api/admin/returns/{id}");
        let refunds =
            join_all((0..3).map(|_| app.put(&path, Some(&admin), json!({ "status": "refunded" }))))
                .await;
        assert!(refunds.iter().any(|r| r.status == StatusCode::OK));
        let sent = waafipay.bodies_of("HPP_REFUNDPURCHASE");
        assert_eq!(sent.len(), 1, "{}", app.backend);
        assert_eq!(sent[0]["serviceParams"]["amount"], "10.00");
        assert_eq!(sent[0]["serviceParams"]["transactionId"], "126895");
        let paid = app
            .get(&format!("/api/orders/{order}"), Some(&token))
            .await
            .body;
        assert_eq!(
            paid["paymentStatus"], "partiallyRefunded",
            "{}",
            app.backend
        );
    }
}
