//! Accounts under races and attack: admins removing each other at once, parallel password
//! guesses, sessions older than a password change, temporary passwords, control characters.

use crate::helpers::TestApp;
use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::collections::BTreeMap;

const LAST_ADMIN: &str = "The last admin cannot be removed or demoted";

/// A second admin, promoted by the first: its token and id.
async fn second_admin(app: &TestApp, admin: &str, name: &str) -> (String, String) {
    let (token, id) = app.shopper(name).await;
    let promote = json!({ "name": name, "email": format!("{name}@example.com"), "phone": "1", "role": "admin" });
    let reply = app
        .put(&format!("/api/users/{id}"), Some(admin), promote)
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    (token, id)
}

async fn admins(app: &TestApp, token: &str) -> usize {
    let users = app.get("/api/users", Some(token)).await.body;
    users
        .as_array()
        .unwrap()
        .iter()
        .filter(|u| u["role"] == "admin")
        .count()
}

/// The answers of two removals sent at once: at most one wins. The loser gets the last-admin
/// 409 when both ran together, or, when the winner's change landed before the loser's request
/// was read, 403 (no longer an admin) or 401 (deleted).
fn one_wins(statuses: &[(StatusCode, String)], backend: &str) {
    let won = statuses.iter().filter(|(s, _)| s.is_success()).count();
    assert!(won <= 1, "{backend}: {statuses:?}");
    for (status, message) in statuses.iter().filter(|(s, _)| !s.is_success()) {
        match *status {
            StatusCode::CONFLICT => assert_eq!(message, LAST_ADMIN, "{backend}"),
            StatusCode::FORBIDDEN | StatusCode::UNAUTHORIZED => {}
            other => panic!("{backend}: {other} {message}"),
        }
    }
}

