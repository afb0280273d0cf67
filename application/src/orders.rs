//! Checkout with EVC Plus, order history, status changes and the dashboard figures.

use crate::{AppError, Shop};
use domain::audit::AuditChange;
use domain::cart::totals;
use domain::checkout::{order_lines, CheckoutInput, EMPTY_CART};
use domain::order::{
    payment_confirmation, Order, OrderStatus, OrderTransition, PaymentChange, PaymentStatus,
    PAYMENT_METHOD_EVC_PLUS,
};
use domain::payment_hold::{hold_expiry, HOLD_EXPIRED};
use domain::permissions::{may_read_order, require_admin};
use domain::ports::{
    OrderStoreError, Page, PaymentOutcome, PaymentRequest, ProductFilter, RefundRequest, RepoError,
};
use domain::stats::{
    dashboard, period_report, period_start, DashboardFigures, PeriodReport, RECENT_ORDERS,
    REPORT_PERIODS, TOP_PRODUCTS,
};
use domain::user::User;
use domain::OrderId;

pub const PAYMENT_UNCONFIRMED: &str =
    "We could not confirm your payment yet. Your order is saved as pending and we will confirm it shortly.";
const PAYMENT_DECLINED: &str = "Payment failed";
pub const CHECKOUT_IN_PROGRESS: &str = "Checkout already in progress";
pub const PAYMENT_AWAITED: &str =
    "Your previous payment is still being confirmed. Please wait before paying again.";
pub const NOT_AWAITING_PAYMENT: &str = "Only orders awaiting payment can be marked paid";
/// Expired holds are released in batches of this many; the next check takes the rest.
const HOLDS_RELEASED_AT_ONCE: u32 = 500;

/// How a checkout ended when it did not fail.
#[derive(Debug, Clone, PartialEq)]
pub enum CheckoutOutcome {
    /// Paid: the cart is empty now.
    Paid(Order),
    /// The provider gave no clear answer: the order is kept, pending, with its stock.
    Unconfirmed(Order),
}

/// The dashboard: figures plus the catalogue size and the newest orders.
#[derive(Debug, Clone, PartialEq)]
pub struct Dashboard {
    pub total_products: u64,
    pub figures: DashboardFigures,
    pub recent_orders: Vec<Order>,
}

