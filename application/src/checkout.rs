//! Checkout: stock reserved and the order stored in one transaction, then the charge (a
//! wallet's, or a card's page to send the payer to).

use crate::cart::Carts;
use crate::catalog::CatalogVersion;
use crate::delivery::CurrentZones;
use crate::in_flight::CheckoutsInFlight;
use crate::monitoring;
use crate::payments::charge::{Charged, Charges};
use crate::payments::AcceptedMethods;
use crate::settings::CurrentSettings;
use derive_new::new;
use domain::checkout::CheckoutInput;
use domain::delivery::{cash_on_delivery, cash_order_placed};
use domain::discount::DiscountRefusal;
use domain::message::Message;
use domain::notification::Topic;
use domain::order::{
    order_lines, Changer, Channel, Order, OrderDiscount, OrderNumber, OrderStatus, OrderTransition,
    PaymentStatus, StatusChange,
};
use domain::payment_method::PaymentMethod;
use domain::ports::{Clock, IdGenerator, OrderRepository, OrderStoreError, Outbox, RepoError};
use domain::user::User;
use domain::validation::FieldErrors;
use domain::{Money, OrderId};
use std::sync::Arc;

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
    charges: Charges,
    clock: Arc<dyn Clock>,
    ids: Arc<dyn IdGenerator>,
    catalog_version: CatalogVersion,
    zones: CurrentZones,
    accepted: AcceptedMethods,
    settings: CurrentSettings,
    #[new(default)]
    checkouts_in_flight: CheckoutsInFlight,
}

impl Checkout {
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
            .pricing()
            .discounted_totals(Some(&user.id), &cart, code.as_ref(), request.zone.as_ref())
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
        let mut order = Order {
            id: OrderId::parse(&self.ids.new_id()).expect("the id generator makes valid ids"),
            number: OrderNumber::NOT_YET_GIVEN,
            user_id: user.id.clone(),
            customer_name: user.name.clone(),
            customer_email: user.email_text().to_owned(),
            lines,
            subtotal: cart_totals.subtotal,
            shipping_fee: cart_totals.shipping,
            total: cart_totals.total,
            status: OrderStatus::Pending,
            payment_status: PaymentStatus::Pending,
            payment_method: Some(request.method),
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
            channel: Channel::Web,
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
            Ok(number) => {
                order.number = number;
                // The stock shown to shoppers changed.
                self.catalog_version.forget();
            }
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
            let paid = self
                .charges
                .mark_paid(order, OrderTransition::paid_without_charge())
                .await?;
            return Ok(CheckoutOutcome::Paid(paid));
        }
        if order.pays_cash() {
            self.orders
                .apply(&cash_order_placed(&order, self.clock.now()))
                .await?;
            return Ok(CheckoutOutcome::CashOnDelivery(order));
        }
        match self
            .charges
            .charge(order.clone(), request.method, request.phone)
            .await?
        {
            Charged::Paid(paid) => Ok(CheckoutOutcome::Paid(*paid)),
            // The order was canceled with its payment failed, the cart kept.
            Charged::Declined { reason } => Err(CheckoutError::Declined { reason }),
            // No money moved, as for a decline, but the shop's own set-up is at fault.
            Charged::ProviderRefused { reason } => Err(CheckoutError::ProviderRefused { reason }),
            Charged::Unconfirmed { reason } => self.keep_unconfirmed(user, order, &reason).await,
            // The page's address is kept, so a retry of this checkout goes back to it.
            Charged::OnPage { url } => Ok(CheckoutOutcome::OnPage { order, url }),
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
        let messages = order.to_customer(Topic::PaymentUnconfirmed);
        self.outbox.enqueue(&messages, self.clock.now()).await?;
        Ok(CheckoutOutcome::Unconfirmed(order))
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
        PaymentStatus::Pending if order.pays_cash() => Ok(CheckoutOutcome::CashOnDelivery(order)),
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
mod tests;
