//! Payment links over mocked ports.

use super::tests::Mocks;
use super::*;
use crate::testing::{now, staff};
use domain::checkout::PaymentChoiceInput;
use domain::language::Language;
use domain::message::texts::{
    ORDER_NOT_FOUND, PAY_LINK_NOT_FOUND, PAY_LINK_PAID, PHONE_ORDER_SETTLED,
};
use domain::notification::{Channel, Topic};
use domain::order::{Changer, Channel as OrderChannel, OrderStatus, PaymentStatus};
use domain::payment_hold::PaymentHold;
use domain::payment_link::{LinkToken, PaymentLink};
use domain::payment_method::PaymentMethod;
use domain::phone_order::PaymentState;
use domain::ports::{MockPaymentLinkRepository, MockSecretGenerator};
use domain::user::Role;
use domain::{Money, UserId};
use std::sync::Mutex;

const TOKEN: &str = "Q3x9Lk2mP0aZ7vB1nC4dE6fG8hJ5kL2m";

/// Faadumo's $45.00 order taken by Hamza a minute ago, waiting for its payment.
fn waiting() -> Order {
    Order {
        payment_method: None,
        payment_status: PaymentStatus::Pending,
        status: OrderStatus::Pending,
        created_at: now() - chrono::Duration::minutes(1),
        total: Money::from_cents(4500).unwrap(),
        customer_email: String::new(),
        channel: OrderChannel::Phone {
            taken_by: Changer {
                id: UserId::parse("hamza").unwrap(),
                name: "Hamza".into(),
            },
        },
        ..crate::testing::paid_order()
    }
}

fn token() -> LinkToken {
    LinkToken::parse(TOKEN).unwrap()
}

fn tokens() -> MockSecretGenerator {
    let mut secrets = MockSecretGenerator::new();
    secrets.expect_link_token().returning(token);
    secrets
}

/// The links' store holding the link of `order`.
fn holding_link_of(order: &Order) -> MockPaymentLinkRepository {
    let link = PaymentLink::issue(order, &token(), PaymentHold::default(), now()).unwrap();
    let mut links = MockPaymentLinkRepository::new();
    links
        .expect_find()
        .withf(|hash| hash == token().hash())
        .returning(move |_| Ok(Some(link.clone())));
    links.expect_find().returning(|_| Ok(None));
    links
}

fn orders_holding(mocks: &mut Mocks, order: Order) {
    mocks
        .orders
        .expect_by_id()
        .returning(move |_| Ok(Some(order.clone())));
}

#[tokio::test]
async fn a_colleague_who_does_not_see_the_orders_money_sends_the_link_without_seeing_it() {
    let mut mocks = Mocks::new();
    orders_holding(&mut mocks, waiting());
    mocks
        .users
        .expect_language_of()
        .returning(|_| Ok(Language::English));
    mocks
        .outbox
        .expect_enqueue()
        .times(1)
        .returning(|_, _| Ok(()));
    let mut links = MockPaymentLinkRepository::new();
    links.expect_replace().times(1).returning(|_| Ok(()));
    let service = mocks.links(links, tokens());

    let sent = service
        .send(&staff("hodan", Role::OrderHandler), &waiting().id)
        .await
        .unwrap();

    assert_eq!((sent.url, sent.whatsapp_url), (None, None));
    assert!(sent.sms_sent, "the customer still receives it");
}

#[tokio::test]
async fn a_link_is_stored_hashed_and_texted_to_the_customer_in_their_language() {
    let mut mocks = Mocks::new();
    orders_holding(&mut mocks, waiting());
    mocks
        .users
        .expect_language_of()
        .returning(|_| Ok(Language::Somali));
    let queued = Arc::new(Mutex::new(Vec::new()));
    let kept = queued.clone();
    mocks
        .outbox
        .expect_enqueue()
        .times(1)
        .returning(move |m, _| {
            kept.lock().unwrap().extend(m.to_vec());
            Ok(())
        });
    let mut links = MockPaymentLinkRepository::new();
    links
        .expect_replace()
        .withf(|link| link.token_hash == token().hash() && link.order_id.as_str() == "o1")
        .times(1)
        .returning(|_| Ok(()));
    let service = mocks.links(links, tokens());

    let sent = service
        .send(&staff("hamza", Role::OrderHandler), &waiting().id)
        .await
        .unwrap();

    assert_eq!(
        sent.url.as_deref(),
        Some(&*format!("https://dukaan.so/pay/{TOKEN}"))
    );
    let whatsapp_url = sent.whatsapp_url.unwrap();
    assert_eq!(
        sent.expires_at,
        PaymentHold::default().last_payment_start(waiting().created_at)
    );
    assert!(sent.sms_sent);
    assert!(
        whatsapp_url.starts_with(&format!(
            "https://wa.me/{}?text=",
            waiting().payment_phone.as_str()
        )),
        "{whatsapp_url}"
    );
    assert!(
        whatsapp_url.contains("ku%20bixi%20%2445%2E00"),
        "Somali: {whatsapp_url}"
    );
    let queued = queued.lock().unwrap();
    assert_eq!(queued.len(), 1, "an SMS only: the customer has no e-mail");
    assert_eq!(
        (
            queued[0].topic,
            queued[0].channel,
            queued[0].payload.as_deref()
        ),
        (
            Topic::PaymentLink,
            Channel::Sms,
            Some(&*format!("/pay/{TOKEN}"))
        )
    );
}