impl Shop {
    /// DESIGN.md section 4: validate, reserve stock and store the order in one transaction,
    /// then charge. A retry with the same idempotency key within 24 hours replays the first
    /// result; a second checkout while one is charging is refused.
    pub async fn checkout(
        &self,
        user: &User,
        input: &CheckoutInput,
        idempotency_key: Option<&str>,
    ) -> Result<CheckoutOutcome, AppError> {
        let request = input.validate()?;
        let _charging = self
            .checkouts_in_flight
            .enter(&user.id)
            .ok_or_else(|| AppError::Conflict(CHECKOUT_IN_PROGRESS.into()))?;
        let now = self.ports.clock.now();
        if let Some(key) = idempotency_key {
            if let Some(first) = self.ports.orders.by_idempotency_key(&user.id, key).await? {
                if first.replays_at(now) {
                    return replay(first);
                }
                self.ports.orders.forget_idempotency_key(&first.id).await?;
            }
        }
        let cart = self.ports.carts.lines(&user.id).await?;
        let lines = order_lines(&cart).ok_or_else(|| AppError::BadRequest(EMPTY_CART.into()))?;
        let fee = self.current_settings().await?.shipping_fee;
        let cart_totals = totals(&cart, fee);
        let mut order = Order {
            id: OrderId::parse(&self.ports.ids.new_id()).expect("the id generator makes valid ids"),
            user_id: user.id.clone(),
            customer_name: user.name.clone(),
            customer_email: user.email.to_string(),
            lines,
            subtotal: cart_totals.subtotal,
            shipping_fee: cart_totals.shipping,
            total: cart_totals.total,
            status: OrderStatus::Pending,
            payment_status: PaymentStatus::Pending,
            payment_method: PAYMENT_METHOD_EVC_PLUS.into(),
            payment_phone: request.phone.clone(),
            transaction_id: None,
            shipping_address: request.shipping_address,
            idempotency_key: idempotency_key.map(str::to_owned),
            created_at: now,
            hold_expired_at: None,
        };
        match self.ports.orders.place(&order).await {
            // The stock shown to shoppers changed.
            Ok(()) => self.catalog_version.forget(),
            // The same key raced us from another process, or an earlier payment of this
            // shopper is still unconfirmed: never start a second charge.
            Err(OrderStoreError::Repo(RepoError::Duplicate)) => {
                if let Some(key) = idempotency_key {
                    if let Some(first) = self.ports.orders.by_idempotency_key(&user.id, key).await?
                    {
                        return replay(first);
                    }
                }
                return Err(AppError::Conflict(PAYMENT_AWAITED.into()));
            }
            Err(error) => return Err(error.into()),
        }
        let charge = PaymentRequest {
            reference: order.id.clone(),
            phone: request.phone,
            amount: order.total,
            description: format!("Order {}", order.id),
        };
        match self.ports.payments.charge(&charge).await {
            PaymentOutcome::Approved { transaction_id } => {
                let paid = OrderTransition::paid_at_checkout(transaction_id.clone());
                if let Err(error) = self.ports.orders.transition(&order.id, &paid).await {
                    tracing::error!(order = %order.id, %transaction_id, %error, "charged, but the order could not be marked paid");
                    return Err(error.into());
                }
                order.payment_status = PaymentStatus::Paid;
                order.transaction_id = Some(transaction_id);
                Ok(CheckoutOutcome::Paid(order))
            }
            PaymentOutcome::Declined { reason } => {
                self.fail_payment(&order.id).await?;
                Err(AppError::PaymentDeclined(reason))
            }
            // No money moved, as for a decline, but the shop's own set-up is at fault.
            PaymentOutcome::ProviderRefused { reason } => {
                self.fail_payment(&order.id).await?;
                Err(AppError::PaymentProvider(reason))
            }
            PaymentOutcome::Unconfirmed { reason } => {
                // The order holds the cart's items now; keeping them in the cart would invite
                // paying for them twice.
                tracing::warn!(order = %order.id, %reason, "payment unconfirmed; order kept pending");
                self.ports.carts.clear(&user.id).await?;
                Ok(CheckoutOutcome::Unconfirmed(order))
            }
        }
    }

    /// A charge that moved no money: the order is canceled with its payment failed and its
    /// stock released; the cart is kept for another try.
    async fn fail_payment(&self, id: &OrderId) -> Result<(), AppError> {
        let failed = OrderTransition {
            payment: Some(PaymentChange {
                from: PaymentStatus::Pending,
                to: PaymentStatus::Failed,
                transaction_id: None,
            }),
            ..OrderTransition::status_change(OrderStatus::Pending, OrderStatus::Canceled)
        };
        self.ports.orders.transition(id, &failed).await?;
        self.catalog_version.forget();
        Ok(())
    }

    pub async fn my_orders(&self, user: &User) -> Result<Vec<Order>, AppError> {
        Ok(self.ports.orders.for_user(&user.id).await?)
    }

    pub async fn all_orders(
        &self,
        actor: &User,
        page: Option<Page>,
    ) -> Result<(Vec<Order>, u64), AppError> {
        require_admin(actor)?;
        Ok(self.ports.orders.list(page).await?)
    }

    pub async fn order(&self, actor: &User, id: &OrderId) -> Result<Order, AppError> {
        let order = self
            .ports
            .orders
            .by_id(id)
            .await?
            .ok_or_else(|| AppError::not_found("Order"))?;
        may_read_order(actor, &order.user_id)?;
        Ok(order)
    }

