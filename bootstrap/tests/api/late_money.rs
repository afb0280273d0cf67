//! Money that comes late (issue 61): every charge is a payment attempt followed to its
//! provider's final answer whatever its order became. A card approved after its order was
//! canceled and an eDahab invoice paid after a cancel are paid back once and alerted; an
//! approval of another amount pays nothing; a stranger's declined number never becomes the
//! customer's; the Payments list is for who sees money.

use crate::fake_edahab::{EDAHAB_SECRET, LATE_ANSWER, LATE_NUMBER};
use crate::helpers::TestApp;
use crate::phone_orders::{hodan, taken};
use domain::notification::Topic;
use futures_util::future::join_all;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

/// What the payer who paid after the order closed is told on coming back.
const PAID_AFTER_CLOSE: &str = "Your payment came after the order was closed, so we are paying it back to you. Nothing is charged.";

/// A new shopper `name`'s checkout of a $40.00 dress (and the $5.00 fee) by `method`: the
/// order's id and the shopper's token.
pub(crate) async fn checkout_by(
    app: &TestApp,
    admin: &str,
    name: &str,
    method: &str,
) -> (String, String) {
    let dress = app.product(admin, &format!("Dirac {name}"), "40", 5).await;
    let (token, _) = app.shopper(name).await;
    app.add_to_cart(&token, dress["_id"].as_str().unwrap(), 1)
        .await;
    let placed = app
        .post(
            "/api/orders/checkout",
            Some(&token),
            json!({ "paymentMethod": method, "paymentPhone": "61 555 1234" }),
        )
        .await;
    assert!(placed.status.is_success(), "{}", placed.body);
    let id = placed.body["order"]["_id"].as_str().unwrap().to_owned();
    (id, token)
}

async fn card_order(app: &TestApp, admin: &str) -> (String, String) {
    checkout_by(app, admin, "hodan", "card").await
}

async fn card_return(app: &TestApp, order: &str) -> (StatusCode, Option<String>) {
    app.unfollowed(
        Method::GET,
        &format!("/api/payments/card/return?order={order}"),
        &[],
    )
    .await
}

pub(crate) async fn cancel(app: &TestApp, admin: &str, order: &str) {
    let canceled = app
        .put(
            &format!("/api/orders/{order}"),
            Some(admin),
            json!({ "status": "canceled" }),
        )
        .await;
    assert_eq!(canceled.status, StatusCode::OK, "{}", canceled.body);
}

/// The attempts of `order` as the Payments list shows them.
async fn attempts_of(app: &TestApp, admin: &str, order: &str) -> Vec<Value> {
    let listed = app
        .get(&format!("/api/admin/payments?orderId={order}"), Some(admin))
        .await;
    assert_eq!(listed.status, StatusCode::OK, "{}", listed.body);
    listed.body.as_array().unwrap().clone()
}

