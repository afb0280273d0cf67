//! What the use cases count for monitoring, through the `metrics` facade: the binary may
//! install a Prometheus recorder (`SHOP_METRICS_BIND`); without one these cost next to
//! nothing. The names and labels live here, once.

use domain::notification::{Channel, DeliveryStatus};
use domain::payment_method::PaymentMethod;
use domain::ports::{PaymentCheck, PaymentGateway, PaymentOutcome, PaymentRequest, RefundRequest};
use domain::refund::RefundOutcome;

/// A checkout ended with `outcome` (`checkout::outcome_label` names them).
pub(crate) fn checkout_finished(outcome: &'static str) {
    metrics::counter!("shop_checkouts_total", "outcome" => outcome).increment(1);
}

/// Charges through the payment port, counting the provider's answer by method.
pub(crate) async fn charge(
    payments: &dyn PaymentGateway,
    request: &PaymentRequest,
) -> PaymentOutcome {
    let outcome = payments.charge(request).await;
    payment_answered("charge", request.method, charge_answer(&outcome));
    outcome
}

/// Asks about an unconfirmed payment through the payment port, counting the answer.
pub(crate) async fn check(payments: &dyn PaymentGateway, payment: &PaymentCheck) -> PaymentOutcome {
    let outcome = payments.check(payment).await;
    payment_answered("check", payment.method, charge_answer(&outcome));
    outcome
}

fn charge_answer(outcome: &PaymentOutcome) -> &'static str {
    match outcome {
        PaymentOutcome::Approved { .. } => "approved",
        PaymentOutcome::Declined { .. } => "declined",
        PaymentOutcome::ProviderRefused { .. } => "provider_refused",
        PaymentOutcome::Unconfirmed { .. } => "unconfirmed",
        PaymentOutcome::Awaiting { .. } => "awaiting",
        PaymentOutcome::OnPage { .. } => "on_page",
    }
}

/// Refunds through the payment port, counting the provider's answer by method.
pub(crate) async fn refund(
    payments: &dyn PaymentGateway,
    request: &RefundRequest,
) -> RefundOutcome {
    let outcome = payments.refund(request).await;
    let answer = match &outcome {
        RefundOutcome::Refunded => "refunded",
        RefundOutcome::Refused { .. } => "refused",
        RefundOutcome::Unknown { .. } => "unknown",
    };
    payment_answered("refund", request.method, answer);
    outcome
}

fn payment_answered(operation: &'static str, method: PaymentMethod, answer: &'static str) {
    metrics::counter!("shop_payment_answers_total", "operation" => operation,
        "method" => method.id(), "answer" => answer)
    .increment(1);
}

/// One attempt at sending a message, and how it went (`sent`, `retrying`, `failed`, ...).
pub(crate) fn notification_attempted(channel: Channel, status: DeliveryStatus) {
    metrics::counter!("shop_notification_attempts_total", "channel" => channel.as_str(),
        "outcome" => status.as_str())
    .increment(1);
}