    /// Any of the four statuses from any other. Canceling puts stock back (and reverses a
    /// payment, or marks an unconfirmed one failed); leaving canceled takes the stock again
    /// or is refused.
    pub async fn update_order_status(
        &self,
        actor: &User,
        id: &OrderId,
        status: &str,
    ) -> Result<Order, AppError> {
        require_admin(actor)?;
        let to = OrderStatus::parse(status).ok_or_else(|| {
            AppError::Invalid(domain::validation::FieldErrors::single(
                "status",
                "Status must be pending, shipped, delivered or canceled",
            ))
        })?;
        let order = self.order(actor, id).await?;
        if order.status == to {
            return Ok(order);
        }
        let mut transition = OrderTransition::admin_status_change(&order, to);
        if transition.reverses_payment() {
            // Of several cancels sent at once, only the claimer reaches the provider.
            self.ports.orders.claim_refund(id, order.status).await?;
            if let Some(transaction_id) = &order.transaction_id {
                if let Err(reason) = self
                    .ports
                    .payments
                    .refund(&RefundRequest::whole_charge(transaction_id, &order))
                    .await
                {
                    self.ports.orders.release_refund_claim(id).await?;
                    return Err(AppError::PaymentProvider(format!(
                        "The payment could not be reversed: {reason}"
                    )));
                }
            }
            transition = transition.landing_refund();
        }
        self.ports.orders.transition(id, &transition).await?;
        self.catalog_version.forget();
        let changed = self.order(actor, id).await?;
        self.record_audit(actor, AuditChange::order_status_changed(&order, &changed))
            .await;
        Ok(changed)
    }

    /// An admin confirms an unconfirmed payment (`order::payment_confirmation` says what is
    /// accepted); only an order that awaits payment can be confirmed.
    pub async fn update_payment_status(
        &self,
        actor: &User,
        id: &OrderId,
        status: &str,
        transaction_id: Option<&str>,
    ) -> Result<Order, AppError> {
        require_admin(actor)?;
        let confirmation = payment_confirmation(status, transaction_id)?;
        let order = self.order(actor, id).await?;
        if order.hold_expired_at.is_some() {
            return Err(AppError::Conflict(HOLD_EXPIRED.into()));
        }
        if !order.awaits_payment() {
            return Err(AppError::Conflict(NOT_AWAITING_PAYMENT.into()));
        }
        let paid = OrderTransition::payment_change(order.status, confirmation);
        self.ports.orders.transition(id, &paid).await?;
        let changed = self.order(actor, id).await?;
        self.record_audit(actor, AuditChange::order_payment_changed(&order, &changed))
            .await;
        Ok(changed)
    }

    /// Cancels the orders whose unconfirmed payment held their stock longer than the hold
    /// (`payment_hold`), putting their units back on sale; `shop serve` calls this every
    /// `PaymentHold::check_interval`. Safe from several processes at once: each order moves
    /// once. Returns how many orders it canceled.
    pub async fn release_expired_payment_holds(&self) -> Result<usize, AppError> {
        let cutoff = self.payment_hold.cutoff(self.ports.clock.now());
        let expired = self
            .ports
            .orders
            .unconfirmed_placed_before(cutoff, HOLDS_RELEASED_AT_ONCE)
            .await?;
        let mut released = 0;
        for id in expired {
            match self.ports.orders.transition(&id, &hold_expiry()).await {
                Ok(()) => released += 1,
                // Paid, canceled or shipped meanwhile, or released by another process.
                Err(OrderStoreError::Stale) => {}
                Err(error) => return Err(error.into()),
            }
        }
        if released > 0 {
            self.catalog_version.forget();
            tracing::warn!(
                released,
                "canceled orders whose payment stayed unconfirmed past the hold"
            );
        }
        Ok(released)
    }