/// Rounds of a duel: the admin standing and a newly promoted rival remove each other at
/// once (demote when `demote`, else delete); one of them wins and stays the only admin.
async fn duel(app: &TestApp, demote: bool) {
    let mut standing = app.admin_token().await;
    let mut standing_id = app.get("/api/auth/me", Some(&standing)).await.body["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    for round in 0..10 {
        let name = format!("rival{round}");
        let (rival, rival_id) = second_admin(app, &standing, &name).await;
        let remove = |actor: &str, target: &str| {
            let path = format!("/api/users/{target}");
            let body = json!({ "name": "x", "email": format!("{target}@example.com"), "phone": "1", "role": "user" });
            let actor = actor.to_owned();
            async move {
                if demote {
                    app.put(&path, Some(&actor), body).await
                } else {
                    app.delete(&path, Some(&actor)).await
                }
            }
        };
        let replies = join_all([remove(&standing, &rival_id), remove(&rival, &standing_id)]).await;
        let statuses: Vec<_> = replies
            .iter()
            .map(|r| (r.status, r.message().to_owned()))
            .collect();
        one_wins(&statuses, app.backend);
        assert!(
            statuses.iter().any(|(s, _)| s.is_success()),
            "{}: {statuses:?}",
            app.backend
        );
        if !replies[0].status.is_success() {
            (standing, standing_id) = (rival, rival_id);
        }
        assert_eq!(
            admins(app, &standing).await,
            1,
            "{}: round {round}",
            app.backend
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn two_admins_demoting_each_other_at_once_leave_one_admin() {
    for app in TestApp::all().await {
        duel(&app, true).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn two_admins_deleting_each_other_at_once_leave_one_admin() {
    for app in TestApp::all().await {
        duel(&app, false).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn sixty_parallel_guesses_check_at_most_five_and_then_even_the_right_one_waits() {
    for app in TestApp::all().await {
        app.shopper("amina").await;
        let passwords: Vec<String> = (0..60).map(|i| format!("wrong{i}")).collect();
        let guesses = passwords.iter().map(|p| app.login("amina@example.com", p));
        let statuses: Vec<StatusCode> = join_all(guesses).await.iter().map(|r| r.status).collect();
        let refused = statuses
            .iter()
            .filter(|s| **s == StatusCode::UNAUTHORIZED)
            .count();
        let throttled = statuses
            .iter()
            .filter(|s| **s == StatusCode::TOO_MANY_REQUESTS)
            .count();
        assert!(refused <= 5, "{}: {refused} passwords checked", app.backend);
        assert_eq!(refused + throttled, 60, "{}: {statuses:?}", app.backend);
        let right = app.login("amina@example.com", "secret1").await;
        assert_eq!(
            right.status,
            StatusCode::TOO_MANY_REQUESTS,
            "{}",
            app.backend
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_password_change_ends_earlier_sessions_and_answers_a_fresh_token() {
    for app in TestApp::all().await {
        let (first, id) = app.shopper("amina").await;
        let second = app.login("amina@example.com", "secret1").await.body["token"]
            .as_str()
            .unwrap()
            .to_owned();
        let change = json!({ "name": "Amina", "email": "amina@example.com", "phone": "1",
            "password": "newsecret", "currentPassword": "secret1" });
        let reply = app
            .put(&format!("/api/users/{id}"), Some(&first), change)
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
        assert_eq!(reply.body["_id"], id.as_str());
        let fresh = reply.body["token"].as_str().unwrap().to_owned();
        for old in [&first, &second] {
            let me = app.get("/api/auth/me", Some(old)).await;
            assert_eq!(me.status, StatusCode::UNAUTHORIZED, "{}", app.backend);
            assert_eq!(
                me.message(),
                "Your session has expired. Please log in again."
            );
        }
        assert_eq!(
            app.get("/api/auth/me", Some(&fresh)).await.status,
            StatusCode::OK
        );

        // An admin resetting it ends the sessions too, and the admin gets no token.
        let admin = app.admin_token().await;
        let reset = json!({ "name": "Amina", "email": "amina@example.com", "phone": "1", "password": "resetpass" });
        let reply = app
            .put(&format!("/api/users/{id}"), Some(&admin), reset)
            .await;
        assert_eq!(reply.status, StatusCode::OK);
        assert!(reply.body.get("token").is_none());
        assert_eq!(
            app.get("/api/auth/me", Some(&fresh)).await.status,
            StatusCode::UNAUTHORIZED
        );
        assert_eq!(
            app.get("/api/auth/me", Some(&admin)).await.status,
            StatusCode::OK
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_temporary_password_allows_only_the_profile_and_changing_it() {
    for app in TestApp::all().await {
        let admin = app.admin_token().await;
        let created = app
            .post(
                "/api/auth/register",
                Some(&admin),
                json!({ "name": "Hodan", "email": "hodan@example.com", "phone": "615551234", "role": "admin" }),
            )
            .await;
        let temporary = created.body["temporaryPassword"]
            .as_str()
            .unwrap()
            .to_owned();
        let id = created.body["user"]["_id"].as_str().unwrap().to_owned();
        let token = app.login("hodan@example.com", &temporary).await.body["token"]
            .as_str()
            .unwrap()
            .to_owned();
        let refused = [
            app.get("/api/cart", Some(&token)).await,
            app.get("/api/orders", Some(&token)).await,
            app.get("/api/users", Some(&token)).await,
            app.put(
                &format!("/api/users/{id}"),
                Some(&token),
                json!({ "name": "Hodan Ali", "email": "hodan@example.com", "phone": "1" }),
            )
            .await,
            app.post(
                "/api/auth/register",
                Some(&token),
                json!({ "name": "X", "email": "x@example.com", "phone": "1", "role": "admin" }),
            )
            .await,
        ];
        for reply in refused {
            assert_eq!(
                reply.status,
                StatusCode::FORBIDDEN,
                "{}: {}",
                app.backend,
                reply.body
            );
            assert_eq!(
                reply.message(),
                "Please change your temporary password first."
            );
        }
        let me = app.get("/api/auth/me", Some(&token)).await;
        assert_eq!(me.status, StatusCode::OK);
        assert_eq!(me.body["mustChangePassword"], true);
        let change = json!({ "name": "Hodan", "email": "hodan@example.com", "phone": "1",
            "password": "my-own-pass", "currentPassword": temporary });
        let reply = app
            .put(&format!("/api/users/{id}"), Some(&token), change)
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
        assert_eq!(reply.body["mustChangePassword"], false);
        let fresh = reply.body["token"].as_str().unwrap();
        assert_eq!(
            app.get("/api/cart", Some(fresh)).await.status,
            StatusCode::OK
        );
    }
}

fn control_character_refused(reply: &crate::helpers::Reply, field: &str, backend: &str) {
    assert_eq!(
        reply.status,
        StatusCode::BAD_REQUEST,
        "{backend} {field}: {}",
        reply.body
    );
    let message = format!("{field} must not contain control characters");
    let named =
        reply.body["errors"][field] == Value::String(message.clone()) || reply.message() == message;
    assert!(named, "{backend} {field}: {}", reply.body);
}

#[tokio::test(flavor = "multi_thread")]
async fn control_characters_are_refused_with_400_naming_the_field() {
    for app in TestApp::all().await {
        let backend = app.backend;
        let admin = app.admin_token().await;
        let (token, id) = app.shopper("amina").await;
        let reply = app.get("/api/products/search?q=dress%00", None).await;
        control_character_refused(&reply, "q", backend);
        let reply = app.login("amina\u{0}@example.com", "secret1").await;
        control_character_refused(&reply, "email", backend);
        let reply = app
            .post("/api/auth/register", None,
                json!({ "name": "Ami\u{0}na", "email": "new@example.com", "phone": "1", "password": "secret1" }))
            .await;
        control_character_refused(&reply, "name", backend);
        let reply = app
            .put(
                &format!("/api/users/{id}"),
                Some(&token),
                json!({ "name": "Amina", "email": "amina@example.com", "phone": "61\u{1b}5" }),
            )
            .await;
        control_character_refused(&reply, "phone", backend);
        let reply = app
            .put("/api/settings", Some(&admin),
                json!({ "shopName": "Dukaan\u{0}", "supportPhone": "1", "supportEmail": "a@b.so", "shippingFee": 5 }))
            .await;
        control_character_refused(&reply, "shopName", backend);
        let product = app.product(&admin, "Dress", "10", 5).await;
        app.add_to_cart(&token, product["_id"].as_str().unwrap(), 1)
            .await;
        let reply = app
            .post(
                "/api/orders/checkout",
                Some(&token),
                json!({ "paymentMethod": "evc-plus", "paymentPhone": "61 555 1234",
                    "shippingAddress": { "fullName": "Amina", "phone": "1", "city": "Muqdisho\u{0}",
                        "district": "Hodan", "addressLine": "Street 1" } }),
            )
            .await;
        control_character_refused(&reply, "city", backend);
        let form = crate::helpers::product_form(&[
            ("name", "Shirt\u{0}"),
            ("description", "Soft\nand\twarm"),
            ("category", "women"),
            ("price", "10"),
            ("stock", "1"),
        ]);
        let reply = app
            .multipart(reqwest::Method::POST, "/api/products", &admin, form)
            .await;
        control_character_refused(&reply, "name", backend);
        let form = crate::helpers::product_form(&[
            ("name", "Shirt"),
            ("description", "Soft\nand\twarm"),
            ("category", "women"),
            ("price", "10"),
            ("stock", "1"),
        ]);
        let reply = app
            .multipart(reqwest::Method::POST, "/api/products", &admin, form)
            .await;
        assert_eq!(
            reply.status,
            StatusCode::CREATED,
            "{backend}: a description keeps its lines"
        );
    }
}

/// Without `SHOP_TRUSTED_PROXIES` a forged `X-Forwarded-For` changes nothing: wrong passwords
/// for 101 accounts from one address meet the address's limit, whatever each claims.
#[tokio::test(flavor = "multi_thread")]
async fn a_forged_forwarded_for_does_not_dodge_the_per_address_limit() {
    for app in TestApp::all().await {
        let client = reqwest::Client::new();
        let mut statuses = Vec::new();
        for i in 0..101 {
            let response = client
                .post(app.url("/api/auth/login"))
                .header("X-Forwarded-For", format!("198.51.100.{i}"))
                .json(
                    &json!({ "email": format!("nobody{i}@example.com"), "password": "wrong-pass" }),
                )
                .send()
                .await
                .unwrap();
            statuses.push(response.status());
        }
        assert!(
            statuses[..100]
                .iter()
                .all(|s| *s == StatusCode::UNAUTHORIZED),
            "{statuses:?}"
        );
        assert_eq!(statuses[100], StatusCode::TOO_MANY_REQUESTS);
    }
}

/// How many replies had each status.
fn tally(statuses: impl IntoIterator<Item = StatusCode>) -> BTreeMap<u16, usize> {
    let mut counts = BTreeMap::new();
    for status in statuses {
        *counts.entry(status.as_u16()).or_default() += 1;
    }
    counts
}

/// A Somali mobile carrier puts its shoppers behind one public address. Two hundred of them
/// registering and signing in from it within the hour, one in ten mistyping the password
/// first, are all served; a thousand wrong passwords for one account check five.
#[tokio::test(flavor = "multi_thread")]
async fn a_carriers_shared_address_serves_its_shoppers_and_still_stops_guessing() {
    for app in TestApp::all().await {
        let mut statuses = Vec::new();
        for i in 0..200 {
            let email = format!("shopper{i}@example.com");
            let body = json!({ "name": "Shopper", "email": email, "phone": "615551234", "password": "secret1" });
            statuses.push(app.post("/api/auth/register", None, body).await.status);
            if i % 10 == 0 {
                let typo = app.login(&email, "secret2").await.status;
                assert_eq!(typo, StatusCode::UNAUTHORIZED, "{}", app.backend);
            }
            statuses.push(app.login(&email, "secret1").await.status);
        }
        assert_eq!(
            tally(statuses.iter().copied()),
            BTreeMap::from([(201, 200), (200, 200)]),
            "{}",
            app.backend
        );

        let mut guesses = Vec::new();
        for i in 0..1_000 {
            let password = format!("guess{i}");
            guesses.push(app.login("shopper7@example.com", &password).await.status);
        }
        assert_eq!(
            tally(guesses),
            BTreeMap::from([(401, 5), (429, 995)]),
            "{}",
            app.backend
        );
    }
}

/// Sign-up inputs a mailer reads as someone else's address, or as several.
const HOSTILE_EMAILS: [&str; 5] = [
    "x<victim@example.com>",
    "zz,victim@example.com",
    "victim@example.com>",
    "Victim <victim@example.com>",
    "a@evil.example, victim@example.com",
];

#[tokio::test(flavor = "multi_thread")]
async fn an_email_a_mailer_reads_as_someone_elses_is_refused_at_sign_up_and_in_a_profile() {
    for app in TestApp::all().await {
        let backend = app.backend;
        let (token, id) = app.shopper("amina").await;
        for hostile in HOSTILE_EMAILS {
            let signed_up = app
                .post(
                    "/api/auth/register",
                    None,
                    json!({ "name": "X", "email": hostile, "phone": "615551234", "password": "secret1" }),
                )
                .await;
            let edited = app
                .put(
                    &format!("/api/users/{id}"),
                    Some(&token),
                    json!({ "name": "Amina", "email": hostile, "phone": "615551234" }),
                )
                .await;
            for reply in [signed_up, edited] {
                assert_eq!(
                    reply.status,
                    StatusCode::BAD_REQUEST,
                    "{backend} {hostile}: {}",
                    reply.body
                );
                assert_eq!(reply.message(), "Email is invalid", "{backend} {hostile}");
                assert_eq!(reply.body["errors"]["email"], "Email is invalid");
            }
        }
        // The victim can still make their own account.
        let (_, victim) = app.shopper("victim").await;
        assert!(!victim.is_empty());
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_stored_email_a_mailer_reads_as_someone_elses_stops_the_start_naming_the_account() {
    for app in TestApp::all().await {
        let backend = app.backend;
        let (_, amina) = app.shopper("amina").await;
        let (_, hodan) = app.shopper("hodan").await;
        let shop = app.state.shop.clone();
        bootstrap::wiring::refuse_unusable_emails(&shop)
            .await
            .unwrap_or_else(|e| panic!("{backend}: {e}"));
        shop_db::test_support::store_email_unchecked(
            &app.database,
            &amina,
            "x<victim@example.com>",
        )
        .await;
        shop_db::test_support::store_email_unchecked(
            &app.database,
            &hodan,
            "zz,victim@example.com",
        )
        .await;
        let refused = bootstrap::wiring::refuse_unusable_emails(&shop)
            .await
            .unwrap_err()
            .to_string();
        let mut lines: Vec<&str> = refused.lines().collect();
        assert_eq!(
            lines.remove(0),
            "2 account(s) have an e-mail a mailer would read as another address or none; \
             correct each address (or delete the account) in the database, then start again:",
            "{backend}"
        );
        lines.sort_unstable();
        let mut expected = [
            format!("account {amina}: \"x<victim@example.com>\": it is not one bare address (Invalid email user)"),
            format!("account {hodan}: \"zz,victim@example.com\": it is not one bare address (Invalid email user)"),
        ];
        expected.sort_unstable();
        assert_eq!(lines, expected, "{backend}");
        // Nothing was changed or deleted: the rows are still there for the operator.
        assert_eq!(
            shop.accounts.unusable_emails().await.unwrap().len(),
            2,
            "{backend}"
        );
    }
}
