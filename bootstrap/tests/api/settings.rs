use crate::helpers::TestApp;
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test(flavor = "multi_thread")]
async fn settings_are_public_and_an_admin_changes_the_shipping_fee_that_carts_charge() {
    for app in TestApp::all().await {
        let reply = app.get("/api/settings", None).await;
        assert_eq!(reply.status, StatusCode::OK);
        assert_eq!(reply.body["shippingFee"], 5.0);
        assert_eq!(reply.body["sandboxPayments"], true);
        // The checkout counts down the payer's minute to confirm on the phone.
        assert_eq!(reply.body["paymentTimeoutSecs"], 60);
        assert_eq!(reply.body["supportEmail"], "help@dukaan.so");

        let admin = app.admin_token().await;
        let change = json!({ "shopName": "Dukaan", "supportPhone": "+252 61 111 1111",
            "supportEmail": "care@dukaan.so", "shippingFee": "7.5" });
        let reply = app.put("/api/settings", Some(&admin), change).await;
        assert_eq!(reply.status, StatusCode::OK);
        assert_eq!(reply.body["shippingFee"], 7.5);

        let product = app.product(&admin, "Hijab", "10", 5).await;
        let (shopper, _) = app.shopper("amina").await;
        let cart = app
            .add_to_cart(&shopper, product["_id"].as_str().unwrap(), 1)
            .await;
        assert_eq!(cart.body["shipping"], 7.5);
        assert_eq!(cart.body["total"], 17.5);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn invalid_settings_are_refused_with_field_messages() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let reply = app
            .put("/api/settings", Some(&admin), json!({ "shopName": "", "supportPhone": "1", "supportEmail": "x", "shippingFee": -1 }))
            .await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST);
        assert_eq!(reply.body["errors"]["shopName"], "Shop name is required");
        assert_eq!(reply.body["errors"]["supportEmail"], "Email is invalid");
        assert_eq!(
            reply.body["errors"]["shippingFee"],
            "Shipping fee must be between 0 and 1000"
        );
        assert_eq!(
            app.get("/api/settings", None).await.body["shopName"],
            "Dukaan"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn health_answers_ok() {
    for app in TestApp::all().await {
        let reply = app.get("/api/health", None).await;
        assert_eq!(reply.status, StatusCode::OK);
        assert_eq!(reply.body["status"], "ok");
    }
}
