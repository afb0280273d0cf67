//! What a reader sees of an order or a return: who changed what is the back office's to
//! know, and a refund claim is read as of the moment of reading.

use chrono::{DateTime, Utc};
use domain::order::{Order, StatusChange};
use domain::permissions::works_in_back_office;
use domain::refund::RefundClaim;
use domain::returns::Return;
use domain::user::User;

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
