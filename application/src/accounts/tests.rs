use super::*;
use crate::testing::{admin, shopper, AccountMocks as Mocks};
use domain::audit::AuditAction;
use domain::permissions::PermissionError;
use domain::user::{Email, NewPassword, SessionClaims};
use mockall::predicate::eq;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

fn contact(name: &str, email: &str) -> ContactInput {
    ContactInput {
        name: name.into(),
        email: email.into(),
        phone: "615551234".into(),
    }
}

fn registration(email: &str) -> RegistrationInput {
    RegistrationInput {
        contact: contact("Amina", email),
        password: "secret1".into(),
        language: Language::Somali,
    }
}

#[tokio::test]
async fn registering_makes_a_shopper_and_signs_them_in() {
    let mut ports = Mocks::new();
    ports
        .hasher
        .expect_hash()
        .returning(|_| Ok("hashed".into()));
    ports.users.expect_insert().times(1).returning(|_| Ok(()));
    ports
        .tokens
        .expect_issue()
        .returning(|claims| format!("token-for-{}", claims.user));
    let session = ports
        .service()
        .register(&registration("amina@example.com"), "1.1.1.1")
        .await
        .unwrap();
    assert_eq!(session.user.role, Role::User);
    assert_eq!(session.user.password_hash, "hashed");
    assert_eq!(session.token, format!("token-for-{}", session.user.id));
}

#[tokio::test]
async fn registering_a_taken_email_is_a_conflict() {
    let mut ports = Mocks::new();
    ports
        .hasher
        .expect_hash()
        .returning(|_| Ok("hashed".into()));
    ports
        .users
        .expect_insert()
        .returning(|_| Err(RepoError::Duplicate));
    let error = ports
        .service()
        .register(&registration("amina@example.com"), "1.1.1.1")
        .await
        .unwrap_err();
    assert!(matches!(error, RegisterError::EmailTaken));
}

#[tokio::test]
async fn invalid_registration_never_touches_storage() {
    let ports = Mocks::new();
    let error = ports
        .service()
        .register(&registration("not-an-email"), "1.1.1.1")
        .await
        .unwrap_err();
    assert!(
        matches!(error, RegisterError::Invalid(e) if e.get("email") == Some("Email is invalid"))
    );
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_email_get_the_same_answer() {
    let mut ports = Mocks::new();
    let stored = shopper("amina");
    ports.users.expect_by_email().returning(move |email| {
        Ok((email.as_str() == "amina@example.com").then(|| stored.clone()))
    });
    ports.hasher.expect_hash().returning(|_| Ok("dummy".into()));
    ports.hasher.expect_verify().returning(|_, _| false);
    let shop = ports.service();
    let wrong = shop
        .login(
            &AccountKeyInput::email("amina@example.com"),
            "nope",
            "1.1.1.1",
        )
        .await
        .unwrap_err();
    let unknown = shop
        .login(
            &AccountKeyInput::email("nobody@example.com"),
            "nope",
            "1.1.1.1",
        )
        .await
        .unwrap_err();
    assert!(matches!(wrong, LoginError::WrongCredentials));
    assert!(matches!(unknown, LoginError::WrongCredentials));
}

#[tokio::test]
async fn an_account_without_an_e_mail_signs_in_with_its_number_and_no_other_does() {
    let mut ports = Mocks::new();
    let hodan = User {
        email: None,
        phone: "252615550101".into(),
        password_hash: "hash-of-hodan".into(),
        ..shopper("hodan")
    };
    ports.users.expect_by_email().never();
    ports
        .users
        .expect_by_phone_without_email()
        .returning(move |number| Ok((number.as_str() == "252615550101").then(|| hodan.clone())));
    ports
        .hasher
        .expect_hash()
        .returning(|_| Ok("stand-in".into()));
    ports
        .hasher
        .expect_verify()
        .returning(|password, hash| password == "secret1" && hash == "hash-of-hodan");
    ports
        .tokens
        .expect_issue()
        .times(1)
        .returning(|claims| format!("token-of-{}", claims.user));
    let shop = ports.service();
    let session = shop
        .login(
            &AccountKeyInput::phone("061 555 0101"),
            "secret1",
            "1.1.1.1",
        )
        .await
        .unwrap();
    assert_eq!(
        (session.user.id.as_str(), session.token.as_str()),
        ("hodan", "token-of-hodan")
    );
    for (number, password) in [
        ("615550101", "wrong"),
        ("615550199", "secret1"),
        ("0101", "secret1"),
    ] {
        let refused = shop
            .login(&AccountKeyInput::phone(number), password, "1.1.1.1")
            .await;
        assert!(
            matches!(refused, Err(LoginError::WrongCredentials)),
            "{number}: {refused:?}"
        );
    }
}

#[tokio::test]
async fn the_sixth_failed_sign_in_is_throttled() {
    let mut ports = Mocks::new();
    ports.users.expect_by_email().returning(|_| Ok(None));
    ports.hasher.expect_hash().returning(|_| Ok("dummy".into()));
    ports.hasher.expect_verify().returning(|_, _| false);
    let shop = ports.service();
    for _ in 0..5 {
        assert!(matches!(
            shop.login(&AccountKeyInput::email("amina@example.com"), "x", "1.1.1.1")
                .await,
            Err(LoginError::WrongCredentials)
        ));
    }
    let error = shop
        .login(&AccountKeyInput::email("amina@example.com"), "x", "1.1.1.1")
        .await
        .unwrap_err();
    assert!(matches!(
        error,
        LoginError::TooManyAttempts(TooManyAttempts {
            retry_after_secs: 900,
            ..
        })
    ));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 8)]
