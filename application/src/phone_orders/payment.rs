//! Paying an order taken by phone: staff send the charge to the customer's wallet (the PIN
//! prompt arrives on their phone), or mark it paid in cash to the rider. One payment at a
//! time: choosing the method is a compare-and-set on the order, so two requests sent at once
//! start one charge.

use super::PhoneOrderError;
use crate::delivery::CurrentZones;
use crate::payments::charge::{Charged, Charges};
use crate::payments::AcceptedMethods;
use crate::settings::CurrentSettings;
use derive_new::new;
use domain::checkout::PaymentChoiceInput;
use domain::delivery::{cash_on_delivery, cash_order_placed};
use domain::message::texts::{ORDER_NOT_FOUND, PAYMENT_AWAITED};
use domain::notification::Topic;
use domain::order::Order;
use domain::payment_hold::PaymentHold;
use domain::payment_method::{PaymentKind, PaymentMethod};
use domain::permissions::{require, Permission};
use domain::phone::MobileNumber;
use domain::phone_order::PaymentState;
use domain::ports::{Clock, OrderRepository, OrderStoreError, Outbox, RepoError};
use domain::user::User;
use domain::validation::FieldErrors;
use domain::OrderId;
use std::sync::Arc;

/// How a phone order's payment went when it did not fail.
#[derive(Debug, Clone, PartialEq)]
pub enum PhonePayment {
    /// Paid now.
    Paid(Order),
    /// The charge waits for the payer (or gave no clear answer yet): its answer is recorded
    /// when it comes, or the order's hold ends.
    Awaiting(Order),
    /// Paid in cash to the rider: confirmed to the customer, delivered before it is paid.
    CashOnDelivery(Order),
    /// The payer pays on the provider's page at `url` (a card).
    OnPage { order: Order, url: String },
}

/// Paying orders taken by phone (permission `orders.create`), through the payments' charges;
/// payment links pay through it too.
#[allow(clippy::too_many_arguments)] // derive_new's constructor takes each port
#[derive(new)]
pub struct PhonePayments {
    orders: Arc<dyn OrderRepository>,
    charges: Charges,
    accepted: AcceptedMethods,
    zones: CurrentZones,
    settings: CurrentSettings,
    outbox: Arc<dyn Outbox>,
    clock: Arc<dyn Clock>,
    payment_hold: PaymentHold,
}

impl PhonePayments {
    /// Sends the charge of phone order `id` to the wallet `choice` names (a wallet the shop
    /// takes; the PIN prompt arrives on the customer's phone), and waits for its answer up to
    /// the payment time.
    pub async fn request_payment(
        &self,
        actor: &User,
        id: &OrderId,
        choice: &PaymentChoiceInput,
    ) -> Result<PhonePayment, PhoneOrderError> {
        require(actor, Permission::OrdersCreate)?;
        let wallets: Vec<PaymentMethod> = self
            .accepted
            .get()
            .await?
            .into_iter()
            .filter(|method| method.kind() == PaymentKind::Wallet)
            .collect();
        let (method, phone) = choice.validate(&wallets)?;
        let order = self.payable(id).await?;
        self.pay(order, method, phone).await
    }

    /// Phone order `id` is paid in cash to the rider, where its zone takes cash for its total.
    pub async fn pay_on_delivery(
        &self,
        actor: &User,
        id: &OrderId,
    ) -> Result<PhonePayment, PhoneOrderError> {
        require(actor, Permission::OrdersCreate)?;
        let order = self.payable(id).await?;
        let zones = self.zones.get().await?;
        let zone = order
            .shipping_address
            .as_ref()
            .and_then(|a| zones.destination(&a.city, Some(&a.district)).ok().flatten());
        let max = self.settings.get().await?.cash_on_delivery_max;
        cash_on_delivery(zone, order.total, max)
            .map_err(|refusal| FieldErrors::single("paymentMethod", refusal.message()))?;
        let order = self.chosen(order, PaymentMethod::CashOnDelivery).await?;
        self.orders
            .apply(&cash_order_placed(&order, self.clock.now()))
            .await?;
        Ok(PhonePayment::CashOnDelivery(order))
    }

    /// The order, while a payment of it may start.
    async fn payable(&self, id: &OrderId) -> Result<Order, PhoneOrderError> {
        let order = self
            .orders
            .by_id(id)
            .await?
            .ok_or(PhoneOrderError::NotFound(ORDER_NOT_FOUND))?;
        match PaymentState::of(&order, self.payment_hold, self.clock.now()).refusal() {
            None => Ok(order),
            Some(refusal) => Err(PhoneOrderError::NotPayable(refusal)),
        }
    }

    /// Charges `order` by `method` to `phone`: paid, awaiting the payer, or refused (no
    /// money moved: the method is taken back, so the customer may pay another way).
    pub(super) async fn pay(
        &self,
        order: Order,
        method: PaymentMethod,
        phone: MobileNumber,
    ) -> Result<PhonePayment, PhoneOrderError> {
        let order = self.chosen(order, method).await?;
        match self.charges.charge(order.clone(), method, phone).await? {
            Charged::Paid(paid) => Ok(PhonePayment::Paid(*paid)),
            // The method was taken back: the customer may pay another way.
            Charged::Declined { reason } => Err(PhoneOrderError::Declined { reason }),
            Charged::ProviderRefused { reason } => Err(PhoneOrderError::ProviderRefused { reason }),
            Charged::Unconfirmed { reason } => {
                tracing::warn!(order = %order.id, %reason, "phone order's payment unconfirmed");
                let messages = order.to_customer(Topic::PaymentUnconfirmed);
                self.outbox.enqueue(&messages, self.clock.now()).await?;
                Ok(PhonePayment::Awaiting(order))
            }
            Charged::OnPage { url } => Ok(PhonePayment::OnPage { order, url }),
        }
    }

    /// Chooses `method` for `order` (compare-and-set): the order as it is then. The number
    /// it is paid from is the payment attempt's; the customer's own stays the order's.
    async fn chosen(
        &self,
        mut order: Order,
        method: PaymentMethod,
    ) -> Result<Order, PhoneOrderError> {
        match self.orders.choose_payment(&order.id, method).await {
            Ok(()) => {}
            Err(OrderStoreError::Stale) => {
                return Err(PhoneOrderError::NotPayable(
                    domain::message::texts::PHONE_ORDER_PAYING,
                ))
            }
            // Another order of the customer's has a charge still unconfirmed.
            Err(OrderStoreError::Repo(RepoError::Duplicate)) => {
                return Err(PhoneOrderError::NotPayable(PAYMENT_AWAITED))
            }
            Err(error) => return Err(error.into()),
        }
        order.payment_method = Some(method);
        Ok(order)
    }
}
