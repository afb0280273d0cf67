use super::*;
use crate::testing::{admin, clock, current_settings, paid_order, shopper};
use chrono::{DateTime, Duration, TimeZone, Utc};
use domain::notification::GIVE_UP_AFTER;
use domain::ports::{
    MockMailer, MockOrderRepository, MockOutbox, MockReturnRepository, MockSettingsRepository,
    MockSmsGateway, MockUserRepository,
};
use domain::ProductId;
use mockall::predicate::eq;

struct Mocks {
    outbox: MockOutbox,
    users: MockUserRepository,
    orders: MockOrderRepository,
    returns: MockReturnRepository,
    settings: MockSettingsRepository,
}

impl Mocks {
    fn new() -> Self {
        Self {
            outbox: MockOutbox::new(),
            users: MockUserRepository::new(),
            orders: MockOrderRepository::new(),
            returns: MockReturnRepository::new(),
            settings: MockSettingsRepository::new(),
        }
    }

    /// The service sending through `channels`.
    fn service(self, channels: Channels) -> Notifications {
        let users: Arc<dyn UserRepository> = Arc::new(self.users);
        Notifications::new(
            Arc::new(self.outbox),
            users.clone(),
            Arc::new(self.orders),
            Arc::new(self.returns),
            clock(),
            current_settings(self.settings),
            Languages::new(users),
            channels,
            PaymentHold::default(),
        )
    }
}

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 21, 12, 0, 0).unwrap()
}

fn message(topic: Topic, channel: Channel, recipient: Option<&str>) -> Notification {
    Notification {
        id: NotificationId::parse("n1").unwrap(),
        topic,
        channel,
        recipient: recipient.map(str::to_owned),
        reference: "o1".into(),
        payload: None,
        subject: None,
        status: DeliveryStatus::Pending,
        attempts: 1,
        last_error: None,
        created_at: now(),
        next_attempt_at: Some(now() + Duration::minutes(2)),
        sent_at: None,
        give_up_at: now() + GIVE_UP_AFTER,
    }
}

/// A round that claims `claimed` and records what `check` accepts.
fn ports_claiming(
    claimed: Vec<Notification>,
    check: impl Fn(&[SendOutcome]) -> bool + Send + 'static,
) -> Mocks {
    ports_claiming_for(Language::English, claimed, check)
}

/// `ports_claiming`, the shoppers having last used `language`.
fn ports_claiming_for(
    language: Language,
    claimed: Vec<Notification>,
    check: impl Fn(&[SendOutcome]) -> bool + Send + 'static,
) -> Mocks {
    let mut ports = Mocks::new();
    ports
        .users
        .expect_language_of()
        .returning(move |_| Ok(language));
    ports.outbox.expect_skip().returning(|_, _| Ok(0));
    ports
        .outbox
        .expect_claim_due()
        .withf(|at, lease, limit| *at == now() && *lease == now() + LEASE && *limit == ROUND_SIZE)
        .return_once(move |_, _, _| Ok(claimed));
    ports
        .outbox
        .expect_record()
        .withf(move |outcomes| check(outcomes))
        .times(1)
        .returning(|_| Ok(()));
    ports
        .outbox
        .expect_forget_finished()
        .with(eq(now() - Duration::days(30)), eq(FORGOTTEN_PER_ROUND))
        .returning(|_, _| Ok(0));
    ports.settings.expect_get().returning(|| Ok(None));
    ports
        .orders
        .expect_by_id()
        .returning(|_| Ok(Some(paid_order())));
    ports
}

fn mailer(
    answer: Result<(), String>,
    check: impl Fn(&OutgoingEmail) -> bool + Send + Sync + 'static,
) -> Arc<dyn Mailer> {
    let mut mailer = MockMailer::new();
    mailer
        .expect_send()
        .withf(move |email| check(email))
        .times(1)
        .return_const(answer);
    Arc::new(mailer)
}

/// One round of the worker, `mailer` its only channel.
async fn round_mailing_with(ports: Mocks, mailer: Arc<dyn Mailer>) {
    let channels = Channels {
        mailer: Some(mailer),
        ..Channels::default()
    };
    ports
        .service(channels)
        .send_due_notifications()
        .await
        .unwrap();
}

