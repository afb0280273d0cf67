//! Taking orders by phone, over mocked ports.

use super::*;
use crate::payments::charge::Charges;
use crate::payments::AcceptedMethods;
use crate::settings::CurrentSettings;
use crate::testing::{
    attempts_over, audit, clock, hodan, ids, now, product, staff, zones_of, KeptAttempts,
};
use domain::audit::AuditAction;
use domain::checkout::{PaymentChoiceInput, ShippingAddressInput};
use domain::message::texts::CUSTOMER_NOT_FOUND;
use domain::message::texts::PHONE_ORDER_CUSTOMER_MISSING;
use domain::order::{Channel, Order, OrderNumber, PaymentStatus};
use domain::payment_attempt::AttemptState;
use domain::payment_hold::PaymentHold;
use domain::payment_method::PaymentMethod;
use domain::phone_order::{CustomerInput, LineInput};
use domain::ports::PaymentOutcome;
use domain::ports::{
    MockAuditLog, MockDiscountRepository, MockOrderRepository, MockPasswordHasher,
    MockProductRepository, MockSecretGenerator, MockUserRepository,
};
use domain::ports::{
    MockOutbox, MockPaymentGateway, MockPaymentLinkRepository, MockSettingsRepository, Outbox,
    PaymentGateway, UserRepository,
};
use domain::user::Role;
use std::sync::Mutex;
use std::time::Duration;

/// The shop's settings: none stored, the defaults.
fn settings() -> CurrentSettings {
    let mut stored = MockSettingsRepository::new();
    stored.expect_get().returning(|| Ok(None));
    crate::testing::current_settings(stored)
}

/// The ports a phone order touches; the shop delivers to Hodan ($2.00).
pub(super) struct Mocks {
    pub(super) users: MockUserRepository,
    pub(super) products: MockProductRepository,
    pub(super) orders: MockOrderRepository,
    pub(super) log: MockAuditLog,
    pub(super) gateway: MockPaymentGateway,
    pub(super) outbox: MockOutbox,
    /// The payment attempts the charges keep.
    pub(super) attempts: Arc<KeptAttempts>,
}

impl Mocks {
    pub(super) fn new() -> Self {
        let mut products = MockProductRepository::new();
        products
            .expect_by_ids()
            .returning(|_| Ok(vec![product(2000, 3)]));
        Self {
            users: MockUserRepository::new(),
            products,
            orders: MockOrderRepository::new(),
            log: MockAuditLog::new(),
            gateway: MockPaymentGateway::new(),
            outbox: MockOutbox::new(),
            attempts: Arc::default(),
        }
    }

    /// Taking orders, over the users, products, orders and audit log mocked.
    fn taking(self) -> PhoneOrders {
        let mut hasher = MockPasswordHasher::new();
        hasher
            .expect_hash()
            .returning(|_| Ok("$argon2id$hidden".into()));
        let mut secrets = MockSecretGenerator::new();
        secrets
            .expect_temporary_password()
            .returning(|| "unguessable".into());
        let audit = audit(self.log);
        let customers = PhoneCustomers::new(
            Arc::new(self.users),
            Arc::new(hasher),
            Arc::new(secrets),
            clock(),
            ids(),
            audit.clone(),
        );
        let discounts: Arc<dyn DiscountRepository> = Arc::new(MockDiscountRepository::new());
        PhoneOrders::new(
            customers,
            Arc::new(self.products),
            Arc::new(self.orders),
            discounts.clone(),
            Pricing::new(discounts, clock(), settings()),
            CurrentZones::new(Arc::new(zones_of(vec![hodan()]))),
            CatalogVersion::default(),
            audit,
            clock(),
            ids(),
        )
    }

    /// Paying phone orders, over the orders, the provider and the outbox mocked.
    fn paying(self) -> Paying {
        let orders: Arc<dyn OrderRepository> = Arc::new(self.orders);
        let gateway: Arc<dyn PaymentGateway> = Arc::new(self.gateway);
        let outbox: Arc<dyn Outbox> = Arc::new(self.outbox);
        let attempts = attempts_over(orders.clone(), gateway.clone(), self.attempts.clone());
        let zones = CurrentZones::new(Arc::new(zones_of(vec![hodan()])));
        let accepted = AcceptedMethods::new(gateway.clone(), zones.clone(), settings());
        let payments = Arc::new(PhonePayments::new(
            orders.clone(),
            Charges::new(gateway, attempts, Duration::from_secs(60)),
            accepted.clone(),
            zones,
            settings(),
            outbox.clone(),
            clock(),
            PaymentHold::default(),
        ));
        Paying {
            payments,
            accepted,
            orders,
            outbox,
            users: Arc::new(self.users),
        }
    }

    fn payments(self) -> Arc<PhonePayments> {
        self.paying().payments
    }

