//! Checkout: stock reserved and the order stored in one transaction, then the charge (a
//! wallet's, or a card's page to send the payer to).

use crate::cart::Carts;
use crate::catalog::CatalogVersion;
use crate::delivery::CurrentZones;
use crate::in_flight::CheckoutsInFlight;
use crate::monitoring;
use crate::payments::settle::Settlement;
use crate::payments::AcceptedMethods;
use crate::settings::CurrentSettings;
use derive_new::new;
use domain::checkout::CheckoutInput;
use domain::delivery::{cash_on_delivery, cash_order_placed};
use domain::discount::DiscountRefusal;
use domain::message::Message;
use domain::notification::{Announcement, Topic};
use domain::order::{
    order_lines, Changer, Order, OrderDiscount, OrderStatus, OrderTransition, PaymentStatus,
    StatusChange,
};
use domain::payment_method::PaymentMethod;
use domain::ports::{Clock, IdGenerator, OrderRepository, Outbox, PaymentGateway};
use domain::ports::{OrderStoreError, PaymentOutcome, PaymentRequest, RepoError};
use domain::user::User;
use domain::validation::FieldErrors;
use domain::{Money, OrderId};
use std::sync::Arc;
use std::time::Duration;
use tracing::Instrument;

/// Why a checkout stopped waiting for a charge that goes on.
const NO_ANSWER_IN_TIME: &str =
    "no answer within the payment time; the answer is recorded when it comes";

/// How a checkout ended when it did not fail.
#[derive(Debug, Clone, PartialEq)]
pub enum CheckoutOutcome {
    /// Paid: the cart is empty now.
    Paid(Order),
    /// The provider gave no clear answer: the order is kept, pending, with its stock.
    Unconfirmed(Order),
    /// The payer pays on the provider's page at `url` (a card): the order holds its stock
    /// and the cart is kept until the provider says the payment was approved.
    OnPage { order: Order, url: String },
    /// Paid in cash to the rider: the order holds its stock, the cart is empty, and the
    /// payment stays pending until the rider collects it.
    CashOnDelivery(Order),
}

