//! Port of a provider's own notifications of its payments (WaafiPay's Hosted Payment Page
//! webhook): a faster way to learn that an attempt has an answer, never the answer itself.
//! The adapter reads and verifies a notification; the shop then asks the provider, as it
//! asks on a card return, and records only that answer.

/// A notification its provider's adapter read and verified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaymentNotice {
    /// The provider checking the address works (WaafiPay's `webhook.test`).
    Test,
    /// A charge the provider knows by `reference` (the shop's payment attempt id) has a new
    /// `status` ("APPROVED", "DECLINED"...), by the notification's word.
    Charge { reference: String, status: String },
    /// A refund of the charge the provider knows by `reference`, with its `status`.
    Refund { reference: String, status: String },
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NoticeError {
    /// The shop takes no notifications from this provider (no webhook secret is set).
    #[error("payment notifications are not set up")]
    NotSetUp,
    /// Not signed with the shop's webhook secret: not from the provider.
    #[error("the notification's signature does not match")]
    BadSignature,
    /// Signed, but not a notification the shop can read.
    #[error("unreadable notification: {0}")]
    Unreadable(String),
}

#[cfg_attr(feature = "mocks", mockall::automock)]
pub trait PaymentNotices: Send + Sync {
    /// The request header that signs a notification.
    fn signature_header(&self) -> &'static str;
    /// Verifies `body`, the notification as it came (its raw bytes), against `signature`
    /// (the header that signs it, if any), and reads it.
    fn read(&self, body: &[u8], signature: Option<String>) -> Result<PaymentNotice, NoticeError>;
}
