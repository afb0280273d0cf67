//! Charging an order that is stored and holds its stock: a payment attempt stored, the
//! provider asked, its answer awaited up to the payment time, and what it means recorded on
//! the attempt and the order. Checkout and the phone orders' payments share it; each answers
//! its caller in its own words.

use super::attempts::{Attempts, Recorded};
use crate::monitoring;
use derive_new::new;
use domain::message::Message;
use domain::order::{Order, OrderTransition, PaymentStatus};
use domain::payment_attempt::PaymentAttempt;
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

/// Charges orders through the payment provider, each charge a payment attempt.
#[derive(Clone, new)]
pub struct Charges {
    payments: Arc<dyn PaymentGateway>,
    attempts: Attempts,
    /// How long the payer's answer is waited for (`SHOP_PAYMENT_TIMEOUT_SECS`).
    payment_wait: Duration,
}

impl Charges {
    /// Charges `order` (stored, holding its stock) by `method` to `phone`, a payment attempt
    /// of its own; an order with nothing to charge is paid at once. What the answer does to
    /// the order is recorded (`Attempts::answered`): a refusal has canceled a checkout's
    /// order, or left a phone order waiting for another payment.
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
        let attempt = self.attempts.start(&order, method, phone.clone()).await?;
        let request = PaymentRequest {
            attempt: attempt.id.clone(),
            order: order.id.clone(),
            method,
            phone,
            amount: order.total,
            description: format!("Order {}", order.id),
        };
        let outcome = self.charge_within_wait(&attempt, request).await;
        let recorded = self
            .attempts
            .answered_for(&attempt, &outcome, order, false)
            .await?;
        Ok(match (outcome, recorded) {
            (_, Recorded::Paid(paid)) => Charged::Paid(paid),
            (PaymentOutcome::Declined { reason }, _) => Charged::Declined { reason },
            (PaymentOutcome::ProviderRefused { reason }, _) => Charged::ProviderRefused { reason },
            (PaymentOutcome::OnPage { url }, _) => Charged::OnPage { url },
            (PaymentOutcome::Awaiting { .. }, _) => Charged::Unconfirmed {
                reason: "the provider keeps the invoice open".to_owned(),
            },
            (PaymentOutcome::Unconfirmed { reason }, _) => Charged::Unconfirmed { reason },
            // Approved, but for another amount (held for the admin) or after the order
            // closed meanwhile (paid back): the order is not paid by it.
            (PaymentOutcome::Approved { .. }, recorded) => Charged::Unconfirmed {
                reason: format!("approved, but not for this order as it is: {recorded:?}"),
            },
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
        self.attempts
            .settlement()
            .record_paid(&order, paid, None)
            .await?;
        order.payment_status = PaymentStatus::Paid;
        order.transaction_id = transaction_id;
        Ok(order)
    }

    /// Charges, waiting for the answer up to `payment_wait`; a charge still going on then
    /// goes on without the payer's screen (an eDahab invoice confirmed late), and its answer
    /// is recorded on its attempt when it comes.
    async fn charge_within_wait(
        &self,
        attempt: &PaymentAttempt,
        charge: PaymentRequest,
    ) -> PaymentOutcome {
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
                let attempts = self.attempts.clone();
                let attempt = attempt.clone();
                tokio::spawn(
                    async move {
                        if let Ok(outcome) = charging.await {
                            attempts.answered_late(&attempt, &outcome).await;
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