/// What a checkout can fail with.
#[derive(Debug, thiserror::Error)]
pub enum CheckoutError {
    #[error(transparent)]
    Invalid(#[from] FieldErrors),
    /// Another checkout of this shopper is charging now.
    #[error("a checkout is in progress")]
    InProgress,
    #[error("the cart is empty")]
    CartEmpty,
    /// The cart's code stopped applying (it was taken off the cart).
    #[error("the code was refused: {0:?}")]
    CodeRefused(DiscountRefusal),
    /// An earlier payment of this shopper is still unconfirmed.
    #[error("an earlier payment awaits its answer")]
    PaymentAwaited,
    /// The payer or their balance said no; the order was canceled, the cart kept.
    #[error("declined: {reason}")]
    Declined { reason: Message },
    /// A retry of a checkout whose payment failed.
    #[error("the payment failed")]
    DeclinedBefore,
    /// The provider refused the shop itself (its set-up); no money moved.
    #[error("the provider refused: {reason}")]
    ProviderRefused { reason: Message },
    /// Not enough stock, a code's last use taken, or the store failing.
    #[error(transparent)]
    Store(#[from] OrderStoreError),
    #[error(transparent)]
    Repo(#[from] RepoError),
}

/// Checkout: the cart becomes an order, stock is held and the payer is charged.
#[allow(clippy::too_many_arguments)] // derive_new's constructor takes each port
#[derive(new)]
pub struct Checkout {
    cart: Carts,
    orders: Arc<dyn OrderRepository>,
    outbox: Arc<dyn Outbox>,
    payments: Arc<dyn PaymentGateway>,
    clock: Arc<dyn Clock>,
    ids: Arc<dyn IdGenerator>,
    catalog_version: CatalogVersion,
    settlement: Settlement,
    zones: CurrentZones,
    accepted: AcceptedMethods,
    settings: CurrentSettings,
    /// How long the shopper waits for the charge's answer (`SHOP_PAYMENT_TIMEOUT_SECS`).
    payment_wait: Duration,
    #[new(default)]
    checkouts_in_flight: CheckoutsInFlight,
}

impl Checkout {
    /// Whether payments go to the sandbox rather than a provider.
    pub fn is_sandbox_payments(&self) -> bool {
        self.payments.is_sandbox()
    }

    /// Validate, reserve stock and store the order in one transaction, then charge: a charge
    /// that fails or times out never loses the order. A retry with the same idempotency key
    /// within 24 hours replays the first result; a second checkout while one is charging is
    /// refused.
    pub async fn checkout(
        &self,
        user: &User,
        input: &CheckoutInput,
        idempotency_key: Option<&str>,
    ) -> Result<CheckoutOutcome, CheckoutError> {
        let result = self.place_and_charge(user, input, idempotency_key).await;
        monitoring::checkout_finished(outcome_label(&result));
        result
    }

    async fn place_and_charge(
        &self,
        user: &User,
        input: &CheckoutInput,
        idempotency_key: Option<&str>,
    ) -> Result<CheckoutOutcome, CheckoutError> {
        let zones = self.zones.get().await?;
        let request = input.validate(&self.accepted.get().await?, &zones)?;
        let _charging = self
            .checkouts_in_flight
            .enter(&user.id)
            .ok_or(CheckoutError::InProgress)?;
        let now = self.clock.now();
        if let Some(key) = idempotency_key {
            if let Some(first) = self.orders.by_idempotency_key(&user.id, key).await? {
                if first.replays_at(now) {
                    return replay(first);
                }
                self.orders.forget_idempotency_key(&first.id).await?;
            }
        }
        let (cart, code) = self.cart.cart_with_code(user).await?;
        let lines = order_lines(&cart).ok_or(CheckoutError::CartEmpty)?;
        let (cart_totals, held) = self
            .cart
            .discounted_totals(user, &cart, code.as_ref(), request.zone.as_ref())
            .await?;
        // A shopper is never charged a total they did not see: a code that stopped applying is
        // dropped from the cart and the checkout refused with the reason.
        if let Some(refusal) = held.as_ref().and_then(|held| held.refusal.clone()) {
            self.cart.drop_discount(user).await?;
            return Err(CheckoutError::CodeRefused(refusal));
        }
        if request.method == PaymentMethod::CashOnDelivery {
            let max = self.settings.get().await?.cash_on_delivery_max;
            cash_on_delivery(request.zone.as_ref(), cart_totals.total, max)
                .map_err(|refusal| FieldErrors::single("paymentMethod", refusal.message()))?;
        }
        let order = Order {
            id: OrderId::parse(&self.ids.new_id()).expect("the id generator makes valid ids"),
            user_id: user.id.clone(),
            customer_name: user.name.clone(),
            customer_email: user.email.to_string(),
            lines,
            subtotal: cart_totals.subtotal,
            shipping_fee: cart_totals.shipping,
            total: cart_totals.total,
            status: OrderStatus::Pending,
            payment_status: PaymentStatus::Pending,
            payment_method: request.method,
            payment_phone: request.phone.clone(),
            transaction_id: None,
            payment_reference: None,
            shipping_address: request.shipping_address,
            idempotency_key: idempotency_key.map(str::to_owned),
            created_at: now,
            hold_expired_at: None,
            discount: held.map(|held| OrderDiscount {
                code: held.code,
                amount: cart_totals.discount,
            }),
            delivered_at: None,
            refunded: Money::ZERO,
            refund_claim: None,
            delivery: None,
            history: vec![StatusChange {
                status: OrderStatus::Pending,
                at: now,
                by: Some(Changer {
                    id: user.id.clone(),
                    name: user.name.clone(),
                }),
            }],
        };
        match self.orders.place(&order).await {
            // The stock shown to shoppers changed.
            Ok(()) => self.catalog_version.forget(),
            // The same key raced us from another process, or an earlier payment of this
            // shopper is still unconfirmed: never start a second charge.
            Err(OrderStoreError::Repo(RepoError::Duplicate)) => {
                if let Some(key) = idempotency_key {
                    if let Some(first) = self.orders.by_idempotency_key(&user.id, key).await? {
                        return replay(first);
                    }
                }
                return Err(CheckoutError::PaymentAwaited);
            }
            // Another order took the code's last use, or the shopper's own, since it was read.
            Err(OrderStoreError::DiscountUnavailable) => {
                let refusal = self.cart.why_unavailable(user, &order).await?;
                self.cart.drop_discount(user).await?;
                return Err(CheckoutError::CodeRefused(refusal));
            }
            Err(error) => return Err(error.into()),
        }
        if !order.needs_charge() {
            return self
                .mark_paid(order, OrderTransition::paid_without_charge())
                .await;
        }
        if order.payment_method == PaymentMethod::CashOnDelivery {
            self.orders
                .apply(&cash_order_placed(&order, self.clock.now()))
                .await?;
            return Ok(CheckoutOutcome::CashOnDelivery(order));
        }
        let charge = PaymentRequest {
            reference: order.id.clone(),
            method: order.payment_method,
            phone: request.phone,
            amount: order.total,
            description: format!("Order {}", order.id),
        };
        match self.charge_within_wait(&order, charge).await {
            PaymentOutcome::Approved { transaction_id } => {
                self.mark_paid(order, OrderTransition::paid_at_checkout(transaction_id))
                    .await
            }
            PaymentOutcome::Declined { reason } => {
                self.settlement.fail(&order).await?;
                Err(CheckoutError::Declined { reason })
            }
            // No money moved, as for a decline, but the shop's own set-up is at fault.
            PaymentOutcome::ProviderRefused { reason } => {
                self.settlement.fail(&order).await?;
                Err(CheckoutError::ProviderRefused { reason })
            }
            PaymentOutcome::Awaiting { reference } => {
                self.orders
                    .record_payment_reference(&order.id, &reference)
                    .await?;
                self.keep_unconfirmed(user, order, "the provider keeps the invoice open")
                    .await
            }
            PaymentOutcome::Unconfirmed { reason } => {
                self.keep_unconfirmed(user, order, &reason).await
            }
            // The page's address is kept, so a retry of this checkout goes back to it.
            PaymentOutcome::OnPage { url } => {
                self.orders
                    .record_payment_reference(&order.id, &url)
                    .await?;
                Ok(CheckoutOutcome::OnPage { order, url })
            }
        }
    }

    /// Charges, waiting for the answer up to `payment_wait`; a charge still going on then
    /// goes on without the shopper (an eDahab invoice the payer confirms late), and its
    /// answer is recorded when it comes.
    async fn charge_within_wait(&self, order: &Order, charge: PaymentRequest) -> PaymentOutcome {
        let payments = self.payments.clone();
        // In the request's span, so the provider's log lines name the request.
        let mut charging = tokio::spawn(
            async move { monitoring::charge(payments.as_ref(), &charge).await }.in_current_span(),
        );
        match tokio::time::timeout(self.payment_wait, &mut charging).await {
            Ok(Ok(outcome)) => outcome,
            Ok(Err(failed)) => PaymentOutcome::Unconfirmed {
                reason: failed.to_string(),
            },
            Err(_) => {
                let settlement = self.settlement.clone();
                let order = order.clone();
                tokio::spawn(
                    async move {
                        if let Ok(outcome) = charging.await {
                            settlement.settle_late(&order, outcome).await;
                        }
                    }
                    .in_current_span(),
                );
                PaymentOutcome::Unconfirmed {
                    reason: NO_ANSWER_IN_TIME.to_owned(),
                }
            }
        }
    }

    /// No clear answer yet: the order is kept pending with its stock, the cart emptied (it
    /// holds the cart's items now; keeping them would invite paying twice), the shopper told.
    async fn keep_unconfirmed(
        &self,
        user: &User,
        order: Order,
        reason: &str,
    ) -> Result<CheckoutOutcome, CheckoutError> {
        tracing::warn!(order = %order.id, %reason, "payment unconfirmed; order kept pending");
        self.cart.empty(user).await?;
        let messages = Announcement::to_shopper(
            Topic::PaymentUnconfirmed,
            order.id.as_str(),
            &order.customer_email,
            order.payment_phone.as_str(),
            None,
        );
        self.outbox.enqueue(&messages, self.clock.now()).await?;
        Ok(CheckoutOutcome::Unconfirmed(order))
    }

    /// Records `order` as `paid` (by the provider's approval, or needing no charge) and
    /// answers with it.
    async fn mark_paid(
        &self,
        mut order: Order,
        paid: OrderTransition,
    ) -> Result<CheckoutOutcome, CheckoutError> {
        let transaction_id = paid.payment.as_ref().and_then(|p| p.transaction_id.clone());
        self.settlement.record_paid(&order, paid).await?;
        order.payment_status = PaymentStatus::Paid;
        order.transaction_id = transaction_id;
        Ok(CheckoutOutcome::Paid(order))
    }
}

/// How monitoring counts a checkout's end: `paid`, `unconfirmed`, `declined`,
/// `provider_refused`, `refused` (the cart, the stock, a code or a payment under way said
/// no), `invalid` or `error`.
fn outcome_label(result: &Result<CheckoutOutcome, CheckoutError>) -> &'static str {
    match result {
        Ok(CheckoutOutcome::Paid(_)) => "paid",
        Ok(CheckoutOutcome::Unconfirmed(_)) => "unconfirmed",
        Ok(CheckoutOutcome::OnPage { .. }) => "on_page",
        Ok(CheckoutOutcome::CashOnDelivery(_)) => "cash_on_delivery",
        Err(CheckoutError::Declined { .. } | CheckoutError::DeclinedBefore) => "declined",
        Err(CheckoutError::ProviderRefused { .. }) => "provider_refused",
        Err(
            CheckoutError::InProgress
            | CheckoutError::CodeRefused(_)
            | CheckoutError::PaymentAwaited
            | CheckoutError::Store(
                OrderStoreError::OutOfStock { .. }
                | OrderStoreError::DiscountUnavailable
                | OrderStoreError::Stale,
            ),
        ) => "refused",
        Err(CheckoutError::Invalid(_) | CheckoutError::CartEmpty) => "invalid",
        Err(CheckoutError::Store(OrderStoreError::Repo(_)) | CheckoutError::Repo(_)) => "error",
    }
}

/// The answer a checkout gave the first time.
fn replay(order: Order) -> Result<CheckoutOutcome, CheckoutError> {
    match order.payment_status {
        PaymentStatus::Paid | PaymentStatus::PartiallyRefunded | PaymentStatus::Refunded => {
            Ok(CheckoutOutcome::Paid(order))
        }
        PaymentStatus::Pending if order.payment_method == PaymentMethod::CashOnDelivery => {
            Ok(CheckoutOutcome::CashOnDelivery(order))
        }
        PaymentStatus::Pending => match order.payment_page() {
            Some(url) => {
                let url = url.to_owned();
                Ok(CheckoutOutcome::OnPage { order, url })
            }
            None => Ok(CheckoutOutcome::Unconfirmed(order)),
        },
        PaymentStatus::Failed => Err(CheckoutError::DeclinedBefore),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{
        cart_code, cart_code_as, clock, current_settings, hodan, ids, paid_order, product, shopper,
        zones_of, CartMocks,
    };
    use chrono::{TimeZone, Utc};

    use crate::testing::eid_code;
    use domain::cart::CartLine;
    use domain::checkout::ShippingAddressInput;
    use domain::discount::{CartDiscount, Discount, DiscountKind};
    use domain::order::StockEffect;
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
            Checkout::new(
                cart.service(),
                orders.clone(),
                Arc::new(self.outbox),
                payments.clone(),
                clock(),
                ids(),
                CatalogVersion::default(),
                Settlement::new(orders, clock(), CatalogVersion::default()),
                zones(),
                AcceptedMethods::new(payments, zones(), settings()),
                settings(),
                Duration::from_secs(60),
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
    fn ports_with_cart_shipped_at(
        code: Option<CartDiscount>,
        settings: Option<ShopSettings>,
    ) -> Mocks {
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
        ports.orders.expect_place().times(1).returning(|_| Ok(()));
        ports
            .payments
            .expect_charge()
            .times(1)
            .returning(|request| {
                assert_eq!(request.amount.cents(), 4500);
                assert_eq!(request.phone, MobileNumber::parse("615551234").unwrap());
                PaymentOutcome::Approved {
                    transaction_id: "T1".into(),
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
            .returning(|_| Ok(()));
        ports
            .payments
            .expect_charge()
            .withf(|request| request.amount.cents() == 4200)
            .times(1)
            .returning(|_| PaymentOutcome::Approved {
                transaction_id: "T1".into(),
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
        assert!(
            matches!(outcome, CheckoutOutcome::Paid(order) if order.shipping_fee.cents() == 200)
        );
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
        ports.orders.expect_place().returning(|_| Ok(()));
        ports
            .payments
            .expect_charge()
            .times(1)
            .returning(|_| PaymentOutcome::Approved {
                transaction_id: "T1".into(),
            });
        let mut tries = 0;
        ports
            .orders
            .expect_apply()
            .times(outages + 1)
            .returning(move |_| {
                tries += 1;
                if tries <= outages {
                    Err(
                        RepoError::Unavailable("the database system is shutting down".into())
                            .into(),
                    )
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
        ports.orders.expect_place().returning(|_| Ok(()));
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
    async fn a_provider_refusing_the_shop_cancels_the_order_keeps_the_cart_and_is_a_provider_failure(
    ) {
        let mut ports = ports_with_cart();
        ports.orders.expect_place().returning(|_| Ok(()));
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
        ports.orders.expect_place().returning(|_| Ok(()));
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
            .returning(|_| Ok(()));
        ports
            .payments
            .expect_charge()
            .times(1)
            .returning(|_| PaymentOutcome::Approved {
                transaction_id: "T2".into(),
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
            .returning(|_| Ok(()));
        ports
            .payments
            .expect_charge()
            .withf(|request| request.amount.cents() == 4000)
            .times(1)
            .returning(|_| PaymentOutcome::Approved {
                transaction_id: "T1".into(),
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
    async fn a_code_edited_or_deleted_since_it_was_applied_is_refused_and_taken_off_before_placing()
    {
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
        let mut ports = ports_with_cart_shipped_at(
            Some(CartDiscount::applying(forty_off)),
            Some(free_shipping),
        );
        ports
            .orders
            .expect_place()
            .withf(|order| order.total == Money::ZERO)
            .times(1)
            .returning(|_| Ok(()));
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
}
