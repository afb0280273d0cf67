//! Orders taken by phone and chat over HTTP (issue 45): staff find or add the customer and
//! take the order; it holds its stock, names who took it, and only roles that take orders may.

use crate::helpers::TestApp;
use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::{json, Value};

/// Where the order goes, in a shop without delivery zones (the settings' $5.00 fee).
pub(crate) fn hodan() -> Value {
    json!({ "fullName": "Faadumo Ali", "phone": "615550101", "city": "Mogadishu",
            "district": "Hodan", "addressLine": "Near the market", "landmark": "" })
}

/// A new customer with no e-mail, calling from `phone`.
pub(crate) fn caller(phone: &str) -> Value {
    json!({ "name": "Faadumo Ali", "phone": phone })
}

pub(crate) fn order_of(customer: Value, product: &str, quantity: u32) -> Value {
    json!({ "customer": customer, "lines": [{ "productId": product, "quantity": quantity }],
            "shippingAddress": hodan() })
}

#[tokio::test(flavor = "multi_thread")]
async fn a_quote_prices_the_order_being_taken_as_taking_it_would_and_holds_nothing() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let handler = app.staff(&admin, "hamza", "orders").await;
        let keeper = app.staff(&admin, "khadra", "stock").await;
        let dress = app.product(&admin, "Quoted Dress", "20", 3).await;
        let dress = dress["_id"].as_str().unwrap();
        let lines = json!([{ "productId": dress, "quantity": 2 }]);

        let quoted = app
            .post(
                "/api/admin/orders/quote",
                Some(&handler),
                json!({ "lines": lines }),
            )
            .await;
        assert_eq!(
            quoted.status,
            StatusCode::OK,
            "{}: {}",
            app.backend,
            quoted.body
        );
        assert_eq!(
            quoted.body,
            json!({ "products": [{ "productId": dress, "name": "Quoted Dress", "image": null,
                                   "price": 20.0, "quantity": 2, "variant": null,
                                   "lineTotal": 40.0 }],
                    "subtotal": 40.0, "shippingFee": 5.0, "discountCode": null,
                    "discountAmount": 0.0, "totalAmount": 45.0 }),
            "a shop without zones charges its flat fee wherever it goes"
        );
        let taken = app
            .post(
                "/api/admin/orders",
                Some(&handler),
                order_of(caller("615550909"), dress, 2),
            )
            .await;
        assert_eq!(
            taken.body["totalAmount"], quoted.body["totalAmount"],
            "as quoted"
        );

        let too_many = app
            .post(
                "/api/admin/orders/quote",
                Some(&handler),
                json!({ "lines": [{ "productId": dress, "quantity": 2 }] }),
            )
            .await;
        assert_eq!(
            (too_many.status, too_many.message()),
            (
                StatusCode::CONFLICT,
                "Not enough stock for Quoted Dress: 1 left"
            )
        );
        let unknown_code = app
            .post(
                "/api/admin/orders/quote",
                Some(&handler),
                json!({ "lines": [{ "productId": dress, "quantity": 1 }], "discountCode": "NOPE-1" }),
            )
            .await;
        assert_eq!(unknown_code.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            unknown_code.body["errors"]["discountCode"],
            "Discount code not found"
        );
        let empty = app
            .post(
                "/api/admin/orders/quote",
                Some(&handler),
                json!({ "lines": [] }),
            )
            .await;
        assert_eq!(empty.body["errors"]["lines"], "Add at least one product");
        let refused = app
            .post(
                "/api/admin/orders/quote",
                Some(&keeper),
                json!({ "lines": lines }),
            )
            .await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);
        assert_eq!(
            app.stock_of(dress).await,
            1,
            "only the order taken holds stock"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_order_handler_takes_an_order_for_a_new_customer_without_an_e_mail() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let handler = app.staff(&admin, "hamza", "orders").await;
        let hamza = app.me_id(&handler).await;
        let dress = app.product(&admin, "Phone Dress", "20", 3).await;
        let dress = dress["_id"].as_str().unwrap();

        let taken = app
            .post(
                "/api/admin/orders",
                Some(&handler),
                order_of(caller("+252 61 555 0101"), dress, 2),
            )
            .await;
        assert_eq!(
            taken.status,
            StatusCode::CREATED,
            "{}: {}",
            app.backend,
            taken.body
        );
        let order = &taken.body;
        assert_eq!(
            (
                &order["status"],
                &order["paymentStatus"],
                &order["paymentMethod"],
                &order["channel"]
            ),
            (
                &json!("pending"),
                &json!("pending"),
                &Value::Null,
                &json!("phone")
            ),
            "{}",
            app.backend
        );
        assert_eq!(order["createdBy"], json!({ "_id": hamza, "name": "hamza" }));
        // Who took it told the customer its total: checkout's, $40.00 and the $5.00 fee.
        assert_eq!(
            (
                &order["subtotal"],
                &order["shippingFee"],
                &order["totalAmount"]
            ),
            (&json!(40.0), &json!(5.0), &json!(45.0))
        );
        assert_eq!(order["paymentPhone"], "252615550101");
        assert_eq!(app.stock_of(dress).await, 1, "the order holds its stock");

        // The customer was added: phone only, found by the number typed any usual way.
        let found = app
            .get("/api/admin/customers?q=061 555 0101", Some(&handler))
            .await;
        assert_eq!(found.status, StatusCode::OK, "{}", found.body);
        assert_eq!(found.body.as_array().unwrap().len(), 1, "{}", found.body);
        let customer = &found.body[0];
        assert_eq!(
            (&customer["name"], &customer["email"], &customer["phone"]),
            (&json!("Faadumo Ali"), &Value::Null, &json!("252615550101"))
        );
        assert_eq!(order["userId"]["_id"], customer["_id"]);
        assert_eq!(order["userId"]["email"], "");

        // The back office lists it by channel and by who took it, and exports it.
        let id = order["_id"].as_str().unwrap();
        let listed = |query: String| {
            let app = &app;
            let admin = &admin;
            async move {
                let reply = app
                    .get(&format!("/api/orders/all?{query}"), Some(admin))
                    .await;
                assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
                reply
                    .body
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|o| o["_id"].clone())
                    .collect::<Vec<_>>()
            }
        };
        assert_eq!(listed("channel=phone".into()).await, vec![json!(id)]);
        assert_eq!(listed(format!("takenBy={hamza}")).await, vec![json!(id)]);
        assert!(listed("channel=web".into()).await.is_empty());
        let (_, _, csv) = app
            .page_with_token("/api/admin/orders/export.csv?days=30", &admin)
            .await;
        assert!(
            csv.lines()
                .nth(1)
                .unwrap()
                .ends_with(",Mogadishu,Hodan,phone,hamza"),
            "{csv}"
        );
        // And the audit trail says who took it.
        let trail = app
            .get(&format!("/api/admin/audit?actor={hamza}"), Some(&admin))
            .await;
        let taking = trail
            .body
            .as_array()
            .unwrap()
            .iter()
            .find(|entry| entry["action"] == "order.create")
            .unwrap_or_else(|| panic!("no order.create in {}", trail.body));
        assert_eq!(
            (&taking["entityId"], &taking["after"]["total"]),
            (&json!(id), &json!(45.0))
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_existing_customer_is_chosen_by_id_and_a_new_one_may_not_take_a_known_number() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let handler = app.staff(&admin, "idil", "orders").await;
        let scarf = app.product(&admin, "Phone Scarf", "8", 10).await;
        let scarf = scarf["_id"].as_str().unwrap();
        let (_, amina) = app.shopper("amina").await;

        let for_amina = app
            .post(
                "/api/admin/orders",
                Some(&handler),
                order_of(json!({ "userId": amina }), scarf, 1),
            )
            .await;
        assert_eq!(for_amina.status, StatusCode::CREATED, "{}", for_amina.body);
        assert_eq!(for_amina.body["userId"]["email"], "amina@example.com");

        let first = app
            .post(
                "/api/admin/orders",
                Some(&handler),
                order_of(caller("615550202"), scarf, 1),
            )
            .await;
        assert_eq!(first.status, StatusCode::CREATED, "{}", first.body);
        let again = app
            .post(
                "/api/admin/orders",
                Some(&handler),
                order_of(caller("0615550202"), scarf, 1),
            )
            .await;
        assert_eq!(again.status, StatusCode::BAD_REQUEST, "{}", again.body);
        assert_eq!(
            again.body["errors"]["customer.phone"],
            "A customer already has this phone number: find them instead"
        );
        let with_email =
            json!({ "name": "Amina", "phone": "615550303", "email": "AMINA@example.com" });
        let taken = app
            .post(
                "/api/admin/orders",
                Some(&handler),
                order_of(with_email, scarf, 1),
            )
            .await;
        assert_eq!(taken.status, StatusCode::BAD_REQUEST, "{}", taken.body);
        assert_eq!(
            taken.body["errors"]["customer.email"],
            "An account with this email already exists"
        );
        assert_eq!(
            app.stock_of(scarf).await,
            8,
            "{}: only the two orders taken hold stock",
            app.backend
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_fields_are_named_a_short_stock_is_409_and_a_stock_keeper_may_not_take_orders() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let handler = app.staff(&admin, "hodan", "orders").await;
        let keeper = app.staff(&admin, "kaafi", "stock").await;
        let abaya = app.product(&admin, "Phone Abaya", "30", 1).await;
        let abaya = abaya["_id"].as_str().unwrap();

        let empty = app
            .post("/api/admin/orders", Some(&handler), json!({}))
            .await;
        assert_eq!(empty.status, StatusCode::BAD_REQUEST, "{}", empty.body);
        assert_eq!(
            (
                &empty.body["errors"]["customer"],
                &empty.body["errors"]["lines"],
                &empty.body["errors"]["shippingAddress"]
            ),
            (
                &json!("Choose a customer, or enter a new customer's name and phone"),
                &json!("Add at least one product"),
                &json!("Enter where the order is delivered")
            )
        );
        let bad = json!({ "customer": { "name": " ", "phone": "12345", "email": "not-an-address" },
                          "lines": [{ "productId": abaya, "quantity": 0 }],
                          "shippingAddress": hodan(), "discountCode": "NO SUCH CODE" });
        let bad = app.post("/api/admin/orders", Some(&handler), bad).await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.body);
        let errors = &bad.body["errors"];
        assert_eq!(errors["customer.name"], "Name is required");
        assert_eq!(
            errors["customer.phone"],
            "Please enter a valid Somali mobile number, such as 61 234 5678"
        );
        assert_eq!(errors["customer.email"], "Email is invalid");
        assert_eq!(
            errors["lines"],
            "Quantity must be a whole number of 1 or more"
        );
        assert_eq!(errors["discountCode"], "Discount code not found");

        let too_many = app
            .post(
                "/api/admin/orders",
                Some(&handler),
                order_of(caller("615550404"), abaya, 2),
            )
            .await;
        assert_eq!(too_many.status, StatusCode::CONFLICT, "{}", too_many.body);
        assert_eq!(app.stock_of(abaya).await, 1);

        let refused = app
            .post(
                "/api/admin/orders",
                Some(&keeper),
                order_of(caller("615550505"), abaya, 1),
            )
            .await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
        let lookup = app.get("/api/admin/customers?q=amina", Some(&keeper)).await;
        assert_eq!(lookup.status, StatusCode::FORBIDDEN);
        assert_eq!(
            app.stock_of(abaya).await,
            1,
            "{}: nothing was held",
            app.backend
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn two_staff_taking_the_last_unit_at_once_make_one_order() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let first = app.staff(&admin, "ayaan", "orders").await;
        let second = app.staff(&admin, "bashir", "orders").await;
        let last = app.product(&admin, "Last Dirac", "25", 1).await;
        let last = last["_id"].as_str().unwrap();
        let (_, amina) = app.shopper("amina").await;

        let takes = [&first, &second, &admin].map(|token| {
            app.post(
                "/api/admin/orders",
                Some(token),
                order_of(json!({ "userId": amina }), last, 1),
            )
        });
        let statuses: Vec<StatusCode> = join_all(takes)
            .await
            .into_iter()
            .map(|r| r.status)
            .collect();
        let taken = statuses
            .iter()
            .filter(|s| **s == StatusCode::CREATED)
            .count();
        let short = statuses
            .iter()
            .filter(|s| **s == StatusCode::CONFLICT)
            .count();
        assert_eq!((taken, short), (1, 2), "{}: {statuses:?}", app.backend);
        assert_eq!(app.stock_of(last).await, 0);
        let phone_orders = app.get("/api/orders/all?channel=phone", Some(&admin)).await;
        assert_eq!(phone_orders.body.as_array().unwrap().len(), 1);
    }
}

