//! Messages the shop sends: which changes announce what to whom, and
//! how a message that could not be sent is tried again. A message is queued in the
//! transaction of the change it announces and sent afterwards, so none is lost when a
//! provider is down or the process dies; what it says is written when it is sent
//! (`application::notifications::templates`), from the order or return it names.

use crate::ids::NotificationId;
use crate::stock::RUNNING_LOW_AT;
use chrono::{DateTime, Duration, Utc};

/// What a message is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Topic {
    OrderConfirmed,
    PaymentUnconfirmed,
    OrderShipped,
    OrderDelivered,
    OrderCanceled,
    /// A rider could not deliver the order; it goes out again.
    DeliveryFailed,
    ReturnUpdated,
    PasswordReset,
    /// To the shop: a new paid order.
    NewOrder,
    /// To the shop: a size has `RUNNING_LOW_AT` or fewer units left.
    LowStock,
    /// A size a shopper asked about is back in stock (`restock`).
    BackInStock,
    /// A phone order's payment link, to its customer (`payment_link`).
    PaymentLink,
    /// To the shop: money no order took (`payment_attempt::PaymentAlert`), paid back or
    /// waiting for the admin.
    PaymentAlert,
}

impl Topic {
    pub const ALL: [Topic; 13] = [
        Topic::OrderConfirmed,
        Topic::PaymentUnconfirmed,
        Topic::OrderShipped,
        Topic::OrderDelivered,
        Topic::OrderCanceled,
        Topic::DeliveryFailed,
        Topic::ReturnUpdated,
        Topic::PasswordReset,
        Topic::NewOrder,
        Topic::LowStock,
        Topic::BackInStock,
        Topic::PaymentLink,
        Topic::PaymentAlert,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Topic::OrderConfirmed => "orderConfirmed",
            Topic::PaymentUnconfirmed => "paymentUnconfirmed",
            Topic::OrderShipped => "orderShipped",
            Topic::OrderDelivered => "orderDelivered",
            Topic::OrderCanceled => "orderCanceled",
            Topic::DeliveryFailed => "deliveryFailed",
            Topic::ReturnUpdated => "returnUpdated",
            Topic::PasswordReset => "passwordReset",
            Topic::NewOrder => "newOrder",
            Topic::LowStock => "lowStock",
            Topic::BackInStock => "backInStock",
            Topic::PaymentLink => "paymentLink",
            Topic::PaymentAlert => "paymentAlert",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.as_str() == raw)
    }

    /// Whether its payload is a secret (a reset code, a payment link): forgotten once the
    /// message is sent or will never be, and never shown in the back office.
    pub fn carries_secret(self) -> bool {
        matches!(self, Topic::PasswordReset | Topic::PaymentLink)
    }

    /// Whether the shop (its alert address) rather than a shopper receives it.
    pub fn is_for_the_shop(self) -> bool {
        matches!(
            self,
            Topic::NewOrder | Topic::LowStock | Topic::PaymentAlert
        )
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Channel {
    Email,
    Sms,
}

impl Channel {
    pub const ALL: [Channel; 2] = [Channel::Email, Channel::Sms];

    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Email => "email",
            Channel::Sms => "sms",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.as_str() == raw)
    }
}

/// Where a message stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DeliveryStatus {
    /// Queued, never tried.
    Pending,
    Sent,
    /// Tried and refused or unreachable; tried again at `next_attempt_at`.
    Retrying,
    /// Given up on after `GIVE_UP_AFTER` (an admin may send it again).
    Failed,
    /// Its channel is not configured (no SMTP server, no SMS provider).
    Skipped,
}

impl DeliveryStatus {
    pub const ALL: [DeliveryStatus; 5] = [
        DeliveryStatus::Pending,
        DeliveryStatus::Sent,
        DeliveryStatus::Retrying,
        DeliveryStatus::Failed,
        DeliveryStatus::Skipped,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            DeliveryStatus::Pending => "pending",
            DeliveryStatus::Sent => "sent",
            DeliveryStatus::Retrying => "retrying",
            DeliveryStatus::Failed => "failed",
            DeliveryStatus::Skipped => "skipped",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == raw)
    }
}

