//! Charging an order that is stored and holds its stock: the provider asked, its answer
//! awaited up to the payment time, and what it means recorded. Checkout and the phone orders'
//! payments share it; each decides what a refusal does to its order.

use super::settle::Settlement;
use crate::monitoring;
use derive_new::new;
use domain::message::Message;
use domain::order::{Order, OrderTransition, PaymentStatus};
use domain::payment_method::PaymentMethod;
use domain::phone::MobileNumber;
use domain::ports::{OrderStoreError, PaymentGateway, PaymentOutcome, PaymentRequest};
use std::sync::Arc;
use std::time::Duration;
use tracing::Instrument;

/// Why a charge stopped being waited for while it goes on.
const NO_ANSWER_IN_TIME: &str =
    "no answer within the payment time; the answer is recorded when it comes";

/// What a charge came to.
#[derive(Debug, Clone, PartialEq)]
pub enum Charged {
    /// Paid and recorded: the order as it is now.
    Paid(Box<Order>),
    /// The payer or their balance said no; no money moved.
    Declined { reason: Message },
    /// The provider refused the shop itself (its set-up); no money moved.
    ProviderRefused { reason: Message },
    /// No clear answer yet (an invoice the payer has not confirmed, a time-out): the answer is
    /// recorded when it comes, or the order's hold ends. `reason` is for the log.
    Unconfirmed { reason: String },
    /// The payer pays on the provider's page at `url` (a card), kept on the order.
    OnPage { url: String },
}

/// Charges orders through the payment provider.
#[derive(Clone, new)]
pub struct Charges {
    orders: Arc<dyn domain::ports::OrderRepository>,
    payments: Arc<dyn PaymentGateway>,
    settlement: Settlement,
    /// How long the payer's answer is waited for (`SHOP_PAYMENT_TIMEOUT_SECS`).
    payment_wait: Duration,
}

impl Charges {
    /// Whether payments go to the sandbox rather than a provider.
    pub fn is_sandbox(&self) -> bool {
        self.payments.is_sandbox()
    }

    /// Charges `order` (stored, holding its stock) by `method` to `phone`; an order with
    /// nothing to charge is paid at once.
    pub async fn charge(
        &self,
        order: Order,
        method: PaymentMethod,
        phone: MobileNumber,
    ) -> Result<Charged, OrderStoreError> {
        if !order.needs_charge() {
            let paid = self
                .mark_paid(order, OrderTransition::paid_without_charge())
                .await?;
            return Ok(Charged::Paid(Box::new(paid)));
        }
        let request = PaymentRequest {
            reference: order.id.clone(),
            method,
            phone,
            amount: order.total,
            description: format!("Order {}", order.id),
        };
        Ok(match self.charge_within_wait(&order, request).await {
            PaymentOutcome::Approved { transaction_id } => {
                let paid = OrderTransition::paid_at_checkout(transaction_id);
                Charged::Paid(Box::new(self.mark_paid(order, paid).await?))
            }
            PaymentOutcome::Declined { reason } => Charged::Declined { reason },
            PaymentOutcome::ProviderRefused { reason } => Charged::ProviderRefused { reason },
            PaymentOutcome::Awaiting { reference } => {
                self.orders
                    .record_payment_reference(&order.id, &reference)
                    .await?;
                Charged::Unconfirmed {
                    reason: "the provider keeps the invoice open".to_owned(),
                }
            }
            PaymentOutcome::Unconfirmed { reason } => Charged::Unconfirmed { reason },
            // The page's address is kept, so going back to the order finds it.
            PaymentOutcome::OnPage { url } => {
                self.orders
                    .record_payment_reference(&order.id, &url)
                    .await?;
                Charged::OnPage { url }
            }
        })
    }

    /// Records `order` as paid (by the provider's approval, or needing no charge): the order
    /// as it is then.
    pub async fn mark_paid(
        &self,
        mut order: Order,
        paid: OrderTransition,
    ) -> Result<Order, OrderStoreError> {
        let transaction_id = paid.payment.as_ref().and_then(|p| p.transaction_id.clone());
        self.settlement.record_paid(&order, paid).await?;
        order.payment_status = PaymentStatus::Paid;
        order.transaction_id = transaction_id;
        Ok(order)
    }

    /// Charges, waiting for the answer up to `payment_wait`; a charge still going on then
    /// goes on without the payer's screen (an eDahab invoice confirmed late), and its answer
    /// is recorded when it comes.
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
}
