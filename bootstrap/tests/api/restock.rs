//! Back in stock over HTTP (issue 44): a shopper asks about a sold-out size, and is told once,
//! by each way stock returns (an edit, a cancel, a return received, an import); a size that
//! stays sold out tells no one; the back office sees the most requested sizes.

use crate::helpers::{TestApp, APPROVED_PHONE};
use crate::product_sheet::{export, import, with_cell};
use crate::variants::{add_size, size_id};
use domain::notification::{Channel, Topic};
use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::{json, Value};

/// A $10 kids' abaya in S (2 left) and M (sold out).
async fn abaya(app: &TestApp, admin: &str) -> Value {
    let abaya = json!({ "name": "Kids Abaya", "description": "Soft", "category": "kids",
        "price": 10, "variants": [{ "size": "S", "stock": 2 }, { "size": "M", "stock": 0 }] });
    let reply = app.post("/api/products", Some(admin), abaya).await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
    reply.body
}

async fn ask(app: &TestApp, token: &str, product: &str, size: Option<&str>) -> (StatusCode, Value) {
    let body = json!({ "productId": product, "variantId": size });
    let reply = app.post("/api/restock-alerts", Some(token), body).await;
    (reply.status, reply.body)
}

/// Asks about a sold-out size: the new request's id.
async fn asked(app: &TestApp, token: &str, product: &str, size: Option<&str>) -> String {
    let (status, body) = ask(app, token, product, size).await;
    assert_eq!(status, StatusCode::CREATED, "{}: {body}", app.backend);
    body["_id"].as_str().unwrap().to_owned()
}

/// The back-in-stock messages queued for request `alert`, by channel.
async fn told(app: &TestApp, alert: &str) -> Vec<Channel> {
    let mut channels: Vec<Channel> = app
        .outbox()
        .await
        .into_iter()
        .filter(|m| m.topic == Topic::BackInStock && m.reference == alert)
        .map(|m| m.channel)
        .collect();
    channels.sort_by_key(|c| c.as_str());
    channels
}

const ONCE: [Channel; 2] = [Channel::Email, Channel::Sms];

