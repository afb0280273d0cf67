//! Refunds sent under a claim (issue 38; `domain::refund`): a cancel's reversal of a paid
//! order and a return's refund. The claimer sends the refund once; what the provider answers
//! decides what becomes of the claim, and a refund whose answer was lost waits for an
//! admin's resolution instead of being sent again by a retry.

use crate::monitoring;
use derive_new::new;
use domain::payment_attempt::AttemptState;
use domain::ports::{
    Clock, OrderRepository, PaymentAttemptRepository, PaymentGateway, ReturnRepository,
};
use domain::ports::{OrderStoreError, RefundRequest, RepoError, ReturnStoreError};
use domain::refund::{RefundOutcome, RefundRefusal};
use domain::{OrderId, ReturnId};
use std::sync::Arc;

/// A refund sent under a claim that did not land.
#[derive(Debug, thiserror::Error)]
pub enum RefundFailed {
    /// The provider refused it: nothing moved and the claim ended, so a retry may send it.
    #[error("the provider refused the refund: {reason}")]
    Refused { reason: String },
    /// The provider's answer was lost: the claim stays, as unconfirmed, for an admin.
    #[error("the provider did not answer the refund: {reason}")]
    Unanswered { reason: String },
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// An admin's resolution of an unconfirmed refund that cannot take over its claim.
#[derive(Debug, thiserror::Error)]
pub enum ReclaimError {
    #[error("no such order or return")]
    NotFound,
    /// No unconfirmed refund to resolve, or another resolution took it first.
    #[error(transparent)]
    Refused(#[from] RefundRefusal),
    #[error(transparent)]
    Store(#[from] RepoError),
}

impl ReclaimError {
    fn from_store(error: RepoError) -> Self {
        match error {
            RepoError::NotFound => ReclaimError::NotFound,
            other => other.into(),
        }
    }
}

/// Whose refund is claimed.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Claimed<'a> {
    /// A cancel's reversal of the order's charge.
    Order(&'a OrderId),
    Return(&'a ReturnId),
}

/// Sends refunds under claims; shared by the orders (a cancel's reversal) and the returns.
#[derive(Clone, new)]
pub struct Refunds {
    payments: Arc<dyn PaymentGateway>,
    orders: Arc<dyn OrderRepository>,
    returns: Arc<dyn ReturnRepository>,
    attempts: Arc<dyn PaymentAttemptRepository>,
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
    ) -> Result<(), RefundFailed> {
        let refund = self.to_its_payer(refund).await?;
        match monitoring::refund(self.payments.as_ref(), &refund).await {
            RefundOutcome::Refunded => Ok(()),
            RefundOutcome::Refused { reason } => {
                match claimed {
                    Claimed::Order(id) => self.orders.release_refund_claim(id).await?,
                    Claimed::Return(id) => self.returns.release_refund_claim(id).await?,
                }
                Err(RefundFailed::Refused { reason })
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
                Err(RefundFailed::Unanswered { reason })
            }
        }
    }

    /// `refund` paid to the number its charge came from: the approved attempt's (a phone
    /// order may be paid from another number than its customer's).
    async fn to_its_payer(&self, refund: &RefundRequest) -> Result<RefundRequest, RepoError> {
        let payer = self
            .attempts
            .of_order(&refund.reference)
            .await?
            .into_iter()
            .find(|attempt| {
                attempt.state == AttemptState::Approved
                    && attempt.transaction_id.as_deref() == Some(refund.transaction_id.as_str())
            })
            .map(|attempt| attempt.payer);
        Ok(RefundRequest {
            payer: payer.unwrap_or_else(|| refund.payer.clone()),
            ..refund.clone()
        })
    }

    /// Takes over the unconfirmed refund claim on `claimed` for an admin's `resolution`, so
    /// that of several resolutions sent at once one applies (409 for the others, and when
    /// there is no unconfirmed refund).
    pub(crate) async fn reclaim_for_resolution(
        &self,
        claimed: Claimed<'_>,
    ) -> Result<(), ReclaimError> {
        let nothing_to_resolve = || RefundRefusal::NothingToResolve.into();
        let now = self.clock.now();
        match claimed {
            Claimed::Order(id) => self
                .orders
                .reclaim_unconfirmed_refund(id, now)
                .await
                .map_err(|error| match error {
                    OrderStoreError::Repo(repo) => ReclaimError::from_store(repo),
                    _ => nothing_to_resolve(),
                }),
            Claimed::Return(id) => self
                .returns
                .reclaim_unconfirmed_refund(id, now)
                .await
                .map_err(|error| match error {
                    ReturnStoreError::Repo(repo) => ReclaimError::from_store(repo),
                    _ => nothing_to_resolve(),
                }),
        }
    }
}
