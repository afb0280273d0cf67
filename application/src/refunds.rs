//! Refunds sent under a claim (issue 38; `domain::refund`): a cancel's reversal of a paid
//! order and a return's refund. The claimer sends the refund once; what the provider answers
//! decides what becomes of the claim, and a refund whose answer was lost waits for an
//! admin's resolution instead of being sent again by a retry.

use crate::{monitoring, AppError};
use derive_new::new;
use domain::message::texts::{ORDER_NOT_FOUND, REFUND_UNANSWERED, RETURN_NOT_FOUND};
use domain::ports::{Clock, OrderRepository, PaymentGateway, ReturnRepository};
use domain::ports::{OrderStoreError, RefundRequest, RepoError, ReturnStoreError};
use domain::refund::{RefundOutcome, RefundRefusal};
use domain::{OrderId, ReturnId};
use std::sync::Arc;

/// Whose refund is claimed.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Claimed<'a> {
    /// A cancel's reversal of the order's charge.
    Order(&'a OrderId),
    Return(&'a ReturnId),
}

impl Claimed<'_> {
    /// The 502 message of a refund the provider refused.
    fn refused(self, reason: &str) -> String {
        match self {
            Claimed::Order(_) => format!("The payment could not be reversed: {reason}"),
            Claimed::Return(_) => format!("The refund could not be sent: {reason}"),
        }
    }
}

/// Sends refunds under claims; shared by the orders (a cancel's reversal) and the returns.
#[derive(Clone, new)]
pub struct Refunds {
    payments: Arc<dyn PaymentGateway>,
    orders: Arc<dyn OrderRepository>,
    returns: Arc<dyn ReturnRepository>,
    clock: Arc<dyn Clock>,
}

impl Refunds {
    /// Sends `refund` under the claim its caller holds on `claimed`. Refunded: the caller
    /// lands it. Refused: nothing moved, so the claim ends (a retry may send it again) and
    /// the provider's reason is answered (502). Unknown: the claim stays, as unconfirmed,
    /// and only an admin's resolution moves it on (502).
    pub(crate) async fn send_claimed_refund(
        &self,
        claimed: Claimed<'_>,
        refund: &RefundRequest,
    ) -> Result<(), AppError> {
        match monitoring::refund(self.payments.as_ref(), refund).await {
            RefundOutcome::Refunded => Ok(()),
            RefundOutcome::Refused { reason } => {
                match claimed {
                    Claimed::Order(id) => self.orders.release_refund_claim(id).await?,
                    Claimed::Return(id) => self.returns.release_refund_claim(id).await?,
                }
                Err(AppError::PaymentProvider(claimed.refused(&reason).into()))
            }
            RefundOutcome::Unknown { reason } => {
                let now = self.clock.now();
                let marked = match claimed {
                    Claimed::Order(id) => self.orders.mark_refund_unconfirmed(id, now).await,
                    Claimed::Return(id) => self.returns.mark_refund_unconfirmed(id, now).await,
                };
                if let Err(error) = marked {
                    // The claim stands either way: unmarked, it counts as unconfirmed once
                    // it is `REFUND_CLAIM_TIMEOUT` old.
                    tracing::error!(?claimed, %error, "an unanswered refund could not be marked unconfirmed");
                }
                Err(AppError::PaymentProvider(
                    REFUND_UNANSWERED.with("reason", &reason),
                ))
            }
        }
    }

    /// Takes over the unconfirmed refund claim on `claimed` for an admin's `resolution`, so
    /// that of several resolutions sent at once one applies (409 for the others, and when
    /// there is no unconfirmed refund).
    pub(crate) async fn reclaim_for_resolution(
        &self,
        claimed: Claimed<'_>,
    ) -> Result<(), AppError> {
        let nothing_to_resolve = || AppError::from(RefundRefusal::NothingToResolve);
        let now = self.clock.now();
        match claimed {
            Claimed::Order(id) => self
                .orders
                .reclaim_unconfirmed_refund(id, now)
                .await
                .map_err(|error| match error {
                    OrderStoreError::Repo(RepoError::NotFound) => {
                        AppError::not_found(ORDER_NOT_FOUND)
                    }
                    OrderStoreError::Repo(repo) => repo.into(),
                    _ => nothing_to_resolve(),
                }),
            Claimed::Return(id) => self
                .returns
                .reclaim_unconfirmed_refund(id, now)
                .await
                .map_err(|error| match error {
                    ReturnStoreError::Repo(RepoError::NotFound) => {
                        AppError::not_found(RETURN_NOT_FOUND)
                    }
                    ReturnStoreError::Repo(repo) => repo.into(),
                    _ => nothing_to_resolve(),
                }),
        }
    }
}