    pub async fn dashboard(&self, actor: &User) -> Result<Dashboard, AppError> {
        require_admin(actor)?;
        let (_, total_products) = self
            .ports
            .products
            .list(&ProductFilter {
                page: Some(Page { number: 1, size: 1 }),
                ..Default::default()
            })
            .await?;
        let facts = self.ports.orders.facts().await?;
        let sales = self.ports.orders.best_sellers(TOP_PRODUCTS).await?;
        let (recent_orders, _) = self
            .ports
            .orders
            .list(Some(Page {
                number: 1,
                size: RECENT_ORDERS as u32,
            }))
            .await?;
        Ok(Dashboard {
            total_products,
            figures: dashboard(&facts, sales, self.ports.clock.now()),
            recent_orders,
        })
    }

    /// The reports screen: sales, orders and new users over the last 7, 30 or 90 days.
    pub async fn period_report(&self, actor: &User, days: u32) -> Result<PeriodReport, AppError> {
        let (orders, now) = self.orders_in_period(actor, days).await?;
        let from = period_start(days, now);
        let users = self.ports.users.list().await?;
        let new_users = users.iter().filter(|u| u.created_at >= from).count() as u64;
        Ok(period_report(&orders, new_users, days, now))
    }

    /// The orders placed in the last `days` days (7, 30 or 90), newest first, for exports.
    pub async fn orders_in_period(
        &self,
        actor: &User,
        days: u32,
    ) -> Result<(Vec<Order>, chrono::DateTime<chrono::Utc>), AppError> {
        require_admin(actor)?;
        if !REPORT_PERIODS.contains(&days) {
            return Err(AppError::BadRequest("days must be 7, 30 or 90".into()));
        }
        let now = self.ports.clock.now();
        let from = period_start(days, now);
        let (orders, _) = self.ports.orders.list(None).await?;
        Ok((
            orders
                .into_iter()
                .filter(|o| o.created_at >= from)
                .collect(),
            now,
        ))
    }
}