#[tokio::test]
async fn a_paid_order_is_confirmed_by_e_mail_with_its_number_and_total() {
    let ports = ports_claiming(
        vec![message(
            Topic::OrderConfirmed,
            Channel::Email,
            Some("amina@example.com"),
        )],
        |outcomes| {
            outcomes.len() == 1
                && outcomes[0].status == DeliveryStatus::Sent
                && outcomes[0].subject.as_deref() == Some("Order #1042 confirmed")
                && outcomes[0].next_attempt_at.is_none()
        },
    );
    let channels = Channels {
        mailer: Some(mailer(Ok(()), |email| {
            email.to.as_str() == "amina@example.com"
                && email.letter.paragraphs[0].contains("your payment of $45.00")
                && email.letter.table.last() == Some(&("Total".into(), "$45.00".into()))
                && email.letter.signature.contains("help@dukaan.so")
        })),
        ..Channels::default()
    };
    let sent = ports.service(channels).send_due_notifications().await;
    assert_eq!(sent.unwrap(), 1);
}

#[tokio::test]
async fn a_shopper_who_last_used_somali_is_written_to_in_somali() {
    let ports = ports_claiming_for(
        Language::Somali,
        vec![
            message(
                Topic::OrderConfirmed,
                Channel::Email,
                Some("amina@example.com"),
            ),
            message(Topic::OrderConfirmed, Channel::Sms, Some("615551234")),
        ],
        |outcomes| {
            outcomes.len() == 2
                && outcomes
                    .iter()
                    .all(|o| o.subject.as_deref() == Some("Dalabka #1042 waa la xaqiijiyey"))
        },
    );
    let mut sms = MockSmsGateway::new();
    sms.expect_send()
        .withf(|to, text| {
            to == "615551234"
                && text == "Dukaan: dalabka #1042 waa la xaqiijiyey, $45.00 waa la bixiyey. Waan kuu sheegi doonnaa marka la soo diro."
        })
        .times(1)
        .return_const(Ok(()));
    let channels = Channels {
        mailer: Some(mailer(Ok(()), |email| {
            email.letter.greeting == "Salaan amina,"
                && email.letter.paragraphs[0]
                    == "Waad ku mahadsan tahay dalabkaaga #1042. Waxaan helnay lacagtaadii $45.00 ee aad ku bixisay EVC Plus."
                && email.letter.table.last() == Some(&("Wadarta".into(), "$45.00".into()))
        })),
        sms: Some(Arc::new(sms)),
        ..Channels::default()
    };
    let sent = ports.service(channels).send_due_notifications().await;
    assert_eq!(sent.unwrap(), 2);
}

#[tokio::test]
async fn a_refused_message_is_retried_within_thirty_seconds_and_given_up_after_a_day() {
    let ports = ports_claiming(
        vec![message(
            Topic::OrderShipped,
            Channel::Email,
            Some("amina@example.com"),
        )],
        |outcomes| {
            outcomes[0].status == DeliveryStatus::Retrying
                && outcomes[0].next_attempt_at == Some(now() + Duration::seconds(10))
                && outcomes[0].error.as_deref() == Some("421 try later")
        },
    );
    round_mailing_with(ports, mailer(Err("421 try later".into()), |_| true)).await;

    let mut late = message(
        Topic::OrderShipped,
        Channel::Email,
        Some("amina@example.com"),
    );
    late.give_up_at = now() + Duration::seconds(5);
    let ports = ports_claiming(vec![late], |outcomes| {
        outcomes[0].status == DeliveryStatus::Failed && outcomes[0].next_attempt_at.is_none()
    });
    round_mailing_with(ports, mailer(Err("421 try later".into()), |_| true)).await;
}

