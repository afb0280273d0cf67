//! The ports of notifications: the outbox messages wait in, and the
//! channels that carry them.

use super::{Page, RepoError};
use crate::ids::NotificationId;
use crate::notification::{Announcement, Channel, DeliveryStatus, Letter, Notification};
use crate::user::Email;
use async_trait::async_trait;
use chrono::{DateTime, Utc};

/// The back office's list of messages, newest first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotificationQuery {
    pub status: Option<DeliveryStatus>,
    pub channel: Option<Channel>,
    /// Text of the recipient or the subject, without case.
    pub search: Option<String>,
    pub page: Page,
}

/// How one attempt at sending a message went, to record.
#[derive(Debug, Clone, PartialEq)]
pub struct SendOutcome {
    pub id: NotificationId,
    /// `Sent`, `Retrying` (with `next_attempt_at`), `Failed` or `Skipped`.
    pub status: DeliveryStatus,
    /// The recipient it was sent to (the shop's alert address is known only then).
    pub recipient: Option<String>,
    pub subject: Option<String>,
    pub error: Option<String>,
    pub at: DateTime<Utc>,
    pub next_attempt_at: Option<DateTime<Utc>>,
    /// Forgets the payload (a reset code, once sent or given up on).
    pub forget_payload: bool,
}

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait Outbox: Send + Sync {
    /// Queues messages on their own, for a change that wrote nothing else (a payment left
    /// unconfirmed). Changes that write queue theirs in their own transaction.
    async fn enqueue(&self, messages: &[Announcement], now: DateTime<Utc>)
        -> Result<(), RepoError>;
    /// Marks the due messages of these (unconfigured) channels skipped; how many.
    async fn skip(&self, channels: &[Channel], now: DateTime<Utc>) -> Result<u64, RepoError>;
    /// Claims up to `limit` due messages, oldest due first, until `lease_until`: no other
    /// worker of any process gets them before then (after it, a message whose sender died
    /// is due again). Counts an attempt on each.
    async fn claim_due(
        &self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<Notification>, RepoError>;
    /// Records how the attempts went, in one transaction.
    async fn record(&self, outcomes: &[SendOutcome]) -> Result<(), RepoError>;
    async fn by_id(&self, id: &NotificationId) -> Result<Option<Notification>, RepoError>;
    /// One page of the matching messages, newest first, and how many match.
    async fn list(&self, query: &NotificationQuery) -> Result<(Vec<Notification>, u64), RepoError>;
    /// Forgets up to `limit` finished messages queued before `before`, oldest first; how
    /// many.
    async fn forget_finished(&self, before: DateTime<Utc>, limit: u32) -> Result<u64, RepoError>;
    /// Queues a message again: due now, no attempts, given up on a day from now.
    /// `NotFound` without it.
    async fn resend(&self, id: &NotificationId, now: DateTime<Utc>) -> Result<(), RepoError>;
    /// How many messages the outbox holds in each status (every status, zero included).
    async fn count_by_status(&self) -> Result<Vec<(DeliveryStatus, u64)>, RepoError>;
}

/// An e-mail ready to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutgoingEmail {
    pub to: Email,
    pub letter: Letter,
}

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait Mailer: Send + Sync {
    /// The error is the server's answer or why it could not be reached, for the back office
    /// (never holding the message's text).
    async fn send(&self, email: &OutgoingEmail) -> Result<(), String>;
}

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait SmsGateway: Send + Sync {
    /// Sends `text` to the phone number `to` (`252…`); the error is the provider's answer.
    async fn send(&self, to: &str, text: &str) -> Result<(), String>;
}