    /// The payment links, stored in `links` with their tokens from `tokens`, paying through
    /// the phone orders' payments over the same ports.
    pub(super) fn links(
        self,
        links: MockPaymentLinkRepository,
        tokens: MockSecretGenerator,
    ) -> PaymentLinks {
        let paying = self.paying();
        PaymentLinks::new(
            paying.orders,
            Arc::new(links),
            paying.outbox,
            Arc::new(tokens),
            clock(),
            crate::languages::Languages::new(paying.users),
            settings(),
            paying.accepted,
            paying.payments,
            PaymentHold::default(),
            LinkAddress {
                public_url: "https://dukaan.so".into(),
                sms_configured: true,
            },
        )
    }
}

/// The phone orders' payments and the ports the payment links share with them.
struct Paying {
    payments: Arc<PhonePayments>,
    accepted: AcceptedMethods,
    orders: Arc<dyn OrderRepository>,
    outbox: Arc<dyn Outbox>,
    users: Arc<dyn UserRepository>,
}

/// Two abayas ($20.00 each) for `customer`, to Hodan.
fn two_abayas(customer: CustomerInput) -> PhoneOrderInput {
    PhoneOrderInput {
        customer: Some(customer),
        lines: vec![LineInput {
            product_id: "p1".into(),
            variant_id: None,
            quantity: 2,
        }],
        shipping_address: Some(ShippingAddressInput {
            full_name: "Faadumo Ali".into(),
            phone: "615550101".into(),
            city: "Mogadishu".into(),
            district: "Hodan".into(),
            address_line: "Near the market".into(),
            landmark: String::new(),
        }),
        discount_code: None,
    }
}

#[tokio::test]
async fn a_new_customer_gets_an_account_by_phone_and_the_order_checkouts_totals() {
    let mut mocks = Mocks::new();
    let added = Arc::new(Mutex::new(None::<User>));
    let stored = added.clone();
    mocks.users.expect_insert().times(1).returning(move |user| {
        *stored.lock().unwrap() = Some(user.clone());
        Ok(())
    });
    let placed = Arc::new(Mutex::new(None::<Order>));
    let kept = placed.clone();
    mocks
        .orders
        .expect_place()
        .times(1)
        .returning(move |order| {
            *kept.lock().unwrap() = Some(order.clone());
            Ok(OrderNumber::FIRST)
        });
    mocks
        .log
        .expect_record()
        .withf(|entry| {
            matches!(
                entry.change.action,
                AuditAction::UserCreate | AuditAction::OrderCreate
            )
        })
        .times(2)
        .returning(|_| Ok(()));
    let hamza = staff("hamza", Role::OrderHandler);
    let order = mocks
        .taking()
        .take(
            &hamza,
            &two_abayas(CustomerInput::New {
                name: "Faadumo Ali".into(),
                phone: "+252 61 555 0101".into(),
                email: String::new(),
            }),
        )
        .await
        .unwrap();

    let customer = added.lock().unwrap().clone().unwrap();
    assert_eq!(
        (customer.email, customer.phone.as_str(), customer.role),
        (None, "252615550101", Role::User)
    );
    assert_eq!(order.user_id, customer.id);
    assert_eq!(
        (
            order.subtotal.cents(),
            order.shipping_fee.cents(),
            order.total.cents()
        ),
        (4000, 200, 4200),
        "the zone's fee, as checkout charges"
    );
    assert_eq!(
        (order.payment_method, order.payment_status, order.created_at),
        (None, PaymentStatus::Pending, now())
    );
    assert_eq!(
        order.channel,
        Channel::Phone {
            taken_by: (&hamza).into()
        }
    );
    assert_eq!(order.customer_email, "");
    // Stored as taken, and answered with the number the store gave it.
    assert_eq!(order.number, OrderNumber::FIRST);
    let stored = placed.lock().unwrap().clone().unwrap();
    assert_eq!(
        Order {
            number: order.number,
            ..stored
        },
        order
    );
}