#[tokio::test]
async fn unconfigured_channels_are_skipped_before_anything_is_claimed() {
    let mut ports = Mocks::new();
    ports
        .outbox
        .expect_skip()
        .with(eq(vec![Channel::Email, Channel::Sms]), eq(now()))
        .times(1)
        .returning(|_, _| Ok(3));
    ports
        .outbox
        .expect_claim_due()
        .returning(|_, _, _| Ok(vec![]));
    ports.outbox.expect_record().returning(|_| Ok(()));
    ports
        .outbox
        .expect_forget_finished()
        .returning(|_, _| Ok(0));
    assert_eq!(
        ports
            .service(Channels::default())
            .send_due_notifications()
            .await
            .unwrap(),
        0
    );
}

#[tokio::test]
async fn the_shop_is_alerted_at_its_alert_address_and_sms_carries_the_short_text() {
    let ports = ports_claiming(
        vec![
            message(Topic::NewOrder, Channel::Email, None),
            message(Topic::OrderShipped, Channel::Sms, Some("252615551234")),
        ],
        |outcomes| {
            outcomes[0].recipient.as_deref() == Some("orders@dukaan.so")
                && outcomes[0].status == DeliveryStatus::Sent
                && outcomes[1].status == DeliveryStatus::Sent
        },
    );
    let mut sms = MockSmsGateway::new();
    sms.expect_send()
        .withf(|to, text| {
            to == "252615551234"
                && text == "Dukaan: order #1042 has shipped and is on its way to you."
        })
        .times(1)
        .returning(|_, _| Ok(()));
    let channels = Channels {
        mailer: Some(mailer(Ok(()), |email| {
            email.to.as_str() == "orders@dukaan.so"
                && email.letter.subject == "New order #1042: $45.00 from amina"
        })),
        sms: Some(Arc::new(sms)),
        order_alert_email: Some("orders@dukaan.so".into()),
        public_url: Some("https://dukaan.so".into()),
    };
    ports
        .service(channels)
        .send_due_notifications()
        .await
        .unwrap();
}

#[tokio::test]
async fn a_message_about_something_gone_fails_at_once() {
    let mut ports = Mocks::new();
    ports.outbox.expect_skip().returning(|_, _| Ok(0));
    let mut low = message(Topic::LowStock, Channel::Email, None);
    low.payload = Some("not json".into());
    ports
        .outbox
        .expect_claim_due()
        .return_once(move |_, _, _| Ok(vec![low]));
    ports.settings.expect_get().returning(|| Ok(None));
    ports
        .outbox
        .expect_record()
        .withf(|outcomes| {
            outcomes[0].status == DeliveryStatus::Failed
                && outcomes[0].error.as_deref() == Some("its o1 is gone")
        })
        .times(1)
        .returning(|_| Ok(()));
    ports
        .outbox
        .expect_forget_finished()
        .returning(|_, _| Ok(0));
    round_mailing_with(ports, Arc::new(MockMailer::new())).await;
}

#[tokio::test]
async fn an_e_mail_queued_to_what_a_mailer_reads_as_another_address_fails_unsent() {
    let ports = ports_claiming(
        vec![message(
            Topic::OrderConfirmed,
            Channel::Email,
            Some("x<victim@example.com>"),
        )],
        |outcomes| {
            outcomes[0].status == DeliveryStatus::Failed
                && outcomes[0].next_attempt_at.is_none()
                && outcomes[0].error.as_deref()
                    == Some("the recipient is not an e-mail address: it is not one bare address (Invalid email user)")
        },
    );
    // The mock mailer expects no send: one would panic.
    round_mailing_with(ports, Arc::new(MockMailer::new())).await;
}

