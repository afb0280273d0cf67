//! Orders on their way (issue 43): an order handler sends paid orders out with a rider (the
//! shopper is sent a 4-digit code), the rider sees only their own, delivers with the code
//! (five wrong tries lock it until the shop resets it) or brings the order back with a
//! reason; races between dispatchers and between two 'Delivered' move each order once.

use crate::helpers::{TestApp, APPROVED_PHONE};
use domain::notification::Topic;
use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::{json, Value};

/// A shop delivering to Hodan, with an order handler and two riders: tokens and rider ids.
struct Shop {
    admin: String,
    handler: String,
    hassan: (String, String),
    omar: (String, String),
}

async fn rider(app: &TestApp, admin: &str, name: &str) -> (String, String) {
    let token = app.staff(admin, name, "rider").await;
    let id = app.me_id(&token).await;
    (token, id)
}

async fn shop(app: &TestApp) -> Shop {
    let admin = app.admin_token().await;
    let zone = json!({ "city": "Mogadishu", "district": "Hodan", "fee": 2, "etaDays": { "min": 0, "max": 1 },
        "cashOnDelivery": true, "served": true });
    let made = app
        .post("/api/admin/delivery/zones", Some(&admin), zone)
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let handler = app.staff(&admin, "hawa", "orders").await;
    let hassan = rider(app, &admin, "hassan").await;
    let omar = rider(app, &admin, "omar").await;
    Shop {
        admin,
        handler,
        hassan,
        omar,
    }
}

/// A shopper `name`'s paid order of one $20.00 dress to Hodan: its id.
async fn paid_order(app: &TestApp, admin: &str, name: &str) -> String {
    let dress = app.product(admin, &format!("Dirac {name}"), "20", 5).await;
    let (token, _) = app.shopper(name).await;
    app.add_to_cart(&token, dress["_id"].as_str().unwrap(), 1)
        .await;
    let address = json!({ "fullName": "Amina Hassan", "phone": "615551234", "city": "Mogadishu",
        "district": "Hodan", "addressLine": "Maka Al Mukarama Rd 12", "landmark": "Near the Hodan market mosque" });
    let placed = app
        .post("/api/orders/checkout", Some(&token),
            json!({ "paymentMethod": "evc-plus", "paymentPhone": APPROVED_PHONE, "shippingAddress": address }))
        .await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
    placed.body["order"]["_id"].as_str().unwrap().to_owned()
}

/// The code the shopper of `order` was sent.
async fn send_out(
    app: &TestApp,
    token: &str,
    orders: &[&str],
    rider: &str,
) -> crate::helpers::Reply {
    app.post(
        "/api/admin/deliveries",
        Some(token),
        json!({ "orderIds": orders, "riderId": rider }),
    )
    .await
}

