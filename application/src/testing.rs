//! Mocked ports for the use-case tests.

use crate::accounts::Accounts;
use crate::audit::Audit;
use crate::cart::Carts;
use crate::catalog::CatalogVersion;
use crate::delivery::CurrentZones;
use crate::languages::Languages;
use crate::orders::Orders;
use crate::refunds::Refunds;
use crate::returns::Returns;
use crate::settings::CurrentSettings;
use chrono::{DateTime, TimeZone, Utc};
use domain::delivery::{DeliveryTime, DeliveryZone};
use domain::discount::{CartDiscount, Discount, DiscountCode, DiscountKind};
use domain::money::Money;
use domain::order::{Channel, Order, OrderStatus, PaymentStatus};
use domain::payment_attempt::{AttemptChange, AttemptState, PaymentAttempt};
use domain::payment_hold::PaymentHold;
use domain::phone::MobileNumber;
use domain::ports::*;
use domain::product::{Category, Product};
use domain::settings::ShopSettings;
use domain::user::{Email, Role, User};
use domain::{DiscountId, OrderId, PaymentAttemptId, Percent, ProductId, UserId, ZoneId};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

/// A clock standing at 2026-11-21 12:00 UTC.
pub fn clock() -> Arc<dyn Clock> {
    let mut clock = MockClock::new();
    clock.expect_now().returning(now);
    Arc::new(clock)
}

/// The time `clock` always tells.
pub fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 21, 12, 0, 0).unwrap()
}

/// Ids that count up: id-0, id-1...
pub fn ids() -> Arc<dyn IdGenerator> {
    let counter = AtomicU32::new(0);
    let mut ids = MockIdGenerator::new();
    ids.expect_new_id()
        .returning(move || format!("id-{}", counter.fetch_add(1, Ordering::SeqCst)));
    Arc::new(ids)
}

/// Payment attempts kept in memory, their answers recorded under the same guard as storage's
/// (a change applies only from its `from` state).
#[derive(Default)]
pub struct KeptAttempts(std::sync::Mutex<Vec<PaymentAttempt>>);

impl KeptAttempts {
    /// Every attempt kept, oldest first.
    pub fn all(&self) -> Vec<PaymentAttempt> {
        self.0.lock().unwrap().clone()
    }
}

#[async_trait::async_trait]
impl PaymentAttemptRepository for KeptAttempts {
    async fn insert(&self, attempt: &PaymentAttempt) -> Result<(), RepoError> {
        self.0.lock().unwrap().push(attempt.clone());
        Ok(())
    }

    async fn by_id(&self, id: &PaymentAttemptId) -> Result<Option<PaymentAttempt>, RepoError> {
        Ok(self.all().into_iter().find(|a| a.id == *id))
    }

    async fn of_order(&self, order: &OrderId) -> Result<Vec<PaymentAttempt>, RepoError> {
        Ok(self
            .all()
            .into_iter()
            .filter(|a| a.order == *order)
            .collect())
    }

    async fn awaiting(
        &self,
        since: DateTime<Utc>,
        methods: &[domain::payment_method::PaymentMethod],
        limit: u32,
    ) -> Result<Vec<PaymentAttempt>, RepoError> {
        let mut awaiting: Vec<PaymentAttempt> = self
            .all()
            .into_iter()
            .filter(|a| {
                a.state == AttemptState::Awaiting
                    && a.started_at >= since
                    && methods.contains(&a.method)
            })
            .collect();
        awaiting.truncate(limit as usize);
        Ok(awaiting)
    }

    async fn late_unclaimed(&self, _limit: u32) -> Result<Vec<PaymentAttempt>, RepoError> {
        Ok(self
            .all()
            .into_iter()
            .filter(|a| a.state == AttemptState::Late && a.refund_claim.is_none())
            .collect())
    }

