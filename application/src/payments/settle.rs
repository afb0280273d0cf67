//! What a payment's answer does to its order (`attempts` decides which): paid, or no money
//! moved, with a checkout's order canceled and its stock back on sale (a phone order waits for
//! another payment).

use crate::catalog::CatalogVersion;
use derive_new::new;
use domain::order::plan::OrderPlan;
use domain::order::{Order, OrderStatus, OrderTransition, PaymentChange, PaymentStatus};
use domain::payment_attempt::AttemptChange;
use domain::payment_method::PaymentMethod;
use domain::ports::{Clock, OrderRepository, OrderStoreError, RepoError};
use std::sync::Arc;
use std::time::Duration;

/// How long recording an approved payment keeps trying while the database is out of reach,
/// and its first and longest waits between tries.
const RECORD_PAYMENT_PATIENCE: Duration = Duration::from_secs(120);
const FIRST_RECORD_RETRY: Duration = Duration::from_millis(100);
const LAST_RECORD_RETRY: Duration = Duration::from_secs(2);

/// Records payments' outcomes on their orders; shared by checkout and the later checks.
#[derive(Clone, new)]
pub struct Settlement {
    orders: Arc<dyn OrderRepository>,
    clock: Arc<dyn Clock>,
    catalog_version: CatalogVersion,
}

impl Settlement {
    /// Marks `order` paid by `paid`, recording `attempt`'s answer in the same transaction.
    /// The money moved, so a database out of reach (restarting, failing over) is waited for,
    /// up to [`RECORD_PAYMENT_PATIENCE`]; a write that committed although its answer was lost
    /// is recognised by reading the order back.
    pub async fn record_paid(
        &self,
        order: &Order,
        paid: OrderTransition,
        attempt: Option<AttemptChange>,
    ) -> Result<(), OrderStoreError> {
        let mut plan = paid.plan(order, self.clock.now());
        plan.attempt = attempt;
        let recorded = self.record(&plan).await;
        if let Err(error) = &recorded {
            let transaction_id = plan
                .change
                .payment
                .as_ref()
                .and_then(|p| p.transaction_id.clone());
            tracing::error!(order = %order.id, ?transaction_id, %error, "paid, but the order could not be marked paid");
        }
        recorded
    }

    async fn record(&self, paid: &OrderPlan) -> Result<(), OrderStoreError> {
        let id = &paid.order;
        let started = tokio::time::Instant::now();
        let mut wait = FIRST_RECORD_RETRY;
        let mut retried = false;
        loop {
            match self.orders.apply(paid).await {
                Err(OrderStoreError::Repo(RepoError::Unavailable(cause)))
                    if started.elapsed() < RECORD_PAYMENT_PATIENCE =>
                {
                    tracing::warn!(order = %id, %cause, "charged; the payment is recorded once the database is back");
                    tokio::time::sleep(wait).await;
                    wait = (wait * 2).min(LAST_RECORD_RETRY);
                    retried = true;
                }
                Err(OrderStoreError::Stale) if retried => {
                    let recorded = self.orders.by_id(id).await?;
                    return match recorded {
                        Some(order) if order.payment_status == PaymentStatus::Paid => Ok(()),
                        _ => Err(OrderStoreError::Stale),
                    };
                }
                other => return other,
            }
        }
    }

    /// A payment that moved no money: the order is canceled with its payment failed and its
    /// stock released; the cart is kept for another try.
    pub async fn fail(&self, order: &Order) -> Result<(), OrderStoreError> {
        let failed = OrderTransition {
            payment: Some(PaymentChange {
                from: PaymentStatus::Pending,
                to: PaymentStatus::Failed,
                transaction_id: None,
            }),
            ..OrderTransition::status_change(OrderStatus::Pending, OrderStatus::Canceled)
        };
        let plan = failed.plan(order, self.clock.now());
        self.orders.apply(&plan).await?;
        self.catalog_version.forget();
        Ok(())
    }

    /// A payment of `order` by `method` moved no money: a checkout's order is canceled (its
    /// stock back on sale, the cart kept for another try); a phone order takes its method back
    /// and waits for another payment (its link still works). An order that moved on meanwhile
    /// is left as it is.
    pub async fn no_money_moved(
        &self,
        order: &Order,
        method: PaymentMethod,
    ) -> Result<(), OrderStoreError> {
        let result = if order.waits_after_decline() {
            self.orders
                .forget_payment_choice(&order.id, method)
                .await
                .map_err(Into::into)
        } else {
            self.fail(order).await
        };
        match result {
            Err(OrderStoreError::Stale) => Ok(()),
            other => other,
        }
    }
}