fn ids(list: &Value) -> Vec<&str> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|o| o["_id"].as_str().unwrap())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn an_order_goes_out_with_a_rider_who_delivers_it_with_the_shoppers_code() {
    for app in TestApp::all().await {
        let shop = shop(&app).await;
        let order = paid_order(&app, &shop.admin, "amina").await;
        let waiting = app
            .get(
                "/api/admin/deliveries?status=toDispatch&city=Mogadishu&district=Hodan",
                Some(&shop.handler),
            )
            .await;
        assert_eq!(waiting.status, StatusCode::OK, "{}", waiting.body);
        assert_eq!(ids(&waiting.body), [order.as_str()]);
        assert_eq!(waiting.headers["x-total-count"], "1");
        let riders = app.get("/api/admin/riders", Some(&shop.handler)).await.body;
        assert_eq!(
            riders
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r["name"].as_str().unwrap())
                .collect::<Vec<_>>(),
            ["hassan", "omar"]
        );

        let sent = send_out(&app, &shop.handler, &[&order], &shop.hassan.1).await;
        assert_eq!(sent.status, StatusCode::OK, "{}", sent.body);
        assert_eq!(sent.body[0]["status"], "shipped");
        assert_eq!(
            sent.body[0]["delivery"],
            json!({ "riderName": "hassan", "riderPhone": "615551234", "riderCallUrl": "tel:+252615551234",
                "state": "out", "attempts": [], "deliveredAt": null, "codeLocked": false })
        );
        let code = app.delivery_code(&order).await;
        assert_eq!(code.len(), 4);
        let messages = app.outbox().await;
        let on_its_way = messages
            .iter()
            .filter(|m| m.topic == Topic::OrderShipped && m.reference == order)
            .count();
        assert_eq!(on_its_way, 2, "the code goes by e-mail and SMS");
        let out = app
            .get("/api/admin/deliveries?status=out", Some(&shop.handler))
            .await
            .body;
        assert_eq!(ids(&out), [order.as_str()]);
        assert_eq!(
            app.get("/api/admin/deliveries", Some(&shop.handler))
                .await
                .body,
            json!([])
        );

        let mine = app.get("/api/deliveries", Some(&shop.hassan.0)).await;
        assert_eq!(mine.status, StatusCode::OK, "{}", mine.body);
        assert_eq!(mine.body[0]["_id"], order.as_str());
        assert_eq!(
            mine.body[0]["shippingAddress"]["landmark"],
            "Near the Hodan market mosque"
        );
        assert_eq!(
            (&mine.body[0]["itemCount"], &mine.body[0]["cashToCollect"]),
            (&json!(1), &json!(0.0))
        );
        assert_eq!(
            (&mine.body[0]["callUrl"], &mine.body[0]["whatsappUrl"]),
            (
                &json!("tel:+252615551234"),
                &json!("https://wa.me/252615551234")
            ),
            "the address's number, typed 615551234"
        );
        assert!(
            mine.body[0].get("totalAmount").is_none(),
            "a rider sees no prices"
        );
        assert_eq!(
            app.get("/api/deliveries", Some(&shop.omar.0)).await.body,
            json!([])
        );

        let path = format!("/api/deliveries/{order}/delivered");
        let not_theirs = app
            .post(&path, Some(&shop.omar.0), json!({ "code": code }))
            .await;
        assert_eq!(
            (not_theirs.status, not_theirs.message()),
            (StatusCode::NOT_FOUND, "Delivery not found")
        );
        let done = app
            .post(&path, Some(&shop.hassan.0), json!({ "code": code }))
            .await;
        assert_eq!(done.status, StatusCode::OK, "{}", done.body);
        assert_eq!(
            (&done.body["status"], &done.body["delivery"]["state"]),
            (&json!("delivered"), &json!("delivered"))
        );
        let read = app
            .get(&format!("/api/orders/{order}"), Some(&shop.admin))
            .await
            .body;
        assert_eq!(read["status"], "delivered");
        assert!(read["deliveredAt"].is_string());
        assert_eq!(
            read["statusHistory"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s["status"].as_str().unwrap())
                .collect::<Vec<_>>(),
            ["pending", "shipped", "delivered"]
        );
        let handlers_move = &read["statusHistory"][1]["by"]["name"];
        assert_eq!(handlers_move, "hawa");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn five_wrong_codes_lock_the_delivery_until_the_shop_resets_the_code() {
    for app in TestApp::all().await {
        let shop = shop(&app).await;
        let order = paid_order(&app, &shop.admin, "amina").await;
        send_out(&app, &shop.handler, &[&order], &shop.hassan.1).await;
        let code = app.delivery_code(&order).await;
        let wrong = if code == "0000" { "1111" } else { "0000" };
        let path = format!("/api/deliveries/{order}/delivered");
        for left in (0..5).rev() {
            let refused = app
                .post(&path, Some(&shop.hassan.0), json!({ "code": wrong }))
                .await;
            assert_eq!(refused.status, StatusCode::BAD_REQUEST);
            let expected = if left == 0 {
                "That is not the delivery code. No tries left: ask the shop to reset it.".to_owned()
            } else {
                let tries = if left == 1 { "try" } else { "tries" };
                format!("That is not the delivery code. {left} {tries} left.")
            };
            assert_eq!(refused.body["errors"]["code"], expected.as_str());
        }
        let locked = app
            .post(&path, Some(&shop.hassan.0), json!({ "code": code }))
            .await;
        assert_eq!(locked.status, StatusCode::LOCKED);
        assert_eq!(
            locked.message(),
            "Five wrong codes were typed for this order. Ask the shop to reset its code."
        );
        let read = app
            .get(&format!("/api/orders/{order}"), Some(&shop.handler))
            .await
            .body;
        assert_eq!(
            (&read["status"], &read["delivery"]["codeLocked"]),
            (&json!("shipped"), &json!(true))
        );

        let reset = app
            .post(
                &format!("/api/admin/deliveries/{order}/code-reset"),
                Some(&shop.handler),
                json!({}),
            )
            .await;
        assert_eq!(reset.status, StatusCode::OK, "{}", reset.body);
        assert_eq!(reset.body["delivery"]["codeLocked"], false);
        let done = app
            .post(&path, Some(&shop.hassan.0), json!({ "code": code }))
            .await;
        assert_eq!(done.status, StatusCode::OK, "{}", done.body);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_burst_of_codes_sent_at_once_compares_at_most_five_wrong_ones() {
    for app in TestApp::all().await {
        let shop = shop(&app).await;
        // The right code at the places a burst once let it through.
        for (place, shopper) in [(6, "amina"), (15, "hodan"), (50, "faadumo")] {
            let order = paid_order(&app, &shop.admin, shopper).await;
            send_out(&app, &shop.handler, &[&order], &shop.hassan.1).await;
            let code = app.delivery_code(&order).await;
            let path = format!("/api/deliveries/{order}/delivered");
            let tries = (0..60).map(|at| {
                let typed = if at == place {
                    code.clone()
                } else {
                    format!("{:04}", (code.parse::<u32>().unwrap() + 1 + at) % 10_000)
                };
                app.post(&path, Some(&shop.hassan.0), json!({ "code": typed }))
            });
            let answers = join_all(tries).await;
            let count = |status| answers.iter().filter(|a| a.status == status).count();
            let (wrong, locked, ok) = (
                count(StatusCode::BAD_REQUEST),
                count(StatusCode::LOCKED),
                count(StatusCode::OK),
            );
            assert_eq!(wrong + locked + ok, 60, "{}", app.backend);
            let read = app
                .get(&format!("/api/orders/{order}"), Some(&shop.handler))
                .await
                .body;
            if read["status"] == "delivered" {
                // The right code was one of the first five compared.
                assert!(
                    wrong <= 4,
                    "{}: {wrong} wrong codes compared, then the right one",
                    app.backend
                );
            } else {
                assert_eq!((wrong, locked), (5, 55), "{}: place {place}", app.backend);
                assert_eq!(read["delivery"]["codeLocked"], true);
                assert_eq!(read["status"], "shipped");
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_order_brought_back_keeps_its_attempt_and_goes_out_again_with_its_code() {
    for app in TestApp::all().await {
        let shop = shop(&app).await;
        let order = paid_order(&app, &shop.admin, "amina").await;
        send_out(&app, &shop.handler, &[&order], &shop.hassan.1).await;
        let code = app.delivery_code(&order).await;
        let path = format!("/api/deliveries/{order}/not-delivered");
        let bad = app
            .post(&path, Some(&shop.hassan.0), json!({ "reason": "lost" }))
            .await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            bad.body["errors"]["reason"],
            "Choose why it was not delivered: unreachable, refused, wrongAddress or anotherDay"
        );
        let back = app
            .post(
                &path,
                Some(&shop.hassan.0),
                json!({ "reason": "unreachable" }),
            )
            .await;
        assert_eq!(back.status, StatusCode::OK, "{}", back.body);
        assert_eq!(
            (&back.body["status"], &back.body["delivery"]["state"]),
            (&json!("pending"), &json!("failed"))
        );
        assert_eq!(
            back.body["delivery"]["attempts"][0]["reason"],
            "unreachable"
        );
        let again = app
            .post(
                &path,
                Some(&shop.hassan.0),
                json!({ "reason": "unreachable" }),
            )
            .await;
        assert_eq!(
            again.status,
            StatusCode::NOT_FOUND,
            "no longer out with the rider"
        );

        let failed = app
            .get("/api/admin/deliveries?status=failed", Some(&shop.handler))
            .await
            .body;
        assert_eq!(ids(&failed), [order.as_str()]);
        assert_eq!(
            app.get("/api/admin/deliveries", Some(&shop.handler))
                .await
                .body,
            json!([])
        );
        let messages = app.outbox().await;
        assert_eq!(
            messages
                .iter()
                .filter(|m| m.topic == Topic::DeliveryFailed)
                .count(),
            2,
            "the shopper is told"
        );

        let out_again = send_out(&app, &shop.handler, &[&order], &shop.omar.1).await;
        assert_eq!(out_again.status, StatusCode::OK, "{}", out_again.body);
        assert_eq!(
            app.delivery_code(&order).await,
            code,
            "the shopper's code stays"
        );
        let done = app
            .post(
                &format!("/api/deliveries/{order}/delivered"),
                Some(&shop.omar.0),
                json!({ "code": code }),
            )
            .await;
        assert_eq!(done.status, StatusCode::OK, "{}", done.body);
        assert_eq!(
            done.body["delivery"]["attempts"].as_array().unwrap().len(),
            1
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn two_dispatchers_at_once_send_an_order_out_with_one_rider_and_two_deliveries_deliver_once()
{
    for app in TestApp::all().await {
        let shop = shop(&app).await;
        let order = paid_order(&app, &shop.admin, "amina").await;
        let second_handler = app.staff(&shop.admin, "sahra", "orders").await;
        let one = [order.as_str()];
        let (a, b) = tokio::join!(
            send_out(&app, &shop.handler, &one, &shop.hassan.1),
            send_out(&app, &second_handler, &one, &shop.omar.1)
        );
        let mut statuses = [a.status, b.status];
        statuses.sort();
        assert_eq!(
            statuses,
            [StatusCode::OK, StatusCode::CONFLICT],
            "{} / {}",
            a.body,
            b.body
        );
        let loser = if a.status == StatusCode::CONFLICT {
            &a
        } else {
            &b
        };
        assert!(
            loser
                .message()
                .starts_with(&format!("Order {order} is already out with ")),
            "{}",
            loser.message()
        );
        let read = app
            .get(&format!("/api/orders/{order}"), Some(&shop.admin))
            .await
            .body;
        assert_eq!(
            read["statusHistory"].as_array().unwrap().len(),
            2,
            "shipped once"
        );

        let rider = if a.status == StatusCode::OK {
            &shop.hassan.0
        } else {
            &shop.omar.0
        };
        let code = app.delivery_code(&order).await;
        let path = format!("/api/deliveries/{order}/delivered");
        let answers =
            join_all((0..4).map(|_| app.post(&path, Some(rider), json!({ "code": code })))).await;
        for answer in &answers {
            assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
            assert_eq!(answer.body["status"], "delivered");
        }
        let read = app
            .get(&format!("/api/orders/{order}"), Some(&shop.admin))
            .await
            .body;
        assert_eq!(
            read["statusHistory"].as_array().unwrap().len(),
            3,
            "delivered once"
        );
        assert_eq!(read["paymentStatus"], "paid");
    }
}

/// Two batches sharing an order, each with its own order first: one goes out whole, the
/// other not at all (its own order is not shipped alone before the shared one conflicts).
#[tokio::test(flavor = "multi_thread")]
async fn two_batches_at_once_sharing_an_order_one_goes_out_whole_and_the_other_not_at_all() {
    for app in TestApp::all().await {
        let shop = shop(&app).await;
        let second_handler = app.staff(&shop.admin, "sahra", "orders").await;
        for round in 0..3 {
            let shared = paid_order(&app, &shop.admin, &format!("amina{round}")).await;
            let hassans = paid_order(&app, &shop.admin, &format!("hodan{round}")).await;
            let omars = paid_order(&app, &shop.admin, &format!("ayan{round}")).await;
            let hassans_batch = [hassans.as_str(), shared.as_str()];
            let omars_batch = [omars.as_str(), shared.as_str()];
            let (a, b) = tokio::join!(
                send_out(&app, &shop.handler, &hassans_batch, &shop.hassan.1),
                send_out(&app, &second_handler, &omars_batch, &shop.omar.1)
            );
            let mut statuses = [a.status, b.status];
            statuses.sort();
            assert_eq!(
                statuses,
                [StatusCode::OK, StatusCode::CONFLICT],
                "{} / {}",
                a.body,
                b.body
            );
            let status_of = |order: String| {
                let app = &app;
                let admin = &shop.admin;
                async move {
                    let read = app.get(&format!("/api/orders/{order}"), Some(admin)).await;
                    read.body["status"].as_str().unwrap().to_owned()
                }
            };
            let (won, lost) = if a.status == StatusCode::OK {
                (hassans.clone(), omars.clone())
            } else {
                (omars.clone(), hassans.clone())
            };
            assert_eq!(status_of(won).await, "shipped");
            assert_eq!(status_of(shared.clone()).await, "shipped");
            assert_eq!(
                status_of(lost).await,
                "pending",
                "none of the refused batch goes out"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn unpaid_or_canceled_orders_do_not_go_out_and_only_staff_who_dispatch_may_send_them() {
    for app in TestApp::all().await {
        let shop = shop(&app).await;
        let order = paid_order(&app, &shop.admin, "amina").await;
        let canceled = app
            .put(
                &format!("/api/orders/{order}"),
                Some(&shop.admin),
                json!({ "status": "canceled" }),
            )
            .await;
        assert_eq!(canceled.status, StatusCode::OK, "{}", canceled.body);
        let refused = send_out(&app, &shop.handler, &[&order], &shop.hassan.1).await;
        assert_eq!(
            (refused.status, refused.message()),
            (
                StatusCode::CONFLICT,
                format!("Order {order} cannot go out: it is canceled").as_str()
            )
        );
        let second = paid_order(&app, &shop.admin, "hodan").await;
        let not_a_rider = app.me_id(&shop.handler).await;
        let refused = send_out(&app, &shop.handler, &[&second], &not_a_rider).await;
        assert_eq!(
            refused.body["errors"]["riderId"],
            "Choose one of the shop's riders"
        );
        let none = send_out(&app, &shop.handler, &[], &shop.hassan.1).await;
        assert_eq!(
            none.body["errors"]["orderIds"],
            "Choose the orders to send out"
        );
        let keeper = app.staff(&shop.admin, "faisal", "stock").await;
        for token in [&keeper, &shop.hassan.0] {
            assert_eq!(
                send_out(&app, token, &[&second], &shop.hassan.1)
                    .await
                    .status,
                StatusCode::FORBIDDEN
            );
        }
        assert_eq!(
            app.get("/api/deliveries", Some(&shop.handler)).await.status,
            StatusCode::FORBIDDEN
        );
        assert_eq!(
            app.get("/api/admin/riders", Some(&shop.hassan.0))
                .await
                .status,
            StatusCode::FORBIDDEN
        );
    }
}
