use super::*;
use crate::payments::charge::Charges;
use crate::testing::{
    attempts_over, cart_code, cart_code_as, clock, current_settings, hodan, ids, paid_order,
    product, shopper, zones_of, CartMocks, KeptAttempts,
};
use chrono::{TimeZone, Utc};
use domain::ports::{PaymentGateway, PaymentOutcome};
use std::time::Duration;

use crate::testing::eid_code;
use domain::cart::CartLine;
use domain::checkout::ShippingAddressInput;
use domain::discount::{CartDiscount, Discount, DiscountKind};
use domain::order::{OrderNumber, StockEffect};
use domain::phone::MobileNumber;
use domain::settings::ShopSettings;
use domain::Money;
use domain::Percent;
use mockall::predicate::{always, eq};

use domain::ports::{
    MockCartRepository, MockDiscountRepository, MockOrderRepository, MockOutbox,
    MockPaymentGateway, MockSettingsRepository,
};
struct Mocks {
    carts: MockCartRepository,
    discounts: MockDiscountRepository,
    settings: MockSettingsRepository,
    orders: MockOrderRepository,
    outbox: MockOutbox,
    payments: MockPaymentGateway,
    zones: Vec<domain::delivery::DeliveryZone>,
}

impl Mocks {
    fn new() -> Self {
        Self {
            carts: MockCartRepository::new(),
            discounts: MockDiscountRepository::new(),
            settings: MockSettingsRepository::new(),
            orders: MockOrderRepository::new(),
            outbox: MockOutbox::new(),
            payments: wallets_gateway(),
            zones: vec![],
        }
    }

    fn service(self) -> Checkout {
        let cart = CartMocks {
            carts: self.carts,
            discounts: self.discounts,
            settings: self.settings,
            zones: zones_of(self.zones.clone()),
            ..CartMocks::new()
        };
        let orders: Arc<dyn OrderRepository> = Arc::new(self.orders);
        let payments: Arc<dyn PaymentGateway> = Arc::new(self.payments);
        let zones = || CurrentZones::new(Arc::new(zones_of(self.zones.clone())));
        // The default settings: a $200 maximum for cash on delivery.
        let settings = || {
            let mut saved = MockSettingsRepository::new();
            saved.expect_get().returning(|| Ok(None));
            current_settings(saved)
        };
        let attempts = attempts_over(
            orders.clone(),
            payments.clone(),
            Arc::new(KeptAttempts::default()),
        );
        Checkout::new(
            cart.service(),
            orders.clone(),
            Arc::new(self.outbox),
            Charges::new(payments.clone(), attempts, Duration::from_secs(60)),
            clock(),
            ids(),
            CatalogVersion::default(),
            zones(),
            AcceptedMethods::new(payments, zones(), settings()),
            settings(),
        )
    }
}

/// A gateway offering the wallets WaafiPay carries.
fn wallets_gateway() -> MockPaymentGateway {
    use domain::payment_method::PaymentMethod::{EvcPlus, Sahal, Zaad};
    let mut gateway = MockPaymentGateway::new();
    gateway
        .expect_methods()
        .return_const(vec![EvcPlus, Zaad, Sahal]);
    gateway
}

fn input() -> CheckoutInput {
    CheckoutInput {
        payment_method: "evc-plus".into(),
        payment_phone: "61 555 1234".into(),
        shipping_address: None,
    }
}

fn ports_with_cart() -> Mocks {
    ports_with_cart_holding(None)
}

/// Two abayas at $20.00 in the cart, which holds `code` on its present terms.
fn ports_with_cart_holding(code: Option<Discount>) -> Mocks {
    ports_with_cart_holding_as(code.map(CartDiscount::applying))
}

/// Two abayas at $20.00 in the cart, which holds `code` as it was applied; shipping is
/// the default fee.
fn ports_with_cart_holding_as(code: Option<CartDiscount>) -> Mocks {
    ports_with_cart_shipped_at(code, None)
}

/// Two abayas at $20.00 in the cart, which holds `code`, with `settings` saved (the
/// defaults when none).
fn ports_with_cart_shipped_at(code: Option<CartDiscount>, settings: Option<ShopSettings>) -> Mocks {
    let mut ports = Mocks::new();
    ports.carts.expect_lines().returning(|_| {
        Ok(vec![CartLine {
            product: product(2000, 4),
            variant: None,
            quantity: 2,
        }])
    });
    ports
        .settings
        .expect_get()
        .returning(move || Ok(settings.clone()));
    cart_code_as(&mut ports.discounts, code);
    ports
}

