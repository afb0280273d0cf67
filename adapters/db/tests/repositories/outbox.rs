use crate::support::{
    add_product, add_user, databases, now, order, order_id, sized_product, transition, unconfirmed,
    user_id,
};
use chrono::{Duration, DurationRound, Utc};
use domain::notification::{Announcement, Channel, DeliveryStatus, Topic};
use domain::order::OrderTransition;
use domain::password_reset::PasswordReset;
use domain::ports::{
    NotificationQuery, OrderRepository, Outbox, Page, ProductRepository, RepoError, SendOutcome,
    UserRepository, UserStoreError,
};
use domain::NotificationId;
use shop_db::Database;

/// Everything the outbox holds: (topic, channel, recipient, reference, payload), oldest first.
async fn queued(db: &Database) -> Vec<(Topic, Channel, Option<String>, String, Option<String>)> {
    let query = NotificationQuery {
        status: None,
        channel: None,
        search: None,
        page: Page {
            number: 1,
            size: 100,
        },
    };
    let (mut all, total) = Outbox::list(db, &query).await.unwrap();
    assert_eq!(total as usize, all.len());
    all.reverse();
    all.into_iter()
        .map(|n| (n.topic, n.channel, n.recipient, n.reference, n.payload))
        .collect()
}

/// A second from now, to the microsecond (as the databases keep times).
fn later() -> chrono::DateTime<Utc> {
    micros(Utc::now() + Duration::seconds(1))
}

fn micros(at: chrono::DateTime<Utc>) -> chrono::DateTime<Utc> {
    at.duration_trunc(chrono::TimeDelta::microseconds(1))
        .unwrap()
}

#[tokio::test]
async fn a_payment_confirmed_queues_the_shoppers_messages_and_the_shops_alert_in_its_transaction() {
    for db in databases().await {
        let dress = add_product(&db, "dress", 20).await;
        OrderRepository::place(&db, &unconfirmed("o1", "amina", &[(&dress, 1)]))
            .await
            .unwrap();
        assert!(
            queued(&db).await.is_empty(),
            "placing says nothing yet, {db:?}"
        );
        let paid = OrderTransition::paid_at_checkout("T1".into());
        transition(&db, &order_id("o1"), &paid, now())
            .await
            .unwrap();
        let email = Some("amina@example.com".to_owned());
        let phone = Some("252615551234".to_owned());
        assert_eq!(
            queued(&db).await,
            [
                (
                    Topic::OrderConfirmed,
                    Channel::Email,
                    email,
                    "o1".into(),
                    None
                ),
                (
                    Topic::OrderConfirmed,
                    Channel::Sms,
                    phone,
                    "o1".into(),
                    None
                ),
                (Topic::NewOrder, Channel::Email, None, "o1".into(), None),
            ],
            "{db:?}"
        );
    }
}

#[tokio::test]
async fn a_size_running_low_alerts_the_shop_once_as_it_crosses_three() {
    for db in databases().await {
        let abaya = sized_product("abaya", &[("S", None, 5), ("M", None, 9)]);
        ProductRepository::insert(&db, &abaya).await.unwrap();
        let mut first = order("o1", "amina", &[]);
        let mut line = order("x", "amina", &[(&abaya, 2)]).lines.remove(0);
        line.variant = Some(abaya.variants[0].snapshot());
        first.lines = vec![line.clone()];
        OrderRepository::place(&db, &first).await.unwrap();
        let mut second = order("o2", "amina", &[]);
        line.quantity = 1;
        second.lines = vec![line];
        OrderRepository::place(&db, &second).await.unwrap();
        let alerts: Vec<_> = queued(&db)
            .await
            .into_iter()
            .filter(|(topic, ..)| *topic == Topic::LowStock)
            .collect();
        assert_eq!(alerts.len(), 1, "5 -> 3 alerts, 3 -> 2 does not, {db:?}");
        assert_eq!(alerts[0].3, "abaya");
        let payload = alerts[0].4.as_deref().unwrap();
        let low = domain::notification::LowStock::from_payload("abaya", payload).unwrap();
        assert_eq!((low.item.as_str(), low.left), ("Dress abaya (S)", 3));
    }
}

fn announcement(topic: Topic, channel: Channel, reference: &str) -> Announcement {
    Announcement {
        topic,
        channel,
        recipient: Some("amina@example.com".into()),
        reference: reference.into(),
        payload: Some("123456".into()),
    }
}