async fn sixty_guesses_sent_together_check_at_most_five_passwords() {
    let mut ports = Mocks::new();
    let stored = shopper("amina");
    ports
        .users
        .expect_by_email()
        .returning(move |_| Ok(Some(stored.clone())));
    let checked = Arc::new(AtomicUsize::new(0));
    let counter = checked.clone();
    ports.hasher.expect_verify().returning(move |_, _| {
        counter.fetch_add(1, Ordering::SeqCst);
        // As long as a real check, so that the guesses overlap.
        std::thread::sleep(std::time::Duration::from_millis(20));
        false
    });
    let shop = Arc::new(ports.service());
    let guesses: Vec<_> = (0..60)
        .map(|i| {
            let shop = shop.clone();
            tokio::spawn(async move {
                shop.login(
                    &AccountKeyInput::email("amina@example.com"),
                    &format!("guess{i}"),
                    "1.1.1.1",
                )
                .await
            })
        })
        .collect();
    let (mut refused, mut throttled) = (0, 0);
    for guess in guesses {
        match guess.await.unwrap() {
            Err(LoginError::WrongCredentials) => refused += 1,
            Err(LoginError::TooManyAttempts(_)) => throttled += 1,
            other => panic!("unexpected answer {other:?}"),
        }
    }
    assert_eq!(checked.load(Ordering::SeqCst), 5);
    assert_eq!((refused, throttled), (5, 55));
}

#[tokio::test]
async fn an_unknown_email_checks_a_password_like_a_known_one() {
    let mut ports = Mocks::new();
    ports.users.expect_by_email().returning(|_| Ok(None));
    ports
        .hasher
        .expect_hash()
        .times(1)
        .returning(|_| Ok("dummy-hash".into()));
    ports
        .hasher
        .expect_verify()
        .with(eq("guess"), eq("dummy-hash"))
        .times(2)
        .returning(|_, _| true);
    let shop = ports.service();
    for _ in 0..2 {
        let error = shop
            .login(
                &AccountKeyInput::email("nobody@example.com"),
                "guess",
                "1.1.1.1",
            )
            .await
            .unwrap_err();
        assert!(matches!(error, LoginError::WrongCredentials));
    }
}

#[tokio::test]
async fn a_sign_in_email_with_control_characters_is_refused_uncounted() {
    let ports = Mocks::new();
    let error = ports
        .service()
        .login(
            &AccountKeyInput::email("amina\0@example.com"),
            "secret1",
            "1.1.1.1",
        )
        .await
        .unwrap_err();
    assert!(
        matches!(error, LoginError::Invalid(e) if e.get("email") == Some("email must not contain control characters"))
    );
}

/// Amina, signed in, changing her password with the right current one to "newsecret"
/// (hashed "new-hash").
fn amina_changing_her_password() -> (Mocks, User, ProfileChangeInput) {
    let mut ports = Mocks::new();
    let amina = shopper("amina");
    let stored = amina.clone();
    ports
        .users
        .expect_by_id()
        .returning(move |_| Ok(Some(stored.clone())));
    ports.hasher.expect_verify().returning(|_, _| true);
    ports
        .hasher
        .expect_hash()
        .returning(|_| Ok("new-hash".into()));
    let input = ProfileChangeInput {
        contact: contact("Amina", "amina@example.com"),
        new_password: Some("newsecret".into()),
        current_password: Some("secret1".into()),
        ..Default::default()
    };
    (ports, amina, input)
}

