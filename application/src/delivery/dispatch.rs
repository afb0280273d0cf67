//! The back office's Deliveries screen: orders waiting for a rider, out, or brought back;
//! sending them out with a rider (each with a delivery code the shopper is sent); resetting
//! a code after five wrong tries.

use super::errors::{CashReceiptError, DispatchError};
use crate::audit::Audit;
use crate::ReadError;
use chrono::{DateTime, NaiveDate, Utc};
use derive_new::new;
use domain::audit::AuditChange;
use domain::delivery::{day_bounds, day_of, dispatch, Dispatch, Rider, RiderCash};
use domain::listing::users::UserQuery;
use domain::message::texts::{ORDERS_TO_DISPATCH_REQUIRED, RIDER_UNKNOWN};
use domain::order::plan::OrderPlan;
use domain::order::{Order, OrderTransition};
use domain::permissions::{require, Permission};
use domain::ports::{
    Clock, DeliveryQuery, DeliveryRepository, OrderRepository, OrderStoreError, RepoError,
    SecretGenerator, UserRepository,
};
use domain::user::{Role, User};
use domain::validation::FieldErrors;
use domain::{Money, OrderId, UserId};
use std::sync::Arc;

/// The most orders sent out at once: a rider's run, with room to spare.
const ORDERS_SENT_AT_ONCE: usize = 100;

/// How often a batch is checked and sent again after another dispatcher's send made it stale.
const SEND_TRIES: usize = 3;

/// Orders on their way, as the back office sends them out.
#[derive(new)]
pub struct Dispatcher {
    orders: Arc<dyn OrderRepository>,
    deliveries: Arc<dyn DeliveryRepository>,
    users: Arc<dyn UserRepository>,
    secrets: Arc<dyn SecretGenerator>,
    clock: Arc<dyn Clock>,
    audit: Audit,
}

impl Dispatcher {
    /// One page of the Deliveries screen.
    pub async fn deliveries(
        &self,
        actor: &User,
        query: &DeliveryQuery,
    ) -> Result<(Vec<Order>, u64), ReadError> {
        require(actor, Permission::DeliveriesDispatch)?;
        Ok(self.deliveries.list(query).await?)
    }

    /// The shop's riders, by name, to send orders out with.
    pub async fn riders(&self, actor: &User) -> Result<Vec<User>, ReadError> {
        require(actor, Permission::DeliveriesDispatch)?;
        let query = UserQuery {
            role: Some(Role::Rider),
            ..Default::default()
        };
        let (mut riders, _) = self.users.find(&query).await?;
        riders.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(riders)
    }

