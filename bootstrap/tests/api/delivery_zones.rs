//! Delivery zones (issue 43): admins keep them (others are refused), everyone reads them by
//! city, and a cart and a checkout charge the zone's fee; an address outside the zones, or
//! in one switched off, is refused on its field; a shop without zones keeps its flat fee.

use crate::helpers::{TestApp, APPROVED_PHONE};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// A zone as the admin's form sends it: `fee` dollars, `days` min and max.
fn zone(city: &str, district: Option<&str>, fee: f64, days: (u8, u8), cash: bool) -> Value {
    json!({ "city": city, "district": district, "fee": fee,
        "etaDays": { "min": days.0, "max": days.1 }, "cashOnDelivery": cash, "served": true })
}

/// Hodan and Karan in Mogadishu ($2.00 same day or next, $2.50 next day), Hargeisa whole
/// ($8.00 in 2 to 4 days, no cash): Karan's id.
async fn three_zones(app: &TestApp, admin: &str) -> String {
    for body in [
        zone("Mogadishu", Some("Hodan"), 2.0, (0, 1), true),
        zone("Hargeisa", None, 8.0, (2, 4), false),
    ] {
        let made = app
            .post("/api/admin/delivery/zones", Some(admin), body)
            .await;
        assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    }
    let karan = app
        .post(
            "/api/admin/delivery/zones",
            Some(admin),
            zone("Mogadishu", Some("Karan"), 2.5, (1, 1), true),
        )
        .await;
    karan.body["_id"].as_str().unwrap().to_owned()
}

fn address(city: &str, district: &str) -> Value {
    json!({ "fullName": "Amina Hassan", "phone": "615551234", "city": city, "district": district,
        "addressLine": "Maka Al Mukarama Rd 12", "landmark": "Near the Hodan market mosque" })
}

