//! An unconfirmed payment holds its order's stock only for a while. When the hold runs out,
//! the order is canceled with its payment failed, its units go back on sale and the shopper
//! may pay again. The provider may still have taken the money, so the order keeps the time
//! its hold expired: admins find such orders and check with EVC Plus.

use crate::order::{OrderStatus, OrderTransition, PaymentChange, PaymentStatus};
use crate::payment_method::{PaymentKind, PaymentMethod};
use chrono::{DateTime, TimeDelta, Utc};

/// Whether the hold runs for an order paid with `method`: not for cash, paid to the rider at
/// the door, whose order keeps its stock until delivered (or canceled by the shop).
pub fn hold_runs_for(method: PaymentMethod) -> bool {
    method.kind() != PaymentKind::Cash
}

/// The methods whose unconfirmed orders the hold never cancels.
pub fn methods_without_hold() -> Vec<PaymentMethod> {
    PaymentMethod::ALL
        .into_iter()
        .filter(|method| !hold_runs_for(*method))
        .collect()
}

/// `SHOP_UNCONFIRMED_HOLD_SECS`'s default: half an hour.
pub const DEFAULT_HOLD_SECS: u64 = 1800;

/// `SHOP_PAYMENT_TIMEOUT_SECS`'s default: a minute for the payer to confirm on the phone.
pub const DEFAULT_PAYMENT_TIMEOUT_SECS: u64 = 60;

/// How long an unconfirmed payment keeps its order's stock, and how long the payer has to
/// confirm a payment on the phone (the checkout counts it down).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PaymentHold {
    duration: TimeDelta,
    payment_timeout_secs: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the unconfirmed payment hold ({hold_secs} s) must be longer than the payment time-out ({payment_timeout_secs} s)")]
pub struct HoldTooShort {
    pub hold_secs: u64,
    pub payment_timeout_secs: u64,
}

impl PaymentHold {
    /// A hold must outlast a charge still waiting for the payer, or an approval arriving late
    /// would find its order already canceled.
    pub fn new(hold_secs: u64, payment_timeout_secs: u64) -> Result<Self, HoldTooShort> {
        let too_short = HoldTooShort {
            hold_secs,
            payment_timeout_secs,
        };
        if hold_secs <= payment_timeout_secs {
            return Err(too_short);
        }
        let secs = i64::try_from(hold_secs).map_err(|_| too_short)?;
        Ok(Self {
            duration: TimeDelta::seconds(secs),
            payment_timeout_secs,
        })
    }

    /// How long the payer has to confirm a payment, in seconds.
    pub fn payment_timeout_secs(self) -> u64 {
        self.payment_timeout_secs
    }

    /// Unconfirmed orders placed before this have held their stock long enough.
    pub fn cutoff(self, now: DateTime<Utc>) -> DateTime<Utc> {
        now - self.duration
    }

    /// The last moment a payment of an order placed at `placed_at` may start: its answer
    /// must be able to come within the hold.
    pub fn last_payment_start(self, placed_at: DateTime<Utc>) -> DateTime<Utc> {
        placed_at + self.duration - TimeDelta::seconds(self.payment_timeout_secs as i64)
    }

    /// How long the hold lasts, in whole minutes (as messages tell it).
    pub fn minutes(self) -> i64 {
        self.duration.num_minutes()
    }

    /// How often to look for expired holds: a tenth of the hold, from 1 s to a minute.
    pub fn check_interval(self) -> std::time::Duration {
        let tenth = self.duration.num_milliseconds() / 10;
        std::time::Duration::from_millis(tenth.clamp(1_000, 60_000) as u64)
    }
}

impl Default for PaymentHold {
    fn default() -> Self {
        Self {
            duration: TimeDelta::seconds(DEFAULT_HOLD_SECS as i64),
            payment_timeout_secs: DEFAULT_PAYMENT_TIMEOUT_SECS,
        }
    }
}

/// The hold ran out: canceled, payment failed, stock back, marked as expired. Applies only
/// while the order is still pending with its payment pending.
pub fn hold_expiry() -> OrderTransition {
    OrderTransition {
        payment: Some(PaymentChange {
            from: PaymentStatus::Pending,
            to: PaymentStatus::Failed,
            transaction_id: None,
        }),
        expires_hold: true,
        ..OrderTransition::status_change(OrderStatus::Pending, OrderStatus::Canceled)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::order::StockEffect;

    #[test]
    fn the_hold_runs_for_every_payment_but_cash_to_the_rider() {
        assert_eq!(methods_without_hold(), [PaymentMethod::CashOnDelivery]);
        assert!(hold_runs_for(PaymentMethod::Edahab));
        assert!(hold_runs_for(PaymentMethod::Card));
    }

    #[test]
    fn a_hold_must_outlast_the_payment_time_out() {
        assert_eq!(
            PaymentHold::new(60, 60),
            Err(HoldTooShort {
                hold_secs: 60,
                payment_timeout_secs: 60
            })
        );
        assert!(PaymentHold::new(61, 60).is_ok());
    }

    #[test]
    fn orders_placed_before_the_cutoff_have_held_long_enough() {
        let now: DateTime<Utc> = "2026-11-23T12:00:00Z".parse().unwrap();
        assert_eq!(
            PaymentHold::default().cutoff(now),
            "2026-11-23T11:30:00Z".parse::<DateTime<Utc>>().unwrap()
        );
    }

    #[test]
    fn holds_are_checked_every_tenth_of_the_hold_within_a_second_and_a_minute() {
        let every = |secs| PaymentHold::new(secs, 1).unwrap().check_interval();
        assert_eq!(every(2), std::time::Duration::from_secs(1));
        assert_eq!(every(300), std::time::Duration::from_secs(30));
        assert_eq!(every(1800), std::time::Duration::from_secs(60));
    }

    #[test]
    fn an_expired_hold_cancels_fails_the_payment_and_releases_the_stock() {
        let expiry = hold_expiry();
        assert_eq!(
            (expiry.from, expiry.to),
            (OrderStatus::Pending, OrderStatus::Canceled)
        );
        assert_eq!(expiry.stock, StockEffect::Release);
        assert_eq!(
            expiry.payment.map(|p| (p.from, p.to)),
            Some((PaymentStatus::Pending, PaymentStatus::Failed))
        );
        assert!(expiry.expires_hold);
    }
}
