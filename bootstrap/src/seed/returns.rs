//! The seeded shop's returns: some delivered orders had units sent back within their 30
//! days, planned by the domain's rules (`returns::plan_return`) and moved on as admins do,
//! older ones further along. A refunded return is in its order's `refunded` and payment
//! status; the products' stock is what is left now, returned units included.

use super::pick;
use crate::system::RandomIds;
use chrono::{DateTime, Duration, Utc};
use domain::order::{Order, OrderStatus, PaymentStatus, StatusChange};
use domain::ports::IdGenerator;
use domain::returns::payout::{OrderPayment, PaidOutWith};
use domain::returns::{
    payment_after_refunds, plan_return, HeldByReturns, Return, ReturnInput, ReturnStatus,
    RETURN_WINDOW,
};
use domain::ReturnId;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::Rng;

/// Of the delivered orders, how many in a thousand have a return.
const RETURNED_PER_THOUSAND: u32 = 40;

const REASONS: [&str; 6] = [
    "Too small",
    "Too big",
    "The colour is not as pictured",
    "Changed my mind",
    "Arrived damaged",
    "The fabric is not what I expected",
];

/// Where a return asked for `age` ago has got to, and the steps it took after the request.
fn steps_for(rng: &mut StdRng, age: Duration) -> &'static [ReturnStatus] {
    use ReturnStatus::{Approved, Received, Refunded, Rejected};
    if age < Duration::days(3) {
        pick(rng, &[(60, &[][..]), (40, &[Approved][..])])
    } else if age < Duration::days(10) {
        pick(
            rng,
            &[
                (20, &[Approved][..]),
                (30, &[Approved, Received][..]),
                (40, &[Approved, Received, Refunded][..]),
                (10, &[Rejected][..]),
            ],
        )
    } else {
        pick(
            rng,
            &[
                (85, &[Approved, Received, Refunded][..]),
                (15, &[Rejected][..]),
            ],
        )
    }
}

/// Returns of some of `orders` (delivered and paid), asked for before `now`; the orders
/// they refunded show it.
pub(super) fn returns_of(
    rng: &mut StdRng,
    orders: &mut [Order],
    now: DateTime<Utc>,
) -> Vec<Return> {
    let mut returns = Vec::new();
    for order in orders.iter_mut() {
        let Some(delivered_at) = order.delivered_at else {
            continue;
        };
        if order.status != OrderStatus::Delivered
            || order.payment_status != PaymentStatus::Paid
            || rng.gen_range(0..1000) >= RETURNED_PER_THOUSAND
        {
            continue;
        }
        let window_left = (now - delivered_at).min(RETURN_WINDOW).num_minutes();
        if window_left < 1 {
            continue;
        }
        let asked_at = delivered_at + Duration::minutes(rng.gen_range(0..window_left));
        let index = rng.gen_range(0..order.lines.len());
        let input = ReturnInput {
            lines: vec![(
                order.line_id(index).to_string(),
                i64::from(rng.gen_range(1..=order.lines[index].quantity)),
            )],
            reason: (*REASONS.choose(rng).expect("reasons")).to_owned(),
        };
        let plan = plan_return(order, &HeldByReturns::default(), &input, asked_at)
            .expect("a delivered, paid order's units may be returned within its window");
        let mut history = vec![StatusChange {
            status: ReturnStatus::Requested,
            at: asked_at,
            by: order.history.first().and_then(|placed| placed.by.clone()),
        }];
        let mut at = asked_at;
        for status in steps_for(rng, now - asked_at) {
            at = (at + Duration::hours(rng.gen_range(4..48))).min(now);
            history.push(StatusChange {
                status: *status,
                at,
                by: None,
            });
        }
        let status = history.last().expect("the request").status;
        if status == ReturnStatus::Refunded {
            order.refunded = order.refunded + plan.refund_amount;
            order.payment_status = payment_after_refunds(order.total, order.refunded);
        }
        returns.push(Return {
            id: ReturnId::parse(&RandomIds.new_id()).expect("uuid ids are valid"),
            order_id: order.id.clone(),
            // The store reads it from the order, numbered as the orders are inserted.
            order_number: order.number,
            user_id: order.user_id.clone(),
            customer_name: order.customer_name.clone(),
            customer_email: order.customer_email.clone(),
            status,
            lines: plan.lines,
            refund_amount: plan.refund_amount,
            reason: plan.reason,
            created_at: asked_at,
            history,
            refund_claim: None,
            order_payment: OrderPayment {
                method: order.payment_method,
                transaction_id: order.transaction_id.clone(),
            },
            // A cash order's refund is handed back in cash.
            refund_paid_with: (status == ReturnStatus::Refunded && order.pays_cash())
                .then_some(PaidOutWith::Cash),
        });
    }
    returns
}