/// Sets size `size` of `product` to `stock`, from the stock the form showed.
async fn set_stock(app: &TestApp, admin: &str, product: &Value, stock: [(u64, u64); 2]) {
    let grid: Vec<Value> = product["variants"]
        .as_array()
        .unwrap()
        .iter()
        .zip(stock)
        .map(|(size, (from, to))| {
            json!({ "_id": size["_id"], "size": size["size"], "stock": to, "expectedStock": from })
        })
        .collect();
    let id = product["_id"].as_str().unwrap();
    let reply = app
        .put(
            &format!("/api/products/{id}"),
            Some(admin),
            json!({ "variants": grid }),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
}

/// Buys both units of S left.
async fn buy_s(app: &TestApp, token: &str, product: &Value) -> String {
    let id = product["_id"].as_str().unwrap();
    add_size(app, token, id, &size_id(product, "S", None), 2).await;
    let bought = app.checkout(token, APPROVED_PHONE).await;
    assert_eq!(bought.status, StatusCode::CREATED, "{}", bought.body);
    bought.body["order"]["_id"].as_str().unwrap().to_owned()
}

#[tokio::test(flavor = "multi_thread")]
async fn each_way_stock_returns_tells_the_waiting_shopper_once() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let product = abaya(&app, &admin).await;
        let id = product["_id"].as_str().unwrap();
        let (s, m) = (size_id(&product, "S", None), size_id(&product, "M", None));
        let scarf = app.product(&admin, "Sold Out Scarf", "8", 0).await;
        let scarf = scarf["_id"].as_str().unwrap();
        let (amina, _) = app.shopper("amina").await;
        let (zahra, _) = app.shopper("zahra").await;
        let waits_on = asked(&app, &zahra, scarf, None).await;

        // An edit brings M back; a second edit tells no one again.
        let first = asked(&app, &amina, id, Some(&m)).await;
        set_stock(&app, &admin, &product, [(2, 2), (0, 2)]).await;
        assert_eq!(told(&app, &first).await, ONCE, "{}: edit", app.backend);
        set_stock(&app, &admin, &product, [(2, 2), (2, 3)]).await;
        assert_eq!(
            told(&app, &first).await,
            ONCE,
            "{}: edited again",
            app.backend
        );

        // A cancel gives the last of S back.
        let (buyer, _) = app.shopper("buyer").await;
        let order = buy_s(&app, &buyer, &product).await;
        let (hodan, _) = app.shopper("hodan").await;
        let on_cancel = asked(&app, &hodan, id, Some(&s)).await;
        let canceled = app
            .put(
                &format!("/api/orders/{order}"),
                Some(&admin),
                json!({ "status": "canceled" }),
            )
            .await;
        assert_eq!(canceled.status, StatusCode::OK, "{}", canceled.body);
        assert_eq!(
            told(&app, &on_cancel).await,
            ONCE,
            "{}: cancel",
            app.backend
        );

        // A return received puts S back on the shelf.
        let order = buy_s(&app, &buyer, &product).await;
        let (fatima, _) = app.shopper("fatima").await;
        let on_return = asked(&app, &fatima, id, Some(&s)).await;
        assert!(told(&app, &on_return).await.is_empty());
        app.received_return_of_one(&admin, &buyer, &order).await;
        assert_eq!(
            told(&app, &on_return).await,
            ONCE,
            "{}: return",
            app.backend
        );

        // An import of the exported sheet with M's stock raised.
        let product = app.get(&format!("/api/products/{id}"), None).await.body;
        set_stock(&app, &admin, &product, [(1, 1), (3, 0)]).await;
        let again = asked(&app, &amina, id, Some(&m)).await;
        assert_ne!(
            again, first,
            "an answered request is done: asking again is a new one"
        );
        let sheet = export(&app, &admin).await;
        let line = sheet.lines().position(|l| l.contains(&m)).unwrap() + 1;
        let sheet = with_cell(&sheet, line, "stock", "4");
        let imported = import(&app, &admin, &sheet, false).await;
        assert_eq!(imported.status, StatusCode::OK, "{}", imported.body);
        assert_eq!(told(&app, &again).await, ONCE, "{}: import", app.backend);

        // The scarf stayed sold out through all of it.
        assert!(told(&app, &waits_on).await.is_empty(), "{}", app.backend);
        let mine = app.get("/api/restock-alerts", Some(&zahra)).await;
        assert_eq!(mine.status, StatusCode::OK);
        assert_eq!(mine.headers["x-total-count"], "1");
        assert_eq!(mine.body[0]["_id"], waits_on.as_str());
        assert_eq!(mine.body[0]["productName"], "Sold Out Scarf");
        assert_eq!(mine.body[0]["answeredAt"], Value::Null);
        assert_eq!(mine.body[0]["stockStatus"], "outOfStock");
        let amina_list = app.get("/api/restock-alerts", Some(&amina)).await.body;
        assert_eq!(amina_list[0]["_id"], again.as_str());
        assert_eq!(amina_list[1]["_id"], first.as_str());
        assert_eq!(amina_list[1]["size"], "M");
        assert!(amina_list[1]["answeredAt"].is_string());
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn only_a_sold_out_size_is_asked_for_once_and_the_shop_sees_the_most_wanted() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let product = abaya(&app, &admin).await;
        let id = product["_id"].as_str().unwrap();
        let (s, m) = (size_id(&product, "S", None), size_id(&product, "M", None));
        let (amina, _) = app.shopper("amina").await;

        let (status, body) = ask(&app, &amina, id, Some(&s)).await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(
            body["message"],
            "This size is in stock: add it to your bag instead"
        );
        let (status, body) = ask(&app, &amina, id, None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(
            body["errors"]["variantId"],
            "Choose the size you want to be told about"
        );
        let (status, _) = ask(&app, &amina, id, Some("nope")).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let anonymous = app
            .post(
                "/api/restock-alerts",
                None,
                json!({ "productId": id, "variantId": m }),
            )
            .await;
        assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);

        // The same request eight times at once: one request.
        let answers = join_all((0..8).map(|_| ask(&app, &amina, id, Some(&m)))).await;
        let created = answers
            .iter()
            .filter(|(s, _)| *s == StatusCode::CREATED)
            .count();
        let kept = answers.iter().filter(|(s, _)| *s == StatusCode::OK).count();
        assert_eq!((created, kept), (1, 7), "{}: {answers:?}", app.backend);
        let ids: Vec<&Value> = answers.iter().map(|(_, body)| &body["_id"]).collect();
        assert!(ids.iter().all(|i| *i == ids[0]), "{ids:?}");

        let scarf = app.product(&admin, "Sold Out Scarf", "8", 0).await;
        let scarf = scarf["_id"].as_str().unwrap();
        let (hodan, _) = app.shopper("hodan").await;
        asked(&app, &hodan, id, Some(&m)).await;
        let hodan_scarf = asked(&app, &hodan, scarf, None).await;

        let top = app
            .get(
                "/api/admin/restock-alerts/top?page=1&limit=10",
                Some(&admin),
            )
            .await;
        assert_eq!(top.status, StatusCode::OK, "{}", top.body);
        assert_eq!(top.headers["x-total-count"], "2");
        assert_eq!(top.body[0]["productName"], "Kids Abaya");
        assert_eq!(top.body[0]["size"], "M");
        assert_eq!(top.body[0]["requests"], 2);
        assert_eq!(top.body[0]["stock"], 0);
        assert_eq!(top.body[1]["productId"], scarf);
        assert_eq!(top.body[1]["variantId"], Value::Null);
        assert_eq!(top.body[1]["requests"], 1);
        let refused = app.get("/api/admin/restock-alerts/top", Some(&amina)).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);

        let path = format!("/api/restock-alerts/{hodan_scarf}");
        assert_eq!(
            app.delete(&path, Some(&amina)).await.status,
            StatusCode::NOT_FOUND
        );
        let canceled = app.delete(&path, Some(&hodan)).await;
        assert_eq!(canceled.status, StatusCode::OK);
        assert_eq!(canceled.body["message"], "Request canceled");
        let hodans = app.get("/api/restock-alerts", Some(&hodan)).await;
        assert_eq!(hodans.headers["x-total-count"], "1");
    }
}