#[tokio::test]
async fn changing_ones_own_password_ends_earlier_sessions_and_answers_a_fresh_token() {
    let (mut ports, amina, input) = amina_changing_her_password();
    ports
        .users
        .expect_update()
        .withf(|user, password| {
            user.password_hash == "new-hash"
                && user.token_version == 1
                && *password
                    == Some(NewPassword {
                        hash: "new-hash".into(),
                        must_change: false,
                        replaces_version: 0,
                    })
        })
        .times(1)
        .returning(|_, _| Ok(()));
    ports
        .tokens
        .expect_issue()
        .returning(|claims| format!("{}@{}", claims.user, claims.token_version));
    let updated = ports
        .service()
        .update_user(&amina, &amina.id, &input)
        .await
        .unwrap();
    assert_eq!(updated.token.as_deref(), Some("amina@1"));
    assert!(!updated.user.accepts(&amina.session_claims()));
}

#[tokio::test]
async fn an_admin_resetting_a_password_ends_that_users_sessions_without_a_token() {
    let mut ports = Mocks::new();
    ports
        .users
        .expect_by_id()
        .returning(|_| Ok(Some(shopper("amina"))));
    ports
        .hasher
        .expect_hash()
        .returning(|_| Ok("new-hash".into()));
    ports
        .users
        .expect_update()
        .withf(|_, password| password.as_ref().is_some_and(|p| p.must_change))
        .times(1)
        .returning(|_, _| Ok(()));
    ports.audit.expect_record().returning(|_| Ok(()));
    let input = ProfileChangeInput {
        contact: contact("Amina", "amina@example.com"),
        new_password: Some("newsecret".into()),
        ..Default::default()
    };
    let updated = ports
        .service()
        .update_user(&admin("boss"), &UserId::parse("amina").unwrap(), &input)
        .await
        .unwrap();
    assert_eq!(updated.token, None);
    assert_eq!(updated.user.token_version, 1);
    assert!(updated.user.must_change_password);
}

#[tokio::test]
async fn a_token_from_before_a_password_change_stops_working() {
    let mut ports = Mocks::new();
    ports.tokens.expect_verify().returning(|_| {
        Some(SessionClaims {
            user: UserId::parse("amina").unwrap(),
            token_version: 0,
        })
    });
    ports.users.expect_by_id().returning(|_| {
        let mut amina = shopper("amina");
        amina.replace_password("new-hash".into(), false);
        Ok(Some(amina))
    });
    let error = ports
        .service()
        .authenticate("t", Intent::Other)
        .await
        .unwrap_err();
    assert!(matches!(error, AuthenticateError::NoSession));
}

#[tokio::test]
async fn on_a_temporary_password_only_that_password_may_change() {
    let mut ports = Mocks::new();
    let mut hodan = shopper("hodan");
    hodan.must_change_password = true;
    let stored = hodan.clone();
    ports
        .users
        .expect_by_id()
        .returning(move |_| Ok(Some(stored.clone())));
    ports
        .tokens
        .expect_verify()
        .returning(|_| Some(shopper("hodan").session_claims()));
    let shop = ports.service();
    let rename = ProfileChangeInput {
        contact: contact("Hodan Ali", "hodan@example.com"),
        ..Default::default()
    };
    let error = shop
        .update_user(&hodan, &hodan.id, &rename)
        .await
        .unwrap_err();
    assert!(matches!(
        error,
        UpdateUserError::Refused(PermissionError::TemporaryPassword)
    ));
    assert!(matches!(
        shop.authenticate("t", Intent::Other).await,
        Err(AuthenticateError::Refused(
            PermissionError::TemporaryPassword
        ))
    ));
    assert!(shop.authenticate("t", Intent::ReadOwnProfile).await.is_ok());
}

#[tokio::test]
async fn a_token_of_a_deleted_user_stops_working() {
    let mut ports = Mocks::new();
    ports
        .tokens
        .expect_verify()
        .returning(|_| Some(shopper("gone").session_claims()));
    ports.users.expect_by_id().returning(|_| Ok(None));
    let error = ports
        .service()
        .authenticate("t", Intent::Other)
        .await
        .unwrap_err();
    assert!(matches!(error, AuthenticateError::NoSession));
}

#[tokio::test]
async fn a_shopper_cannot_make_themselves_admin() {
    let mut ports = Mocks::new();
    let amina = shopper("amina");
    let stored = amina.clone();
    ports
        .users
        .expect_by_id()
        .returning(move |_| Ok(Some(stored.clone())));
    let input = ProfileChangeInput {
        contact: contact("Amina", "amina@example.com"),
        role: Some("admin".into()),
        ..Default::default()
    };
    let error = ports
        .service()
        .update_user(&amina, &amina.id, &input)
        .await
        .unwrap_err();
    assert!(matches!(
        error,
        UpdateUserError::Refused(PermissionError::AdminOnly)
    ));
}