#[tokio::test]
async fn each_due_message_is_claimed_once_until_its_lease_ends() {
    for db in databases().await {
        let messages: Vec<Announcement> = (0..6)
            .map(|i| announcement(Topic::OrderShipped, Channel::Email, &format!("o{i}")))
            .collect();
        Outbox::enqueue(&db, &messages, Utc::now()).await.unwrap();
        let now = later();
        let lease = now + Duration::minutes(2);
        let (a, b) = tokio::join!(
            Outbox::claim_due(&db, now, lease, 4),
            Outbox::claim_due(&db, now, lease, 4)
        );
        let (a, b) = (a.unwrap(), b.unwrap());
        assert_eq!(a.len() + b.len(), 6, "{db:?}");
        let mut ids: Vec<_> = a.iter().chain(&b).map(|n| n.id.clone()).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), 6, "no message claimed twice, {db:?}");
        assert!(a.iter().chain(&b).all(|n| n.attempts == 1));
        assert!(Outbox::claim_due(&db, now, lease, 10)
            .await
            .unwrap()
            .is_empty());
        let after_lease = lease + Duration::seconds(1);
        let again = Outbox::claim_due(&db, after_lease, after_lease, 10)
            .await
            .unwrap();
        assert_eq!(again.len(), 6, "a dead worker's claims come due again");
        assert!(again.iter().all(|n| n.attempts == 2));
    }
}

#[tokio::test]
async fn outcomes_are_recorded_and_unconfigured_channels_skipped_forgetting_reset_codes() {
    for db in databases().await {
        Outbox::enqueue(
            &db,
            &[
                announcement(Topic::OrderShipped, Channel::Email, "o1"),
                announcement(Topic::PasswordReset, Channel::Sms, "amina"),
                announcement(Topic::OrderShipped, Channel::Sms, "o1"),
            ],
            Utc::now(),
        )
        .await
        .unwrap();
        let now = later();
        assert_eq!(Outbox::skip(&db, &[Channel::Sms], now).await.unwrap(), 2);
        let claimed = Outbox::claim_due(&db, now, now + Duration::minutes(2), 10)
            .await
            .unwrap();
        assert_eq!(claimed.len(), 1, "{db:?}");
        let retry_at = now + Duration::seconds(10);
        Outbox::record(
            &db,
            &[SendOutcome {
                id: claimed[0].id.clone(),
                status: DeliveryStatus::Retrying,
                recipient: None,
                subject: Some("Order #o1 has shipped".into()),
                error: Some("connection refused".into()),
                at: now,
                next_attempt_at: Some(retry_at),
                forget_payload: false,
            }],
        )
        .await
        .unwrap();
        let stored = Outbox::by_id(&db, &claimed[0].id).await.unwrap().unwrap();
        assert_eq!(stored.status, DeliveryStatus::Retrying);
        assert_eq!(
            Outbox::count_by_status(&db).await.unwrap(),
            vec![
                (DeliveryStatus::Pending, 0),
                (DeliveryStatus::Sent, 0),
                (DeliveryStatus::Retrying, 1),
                (DeliveryStatus::Failed, 0),
                (DeliveryStatus::Skipped, 2),
            ],
            "{db:?}"
        );
        assert_eq!(stored.last_error.as_deref(), Some("connection refused"));
        assert_eq!(stored.next_attempt_at, Some(retry_at));
        assert!(Outbox::claim_due(&db, now, now, 10)
            .await
            .unwrap()
            .is_empty());
        assert_eq!(
            Outbox::claim_due(&db, retry_at, retry_at, 10)
                .await
                .unwrap()
                .len(),
            1
        );

        let page = Page {
            number: 1,
            size: 10,
        };
        let skipped = NotificationQuery {
            status: Some(DeliveryStatus::Skipped),
            channel: Some(Channel::Sms),
            search: None,
            page,
        };
        let (skipped, total) = Outbox::list(&db, &skipped).await.unwrap();
        assert_eq!(total, 2);
        let code = skipped
            .iter()
            .find(|n| n.topic == Topic::PasswordReset)
            .unwrap();
        assert_eq!(code.payload, None, "a code never sent is not kept");
        let searched = NotificationQuery {
            status: None,
            channel: None,
            search: Some("HAS SHIPPED".into()),
            page,
        };
        assert_eq!(
            Outbox::list(&db, &searched).await.unwrap().1,
            1,
            "by subject"
        );

        Outbox::resend(&db, &code.id, now).await.unwrap();
        let resent = Outbox::by_id(&db, &code.id).await.unwrap().unwrap();
        assert_eq!(
            (resent.status, resent.attempts),
            (DeliveryStatus::Pending, 0)
        );
        assert_eq!(resent.give_up_at, micros(now) + Duration::hours(24));
        let missing = NotificationId::parse("nope").unwrap();
        assert_eq!(
            Outbox::resend(&db, &missing, now).await,
            Err(RepoError::NotFound)
        );
    }
}

