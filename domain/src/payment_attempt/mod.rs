//! Payment attempts (DESIGN.md section 10, "Money that comes late"): each charge the shop
//! starts has its own record, asked about until its provider gives a final answer whatever
//! its order does meanwhile. An order is paid by exactly one approved attempt of its amount
//! and currency; money approved for an order that can no longer take it is paid back through
//! the same provider, once; an approval of another amount pays nothing and waits for the
//! admin. The number a payment was tried from is the attempt's, never the order's.

mod alert;
mod answer;
pub mod provider;
mod reconcile;
pub mod state;

pub use alert::PaymentAlert;
pub use answer::{judge, takes_payment_of, AttemptAnswer};
pub use reconcile::{reconcile, ProviderDay, ReconciledAttempt};
pub use state::{ApprovedAmount, AttemptChange, AttemptState};

use crate::ids::{OrderId, PaymentAttemptId};
use crate::money::{Currency, Money};
use crate::order::{Order, OrderNumber};
use crate::payment_method::{PaymentMethod, PaymentProvider};
use crate::phone::MobileNumber;
use crate::refund::RefundClaim;
use chrono::{DateTime, Duration, Utc};

/// How long an attempt is asked about when its provider has given no final answer
/// (`SHOP_PAYMENT_FOLLOW_DAYS`).
pub const DEFAULT_FOLLOW_DAYS: u32 = 7;

/// How many days attempts without a final answer are asked about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FollowDays(pub u32);

impl Default for FollowDays {
    fn default() -> Self {
        FollowDays(DEFAULT_FOLLOW_DAYS)
    }
}

/// One charge the shop started for an order.
#[derive(Debug, Clone, PartialEq)]
pub struct PaymentAttempt {
    /// The shop's reference of the charge.
    pub id: PaymentAttemptId,
    pub order: OrderId,
    pub order_number: OrderNumber,
    pub method: PaymentMethod,
    /// What was asked.
    pub amount: Money,
    pub currency: Currency,
    /// The number it was tried from (the wallet charged); the order's contact number is the
    /// customer's.
    pub payer: MobileNumber,
    pub state: AttemptState,
    /// The provider's own reference of an open charge: an eDahab invoice, a card page.
    pub provider_reference: Option<String>,
    /// The provider's id of the approved charge.
    pub transaction_id: Option<String>,
    /// What the provider approved, when its answer said (a mismatch keeps it).
    pub approved: Option<ApprovedAmount>,
    pub started_at: DateTime<Utc>,
    /// When the provider last answered about it.
    pub answered_at: Option<DateTime<Utc>>,
    /// The refund of late money, claimed and not landed yet.
    pub refund_claim: Option<RefundClaim>,
    /// Why its refund failed, for the admin.
    pub refund_error: Option<String>,
}

impl PaymentAttempt {
    /// The attempt of charging `order` by `method` to `payer`, started `at`: its total, in
    /// dollars.
    pub fn start(
        id: PaymentAttemptId,
        order: &Order,
        method: PaymentMethod,
        payer: MobileNumber,
        at: DateTime<Utc>,
    ) -> Self {
        PaymentAttempt {
            id,
            order: order.id.clone(),
            order_number: order.number,
            method,
            amount: order.total,
            currency: Currency::Usd,
            payer,
            state: AttemptState::Awaiting,
            provider_reference: None,
            transaction_id: None,
            approved: None,
            started_at: at,
            answered_at: None,
            refund_claim: None,
            refund_error: None,
        }
    }

    pub fn provider(&self) -> PaymentProvider {
        self.method.provider()
    }

    /// The money that came: what the provider approved, else what was asked.
    pub fn received(&self) -> Money {
        self.approved
            .as_ref()
            .map_or(self.amount, |approved| approved.amount)
    }
}