#[tokio::test]
async fn an_account_without_an_e_mail_keeps_none_and_its_number_stays_its_own() {
    let hodan = User {
        email: None,
        phone: "252615550101".into(),
        ..shopper("hodan")
    };
    let rename = ProfileChangeInput {
        contact: ContactInput {
            name: "Hodan Ali".into(),
            email: "".into(),
            phone: "061 555 0102".into(),
        },
        ..Default::default()
    };
    let update = |stored: Result<(), UserStoreError>| {
        let mut ports = Mocks::new();
        let before = hodan.clone();
        ports
            .users
            .expect_by_id()
            .returning(move |_| Ok(Some(before.clone())));
        ports
            .users
            .expect_update()
            .withf(|user, password| {
                user.email.is_none()
                    && user.phone == "252615550102"
                    && user.name == "Hodan Ali"
                    && password.is_none()
            })
            .times(1)
            .return_once(move |_, _| stored);
        ports.service()
    };
    let updated = update(Ok(()))
        .update_user(&hodan, &hodan.id, &rename)
        .await
        .unwrap();
    assert_eq!(updated.user.email, None);
    let taken = update(Err(UserStoreError::Repo(RepoError::Duplicate)))
        .update_user(&hodan, &hodan.id, &rename)
        .await;
    assert!(
        matches!(taken, Err(UpdateUserError::PhoneTaken)),
        "{taken:?}"
    );
}

#[tokio::test]
async fn a_password_change_checks_the_current_password() {
    let mut ports = Mocks::new();
    let amina = shopper("amina");
    let stored = amina.clone();
    ports
        .users
        .expect_by_id()
        .returning(move |_| Ok(Some(stored.clone())));
    ports
        .hasher
        .expect_verify()
        .with(eq("wrong"), eq("hash"))
        .returning(|_, _| false);
    let input = ProfileChangeInput {
        contact: contact("Amina", "amina@example.com"),
        new_password: Some("newsecret".into()),
        current_password: Some("wrong".into()),
        ..Default::default()
    };
    let error = ports
        .service()
        .update_user(&amina, &amina.id, &input)
        .await
        .unwrap_err();
    assert!(matches!(error, UpdateUserError::CurrentPasswordWrong));
}

#[tokio::test]
async fn an_admin_cannot_delete_their_own_account() {
    let mut ports = Mocks::new();
    let boss = admin("boss");
    let stored = boss.clone();
    ports
        .users
        .expect_by_id()
        .returning(move |_| Ok(Some(stored.clone())));
    let error = ports
        .service()
        .delete_user(&boss, &boss.id)
        .await
        .unwrap_err();
    assert!(matches!(
        error,
        DeleteUserError::Refused(PermissionError::SelfDelete)
    ));
}

#[tokio::test]
async fn admin_created_users_get_a_temporary_password() {
    let mut ports = Mocks::new();
    ports
        .secrets
        .expect_temporary_password()
        .returning(|| "Temp-1234".into());
    ports
        .hasher
        .expect_hash()
        .with(eq("Temp-1234"))
        .returning(|_| Ok("hashed".into()));
    ports.users.expect_insert().returning(|_| Ok(()));
    ports
        .audit
        .expect_record()
        .withf(|entry| {
            entry.actor_id.as_str() == "boss"
                && entry.actor_email.as_ref().map(Email::as_str) == Some("boss@example.com")
                && entry.change.action == AuditAction::UserCreate
                && entry.change.before.is_none()
                && entry
                    .change
                    .after
                    .as_ref()
                    .map(|a| Value::Object(a.clone()))
                    == Some(json!({ "name": "Hodan", "email": "hodan@example.com",
                        "phone": "615551234", "role": "admin", "mustChangePassword": true }))
        })
        .times(1)
        .returning(|_| Ok(()));
    let contact = contact("Hodan", "hodan@example.com");
    let created = ports
        .service()
        .create_user(&admin("boss"), &contact, Some("admin"))
        .await
        .unwrap();
    assert_eq!(created.temporary_password, "Temp-1234");
    assert_eq!(created.user.role, Role::Admin);
    assert!(created.user.must_change_password);
}

