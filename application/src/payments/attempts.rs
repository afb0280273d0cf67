//! Payment attempts followed to their end (`domain::payment_attempt`): each charge is stored
//! before its provider is asked, and every answer about it, in time or late, is recorded as
//! its order now allows. Late money is paid back through the same provider under the
//! attempt's refund claim, once; it and an approval of another amount are alerted to the shop.

use super::settle::Settlement;
use crate::monitoring;
use derive_new::new;
use domain::order::{Order, OrderTransition};
use domain::payment_attempt::{
    judge, AttemptAnswer, AttemptChange, AttemptState, PaymentAlert, PaymentAttempt,
};
use domain::payment_method::PaymentMethod;
use domain::phone::MobileNumber;
use domain::ports::{
    Clock, IdGenerator, OrderRepository, OrderStoreError, Outbox, PaymentAttemptRepository,
    PaymentGateway, PaymentOutcome, RefundRequest, RepoError,
};
use domain::refund::RefundOutcome;
use domain::PaymentAttemptId;
use std::sync::Arc;

/// What recording an answer came to.
#[derive(Debug, Clone, PartialEq)]
pub enum Recorded {
    /// The attempt paid its order: the order as it is now.
    Paid(Box<Order>),
    /// Approved after its order closed: paid back (or its refund failed, for the admin).
    Late,
    /// Approved for another amount: nothing paid, held for the admin.
    Mismatched,
    /// No money moved; the order was canceled, or (a phone order) waits for another payment.
    Ended,
    /// No final answer yet.
    Open,
    /// Another answer was recorded first: nothing was done.
    Moved,
}

/// Payment attempts and the answers about them.
#[derive(Clone, new)]
pub struct Attempts {
    attempts: Arc<dyn PaymentAttemptRepository>,
    orders: Arc<dyn OrderRepository>,
    gateway: Arc<dyn PaymentGateway>,
    outbox: Arc<dyn Outbox>,
    settlement: Settlement,
    clock: Arc<dyn Clock>,
    ids: Arc<dyn IdGenerator>,
}

impl Attempts {
    pub fn settlement(&self) -> &Settlement {
        &self.settlement
    }

    /// Stores the attempt of charging `order` by `method` to `payer`, before the provider is
    /// asked: whatever happens next, the charge is known.
    pub async fn start(
        &self,
        order: &Order,
        method: PaymentMethod,
        payer: MobileNumber,
    ) -> Result<PaymentAttempt, RepoError> {
        let id =
            PaymentAttemptId::parse(&self.ids.new_id()).expect("the id generator makes valid ids");
        let attempt = PaymentAttempt::start(id, order, method, payer, self.clock.now());
        self.attempts.insert(&attempt).await?;
        Ok(attempt)
    }

    /// Records `outcome`, the provider's answer about `attempt`, as the order allows now
    /// (`payment_attempt::judge`). `late`: the payer was answered before (checkout stopped
    /// waiting, a check or return later). Recorded once: an answer racing another finds the
    /// attempt moved on and does nothing.
    pub async fn answered(
        &self,
        attempt: &PaymentAttempt,
        outcome: &PaymentOutcome,
        late: bool,
    ) -> Result<Recorded, OrderStoreError> {
        let Some(order) = self.orders.by_id(&attempt.order).await? else {
            return Err(RepoError::NotFound.into());
        };
        self.answered_for(attempt, outcome, order, late).await
    }

