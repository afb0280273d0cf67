//! A password reset racing a password change or profile edits sent with an earlier session
//! (issue 38): real concurrent requests on both databases. A change of the password is a
//! compare-and-set on the token version, and saving a profile never writes the password, so
//! the later of a change and a reset fails cleanly, exactly one new password works, it is
//! the one whose request answered 200, and no session from before survives.

use crate::helpers::{Reply, TestApp};
use domain::message::texts::PASSWORD_CHANGED_MEANWHILE;
use domain::notification::Channel;
use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::json;

const TRIES: usize = 6;

/// A shopper who asked for a reset code: their session, id, e-mail and code.
async fn shopper_with_code(app: &TestApp, name: &str) -> (String, String, String, String) {
    let (session, id) = app.shopper(name).await;
    let email = format!("{name}@example.com");
    let asked = app
        .post("/api/auth/forgot-password", None, json!({ "email": email }))
        .await;
    assert_eq!(asked.status, StatusCode::OK, "{}", asked.body);
    let code = app.reset_code(&id, Channel::Email).await;
    (session, id, email, code)
}

async fn reset(app: &TestApp, email: &str, code: &str, password: &str) -> Reply {
    app.post(
        "/api/auth/reset-password",
        None,
        json!({ "email": email, "code": code, "password": password }),
    )
    .await
}

async fn signs_in(app: &TestApp, email: &str, password: &str) -> bool {
    let reply = app.login(email, password).await;
    assert!(
        matches!(reply.status, StatusCode::OK | StatusCode::UNAUTHORIZED),
        "{}",
        reply.body
    );
    reply.status == StatusCode::OK
}

async fn session_works(app: &TestApp, token: &str) -> bool {
    app.get("/api/auth/me", Some(token)).await.status == StatusCode::OK
}

#[tokio::test(flavor = "multi_thread")]
async fn a_password_change_racing_a_reset_leaves_one_password_the_one_answered_200() {
    for app in TestApp::all().await {
        for attempt in 0..TRIES {
            let name = format!("owner{attempt}");
            let (owner_session, id, email, code) = shopper_with_code(&app, &name).await;
            // The intruder knows the old password and has a session of their own.
            let intruder_session = app.login(&email, "secret1").await.body["token"]
                .as_str()
                .unwrap()
                .to_owned();
            let change = json!({ "name": name, "email": email, "phone": "615551234",
                "password": "intruder-pw", "currentPassword": "secret1" });
            let path = format!("/api/users/{id}");
            let (changed, reset) = tokio::join!(
                app.put(&path, Some(&intruder_session), change),
                reset(&app, &email, &code, "owner-pw"),
            );
            let seen = format!(
                "{} try {attempt}: change {} {}, reset {} {}",
                app.backend, changed.status, changed.body, reset.status, reset.body
            );
            let owner_in = signs_in(&app, &email, "owner-pw").await;
            let intruder_in = signs_in(&app, &email, "intruder-pw").await;
            assert_ne!(owner_in, intruder_in, "exactly one password works: {seen}");
            assert!(!signs_in(&app, &email, "secret1").await, "{seen}");
            if reset.status == StatusCode::OK {
                assert!(owner_in, "the reset answered 200, so it holds: {seen}");
            } else {
                assert_eq!(reset.status, StatusCode::CONFLICT, "{seen}");
                assert_eq!(reset.message(), PASSWORD_CHANGED_MEANWHILE, "{seen}");
                assert_eq!(changed.status, StatusCode::OK, "{seen}");
            }
            match changed.status {
                StatusCode::OK => {
                    let fresh = changed.body["token"].as_str().unwrap();
                    assert_eq!(session_works(&app, fresh).await, intruder_in, "{seen}");
                }
                StatusCode::CONFLICT => {
                    assert_eq!(changed.message(), PASSWORD_CHANGED_MEANWHILE, "{seen}");
                }
                // The reset came first: the old password is no longer the current one, or
                // the session has ended.
                StatusCode::BAD_REQUEST => assert_eq!(
                    changed.body["errors"]["currentPassword"], "Current password is incorrect",
                    "{seen}"
                ),
                StatusCode::UNAUTHORIZED => assert_eq!(
                    changed.message(),
                    "Your session has expired. Please log in again.",
                    "{seen}"
                ),
                other => panic!("unexpected {other}: {seen}"),
            }
            for earlier in [&owner_session, &intruder_session] {
                assert!(!session_works(&app, earlier).await, "{seen}");
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn profile_edits_from_a_stolen_session_racing_a_reset_never_undo_it() {
    for app in TestApp::all().await {
        for attempt in 0..TRIES {
            let name = format!("victim{attempt}");
            let (stolen, id, email, code) = shopper_with_code(&app, &name).await;
            let path = format!("/api/users/{id}");
            let edits = (0..4).map(|i| {
                let edit =
                    json!({ "name": format!("Edited {i}"), "email": email, "phone": "615551234" });
                app.put(&path, Some(&stolen), edit)
            });
            let (reset, edits) =
                tokio::join!(reset(&app, &email, &code, "owner-pw"), join_all(edits));
            let seen = format!(
                "{} try {attempt}: reset {} {}, edits {:?}",
                app.backend,
                reset.status,
                reset.body,
                edits.iter().map(|e| e.status).collect::<Vec<_>>()
            );
            assert_eq!(reset.status, StatusCode::OK, "{seen}");
            assert!(
                edits
                    .iter()
                    .all(|e| matches!(e.status, StatusCode::OK | StatusCode::UNAUTHORIZED)),
                "{seen}"
            );
            assert!(signs_in(&app, &email, "owner-pw").await, "{seen}");
            assert!(!signs_in(&app, &email, "secret1").await, "{seen}");
            assert!(!session_works(&app, &stolen).await, "{seen}");
        }
    }
}
