//! The outbox (migration `2026-11-25-100000_notifications`): messages
//! queued in the transaction of the change they announce (`announce…`), and the `Outbox`
//! port through which each process's worker claims the due ones and records how sending
//! went. On PostgreSQL, claims skip rows another process has locked, so each message goes
//! to one worker; on SQLite the single writer serialises claims.

use crate::connection::{write_transaction, DbConnection, MultiBackend};
use crate::listing::{contains_pattern, total_of};
use crate::models::{from_db_time, to_db_time};
use crate::rows::insert_rows;
use crate::schema::notifications;
use crate::{corrupt, storage, Database};
use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use domain::notification::{
    Announcement, Channel, DeliveryStatus, Notification, Queuing, Topic, GIVE_UP_AFTER,
};
use domain::ports::{NotificationQuery, Outbox, RepoError, SendOutcome};
use domain::NotificationId;

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = notifications, treat_none_as_default_value = false)]
struct NotificationRow {
    id: String,
    topic: String,
    channel: String,
    recipient: Option<String>,
    reference: String,
    payload: Option<String>,
    subject: Option<String>,
    status: String,
    attempts: i32,
    last_error: Option<String>,
    created_at: NaiveDateTime,
    next_attempt_at: Option<NaiveDateTime>,
    sent_at: Option<NaiveDateTime>,
    give_up_at: NaiveDateTime,
    search_text: String,
}

/// The recipient and subject in lower case, as the back office's search reads them.
fn search_text(recipient: Option<&str>, subject: Option<&str>) -> String {
    [recipient, subject]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join("\n")
        .to_lowercase()
}

impl NotificationRow {
    fn queued(message: &Announcement, queuing: Queuing, now: NaiveDateTime) -> Self {
        Self {
            id: uuid::Uuid::now_v7().to_string(),
            topic: message.topic.as_str().to_owned(),
            channel: message.channel.as_str().to_owned(),
            recipient: message.recipient.clone(),
            reference: message.reference.clone(),
            payload: queuing.payload,
            subject: None,
            status: queuing.status.as_str().to_owned(),
            attempts: 0,
            last_error: None,
            created_at: now,
            next_attempt_at: queuing.sends.then_some(now),
            sent_at: None,
            give_up_at: now + GIVE_UP_AFTER,
            search_text: search_text(message.recipient.as_deref(), None),
        }
    }

    fn from_domain(n: &Notification) -> Self {
        Self {
            id: n.id.to_string(),
            topic: n.topic.as_str().to_owned(),
            channel: n.channel.as_str().to_owned(),
            recipient: n.recipient.clone(),
            reference: n.reference.clone(),
            payload: n.payload.clone(),
            subject: n.subject.clone(),
            status: n.status.as_str().to_owned(),
            attempts: i32::try_from(n.attempts).unwrap_or(i32::MAX),
            last_error: n.last_error.clone(),
            created_at: to_db_time(n.created_at),
            next_attempt_at: n.next_attempt_at.map(to_db_time),
            sent_at: n.sent_at.map(to_db_time),
            give_up_at: to_db_time(n.give_up_at),
            search_text: search_text(n.recipient.as_deref(), n.subject.as_deref()),
        }
    }

    fn into_domain(self) -> Result<Notification, RepoError> {
        Ok(Notification {
            id: NotificationId::parse(&self.id)
                .ok_or_else(|| corrupt("notification id", &self.id))?,
            topic: Topic::parse(&self.topic).ok_or_else(|| corrupt("topic", &self.topic))?,
            channel: Channel::parse(&self.channel)
                .ok_or_else(|| corrupt("channel", &self.channel))?,
            recipient: self.recipient,
            reference: self.reference,
            payload: self.payload,
            subject: self.subject,
            status: DeliveryStatus::parse(&self.status)
                .ok_or_else(|| corrupt("delivery status", &self.status))?,
            attempts: u32::try_from(self.attempts)
                .map_err(|_| corrupt("attempts", self.attempts))?,
            last_error: self.last_error,
            created_at: from_db_time(self.created_at),
            next_attempt_at: self.next_attempt_at.map(from_db_time),
            sent_at: self.sent_at.map(from_db_time),
            give_up_at: from_db_time(self.give_up_at),
        })
    }
}

/// The channels this process has no provider for (their messages are queued as
/// `Announcement::queuing` says of them: skipped, never sent, nor updated by a worker later).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Unconfigured(u8);

impl Unconfigured {
    fn bit(channel: Channel) -> u8 {
        match channel {
            Channel::Email => 1,
            Channel::Sms => 2,
        }
    }

    pub(crate) fn of(channels: &[Channel]) -> Self {
        Self(channels.iter().fold(0, |bits, c| bits | Self::bit(*c)))
    }

    pub(crate) fn from_bits(bits: u8) -> Self {
        Self(bits)
    }

    pub(crate) fn bits(self) -> u8 {
        self.0
    }

