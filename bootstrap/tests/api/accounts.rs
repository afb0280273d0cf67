use crate::helpers::{TestApp, ADMIN_EMAIL};
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test(flavor = "multi_thread")]
async fn registering_answers_201_with_a_token_and_a_shopper() {
    for app in TestApp::all().await {
        let reply = app
            .post(
                "/api/auth/register",
                None,
                json!({ "name": "Amina", "email": "Amina@Example.com", "phone": "615551234", "password": "secret1" }),
            )
            .await;
        assert_eq!(reply.status, StatusCode::CREATED, "{}", app.backend);
        assert_eq!(reply.message(), "Registered successfully");
        assert!(reply.body["token"].as_str().is_some_and(|t| !t.is_empty()));
        let user = &reply.body["user"];
        assert_eq!(user["email"], "amina@example.com");
        assert_eq!(user["role"], "user");
        assert!(user["_id"].is_string() && user["createdAt"].is_string());
        assert!(user.get("password_hash").is_none() && user.get("passwordHash").is_none());
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn registration_reports_spec_messages_per_field() {
    for app in TestApp::all().await {
        let reply = app
            .post(
                "/api/auth/register",
                None,
                json!({ "name": " ", "email": "nope", "phone": "", "password": "123" }),
            )
            .await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST);
        assert_eq!(reply.body["errors"]["name"], "Name is required");
        assert_eq!(reply.body["errors"]["email"], "Email is invalid");
        assert_eq!(reply.body["errors"]["phone"], "Phone number is required");
        assert_eq!(
            reply.body["errors"]["password"],
            "Password must be at least 6 characters"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_email_can_register_only_once_whatever_its_case() {
    for app in TestApp::all().await {
        app.shopper("amina").await;
        let reply = app
            .post(
                "/api/auth/register",
                None,
                json!({ "name": "Other", "email": "AMINA@example.com", "phone": "615551234", "password": "secret1" }),
            )
            .await;
        assert_eq!(reply.status, StatusCode::CONFLICT);
        assert_eq!(reply.message(), "An account with this email already exists");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn self_registration_asking_for_admin_yields_a_shopper() {
    for app in TestApp::all().await {
        let reply = app
            .post(
                "/api/auth/register",
                None,
                json!({ "name": "Eve", "email": "eve@example.com", "phone": "615551234", "password": "secret1", "role": "admin" }),
            )
            .await;
        assert_eq!(reply.status, StatusCode::CREATED);
        assert_eq!(reply.body["user"]["role"], "user");
        let token = reply.body["token"].as_str().unwrap();
        assert_eq!(
            app.get("/api/users", Some(token)).await.status,
            StatusCode::FORBIDDEN
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn signing_in_returns_the_user_and_a_working_token() {
    for app in TestApp::all().await {
        app.shopper("amina").await;
        let reply = app.login("amina@example.com", "secret1").await;
        assert_eq!(reply.status, StatusCode::OK);
        assert_eq!(reply.message(), "Logged in successfully");
        let token = reply.body["token"].as_str().unwrap();
        let me = app.get("/api/auth/me", Some(token)).await;
        assert_eq!(me.status, StatusCode::OK);
        assert_eq!(me.body["name"], "amina");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_wrong_password_and_an_unknown_email_get_the_same_401() {
    for app in TestApp::all().await {
        app.shopper("amina").await;
        let wrong = app.login("amina@example.com", "wrong-one").await;
        let unknown = app.login("nobody@example.com", "secret1").await;
        assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
        assert_eq!(unknown.status, StatusCode::UNAUTHORIZED);
        assert_eq!(wrong.message(), "Invalid email or password");
        assert_eq!(unknown.message(), wrong.message());
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn repeated_failed_sign_ins_are_throttled_with_retry_after() {
    for app in TestApp::all().await {
        app.shopper("amina").await;
        for _ in 0..5 {
            assert_eq!(
                app.login("amina@example.com", "wrong-one").await.status,
                StatusCode::UNAUTHORIZED
            );
        }
        let reply = app.login("amina@example.com", "secret1").await;
        assert_eq!(reply.status, StatusCode::TOO_MANY_REQUESTS);
        let retry_after: u64 = reply.headers["retry-after"]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!((1..=900).contains(&retry_after));
        assert!(reply.message().starts_with("Too many sign-in attempts"));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn calls_without_a_valid_token_are_401() {
    for app in TestApp::all().await {
        let missing = app.get("/api/auth/me", None).await;
        assert_eq!(missing.status, StatusCode::UNAUTHORIZED);
        assert_eq!(missing.message(), "Please log in to continue");
        let forged = app.get("/api/auth/me", Some("not.a.token")).await;
        assert_eq!(forged.status, StatusCode::UNAUTHORIZED);
        assert_eq!(
            forged.message(),
            "Your session has expired. Please log in again."
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_deleted_users_token_stops_working_at_once() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let (token, id) = app.shopper("amina").await;
        let reply = app.delete(&format!("/api/users/{id}"), Some(&admin)).await;
        assert_eq!(reply.status, StatusCode::OK);
        assert_eq!(reply.message(), "User deleted successfully");
        assert_eq!(
            app.get("/api/cart", Some(&token)).await.status,
            StatusCode::UNAUTHORIZED
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_shopper_updates_their_profile_and_password() {
    for app in TestApp::all().await {
        let (token, id) = app.shopper("amina").await;
        let path = format!("/api/users/{id}");
        let profile =
            json!({ "name": "Amina H", "email": "amina@example.com", "phone": "615550000" });
        let reply = app.put(&path, Some(&token), profile).await;
        assert_eq!(reply.status, StatusCode::OK);
        assert_eq!(reply.body["name"], "Amina H");
        assert_eq!(reply.body["phone"], "615550000");

        let no_current = json!({ "name": "Amina H", "email": "amina@example.com", "phone": "615550000", "password": "newsecret" });
        let reply = app.put(&path, Some(&token), no_current).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            reply.body["errors"]["currentPassword"],
            "Current password is required"
        );

        let wrong_current = json!({ "name": "Amina H", "email": "amina@example.com", "phone": "615550000",
            "password": "newsecret", "currentPassword": "nope-nope" });
        let reply = app.put(&path, Some(&token), wrong_current).await;
        assert_eq!(
            reply.body["errors"]["currentPassword"],
            "Current password is incorrect"
        );

        let change = json!({ "name": "Amina H", "email": "amina@example.com", "phone": "615550000",
            "password": "newsecret", "currentPassword": "secret1" });
        assert_eq!(
            app.put(&path, Some(&token), change).await.status,
            StatusCode::OK
        );
        assert_eq!(
            app.login("amina@example.com", "secret1").await.status,
            StatusCode::UNAUTHORIZED
        );
        assert_eq!(
            app.login("amina@example.com", "newsecret").await.status,
            StatusCode::OK
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn taking_someone_elses_email_is_a_conflict() {
    for app in TestApp::all().await {
        app.shopper("hodan").await;
        let (token, id) = app.shopper("amina").await;
        let reply = app
            .put(
                &format!("/api/users/{id}"),
                Some(&token),
                json!({ "name": "A", "email": "hodan@example.com", "phone": "1" }),
            )
            .await;
        assert_eq!(reply.status, StatusCode::CONFLICT);
        assert_eq!(reply.message(), "An account with this email already exists");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_admin_creates_a_user_with_a_temporary_password_and_no_token() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let reply = app
            .post(
                "/api/auth/register",
                Some(&admin),
                json!({ "name": "Hodan", "email": "hodan@example.com", "phone": "615551234", "role": "admin", "password": "123456" }),
            )
            .await;
        assert_eq!(reply.status, StatusCode::CREATED);
        assert_eq!(reply.message(), "User created successfully");
        assert!(reply.body.get("token").is_none());
        assert_eq!(reply.body["user"]["role"], "admin");
        assert_eq!(reply.body["user"]["mustChangePassword"], true);
        let temporary = reply.body["temporaryPassword"].as_str().unwrap();
        assert_eq!(
            app.login("hodan@example.com", "123456").await.status,
            StatusCode::UNAUTHORIZED
        );
        assert_eq!(
            app.login("hodan@example.com", temporary).await.status,
            StatusCode::OK
        );
        let users = app.get("/api/users", Some(&admin)).await;
        assert_eq!(users.body.as_array().unwrap().len(), 2);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_admin_cannot_delete_themselves_nor_demote_the_last_admin() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let me = app.get("/api/auth/me", Some(&admin)).await;
        let id = me.body["_id"].as_str().unwrap();
        let reply = app.delete(&format!("/api/users/{id}"), Some(&admin)).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN);
        assert_eq!(reply.message(), "You cannot delete your own account");
        let demote = json!({ "name": "Boss", "email": ADMIN_EMAIL, "phone": "1", "role": "user" });
        let reply = app
            .put(&format!("/api/users/{id}"), Some(&admin), demote)
            .await;
        assert_eq!(reply.status, StatusCode::CONFLICT);
        assert_eq!(
            reply.message(),
            "The last admin cannot be removed or demoted"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_admin_sets_a_shoppers_role() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let (token, id) = app.shopper("amina").await;
        let promote =
            json!({ "name": "amina", "email": "amina@example.com", "phone": "1", "role": "admin" });
        let reply = app
            .put(&format!("/api/users/{id}"), Some(&admin), promote)
            .await;
        assert_eq!(reply.status, StatusCode::OK);
        assert_eq!(reply.body["role"], "admin");
        assert_eq!(
            app.get("/api/users", Some(&token)).await.status,
            StatusCode::OK
        );
    }
}

fn registration(email: &str) -> serde_json::Value {
    json!({ "name": "Amina", "email": email, "phone": "615551234", "password": "secret1" })
}

/// Registering e-mails that have accounts, one after another, probes which ones do: the
/// address's twenty-first such try is refused for an hour, even with a free e-mail.
#[tokio::test(flavor = "multi_thread")]
async fn twenty_registrations_of_taken_emails_from_one_address_then_429_with_retry_after() {
    for app in TestApp::all().await {
        let email = |i| format!("u{i}@example.com");
        for i in 0..20 {
            let reply = app
                .post("/api/auth/register", None, registration(&email(i)))
                .await;
            assert_eq!(reply.status, StatusCode::CREATED, "{i}: {}", reply.body);
        }
        for i in 0..20 {
            let reply = app
                .post("/api/auth/register", None, registration(&email(i)))
                .await;
            assert_eq!(reply.status, StatusCode::CONFLICT, "{i}: {}", reply.body);
        }
        let reply = app
            .post("/api/auth/register", None, registration("late@example.com"))
            .await;
        assert_eq!(reply.status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(
            reply.message(),
            "Too many registration attempts. Please try again in 60 minutes."
        );
        let retry_after: u64 = reply.headers["retry-after"]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!((3590..=3600).contains(&retry_after), "{retry_after}");
        assert_eq!(
            app.login("late@example.com", "secret1").await.status,
            StatusCode::UNAUTHORIZED
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn probing_one_email_with_registrations_is_throttled_after_five() {
    for app in TestApp::all().await {
        app.shopper("amina").await;
        for _ in 0..4 {
            let reply = app
                .post(
                    "/api/auth/register",
                    None,
                    registration("amina@example.com"),
                )
                .await;
            assert_eq!(reply.status, StatusCode::CONFLICT);
        }
        let reply = app
            .post(
                "/api/auth/register",
                None,
                registration("AMINA@example.com"),
            )
            .await;
        assert_eq!(reply.status, StatusCode::TOO_MANY_REQUESTS);
        assert!(reply.headers.contains_key("retry-after"));
        let other = app
            .post(
                "/api/auth/register",
                None,
                registration("hodan@example.com"),
            )
            .await;
        assert_eq!(other.status, StatusCode::CREATED);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn invalid_registrations_are_not_counted() {
    for app in TestApp::all().await {
        for _ in 0..25 {
            let reply = app
                .post("/api/auth/register", None, json!({ "email": "nope" }))
                .await;
            assert_eq!(reply.status, StatusCode::BAD_REQUEST);
        }
        let reply = app
            .post(
                "/api/auth/register",
                None,
                registration("amina@example.com"),
            )
            .await;
        assert_eq!(reply.status, StatusCode::CREATED);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_admin_creating_accounts_is_never_throttled() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        for i in 0..25 {
            let reply = app
                .post(
                    "/api/auth/register",
                    Some(&admin),
                    json!({ "name": "Staff", "email": format!("staff{i}@example.com"), "phone": "615551234" }),
                )
                .await;
            assert_eq!(reply.status, StatusCode::CREATED, "{i}");
        }
    }
}