/// Takes an order of `quantity` of `product` for a new customer calling from `phone`,
/// delivered to `address`: its id.
pub(crate) async fn taken(
    app: &TestApp,
    token: &str,
    phone: &str,
    product: &str,
    address: Value,
) -> String {
    let body = json!({ "customer": caller(phone), "shippingAddress": address,
                       "lines": [{ "productId": product, "quantity": 1 }] });
    let taken = app.post("/api/admin/orders", Some(token), body).await;
    assert_eq!(
        taken.status,
        StatusCode::CREATED,
        "{}: {}",
        app.backend,
        taken.body
    );
    taken.body["_id"].as_str().unwrap().to_owned()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_payment_request_charges_the_customers_wallet_once_however_often_it_is_sent() {
    for app in TestApp::all_with_fake_waafipay(std::time::Duration::ZERO).await {
        let waafipay = app.waafipay.as_ref().unwrap();
        let admin = app.admin_token().await;
        let handler = app.staff(&admin, "hamza", "orders").await;
        let dress = app.product(&admin, "Phone Dress", "20", 3).await;
        let dress = dress["_id"].as_str().unwrap();
        let order = taken(&app, &handler, "615550606", dress, hodan()).await;
        let path = format!("/api/admin/orders/{order}/payment-request");

        let requests = (0..4).map(|_| {
            app.post(
                &path,
                Some(&handler),
                json!({ "paymentMethod": "evc-plus", "paymentPhone": "61 555 0606" }),
            )
        });
        let replies = join_all(requests).await;
        let paid: Vec<&Value> = replies
            .iter()
            .filter(|r| r.status == StatusCode::CREATED)
            .map(|r| &r.body)
            .collect();
        assert_eq!(
            paid.len(),
            1,
            "{}: {:?}",
            app.backend,
            replies.iter().map(|r| r.status).collect::<Vec<_>>()
        );
        assert!(replies
            .iter()
            .all(|r| r.status == StatusCode::CREATED || r.status == StatusCode::CONFLICT));
        assert_eq!(
            waafipay.calls_of("API_PURCHASE"),
            1,
            "{}: one charge",
            app.backend
        );
        let order = &paid[0]["order"];
        assert_eq!(
            (
                &order["paymentStatus"],
                &order["paymentMethod"],
                &order["paymentPhone"]
            ),
            (&json!("paid"), &json!("evc-plus"), &json!("252615550606"))
        );
        let again = app
            .post(
                &path,
                Some(&handler),
                json!({ "paymentMethod": "evc-plus", "paymentPhone": "615550606" }),
            )
            .await;
        assert_eq!(again.status, StatusCode::CONFLICT);
        assert_eq!(
            again.body["message"],
            "This order is paid, or paid in cash on delivery"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_declined_request_leaves_the_order_waiting_for_another_payment() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let handler = app.staff(&admin, "hamza", "orders").await;
        let scarf = app.product(&admin, "Phone Scarf", "8", 2).await;
        let scarf = scarf["_id"].as_str().unwrap();
        let order = taken(&app, &handler, "615550707", scarf, hodan()).await;
        let path = format!("/api/admin/orders/{order}/payment-request");

        let declined = app
            .post(
                &path,
                Some(&handler),
                json!({ "paymentMethod": "evc-plus", "paymentPhone": "252610000001" }),
            )
            .await;
        assert_eq!(
            declined.status,
            StatusCode::PAYMENT_REQUIRED,
            "{}: {}",
            app.backend,
            declined.body
        );
        let card = app
            .post(
                &path,
                Some(&handler),
                json!({ "paymentMethod": "card", "paymentPhone": "615550707" }),
            )
            .await;
        assert_eq!(
            card.status,
            StatusCode::BAD_REQUEST,
            "a wallet only: {}",
            card.body
        );
        let paid = app
            .post(
                &path,
                Some(&handler),
                json!({ "paymentMethod": "evc-plus", "paymentPhone": "61 555 1234" }),
            )
            .await;
        assert_eq!(paid.status, StatusCode::CREATED, "{}", paid.body);
        assert_eq!(paid.body["order"]["paymentStatus"], "paid");
        assert_eq!(
            app.stock_of(scarf).await,
            1,
            "{}: the order held its unit throughout",
            app.backend
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn cash_on_delivery_is_taken_where_the_zone_takes_cash() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let handler = app.staff(&admin, "hamza", "orders").await;
        for (city, district, cash) in [("Mogadishu", Some("Hodan"), true), ("Bosaso", None, false)]
        {
            let zone = json!({ "city": city, "district": district, "fee": 2,
                "etaDays": { "min": 0, "max": 1 }, "cashOnDelivery": cash, "served": true });
            let made = app
                .post("/api/admin/delivery/zones", Some(&admin), zone)
                .await;
            assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
        }
        let abaya = app.product(&admin, "Phone Abaya", "30", 5).await;
        let abaya = abaya["_id"].as_str().unwrap();
        let bosaso = json!({ "fullName": "Faadumo", "phone": "615550808", "city": "Bosaso",
                             "district": "", "addressLine": "Main road", "landmark": "" });
        let far = taken(&app, &handler, "615550808", abaya, bosaso).await;
        let refused = app
            .post(
                &format!("/api/admin/orders/{far}/cash-on-delivery"),
                Some(&handler),
                json!({}),
            )
            .await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.body);
        assert!(
            refused.body["errors"]["paymentMethod"].is_string(),
            "{}",
            refused.body
        );

        let near = taken(&app, &handler, "615550909", abaya, hodan()).await;
        let cash = app
            .post(
                &format!("/api/admin/orders/{near}/cash-on-delivery"),
                Some(&handler),
                json!({}),
            )
            .await;
        assert_eq!(
            cash.status,
            StatusCode::OK,
            "{}: {}",
            app.backend,
            cash.body
        );
        assert_eq!(
            (
                &cash.body["order"]["paymentMethod"],
                &cash.body["order"]["paymentStatus"]
            ),
            (&json!("cash-on-delivery"), &json!("pending"))
        );
        let twice = app
            .post(
                &format!("/api/admin/orders/{near}/cash-on-delivery"),
                Some(&handler),
                json!({}),
            )
            .await;
        assert_eq!(twice.status, StatusCode::CONFLICT);
        let confirmed = app
            .outbox()
            .await
            .into_iter()
            .filter(|m| {
                m.reference == near && m.topic == domain::notification::Topic::OrderConfirmed
            })
            .count();
        assert_eq!(
            confirmed, 1,
            "{}: an SMS only, the customer has no e-mail",
            app.backend
        );
    }
}