    fn has(self, channel: Channel) -> bool {
        self.0 & Self::bit(channel) != 0
    }
}

/// Queues `messages` in the caller's transaction, each as `Announcement::queuing` says for
/// whether its channel has a provider.
pub(crate) fn announce(
    conn: &mut DbConnection,
    messages: &[Announcement],
    now: NaiveDateTime,
    unconfigured: Unconfigured,
) -> QueryResult<()> {
    let rows: Vec<NotificationRow> = messages
        .iter()
        .map(|message| {
            let queuing = message.queuing(!unconfigured.has(message.channel));
            NotificationRow::queued(message, queuing, now)
        })
        .collect();
    insert_rows!(conn, notifications::table, rows)
}

/// The topics whose payload is a secret, as stored.
fn secret_topics() -> Vec<&'static str> {
    Topic::ALL
        .into_iter()
        .filter(|topic| topic.carries_secret())
        .map(Topic::as_str)
        .collect()
}

/// Stores messages as they are (`shop seed`'s), in the caller's transaction.
pub(crate) fn insert_all(conn: &mut DbConnection, all: &[Notification]) -> QueryResult<()> {
    let rows: Vec<NotificationRow> = all.iter().map(NotificationRow::from_domain).collect();
    insert_rows!(conn, notifications::table, rows)
}

/// The due messages (`next_attempt_at` passed), oldest due first; on PostgreSQL locked, and
/// those another process holds skipped.
fn due_ids(conn: &mut DbConnection, now: NaiveDateTime, limit: i64) -> QueryResult<Vec<String>> {
    let due = notifications::table
        .filter(notifications::next_attempt_at.le(now))
        .order(notifications::next_attempt_at.asc())
        .limit(limit)
        .select(notifications::id);
    match conn {
        DbConnection::Pg(conn) => due.for_update().skip_locked().load(conn),
        DbConnection::Sqlite(conn) => due.load(conn),
    }
}

fn matching(query: &NotificationQuery) -> notifications::BoxedQuery<'static, MultiBackend> {
    let mut selection = notifications::table.into_boxed();
    if let Some(status) = query.status {
        selection = selection.filter(notifications::status.eq(status.as_str()));
    }
    if let Some(channel) = query.channel {
        selection = selection.filter(notifications::channel.eq(channel.as_str()));
    }
    if let Some(text) = &query.search {
        let pattern = contains_pattern(&text.to_lowercase());
        selection = selection.filter(notifications::search_text.like(pattern).escape('\\'));
    }
    selection
}

fn record_one(conn: &mut DbConnection, outcome: &SendOutcome) -> QueryResult<()> {
    let target = notifications::table.find(outcome.id.as_str());
    let (recipient, subject): (Option<String>, Option<String>) = target
        .select((notifications::recipient, notifications::subject))
        .get_result(conn)?;
    let recipient = outcome.recipient.clone().or(recipient);
    let subject = outcome.subject.clone().or(subject);
    let sent_at = (outcome.status == DeliveryStatus::Sent).then(|| to_db_time(outcome.at));
    diesel::update(target)
        .set((
            notifications::status.eq(outcome.status.as_str()),
            notifications::search_text.eq(search_text(recipient.as_deref(), subject.as_deref())),
            notifications::recipient.eq(recipient),
            notifications::subject.eq(subject),
            notifications::last_error.eq(&outcome.error),
            notifications::next_attempt_at.eq(outcome.next_attempt_at.map(to_db_time)),
            notifications::sent_at.eq(sent_at),
        ))
        .execute(conn)?;
    if outcome.forget_payload {
        diesel::update(target)
            .set(notifications::payload.eq(None::<String>))
            .execute(conn)?;
    }
    Ok(())
}

#[async_trait]
impl Outbox for Database {
    async fn enqueue(
        &self,
        messages: &[Announcement],
        now: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let messages = messages.to_vec();
        let unconfigured = self.unconfigured_channels();
        self.write(move |conn| {
            announce(conn, &messages, to_db_time(now), unconfigured).map_err(storage)
        })
        .await
    }

    async fn skip(&self, channels: &[Channel], now: DateTime<Utc>) -> Result<u64, RepoError> {
        if channels.is_empty() {
            return Ok(0);
        }
        let channels: Vec<&'static str> = channels.iter().map(|c| c.as_str()).collect();
        self.write(move |conn| {
            write_transaction(conn, |conn| {
                let due = || {
                    notifications::table
                        .filter(notifications::next_attempt_at.le(to_db_time(now)))
                        .filter(notifications::channel.eq_any(&channels))
                };
                let skipped = (
                    notifications::status.eq(DeliveryStatus::Skipped.as_str()),
                    notifications::next_attempt_at.eq(None::<NaiveDateTime>),
                );
                // A secret (a reset code, a payment link) is not kept for a message that will never carry it.
                let codes =
                    diesel::update(due().filter(notifications::topic.eq_any(secret_topics())))
                        .set((skipped, notifications::payload.eq(None::<String>)))
                        .execute(conn)?;
                let others = diesel::update(due()).set(skipped).execute(conn)?;
                Ok::<_, diesel::result::Error>((codes + others) as u64)
            })
            .map_err(storage)
        })
        .await
    }

