//! What the screens are told they may do, as the server decides it (issue 39, item 2): an
//! order's detail says whether it may be returned, why not and what is left of each line
//! (`returnable`), and to staff where it may be moved now (`nextStatuses`); every order reply
//! says whether it awaits payment; every return says its next steps (`nextSteps`).

use crate::helpers::{TestApp, APPROVED_PHONE};
use crate::returns::{ask, deliver, delivered_dresses, line_of, set_return};
use crate::variants::dress;
use chrono::{TimeDelta, Utc};
use reqwest::StatusCode;
use serde_json::{json, Value};
use shop_payments::sandbox::NO_ANSWER_NUMBER;

/// The order's `returnable`, and its detail as `token` reads it.
async fn returnable(app: &TestApp, token: &str, order: &str) -> (Value, Value) {
    let read = app.get(&format!("/api/orders/{order}"), Some(token)).await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.body);
    (read.body["returnable"].clone(), read.body)
}

/// The reason of the order's `returnable` as `token` reads it in Somali.
async fn somali_reason(app: &TestApp, token: &str, order: &str) -> Value {
    let (status, _, body) = app
        .page(
            &format!("/api/orders/{order}"),
            &[
                ("Authorization", &format!("Bearer {token}")),
                ("Accept-Language", "so"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    serde_json::from_str::<Value>(&body).unwrap()["returnable"]["reason"].clone()
}

/// `returnable` as the server words it: allowed or why not, and each line's units left.
fn answer(reason: Option<&str>, lines: &[(&str, u32)]) -> Value {
    json!({
        "allowed": reason.is_none(),
        "reason": reason,
        "lines": lines.iter().map(|(id, units)| json!({ "lineId": id, "units": units })).collect::<Vec<_>>(),
    })
}

async fn request_return(app: &TestApp, token: &str, order: &str, lines: &[(&str, u32)]) -> String {
    let lines: Vec<(&str, Value)> = lines.iter().map(|(id, q)| (*id, json!(q))).collect();
    let asked = app
        .post(
            &format!("/api/orders/{order}/returns"),
            Some(token),
            ask(&lines, "Too big"),
        )
        .await;
    assert_eq!(asked.status, StatusCode::CREATED, "{}", asked.body);
    asked.body["_id"].as_str().unwrap().to_owned()
}

/// A new shopper's delivered order of two dresses in L and one in S.
struct Delivered {
    admin: String,
    token: String,
    id: String,
    large: String,
    small: String,
}

async fn delivered(app: &TestApp) -> Delivered {
    let admin = app.admin_token().await;
    let product = dress(app, &admin).await;
    let (token, _) = app.shopper("amina").await;
    let order = delivered_dresses(app, &admin, &token, &product).await;
    Delivered {
        id: order["_id"].as_str().unwrap().to_owned(),
        large: line_of(&order, "L"),
        small: line_of(&order, "S"),
        admin,
        token,
    }
}

fn next_statuses(order: &Value) -> Vec<&str> {
    order["nextStatuses"]
        .as_array()
        .unwrap_or_else(|| panic!("no nextStatuses in {order}"))
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn an_order_says_whether_it_may_be_returned_why_not_and_what_is_left_of_each_line() {
    for app in TestApp::all().await {
        let Delivered {
            admin,
            token,
            id,
            large,
            small,
        } = delivered(&app).await;
        let (id, l, s) = (id.as_str(), large.as_str(), small.as_str());

        let (open, detail) = returnable(&app, &token, id).await;
        assert_eq!(open, answer(None, &[(l, 2), (s, 1)]), "{}", app.backend);
        assert!(
            detail.get("nextStatuses").is_none(),
            "a shopper is not told where staff may move it"
        );

        // Every unit in a return: nothing left, said as a shopper reads it.
        let first = request_return(&app, &token, id, &[(l, 2)]).await;
        let (some, _) = returnable(&app, &token, id).await;
        assert_eq!(some, answer(None, &[(l, 0), (s, 1)]));
        request_return(&app, &token, id, &[(s, 1)]).await;
        let all_in = "Every item of this order is already in a return";
        let (none, _) = returnable(&app, &token, id).await;
        assert_eq!(none, answer(Some(all_in), &[(l, 0), (s, 0)]));
        assert_eq!(
            somali_reason(&app, &token, id).await,
            "Dhammaan alaabta dalabkan horey ayay ugu jiraan celin"
        );

        // A rejected return frees its units.
        assert_eq!(
            set_return(&app, &admin, &first, "rejected").await.status,
            StatusCode::OK
        );
        let (freed, _) = returnable(&app, &admin, id).await;
        assert_eq!(freed, answer(None, &[(l, 2), (s, 0)]));

        // Delivered 31 days ago: the window has closed, in the words a request hears.
        let month_ago = Utc::now() - TimeDelta::days(31);
        shop_db::test_support::deliver_at(&app.database, id, month_ago).await;
        let ended = (month_ago + TimeDelta::days(30))
            .format("%-d %B %Y")
            .to_string();
        let (late, _) = returnable(&app, &token, id).await;
        let closed = format!("The 30 days to return this order ended on {ended}");
        assert_eq!(late, answer(Some(&closed), &[(l, 2), (s, 0)]));
        let refused = app
            .post(
                &format!("/api/orders/{id}/returns"),
                Some(&token),
                ask(&[(l, json!(1))], "Too big"),
            )
            .await;
        assert_eq!(
            (refused.status, refused.message()),
            (StatusCode::CONFLICT, closed.as_str())
        );
        assert_eq!(
            somali_reason(&app, &token, id).await,
            format!("30-ka maalmood ee dalabkan lagu soo celin karay waxay dhammaadeen {ended}")
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_order_not_delivered_or_not_paid_says_so() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let product = app.product(&admin, "Scarf", "12", 5).await;
        let product_id = product["_id"].as_str().unwrap();
        let (token, _) = app.shopper("amina").await;
        let placed = app.buy(&token, product_id, 2, APPROVED_PHONE).await.body["order"].clone();
        let id = placed["_id"].as_str().unwrap();
        let line = placed["products"][0]["_id"].as_str().unwrap();
        let (pending, _) = returnable(&app, &token, id).await;
        assert_eq!(
            pending,
            answer(Some("Only delivered orders can be returned"), &[(line, 2)])
        );

        let (other, _) = app.shopper("hodan").await;
        let unpaid = app.buy(&other, product_id, 1, NO_ANSWER_NUMBER).await.body["order"].clone();
        let unpaid_id = unpaid["_id"].as_str().unwrap();
        deliver(&app, &admin, unpaid_id).await;
        let (not_paid, _) = returnable(&app, &other, unpaid_id).await;
        assert_eq!(not_paid["reason"], "Only paid orders can be returned");
        assert_eq!(not_paid["allowed"], false);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn staff_are_told_where_an_order_may_move_now() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let product = dress(&app, &admin).await;
        let (token, _) = app.shopper("amina").await;
        let id = product["_id"].as_str().unwrap();
        crate::variants::add_size(
            &app,
            &token,
            id,
            &crate::variants::size_id(&product, "L", None),
            2,
        )
        .await;
        let placed = app.checkout(&token, APPROVED_PHONE).await.body["order"].clone();
        let order_id = placed["_id"].as_str().unwrap();
        let path = format!("/api/orders/{order_id}");

        let (_, pending) = returnable(&app, &admin, order_id).await;
        assert_eq!(
            next_statuses(&pending),
            ["shipped", "delivered", "canceled"]
        );
        let delivered = deliver(&app, &admin, order_id).await;
        assert_eq!(
            next_statuses(&delivered),
            ["pending", "shipped", "canceled"],
            "an admin's change answers where it may move next"
        );

        // A return holds a unit: no cancel, until it is rejected.
        let large = line_of(&placed, "L");
        let held = request_return(&app, &token, order_id, &[(&large, 1)]).await;
        let (_, with_return) = returnable(&app, &admin, order_id).await;
        assert_eq!(next_statuses(&with_return), ["pending", "shipped"]);
        let refused = app
            .put(&path, Some(&admin), json!({ "status": "canceled" }))
            .await;
        assert_eq!(refused.status, StatusCode::CONFLICT);
        assert_eq!(
            refused.message(),
            "This order has returns: settle them on the Returns screen instead of canceling the order"
        );
        for step in ["approved", "received", "refunded"] {
            assert_eq!(
                set_return(&app, &admin, &held, step).await.status,
                StatusCode::OK
            );
        }

        // Partly refunded: still returnable for the unit left, still no cancel.
        let (partly, detail) = returnable(&app, &admin, order_id).await;
        assert_eq!(detail["paymentStatus"], "partiallyRefunded");
        assert_eq!(detail["refundedAmount"], 40.0);
        assert_eq!(partly, answer(None, &[(&large, 1)]));
        assert_eq!(next_statuses(&detail), ["pending", "shipped"]);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_canceled_order_whose_money_went_back_may_move_nowhere() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let product = app.product(&admin, "Dress", "20", 5).await;
        let (token, _) = app.shopper("amina").await;
        let placed = app
            .buy(&token, product["_id"].as_str().unwrap(), 1, APPROVED_PHONE)
            .await
            .body["order"]
            .clone();
        let path = format!("/api/orders/{}", placed["_id"].as_str().unwrap());
        let canceled = app
            .put(&path, Some(&admin), json!({ "status": "canceled" }))
            .await;
        assert_eq!(canceled.status, StatusCode::OK, "{}", canceled.body);
        assert_eq!(
            (
                canceled.body["paymentStatus"].as_str(),
                next_statuses(&canceled.body)
            ),
            (Some("refunded"), vec![])
        );
        assert_eq!(
            canceled.body["returnable"]["reason"],
            "Only delivered orders can be returned"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn every_order_reply_says_whether_it_awaits_payment() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let product = app.product(&admin, "Dress", "20", 5).await;
        let product_id = product["_id"].as_str().unwrap();
        let (token, _) = app.shopper("amina").await;
        let unconfirmed = app.buy(&token, product_id, 1, NO_ANSWER_NUMBER).await;
        assert_eq!(unconfirmed.status, StatusCode::ACCEPTED);
        assert_eq!(unconfirmed.body["order"]["awaitingPayment"], true);
        let id = unconfirmed.body["order"]["_id"]
            .as_str()
            .unwrap()
            .to_owned();
        let (other, _) = app.shopper("hodan").await;
        let paid = app.buy(&other, product_id, 1, APPROVED_PHONE).await;
        assert_eq!(paid.body["order"]["awaitingPayment"], false);

        let mine = app.get("/api/orders", Some(&token)).await.body;
        assert_eq!(mine[0]["awaitingPayment"], true);
        let listed = app.get("/api/orders/all", Some(&admin)).await.body;
        let awaiting: Vec<(&str, bool)> = listed
            .as_array()
            .unwrap()
            .iter()
            .map(|o| {
                (
                    o["_id"].as_str().unwrap(),
                    o["awaitingPayment"].as_bool().unwrap(),
                )
            })
            .collect();
        assert_eq!(awaiting.len(), 2);
        assert!(awaiting.contains(&(id.as_str(), true)));
        assert!(
            listed[0].get("returnable").is_none(),
            "lists carry no returnable"
        );

        // Canceled, it no longer awaits payment.
        let canceled = app
            .put(
                &format!("/api/orders/{id}"),
                Some(&admin),
                json!({ "status": "canceled" }),
            )
            .await;
        assert_eq!(
            (
                canceled.body["paymentStatus"].as_str(),
                canceled.body["awaitingPayment"].as_bool()
            ),
            (Some("failed"), Some(false))
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_return_says_its_next_steps() {
    for app in TestApp::all().await {
        let Delivered {
            admin,
            token,
            id,
            large,
            small,
        } = delivered(&app).await;
        let id = id.as_str();
        let kept = request_return(&app, &token, id, &[(&large, 1)]).await;
        let listed = app.get("/api/admin/returns", Some(&admin)).await.body;
        assert_eq!(listed[0]["nextSteps"], json!(["approved", "rejected"]));
        for (step, next) in [
            ("approved", json!(["received", "rejected"])),
            ("received", json!(["refunded"])),
            ("refunded", json!([])),
        ] {
            let moved = set_return(&app, &admin, &kept, step).await;
            assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
            assert_eq!(moved.body["nextSteps"], next, "after {step}");
        }
        let dropped = request_return(&app, &token, id, &[(&small, 1)]).await;
        let rejected = set_return(&app, &admin, &dropped, "rejected").await;
        assert_eq!(rejected.body["nextSteps"], json!([]));
        let of_order = app
            .get(&format!("/api/orders/{id}/returns"), Some(&token))
            .await
            .body;
        let steps: Vec<&Value> = of_order
            .as_array()
            .unwrap()
            .iter()
            .map(|r| &r["nextSteps"])
            .collect();
        assert_eq!(steps, [&json!([]), &json!([])]);
    }
}
