//! Notifications: the worker's round of sending what the outbox holds,
//! and the back office's list with its resend. Messages are queued by the changes they
//! announce (in the storage adapter's transactions, by `domain::notification`'s rules);
//! their words are written here when they are sent (`templates`).

pub mod templates;
#[cfg(test)]
mod tests;
mod words;

use crate::languages::Languages;
use crate::settings::CurrentSettings;
use crate::{monitoring, SearchedListError};
use domain::language::Language;
use domain::notification::{
    next_attempt, Channel, DeliveryStatus, Letter, LowStock, Notification, Topic, KEPT_FOR,
};
use domain::order::Order;
use domain::payment_attempt::PaymentAlert;
use domain::payment_hold::PaymentHold;
use domain::payment_link::PaymentLink;
use domain::permissions::{require, Permission, PermissionError};
use domain::ports::{Clock, OrderRepository, Outbox, RepoError, ReturnRepository, UserRepository};
use domain::ports::{Mailer, NotificationQuery, OutgoingEmail, Page, SendOutcome, SmsGateway};
use domain::restock::BackInStock;
use domain::returns::ReturnStatus;
use domain::user::{Email, User};
use domain::validation::plain_text;
use domain::{NotificationId, OrderId, ReturnId, UserId};
use std::fmt;
use std::sync::Arc;
use templates::Sender;

/// How many messages one round claims.
const ROUND_SIZE: u32 = 32;
/// How many messages older than `KEPT_FOR` one round forgets: a round a second keeps up
/// with far more than a shop sends.
const FORGOTTEN_PER_ROUND: u32 = 500;
/// How long a claimed message is its worker's to send: far longer than a send may take (the
/// adapters time out within 30 s); after it, a message whose worker died is due again.
const LEASE: chrono::Duration = chrono::Duration::minutes(2);

/// What resending a message can fail with.
#[derive(Debug, thiserror::Error)]
pub enum ResendError {
    #[error(transparent)]
    Refused(#[from] PermissionError),
    #[error("no such message")]
    NotFound,
    /// It waits to be sent already.
    #[error("the message is already queued")]
    AlreadyQueued,
    /// A secret (a password reset code, a payment link) is not kept once sent, so it cannot
    /// be sent again.
    #[error("the message's code is gone")]
    CodeGone,
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// The channels messages go out through, and where the shop's alerts go. A channel left
/// `None` is not configured: its messages are recorded as skipped.
#[derive(Clone, Default)]
pub struct Channels {
    pub mailer: Option<Arc<dyn Mailer>>,
    pub sms: Option<Arc<dyn SmsGateway>>,
    /// `SHOP_ORDER_ALERT_EMAIL`; the settings' support e-mail when `None`.
    pub order_alert_email: Option<String>,
    /// `SHOP_PUBLIC_URL`, for links in messages.
    pub public_url: Option<String>,
}

impl Channels {
    /// The channels without a provider: their messages are recorded as skipped.
    pub fn unconfigured(&self) -> Vec<Channel> {
        let mut channels = Vec::new();
        if self.mailer.is_none() {
            channels.push(Channel::Email);
        }
        if self.sms.is_none() {
            channels.push(Channel::Sms);
        }
        channels
    }
}

/// Why a message cannot be written: what it is about is gone (a deleted account, or storage
/// that no longer holds it). Such a message fails at once; retrying would not help.
struct Unwritable(String);

/// Where a message goes on its channel.
enum Address {
    Email(Email),
    Phone(String),
}

impl Address {
    /// An e-mail goes to one bare address or nowhere: one queued before sign-up read
    /// addresses as the mailer does (`x<victim@example.com>`) fails at once, never retried.
    fn of(channel: Channel, recipient: String) -> Result<Self, Unwritable> {
        match channel {
            Channel::Email => Email::parse(&recipient).map(Address::Email).map_err(|why| {
                Unwritable(format!("the recipient is not an e-mail address: {why}"))
            }),
            Channel::Sms => Ok(Address::Phone(recipient)),
        }
    }
}

impl fmt::Display for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Address::Email(email) => email.fmt(f),
            Address::Phone(phone) => f.write_str(phone),
        }
    }
}

/// The messages to shoppers and to the shop: sent by a worker, listed and resent by admins.
pub struct Notifications {
    outbox: Arc<dyn Outbox>,
    users: Arc<dyn UserRepository>,
    orders: Arc<dyn OrderRepository>,
    returns: Arc<dyn ReturnRepository>,
    clock: Arc<dyn Clock>,
    settings: CurrentSettings,
    languages: Languages,
    channels: Channels,
    payment_hold: PaymentHold,
}

