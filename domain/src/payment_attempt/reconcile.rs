//! A day's payments reconciled per provider and currency: what came in (approved), what went
//! back (late money refunded), what waits for the admin (approved for another amount), and the
//! net, with the orders they belong to. Money came for every attempt approved, whether its
//! order took it or not: so the approved total is the paid orders' total plus the late money.

use super::{AttemptState, PaymentAttempt};
use crate::ids::{OrderId, PaymentAttemptId};
use crate::money::{Currency, Money};
use crate::order::OrderNumber;
use crate::payment_method::PaymentProvider;

/// One attempt of the day, as the reconciliation lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct ReconciledAttempt {
    pub order: OrderId,
    pub order_number: OrderNumber,
    pub attempt: PaymentAttemptId,
    pub state: AttemptState,
    /// What came (approved), or was asked when nothing came.
    pub amount: Money,
}

/// A provider's money of the day in one currency.
#[derive(Debug, Clone, PartialEq)]
pub struct ProviderDay {
    pub provider: PaymentProvider,
    pub currency: Currency,
    /// What the provider approved: paid orders and late money alike.
    pub approved: Money,
    /// Late money paid back.
    pub refunded: Money,
    /// Approved for another amount than asked: held for the admin, in none of the above.
    pub held: Money,
    /// The attempts that moved money, oldest first.
    pub attempts: Vec<ReconciledAttempt>,
}

impl ProviderDay {
    /// What the shop keeps of the day: approved less refunded.
    pub fn net(&self) -> Money {
        self.approved.saturating_sub(self.refunded)
    }
}

/// Whether money came for an attempt in `state` (approved, whether its order took it or not).
fn money_came(state: AttemptState) -> bool {
    matches!(
        state,
        AttemptState::Approved
            | AttemptState::Late
            | AttemptState::Refunded
            | AttemptState::RefundFailed
    )
}

/// The day's `attempts` (those started that day), per provider and currency in the order they
/// first appear; attempts that moved no money are left out.
pub fn reconcile(attempts: &[PaymentAttempt]) -> Vec<ProviderDay> {
    let mut days: Vec<ProviderDay> = Vec::new();
    for attempt in attempts {
        let came = money_came(attempt.state);
        let held = attempt.state == AttemptState::Mismatched;
        if !came && !held {
            continue;
        }
        let key = (attempt.provider(), attempt.currency);
        let day = match days.iter().position(|d| (d.provider, d.currency) == key) {
            Some(at) => &mut days[at],
            None => {
                days.push(ProviderDay {
                    provider: key.0,
                    currency: key.1,
                    approved: Money::ZERO,
                    refunded: Money::ZERO,
                    held: Money::ZERO,
                    attempts: Vec::new(),
                });
                days.last_mut().expect("just pushed")
            }
        };
        let amount = attempt.received();
        if came {
            day.approved = day.approved + amount;
        }
        if attempt.state == AttemptState::Refunded {
            day.refunded = day.refunded + amount;
        }
        if held {
            day.held = day.held + amount;
        }
        day.attempts.push(ReconciledAttempt {
            order: attempt.order.clone(),
            order_number: attempt.order_number,
            attempt: attempt.id.clone(),
            state: attempt.state,
            amount,
        });
    }
    days
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::order::testing::order;
    use crate::order::{OrderStatus, PaymentStatus};
    use crate::payment_attempt::ApprovedAmount;
    use crate::payment_method::PaymentMethod;
    use crate::phone::MobileNumber;

    fn attempt(id: &str, method: PaymentMethod, cents: i64, state: AttemptState) -> PaymentAttempt {
        let placed = crate::order::Order {
            total: Money::from_cents(cents).unwrap(),
            ..order(OrderStatus::Pending, PaymentStatus::Pending)
        };
        PaymentAttempt {
            state,
            ..PaymentAttempt::start(
                PaymentAttemptId::parse(id).unwrap(),
                &placed,
                method,
                MobileNumber::parse("615551234").unwrap(),
                "2026-12-02T08:00:00Z".parse().unwrap(),
            )
        }
    }

    #[test]
    fn a_day_of_mixed_outcomes_adds_up_per_provider() {
        let dollars = |cents| Money::from_cents(cents).unwrap();
        let mut mismatched = attempt("a6", PaymentMethod::Card, 6620, AttemptState::Mismatched);
        mismatched.approved = Some(ApprovedAmount {
            amount: dollars(1),
            currency: "USD".into(),
        });
        let day = reconcile(&[
            attempt("a1", PaymentMethod::EvcPlus, 2500, AttemptState::Approved),
            attempt("a2", PaymentMethod::Zaad, 1000, AttemptState::Declined),
            attempt("a3", PaymentMethod::Card, 4500, AttemptState::Approved),
            attempt("a4", PaymentMethod::Card, 4000, AttemptState::Refunded),
            attempt("a5", PaymentMethod::Card, 3000, AttemptState::Awaiting),
            mismatched,
            attempt("a7", PaymentMethod::Sahal, 1500, AttemptState::RefundFailed),
        ]);
        let totals: Vec<_> = day
            .iter()
            .map(|d| (d.provider, d.approved, d.refunded, d.held, d.net()))
            .collect();
        assert_eq!(
            totals,
            [
                (
                    PaymentProvider::WaafiPayWallet,
                    dollars(4000),
                    Money::ZERO,
                    Money::ZERO,
                    dollars(4000)
                ),
                (
                    PaymentProvider::WaafiPayCard,
                    dollars(8500),
                    dollars(4000),
                    dollars(1),
                    dollars(4500)
                ),
            ]
        );
        let card: Vec<&str> = day[1].attempts.iter().map(|a| a.attempt.as_str()).collect();
        assert_eq!(card, ["a3", "a4", "a6"]);
    }
}