/// A message to queue, in the transaction of the change it announces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Announcement {
    pub topic: Topic,
    pub channel: Channel,
    /// The e-mail address or phone number; `None` for the shop, whose alert address is the
    /// one configured when the message is sent.
    pub recipient: Option<String>,
    /// What it is about: an order, a return, a product, a user.
    pub reference: String,
    /// What the message needs beyond its reference, as it was at the change (a return's new
    /// status, a size's label and units left, a reset code until it is sent).
    pub payload: Option<String>,
}

/// How a message is queued: to be sent now, or kept as skipped and never sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Queuing {
    pub status: DeliveryStatus,
    /// Its first try is due when queued; never for a skipped one.
    pub sends: bool,
    pub payload: Option<String>,
}

impl Announcement {
    /// How it is queued when its channel `has_provider` or not: without one it is kept as
    /// skipped (the back office shows it was never sent), and a secret it would carry (a
    /// reset code, a payment link) is not kept.
    pub fn queuing(&self, has_provider: bool) -> Queuing {
        if has_provider {
            return Queuing {
                status: DeliveryStatus::Pending,
                sends: true,
                payload: self.payload.clone(),
            };
        }
        Queuing {
            status: DeliveryStatus::Skipped,
            sends: false,
            payload: self
                .payload
                .clone()
                .filter(|_| !self.topic.carries_secret()),
        }
    }

    /// An e-mail to the shopper when they have an address, and an SMS when there is a phone
    /// number.
    pub fn to_shopper(
        topic: Topic,
        reference: &str,
        email: &str,
        phone: &str,
        payload: Option<String>,
    ) -> Vec<Announcement> {
        let mut messages = Vec::with_capacity(2);
        // A customer staff added by phone may have no e-mail: the text message alone then.
        if !email.trim().is_empty() {
            messages.push(Announcement {
                topic,
                channel: Channel::Email,
                recipient: Some(email.to_owned()),
                reference: reference.to_owned(),
                payload: payload.clone(),
            });
        }
        if !phone.trim().is_empty() {
            messages.push(Announcement {
                topic,
                channel: Channel::Sms,
                recipient: Some(phone.to_owned()),
                reference: reference.to_owned(),
                payload,
            });
        }
        messages
    }

    /// What `topic` sends about `reference`: to the shop, or to its shopper (`email`,
    /// `phone`).
    pub fn about(
        topic: Topic,
        reference: &str,
        email: &str,
        phone: &str,
        payload: Option<String>,
    ) -> Vec<Announcement> {
        if topic.is_for_the_shop() {
            vec![Announcement::to_shop(topic, reference, payload)]
        } else {
            Announcement::to_shopper(topic, reference, email, phone, payload)
        }
    }

    /// An e-mail to the shop's alert address.
    pub fn to_shop(topic: Topic, reference: &str, payload: Option<String>) -> Announcement {
        Announcement {
            topic,
            channel: Channel::Email,
            recipient: None,
            reference: reference.to_owned(),
            payload,
        }
    }
}

/// A queued message as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct Notification {
    pub id: NotificationId,
    pub topic: Topic,
    pub channel: Channel,
    pub recipient: Option<String>,
    pub reference: String,
    pub payload: Option<String>,
    /// Written when it is first sent.
    pub subject: Option<String>,
    pub status: DeliveryStatus,
    pub attempts: u32,
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub next_attempt_at: Option<DateTime<Utc>>,
    pub sent_at: Option<DateTime<Utc>>,
    /// Retries stop here (`GIVE_UP_AFTER` from queueing, or from an admin's resend).
    pub give_up_at: DateTime<Utc>,
}

