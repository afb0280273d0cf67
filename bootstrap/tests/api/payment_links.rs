//! Payment links of phone orders over HTTP (issue 45): staff send one; the customer opens it
//! without an account and pays with any method the shop takes online, once; a link ends when
//! its order is paid, canceled or past its hold, and a newer link replaces it.

use crate::helpers::TestApp;
use crate::phone_orders::{hodan, taken};
use domain::payment_hold::PaymentHold;
use futures_util::future::join_all;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

/// Sends order `order`'s payment link: the reply, and the link's token.
async fn link_of(app: &TestApp, token: &str, order: &str) -> (Value, String) {
    let sent = app
        .post(
            &format!("/api/admin/orders/{order}/payment-link"),
            Some(token),
            json!({}),
        )
        .await;
    assert_eq!(
        sent.status,
        StatusCode::CREATED,
        "{}: {}",
        app.backend,
        sent.body
    );
    let url = sent.body["url"].as_str().unwrap();
    let token = url.rsplit_once("/pay/").unwrap().1.to_owned();
    (sent.body, token)
}

fn paying(method: &str, phone: &str) -> Value {
    json!({ "paymentMethod": method, "paymentPhone": phone })
}

#[tokio::test(flavor = "multi_thread")]
async fn the_customer_pays_by_the_link_with_each_wallet_without_an_account() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let handler = app.staff(&admin, "hamza", "orders").await;
        let dress = app.product(&admin, "Link Dress", "20", 9).await;
        let dress = dress["_id"].as_str().unwrap();
        for (method, phone) in [
            ("evc-plus", "615552001"),
            ("zaad", "635552002"),
            ("sahal", "905552003"),
            ("edahab", "625552004"),
        ] {
            let order = taken(&app, &handler, phone, dress, hodan()).await;
            let (sent, token) = link_of(&app, &handler, &order).await;
            assert_eq!(token.len(), 32, "{sent}");
            assert_eq!(sent["smsSent"], false, "no SMS provider in the tests");
            let whatsapp = sent["whatsappUrl"].as_str().unwrap();
            assert!(
                whatsapp.starts_with(&format!("https://wa.me/252{phone}?text=Dukaan%3A%20pay%20%2425%2E00%20for%20your%20order%20%23")),
                "{whatsapp}"
            );
            assert!(
                whatsapp.ends_with(&format!("%2Fpay%2F{token}")),
                "{whatsapp}"
            );

            let shown = app.get(&format!("/api/pay/{token}"), None).await;
            assert_eq!(shown.status, StatusCode::OK, "{}", shown.body);
            let page = &shown.body;
            assert_eq!(
                (
                    &page["subtotal"],
                    &page["shippingFee"],
                    &page["totalAmount"],
                    &page["paying"]
                ),
                (&json!(20.0), &json!(5.0), &json!(25.0), &json!(false))
            );
            assert_eq!(page["products"][0]["name"], "Link Dress");
            assert_eq!(page["shippingAddress"]["district"], "Hodan");
            assert_eq!(page["paymentPhone"], phone);
            assert_eq!(
                (&page["state"], &page["paymentStatus"]),
                (&json!("open"), &json!("pending"))
            );
            assert_eq!(page["expiresAt"], sent["expiresAt"]);
            assert_eq!(
                page["paymentMethods"],
                json!(["evc-plus", "zaad", "sahal", "edahab", "card"]),
                "every method but cash"
            );
            assert!(page.get("userId").is_none(), "{page}");

            let paid = app
                .post(&format!("/api/pay/{token}"), None, paying(method, phone))
                .await;
            assert_eq!(
                paid.status,
                StatusCode::CREATED,
                "{}: {method}: {}",
                app.backend,
                paid.body
            );
            assert_eq!(
                paid.body,
                json!({ "message": "Paid. Thank you! Your order is confirmed.",
                        "paymentStatus": "paid" })
            );
            let again = app
                .post(&format!("/api/pay/{token}"), None, paying(method, phone))
                .await;
            assert_eq!(again.status, StatusCode::CONFLICT, "a second payment");
            assert_eq!(again.body["message"], "This order is paid. Thank you!");
            let reloaded = app.get(&format!("/api/pay/{token}"), None).await;
            assert_eq!(
                reloaded.status,
                StatusCode::OK,
                "a paid link shows what was paid"
            );
            assert_eq!(
                (
                    &reloaded.body["state"],
                    &reloaded.body["paymentStatus"],
                    &reloaded.body["paymentMethod"],
                    &reloaded.body["status"],
                    &reloaded.body["paymentMethods"],
                    &reloaded.body["totalAmount"],
                ),
                (
                    &json!("settled"),
                    &json!("paid"),
                    &json!(method),
                    &json!("pending"),
                    &json!([]),
                    &json!(25.0)
                )
            );
            let seen = app.get(&format!("/api/orders/{order}"), Some(&admin)).await;
            assert_eq!(
                (&seen.body["paymentStatus"], &seen.body["paymentMethod"]),
                (&json!("paid"), &json!(method)),
                "{}",
                app.backend
            );
            let sent_link = app.outbox().await.into_iter().find(|m| {
                m.reference == order && m.topic == domain::notification::Topic::PaymentLink
            });
            let sent_link = sent_link.expect("the link's text message is queued");
            assert_eq!(
                sent_link.recipient.as_deref(),
                Some(&*format!("252{phone}"))
            );
            assert_eq!(
                sent_link.payload,
                Some(format!("/pay/{token}")),
                "the link waits in the outbox until it is sent (then it is forgotten)"
            );
        }
        assert_eq!(app.stock_of(dress).await, 5);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_card_payment_by_the_link_comes_back_to_the_link_and_a_decline_keeps_it() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let handler = app.staff(&admin, "hamza", "orders").await;
        let abaya = app.product(&admin, "Link Abaya", "30", 2).await;
        let abaya = abaya["_id"].as_str().unwrap();
        let order = taken(&app, &handler, "615552101", abaya, hodan()).await;
        let (_, token) = link_of(&app, &handler, &order).await;
        let path = format!("/api/pay/{token}");

        for (decision, back) in [
            ("decline", "/pay/return?payment=failed&reason="),
            ("approve", "/pay/return?payment=paid"),
        ] {
            let card = app.post(&path, None, paying("card", "615552101")).await;
            assert_eq!(card.status, StatusCode::ACCEPTED, "{}", card.body);
            let page = format!("/sandbox/card?order={order}");
            assert_eq!(card.body["redirectUrl"], page.as_str());
            assert_eq!(card.body["paymentStatus"], "pending");
            let shown = app.get(&path, None).await;
            assert_eq!(shown.body["paying"], true, "the page waits for the card");
            let twice = app.post(&path, None, paying("evc-plus", "615552101")).await;
            assert_eq!(twice.status, StatusCode::CONFLICT, "{}", twice.body);
            app.unfollowed(
                Method::POST,
                "/sandbox/card",
                &[("order", &order), ("decision", decision)],
            )
            .await;
            let returned = format!("/api/payments/card/return?order={order}");
            let (status, location) = app.unfollowed(Method::GET, &returned, &[]).await;
            assert_eq!(status, StatusCode::SEE_OTHER);
            let location = location.unwrap();
            assert!(location.starts_with(back), "{}: {location}", app.backend);
        }
        let seen = app.get(&format!("/api/orders/{order}"), Some(&admin)).await;
        assert_eq!(
            (
                &seen.body["status"],
                &seen.body["paymentStatus"],
                &seen.body["paymentMethod"]
            ),
            (&json!("pending"), &json!("paid"), &json!("card")),
            "{}: the declined card left the order to be paid again",
            app.backend
        );
        assert_eq!(app.stock_of(abaya).await, 1, "one unit held throughout");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_customer_opens_their_own_phone_order_to_pay_it_and_no_one_else_can() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let handler = app.staff(&admin, "hamza", "orders").await;
        let (amina, amina_id) = app.shopper("amina").await;
        let (other, _) = app.shopper("hodan").await;
        let dress = app.product(&admin, "Own Link Dress", "20", 3).await;
        let body = json!({ "customer": { "userId": amina_id }, "shippingAddress": hodan(),
                           "lines": [{ "productId": dress["_id"], "quantity": 1 }] });
        let taken = app.post("/api/admin/orders", Some(&handler), body).await;
        assert_eq!(taken.status, StatusCode::CREATED, "{}", taken.body);
        let order = taken.body["_id"].as_str().unwrap();
        let mine = app.get(&format!("/api/orders/{order}"), Some(&amina)).await;
        assert_eq!(mine.body["paymentAwaits"], "customer", "{}", mine.body);

        let path = format!("/api/orders/{order}/pay-link");
        let theirs = app.post(&path, Some(&other), json!({})).await;
        assert_eq!(theirs.status, StatusCode::NOT_FOUND, "another's order");
        let signed_out = app.post(&path, None, json!({})).await;
        assert_eq!(signed_out.status, StatusCode::UNAUTHORIZED);

        let opened = app.post(&path, Some(&amina), json!({})).await;
        assert_eq!(opened.status, StatusCode::CREATED, "{}", opened.body);
        assert_eq!(
            (&opened.body["whatsappUrl"], &opened.body["smsSent"]),
            (&Value::Null, &json!(false)),
            "nothing is sent: the customer is on the page"
        );
        let url = opened.body["url"].as_str().unwrap();
        let token = url.rsplit_once("/pay/").unwrap().1;
        let paid = app
            .post(
                &format!("/api/pay/{token}"),
                None,
                paying("evc-plus", "615553301"),
            )
            .await;
        assert_eq!(paid.status, StatusCode::CREATED, "{}", paid.body);
        let again = app.post(&path, Some(&amina), json!({})).await;
        assert_eq!(again.status, StatusCode::CONFLICT, "paid: no new link");
        assert_eq!(
            app.outbox()
                .await
                .iter()
                .filter(
                    |m| m.reference == order && m.topic == domain::notification::Topic::PaymentLink
                )
                .count(),
            0,
            "no text or e-mail with a link"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_link_works_for_its_order_until_it_is_replaced_paid_or_canceled() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let handler = app.staff(&admin, "hamza", "orders").await;
        let scarf = app.product(&admin, "Link Scarf", "8", 5).await;
        let scarf = scarf["_id"].as_str().unwrap();
        let first = taken(&app, &handler, "615552201", scarf, hodan()).await;
        let second = taken(&app, &handler, "615552202", scarf, hodan()).await;

        let unknown = app
            .get("/api/pay/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", None)
            .await;
        assert_eq!(unknown.status, StatusCode::NOT_FOUND);
        assert_eq!(
            unknown.body["message"],
            "This payment link is not valid. Ask the shop for a new one."
        );
        for junk in ["abc", "..%2F..%2Fetc%2Fpasswd", &"A".repeat(4000)] {
            let reply = app.get(&format!("/api/pay/{junk}"), None).await;
            assert_eq!(reply.status, StatusCode::NOT_FOUND, "{junk}");
        }

        let (_, replaced) = link_of(&app, &handler, &first).await;
        let (_, current) = link_of(&app, &handler, &first).await;
        let (_, other) = link_of(&app, &handler, &second).await;
        let old = app.get(&format!("/api/pay/{replaced}"), None).await;
        assert_eq!(
            old.status,
            StatusCode::NOT_FOUND,
            "a newer link replaced it"
        );
        let refused = app
            .post(
                &format!("/api/pay/{replaced}"),
                None,
                paying("evc-plus", "615552201"),
            )
            .await;
        assert_eq!(refused.status, StatusCode::NOT_FOUND);

        // A declined payment leaves the link working.
        let declined = app
            .post(
                &format!("/api/pay/{current}"),
                None,
                paying("evc-plus", "252610000001"),
            )
            .await;
        assert_eq!(
            declined.status,
            StatusCode::PAYMENT_REQUIRED,
            "{}",
            declined.body
        );
        let still = app.get(&format!("/api/pay/{current}"), None).await;
        assert_eq!(
            (still.status, &still.body["paying"]),
            (StatusCode::OK, &json!(false))
        );
        let wrong = app
            .post(
                &format!("/api/pay/{current}"),
                None,
                paying("cash-on-delivery", ""),
            )
            .await;
        assert_eq!(wrong.status, StatusCode::BAD_REQUEST, "no cash on a link");
        assert!(
            wrong.body["errors"]["paymentMethod"].is_string(),
            "{}",
            wrong.body
        );

        // Paying the first order by its link leaves the second's link as it was.
        let paid = app
            .post(
                &format!("/api/pay/{current}"),
                None,
                paying("evc-plus", "615552201"),
            )
            .await;
        assert_eq!(paid.status, StatusCode::CREATED, "{}", paid.body);
        let shown = app.get(&format!("/api/pay/{other}"), None).await;
        assert_eq!(shown.status, StatusCode::OK);
        assert_eq!(shown.body["paymentPhone"], "615552202");

        let canceled = app
            .put(
                &format!("/api/orders/{second}"),
                Some(&admin),
                json!({ "status": "canceled" }),
            )
            .await;
        assert_eq!(canceled.status, StatusCode::OK, "{}", canceled.body);
        let ended =
            "This payment link has expired or its order was canceled. Ask the shop for a new one.";
        let gone = app.get(&format!("/api/pay/{other}"), None).await;
        assert_eq!(
            (gone.status, gone.body["message"].as_str()),
            (StatusCode::GONE, Some(ended))
        );
        let late = app
            .post(
                &format!("/api/pay/{other}"),
                None,
                paying("evc-plus", "615552202"),
            )
            .await;
        assert_eq!(late.status, StatusCode::GONE);
        let resent = app
            .post(
                &format!("/api/admin/orders/{second}/payment-link"),
                Some(&handler),
                json!({}),
            )
            .await;
        assert_eq!(
            resent.status,
            StatusCode::CONFLICT,
            "no link for a canceled order"
        );
        assert_eq!(app.stock_of(scarf).await, 4);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_link_ends_with_its_orders_hold() {
    let hold = PaymentHold::new(3, 1).expect("a valid hold");
    for app in TestApp::all_with_hold(hold).await {
        let admin = app.admin_token().await;
        let handler = app.staff(&admin, "hamza", "orders").await;
        let belt = app.product(&admin, "Link Belt", "5", 1).await;
        let belt = belt["_id"].as_str().unwrap();
        let order = taken(&app, &handler, "615552301", belt, hodan()).await;
        let (sent, token) = link_of(&app, &handler, &order).await;
        let expires: chrono::DateTime<chrono::Utc> =
            sent["expiresAt"].as_str().unwrap().parse().unwrap();
        let wait = expires - chrono::Utc::now() + chrono::Duration::milliseconds(100);
        tokio::time::sleep(wait.to_std().unwrap_or_default()).await;
        let late = app
            .post(
                &format!("/api/pay/{token}"),
                None,
                paying("evc-plus", "615552301"),
            )
            .await;
        assert_eq!(
            late.status,
            StatusCode::GONE,
            "{}: {}",
            app.backend,
            late.body
        );
        assert_eq!(
            app.get(&format!("/api/pay/{token}"), None).await.status,
            StatusCode::GONE
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn payments_sent_at_once_by_the_link_charge_the_wallet_once() {
    for app in TestApp::all_with_fake_waafipay(std::time::Duration::ZERO).await {
        let waafipay = app.waafipay.as_ref().unwrap();
        let admin = app.admin_token().await;
        let handler = app.staff(&admin, "hamza", "orders").await;
        let dress = app.product(&admin, "Link Gown", "40", 2).await;
        let dress = dress["_id"].as_str().unwrap();
        let order = taken(&app, &handler, "615552401", dress, hodan()).await;
        let (_, token) = link_of(&app, &handler, &order).await;
        let path = format!("/api/pay/{token}");
        let replies =
            join_all((0..4).map(|_| app.post(&path, None, paying("evc-plus", "615552401")))).await;
        let statuses: Vec<StatusCode> = replies.iter().map(|r| r.status).collect();
        assert_eq!(
            statuses
                .iter()
                .filter(|s| **s == StatusCode::CREATED)
                .count(),
            1,
            "{}: {statuses:?}",
            app.backend
        );
        assert!(statuses
            .iter()
            .all(|s| *s == StatusCode::CREATED || *s == StatusCode::CONFLICT));
        assert_eq!(waafipay.calls_of("API_PURCHASE"), 1, "{}", app.backend);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn only_roles_that_take_orders_send_links() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let handler = app.staff(&admin, "hamza", "orders").await;
        let keeper = app.staff(&admin, "ilhan", "stock").await;
        let (shopper, _) = app.shopper("amina").await;
        let hat = app.product(&admin, "Link Hat", "6", 2).await;
        let order = taken(
            &app,
            &handler,
            "615552501",
            hat["_id"].as_str().unwrap(),
            hodan(),
        )
        .await;
        let path = format!("/api/admin/orders/{order}/payment-link");
        for (token, status) in [
            (Some(keeper.as_str()), StatusCode::FORBIDDEN),
            (Some(shopper.as_str()), StatusCode::FORBIDDEN),
            (None, StatusCode::UNAUTHORIZED),
        ] {
            assert_eq!(app.post(&path, token, json!({})).await.status, status);
        }
        let missing = app
            .post(
                "/api/admin/orders/no-such-order/payment-link",
                Some(&handler),
                json!({}),
            )
            .await;
        assert_eq!(missing.status, StatusCode::NOT_FOUND);

        // A colleague who does not see the order's amounts sends it to the customer alone:
        // its page and its WhatsApp text show the total.
        let colleague = app.staff(&admin, "hodan", "orders").await;
        let sent = app.post(&path, Some(&colleague), json!({})).await;
        assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.body);
        assert_eq!(
            (&sent.body["url"], &sent.body["whatsappUrl"]),
            (&Value::Null, &Value::Null)
        );
        assert!(sent.body["expiresAt"].is_string());
        let (by_admin, _) = link_of(&app, &admin, &order).await;
        assert!(by_admin["whatsappUrl"]
            .as_str()
            .unwrap()
            .contains("%2411%2E00"));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn links_sent_at_once_leave_one_working() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let handler = app.staff(&admin, "hamza", "orders").await;
        let shawl = app.product(&admin, "Link Shawl", "12", 2).await;
        let shawl = shawl["_id"].as_str().unwrap();
        let order = taken(&app, &handler, "615552601", shawl, hodan()).await;
        let path = format!("/api/admin/orders/{order}/payment-link");
        let sent = join_all((0..4).map(|_| app.post(&path, Some(&handler), json!({})))).await;
        assert!(
            sent.iter().all(|r| r.status == StatusCode::CREATED),
            "{}: {:?}",
            app.backend,
            sent.iter().map(|r| (r.status, &r.body)).collect::<Vec<_>>()
        );
        let mut working = 0;
        for reply in &sent {
            let token = reply.body["url"]
                .as_str()
                .unwrap()
                .rsplit_once("/pay/")
                .unwrap()
                .1;
            if app.get(&format!("/api/pay/{token}"), None).await.status == StatusCode::OK {
                working += 1;
            }
        }
        assert_eq!(
            working, 1,
            "{}: the last link replaced the others",
            app.backend
        );
    }
}
