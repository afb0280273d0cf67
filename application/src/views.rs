//! What a viewer sees of an order or a return, decided here once: its amounts only when they
//! are theirs to see, who changed what only in the back office, a refund claim as of the
//! moment of reading. Replies render these views (an order's reply cannot be made from an
//! order alone), so a new endpoint cannot show an amount its reader may not see.

use chrono::{DateTime, Utc};
use domain::order::{Order, StatusChange};
use domain::permissions::{sees_money_of, sees_money_of_order, works_in_back_office};
use domain::refund::RefundClaim;
use domain::returns::Return;
use domain::user::User;

/// An order as one viewer sees it.
#[derive(Debug, Clone, Copy)]
pub struct OrderView<'a> {
    pub order: &'a Order,
    /// Whether its amounts are shown: to its customer, to staff who read money, and to who
    /// took it by phone (`sees_money_of_order`).
    pub amounts: bool,
}

impl<'a> OrderView<'a> {
    pub fn seen_by(order: &'a Order, viewer: &User) -> Self {
        Self {
            order,
            amounts: sees_money_of_order(viewer, order),
        }
    }

    /// Each of `orders` as `viewer` sees it.
    pub fn list(orders: &'a [Order], viewer: &User) -> Vec<Self> {
        orders
            .iter()
            .map(|order| Self::seen_by(order, viewer))
            .collect()
    }

    /// The order its payer is paying (a checkout's, a payment link's page): its amounts are
    /// what they pay.
    pub fn to_its_payer(order: &'a Order) -> Self {
        Self {
            order,
            amounts: true,
        }
    }

    /// An order in the reports, which are amounts (`reports.read`).
    pub fn in_reports(order: &'a Order) -> Self {
        Self {
            order,
            amounts: true,
        }
    }
}

/// A return as one viewer sees it.
#[derive(Debug, Clone, Copy)]
pub struct ReturnView<'a> {
    pub r: &'a Return,
    /// Whether its amounts are shown: to its customer and to staff who read money.
    pub amounts: bool,
}

impl<'a> ReturnView<'a> {
    pub fn seen_by(r: &'a Return, viewer: &User) -> Self {
        Self {
            r,
            amounts: sees_money_of(viewer, &r.user_id),
        }
    }
}

/// A history as `actor` sees it.
fn history_seen_by<S>(actor: &User, history: &mut [StatusChange<S>]) {
    if !works_in_back_office(actor) {
        history.iter_mut().for_each(|change| change.by = None);
    }
}

/// A refund claim as read at `now` (`RefundClaim::as_of`): one abandoned by then is
/// unconfirmed.
pub(crate) fn claim_seen_at(claim: &mut Option<RefundClaim>, now: DateTime<Utc>) {
    *claim = claim.map(|c| c.as_of(now));
}

/// An order as `actor` sees it at `now`.
pub(crate) fn order_seen_by(actor: &User, now: DateTime<Utc>, order: &mut Order) {
    history_seen_by(actor, &mut order.history);
    claim_seen_at(&mut order.refund_claim, now);
}

/// A return as `actor` sees it at `now`.
pub(crate) fn return_seen_by(actor: &User, now: DateTime<Utc>, mut r: Return) -> Return {
    history_seen_by(actor, &mut r.history);
    claim_seen_at(&mut r.refund_claim, now);
    r
}