    async fn record(&self, change: &AttemptChange) -> Result<bool, RepoError> {
        let mut kept = self.0.lock().unwrap();
        let Some(attempt) = kept
            .iter_mut()
            .find(|a| a.id == change.attempt && a.state == change.from)
        else {
            return Ok(false);
        };
        attempt.state = change.to;
        attempt.answered_at = Some(change.at);
        if let Some(reference) = &change.provider_reference {
            attempt.provider_reference = Some(reference.clone());
        }
        if let Some(transaction_id) = &change.transaction_id {
            attempt.transaction_id = Some(transaction_id.clone());
        }
        if let Some(approved) = &change.approved {
            attempt.approved = Some(approved.clone());
        }
        if let Some(error) = &change.refund_error {
            attempt.refund_error = Some(error.clone());
        }
        if matches!(
            change.to,
            AttemptState::Refunded | AttemptState::RefundFailed
        ) {
            attempt.refund_claim = None;
        }
        Ok(true)
    }

    async fn claim_refund(
        &self,
        id: &PaymentAttemptId,
        at: DateTime<Utc>,
    ) -> Result<bool, RepoError> {
        let mut kept = self.0.lock().unwrap();
        let Some(attempt) = kept
            .iter_mut()
            .find(|a| a.id == *id && a.state == AttemptState::Late && a.refund_claim.is_none())
        else {
            return Ok(false);
        };
        attempt.refund_claim = Some(domain::refund::RefundClaim {
            sent_at: at,
            unconfirmed_at: None,
        });
        Ok(true)
    }

    async fn started_between(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<PaymentAttempt>, RepoError> {
        Ok(self
            .all()
            .into_iter()
            .filter(|a| a.started_at >= from && a.started_at < to)
            .collect())
    }

    async fn list(
        &self,
        query: &domain::listing::payments::AttemptQuery,
    ) -> Result<(Vec<PaymentAttempt>, u64), RepoError> {
        let all = self.all();
        let total = all.len() as u64;
        Ok((query.page.of(all.into_iter().rev().collect()), total))
    }
}

/// The payment attempts' use case over `orders`, `gateway` and attempts kept in `kept`,
/// queuing nothing.
pub fn attempts_over(
    orders: Arc<dyn OrderRepository>,
    gateway: Arc<dyn PaymentGateway>,
    kept: Arc<KeptAttempts>,
) -> crate::payments::attempts::Attempts {
    let mut outbox = MockOutbox::new();
    outbox.expect_enqueue().returning(|_, _| Ok(()));
    crate::payments::attempts::Attempts::new(
        kept,
        orders.clone(),
        gateway,
        Arc::new(outbox),
        crate::payments::settle::Settlement::new(orders, clock(), CatalogVersion::default()),
        clock(),
        ids(),
    )
}

/// The audit trail written to `log`.
pub fn audit(log: MockAuditLog) -> Audit {
    Audit::new(Arc::new(log), clock(), ids())
}

/// The settings in force read from `settings`, with `default_settings` until one is saved.
pub fn current_settings(settings: MockSettingsRepository) -> CurrentSettings {
    CurrentSettings::new(Arc::new(settings), default_settings())
}

/// The mocks of the cart service's ports.
pub struct CartMocks {
    pub carts: MockCartRepository,
    pub wishlists: MockWishlistRepository,
    pub products: MockProductRepository,
    pub discounts: MockDiscountRepository,
    pub settings: MockSettingsRepository,
    pub zones: MockDeliveryZoneRepository,
}

impl CartMocks {
    pub fn new() -> Self {
        Self {
            carts: MockCartRepository::new(),
            wishlists: MockWishlistRepository::new(),
            products: MockProductRepository::new(),
            discounts: MockDiscountRepository::new(),
            settings: MockSettingsRepository::new(),
            zones: no_zones(),
        }
    }