#[tokio::test]
async fn a_reset_code_allows_five_tries_and_one_reset() {
    for db in databases().await {
        let amina = add_user(&db, "amina").await;
        let reset = PasswordReset::issued(amina.id.clone(), "hash-1".into(), Utc::now());
        let message = announcement(Topic::PasswordReset, Channel::Email, "amina");
        UserRepository::start_password_reset(&db, &reset, &[message], Utc::now())
            .await
            .unwrap();
        assert_eq!(queued(&db).await.len(), 1, "the code's e-mail with it");
        let now = Utc::now();
        for _ in 0..5 {
            let hash = UserRepository::take_reset_try(&db, &amina.id, now)
                .await
                .unwrap();
            assert_eq!(hash.as_deref(), Some("hash-1"), "{db:?}");
        }
        assert_eq!(
            UserRepository::take_reset_try(&db, &amina.id, now)
                .await
                .unwrap(),
            None
        );

        let fresh = PasswordReset::issued(amina.id.clone(), "hash-2".into(), Utc::now());
        UserRepository::start_password_reset(&db, &fresh, &[], Utc::now())
            .await
            .unwrap();
        let expired = now + Duration::minutes(31);
        assert_eq!(
            UserRepository::take_reset_try(&db, &amina.id, expired)
                .await
                .unwrap(),
            None
        );
        let password = amina.clone().replace_password("new".into(), false);
        assert_eq!(
            UserRepository::finish_password_reset(&db, &amina.id, &password, "hash-1").await,
            Err(UserStoreError::Repo(RepoError::NotFound)),
            "an older code no longer counts"
        );
        let (first, second) = tokio::join!(
            UserRepository::finish_password_reset(&db, &amina.id, &password, "hash-2"),
            UserRepository::finish_password_reset(&db, &amina.id, &password, "hash-2")
        );
        assert_eq!(
            [first.is_ok(), second.is_ok()]
                .iter()
                .filter(|ok| **ok)
                .count(),
            1,
            "one reset per code, {db:?}"
        );
        let stored = UserRepository::by_id(&db, &user_id("amina"))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (stored.password_hash.as_str(), stored.token_version),
            ("new", 1)
        );
    }
}

#[tokio::test]
async fn a_reset_that_loses_to_a_password_change_stores_nothing_and_keeps_its_code() {
    for db in databases().await {
        let amina = add_user(&db, "amina").await;
        let reset = PasswordReset::issued(amina.id.clone(), "code-hash".into(), Utc::now());
        UserRepository::start_password_reset(&db, &reset, &[], Utc::now())
            .await
            .unwrap();
        let mut resetting = amina.clone();
        let reset_password = resetting.replace_password("reset".into(), false);
        let mut changed = amina.clone();
        let changed_password = changed.replace_password("changed".into(), false);
        UserRepository::update(&db, &changed, Some(changed_password))
            .await
            .unwrap();
        assert_eq!(
            UserRepository::finish_password_reset(&db, &amina.id, &reset_password, "code-hash")
                .await,
            Err(UserStoreError::PasswordChanged),
            "{db:?}"
        );
        assert_eq!(
            UserRepository::by_id(&db, &amina.id).await.unwrap(),
            Some(changed.clone())
        );
        // The code is still there for the owner's next try, over the version now.
        let mut again = changed.clone();
        let password = again.replace_password("reset".into(), false);
        UserRepository::finish_password_reset(&db, &amina.id, &password, "code-hash")
            .await
            .unwrap();
        let stored = UserRepository::by_id(&db, &amina.id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (stored.password_hash.as_str(), stored.token_version),
            ("reset", 2)
        );
    }
}

#[tokio::test]
async fn finished_messages_are_forgotten_oldest_first_and_due_ones_never() {
    for db in databases().await {
        let queued_at = Utc::now();
        Outbox::enqueue(
            &db,
            &[
                announcement(Topic::OrderShipped, Channel::Email, "o1"),
                announcement(Topic::OrderShipped, Channel::Email, "o2"),
                announcement(Topic::OrderShipped, Channel::Sms, "o3"),
            ],
            queued_at,
        )
        .await
        .unwrap();
        let now = later();
        Outbox::skip(&db, &[Channel::Email], now).await.unwrap();
        assert_eq!(
            Outbox::forget_finished(&db, queued_at, 10).await.unwrap(),
            0,
            "none older"
        );
        assert_eq!(
            Outbox::forget_finished(&db, now, 1).await.unwrap(),
            1,
            "{db:?}"
        );
        assert_eq!(Outbox::forget_finished(&db, now, 10).await.unwrap(), 1);
        let left = queued(&db).await;
        assert_eq!(left.len(), 1, "the SMS still to send stays");
        assert_eq!(left[0].3, "o3");
    }
}

#[tokio::test]
async fn messages_of_unconfigured_channels_are_stored_skipped_without_their_codes() {
    for db in databases().await {
        db.set_unconfigured_channels(&[Channel::Sms]);
        Outbox::enqueue(
            &db,
            &[
                announcement(Topic::PasswordReset, Channel::Email, "amina"),
                announcement(Topic::PasswordReset, Channel::Sms, "amina"),
            ],
            Utc::now(),
        )
        .await
        .unwrap();
        let stored = queued(&db).await;
        assert_eq!(stored[0].4.as_deref(), Some("123456"), "{db:?}");
        assert_eq!(stored[1].4, None, "no code kept for an SMS never sent");
        let now = later();
        let due = Outbox::claim_due(&db, now, now, 10).await.unwrap();
        assert_eq!(due.len(), 1, "only the e-mail is to send");
        assert_eq!(due[0].channel, Channel::Email);
        let skipped = NotificationQuery {
            status: Some(DeliveryStatus::Skipped),
            channel: None,
            search: None,
            page: Page {
                number: 1,
                size: 10,
            },
        };
        assert_eq!(Outbox::list(&db, &skipped).await.unwrap().1, 1);
    }
}
