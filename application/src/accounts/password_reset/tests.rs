use super::*;
use crate::testing::{shopper, AccountMocks};
use chrono::{Duration, TimeZone, Utc};
use domain::password_reset::{CODE_SENT, CODE_SENT_BY_SMS};
use domain::phone::MobileNumber;
use domain::user::{Email, NewPassword, User};
use mockall::predicate::eq;

fn now() -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 21, 12, 0, 0).unwrap()
}

fn ports_making_code() -> AccountMocks {
    let mut ports = AccountMocks::new();
    ports
        .secrets
        .expect_reset_code()
        .times(1)
        .return_const("042137".to_owned());
    ports
        .hasher
        .expect_hash()
        .withf(|code| code == "042137")
        .times(1)
        .returning(|_| Ok("code-hash".into()));
    ports
}

#[tokio::test]
async fn an_unknown_e_mail_gets_the_same_answer_after_the_same_work_and_nothing_is_stored() {
    let mut ports = ports_making_code();
    ports.users.expect_by_email().returning(|_| Ok(None));
    ports.users.expect_start_password_reset().never();
    let answer = ports
        .service()
        .forgot_password(&AccountKeyInput::email("nobody@example.com"), "10.0.0.1")
        .await;
    assert_eq!(answer.unwrap(), CODE_SENT);
}

#[tokio::test]
async fn a_known_account_gets_a_hashed_code_for_thirty_minutes_sent_by_e_mail_and_sms() {
    let mut ports = ports_making_code();
    ports
        .users
        .expect_by_email()
        .returning(|_| Ok(Some(shopper("amina"))));
    ports
        .users
        .expect_start_password_reset()
        .withf(|reset, messages, at| {
            reset.code_hash == "code-hash"
                && reset.expires_at == now() + Duration::minutes(30)
                && reset.tries_left == 5
                && *at == now()
                && messages.len() == 2
                && messages[0].recipient.as_deref() == Some("amina@example.com")
                && messages[1].recipient.as_deref() == Some("252615551234")
                && messages
                    .iter()
                    .all(|m| m.payload.as_deref() == Some("042137") && m.reference == "amina")
        })
        .times(1)
        .returning(|_, _, _| Ok(()));
    let answer = ports
        .service()
        .forgot_password(&AccountKeyInput::email("Amina@example.com"), "10.0.0.1")
        .await;
    assert_eq!(answer.unwrap(), CODE_SENT);
}

/// Hodan, whom staff took an order for on the phone: no e-mail.
fn phone_only() -> User {
    User {
        email: None,
        phone: "252615550101".into(),
        ..shopper("hodan")
    }
}

#[tokio::test]
async fn an_account_without_an_e_mail_gets_its_code_by_sms_alone_when_asked_by_number() {
    let mut ports = ports_making_code();
    ports.users.expect_by_email().never();
    ports
        .users
        .expect_by_phone_without_email()
        .with(eq(MobileNumber::parse("615550101").unwrap()))
        .times(1)
        .returning(|_| Ok(Some(phone_only())));
    ports
        .users
        .expect_start_password_reset()
        .withf(|reset, messages, _| {
            reset.user.as_str() == "hodan"
                && messages.len() == 1
                && messages[0].recipient.as_deref() == Some("252615550101")
                && messages[0].payload.as_deref() == Some("042137")
        })
        .times(1)
        .returning(|_, _, _| Ok(()));
    let answer = ports
        .service()
        .forgot_password(&AccountKeyInput::phone("061 555 0101"), "10.0.0.1")
        .await;
    assert_eq!(answer.unwrap(), CODE_SENT_BY_SMS);
}

#[tokio::test]
async fn a_number_without_such_an_account_gets_the_same_answer_and_a_bad_one_a_field_error() {
    let mut ports = ports_making_code();
    ports
        .users
        .expect_by_phone_without_email()
        .returning(|_| Ok(None));
    ports.users.expect_start_password_reset().never();
    let shop = ports.service();
    let answer = shop
        .forgot_password(&AccountKeyInput::phone("615550199"), "10.0.0.1")
        .await;
    assert_eq!(answer.unwrap(), CODE_SENT_BY_SMS);
    let bad = shop
        .forgot_password(&AccountKeyInput::phone("12345"), "10.0.0.1")
        .await;
    assert!(
        matches!(&bad, Err(ForgotPasswordError::Invalid(e)) if e.get("phone") == Some("Please enter a valid Somali mobile number, such as 61 234 5678")),
        "{bad:?}"
    );
}

#[tokio::test]
async fn an_account_without_an_e_mail_resets_its_password_with_the_code_and_its_number() {
    let mut ports = AccountMocks::new();
    ports
        .users
        .expect_by_phone_without_email()
        .returning(|_| Ok(Some(phone_only())));
    ports
        .users
        .expect_take_reset_try()
        .returning(|_, _| Ok(Some("code-hash".into())));
    ports
        .hasher
        .expect_verify()
        .returning(|code, hash| code == "042137" && hash == "code-hash");
    ports
        .hasher
        .expect_hash()
        .returning(|_| Ok("new-hash".into()));
    ports
        .users
        .expect_finish_password_reset()
        .withf(|user, _, code_hash| user.as_str() == "hodan" && code_hash == "code-hash")
        .times(1)
        .returning(|_, _, _| Ok(()));
    let input = ResetInput {
        account: AccountKeyInput::phone("+252 61 555 0101"),
        ..reset("042137")
    };
    let answer = ports.service().reset_password(&input, "10.0.0.1").await;
    assert_eq!(answer.unwrap(), PASSWORD_RESET);
}