#[tokio::test]
async fn a_customer_opens_their_own_unpaid_order_to_pay_and_nothing_is_sent() {
    let mut mocks = Mocks::new();
    orders_holding(&mut mocks, waiting());
    // No outbox expectation: a text sent here would fail the test.
    let mut links = MockPaymentLinkRepository::new();
    links
        .expect_replace()
        .withf(|link| link.token_hash == token().hash())
        .times(1)
        .returning(|_| Ok(()));
    let service = mocks.links(links, tokens());

    let opened = service
        .open_own(&crate::testing::shopper("amina"), &waiting().id)
        .await
        .unwrap();

    assert_eq!(
        opened.url.as_deref(),
        Some(&*format!("https://dukaan.so/pay/{TOKEN}"))
    );
    assert_eq!((opened.whatsapp_url, opened.sms_sent), (None, false));
}

#[tokio::test]
async fn another_customers_order_or_a_paid_one_opens_no_link() {
    let mut mocks = Mocks::new();
    orders_holding(&mut mocks, waiting());
    let service = mocks.links(MockPaymentLinkRepository::new(), tokens());
    let theirs = service
        .open_own(&crate::testing::shopper("hodan"), &waiting().id)
        .await;
    assert!(
        matches!(theirs, Err(PhoneOrderError::NotFound(text)) if text == ORDER_NOT_FOUND),
        "{theirs:?}"
    );

    let mut mocks = Mocks::new();
    orders_holding(
        &mut mocks,
        Order {
            payment_status: PaymentStatus::Paid,
            payment_method: Some(PaymentMethod::Zaad),
            ..waiting()
        },
    );
    let service = mocks.links(MockPaymentLinkRepository::new(), tokens());
    let paid = service
        .open_own(&crate::testing::shopper("amina"), &waiting().id)
        .await;
    assert!(
        matches!(paid, Err(PhoneOrderError::NotPayable(_))),
        "{paid:?}"
    );
}

#[tokio::test]
async fn no_link_is_sent_for_a_paid_order_or_by_a_role_that_takes_no_orders() {
    let mut mocks = Mocks::new();
    let paid = Order {
        payment_status: PaymentStatus::Paid,
        payment_method: Some(PaymentMethod::EvcPlus),
        ..waiting()
    };
    orders_holding(&mut mocks, paid);
    // No link is stored and nothing is queued: the mocks expect neither.
    let service = mocks.links(MockPaymentLinkRepository::new(), tokens());
    let refused = service
        .send(&staff("hamza", Role::OrderHandler), &waiting().id)
        .await;
    assert!(
        matches!(refused, Err(PhoneOrderError::NotPayable(text)) if text == PHONE_ORDER_SETTLED),
        "{refused:?}"
    );
    let keeper = staff("ilhan", Role::StockKeeper);
    let refused = service.send(&keeper, &waiting().id).await;
    assert!(
        matches!(refused, Err(PhoneOrderError::Refused(_))),
        "{refused:?}"
    );
}

#[tokio::test]
async fn a_token_no_link_carries_finds_nothing() {
    let mocks = Mocks::new();
    let service = mocks.links(holding_link_of(&waiting()), tokens());
    for token in [
        "R3x9Lk2mP0aZ7vB1nC4dE6fG8hJ5kL2m",
        "short",
        "../../etc/passwd",
    ] {
        let opened = service.open(token).await;
        assert!(
            matches!(opened, Err(PhoneOrderError::NotFound(text)) if text == PAY_LINK_NOT_FOUND),
            "{token}: {opened:?}"
        );
    }
}

#[tokio::test]
async fn the_link_shows_its_order_and_a_paid_order_takes_no_second_payment() {
    let mut mocks = Mocks::new();
    orders_holding(&mut mocks, waiting());
    mocks
        .gateway
        .expect_methods()
        .returning(|| vec![PaymentMethod::EvcPlus, PaymentMethod::Card]);
    let service = mocks.links(holding_link_of(&waiting()), tokens());
    let opened = service.open(TOKEN).await.unwrap();
    assert_eq!(opened.order, waiting());
    assert_eq!(opened.state, PaymentState::Open);
    assert_eq!(
        opened.methods,
        vec![PaymentMethod::EvcPlus, PaymentMethod::Card],
        "Hodan takes cash, but not on a link"
    );

    let paid = Order {
        payment_status: PaymentStatus::Paid,
        payment_method: Some(PaymentMethod::Zaad),
        ..waiting()
    };
    let mut mocks = Mocks::new();
    orders_holding(&mut mocks, paid);
    // The gateway mock expects no charge.
    let service = mocks.links(holding_link_of(&waiting()), tokens());
    let choice = PaymentChoiceInput {
        payment_method: "evc-plus".into(),
        payment_phone: "615551234".into(),
    };
    let second = service.pay(TOKEN, &choice).await;
    assert!(
        matches!(second, Err(PhoneOrderError::NotPayable(text)) if text == PAY_LINK_PAID),
        "{second:?}"
    );
    let shown = service.open(TOKEN).await.unwrap();
    assert_eq!(
        shown.state,
        PaymentState::Settled,
        "reloaded, it shows what was paid"
    );
    assert_eq!(shown.methods, vec![], "and offers no second payment");
}