    async fn claim_due(
        &self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<Notification>, RepoError> {
        self.write(move |conn| {
            let rows = write_transaction(conn, |conn| {
                let ids = due_ids(conn, to_db_time(now), i64::from(limit))?;
                if ids.is_empty() {
                    return Ok(Vec::new());
                }
                diesel::update(notifications::table.filter(notifications::id.eq_any(&ids)))
                    .set((
                        notifications::next_attempt_at.eq(Some(to_db_time(lease_until))),
                        notifications::attempts.eq(notifications::attempts + 1),
                    ))
                    .execute(conn)?;
                notifications::table
                    .filter(notifications::id.eq_any(&ids))
                    .order(notifications::created_at.asc())
                    .select(NotificationRow::as_select())
                    .load(conn)
            })
            .map_err(storage)?;
            rows.into_iter().map(NotificationRow::into_domain).collect()
        })
        .await
    }

    async fn record(&self, outcomes: &[SendOutcome]) -> Result<(), RepoError> {
        let outcomes = outcomes.to_vec();
        self.write(move |conn| {
            write_transaction(conn, |conn| {
                for outcome in &outcomes {
                    record_one(conn, outcome)?;
                }
                Ok::<_, diesel::result::Error>(())
            })
            .map_err(storage)
        })
        .await
    }

    async fn by_id(&self, id: &NotificationId) -> Result<Option<Notification>, RepoError> {
        let id = id.as_str().to_owned();
        self.run(move |conn| {
            notifications::table
                .find(id)
                .select(NotificationRow::as_select())
                .get_result(conn)
                .optional()
                .map_err(storage)?
                .map(NotificationRow::into_domain)
                .transpose()
        })
        .await
    }

    async fn list(&self, query: &NotificationQuery) -> Result<(Vec<Notification>, u64), RepoError> {
        let query = query.clone();
        self.run(move |conn| {
            let rows = matching(&query)
                .order((notifications::created_at.desc(), notifications::id.desc()))
                .limit(i64::from(query.page.size))
                .offset(query.page.offset())
                .select(NotificationRow::as_select())
                .load(conn)
                .map_err(storage)?;
            let total = total_of(Some(query.page), rows.len(), || {
                matching(&query).count().get_result(conn)
            })?;
            let notifications = rows
                .into_iter()
                .map(NotificationRow::into_domain)
                .collect::<Result<_, _>>()?;
            Ok((notifications, total))
        })
        .await
    }

    async fn forget_finished(&self, before: DateTime<Utc>, limit: u32) -> Result<u64, RepoError> {
        self.write(move |conn| {
            let oldest = notifications::table
                .filter(notifications::created_at.lt(to_db_time(before)))
                .filter(notifications::next_attempt_at.is_null())
                .order(notifications::created_at.asc())
                .limit(i64::from(limit))
                .select(notifications::id);
            let ids: Vec<String> = oldest.load(conn).map_err(storage)?;
            let gone = diesel::delete(notifications::table.filter(notifications::id.eq_any(&ids)))
                .execute(conn)
                .map_err(storage)?;
            Ok(gone as u64)
        })
        .await
    }

    async fn count_by_status(&self) -> Result<Vec<(DeliveryStatus, u64)>, RepoError> {
        self.run(|conn| {
            let counted: Vec<(String, i64)> = notifications::table
                .group_by(notifications::status)
                .select((notifications::status, diesel::dsl::count_star()))
                .load(conn)
                .map_err(storage)?;
            Ok(DeliveryStatus::ALL
                .into_iter()
                .map(|status| {
                    let count = counted
                        .iter()
                        .find(|(stored, _)| stored == status.as_str())
                        .map_or(0, |(_, count)| *count as u64);
                    (status, count)
                })
                .collect())
        })
        .await
    }

    async fn resend(&self, id: &NotificationId, now: DateTime<Utc>) -> Result<(), RepoError> {
        let id = id.as_str().to_owned();
        let now = to_db_time(now);
        self.write(move |conn| {
            let changed = diesel::update(notifications::table.find(id))
                .set((
                    notifications::status.eq(DeliveryStatus::Pending.as_str()),
                    notifications::attempts.eq(0),
                    notifications::last_error.eq(None::<String>),
                    notifications::next_attempt_at.eq(Some(now)),
                    notifications::give_up_at.eq(now + GIVE_UP_AFTER),
                ))
                .execute(conn)
                .map_err(storage)?;
            if changed == 0 {
                return Err(RepoError::NotFound);
            }
            Ok(())
        })
        .await
    }
}