impl Notifications {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        outbox: Arc<dyn Outbox>,
        users: Arc<dyn UserRepository>,
        orders: Arc<dyn OrderRepository>,
        returns: Arc<dyn ReturnRepository>,
        clock: Arc<dyn Clock>,
        settings: CurrentSettings,
        languages: Languages,
        channels: Channels,
        payment_hold: PaymentHold,
    ) -> Self {
        Self {
            outbox,
            users,
            orders,
            returns,
            clock,
            settings,
            languages,
            channels,
            payment_hold,
        }
    }

    /// One round of the worker: skips the messages of unconfigured channels, then claims the
    /// due ones, writes and sends each, records how it went, and forgets some finished ones
    /// older than `KEPT_FOR`. Answers how many it tried.
    pub async fn send_due_notifications(&self) -> Result<usize, RepoError> {
        let now = self.clock.now();
        self.outbox.skip(&self.channels.unconfigured(), now).await?;
        let claimed = self.outbox.claim_due(now, now + LEASE, ROUND_SIZE).await?;
        let mut outcomes = Vec::with_capacity(claimed.len());
        for message in &claimed {
            outcomes.push(self.send_one(message).await);
        }
        self.outbox.record(&outcomes).await?;
        for (message, outcome) in claimed.iter().zip(&outcomes) {
            monitoring::notification_attempted(message.channel, outcome.status);
        }
        self.outbox
            .forget_finished(now - KEPT_FOR, FORGOTTEN_PER_ROUND)
            .await?;
        Ok(claimed.len())
    }

    async fn send_one(&self, message: &Notification) -> SendOutcome {
        let recipient = match (&message.recipient, message.topic.is_for_the_shop()) {
            (Some(recipient), _) => Ok(recipient.clone()),
            (None, true) => self.shop_alert_address().await,
            (None, false) => Err(Unwritable("the message has no recipient".into())),
        };
        let written = match recipient.and_then(|r| Address::of(message.channel, r)) {
            Ok(recipient) => self.write(message).await.map(|letter| (recipient, letter)),
            Err(error) => Err(error),
        };
        let now = self.clock.now();
        let forget_payload = message.topic.carries_secret();
        let (recipient, letter) = match written {
            Ok(written) => written,
            Err(Unwritable(error)) => {
                return SendOutcome {
                    id: message.id.clone(),
                    status: DeliveryStatus::Failed,
                    recipient: None,
                    subject: None,
                    error: Some(error),
                    at: now,
                    next_attempt_at: None,
                    forget_payload,
                }
            }
        };
        let sent = match &recipient {
            Address::Email(to) => match &self.channels.mailer {
                Some(mailer) => {
                    let email = OutgoingEmail {
                        to: to.clone(),
                        letter: letter.clone(),
                    };
                    Some(mailer.send(&email).await)
                }
                None => None,
            },
            Address::Phone(to) => match &self.channels.sms {
                Some(sms) => Some(sms.send(to, &letter.sms).await),
                None => None,
            },
        };
        let (status, error, next_attempt_at) = match sent {
            None => (DeliveryStatus::Skipped, None, None),
            Some(Ok(())) => (DeliveryStatus::Sent, None, None),
            Some(Err(error)) => {
                tracing::warn!(message = %message.id, topic = message.topic.as_str(), channel = message.channel.as_str(), attempts = message.attempts, %error, "a message could not be sent");
                match next_attempt(message.attempts, now, message.give_up_at) {
                    Some(at) => (DeliveryStatus::Retrying, Some(error), Some(at)),
                    None => (DeliveryStatus::Failed, Some(error), None),
                }
            }
        };
        SendOutcome {
            id: message.id.clone(),
            status,
            recipient: Some(recipient.to_string()),
            subject: Some(letter.subject),
            error,
            at: now,
            next_attempt_at,
            forget_payload: forget_payload && status != DeliveryStatus::Retrying,
        }
    }

    async fn shop_alert_address(&self) -> Result<String, Unwritable> {
        if let Some(address) = &self.channels.order_alert_email {
            return Ok(address.clone());
        }
        let settings = self
            .settings
            .get()
            .await
            .map_err(|e| Unwritable(format!("the settings could not be read: {e}")))?;
        Ok(settings.support_email.to_string())
    }

    /// The shopper `id` a message is for, and `from` speaking their language; `None` when
    /// their account is gone.
    async fn addressee<'a>(&self, id: &UserId, from: Sender<'a>) -> Option<(User, Sender<'a>)> {
        let user = self.users.by_id(id).await.ok().flatten()?;
        let from = Sender {
            language: self.languages.of(&user.id).await,
            ..from
        };
        Some((user, from))
    }

    /// Order `id` as stored now; `None` when it is gone (or cannot be read).
    async fn order(&self, id: &OrderId) -> Option<Order> {
        self.orders.by_id(id).await.ok().flatten()
    }

    /// The words of `message`, from what it is about as stored now.
    async fn write(&self, message: &Notification) -> Result<Letter, Unwritable> {
        let settings = self
            .settings
            .get()
            .await
            .map_err(|e| Unwritable(format!("the settings could not be read: {e}")))?;
        let from = Sender {
            settings: &settings,
            public_url: self.channels.public_url.as_deref(),
            hold_minutes: self.payment_hold.minutes(),
            // The shop's own alerts; a shopper's messages take the shopper's language below.
            language: Language::English,
        };
        let gone = || Unwritable(format!("its {} is gone", message.reference));
        let payload = message.payload.as_deref();
        match message.topic {
            Topic::PasswordReset => {
                let code = payload.ok_or_else(|| Unwritable("the code is gone".into()))?;
                let user = UserId::parse(&message.reference).ok_or_else(gone)?;
                let (user, from) = self.addressee(&user, from).await.ok_or_else(gone)?;
                Ok(templates::password_reset(code, &user.name, &from))
            }
            Topic::PaymentLink => {
                let path = payload.ok_or_else(|| Unwritable("the link is gone".into()))?;
                let id = OrderId::parse(&message.reference).ok_or_else(gone)?;
                let order = self.order(&id).await.ok_or_else(gone)?;
                let from = Sender {
                    language: self.languages.of(&order.user_id).await,
                    ..from
                };
                let until = self.payment_hold.last_payment_start(order.created_at);
                let minutes = PaymentLink::minutes_until(until, self.clock.now());
                Ok(templates::payment_link(&order, path, minutes, &from))
            }
            Topic::BackInStock => {
                let back = payload
                    .and_then(BackInStock::from_payload)
                    .ok_or_else(gone)?;
                let (user, from) = self.addressee(&back.user_id, from).await.ok_or_else(gone)?;
                Ok(templates::back_in_stock(&back, &user.name, &from))
            }
            Topic::LowStock => {
                let low = payload
                    .and_then(|payload| LowStock::from_payload(&message.reference, payload))
                    .ok_or_else(gone)?;
                Ok(templates::low_stock(&low, &from))
            }
            Topic::PaymentAlert => {
                let alert = payload
                    .and_then(PaymentAlert::from_payload)
                    .ok_or_else(gone)?;
                let id = OrderId::parse(&message.reference).ok_or_else(gone)?;
                let order = self.order(&id).await.ok_or_else(gone)?;
                Ok(templates::payment_alert(&order, &alert, &from))
            }
            Topic::ReturnUpdated => {
                let id = ReturnId::parse(&message.reference).ok_or_else(gone)?;
                let status = payload.and_then(ReturnStatus::parse).ok_or_else(gone)?;
                let item = self
                    .returns
                    .by_id(&id)
                    .await
                    .ok()
                    .flatten()
                    .ok_or_else(gone)?;
                let order = self.order(&item.order_id).await.ok_or_else(gone)?;
                let from = Sender {
                    language: self.languages.of(&item.user_id).await,
                    ..from
                };
                Ok(templates::about_return(
                    status,
                    &item,
                    order.payment_method,
                    &from,
                ))
            }
            topic => {
                let id = OrderId::parse(&message.reference).ok_or_else(gone)?;
                let order = self.order(&id).await.ok_or_else(gone)?;
                Ok(match topic {
                    Topic::NewOrder => templates::new_order(&order, &from),
                    _ => {
                        let from = Sender {
                            language: self.languages.of(&order.user_id).await,
                            ..from
                        };
                        templates::about_order(topic, &order, &from)
                    }
                })
            }
        }
    }

    /// How many messages the outbox holds in each status (what monitoring shows).
    pub async fn notification_counts(&self) -> Result<Vec<(DeliveryStatus, u64)>, RepoError> {
        self.outbox.count_by_status().await
    }

    /// The back office's messages, newest first, filtered and searched.
    pub async fn notifications(
        &self,
        actor: &User,
        status: Option<DeliveryStatus>,
        channel: Option<Channel>,
        search: Option<&str>,
        page: Page,
    ) -> Result<(Vec<Notification>, u64), SearchedListError> {
        require(actor, Permission::NotificationsManage)?;
        let search = search.map(str::trim).filter(|q| !q.is_empty());
        if let Some(q) = search {
            plain_text("q", q)?;
        }
        let query = NotificationQuery {
            status,
            channel,
            search: search.map(str::to_owned),
            page,
        };
        Ok(self.outbox.list(&query).await?)
    }

    /// An admin queues message `id` again (a failed one, or one sent to a fixed address).
    pub async fn resend_notification(
        &self,
        actor: &User,
        id: &NotificationId,
    ) -> Result<Notification, ResendError> {
        require(actor, Permission::NotificationsManage)?;
        let message = self.outbox.by_id(id).await?.ok_or(ResendError::NotFound)?;
        if message.status == DeliveryStatus::Pending {
            return Err(ResendError::AlreadyQueued);
        }
        if message.topic.carries_secret() && message.payload.is_none() {
            return Err(ResendError::CodeGone);
        }
        self.outbox.resend(id, self.clock.now()).await?;
        self.outbox.by_id(id).await?.ok_or(ResendError::NotFound)
    }
}