#[tokio::test]
async fn only_admins_resend_and_a_spent_reset_code_or_a_queued_message_is_refused() {
    let id = NotificationId::parse("n1").unwrap();
    let shop = Mocks::new().service(Channels::default());
    assert!(matches!(
        shop.resend_notification(&shopper("amina"), &id).await,
        Err(ResendError::Refused(PermissionError::AdminOnly))
    ));

    let mut ports = Mocks::new();
    let mut code = message(Topic::PasswordReset, Channel::Email, Some("a@b.so"));
    code.status = DeliveryStatus::Sent;
    ports
        .outbox
        .expect_by_id()
        .return_once(move |_| Ok(Some(code)));
    let refused = ports
        .service(Channels::default())
        .resend_notification(&admin("boss"), &id)
        .await;
    assert!(matches!(refused, Err(ResendError::CodeGone)));

    let mut ports = Mocks::new();
    let queued = message(Topic::OrderShipped, Channel::Email, Some("a@b.so"));
    ports
        .outbox
        .expect_by_id()
        .return_once(move |_| Ok(Some(queued)));
    let refused = ports
        .service(Channels::default())
        .resend_notification(&admin("boss"), &id)
        .await;
    assert!(matches!(refused, Err(ResendError::AlreadyQueued)));

    let mut ports = Mocks::new();
    let mut failed = message(Topic::OrderShipped, Channel::Email, Some("a@b.so"));
    failed.status = DeliveryStatus::Failed;
    let again = Notification {
        status: DeliveryStatus::Pending,
        attempts: 0,
        ..failed.clone()
    };
    let mut answers = vec![Some(again), Some(failed)];
    ports
        .outbox
        .expect_by_id()
        .times(2)
        .returning(move |_| Ok(answers.pop().unwrap()));
    ports
        .outbox
        .expect_resend()
        .with(eq(id.clone()), eq(now()))
        .times(1)
        .returning(|_, _| Ok(()));
    let resent = ports
        .service(Channels::default())
        .resend_notification(&admin("boss"), &id)
        .await
        .unwrap();
    assert_eq!(
        (resent.status, resent.attempts),
        (DeliveryStatus::Pending, 0)
    );
}

#[tokio::test]
async fn a_size_back_in_stock_is_told_by_sms_in_the_shoppers_language_with_its_link() {
    let back = BackInStock {
        user_id: shopper("amina").id,
        product_id: ProductId::parse("p1").unwrap(),
        item: "Kids Abaya (M)".into(),
    };
    let mut sms_message = message(Topic::BackInStock, Channel::Sms, Some("615551234"));
    sms_message.reference = "alert1".into();
    sms_message.payload = Some(back.payload());
    let mut ports = ports_claiming_for(Language::Somali, vec![sms_message], |outcomes| {
        outcomes.len() == 1
            && outcomes[0].subject.as_deref() == Some("Wuu soo laabtay: Kids Abaya (M)")
    });
    ports
        .users
        .expect_by_id()
        .returning(|_| Ok(Some(shopper("amina"))));
    let mut sms = MockSmsGateway::new();
    sms.expect_send()
        .withf(|to, text| {
            to == "615551234"
                && text
                    == "Dukaan: Kids Abaya (M) wuu soo laabtay, sidaad codsatay. https://shop.example/product/p1"
        })
        .times(1)
        .return_const(Ok(()));
    let channels = Channels {
        sms: Some(Arc::new(sms)),
        public_url: Some("https://shop.example".into()),
        ..Channels::default()
    };
    let sent = ports.service(channels).send_due_notifications().await;
    assert_eq!(sent.unwrap(), 1);
}

#[tokio::test]
async fn a_payment_link_is_texted_in_the_customers_language_and_forgotten_once_sent() {
    let mut link = message(Topic::PaymentLink, Channel::Sms, Some("615551234"));
    link.payload = Some("/pay/Q3x9Lk2mP0aZ7vB1nC4dE6fG8hJ5kL2m".into());
    let ports = ports_claiming_for(Language::Somali, vec![link], |outcomes| {
        outcomes.len() == 1
            && outcomes[0].status == DeliveryStatus::Sent
            && outcomes[0].forget_payload
    });
    let mut sms = MockSmsGateway::new();
    sms.expect_send()
        .withf(|to, text| {
            to == "615551234"
                && text.starts_with("Dukaan: ku bixi $45.00 dalabkaaga #1042 ")
                && text.ends_with(" daqiiqo gudahood halkan: https://shop.example/pay/Q3x9Lk2mP0aZ7vB1nC4dE6fG8hJ5kL2m")
        })
        .times(1)
        .return_const(Ok(()));
    let channels = Channels {
        sms: Some(Arc::new(sms)),
        public_url: Some("https://shop.example".into()),
        ..Channels::default()
    };
    let sent = ports.service(channels).send_due_notifications().await;
    assert_eq!(sent.unwrap(), 1);
}