    /// Sends `order_ids` out with the rider `rider_id` (each `shipped`, its shopper sent the
    /// code): all are checked first, so a refusal (one out with another rider, one not ready)
    /// sends none, and all go out in one transaction, so none goes out alone. Orders already
    /// out with this rider stay as they are.
    pub async fn dispatch(
        &self,
        actor: &User,
        order_ids: &[OrderId],
        rider_id: &UserId,
    ) -> Result<Vec<Order>, DispatchError> {
        require(actor, Permission::DeliveriesDispatch)?;
        let mut ids: Vec<&OrderId> = Vec::new();
        for id in order_ids {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        if ids.is_empty() || ids.len() > ORDERS_SENT_AT_ONCE {
            return Err(FieldErrors::single("orderIds", ORDERS_TO_DISPATCH_REQUIRED).into());
        }
        let rider = self.rider(rider_id).await?;
        // Another dispatcher's send meanwhile makes the batch stale: it is checked again,
        // the orders it sent with this rider now already out.
        for _ in 0..SEND_TRIES {
            let mut plans = Vec::new();
            let mut going = Vec::new();
            let now = self.clock.now();
            for id in &ids {
                let order = self.find(id).await?;
                match dispatch(&order, order.delivery.as_ref(), &rider.id) {
                    Dispatch::Send => {
                        plans.push(self.going_out(actor, &order, &rider, now));
                        going.push(order);
                    }
                    Dispatch::AlreadyOut => {}
                    Dispatch::Refused(refusal) => {
                        return Err(DispatchError::Conflict(refusal.message(&order)))
                    }
                }
            }
            match self.orders.apply_all(&plans).await {
                Ok(()) => {
                    for order in &going {
                        let after = self.find(&order.id).await?;
                        self.audit
                            .record(actor, AuditChange::order_status_changed(order, &after))
                            .await;
                    }
                    let mut sent = Vec::new();
                    for id in order_ids {
                        sent.push(self.find(id).await?);
                    }
                    return Ok(sent);
                }
                Err(OrderStoreError::Stale) => continue,
                Err(error) => return Err(error.into()),
            }
        }
        Err(OrderStoreError::Stale.into())
    }

    /// The plan sending one checked order out with `rider`.
    fn going_out(
        &self,
        actor: &User,
        order: &Order,
        rider: &Rider,
        now: DateTime<Utc>,
    ) -> OrderPlan {
        // A code sent before stays the shopper's: they may still have its message.
        let code = match &order.delivery {
            Some(delivery) => delivery.code.clone(),
            None => self.secrets.delivery_code(),
        };
        OrderTransition::going_out()
            .by(actor)
            .plan(order, now)
            .going_out_with(rider.clone(), code)
    }

    /// Each rider's cash of `day` (today without one: their cash orders delivered that
    /// day), and whether it was handed in; with the day.
    pub async fn riders_cash(
        &self,
        actor: &User,
        day: Option<NaiveDate>,
    ) -> Result<(NaiveDate, Vec<RiderCash>), ReadError> {
        require(actor, Permission::CashReceive)?;
        let day = day.unwrap_or_else(|| day_of(self.clock.now()));
        let (from, to) = day_bounds(day);
        Ok((day, self.deliveries.riders_cash(day, from, to).await?))
    }

    /// Marks received what rider `rider` still holds of `day`'s cash: one hand-in of the cash
    /// deliveries no hand-in covered yet (audited). A day's cash is handed in as often as the
    /// rider brings it; marked twice at once, it is received once. A rider who collected no
    /// cash that day has none to hand in.
    pub async fn receive_cash(
        &self,
        actor: &User,
        rider: &UserId,
        day: NaiveDate,
    ) -> Result<RiderCash, CashReceiptError> {
        require(actor, Permission::CashReceive)?;
        let (from, to) = day_bounds(day);
        let cash = self.cash_of(rider, day).await?;
        if cash.to_hand_in() == Money::ZERO {
            return Ok(cash);
        }
        let received = self
            .deliveries
            .receive_cash(rider, day, from, to, self.clock.now(), &actor.into())
            .await?;
        let after = self.cash_of(rider, day).await?;
        if let Some(hand_in) = received {
            self.audit
                .record(
                    actor,
                    AuditChange::rider_cash_received(&after, &hand_in, day),
                )
                .await;
        }
        Ok(after)
    }

    /// `rider`'s cash of `day`; `NoCash` when they delivered no cash order that day.
    async fn cash_of(&self, rider: &UserId, day: NaiveDate) -> Result<RiderCash, CashReceiptError> {
        let (from, to) = day_bounds(day);
        self.deliveries
            .riders_cash(day, from, to)
            .await?
            .into_iter()
            .find(|cash| cash.rider == *rider)
            .ok_or(CashReceiptError::NoCash)
    }

    /// The shop lets a rider type codes again for order `id` (after five wrong ones).
    pub async fn reset_code(&self, actor: &User, id: &OrderId) -> Result<Order, DispatchError> {
        require(actor, Permission::DeliveriesDispatch)?;
        match self.deliveries.reset_code(id).await {
            Err(RepoError::NotFound) => return Err(DispatchError::NotFound(id.clone())),
            other => other?,
        }
        self.find(id).await
    }

    async fn find(&self, id: &OrderId) -> Result<Order, DispatchError> {
        self.orders
            .by_id(id)
            .await?
            .ok_or_else(|| DispatchError::NotFound(id.clone()))
    }

    async fn rider(&self, id: &UserId) -> Result<Rider, DispatchError> {
        match self.users.by_id(id).await? {
            Some(user) if user.role == Role::Rider => Ok(Rider {
                id: user.id,
                name: user.name,
                phone: user.phone,
            }),
            _ => Err(FieldErrors::single("riderId", RIDER_UNKNOWN).into()),
        }
    }
}