/// Checkout's refusal of the cart's code: it is taken off the cart, and nothing is
/// placed or charged.
async fn refused_before_placing(mut ports: Mocks) -> CheckoutError {
    ports
        .discounts
        .expect_remove_from_cart()
        .times(1)
        .returning(|_| Ok(()));
    ports.orders.expect_place().never();
    ports.payments.expect_charge().never();
    ports
        .service()
        .checkout(&shopper("amina"), &input(), None)
        .await
        .unwrap_err()
}

#[tokio::test]
async fn an_approved_payment_marks_the_order_paid_and_empties_the_cart() {
    let mut ports = ports_with_cart();
    ports
        .orders
        .expect_place()
        .times(1)
        .returning(|_| Ok(OrderNumber::FIRST));
    ports
        .payments
        .expect_charge()
        .times(1)
        .returning(|request| {
            assert_eq!(request.amount.cents(), 4500);
            assert_eq!(request.phone, MobileNumber::parse("615551234").unwrap());
            PaymentOutcome::Approved {
                transaction_id: "T1".into(),
                amount: None,
            }
        });
    ports
        .orders
        .expect_apply()
        .withf(|plan| {
            plan.change
                .payment
                .as_ref()
                .map(|p| (p.from, p.to, p.transaction_id.as_deref()))
                == Some((PaymentStatus::Pending, PaymentStatus::Paid, Some("T1")))
                && plan.change.stock == StockEffect::None
                && plan.change.empties_cart
        })
        .times(1)
        .returning(|_| Ok(()));
    ports.carts.expect_clear().never();
    let outcome = ports
        .service()
        .checkout(&shopper("amina"), &input(), None)
        .await
        .unwrap();
    let CheckoutOutcome::Paid(order) = outcome else {
        panic!("expected a paid order")
    };
    assert_eq!(order.subtotal.cents(), 4000);
    assert_eq!(order.shipping_fee.cents(), 500);
    assert_eq!(order.total.cents(), 4500);
    assert_eq!(order.transaction_id.as_deref(), Some("T1"));
}

#[tokio::test]
async fn an_order_to_a_zone_pays_the_zones_fee_and_keeps_the_landmark() {
    let mut ports = ports_with_cart();
    ports.zones = vec![hodan()];
    ports
        .orders
        .expect_place()
        .withf(|order| {
            let address = order.shipping_address.as_ref().unwrap();
            (order.shipping_fee.cents(), order.total.cents()) == (200, 4200)
                && (address.district.as_str(), address.landmark.as_str())
                    == ("Hodan", "Near the market mosque")
        })
        .times(1)
        .returning(|_| Ok(OrderNumber::FIRST));
    ports
        .payments
        .expect_charge()
        .withf(|request| request.amount.cents() == 4200)
        .times(1)
        .returning(|_| PaymentOutcome::Approved {
            transaction_id: "T1".into(),
            amount: None,
        });
    ports.orders.expect_apply().returning(|_| Ok(()));
    let to_hodan = CheckoutInput {
        shipping_address: Some(ShippingAddressInput {
            full_name: "Amina Hassan".into(),
            phone: "615551234".into(),
            city: "Mogadishu".into(),
            district: "hodan".into(),
            address_line: "Maka Al Mukarama Rd 12".into(),
            landmark: "Near the market mosque".into(),
        }),
        ..input()
    };
    let outcome = ports
        .service()
        .checkout(&shopper("amina"), &to_hodan, None)
        .await
        .unwrap();
    assert!(matches!(outcome, CheckoutOutcome::Paid(order) if order.shipping_fee.cents() == 200));
}

#[tokio::test]
async fn an_address_outside_the_zones_is_refused_before_anything_is_placed() {
    let mut ports = ports_with_cart();
    ports.zones = vec![hodan()];
    ports.orders.expect_place().never();
    ports.payments.expect_charge().never();
    let to_nairobi = CheckoutInput {
        shipping_address: Some(ShippingAddressInput {
            full_name: "Amina Hassan".into(),
            phone: "615551234".into(),
            city: "Nairobi".into(),
            district: "Eastleigh".into(),
            address_line: "1st Avenue".into(),
            landmark: String::new(),
        }),
        ..input()
    };
    let Err(CheckoutError::Invalid(errors)) = ports
        .service()
        .checkout(&shopper("amina"), &to_nairobi, None)
        .await
    else {
        panic!("Nairobi was not refused");
    };
    assert_eq!(
        errors.get("city"),
        Some("We do not deliver to Nairobi. Choose a place from the list.")
    );
}