#[tokio::test]
async fn registrations_with_free_emails_pass_and_the_twenty_first_taken_one_is_throttled() {
    let mut ports = Mocks::new();
    ports
        .hasher
        .expect_hash()
        .returning(|_| Ok("hashed".into()));
    let mut inserts = 0;
    // The first 200 e-mails are free, the next ones taken.
    ports.users.expect_insert().times(220).returning(move |_| {
        inserts += 1;
        if inserts <= 200 {
            Ok(())
        } else {
            Err(RepoError::Duplicate)
        }
    });
    ports.tokens.expect_issue().returning(|_| "token".into());
    let shop = ports.service();
    for i in 0..200 {
        shop.register(&registration(&format!("u{i}@example.com")), "1.1.1.1")
            .await
            .unwrap();
    }
    for i in 0..20 {
        let taken = shop
            .register(&registration(&format!("t{i}@example.com")), "1.1.1.1")
            .await;
        assert!(matches!(taken, Err(RegisterError::EmailTaken)), "{taken:?}");
    }
    let error = shop
        .register(&registration("late@example.com"), "1.1.1.1")
        .await
        .unwrap_err();
    assert!(matches!(
        error,
        RegisterError::TooManyAttempts(TooManyAttempts { ref message, retry_after_secs: 3600 })
            if message == "Too many registration attempts. Please try again in 60 minutes."
    ));
}

#[tokio::test]
async fn an_admin_changing_a_role_is_audited_and_a_shopper_editing_themselves_is_not() {
    let mut ports = Mocks::new();
    let amina = shopper("amina");
    let stored = amina.clone();
    ports
        .users
        .expect_by_id()
        .returning(move |_| Ok(Some(stored.clone())));
    ports
        .users
        .expect_update()
        .withf(|_, password| password.is_none())
        .times(2)
        .returning(|_, _| Ok(()));
    ports
        .audit
        .expect_record()
        .withf(|entry| {
            let (before, after) = (
                entry.change.before.clone().unwrap(),
                entry.change.after.clone().unwrap(),
            );
            entry.change.action == AuditAction::UserUpdate
                && entry.change.entity_id.as_deref() == Some("amina")
                && before["role"] == "user"
                && after["role"] == "admin"
                && before["name"] == "amina"
                && after["name"] == "Amina"
        })
        .times(1)
        .returning(|_| Ok(()));
    let shop = ports.service();
    let promote = ProfileChangeInput {
        contact: contact("Amina", "amina@example.com"),
        role: Some("admin".into()),
        ..Default::default()
    };
    shop.update_user(&admin("boss"), &amina.id, &promote)
        .await
        .unwrap();
    let own = ProfileChangeInput {
        contact: contact("Amina", "amina@example.com"),
        ..Default::default()
    };
    shop.update_user(&amina, &amina.id, &own).await.unwrap();
}

#[tokio::test]
async fn deleting_a_user_is_audited_with_their_fields() {
    let mut ports = Mocks::new();
    ports
        .users
        .expect_by_id()
        .returning(|_| Ok(Some(shopper("amina"))));
    ports.users.expect_delete().times(1).returning(|_| Ok(()));
    ports
        .audit
        .expect_record()
        .withf(|entry| {
            entry.change.action == AuditAction::UserDelete
                && entry.change.after.is_none()
                && entry.change.before.as_ref().unwrap()["email"] == "amina@example.com"
        })
        .times(1)
        .returning(|_| Ok(()));
    ports
        .service()
        .delete_user(&admin("boss"), &UserId::parse("amina").unwrap())
        .await
        .unwrap();
}

#[tokio::test]
async fn a_password_change_that_loses_to_another_is_a_conflict() {
    let (mut ports, amina, input) = amina_changing_her_password();
    ports
        .users
        .expect_update()
        .returning(|_, _| Err(UserStoreError::PasswordChanged));
    ports.tokens.expect_issue().never();
    let error = ports
        .service()
        .update_user(&amina, &amina.id, &input)
        .await
        .unwrap_err();
    assert!(matches!(
        error,
        UpdateUserError::Store(UserStoreError::PasswordChanged)
    ));
}

#[tokio::test]
async fn stored_emails_a_mailer_would_misread_are_listed_with_why() {
    let mut ports = Mocks::new();
    ports.users.expect_stored_emails().returning(|| {
        Ok(
            ["amina@example.com", "x<victim@example.com>", "zz@localhost"]
                .into_iter()
                .enumerate()
                .map(|(i, email)| (UserId::parse(&format!("u{i}")).unwrap(), email.into()))
                .collect(),
        )
    });
    let unusable = ports.service().unusable_emails().await.unwrap();
    let listed: Vec<String> = unusable.iter().map(ToString::to_string).collect();
    assert_eq!(
        listed,
        [
            "account u1: \"x<victim@example.com>\": it is not one bare address (Invalid email user)",
            "account u2: \"zz@localhost\": its domain is not a dotted name",
        ]
    );
}
