//! The seeded shop's messages: what its orders announced (`notification::order_change_topics`
//! over each order's history), as the outbox sent them a few seconds later, over the last
//! `KEPT_FOR` (the worker forgets older ones). The back office's Notifications list is
//! measured with them.

use crate::system::RandomIds;
use application::notifications::templates::{self, Sender};
use chrono::{DateTime, Duration, Utc};
use domain::language::Language;
use domain::notification::{
    Announcement, DeliveryStatus, Notification, Topic, GIVE_UP_AFTER, KEPT_FOR,
};
use domain::order::plan::order_change_topics;
use domain::order::{Order, PaymentStatus};
use domain::payment_hold::PaymentHold;
use domain::ports::IdGenerator;
use domain::settings::ShopSettings;
use domain::NotificationId;

/// Every message `orders` sent since `KEPT_FOR` before `now`.
pub(super) fn notifications_of(
    orders: &[Order],
    settings: &ShopSettings,
    now: DateTime<Utc>,
) -> Vec<Notification> {
    let kept_since = now - KEPT_FOR;
    let sender = Sender {
        settings,
        public_url: None,
        hold_minutes: PaymentHold::default().minutes(),
        // Seeded shoppers never chose a language.
        language: Language::English,
    };
    let alert = settings.support_email.to_string();
    let mut sent = Vec::new();
    for order in orders {
        let mut steps = Vec::new();
        if order.payment_status.was_charged() {
            steps.extend([Topic::OrderConfirmed, Topic::NewOrder].map(|t| (t, order.created_at)));
        }
        let declined = (order.payment_status == PaymentStatus::Failed)
            .then_some((PaymentStatus::Pending, PaymentStatus::Failed));
        for pair in order.history.windows(2) {
            let topics = order_change_topics(pair[0].status, pair[1].status, declined);
            steps.extend(topics.into_iter().map(|t| (t, pair[1].at)));
        }
        for (topic, at) in steps.into_iter().filter(|(_, at)| *at >= kept_since) {
            let letter = match topic {
                Topic::NewOrder => templates::new_order(order, &sender),
                _ => templates::about_order(topic, order, &sender),
            };
            let messages = if topic.is_for_the_shop() {
                vec![Announcement::to_shop(topic, order.id.as_str(), None)]
            } else {
                Announcement::to_shopper(
                    topic,
                    order.id.as_str(),
                    &order.customer_email,
                    order.payment_phone.as_str(),
                    None,
                )
            };
            sent.extend(messages.into_iter().map(|message| Notification {
                id: NotificationId::parse(&RandomIds.new_id()).expect("uuid ids are valid"),
                topic,
                channel: message.channel,
                recipient: Some(message.recipient.unwrap_or_else(|| alert.clone())),
                reference: message.reference,
                payload: None,
                subject: Some(letter.subject.clone()),
                status: DeliveryStatus::Sent,
                attempts: 1,
                last_error: None,
                created_at: at,
                next_attempt_at: None,
                sent_at: Some(at + Duration::seconds(3)),
                give_up_at: at + GIVE_UP_AFTER,
            }));
        }
    }
    sent
}