/// What a message says, in the parts an e-mail lays out (the mail adapter makes its plain
/// text and HTML from them) and an SMS's short text.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Letter {
    pub subject: String,
    pub greeting: String,
    pub paragraphs: Vec<String>,
    /// Rows of two columns (an order's lines and totals).
    pub table: Vec<(String, String)>,
    /// A call to action: its label and absolute address.
    pub link: Option<(String, String)>,
    /// The shop's name and contacts.
    pub signature: String,
    pub sms: String,
}

/// Messages are tried again for this long, then marked failed.
pub const GIVE_UP_AFTER: Duration = Duration::hours(24);

/// Finished messages (sent, skipped or failed) are kept this long for the back office, then
/// forgotten: the outbox is a working log, not an archive (a year of a busy shop's messages,
/// some 600,000, made its list's counts and searches ten times slower).
pub const KEPT_FOR: Duration = Duration::days(30);

/// The waits between attempts, the last repeating: the first retry within 30 s, then
/// longer, so a provider down for hours is not hammered.
const RETRY_DELAYS_SECS: [i64; 8] = [10, 30, 60, 120, 300, 600, 1800, 3600];

/// When to try again after `attempts` failed attempts, or `None` to give up.
pub fn next_attempt(
    attempts: u32,
    now: DateTime<Utc>,
    give_up_at: DateTime<Utc>,
) -> Option<DateTime<Utc>> {
    let index = (attempts.max(1) as usize - 1).min(RETRY_DELAYS_SECS.len() - 1);
    let at = now + Duration::seconds(RETRY_DELAYS_SECS[index]);
    (at <= give_up_at).then_some(at)
}

/// Whether a sale from `before` to `after` units made a size run low: once, as it crosses.
fn runs_low(before: i64, after: i64) -> bool {
    let mark = i64::from(RUNNING_LOW_AT);
    before > mark && after <= mark
}

/// A size (or a one-size product) as a move that took units of it left it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StockLevel {
    /// The product's id.
    pub product: String,
    /// The item's label as the order line named it ("Linen Dress (M)").
    pub item: String,
    pub before: i64,
    pub left: i64,
}

/// A size that ran low, as the shop's alert names it: the product, the item's label as the
/// order line named it ("Linen Dress (M)"), and the units left after the sale.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LowStock {
    pub product: String,
    pub item: String,
    pub left: i64,
}

impl LowStock {
    pub fn of(product: &str, item: &str, left: i64) -> Self {
        Self {
            product: product.to_owned(),
            item: item.to_owned(),
            left,
        }
    }

    /// The shop's alerts for the levels a move left: one for each size it took to the low
    /// mark, as it crossed it.
    pub fn alerts(levels: &[StockLevel]) -> Vec<Announcement> {
        levels
            .iter()
            .filter(|level| runs_low(level.before, level.left))
            .map(|level| {
                let low = Self::of(&level.product, &level.item, level.left);
                Announcement::to_shop(Topic::LowStock, &low.product, Some(low.payload()))
            })
            .collect()
    }

    /// What the message's payload keeps.
    pub fn payload(&self) -> String {
        serde_json::json!({ "item": self.item, "left": self.left }).to_string()
    }