#[tokio::test]
async fn a_stock_keeper_may_not_and_nothing_is_read_or_written_for_bad_input() {
    let keeper = staff("kaafi", Role::StockKeeper);
    let refused = Mocks::new()
        .taking()
        .take(
            &keeper,
            &two_abayas(CustomerInput::Existing {
                user_id: "amina".into(),
            }),
        )
        .await;
    assert!(
        matches!(refused, Err(PhoneOrderError::Refused(_))),
        "{refused:?}"
    );

    let handler = staff("hamza", Role::OrderHandler);
    let no_customer = PhoneOrderInput {
        customer: None,
        ..two_abayas(CustomerInput::Existing {
            user_id: "amina".into(),
        })
    };
    match Mocks::new().taking().take(&handler, &no_customer).await {
        Err(PhoneOrderError::Invalid(errors)) => assert_eq!(
            errors.get("customer"),
            Some(PHONE_ORDER_CUSTOMER_MISSING.english())
        ),
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn only_a_customer_account_can_be_chosen() {
    let mut mocks = Mocks::new();
    mocks
        .users
        .expect_by_id()
        .returning(|id| Ok(Some(staff(id.as_str(), Role::Rider))));
    let chosen = mocks
        .taking()
        .take(
            &staff("hamza", Role::OrderHandler),
            &two_abayas(CustomerInput::Existing {
                user_id: "rider1".into(),
            }),
        )
        .await;
    match chosen {
        Err(PhoneOrderError::Invalid(errors)) => {
            assert_eq!(errors.get("customer"), Some(CUSTOMER_NOT_FOUND.english()))
        }
        other => panic!("{other:?}"),
    }
}

/// Amina's phone order o1 ($40.00 + $2.00 to Hodan) taken by Hamza now, nothing chosen yet.
fn taken_order() -> Order {
    let hamza = staff("hamza", Role::OrderHandler);
    Order {
        payment_status: PaymentStatus::Pending,
        payment_method: None,
        transaction_id: None,
        created_at: now(),
        shipping_address: Some(domain::checkout::ShippingAddress {
            full_name: "Amina".into(),
            phone: "615550101".into(),
            city: "Mogadishu".into(),
            district: "Hodan".into(),
            address_line: "Near the market".into(),
            landmark: String::new(),
        }),
        channel: Channel::Phone {
            taken_by: (&hamza).into(),
        },
        ..crate::testing::paid_order()
    }
}

fn evc(phone: &str) -> PaymentChoiceInput {
    PaymentChoiceInput {
        payment_method: "evc-plus".into(),
        payment_phone: phone.into(),
    }
}

impl Mocks {
    /// The store holds `order`; the shop takes every wallet.
    fn holding(order: Order) -> Self {
        let mut mocks = Mocks::new();
        mocks
            .orders
            .expect_by_id()
            .returning(move |_| Ok(Some(order.clone())));
        mocks.gateway.expect_methods().returning(|| {
            vec![
                PaymentMethod::EvcPlus,
                PaymentMethod::Zaad,
                PaymentMethod::Sahal,
                PaymentMethod::Edahab,
            ]
        });
        mocks
    }
}

#[tokio::test]
async fn a_payment_request_charges_the_wallet_once_and_a_decline_lets_another_payment_start() {
    let mut mocks = Mocks::holding(taken_order());
    mocks
        .orders
        .expect_choose_payment()
        .withf(|_, method| *method == PaymentMethod::EvcPlus)
        .times(1)
        .returning(|_, _| Ok(()));
    mocks
        .gateway
        .expect_charge()
        .times(1)
        .returning(|_| PaymentOutcome::Declined {
            reason: "Insufficient balance".into(),
        });
    mocks
        .orders
        .expect_forget_payment_choice()
        .withf(|_, method| *method == PaymentMethod::EvcPlus)
        .times(1)
        .returning(|_, _| Ok(()));
    let hamza = staff("hamza", Role::OrderHandler);
    let id = OrderId::parse("o1").unwrap();
    let attempts = mocks.attempts.clone();
    let declined = mocks
        .payments()
        .request_payment(&hamza, &id, &evc("061 555 0101"))
        .await;
    assert!(
        matches!(declined, Err(PhoneOrderError::Declined { .. })),
        "{declined:?}"
    );
    // The number it was tried from is the attempt's; the order keeps the customer's.
    let tried = attempts.all();
    assert_eq!(
        tried
            .iter()
            .map(|a| (a.payer.as_str(), a.state))
            .collect::<Vec<_>>(),
        [("252615550101", AttemptState::Declined)]
    );
}

#[tokio::test]
async fn a_second_request_while_one_is_under_way_is_refused_without_a_charge() {
    let mut mocks = Mocks::holding(taken_order());
    mocks
        .orders
        .expect_choose_payment()
        .returning(|_, _| Err(OrderStoreError::Stale));
    mocks.gateway.expect_charge().never();
    let refused = mocks
        .payments()
        .request_payment(
            &staff("hamza", Role::OrderHandler),
            &OrderId::parse("o1").unwrap(),
            &evc("615550101"),
        )
        .await;
    match refused {
        Err(PhoneOrderError::NotPayable(text)) => {
            assert_eq!(text, domain::message::texts::PHONE_ORDER_PAYING)
        }
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn cash_on_delivery_is_chosen_where_the_zone_takes_cash_and_keeps_the_customers_cart() {
    let mut mocks = Mocks::holding(taken_order());
    mocks
        .orders
        .expect_choose_payment()
        .withf(|_, method| *method == PaymentMethod::CashOnDelivery)
        .times(1)
        .returning(|_, _| Ok(()));
    mocks
        .orders
        .expect_apply()
        .withf(|plan| plan.empties_cart_of.is_none() && plan.messages.len() >= 2)
        .times(1)
        .returning(|_| Ok(()));
    let paid = mocks
        .payments()
        .pay_on_delivery(
            &staff("hamza", Role::OrderHandler),
            &OrderId::parse("o1").unwrap(),
        )
        .await
        .unwrap();
    match paid {
        PhonePayment::CashOnDelivery(order) => {
            assert_eq!(order.payment_method, Some(PaymentMethod::CashOnDelivery))
        }
        other => panic!("{other:?}"),
    }
}