    /// As [`Self::answered`], for `order` as its caller read it (a charge just made for it:
    /// an order that moved on meanwhile makes its plan stale, and the answer is then late).
    pub async fn answered_for(
        &self,
        attempt: &PaymentAttempt,
        outcome: &PaymentOutcome,
        order: Order,
        late: bool,
    ) -> Result<Recorded, OrderStoreError> {
        let answer = judge(attempt, outcome, &order);
        let change = AttemptChange::answered(attempt, &answer, self.clock.now());
        match answer {
            AttemptAnswer::Pays { transaction_id } => {
                let paid = OrderTransition::paid_by_charge(&order, transaction_id.clone(), late);
                match self
                    .settlement
                    .record_paid(&order, paid, Some(change.clone()))
                    .await
                {
                    Ok(()) => {
                        let mut paid = order;
                        paid.payment_status = domain::order::PaymentStatus::Paid;
                        paid.transaction_id = Some(transaction_id);
                        Ok(Recorded::Paid(Box::new(paid)))
                    }
                    // Another answer was recorded first, or the order closed meanwhile (its
                    // hold, a cancel): then the money is late.
                    Err(OrderStoreError::Stale) => {
                        let now = self.attempts.by_id(&attempt.id).await?;
                        if now.is_none_or(|now| now.state != AttemptState::Awaiting) {
                            return Ok(Recorded::Moved);
                        }
                        let late = AttemptChange {
                            to: AttemptState::Late,
                            ..change
                        };
                        self.late(attempt, &late).await
                    }
                    Err(error) => Err(error),
                }
            }
            AttemptAnswer::Late { .. } => self.late(attempt, &change).await,
            AttemptAnswer::Mismatched { ref approved, .. } => {
                if !self.attempts.record(&change).await? {
                    return Ok(Recorded::Moved);
                }
                tracing::error!(order = %attempt.order, attempt = %attempt.id, asked = %attempt.amount, approved = %approved.amount, currency = approved.currency, "a payment was approved for another amount: nothing paid, the admin must resolve it");
                self.alert(&attempt.id).await?;
                Ok(Recorded::Mismatched)
            }
            AttemptAnswer::Ended { .. } => {
                if !self.attempts.record(&change).await? {
                    return Ok(Recorded::Moved);
                }
                if domain::payment_attempt::takes_payment_of(&order, attempt) {
                    self.settlement
                        .no_money_moved(&order, attempt.method)
                        .await?;
                }
                Ok(Recorded::Ended)
            }
            AttemptAnswer::Open { provider_reference } => {
                if let Some(reference) = &provider_reference {
                    self.attempts.record(&change).await?;
                    // Kept on the order too: its card page, the invoice a replay names.
                    self.orders
                        .record_payment_reference(&order.id, reference)
                        .await?;
                }
                Ok(Recorded::Open)
            }
        }
    }

    /// Records `late`, an approval its order can no longer take, and pays the money back.
    async fn late(
        &self,
        attempt: &PaymentAttempt,
        late: &AttemptChange,
    ) -> Result<Recorded, OrderStoreError> {
        if !self.attempts.record(late).await? {
            return Ok(Recorded::Moved);
        }
        tracing::error!(order = %attempt.order, attempt = %attempt.id, "money approved after its order closed: paying it back");
        self.refund_late(&attempt.id).await?;
        Ok(Recorded::Late)
    }

    /// Records a late answer; a failure to is logged (the attempt stays awaiting and is
    /// asked about again).
    pub async fn answered_late(&self, attempt: &PaymentAttempt, outcome: &PaymentOutcome) {
        if let Err(error) = self.answered(attempt, outcome, true).await {
            tracing::error!(attempt = %attempt.id, order = %attempt.order, %error, "a payment's answer could not be recorded");
        }
    }

    /// Pays back late attempt `id` through its provider under its refund claim (so that of
    /// several callers one sends it), and alerts the shop to it either way.
    pub async fn refund_late(&self, id: &PaymentAttemptId) -> Result<(), RepoError> {
        let now = self.clock.now();
        if !self.attempts.claim_refund(id, now).await? {
            return Ok(());
        }
        let Some(attempt) = self.attempts.by_id(id).await? else {
            return Err(RepoError::NotFound);
        };
        let Some(transaction_id) = attempt.transaction_id.clone() else {
            return Err(RepoError::Storage(format!(
                "late payment attempt {id} has no transaction"
            )));
        };
        let refund = RefundRequest {
            transaction_id,
            reference: attempt.order.clone(),
            method: attempt.method,
            payer: attempt.payer.clone(),
            amount: attempt.received(),
            whole_charge: true,
        };
        let done = AttemptChange::to(id, AttemptState::Late, AttemptState::Refunded, now);
        let change = match monitoring::refund(self.gateway.as_ref(), &refund).await {
            RefundOutcome::Refunded => done,
            RefundOutcome::Refused { reason } | RefundOutcome::Unknown { reason } => {
                AttemptChange {
                    refund_error: Some(reason),
                    ..AttemptChange::to(id, AttemptState::Late, AttemptState::RefundFailed, now)
                }
            }
        };
        self.attempts.record(&change).await?;
        self.alert(id).await
    }

    async fn alert(&self, id: &PaymentAttemptId) -> Result<(), RepoError> {
        let Some(attempt) = self.attempts.by_id(id).await? else {
            return Err(RepoError::NotFound);
        };
        self.outbox
            .enqueue(&[PaymentAlert::announce(&attempt)], self.clock.now())
            .await
    }
}
