//! Refunds sent to the payment provider (issue 38): a refund is claimed first, so that one
//! caller sends it, and its claim stands until the provider's answer lands. When no answer
//! came (a time-out, an unreadable reply, a process that died mid-refund) the money may have
//! gone back or not: the claim stays as "sent, answer not received", a plain retry is
//! refused, and an admin resolves it after checking with the provider: it was refunded
//! (`Confirmed`), or it was not and is sent again (`Resend`).

use crate::message::texts::{
    REFUND_NOTHING_TO_RESOLVE, REFUND_UNCONFIRMED, REFUND_UNDER_WAY, RESOLUTION_INVALID,
};
use crate::message::Message;
use crate::validation::FieldErrors;
use chrono::{DateTime, Utc};

/// A claim older than this was left by a process that died mid-refund: far longer than a
/// refund call may take. It is not claimed again (the refund may have gone out, and a second
/// partial refund would pay twice): it counts as unconfirmed, for an admin to resolve.
pub const REFUND_CLAIM_TIMEOUT: chrono::TimeDelta = chrono::TimeDelta::minutes(10);

/// What the provider answered a refund.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RefundOutcome {
    /// The money went back (or had already: a reversal answered as done before).
    Refunded,
    /// The provider said no (its `responseCode`/errors): nothing moved; `reason` for staff.
    Refused { reason: String },
    /// No answer, or none the shop could read: the money may or may not have gone back.
    Unknown { reason: String },
}

/// A refund claimed on an order (a cancel's reversal) or on a return.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RefundClaim {
    /// When it was claimed: its refund was sent then, or was about to be.
    pub sent_at: DateTime<Utc>,
    /// Since when its answer counts as lost; none while it is awaited.
    pub unconfirmed_at: Option<DateTime<Utc>>,
}

/// Where a claimed refund stands, as the API names it (`refundStatus`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefundStatus {
    /// Sent (or being sent) now; its answer is awaited.
    Sending,
    /// Sent, answer not received: an admin resolves it.
    Unconfirmed,
}

impl RefundStatus {
    pub const ALL: [RefundStatus; 2] = [RefundStatus::Sending, RefundStatus::Unconfirmed];

    pub fn as_str(self) -> &'static str {
        match self {
            RefundStatus::Sending => "sending",
            RefundStatus::Unconfirmed => "unconfirmed",
        }
    }
}

impl RefundClaim {
    /// The claim as stored, seen at `now`. A claim older than `REFUND_CLAIM_TIMEOUT` was left
    /// by a process that died mid-refund (far longer than a refund call may take): its answer
    /// is lost since then, so it is never sent again without an admin's word.
    pub fn as_of(self, now: DateTime<Utc>) -> Self {
        let abandoned_at = self.sent_at + REFUND_CLAIM_TIMEOUT;
        Self {
            unconfirmed_at: self
                .unconfirmed_at
                .or((now >= abandoned_at).then_some(abandoned_at)),
            ..self
        }
    }

    pub fn status(&self) -> RefundStatus {
        if self.unconfirmed_at.is_some() {
            RefundStatus::Unconfirmed
        } else {
            RefundStatus::Sending
        }
    }

    /// Why no other change (a retry included) applies while the claim stands.
    pub fn refusal(&self) -> RefundRefusal {
        match self.status() {
            RefundStatus::Sending => RefundRefusal::UnderWay,
            RefundStatus::Unconfirmed => RefundRefusal::Unconfirmed,
        }
    }
}

/// Why a refund cannot be sent or resolved now (409).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.message())]
pub enum RefundRefusal {
    UnderWay,
    Unconfirmed,
    NothingToResolve,
}

impl RefundRefusal {
    pub fn message(&self) -> Message {
        match self {
            RefundRefusal::UnderWay => REFUND_UNDER_WAY,
            RefundRefusal::Unconfirmed => REFUND_UNCONFIRMED,
            RefundRefusal::NothingToResolve => REFUND_NOTHING_TO_RESOLVE,
        }
        .into()
    }
}

/// An admin's word on a refund whose answer was not received.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefundResolution {
    /// The provider shows the money went back: record it as refunded, sending nothing.
    Confirmed,
    /// The provider shows it did not: send the refund again.
    Resend,
}

impl RefundResolution {
    pub fn parse(raw: &str) -> Result<Self, FieldErrors> {
        match raw.trim() {
            "confirmed" => Ok(RefundResolution::Confirmed),
            "resend" => Ok(RefundResolution::Resend),
            _ => Err(FieldErrors::single("resolution", RESOLUTION_INVALID)),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            RefundResolution::Confirmed => "confirmed",
            RefundResolution::Resend => "resend",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(raw: &str) -> DateTime<Utc> {
        raw.parse().unwrap()
    }

    #[test]
    fn a_claim_is_sending_until_its_answer_is_lost_or_it_is_ten_minutes_old() {
        let sent = at("2026-11-26T10:00:00Z");
        let stored = |unconfirmed_at| RefundClaim {
            sent_at: sent,
            unconfirmed_at,
        };
        let fresh = stored(None).as_of(at("2026-11-26T10:09:59Z"));
        assert_eq!(fresh.status(), RefundStatus::Sending);
        assert_eq!(fresh.refusal(), RefundRefusal::UnderWay);
        let lost = at("2026-11-26T10:01:00Z");
        let unanswered = stored(Some(lost)).as_of(at("2026-11-26T10:01:01Z"));
        assert_eq!(unanswered.unconfirmed_at, Some(lost));
        assert_eq!(unanswered.refusal(), RefundRefusal::Unconfirmed);
        // A process died mid-refund: never sent again without an admin.
        let abandoned = stored(None).as_of(at("2026-11-26T10:10:00Z"));
        assert_eq!(abandoned.unconfirmed_at, Some(at("2026-11-26T10:10:00Z")));
        assert_eq!(abandoned.status().as_str(), "unconfirmed");
    }

    #[test]
    fn resolutions_are_confirmed_or_resend() {
        assert_eq!(
            RefundResolution::parse(" confirmed"),
            Ok(RefundResolution::Confirmed)
        );
        assert_eq!(
            RefundResolution::parse("resend"),
            Ok(RefundResolution::Resend)
        );
        let error = RefundResolution::parse("retry").unwrap_err();
        assert_eq!(
            error.get("resolution"),
            Some("Resolution must be confirmed or resend")
        );
    }
}