/// The answer a checkout gave the first time.
fn replay(order: Order) -> Result<CheckoutOutcome, AppError> {
    match order.payment_status {
        PaymentStatus::Paid | PaymentStatus::Refunded => Ok(CheckoutOutcome::Paid(order)),
        PaymentStatus::Pending => Ok(CheckoutOutcome::Unconfirmed(order)),
        PaymentStatus::Failed => Err(AppError::PaymentDeclined(PAYMENT_DECLINED.into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{admin, shopper, TestPorts};
    use chrono::{TimeZone, Utc};
    use domain::audit::AuditAction;
    use domain::cart::CartLine;
    use domain::checkout::MobileNumber;
    use domain::order::{RefundClaimGuard, StockEffect};
    use domain::product::{Category, Product};
    use domain::{Money, Percent, ProductId};
    use mockall::predicate::{always, eq};
    use serde_json::{json, Value};

    fn product(cents: i64) -> Product {
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
            rating_tenths: 45,
            reviews: 2,
            stock: 4,
            is_featured: false,
            created_at: Utc::now(),
        }
    }

    fn input() -> CheckoutInput {
        CheckoutInput {
            payment_method: "evc-plus".into(),
            payment_phone: "61 555 1234".into(),
            shipping_address: None,
        }
    }

    fn ports_with_cart() -> TestPorts {
        let mut ports = TestPorts::new();
        ports.carts.expect_lines().returning(|_| {
            Ok(vec![CartLine {
                product: product(2000),
                quantity: 2,
            }])
        });
        ports.settings.expect_get().returning(|| Ok(None));
        ports
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
            .expect_transition()
            .withf(|_, t| {
                t.payment
                    .as_ref()
                    .map(|p| (p.from, p.to, p.transaction_id.as_deref()))
                    == Some((PaymentStatus::Pending, PaymentStatus::Paid, Some("T1")))
                    && t.stock == StockEffect::None
                    && t.empties_cart
            })
            .times(1)
            .returning(|_, _| Ok(()));
        ports.carts.expect_clear().never();
        let outcome = ports
            .shop()
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
            .expect_transition()
            .withf(|_, t| {
                t.to == OrderStatus::Canceled
                    && t.stock == StockEffect::Release
                    && t.payment.as_ref().map(|p| p.to) == Some(PaymentStatus::Failed)
            })
            .times(1)
            .returning(|_, _| Ok(()));
        let error = ports
            .shop()
            .checkout(&shopper("amina"), &input(), None)
            .await
            .unwrap_err();
        assert!(matches!(error, AppError::PaymentDeclined(m) if m == "Insufficient balance"));
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
            .expect_transition()
            .withf(|_, t| {
                (t.from, t.to) == (OrderStatus::Pending, OrderStatus::Canceled)
                    && t.stock == StockEffect::Release
                    && t.payment.as_ref().map(|p| (p.from, p.to))
                        == Some((PaymentStatus::Pending, PaymentStatus::Failed))
                    && !t.empties_cart
            })
            .times(1)
            .returning(|_, _| Ok(()));
        ports.carts.expect_clear().never();
        let error = ports
            .shop()
            .checkout(&shopper("amina"), &input(), None)
            .await
            .unwrap_err();
        assert!(
            matches!(error, AppError::PaymentProvider(m) if m == "The payment provider failed.")
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
        let outcome = ports
            .shop()
            .checkout(&shopper("amina"), &input(), None)
            .await
            .unwrap();
        assert!(
            matches!(outcome, CheckoutOutcome::Unconfirmed(o) if o.payment_status == PaymentStatus::Pending)
        );
    }

    #[tokio::test]
    async fn an_empty_cart_cannot_be_checked_out() {
        let mut ports = TestPorts::new();
        ports.carts.expect_lines().returning(|_| Ok(vec![]));
        let error = ports
            .shop()
            .checkout(&shopper("amina"), &input(), None)
            .await
            .unwrap_err();
        assert!(matches!(error, AppError::BadRequest(m) if m == "Your cart is empty"));
    }

    #[tokio::test]
    async fn a_retry_with_the_same_key_replays_without_charging() {
        let mut ports = TestPorts::new();
        let mut first = paid_order();
        first.idempotency_key = Some("k1".into());
        ports
            .orders
            .expect_by_idempotency_key()
            .with(always(), eq("k1"))
            .returning(move |_, _| Ok(Some(first.clone())));
        let outcome = ports
            .shop()
            .checkout(&shopper("amina"), &input(), Some("k1"))
            .await
            .unwrap();
        assert!(matches!(outcome, CheckoutOutcome::Paid(o) if o.id.as_str() == "o1"));
    }

    #[tokio::test]
    async fn a_refused_refund_ends_the_claim_and_leaves_the_order_paid() {
        let mut ports = TestPorts::new();
        ports
            .orders
            .expect_by_id()
            .returning(|_| Ok(Some(paid_order())));
        ports
            .orders
            .expect_claim_refund()
            .withf(|id, from| id.as_str() == "o1" && *from == OrderStatus::Pending)
            .times(1)
            .returning(|_, _| Ok(()));
        ports
            .payments
            .expect_refund()
            .with(eq(RefundRequest {
                transaction_id: "T1".into(),
                reference: OrderId::parse("o1").unwrap(),
                amount: Money::from_cents(4500).unwrap(),
                whole_charge: true,
            }))
            .times(1)
            .returning(|_| Err("provider down".into()));
        ports
            .orders
            .expect_release_refund_claim()
            .times(1)
            .returning(|_| Ok(()));
        ports.orders.expect_transition().never();
        let error = ports
            .shop()
            .update_order_status(&admin("boss"), &OrderId::parse("o1").unwrap(), "canceled")
            .await
            .unwrap_err();
        assert!(
            matches!(error, AppError::PaymentProvider(m) if m == "The payment could not be reversed: provider down")
        );
    }

    #[tokio::test]
    async fn a_cancel_that_loses_the_refund_claim_never_calls_the_provider() {
        let mut ports = TestPorts::new();
        ports
            .orders
            .expect_by_id()
            .returning(|_| Ok(Some(paid_order())));
        ports
            .orders
            .expect_claim_refund()
            .returning(|_, _| Err(OrderStoreError::Stale));
        ports.payments.expect_refund().never();
        ports.orders.expect_transition().never();
        let error = ports
            .shop()
            .update_order_status(&admin("boss"), &OrderId::parse("o1").unwrap(), "canceled")
            .await
            .unwrap_err();
        assert!(matches!(error, AppError::Conflict(_)));
    }

    #[tokio::test]
    async fn a_refunded_cancel_lands_with_the_claim() {
        let mut ports = TestPorts::new();
        let mut answers = vec![
            Order {
                status: OrderStatus::Canceled,
                payment_status: PaymentStatus::Refunded,
                ..paid_order()
            },
            paid_order(),
        ];
        ports
            .orders
            .expect_by_id()
            .returning(move |_| Ok(answers.pop()));
        ports
            .orders
            .expect_claim_refund()
            .times(1)
            .returning(|_, _| Ok(()));
        ports
            .payments
            .expect_refund()
            .times(1)
            .returning(|_| Ok(()));
        ports
            .orders
            .expect_transition()
            .withf(|_, t| {
                t.refund_claim == RefundClaimGuard::Lands
                    && t.stock == StockEffect::Release
                    && t.payment.as_ref().map(|p| p.to) == Some(PaymentStatus::Refunded)
            })
            .times(1)
            .returning(|_, _| Ok(()));
        ports.audit.expect_record().returning(|_| Ok(()));
        let order = ports
            .shop()
            .update_order_status(&admin("boss"), &OrderId::parse("o1").unwrap(), "canceled")
            .await
            .unwrap();
        assert_eq!(order.payment_status, PaymentStatus::Refunded);
    }

    #[tokio::test]
    async fn expired_holds_are_canceled_once_and_orders_that_moved_on_are_left() {
        let mut ports = TestPorts::new();
        ports
            .orders
            .expect_unconfirmed_placed_before()
            .withf(|cutoff, limit| {
                *cutoff
                    == "2026-11-21T11:30:00Z"
                        .parse::<chrono::DateTime<Utc>>()
                        .unwrap()
                    && *limit == 500
            })
            .times(1)
            .returning(|_, _| {
                Ok(vec![
                    OrderId::parse("o1").unwrap(),
                    OrderId::parse("o2").unwrap(),
                ])
            });
        ports
            .orders
            .expect_transition()
            .withf(|_, t| *t == hold_expiry())
            .times(2)
            .returning(|id, _| match id.as_str() {
                "o1" => Ok(()),
                _ => Err(OrderStoreError::Stale),
            });
        assert_eq!(
            ports.shop().release_expired_payment_holds().await.unwrap(),
            1
        );
    }

    #[tokio::test]
    async fn an_order_whose_hold_expired_cannot_be_marked_paid() {
        let mut ports = TestPorts::new();
        ports.orders.expect_by_id().returning(|_| {
            Ok(Some(Order {
                status: OrderStatus::Canceled,
                payment_status: PaymentStatus::Failed,
                hold_expired_at: Some(Utc::now()),
                ..unconfirmed_order()
            }))
        });
        ports.orders.expect_transition().never();
        let error = ports
            .shop()
            .update_payment_status(&admin("boss"), &OrderId::parse("o1").unwrap(), "paid", None)
            .await
            .unwrap_err();
        assert!(matches!(error, AppError::Conflict(m) if m == HOLD_EXPIRED));
    }

    #[tokio::test]
    async fn a_second_checkout_while_one_is_charging_is_refused_without_charging() {
        let shop = TestPorts::new().shop();
        let amina = shopper("amina");
        let _charging = shop.checkouts_in_flight.enter(&amina.id).unwrap();
        let error = shop
            .checkout(&amina, &input(), Some("k2"))
            .await
            .unwrap_err();
        assert!(matches!(error, AppError::Conflict(m) if m == CHECKOUT_IN_PROGRESS));
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
            .shop()
            .checkout(&shopper("amina"), &input(), Some("k2"))
            .await
            .unwrap_err();
        assert!(matches!(error, AppError::Conflict(m) if m == PAYMENT_AWAITED));
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
        ports.orders.expect_transition().returning(|_, _| Ok(()));
        let outcome = ports
            .shop()
            .checkout(&shopper("amina"), &input(), Some("k1"))
            .await
            .unwrap();
        assert!(matches!(outcome, CheckoutOutcome::Paid(o) if o.id.as_str() == "id-0"));
    }

    fn unconfirmed_order() -> Order {
        Order {
            payment_status: PaymentStatus::Pending,
            transaction_id: None,
            ..paid_order()
        }
    }

    #[tokio::test]
    async fn an_admin_marks_an_unconfirmed_payment_paid_with_the_providers_id() {
        let mut ports = TestPorts::new();
        let mut answers = vec![paid_order(), unconfirmed_order()];
        ports
            .orders
            .expect_by_id()
            .times(2)
            .returning(move |_| Ok(answers.pop()));
        ports
            .orders
            .expect_transition()
            .withf(|_, t| {
                *t == OrderTransition::payment_change(
                    OrderStatus::Pending,
                    PaymentChange {
                        from: PaymentStatus::Pending,
                        to: PaymentStatus::Paid,
                        transaction_id: Some("EVC-77".into()),
                    },
                )
            })
            .times(1)
            .returning(|_, _| Ok(()));
        ports
            .audit
            .expect_record()
            .withf(|entry| {
                entry.change.action == AuditAction::OrderPayment
                    && entry.change.entity_id.as_deref() == Some("o1")
                    && entry.change.before.clone().map(Value::Object)
                        == Some(json!({ "paymentStatus": "pending", "transactionId": null }))
                    && entry.change.after.clone().map(Value::Object)
                        == Some(json!({ "paymentStatus": "paid", "transactionId": "T1" }))
            })
            .times(1)
            .returning(|_| Ok(()));
        let order = ports
            .shop()
            .update_payment_status(
                &admin("boss"),
                &OrderId::parse("o1").unwrap(),
                "paid",
                Some(" EVC-77 "),
            )
            .await
            .unwrap();
        assert_eq!(order.payment_status, PaymentStatus::Paid);
    }

    #[tokio::test]
    async fn only_an_order_awaiting_payment_can_be_marked_paid() {
        let mut ports = TestPorts::new();
        ports
            .orders
            .expect_by_id()
            .returning(|_| Ok(Some(paid_order())));
        ports.orders.expect_transition().never();
        let error = ports
            .shop()
            .update_payment_status(&admin("boss"), &OrderId::parse("o1").unwrap(), "paid", None)
            .await
            .unwrap_err();
        assert!(matches!(error, AppError::Conflict(m) if m == NOT_AWAITING_PAYMENT));
    }

    #[tokio::test]
    async fn an_admin_can_only_set_a_payment_to_paid() {
        let error = TestPorts::new()
            .shop()
            .update_payment_status(
                &admin("boss"),
                &OrderId::parse("o1").unwrap(),
                "refunded",
                None,
            )
            .await
            .unwrap_err();
        assert!(
            matches!(error, AppError::Invalid(e) if e.to_string().contains("Payment status can only be set to paid"))
        );
    }

    #[tokio::test]
    async fn a_shopper_cannot_mark_a_payment_paid() {
        let error = TestPorts::new()
            .shop()
            .update_payment_status(
                &shopper("amina"),
                &OrderId::parse("o1").unwrap(),
                "paid",
                None,
            )
            .await
            .unwrap_err();
        assert!(matches!(error, AppError::Forbidden(_)));
    }

    #[tokio::test]
    async fn canceling_an_unconfirmed_order_marks_its_payment_failed_without_a_refund() {
        let mut ports = TestPorts::new();
        let mut answers = vec![
            Order {
                status: OrderStatus::Canceled,
                payment_status: PaymentStatus::Failed,
                ..unconfirmed_order()
            },
            unconfirmed_order(),
        ];
        ports
            .orders
            .expect_by_id()
            .returning(move |_| Ok(answers.pop()));
        ports.payments.expect_refund().never();
        ports
            .orders
            .expect_transition()
            .withf(|_, t| {
                t.stock == StockEffect::Release
                    && t.payment.as_ref().map(|p| (p.from, p.to))
                        == Some((PaymentStatus::Pending, PaymentStatus::Failed))
            })
            .times(1)
            .returning(|_, _| Ok(()));
        ports
            .audit
            .expect_record()
            .withf(|entry| {
                entry.change.action == AuditAction::OrderStatus
                    && entry.change.before.clone().map(Value::Object)
                        == Some(json!({ "status": "pending", "paymentStatus": "pending" }))
                    && entry.change.after.clone().map(Value::Object)
                        == Some(json!({ "status": "canceled", "paymentStatus": "failed" }))
            })
            .times(1)
            .returning(|_| Ok(()));
        let order = ports
            .shop()
            .update_order_status(&admin("boss"), &OrderId::parse("o1").unwrap(), "canceled")
            .await
            .unwrap();
        assert_eq!(order.payment_status, PaymentStatus::Failed);
    }

    #[tokio::test]
    async fn shipping_an_order_is_audited_with_its_statuses_before_and_after() {
        let mut ports = TestPorts::new();
        let mut reads = 0;
        ports.orders.expect_by_id().returning(move |_| {
            reads += 1;
            let mut order = paid_order();
            if reads > 1 {
                order.status = OrderStatus::Shipped;
            }
            Ok(Some(order))
        });
        ports
            .orders
            .expect_transition()
            .times(1)
            .returning(|_, _| Ok(()));
        ports
            .audit
            .expect_record()
            .withf(|entry| {
                entry.change.action == AuditAction::OrderStatus
                    && entry.change.entity_id.as_deref() == Some("o1")
                    && entry
                        .change
                        .before
                        .as_ref()
                        .map(|b| Value::Object(b.clone()))
                        == Some(json!({ "status": "pending", "paymentStatus": "paid" }))
                    && entry
                        .change
                        .after
                        .as_ref()
                        .map(|a| Value::Object(a.clone()))
                        == Some(json!({ "status": "shipped", "paymentStatus": "paid" }))
            })
            .times(1)
            .returning(|_| Ok(()));
        let order = ports
            .shop()
            .update_order_status(&admin("boss"), &OrderId::parse("o1").unwrap(), "shipped")
            .await
            .unwrap();
        assert_eq!(order.status, OrderStatus::Shipped);
    }

    fn paid_order() -> Order {
        Order {
            id: OrderId::parse("o1").unwrap(),
            user_id: shopper("amina").id,
            customer_name: "amina".into(),
            customer_email: "amina@example.com".into(),
            lines: vec![],
            subtotal: Money::from_cents(4000).unwrap(),
            shipping_fee: Money::from_cents(500).unwrap(),
            total: Money::from_cents(4500).unwrap(),
            status: OrderStatus::Pending,
            payment_status: PaymentStatus::Paid,
            payment_method: "evc-plus".into(),
            payment_phone: MobileNumber::parse("615551234").unwrap(),
            transaction_id: Some("T1".into()),
            shipping_address: None,
            idempotency_key: None,
            created_at: Utc::now(),
            hold_expired_at: None,
        }
    }
}