    pub fn service(self) -> Carts {
        Carts::new(
            Arc::new(self.carts),
            Arc::new(self.wishlists),
            Arc::new(self.products),
            Arc::new(self.discounts),
            clock(),
            current_settings(self.settings),
            CurrentZones::new(Arc::new(self.zones)),
        )
    }
}

/// A shop that has set up no delivery zones (the settings' flat fee everywhere).
pub fn no_zones() -> MockDeliveryZoneRepository {
    zones_of(vec![])
}

/// A shop delivering to `zones`.
pub fn zones_of(zones: Vec<DeliveryZone>) -> MockDeliveryZoneRepository {
    let mut stored = MockDeliveryZoneRepository::new();
    stored.expect_all().returning(move || Ok(zones.clone()));
    stored
}

/// Hodan, Mogadishu: $2.00, the same day or the next, cash taken.
pub fn hodan() -> DeliveryZone {
    DeliveryZone {
        id: ZoneId::parse("z-hodan").unwrap(),
        city: "Mogadishu".into(),
        district: Some("Hodan".into()),
        fee: Money::from_cents(200).unwrap(),
        time: DeliveryTime {
            min_days: 0,
            max_days: 1,
        },
        cash_on_delivery: true,
        served: true,
    }
}

/// The shopper's cart holds `code` (or none), on the terms it has now.
pub fn cart_code(discounts: &mut MockDiscountRepository, code: Option<Discount>) {
    cart_code_as(discounts, code.map(CartDiscount::applying));
}

/// The shopper's cart holds `code` as applied then (or none).
pub fn cart_code_as(discounts: &mut MockDiscountRepository, code: Option<CartDiscount>) {
    discounts
        .expect_on_cart()
        .returning(move |_| Ok(code.clone()));
}

/// The mocks of the accounts service's ports.
pub struct AccountMocks {
    pub users: MockUserRepository,
    pub hasher: MockPasswordHasher,
    pub tokens: MockTokenService,
    pub secrets: MockSecretGenerator,
    pub audit: MockAuditLog,
}

impl AccountMocks {
    pub fn new() -> Self {
        Self {
            users: MockUserRepository::new(),
            hasher: MockPasswordHasher::new(),
            tokens: MockTokenService::new(),
            secrets: MockSecretGenerator::new(),
            audit: MockAuditLog::new(),
        }
    }

    pub fn service(self) -> Accounts {
        let users: Arc<dyn UserRepository> = Arc::new(self.users);
        Accounts::new(
            users.clone(),
            Arc::new(self.hasher),
            Arc::new(self.tokens),
            Arc::new(self.secrets),
            clock(),
            ids(),
            audit(self.audit),
            Arc::default(),
            Languages::new(users),
        )
    }
}

/// The mocks of the orders and returns services' ports: both send refunds under a claim.
pub struct OrderMocks {
    pub orders: MockOrderRepository,
    pub returns: MockReturnRepository,
    pub payments: MockPaymentGateway,
    pub audit: MockAuditLog,
}

impl OrderMocks {
    pub fn new() -> Self {
        Self {
            orders: MockOrderRepository::new(),
            returns: MockReturnRepository::new(),
            payments: MockPaymentGateway::new(),
            audit: MockAuditLog::new(),
        }
    }

    /// The stores, the refunds over them and the audit trail.
    fn parts(
        self,
    ) -> (
        Arc<dyn OrderRepository>,
        Arc<dyn ReturnRepository>,
        Refunds,
        Audit,
    ) {
        let orders: Arc<dyn OrderRepository> = Arc::new(self.orders);
        let returns: Arc<dyn ReturnRepository> = Arc::new(self.returns);
        let refunds = Refunds::new(
            Arc::new(self.payments),
            orders.clone(),
            returns.clone(),
            Arc::new(KeptAttempts::default()),
            clock(),
        );
        (orders, returns, refunds, audit(self.audit))
    }

    pub fn orders_service(self) -> Orders {
        let (orders, returns, refunds, audit) = self.parts();
        Orders::new(
            orders,
            returns,
            Arc::new(KeptAttempts::default()),
            clock(),
            audit,
            CatalogVersion::default(),
            refunds,
            PaymentHold::default(),
        )
    }