/// The first moment an attempt started `follow_days` before `now` is no longer asked about.
pub fn followed_since(now: DateTime<Utc>, follow_days: FollowDays) -> DateTime<Utc> {
    now - Duration::days(i64::from(follow_days.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::message::texts::CARD_DECLINED;
    use crate::notification::Topic;
    use crate::order::testing::order;
    use crate::order::{OrderStatus, PaymentStatus};
    use crate::payment_attempt::provider::PaymentOutcome;

    fn card_order() -> Order {
        Order {
            payment_method: Some(PaymentMethod::Card),
            total: Money::from_cents(6620).unwrap(),
            ..order(OrderStatus::Pending, PaymentStatus::Pending)
        }
    }

    fn attempt_of(order: &Order) -> PaymentAttempt {
        PaymentAttempt::start(
            PaymentAttemptId::parse("a1").unwrap(),
            order,
            PaymentMethod::Card,
            MobileNumber::parse("615551234").unwrap(),
            "2026-11-27T08:00:00Z".parse().unwrap(),
        )
    }

    fn approved(cents: Option<i64>, currency: &str) -> PaymentOutcome {
        PaymentOutcome::Approved {
            transaction_id: "126895".into(),
            amount: cents.map(|cents| ApprovedAmount {
                amount: Money::from_cents(cents).unwrap(),
                currency: currency.into(),
            }),
        }
    }

    #[test]
    fn an_approval_of_the_amount_asked_pays_an_order_still_waiting_for_it() {
        let order = card_order();
        let attempt = attempt_of(&order);
        let pays = AttemptAnswer::Pays {
            transaction_id: "126895".into(),
        };
        assert_eq!(judge(&attempt, &approved(Some(6620), "usd"), &order), pays);
        assert_eq!(
            judge(&attempt, &approved(None, ""), &order),
            pays,
            "an answer without its amount"
        );
        assert_eq!(attempt.received(), Money::from_cents(6620).unwrap());
    }

    #[test]
    fn an_approval_after_the_order_closed_is_late_money() {
        let order = card_order();
        let attempt = attempt_of(&order);
        let late = AttemptAnswer::Late {
            transaction_id: "126895".into(),
        };
        let canceled = Order {
            status: OrderStatus::Canceled,
            payment_status: PaymentStatus::Failed,
            ..card_order()
        };
        assert_eq!(
            judge(&attempt, &approved(Some(6620), "USD"), &canceled),
            late
        );
        let paid_by_another = Order {
            payment_status: PaymentStatus::Paid,
            transaction_id: Some("44291833".into()),
            ..card_order()
        };
        assert_eq!(judge(&attempt, &approved(None, ""), &paid_by_another), late);
        let waits_for_another_way = Order {
            payment_method: None,
            ..card_order()
        };
        assert_eq!(
            judge(&attempt, &approved(None, ""), &waits_for_another_way),
            late
        );
    }

    #[test]
    fn an_approval_of_another_amount_or_currency_pays_nothing() {
        let order = card_order();
        let attempt = attempt_of(&order);
        for (cents, currency) in [(1, "USD"), (6620, "SLSH")] {
            assert_eq!(
                judge(&attempt, &approved(Some(cents), currency), &order),
                AttemptAnswer::Mismatched {
                    transaction_id: "126895".into(),
                    approved: ApprovedAmount {
                        amount: Money::from_cents(cents).unwrap(),
                        currency: currency.into(),
                    },
                }
            );
        }
    }

    #[test]
    fn answers_that_move_no_money_end_it_and_open_ones_keep_it() {
        let order = card_order();
        let attempt = attempt_of(&order);
        let declined = PaymentOutcome::Declined {
            reason: CARD_DECLINED.into(),
        };
        assert_eq!(
            judge(&attempt, &declined, &order),
            AttemptAnswer::Ended {
                state: AttemptState::Declined
            }
        );
        let invoice = PaymentOutcome::Awaiting {
            reference: "1042".into(),
        };
        assert_eq!(
            judge(&attempt, &invoice, &order),
            AttemptAnswer::Open {
                provider_reference: Some("1042".into())
            }
        );
        let no_word = PaymentOutcome::Unconfirmed {
            reason: "time-out".into(),
        };
        assert_eq!(
            judge(&attempt, &no_word, &order),
            AttemptAnswer::Open {
                provider_reference: None
            }
        );
    }

    #[test]
    fn an_alert_keeps_what_came_and_why_its_refund_failed() {
        let mut attempt = attempt_of(&card_order());
        attempt.state = AttemptState::RefundFailed;
        attempt.refund_error = Some("RCS_TRAN_NOT_FOUND".into());
        let alert = PaymentAlert::of(&attempt);
        assert_eq!(PaymentAlert::from_payload(&alert.payload()), Some(alert));
        let announced = PaymentAlert::announce(&attempt);
        assert_eq!(
            (
                announced.topic,
                announced.recipient,
                announced.reference.as_str()
            ),
            (Topic::PaymentAlert, None, attempt.order.as_str())
        );
    }

    #[test]
    fn states_are_named_as_the_api_names_them_and_three_need_the_admin() {
        for state in AttemptState::ALL {
            assert_eq!(AttemptState::parse(state.as_str()), Some(state));
        }
        assert_eq!(AttemptState::RefundFailed.as_str(), "refundFailed");
        assert_eq!(
            AttemptState::NEED_THE_ADMIN.map(AttemptState::as_str),
            ["late", "mismatched", "refundFailed"]
        );
        let now = "2026-12-02T00:00:00Z".parse().unwrap();
        assert_eq!(
            followed_since(now, FollowDays::default()).to_rfc3339(),
            "2026-11-25T00:00:00+00:00"
        );
    }
}