/// A shop whose provider approves and whose database refuses the payment's recording
/// `outages` times (out of reach) before `then`.
fn approved_while_the_database_restarts(
    outages: usize,
    then: Result<(), OrderStoreError>,
) -> Mocks {
    let mut ports = ports_with_cart();
    ports
        .orders
        .expect_place()
        .returning(|_| Ok(OrderNumber::FIRST));
    ports
        .payments
        .expect_charge()
        .times(1)
        .returning(|_| PaymentOutcome::Approved {
            transaction_id: "T1".into(),
            amount: None,
        });
    let mut tries = 0;
    ports
        .orders
        .expect_apply()
        .times(outages + 1)
        .returning(move |_| {
            tries += 1;
            if tries <= outages {
                Err(RepoError::Unavailable("the database system is shutting down".into()).into())
            } else {
                then.clone()
            }
        });
    ports
}

#[tokio::test]
async fn an_approved_payment_is_recorded_once_the_database_is_back() {
    let ports = approved_while_the_database_restarts(3, Ok(()));
    let outcome = ports
        .service()
        .checkout(&shopper("amina"), &input(), None)
        .await;
    assert!(
        matches!(outcome, Ok(CheckoutOutcome::Paid(_))),
        "{outcome:?}"
    );
}

#[tokio::test]
async fn a_recording_that_committed_before_its_answer_was_lost_counts_as_recorded() {
    let mut ports = approved_while_the_database_restarts(1, Err(OrderStoreError::Stale));
    ports
        .orders
        .expect_by_id()
        .times(1)
        .returning(|_| Ok(Some(paid_order())));
    let outcome = ports
        .service()
        .checkout(&shopper("amina"), &input(), None)
        .await;
    assert!(
        matches!(outcome, Ok(CheckoutOutcome::Paid(_))),
        "{outcome:?}"
    );
}

#[tokio::test]
async fn a_declined_payment_cancels_the_order_releases_stock_and_keeps_the_cart() {
    let mut ports = ports_with_cart();
    ports
        .orders
        .expect_place()
        .returning(|_| Ok(OrderNumber::FIRST));
    ports
        .payments
        .expect_charge()
        .returning(|_| PaymentOutcome::Declined {
            reason: "Insufficient balance".into(),
        });
    ports
        .orders
        .expect_apply()
        .withf(|plan| {
            plan.change.to == OrderStatus::Canceled
                && plan.change.stock == StockEffect::Release
                && plan.change.payment.as_ref().map(|p| p.to) == Some(PaymentStatus::Failed)
        })
        .times(1)
        .returning(|_| Ok(()));
    let error = ports
        .service()
        .checkout(&shopper("amina"), &input(), None)
        .await
        .unwrap_err();
    assert!(
        matches!(error, CheckoutError::Declined { reason } if reason == "Insufficient balance")
    );
}

#[tokio::test]
async fn a_provider_refusing_the_shop_cancels_the_order_keeps_the_cart_and_is_a_provider_failure() {
    let mut ports = ports_with_cart();
    ports
        .orders
        .expect_place()
        .returning(|_| Ok(OrderNumber::FIRST));
    ports
        .payments
        .expect_charge()
        .times(1)
        .returning(|_| PaymentOutcome::ProviderRefused {
            reason: "The payment provider failed.".into(),
        });
    ports
        .orders
        .expect_apply()
        .withf(|plan| {
            (plan.change.from, plan.change.to) == (OrderStatus::Pending, OrderStatus::Canceled)
                && plan.change.stock == StockEffect::Release
                && plan.change.payment.as_ref().map(|p| (p.from, p.to))
                    == Some((PaymentStatus::Pending, PaymentStatus::Failed))
                && !plan.change.empties_cart
        })
        .times(1)
        .returning(|_| Ok(()));
    ports.carts.expect_clear().never();
    let error = ports
        .service()
        .checkout(&shopper("amina"), &input(), None)
        .await
        .unwrap_err();
    assert!(
        matches!(error, CheckoutError::ProviderRefused { reason } if reason == "The payment provider failed.")
    );
}

