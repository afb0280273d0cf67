//! Returns (issue 16): a shopper asks to send back units of a delivered
//! order, and admins approve or reject the request, mark the parcel received (its units go
//! back to stock) and refund it through the payment gateway. The rules are
//! `domain::returns`; every change is guarded in storage, so repeating one is a no-op.

mod errors;

pub use errors::*;

use crate::audit::Audit;
use crate::catalog::CatalogVersion;
use crate::orders::FindOrderError;
use crate::refunds::Claimed;
use crate::refunds::Refunds;
use crate::views::{claim_seen_at, return_seen_by};
use derive_new::new;
use domain::audit::AuditChange;
use domain::money::Money;
use domain::order::{Changer, Order};
use domain::permissions::{has, require, Permission};
use domain::ports::{Clock, IdGenerator, OrderRepository, ReturnRepository};
use domain::ports::{Page, RefundRequest, ReturnRequest, ReturnStoreError};
use domain::refund::RefundResolution;
use domain::returns::payout::PaidOutWith;
use domain::returns::plan::RefundedOtherwise;
use domain::returns::{Return, ReturnInput, ReturnStatus};
use domain::user::User;
use domain::{OrderId, ReturnId};
use std::sync::Arc;

/// How many times a refund landing is planned again when another lands first.
const LANDING_TRIES: u32 = 3;

/// Returns: asked for by shoppers, moved on by admins, refunded under a claim.
#[derive(new)]
pub struct Returns {
    returns: Arc<dyn ReturnRepository>,
    orders: Arc<dyn OrderRepository>,
    clock: Arc<dyn Clock>,
    ids: Arc<dyn IdGenerator>,
    audit: Audit,
    catalog_version: CatalogVersion,
    refunds: Refunds,
}

impl Returns {
    /// The order `id` when `actor` placed it, or is an admin; anyone else learns nothing of
    /// it (404).
    async fn order_for_returns(&self, actor: &User, id: &OrderId) -> Result<Order, FindOrderError> {
        self.orders
            .by_id(id)
            .await?
            .filter(|order| has(actor, Permission::OrdersRead) || order.user_id == actor.id)
            .ok_or(FindOrderError::NotFound)
    }

    /// The shopper who placed order `id` asks to return some of its units.
    pub async fn request_return(
        &self,
        actor: &User,
        id: &OrderId,
        input: &ReturnInput,
    ) -> Result<Return, RequestReturnError> {
        input.check_text()?;
        let order = self.order_for_returns(actor, id).await?;
        if order.user_id != actor.id {
            return Err(FindOrderError::NotFound.into());
        }
        let request = ReturnRequest {
            id: ReturnId::parse(&self.ids.new_id()).expect("the id generator makes valid ids"),
            order: order.id,
            by: actor.into(),
            input: input.clone(),
            at: self.clock.now(),
        };
        let requested = self
            .returns
            .request(&request)
            .await
            .map_err(|error| match error {
                ReturnStoreError::Stale => RequestReturnError::RefundUnderWay,
                other => other.into(),
            })?;
        Ok(return_seen_by(actor, request.at, requested))
    }

    /// The returns of order `id`, newest first (its shopper or an admin).
    pub async fn order_returns(
        &self,
        actor: &User,
        id: &OrderId,
    ) -> Result<Vec<Return>, FindOrderError> {
        let order = self.order_for_returns(actor, id).await?;
        let returns = self.returns.for_order(&order.id).await?;
        let now = self.clock.now();
        Ok(returns
            .into_iter()
            .map(|r| return_seen_by(actor, now, r))
            .collect())
    }

    /// One page of the returns with `status` (all without), newest first (admin).
    pub async fn returns(
        &self,
        actor: &User,
        status: Option<&str>,
        page: Page,
    ) -> Result<(Vec<Return>, u64), ListReturnsError> {
        require(actor, Permission::ReturnsManage)?;
        let status = match status.map(str::trim).filter(|s| !s.is_empty()) {
            None => None,
            Some(raw) => Some(ReturnStatus::parse(raw).ok_or(ListReturnsError::InvalidStatus)?),
        };
        let (returns, total) = self.returns.list(status, page).await?;
        let now = self.clock.now();
        let returns = returns.into_iter().map(|r| return_seen_by(actor, now, r));
        Ok((returns.collect(), total))
    }