    pub fn returns_service(self) -> Returns {
        let (orders, returns, refunds, audit) = self.parts();
        Returns::new(
            returns,
            orders,
            clock(),
            ids(),
            audit,
            CatalogVersion::default(),
            refunds,
        )
    }
}

pub fn default_settings() -> ShopSettings {
    ShopSettings {
        shop_name: "Dukaan".into(),
        support_phone: "+252 61 000 0000".into(),
        support_email: Email::parse("help@dukaan.so").unwrap(),
        shipping_fee: Money::from_cents(500).unwrap(),
        cash_on_delivery_max: Money::from_cents(20_000).unwrap(),
    }
}

fn user(id: &str, role: Role) -> User {
    User {
        id: UserId::parse(id).unwrap(),
        name: id.into(),
        email: Some(Email::parse(&format!("{id}@example.com")).unwrap()),
        phone: "615551234".into(),
        role,
        password_hash: "hash".into(),
        must_change_password: false,
        token_version: 0,
        created_at: Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap(),
        language: domain::language::Language::English,
    }
}

pub fn shopper(id: &str) -> User {
    user(id, Role::User)
}

pub fn admin(id: &str) -> User {
    user(id, Role::Admin)
}

/// Staff of `role` (an order handler, a stock keeper, a rider).
pub fn staff(id: &str, role: Role) -> User {
    user(id, role)
}

/// A paid, pending order of `amina` (o1: $40 + $5 shipping, transaction T1).
pub fn paid_order() -> Order {
    Order {
        id: OrderId::parse("o1").unwrap(),
        number: domain::order::OrderNumber::new(1042).unwrap(),
        user_id: shopper("amina").id,
        customer_name: "amina".into(),
        customer_email: "amina@example.com".into(),
        lines: vec![],
        subtotal: Money::from_cents(4000).unwrap(),
        shipping_fee: Money::from_cents(500).unwrap(),
        total: Money::from_cents(4500).unwrap(),
        status: OrderStatus::Pending,
        payment_status: PaymentStatus::Paid,
        payment_method: Some(domain::payment_method::PaymentMethod::EvcPlus),
        payment_phone: MobileNumber::parse("615551234").unwrap(),
        transaction_id: Some("T1".into()),
        payment_reference: None,
        shipping_address: None,
        idempotency_key: None,
        created_at: Utc::now(),
        hold_expired_at: None,
        discount: None,
        delivered_at: None,
        refunded: Money::ZERO,
        refund_claim: None,
        delivery: None,
        history: Vec::new(),
        channel: Channel::Web,
    }
}

/// The code EID-2026 (d1) of this kind, active, without conditions or uses.
pub fn eid_code(kind: DiscountKind) -> Discount {
    Discount {
        id: DiscountId::parse("d1").unwrap(),
        code: DiscountCode::parse("EID-2026").unwrap(),
        kind,
        min_subtotal: None,
        starts_at: None,
        ends_at: None,
        usage_limit: None,
        per_customer_limit: None,
        times_used: 0,
        active: true,
        created_at: Utc.with_ymd_and_hms(2026, 3, 1, 0, 0, 0).unwrap(),
    }
}

/// The product p1, an abaya at `cents` with `stock` units and no sizes.
pub fn product(cents: i64, stock: u32) -> Product {
    Product {
        id: ProductId::parse("p1").unwrap(),
        name: "Abaya".into(),
        description: "Black".into(),
        category: Category::Women,
        tags: vec![],
        price: Money::from_cents(cents).unwrap(),
        discount: Percent::default(),
        stated_original_price: None,
        image: None,
        gallery: vec![],
        colour_pictures: Default::default(),
        rating_tenths: 45,
        reviews: 2,
        stock,
        variants: Vec::new(),
        is_featured: false,
        created_at: Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap(),
    }
}
