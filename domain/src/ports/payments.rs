//! Port of the payment providers: charging, asking again, refunding.

use crate::ids::OrderId;
use crate::payment_method::PaymentMethod;
use crate::refund::RefundOutcome;
use async_trait::async_trait;

pub use crate::payment_attempt::provider::{
    PaymentCheck, PaymentOutcome, PaymentRequest, RefundRequest,
};
pub use crate::payment_attempt::state::ApprovedAmount;

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait PaymentGateway: Send + Sync {
    /// The methods whose provider this shop has set up, in `PaymentMethod::ALL`'s order.
    fn methods(&self) -> Vec<PaymentMethod>;
    async fn charge(&self, request: &PaymentRequest) -> PaymentOutcome;
    /// What became of a payment that was not confirmed when it was asked for: approved,
    /// declined, or still `Unconfirmed` (open, or a provider the shop cannot ask).
    async fn check(&self, payment: &PaymentCheck) -> PaymentOutcome;
    /// Gives back money of an approved charge: refunded, refused (nothing moved), or unknown
    /// when no readable answer came (the money may have gone back).
    async fn refund(&self, refund: &RefundRequest) -> RefundOutcome;
}

/// The sandbox's own card page, where a tester approves or declines a card payment in place
/// of WaafiPay's; a shop whose payments are real has none.
#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait SandboxCardPage: Send + Sync {
    /// Records the tester's decision on `order`'s card payment, which the sandbox's
    /// `PaymentGateway::check` answers from then on; the first decision stands.
    async fn decide(&self, order: &OrderId, approve: bool);
}