    /// The alert a message about `product` with `payload` tells of.
    pub fn from_payload(product: &str, payload: &str) -> Option<Self> {
        let value: serde_json::Value = serde_json::from_str(payload).ok()?;
        Some(Self::of(
            product,
            value["item"].as_str()?,
            value["left"].as_i64()?,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(secs: i64) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).unwrap() + Duration::seconds(secs)
    }

    #[test]
    fn the_first_retry_comes_within_30_seconds_and_retries_stop_after_a_day() {
        let give_up = at(0) + GIVE_UP_AFTER;
        assert_eq!(next_attempt(1, at(0), give_up), Some(at(10)));
        assert_eq!(next_attempt(2, at(0), give_up), Some(at(30)));
        assert_eq!(next_attempt(8, at(0), give_up), Some(at(3600)));
        assert_eq!(next_attempt(50, at(0), give_up), Some(at(3600)));
        let late = give_up - Duration::seconds(5);
        assert_eq!(next_attempt(1, late, give_up), None);
        assert_eq!(
            next_attempt(1, give_up - Duration::seconds(10), give_up),
            Some(give_up)
        );
    }

    #[test]
    fn a_size_runs_low_once_as_it_crosses_three_units() {
        assert!(runs_low(5, 3));
        assert!(runs_low(4, 0));
        assert!(!runs_low(3, 2), "already low");
        assert!(!runs_low(10, 4));
    }

    #[test]
    fn a_message_without_a_provider_is_kept_skipped_and_without_its_secret() {
        let reset = Announcement::to_shopper(
            Topic::PasswordReset,
            "u1",
            "a@b.so",
            "252611111111",
            Some("123456".into()),
        );
        let by_sms = &reset[1];
        assert_eq!(
            by_sms.queuing(true),
            Queuing {
                status: DeliveryStatus::Pending,
                sends: true,
                payload: Some("123456".into())
            }
        );
        assert_eq!(
            by_sms.queuing(false),
            Queuing {
                status: DeliveryStatus::Skipped,
                sends: false,
                payload: None
            }
        );
        let returned = Announcement::to_shopper(
            Topic::ReturnUpdated,
            "r1",
            "a@b.so",
            "",
            Some("received".into()),
        );
        assert_eq!(
            returned[0].queuing(false).payload.as_deref(),
            Some("received"),
            "no secret: kept, for the back office"
        );
    }

    #[test]
    fn a_move_alerts_the_shop_of_each_size_it_took_to_the_low_mark() {
        let level = |item: &str, before, left| StockLevel {
            product: "p1".into(),
            item: item.into(),
            before,
            left,
        };
        let alerts = LowStock::alerts(&[
            level("Linen Dress (S)", 5, 3),
            level("Linen Dress (M)", 3, 1),
            level("Linen Dress (L)", 9, 8),
        ]);
        assert_eq!(alerts.len(), 1, "M was low already, L is not");
        assert_eq!(alerts[0].topic, Topic::LowStock);
        assert_eq!(alerts[0].reference, "p1");
        assert_eq!(
            LowStock::from_payload("p1", alerts[0].payload.as_deref().unwrap()),
            Some(LowStock::of("p1", "Linen Dress (S)", 3))
        );
    }

    #[test]
    fn messages_go_by_e_mail_and_by_sms_when_there_is_a_phone() {
        let both =
            Announcement::to_shopper(Topic::OrderShipped, "o1", "a@b.so", "252611111111", None);
        assert_eq!(
            both.iter().map(|a| a.channel).collect::<Vec<_>>(),
            [Channel::Email, Channel::Sms]
        );
        assert_eq!(both[1].recipient.as_deref(), Some("252611111111"));
        assert_eq!(
            Announcement::to_shopper(Topic::OrderShipped, "o1", "a@b.so", " ", None).len(),
            1
        );
        assert_eq!(
            Announcement::to_shop(Topic::NewOrder, "o1", None).recipient,
            None
        );
    }

    #[test]
    fn a_low_stock_alert_keeps_what_it_tells_in_its_payload() {
        let low = LowStock::of("p1", "Linen Dress (M, \"Teal\")", 2);
        assert_eq!(LowStock::from_payload("p1", &low.payload()), Some(low));
        assert_eq!(LowStock::from_payload("p1", "{}"), None);
    }

    #[test]
    fn names_round_trip() {
        for topic in Topic::ALL {
            assert_eq!(Topic::parse(topic.as_str()), Some(topic));
        }
        for status in DeliveryStatus::ALL {
            assert_eq!(DeliveryStatus::parse(status.as_str()), Some(status));
        }
        for channel in Channel::ALL {
            assert_eq!(Channel::parse(channel.as_str()), Some(channel));
        }
        assert!(Topic::NewOrder.is_for_the_shop() && !Topic::OrderShipped.is_for_the_shop());
    }
}