#[tokio::test]
async fn an_unanswered_payment_keeps_the_order_pending_and_its_items_out_of_the_cart() {
    let mut ports = ports_with_cart();
    ports
        .orders
        .expect_place()
        .returning(|_| Ok(OrderNumber::FIRST));
    ports
        .payments
        .expect_charge()
        .returning(|_| PaymentOutcome::Unconfirmed {
            reason: "time-out".into(),
        });
    ports.carts.expect_clear().times(1).returning(|_| Ok(()));
    ports
        .outbox
        .expect_enqueue()
        .withf(|messages, _| {
            messages.len() == 2
                && messages
                    .iter()
                    .all(|m| m.topic == Topic::PaymentUnconfirmed && m.reference == "id-0")
        })
        .times(1)
        .returning(|_, _| Ok(()));
    let outcome = ports
        .service()
        .checkout(&shopper("amina"), &input(), None)
        .await
        .unwrap();
    assert!(
        matches!(outcome, CheckoutOutcome::Unconfirmed(o) if o.payment_status == PaymentStatus::Pending)
    );
}

#[tokio::test]
async fn an_empty_cart_cannot_be_checked_out() {
    let mut ports = Mocks::new();
    ports.carts.expect_lines().returning(|_| Ok(vec![]));
    cart_code(&mut ports.discounts, None);
    let error = ports
        .service()
        .checkout(&shopper("amina"), &input(), None)
        .await
        .unwrap_err();
    assert!(matches!(error, CheckoutError::CartEmpty));
}

#[tokio::test]
async fn a_retry_with_the_same_key_replays_without_charging() {
    let mut ports = Mocks::new();
    let mut first = paid_order();
    first.idempotency_key = Some("k1".into());
    ports
        .orders
        .expect_by_idempotency_key()
        .with(always(), eq("k1"))
        .returning(move |_, _| Ok(Some(first.clone())));
    let outcome = ports
        .service()
        .checkout(&shopper("amina"), &input(), Some("k1"))
        .await
        .unwrap();
    assert!(matches!(outcome, CheckoutOutcome::Paid(o) if o.id.as_str() == "o1"));
}

#[tokio::test]
async fn a_second_checkout_while_one_is_charging_is_refused_without_charging() {
    let shop = Mocks::new().service();
    let amina = shopper("amina");
    let _charging = shop.checkouts_in_flight.enter(&amina.id).unwrap();
    let error = shop
        .checkout(&amina, &input(), Some("k2"))
        .await
        .unwrap_err();
    assert!(matches!(error, CheckoutError::InProgress));
}

#[tokio::test]
async fn an_unconfirmed_earlier_payment_blocks_a_new_checkout() {
    let mut ports = ports_with_cart();
    ports
        .orders
        .expect_by_idempotency_key()
        .returning(|_, _| Ok(None));
    ports
        .orders
        .expect_place()
        .times(1)
        .returning(|_| Err(OrderStoreError::Repo(RepoError::Duplicate)));
    ports.payments.expect_charge().never();
    let error = ports
        .service()
        .checkout(&shopper("amina"), &input(), Some("k2"))
        .await
        .unwrap_err();
    assert!(matches!(error, CheckoutError::PaymentAwaited));
}

#[tokio::test]
async fn a_key_older_than_24_hours_is_freed_and_the_cart_charged_anew() {
    let mut ports = ports_with_cart();
    let mut first = paid_order();
    first.idempotency_key = Some("k1".into());
    first.created_at = Utc.with_ymd_and_hms(2026, 11, 20, 12, 0, 0).unwrap();
    ports
        .orders
        .expect_by_idempotency_key()
        .returning(move |_, _| Ok(Some(first.clone())));
    ports
        .orders
        .expect_forget_idempotency_key()
        .with(eq(OrderId::parse("o1").unwrap()))
        .times(1)
        .returning(|_| Ok(()));
    ports
        .orders
        .expect_place()
        .withf(|order| order.idempotency_key.as_deref() == Some("k1"))
        .times(1)
        .returning(|_| Ok(OrderNumber::FIRST));
    ports
        .payments
        .expect_charge()
        .times(1)
        .returning(|_| PaymentOutcome::Approved {
            transaction_id: "T2".into(),
            amount: None,
        });
    ports.orders.expect_apply().returning(|_| Ok(()));
    let outcome = ports
        .service()
        .checkout(&shopper("amina"), &input(), Some("k1"))
        .await
        .unwrap();
    assert!(matches!(outcome, CheckoutOutcome::Paid(o) if o.id.as_str() == "id-0"));
}

fn five_off() -> Discount {
    eid_code(DiscountKind::Fixed(Money::from_cents(500).unwrap()))
}

