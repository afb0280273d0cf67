//! The rider's phone screen: their deliveries of the day, each delivered with the shopper's
//! code or brought back with a reason.

use super::errors::RiderMoveError;
use chrono::NaiveDate;
use derive_new::new;
use domain::delivery::{
    day_bounds, day_of, handed_over, CodeTry, DeliveryAttempt, DeliveryState, NotDelivered,
    RiderCash,
};
use domain::message::texts::REASON_UNKNOWN;
use domain::order::{Order, OrderStatus, OrderTransition};
use domain::permissions::{require, Permission};
use domain::ports::{Clock, DeliveryRepository, OrderRepository, OrderStoreError, RepoError};
use domain::user::User;
use domain::validation::FieldErrors;
use domain::OrderId;
use std::sync::Arc;

/// How often, and how long between, a repeated 'Delivered' reads the order while the first
/// one marks it delivered.
const HAND_OVER_READS: u32 = 100;
const HAND_OVER_WAIT: std::time::Duration = std::time::Duration::from_millis(20);

/// A rider's own deliveries.
#[derive(new)]
pub struct Riders {
    orders: Arc<dyn OrderRepository>,
    deliveries: Arc<dyn DeliveryRepository>,
    clock: Arc<dyn Clock>,
}

impl Riders {
    /// The rider's orders out now, oldest sent first, then those they finished today.
    pub async fn my_deliveries(&self, rider: &User) -> Result<Vec<Order>, RiderMoveError> {
        require(rider, Permission::DeliveriesOwn)?;
        let (today, _) = day_bounds(day_of(self.clock.now()));
        Ok(self.deliveries.of_rider(&rider.id, today).await?)
    }

    /// The cash the rider collected today and what of it they handed in (none when they
    /// delivered no cash order today), with the day.
    pub async fn my_cash(
        &self,
        rider: &User,
    ) -> Result<(NaiveDate, Option<RiderCash>), RiderMoveError> {
        require(rider, Permission::DeliveriesOwn)?;
        let day = day_of(self.clock.now());
        let (from, to) = day_bounds(day);
        let mine = self
            .deliveries
            .riders_cash(day, from, to)
            .await?
            .into_iter()
            .find(|cash| cash.rider == rider.id);
        Ok((day, mine))
    }

    /// Order `id` is in the shopper's hands: `code` is theirs, and for a cash order
    /// `cash_collected` is its total in dollars, collected (it is paid now). Sent twice at once, it is delivered (and
    /// paid) once; the second answer is the delivered order.
    pub async fn delivered(
        &self,
        rider: &User,
        id: &OrderId,
        code: &str,
        cash_collected: Option<f64>,
    ) -> Result<Order, RiderMoveError> {
        require(rider, Permission::DeliveriesOwn)?;
        let order = self.own(rider, id).await?;
        if !order
            .delivery
            .as_ref()
            .is_some_and(|d| d.is_out_with(&rider.id))
        {
            return self.delivered_already(rider, order).await;
        }
        // The cash is checked first: a right code then hands the parcel over at once.
        let (delivered, step) = handed_over(&order, cash_collected)
            .map_err(|mismatch| FieldErrors::single("cashCollected", mismatch.message()))?;
        let tried = self.deliveries.try_code(id, &rider.id, code).await?;
        if let Some(refusal) = tried.refusal() {
            return Err(RiderMoveError::Code(refusal));
        }
        if tried == CodeTry::NotOut {
            // Delivered by another try at the same moment (or moved off this rider).
            let now = self.own(rider, id).await?;
            return self.delivered_already(rider, now).await;
        }
        // The right code took the delivery off `out` as it was compared: no try after it is.
        let mut plan = delivered.by(rider).plan(&order, self.clock.now());
        plan.delivery = step;
        match self.orders.apply(&plan).await {
            Ok(()) => {}
            // The order moved on meanwhile: the delivery is out again.
            Err(OrderStoreError::Stale) => {
                self.deliveries.undo_hand_over(id).await?;
                let now = self.own(rider, id).await?;
                return self.delivered_already(rider, now).await;
            }
            Err(error) => {
                self.deliveries.undo_hand_over(id).await?;
                return Err(error.into());
            }
        }
        self.own(rider, id).await
    }

    /// Order `id` could not be handed over: the attempt is kept, the order waits to go out
    /// again, the shopper is told.
    pub async fn not_delivered(
        &self,
        rider: &User,
        id: &OrderId,
        reason: &str,
    ) -> Result<Order, RiderMoveError> {
        require(rider, Permission::DeliveriesOwn)?;
        let reason = NotDelivered::parse(reason)
            .ok_or_else(|| FieldErrors::single("reason", REASON_UNKNOWN))?;
        let order = self.own(rider, id).await?;
        if !order
            .delivery
            .as_ref()
            .is_some_and(|d| d.is_out_with(&rider.id))
        {
            return Err(RiderMoveError::NotFound);
        }
        let at = self.clock.now();
        let attempt = DeliveryAttempt {
            at,
            reason,
            rider: rider.name.clone(),
        };
        let plan = OrderTransition::brought_back()
            .by(rider)
            .plan(&order, at)
            .brought_back_after(attempt, &order);
        self.orders.apply(&plan).await?;
        self.own(rider, id).await
    }

    /// `order` as `rider` delivered it (a repeated 'Delivered'), read again whole: its
    /// delivery may have been read just after the change that its status was read before.
    async fn delivered_already(&self, rider: &User, order: Order) -> Result<Order, RiderMoveError> {
        let theirs = order
            .delivery
            .as_ref()
            .is_some_and(|d| d.state == DeliveryState::Delivered && d.rider.id == rider.id);
        if !theirs {
            return Err(RiderMoveError::NotFound);
        }
        // A right code sent at the same moment is handing the parcel over: its order is
        // marked delivered within moments.
        for _ in 0..HAND_OVER_READS {
            let now = self.own(rider, &order.id).await?;
            if now.status == OrderStatus::Delivered {
                return Ok(now);
            }
            let handing_over = now
                .delivery
                .as_ref()
                .is_some_and(|d| d.state == DeliveryState::Delivered);
            if !handing_over {
                break;
            }
            tokio::time::sleep(HAND_OVER_WAIT).await;
        }
        Err(RiderMoveError::NotFound)
    }

    /// Order `id` when it went out with `rider` (another rider's, or none, is not found).
    async fn own(&self, rider: &User, id: &OrderId) -> Result<Order, RiderMoveError> {
        match self.orders.by_id(id).await {
            Ok(Some(order))
                if order
                    .delivery
                    .as_ref()
                    .is_some_and(|d| d.rider.id == rider.id) =>
            {
                Ok(order)
            }
            Ok(_) => Err(RiderMoveError::NotFound),
            Err(RepoError::NotFound) => Err(RiderMoveError::NotFound),
            Err(error) => Err(error.into()),
        }
    }
}
