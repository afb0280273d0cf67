//! Every Somali wallet (issue 41): the methods listed with their numbers' prefixes, a wallet
//! taking only its own numbers, and a purchase per wallet through WaafiPay.

use crate::helpers::TestApp;
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::time::Duration;

async fn pay(app: &TestApp, token: &str, method: &str, phone: &str) -> crate::reply::Reply {
    app.post(
        "/api/orders/checkout",
        Some(token),
        json!({ "paymentMethod": method, "paymentPhone": phone }),
    )
    .await
}

#[tokio::test(flavor = "multi_thread")]
async fn the_methods_are_listed_with_their_prefixes_providers_refunds_and_what_this_shop_has_set_up(
) {
    let waafipay = json!({ "id": "waafipay", "name": "WaafiPay" });
    for app in TestApp::all().await {
        let reply = app.get("/api/payments/methods", None).await;
        assert_eq!(reply.status, StatusCode::OK);
        assert_eq!(
            reply.body,
            json!([
                { "id": "evc-plus", "name": "EVC Plus", "kind": "wallet", "prefixes": ["61", "77"], "available": true, "provider": waafipay, "refunds": "provider", "payout": true },
                { "id": "zaad", "name": "ZAAD", "kind": "wallet", "prefixes": ["63"], "available": true, "provider": waafipay, "refunds": "provider", "payout": true },
                { "id": "sahal", "name": "SAHAL", "kind": "wallet", "prefixes": ["90"], "available": true, "provider": waafipay, "refunds": "provider", "payout": true },
                { "id": "edahab", "name": "eDahab", "kind": "wallet", "prefixes": ["62", "65", "66"], "available": true, "provider": { "id": "edahab", "name": "eDahab" }, "refunds": "provider", "payout": true },
                { "id": "card", "name": "Card", "kind": "card", "available": true, "provider": waafipay, "refunds": "provider", "payout": false },
                { "id": "cash-on-delivery", "name": "Cash on delivery", "kind": "cash", "available": false, "provider": null, "refunds": "by-hand", "payout": false },
            ]),
            "{}",
            app.backend
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_wallet_takes_only_its_own_numbers_and_nothing_is_placed_otherwise() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dirac", "30", 3).await;
        let id = dress["_id"].as_str().unwrap();
        let (token, _) = app.shopper("Hodan").await;
        app.add_to_cart(&token, id, 1).await;
        let refusals: [(&str, &str, &str, &str); 4] = [
            (
                "evc-plus",
                "63 444 1234",
                "paymentPhone",
                "This number belongs to ZAAD. Choose ZAAD to pay with it.",
            ),
            (
                "zaad",
                "68 123 4567",
                "paymentPhone",
                "Please enter a number of a wallet we take: EVC Plus, ZAAD, SAHAL, eDahab",
            ),
            (
                "sahal",
                "12",
                "paymentPhone",
                "Please enter a valid SAHAL number, such as 90 234 5678",
            ),
            (
                "cash-on-delivery",
                "61 555 1234",
                "paymentMethod",
                "Cash on delivery is not available in this shop",
            ),
        ];
        for (method, phone, field, message) in refusals {
            let reply = pay(&app, &token, method, phone).await;
            assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{method} {phone}");
            assert_eq!(reply.body["errors"][field], message, "{}", app.backend);
        }
        assert_eq!(app.stock_of(id).await, 3);
        let orders = app.get("/api/orders", Some(&token)).await;
        assert_eq!(orders.body, json!([]));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn each_wallet_pays_through_waafipay_with_its_own_number_and_the_order_says_how() {
    for app in TestApp::all_with_fake_waafipay(Duration::ZERO).await {
        let waafipay = app.waafipay.as_ref().unwrap();
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dirac", "30", 9).await;
        let id = dress["_id"].as_str().unwrap();
        let methods = app.get("/api/payments/methods", None).await;
        let available: Vec<&str> = methods
            .body
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["available"] == true)
            .map(|m| m["id"].as_str().unwrap())
            .collect();
        assert_eq!(available, ["evc-plus", "zaad", "sahal"], "{}", app.backend);
        let (token, _) = app.shopper("Hodan").await;
        for (method, phone, account) in [
            ("zaad", "63 444 1234", "252634441234"),
            ("sahal", "090 765 4321", "252907654321"),
            ("evc-plus", "77 123 4567", "252771234567"),
        ] {
            app.add_to_cart(&token, id, 1).await;
            let reply = pay(&app, &token, method, phone).await;
            assert_eq!(
                reply.status,
                StatusCode::CREATED,
                "{method}: {}",
                reply.body
            );
            assert_eq!(reply.body["order"]["paymentMethod"], method);
            assert_eq!(reply.body["order"]["paymentStatus"], "paid");
            let sent: Value = waafipay.bodies_of("API_PURCHASE").pop().unwrap();
            assert_eq!(sent["serviceParams"]["paymentMethod"], "MWALLET_ACCOUNT");
            assert_eq!(sent["serviceParams"]["payerInfo"]["accountNo"], account);
        }
        let edahab = pay(&app, &token, "edahab", "65 123 4567").await;
        assert_eq!(edahab.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            edahab.body["errors"]["paymentMethod"],
            "eDahab is not available in this shop"
        );
        assert_eq!(app.stock_of(id).await, 6);
        let zaad = app
            .get(
                "/api/orders/all?paymentMethod=zaad&page=1&limit=10",
                Some(&admin),
            )
            .await;
        assert_eq!(zaad.headers["x-total-count"], "1");
        assert_eq!(zaad.body[0]["paymentPhone"], "252634441234");
        let unknown = app
            .get("/api/orders/all?paymentMethod=paypal", Some(&admin))
            .await;
        assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    }
}