#[tokio::test]
async fn asking_for_codes_is_throttled_per_e_mail() {
    let mut ports = AccountMocks::new();
    ports
        .secrets
        .expect_reset_code()
        .return_const("111111".to_owned());
    ports.hasher.expect_hash().returning(|_| Ok("h".into()));
    ports.users.expect_by_email().returning(|_| Ok(None));
    let shop = ports.service();
    for _ in 0..5 {
        shop.forgot_password(&AccountKeyInput::email("amina@example.com"), "10.0.0.1")
            .await
            .unwrap();
    }
    let sixth = shop
        .forgot_password(&AccountKeyInput::email("amina@example.com"), "10.0.0.2")
        .await;
    assert!(matches!(
        sixth,
        Err(ForgotPasswordError::TooManyAttempts(_))
    ));
}

fn reset(code: &str) -> ResetInput {
    ResetInput {
        account: AccountKeyInput::email("amina@example.com"),
        code: code.into(),
        password: "a new secret".into(),
    }
}

fn ports_with_live_code() -> AccountMocks {
    let mut ports = AccountMocks::new();
    ports
        .users
        .expect_by_email()
        .with(mockall::predicate::eq(
            Email::parse("amina@example.com").unwrap(),
        ))
        .returning(|_| Ok(Some(shopper("amina"))));
    ports
        .users
        .expect_take_reset_try()
        .returning(|_, _| Ok(Some("code-hash".into())));
    ports
        .hasher
        .expect_verify()
        .returning(|code, hash| code == "042137" && hash == "code-hash");
    ports
}

/// The right code, and storing the new password answers `stored`.
fn ports_storing(stored: Result<(), UserStoreError>) -> AccountMocks {
    let mut ports = ports_with_live_code();
    ports
        .hasher
        .expect_hash()
        .returning(|_| Ok("new-hash".into()));
    ports
        .users
        .expect_finish_password_reset()
        .times(1)
        .return_once(move |_, _, _| stored);
    ports
}

#[tokio::test]
async fn the_right_code_sets_the_password_and_ends_earlier_sessions() {
    let mut ports = ports_with_live_code();
    ports
        .hasher
        .expect_hash()
        .withf(|password| password == "a new secret")
        .returning(|_| Ok("new-hash".into()));
    ports
        .users
        .expect_finish_password_reset()
        .withf(|user, password, code_hash| {
            user.as_str() == "amina"
                && *password
                    == NewPassword {
                        hash: "new-hash".into(),
                        must_change: false,
                        replaces_version: 0,
                    }
                && code_hash == "code-hash"
        })
        .times(1)
        .returning(|_, _, _| Ok(()));
    let answer = ports
        .service()
        .reset_password(&reset("042137"), "10.0.0.1")
        .await;
    assert_eq!(answer.unwrap(), PASSWORD_RESET);
}

#[tokio::test]
async fn a_wrong_used_or_missing_code_is_refused_with_one_answer() {
    let mut ports = ports_with_live_code();
    ports.users.expect_finish_password_reset().never();
    let wrong = ports
        .service()
        .reset_password(&reset("999999"), "10.0.0.1")
        .await;
    assert!(matches!(wrong, Err(ResetPasswordError::CodeRefused)));
    // Without a live code: see a_wrong_code_costs_a_hash_check_with_or_without_….

    let raced = ports_storing(Err(UserStoreError::Repo(RepoError::NotFound)))
        .service()
        .reset_password(&reset("042137"), "10.0.0.1")
        .await;
    assert!(matches!(raced, Err(ResetPasswordError::CodeRefused)));

    let invalid = AccountMocks::new()
        .service()
        .reset_password(&reset("12"), "10.0.0.1")
        .await;
    assert!(
        matches!(invalid, Err(ResetPasswordError::Invalid(e)) if e.get("code") == Some("Enter the 6-digit code"))
    );
}

#[tokio::test]
async fn a_wrong_code_costs_a_hash_check_with_or_without_an_account_or_a_live_code() {
    let mut ports = AccountMocks::new();
    ports
        .users
        .expect_by_email()
        .returning(|email| Ok((email.as_str() == "amina@example.com").then(|| shopper("amina"))));
    ports
        .users
        .expect_take_reset_try()
        .returning(|_, _| Ok(None));
    ports
        .hasher
        .expect_hash()
        .times(1)
        .returning(|_| Ok("stand-in-hash".into()));
    // Checked against the stand-in hash like a live code's, and refused even when it matches.
    ports
        .hasher
        .expect_verify()
        .with(eq("042137"), eq("stand-in-hash"))
        .times(2)
        .returning(|_, _| true);
    ports.users.expect_finish_password_reset().never();
    let shop = ports.service();
    for email in ["nobody@example.com", "amina@example.com"] {
        let input = ResetInput {
            account: AccountKeyInput::email(email),
            ..reset("042137")
        };
        let refused = shop.reset_password(&input, "10.0.0.1").await;
        assert!(
            matches!(refused, Err(ResetPasswordError::CodeRefused)),
            "{email}: {refused:?}"
        );
    }
}

#[tokio::test]
async fn a_reset_that_loses_to_a_password_change_is_a_conflict() {
    let lost = ports_storing(Err(UserStoreError::PasswordChanged))
        .service()
        .reset_password(&reset("042137"), "10.0.0.1")
        .await;
    assert!(
        matches!(
            lost,
            Err(ResetPasswordError::Store(UserStoreError::PasswordChanged))
        ),
        "{lost:?}"
    );
}