#[tokio::test(flavor = "multi_thread")]
async fn the_shops_terms_state_what_delivery_costs_from_its_zones_and_the_ways_it_takes() {
    for app in TestApp::all().await {
        let terms = app.get("/api/settings", None).await.body["terms"].clone();
        assert_eq!(
            terms,
            json!({ "deliveryFee": { "min": 5.0, "max": 5.0 }, "returnDays": 30,
                    "paymentMethods": ["evc-plus", "zaad", "sahal", "edahab", "card"] }),
            "{}: the flat fee without zones",
            app.backend
        );
        let admin = app.admin_token().await;
        let karan = three_zones(&app, &admin).await;
        let mut off = zone("Mogadishu", Some("Karan"), 2.5, (1, 1), true);
        off["served"] = json!(false);
        let switched = app
            .put(
                &format!("/api/admin/delivery/zones/{karan}"),
                Some(&admin),
                off,
            )
            .await;
        assert_eq!(switched.status, StatusCode::OK, "{}", switched.body);
        let mut far = zone("Bosaso", None, 15.0, (3, 6), false);
        far["served"] = json!(false);
        app.post("/api/admin/delivery/zones", Some(&admin), far)
            .await;
        let terms = app.get("/api/settings", None).await.body["terms"].clone();
        assert_eq!(
            terms,
            json!({ "deliveryFee": { "min": 2.0, "max": 8.0 }, "returnDays": 30,
                    "paymentMethods": ["evc-plus", "zaad", "sahal", "edahab", "card",
                                       "cash-on-delivery"] }),
            "{}: over the places served, cash where a rider takes it",
            app.backend
        );

        // A phone order's quote prices delivery once its place is chosen.
        let scarf = app.product(&admin, "Zone Scarf", "10", 2).await;
        let lines = json!([{ "productId": scarf["_id"], "quantity": 1 }]);
        for (place, fee, total) in [
            (Value::Null, Value::Null, 10.0),
            (json!({ "city": "hargeisa" }), json!(8.0), 18.0),
        ] {
            let quoted = app
                .post(
                    "/api/admin/orders/quote",
                    Some(&admin),
                    json!({ "lines": lines, "shippingAddress": place }),
                )
                .await;
            assert_eq!(quoted.status, StatusCode::OK, "{}", quoted.body);
            assert_eq!(
                (&quoted.body["shippingFee"], &quoted.body["totalAmount"]),
                (&fee, &json!(total))
            );
        }
        let nowhere = app
            .post(
                "/api/admin/orders/quote",
                Some(&admin),
                json!({ "lines": lines, "shippingAddress": { "city": "Nairobi" } }),
            )
            .await;
        assert_eq!(
            nowhere.body["errors"]["city"],
            "We do not deliver to Nairobi. Choose a place from the list."
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn admins_keep_zones_everyone_reads_them_by_city_and_a_zone_is_switched_off_not_deleted() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let karan = three_zones(&app, &admin).await;

        let listed = app.get("/api/delivery/zones", None).await;
        assert_eq!(listed.status, StatusCode::OK);
        assert_eq!(
            listed.body,
            json!([
                { "city": "Hargeisa", "districts": [
                    { "name": null, "fee": 8.0, "etaDays": { "min": 2, "max": 4 }, "cashOnDelivery": false, "served": true },
                ] },
                { "city": "Mogadishu", "districts": [
                    { "name": "Hodan", "fee": 2.0, "etaDays": { "min": 0, "max": 1 }, "cashOnDelivery": true, "served": true },
                    { "name": "Karan", "fee": 2.5, "etaDays": { "min": 1, "max": 1 }, "cashOnDelivery": true, "served": true },
                ] },
            ])
        );

        let mut off = zone("Mogadishu", Some("Karan"), 3.0, (1, 2), true);
        off["served"] = json!(false);
        let path = format!("/api/admin/delivery/zones/{karan}");
        let changed = app.put(&path, Some(&admin), off).await;
        assert_eq!(changed.status, StatusCode::OK, "{}", changed.body);
        assert_eq!(
            (&changed.body["served"], &changed.body["fee"]),
            (&json!(false), &json!(3.0))
        );
        let admin_list = app.get("/api/admin/delivery/zones", Some(&admin)).await;
        assert_eq!(admin_list.body.as_array().unwrap().len(), 3);
        assert_eq!(admin_list.body[2]["_id"], karan.as_str());
        assert_eq!(
            app.get("/api/delivery/zones", None).await.body[1]["districts"][1]["served"],
            false
        );
        let audit = app.get("/api/admin/audit?entity=zone", Some(&admin)).await;
        let actions: Vec<&str> = audit
            .body
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["action"].as_str().unwrap())
            .collect();
        assert_eq!(
            actions,
            ["zone.update", "zone.create", "zone.create", "zone.create"]
        );
        assert_eq!(audit.body[0]["before"]["served"], true);
        assert_eq!(audit.body[0]["after"]["served"], false);

        let again = app
            .post(
                "/api/admin/delivery/zones",
                Some(&admin),
                zone("mogadishu", Some("HODAN"), 1.0, (0, 0), true),
            )
            .await;
        assert_eq!(again.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            again.body["errors"]["district"],
            "Hodan, Mogadishu is already a delivery zone"
        );
        let whole = app
            .post(
                "/api/admin/delivery/zones",
                Some(&admin),
                zone("Mogadishu", None, 1.0, (0, 0), true),
            )
            .await;
        assert_eq!(
            whole.body["errors"]["district"],
            "Mogadishu is delivered by district: name the district"
        );
        let bad = app
            .post(
                "/api/admin/delivery/zones",
                Some(&admin),
                json!({ "city": " ", "fee": "two", "etaDays": { "min": 3, "max": 1 } }),
            )
            .await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            (&bad.body["errors"]["city"], &bad.body["errors"]["fee"], &bad.body["errors"]["etaDays"]),
            (
                &json!("City is required"),
                &json!("Delivery fee must be between 0 and 1000"),
                &json!("Delivery days must be whole days from 0 to 60, the first no more than the second")
            )
        );
        let missing = app
            .put(
                "/api/admin/delivery/zones/no-such-zone",
                Some(&admin),
                zone("Bosaso", None, 9.0, (3, 5), true),
            )
            .await;
        assert_eq!(
            (missing.status, missing.message()),
            (StatusCode::NOT_FOUND, "Delivery zone not found")
        );

        let handler = app.staff(&admin, "hawa", "orders").await;
        let (customer, _) = app.shopper("amina").await;
        for token in [&handler, &customer] {
            let refused = app
                .post(
                    "/api/admin/delivery/zones",
                    Some(token),
                    zone("Bosaso", None, 9.0, (3, 5), true),
                )
                .await;
            assert_eq!(refused.status, StatusCode::FORBIDDEN);
            assert_eq!(
                app.get("/api/admin/delivery/zones", Some(token))
                    .await
                    .status,
                StatusCode::FORBIDDEN
            );
        }
        assert_eq!(
            app.get("/api/admin/delivery/zones", None).await.status,
            StatusCode::UNAUTHORIZED
        );
        assert_eq!(
            app.get("/api/delivery/zones", None)
                .await
                .body
                .as_array()
                .unwrap()
                .len(),
            2
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_cart_and_the_checkout_charge_the_zones_fee_and_refuse_a_place_outside_the_zones() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let karan = three_zones(&app, &admin).await;
        let dress = app.product(&admin, "Dirac", "20", 5).await;
        let dress = dress["_id"].as_str().unwrap();
        let (token, _) = app.shopper("amina").await;
        app.add_to_cart(&token, dress, 2).await;

        let flat = app.get("/api/cart", Some(&token)).await.body;
        assert_eq!(
            (&flat["shipping"], &flat["total"], &flat["delivery"]),
            (&json!(5.0), &json!(45.0), &Value::Null)
        );
        let to_hodan = app
            .get("/api/cart?city=Mogadishu&district=hodan", Some(&token))
            .await
            .body;
        assert_eq!(
            (&to_hodan["shipping"], &to_hodan["total"]),
            (&json!(2.0), &json!(42.0))
        );
        assert_eq!(
            to_hodan["delivery"],
            json!({ "city": "Mogadishu", "district": "Hodan", "fee": 2.0, "etaDays": { "min": 0, "max": 1 },
                "cashOnDelivery": true, "cashOnDeliveryRefusal": null })
        );
        let to_hargeisa = app.get("/api/cart?city=Hargeisa", Some(&token)).await.body;
        assert_eq!(to_hargeisa["total"], 48.0);
        assert_eq!(
            (
                &to_hargeisa["delivery"]["cashOnDelivery"],
                &to_hargeisa["delivery"]["cashOnDeliveryRefusal"]
            ),
            (
                &json!(false),
                &json!("Cash on delivery is not available in Hargeisa")
            )
        );
        let nowhere = app
            .get("/api/cart?city=Nairobi&district=Eastleigh", Some(&token))
            .await;
        assert_eq!(nowhere.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            nowhere.body["errors"]["city"],
            "We do not deliver to Nairobi. Choose a place from the list."
        );

        let mut off = zone("Mogadishu", Some("Karan"), 2.5, (1, 1), true);
        off["served"] = json!(false);
        app.put(
            &format!("/api/admin/delivery/zones/{karan}"),
            Some(&admin),
            off,
        )
        .await;
        let refused = app
            .post("/api/orders/checkout", Some(&token),
                json!({ "paymentMethod": "evc-plus", "paymentPhone": APPROVED_PHONE, "shippingAddress": address("Mogadishu", "Karan") }))
            .await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            refused.body["errors"]["district"],
            "We are not delivering to Karan, Mogadishu at the moment"
        );
        assert_eq!(app.stock_of(dress).await, 5, "nothing was placed");

        let placed = app
            .post("/api/orders/checkout", Some(&token),
                json!({ "paymentMethod": "evc-plus", "paymentPhone": APPROVED_PHONE, "shippingAddress": address("mogadishu ", "HODAN") }))
            .await;
        assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
        let order = &placed.body["order"];
        assert_eq!(
            (&order["shippingFee"], &order["totalAmount"]),
            (&json!(2.0), &json!(42.0))
        );
        assert_eq!(
            order["shippingAddress"],
            json!({ "fullName": "Amina Hassan", "phone": "615551234", "city": "Mogadishu", "district": "Hodan",
                "addressLine": "Maka Al Mukarama Rd 12", "landmark": "Near the Hodan market mosque" })
        );
        let id = order["_id"].as_str().unwrap();
        let read = app
            .get(&format!("/api/orders/{id}"), Some(&token))
            .await
            .body;
        assert_eq!(
            read["shippingAddress"]["landmark"],
            "Near the Hodan market mosque"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_free_shipping_code_takes_the_zones_fee_off() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        three_zones(&app, &admin).await;
        let code = app
            .post(
                "/api/admin/discounts",
                Some(&admin),
                json!({ "code": "SHIPFREE", "kind": "freeShipping", "active": true }),
            )
            .await;
        assert_eq!(code.status, StatusCode::CREATED, "{}", code.body);
        let dress = app.product(&admin, "Dirac", "20", 5).await;
        let (token, _) = app.shopper("amina").await;
        app.add_to_cart(&token, dress["_id"].as_str().unwrap(), 1)
            .await;
        app.post(
            "/api/cart/discount",
            Some(&token),
            json!({ "code": "SHIPFREE" }),
        )
        .await;
        let cart = app.get("/api/cart?city=Hargeisa", Some(&token)).await.body;
        assert_eq!(
            (&cart["shipping"], &cart["total"], &cart["delivery"]["fee"]),
            (&json!(0.0), &json!(20.0), &json!(8.0))
        );
        let placed = app
            .post("/api/orders/checkout", Some(&token),
                json!({ "paymentMethod": "evc-plus", "paymentPhone": APPROVED_PHONE, "shippingAddress": address("Hargeisa", "Koodbuur") }))
            .await;
        assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
        assert_eq!(
            (
                &placed.body["order"]["shippingFee"],
                &placed.body["order"]["totalAmount"]
            ),
            (&json!(0.0), &json!(20.0))
        );
        assert_eq!(
            placed.body["order"]["shippingAddress"]["district"],
            "Koodbuur"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_whole_city_is_checked_out_with_the_district_the_zones_list_gives_it() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        three_zones(&app, &admin).await;
        let zones = app.get("/api/delivery/zones", None).await.body;
        assert_eq!(zones[0]["city"], "Hargeisa");
        let district = zones[0]["districts"][0]["name"].clone();
        assert_eq!(district, Value::Null);
        let dress = app.product(&admin, "Dirac", "20", 5).await;
        let (token, _) = app.shopper("amina").await;
        let mut whole_city = address("Hargeisa", "");
        whole_city["district"] = district;
        let mut left_out = whole_city.clone();
        left_out.as_object_mut().unwrap().remove("district");
        for shipping_address in [whole_city, left_out] {
            app.add_to_cart(&token, dress["_id"].as_str().unwrap(), 1)
                .await;
            let placed = app
                .post("/api/orders/checkout", Some(&token),
                    json!({ "paymentMethod": "evc-plus", "paymentPhone": APPROVED_PHONE, "shippingAddress": shipping_address }))
                .await;
            assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
            assert_eq!(
                (
                    &placed.body["order"]["shippingAddress"]["district"],
                    &placed.body["order"]["shippingFee"]
                ),
                (&json!(""), &json!(8.0))
            );
        }
    }
}