#[tokio::test]
async fn a_code_on_the_cart_is_charged_and_kept_on_the_order() {
    let mut ports = ports_with_cart_holding(Some(five_off()));
    ports
        .orders
        .expect_place()
        .withf(|order| {
            order
                .discount
                .as_ref()
                .map(|d| (d.code.as_str(), d.amount.cents()))
                == Some(("EID-2026", 500))
                && (order.subtotal.cents(), order.total.cents()) == (4000, 4000)
        })
        .times(1)
        .returning(|_| Ok(OrderNumber::FIRST));
    ports
        .payments
        .expect_charge()
        .withf(|request| request.amount.cents() == 4000)
        .times(1)
        .returning(|_| PaymentOutcome::Approved {
            transaction_id: "T1".into(),
            amount: None,
        });
    ports.orders.expect_apply().returning(|_| Ok(()));
    let outcome = ports
        .service()
        .checkout(&shopper("amina"), &input(), None)
        .await
        .unwrap();
    assert!(matches!(outcome, CheckoutOutcome::Paid(o) if o.total.cents() == 4000));
}

#[tokio::test]
async fn a_code_that_stopped_applying_is_refused_and_taken_off_the_cart_before_placing() {
    let error = refused_before_placing(ports_with_cart_holding(Some(Discount {
        active: false,
        ..five_off()
    })))
    .await;
    assert!(matches!(
        error,
        CheckoutError::CodeRefused(DiscountRefusal::Inactive)
    ));
}

#[tokio::test]
async fn a_code_edited_or_deleted_since_it_was_applied_is_refused_and_taken_off_before_placing() {
    let half = eid_code(DiscountKind::Percent(Percent::new(50).unwrap()));
    let edited = Discount {
        kind: DiscountKind::Percent(Percent::new(5).unwrap()),
        ..half.clone()
    };
    for (now, message) in [
        (
            Some(edited),
            "This discount code has changed. Apply it again to see its new terms",
        ),
        (None, "This discount code is no longer available"),
    ] {
        let error = refused_before_placing(ports_with_cart_holding_as(Some(CartDiscount {
            current: now,
            ..CartDiscount::applying(half.clone())
        })))
        .await;
        assert!(matches!(error, CheckoutError::CodeRefused(r) if r.message() == message));
    }
}

#[tokio::test]
async fn an_order_that_costs_nothing_is_placed_paid_without_asking_the_provider() {
    let forty_off = eid_code(DiscountKind::Fixed(Money::from_cents(4000).unwrap()));
    let free_shipping = ShopSettings {
        shipping_fee: Money::ZERO,
        ..crate::testing::default_settings()
    };
    let mut ports =
        ports_with_cart_shipped_at(Some(CartDiscount::applying(forty_off)), Some(free_shipping));
    ports
        .orders
        .expect_place()
        .withf(|order| order.total == Money::ZERO)
        .times(1)
        .returning(|_| Ok(OrderNumber::FIRST));
    ports.payments.expect_charge().never();
    ports
        .orders
        .expect_apply()
        .withf(|plan| plan.change == OrderTransition::paid_without_charge())
        .times(1)
        .returning(|_| Ok(()));
    let outcome = ports
        .service()
        .checkout(&shopper("amina"), &input(), None)
        .await
        .unwrap();
    assert!(matches!(outcome, CheckoutOutcome::Paid(o)
        if o.payment_status == PaymentStatus::Paid && o.transaction_id.is_none()));
}

#[tokio::test]
async fn a_code_whose_last_use_went_to_another_order_is_refused_without_charging() {
    let limited = Discount {
        usage_limit: Some(1),
        ..five_off()
    };
    let mut ports = ports_with_cart_holding(Some(limited.clone()));
    ports
        .orders
        .expect_place()
        .times(1)
        .returning(|_| Err(OrderStoreError::DiscountUnavailable));
    // Read again after the race: the use went to the other buyer.
    ports.discounts.expect_by_code().returning(move |_| {
        Ok(Some(Discount {
            times_used: 1,
            ..limited.clone()
        }))
    });
    ports
        .discounts
        .expect_remove_from_cart()
        .times(1)
        .returning(|_| Ok(()));
    ports.payments.expect_charge().never();
    let error = ports
        .service()
        .checkout(&shopper("amina"), &input(), None)
        .await
        .unwrap_err();
    assert!(matches!(
        error,
        CheckoutError::CodeRefused(DiscountRefusal::UsedUp)
    ));
}