async fn alerts_about(app: &TestApp, order: &str) -> usize {
    app.outbox()
        .await
        .iter()
        .filter(|m| m.topic == Topic::PaymentAlert && m.reference == order)
        .count()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_card_approved_after_its_order_was_canceled_is_paid_back_once_and_the_payer_told() {
    for app in TestApp::all_with_fake_waafipay_cards().await {
        let waafipay = app.waafipay.as_ref().unwrap();
        let admin = app.admin_token().await;
        let (order, _) = card_order(&app, &admin).await;
        cancel(&app, &admin, &order).await;
        waafipay.card_page_ended(&order, "Approved");

        let back = format!("/api/payments/card/return?order={order}");
        let returns = join_all((0..4).map(|_| app.unfollowed(Method::GET, &back, &[]))).await;
        for (status, location) in returns {
            assert_eq!(status, StatusCode::SEE_OTHER, "{}", app.backend);
            let told = reqwest::Url::parse("https://dukaan.so")
                .unwrap()
                .join(&location.unwrap())
                .unwrap();
            assert_eq!(told.path(), format!("/orders/{order}"));
            let query: Vec<(String, String)> = told.query_pairs().into_owned().collect();
            assert_eq!(
                query,
                [
                    ("payment".to_owned(), "failed".to_owned()),
                    ("reason".to_owned(), PAID_AFTER_CLOSE.to_owned())
                ],
                "{}",
                app.backend
            );
        }
        assert_eq!(
            waafipay.calls_of("HPP_REFUNDPURCHASE"),
            1,
            "{}: paid back once",
            app.backend
        );
        let refund = &waafipay.bodies_of("HPP_REFUNDPURCHASE")[0]["serviceParams"];
        assert_eq!(
            (&refund["transactionId"], &refund["amount"]),
            (&json!("126895"), &json!("45.00"))
        );
        let attempts = attempts_of(&app, &admin, &order).await;
        assert_eq!(attempts.len(), 1);
        assert_eq!(
            (
                &attempts[0]["state"],
                &attempts[0]["method"],
                &attempts[0]["amount"],
                &attempts[0]["transactionId"]
            ),
            (
                &json!("refunded"),
                &json!("card"),
                &json!(45.0),
                &json!("126895")
            )
        );
        assert_eq!(alerts_about(&app, &order).await, 1);
        // Settled: nothing is asked about again, and the order stays canceled.
        let payments = &app.state.shop.payments;
        assert_eq!(payments.check_awaited_payments().await.unwrap(), 0);
        let read = app
            .get(&format!("/api/orders/{order}"), Some(&admin))
            .await
            .body;
        assert_eq!(read["status"], "canceled");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_card_approved_for_another_amount_pays_nothing_and_waits_for_the_admin() {
    for app in TestApp::all_with_fake_waafipay_cards().await {
        let waafipay = app.waafipay.as_ref().unwrap();
        let admin = app.admin_token().await;
        let (order, token) = card_order(&app, &admin).await;
        waafipay.card_page_approved_for(&order, "0.01");
        card_return(&app, &order).await;
        let read = app
            .get(&format!("/api/orders/{order}"), Some(&token))
            .await
            .body;
        assert_eq!(read["paymentStatus"], "pending", "not paid by 0.01");
        let attempts = attempts_of(&app, &admin, &order).await;
        assert_eq!(
            (
                &attempts[0]["state"],
                &attempts[0]["approvedAmount"],
                &attempts[0]["amount"]
            ),
            (&json!("mismatched"), &json!(0.01), &json!(45.0))
        );
        assert_eq!(waafipay.calls_of("HPP_REFUNDPURCHASE"), 0);
        assert_eq!(alerts_about(&app, &order).await, 1);
        let for_the_admin = app
            .get("/api/admin/payments?state=needsAdmin", Some(&admin))
            .await;
        assert_eq!(for_the_admin.body.as_array().unwrap().len(), 1);
        assert_eq!(for_the_admin.body[0]["_id"], attempts[0]["_id"]);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_day_of_mixed_outcomes_reconciles_to_the_cent() {
    for app in TestApp::all_with_fake_waafipay_cards().await {
        let waafipay = app.waafipay.as_ref().unwrap();
        let admin = app.admin_token().await;
        let (wallet, _) = checkout_by(&app, &admin, "amina", "evc-plus").await;
        let (paid_card, _) = checkout_by(&app, &admin, "hodan", "card").await;
        waafipay.card_page_ended(&paid_card, "Approved");
        card_return(&app, &paid_card).await;
        let (late, _) = checkout_by(&app, &admin, "faadumo", "card").await;
        cancel(&app, &admin, &late).await;
        waafipay.card_page_ended(&late, "Approved");
        card_return(&app, &late).await;
        let (other_amount, _) = checkout_by(&app, &admin, "sahra", "card").await;
        waafipay.card_page_approved_for(&other_amount, "0.01");
        card_return(&app, &other_amount).await;
        checkout_by(&app, &admin, "ilhan", "card").await;

        let day = app
            .get("/api/admin/payments/reconciliation", Some(&admin))
            .await;
        assert_eq!(day.status, StatusCode::OK, "{}", day.body);
        let providers = day.body["providers"].as_array().unwrap();
        let sums: Vec<(&Value, &Value, &Value, &Value, &Value)> = providers
            .iter()
            .map(|p| {
                (
                    &p["provider"],
                    &p["approved"],
                    &p["refunded"],
                    &p["held"],
                    &p["net"],
                )
            })
            .collect();
        assert_eq!(
            sums,
            [
                (
                    &json!("waafipay"),
                    &json!(45.0),
                    &json!(0.0),
                    &json!(0.0),
                    &json!(45.0)
                ),
                (
                    &json!("waafipay-card"),
                    &json!(90.0),
                    &json!(45.0),
                    &json!(0.01),
                    &json!(45.0)
                ),
            ],
            "{}",
            app.backend
        );
        // What came is what the paid orders cost, and the late money paid back.
        let paid = app
            .get("/api/orders/all?paymentStatus=paid", Some(&admin))
            .await
            .body;
        let paid_total: f64 = paid
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["totalAmount"].as_f64().unwrap())
            .sum();
        let approved: f64 = providers
            .iter()
            .map(|p| p["approved"].as_f64().unwrap())
            .sum();
        let refunded: f64 = providers
            .iter()
            .map(|p| p["refunded"].as_f64().unwrap())
            .sum();
        assert_eq!(approved, paid_total + refunded, "{}", app.backend);
        let card_orders: Vec<&str> = providers[1]["attempts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["orderId"].as_str().unwrap())
            .collect();
        assert_eq!(card_orders, [&paid_card, &late, &other_amount]);
        assert_eq!(providers[0]["attempts"][0]["orderId"], wallet.as_str());

        let csv_path = format!(
            "/api/admin/payments/reconciliation.csv?date={}",
            day.body["date"].as_str().unwrap()
        );
        let (status, _, csv) = app.page_with_token(&csv_path, &admin).await;
        assert_eq!(status, StatusCode::OK);
        let rows: Vec<&str> = csv.lines().collect();
        assert_eq!(
            rows[0],
            "date,provider,currency,order_number,order_id,attempt_id,state,amount"
        );
        assert_eq!(rows.len(), 5, "{csv}");
        assert!(
            rows[3].contains(",waafipay-card,USD,") && rows[3].ends_with(",refunded,45.00"),
            "{}",
            rows[3]
        );
        let handler = app.staff(&admin, "hamza", "orders").await;
        assert_eq!(
            app.get("/api/admin/payments/reconciliation", Some(&handler))
                .await
                .status,
            StatusCode::FORBIDDEN
        );
        assert_eq!(
            app.get(
                "/api/admin/payments/reconciliation?date=2-12-2026",
                Some(&admin)
            )
            .await
            .status,
            StatusCode::BAD_REQUEST
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_edahab_invoice_paid_after_a_cancel_is_found_by_the_follow_up_and_paid_back_once() {
    for app in TestApp::all_with_fake_edahab(EDAHAB_SECRET).await {
        let edahab = app.edahab.as_ref().unwrap();
        let admin = app.admin_token().await;
        let dress = app.product(&admin, "Dirac", "45", 5).await;
        let (token, _) = app.shopper("hodan").await;
        app.add_to_cart(&token, dress["_id"].as_str().unwrap(), 1)
            .await;
        let late = app
            .post(
                "/api/orders/checkout",
                Some(&token),
                json!({ "paymentMethod": "edahab", "paymentPhone": LATE_NUMBER }),
            )
            .await;
        assert_eq!(late.status, StatusCode::ACCEPTED, "{}", late.body);
        let order = late.body["order"]["_id"].as_str().unwrap().to_owned();
        tokio::time::sleep(LATE_ANSWER).await;
        cancel(&app, &admin, &order).await;
        edahab.pay_open_invoices();

        let payments = &app.state.shop.payments;
        let checks = join_all((0..3).map(|_| payments.check_awaited_payments())).await;
        let asked: usize = checks.into_iter().map(Result::unwrap).sum();
        assert!(asked >= 1, "{}", app.backend);
        assert_eq!(
            edahab.bodies_of("agentPayment").len(),
            1,
            "{}: paid out once",
            app.backend
        );
        let attempts = attempts_of(&app, &admin, &order).await;
        assert_eq!(
            (&attempts[0]["state"], &attempts[0]["payer"]),
            (&json!("refunded"), &json!("252650000003"))
        );
        assert_eq!(alerts_about(&app, &order).await, 1);
        assert_eq!(payments.check_awaited_payments().await.unwrap(), 0);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_strangers_declined_number_stays_the_attempts_and_never_becomes_the_customers() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let handler = app.staff(&admin, "hamza", "orders").await;
        let scarf = app.product(&admin, "Link Scarf", "10", 3).await;
        let order = taken(
            &app,
            &handler,
            "615552701",
            scarf["_id"].as_str().unwrap(),
            hodan(),
        )
        .await;
        let sent = app
            .post(
                &format!("/api/admin/orders/{order}/payment-link"),
                Some(&handler),
                json!({}),
            )
            .await;
        let url = sent.body["url"].as_str().unwrap();
        let token = url.rsplit_once("/pay/").unwrap().1.to_owned();
        // Someone else's number, which the sandbox declines for lack of balance.
        let stranger = json!({ "paymentMethod": "evc-plus", "paymentPhone": "610000001" });
        let declined = app.post(&format!("/api/pay/{token}"), None, stranger).await;
        assert_eq!(
            declined.status,
            StatusCode::PAYMENT_REQUIRED,
            "{}",
            declined.body
        );
        let page = app.get(&format!("/api/pay/{token}"), None).await.body;
        assert_eq!(page["paymentPhone"], "615552701");
        let read = app
            .get(&format!("/api/orders/{order}"), Some(&admin))
            .await
            .body;
        assert_eq!(read["paymentPhone"], "252615552701");
        let attempts = attempts_of(&app, &admin, &order).await;
        assert_eq!(
            (&attempts[0]["payer"], &attempts[0]["state"]),
            (&json!("252610000001"), &json!("declined"))
        );
        assert_eq!(
            app.get("/api/admin/payments", Some(&handler)).await.status,
            StatusCode::FORBIDDEN
        );
    }
}
