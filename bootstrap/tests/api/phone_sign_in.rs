//! A customer staff added by phone without an e-mail signs in (issue 45): they ask for a code
//! by SMS with their number, set a password with it, and sign in with the number. A number
//! names only an account without an e-mail.

use crate::helpers::TestApp;
use crate::phone_orders::{caller, order_of};
use domain::notification::Channel;
use reqwest::StatusCode;
use serde_json::{json, Value};

const CODE_SENT_BY_SMS: &str = "If an account without an e-mail uses this number, we have sent it a code by SMS. It is valid for 30 minutes.";

/// Faadumo, whom an order handler added while taking her order on the phone: her id.
async fn customer_taken_by_phone(app: &TestApp, admin: &str, phone: &str) -> String {
    let handler = app.staff(admin, "hamza", "orders").await;
    let dress = app.product(admin, "Phone Dress", "20", 3).await;
    let taken = app
        .post(
            "/api/admin/orders",
            Some(&handler),
            order_of(caller(phone), dress["_id"].as_str().unwrap(), 1),
        )
        .await;
    assert_eq!(taken.status, StatusCode::CREATED, "{}", taken.body);
    taken.body["userId"]["_id"].as_str().unwrap().to_owned()
}

async fn sign_in_by_phone(app: &TestApp, phone: &str, password: &str) -> (StatusCode, Value) {
    let reply = app
        .post(
            "/api/auth/login",
            None,
            json!({ "phone": phone, "password": password }),
        )
        .await;
    (reply.status, reply.body)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_customer_without_an_e_mail_sets_a_password_by_sms_and_signs_in_with_the_number() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let faadumo = customer_taken_by_phone(&app, &admin, "+252 61 555 0101").await;

        // Nobody knows the password staff's account was made with.
        let (status, body) = sign_in_by_phone(&app, "615550101", "secret1").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{}", app.backend);
        assert_eq!(body["message"], "Invalid email or password");

        let asked = app
            .post(
                "/api/auth/forgot-password",
                None,
                json!({ "phone": "061 555 0101" }),
            )
            .await;
        assert_eq!(asked.status, StatusCode::OK, "{}", asked.body);
        assert_eq!(asked.body["message"], CODE_SENT_BY_SMS);
        let code = app.reset_code(&faadumo, Channel::Sms).await;
        let queued: Vec<_> = app
            .outbox()
            .await
            .into_iter()
            .filter(|m| m.reference == faadumo)
            .map(|m| (m.channel, m.recipient))
            .collect();
        assert!(
            queued.contains(&(Channel::Sms, Some("252615550101".into()))),
            "{queued:?}"
        );
        assert!(
            queued.iter().all(|(channel, _)| *channel == Channel::Sms),
            "no e-mail for an account without one: {queued:?}"
        );

        let wrong = app
            .post(
                "/api/auth/reset-password",
                None,
                json!({ "phone": "615550101", "code": "000000", "password": "my own pw" }),
            )
            .await;
        assert_eq!(wrong.status, StatusCode::BAD_REQUEST, "{}", wrong.body);
        let reset = app
            .post(
                "/api/auth/reset-password",
                None,
                json!({ "phone": "252615550101", "code": code, "password": "my own pw" }),
            )
            .await;
        assert_eq!(reset.status, StatusCode::OK, "{}", reset.body);

        let (status, body) = sign_in_by_phone(&app, "61 555 0101", "my own pw").await;
        assert_eq!(status, StatusCode::OK, "{}: {body}", app.backend);
        assert_eq!(
            (&body["user"]["_id"], &body["user"]["email"]),
            (&json!(faadumo), &Value::Null)
        );
        let token = body["token"].as_str().unwrap();

        // Her profile keeps no e-mail, and her number stays a mobile number she signs in with.
        let profile =
            |name: &str, phone: &str| json!({ "name": name, "email": "", "phone": phone });
        let renamed = app
            .put(
                &format!("/api/users/{faadumo}"),
                Some(token),
                profile("Faadumo Ahmed", "0615550101"),
            )
            .await;
        assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.body);
        assert_eq!(
            (
                &renamed.body["name"],
                &renamed.body["email"],
                &renamed.body["phone"]
            ),
            (
                &json!("Faadumo Ahmed"),
                &Value::Null,
                &json!("252615550101")
            )
        );
        let abroad = app
            .put(
                &format!("/api/users/{faadumo}"),
                Some(token),
                profile("Faadumo Ahmed", "+44 20 7946 0958"),
            )
            .await;
        assert_eq!(abroad.status, StatusCode::BAD_REQUEST, "{}", abroad.body);
        assert_eq!(
            abroad.body["errors"]["phone"],
            "Please enter a valid Somali mobile number, such as 61 234 5678"
        );
        let (status, _) = sign_in_by_phone(&app, "615550101", "my own pw").await;
        assert_eq!(status, StatusCode::OK, "the refused edit changed nothing");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_number_signs_in_only_an_account_without_an_e_mail_and_bad_numbers_are_named() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        customer_taken_by_phone(&app, &admin, "615550101").await;
        // Amina registered with an e-mail and the number 615551234: she signs in with the
        // address only, and asking a code for her number tells nothing.
        app.shopper("amina").await;
        let (status, _) = sign_in_by_phone(&app, "615551234", "secret1").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{}", app.backend);
        assert_eq!(
            app.login("amina@example.com", "secret1").await.status,
            StatusCode::OK
        );
        let asked = app
            .post(
                "/api/auth/forgot-password",
                None,
                json!({ "phone": "615551234" }),
            )
            .await;
        assert_eq!(
            (asked.status, &asked.body["message"]),
            (StatusCode::OK, &json!(CODE_SENT_BY_SMS))
        );
        let amina_codes = app
            .outbox()
            .await
            .into_iter()
            .filter(|m| m.recipient.as_deref() == Some("amina@example.com"))
            .count();
        assert_eq!(amina_codes, 0, "no code went to an account with an e-mail");

        for (body, field, message) in [
            (
                json!({ "phone": "12345" }),
                "phone",
                "Please enter a valid Somali mobile number, such as 61 234 5678",
            ),
            (
                json!({ "email": "amina@example.com", "phone": "615550101" }),
                "phone",
                "Send an e-mail or a phone number, not both",
            ),
            (json!({}), "email", "Email is required"),
        ] {
            let refused = app
                .post("/api/auth/forgot-password", None, body.clone())
                .await;
            assert_eq!(
                refused.status,
                StatusCode::BAD_REQUEST,
                "{body}: {}",
                refused.body
            );
            assert_eq!(refused.body["errors"][field], message, "{body}");
        }
        let both = app
            .post(
                "/api/auth/login",
                None,
                json!({ "email": "amina@example.com", "phone": "615550101", "password": "secret1" }),
            )
            .await;
        assert_eq!(both.status, StatusCode::BAD_REQUEST, "{}", both.body);
        let reset_bad = app
            .post(
                "/api/auth/reset-password",
                None,
                json!({ "phone": "615", "code": "123456", "password": "my own pw" }),
            )
            .await;
        assert_eq!(
            reset_bad.body["errors"]["phone"],
            "Please enter a valid Somali mobile number, such as 61 234 5678"
        );
    }
}