    /// An admin moves return `id` on. Asking for the status it has is a no-op; refunding
    /// sends its amount back through the payment gateway first, once, or, for an order no
    /// provider can refund (paid in cash), records how the admin paid it out by hand
    /// (`refund_paid_with`: `payout::hand_payout`).
    pub async fn change_return(
        &self,
        actor: &User,
        id: &ReturnId,
        status: &str,
        refund_paid_with: Option<&str>,
    ) -> Result<Return, ChangeReturnError> {
        require(actor, Permission::ReturnsManage)?;
        let to = ReturnStatus::parse(status)
            .filter(|s| *s != ReturnStatus::Requested)
            .ok_or(ChangeReturnError::InvalidStatus)?;
        let before = self.one_return(id).await?;
        if before.status == to {
            return Ok(before);
        }
        if let Some(claim) = before.refund_claim {
            // Sending or sent with its answer lost: a plain retry never sends it again.
            return Err(claim.refusal().into());
        }
        if !before.status.can_become(to) {
            return Err(ChangeReturnError::Unreachable(to));
        }
        let by = Changer::from(actor);
        let mut paid_out = None;
        if to == ReturnStatus::Refunded {
            paid_out = before.hand_payout(refund_paid_with)?;
            self.refund_return(&before).await?;
        }
        self.apply_step(&before, to, by, paid_out).await?;
        if to == ReturnStatus::Received {
            self.catalog_version.forget();
        }
        let after = self.one_return(id).await?;
        self.audit
            .record(actor, AuditChange::order_return_changed(&before, &after))
            .await;
        Ok(after)
    }

    /// Moves `r` to `to`, planned on its order as read now. A refund landing meets another
    /// return's refund of the same order landing first: it is planned again on the order as
    /// it is then (the money went out, so it must be counted).
    async fn apply_step(
        &self,
        r: &Return,
        to: ReturnStatus,
        by: Changer,
        paid_out: Option<PaidOutWith>,
    ) -> Result<(), ReturnStepError> {
        let mut tries = 0;
        loop {
            tries += 1;
            let order = self.order_of(r).await?;
            let plan = r
                .plan_step(&order, to, by.clone(), self.clock.now())
                .map_err(|RefundedOtherwise| ReturnStepError::Changed)?
                .paid_out(paid_out);
            match self.returns.apply(&plan).await {
                Err(ReturnStoreError::Stale) if plan.refund.is_some() && tries < LANDING_TRIES => {}
                applied => return Ok(applied?),
            }
        }
    }

    async fn order_of(&self, r: &Return) -> Result<Order, ReturnStepError> {
        self.orders
            .by_id(&r.order_id)
            .await?
            .ok_or(ReturnStepError::OrderNotFound)
    }

    /// Return `id` as the back office sees it now.
    async fn one_return(&self, id: &ReturnId) -> Result<Return, ReturnStepError> {
        let mut r = self
            .returns
            .by_id(id)
            .await?
            .ok_or(ReturnStepError::NotFound)?;
        claim_seen_at(&mut r.refund_claim, self.clock.now());
        Ok(r)
    }

    /// Claims the return's refund (of several admins, one reaches the provider) and sends
    /// it; a refusal releases the claim and leaves the return received, to try again.
    async fn refund_return(&self, r: &Return) -> Result<(), ReturnStepError> {
        self.returns.claim_refund(&r.id, self.clock.now()).await?;
        self.send_return_refund(r).await
    }

    /// Sends the refund of return `r` under the claim its caller holds
    /// (`refunds::send_claimed_refund`).
    async fn send_return_refund(&self, r: &Return) -> Result<(), ReturnStepError> {
        let order = self.order_of(r).await?;
        // Without a provider's transaction (a payment an admin confirmed by hand) or an
        // amount, the money goes back by hand too.
        if r.refund_amount == Money::ZERO {
            return Ok(());
        }
        let Some(refund) = RefundRequest::for_return(&order, r.refund_amount) else {
            return Ok(());
        };
        Ok(self
            .refunds
            .send_claimed_refund(Claimed::Return(&r.id), &refund)
            .await?)
    }

    /// An admin resolves the refund of return `id` that was sent but not answered, after
    /// checking with the provider (as `resolve_order_refund`): `confirmed` marks the return
    /// refunded without sending anything, `resend` sends the refund again first. Either is
    /// recorded in the audit trail, the resend even when it fails.
    pub async fn resolve_return_refund(
        &self,
        actor: &User,
        id: &ReturnId,
        resolution: &str,
    ) -> Result<Return, ResolveReturnRefundError> {
        require(actor, Permission::ReturnsManage)?;
        let resolution = RefundResolution::parse(resolution)?;
        let before = self.one_return(id).await?;
        self.refunds
            .reclaim_for_resolution(Claimed::Return(id))
            .await?;
        let resolved = match resolution {
            RefundResolution::Confirmed => Ok(()),
            RefundResolution::Resend => self.send_return_refund(&before).await,
        };
        let landed = match resolved {
            Ok(()) => {
                self.apply_step(&before, ReturnStatus::Refunded, actor.into(), None)
                    .await
            }
            Err(error) => Err(error),
        };
        let after = self.one_return(id).await?;
        self.audit
            .record(
                actor,
                AuditChange::return_refund_resolved(&before, &after, resolution),
            )
            .await;
        Ok(landed.map(|()| after)?)
    }
}

#[cfg(test)]
mod tests;
