//! The sandbox gateway: approves every payment except the documented test numbers
//! (listed in the README). No money moves. Every wallet has the same test numbers: its
//! prefix followed by `000000` and the scripted outcome's digit (EVC Plus `2526100000001`,
//! ZAAD `252630000001`, SAHAL `252900000001`, eDahab `252650000001`, and so on).
//!
//! Cards go to the shop's own sandbox card page ([`CARD_PAGE`]), where the tester approves or
//! declines; the payer's return then asks this gateway, as it would ask WaafiPay.

use async_trait::async_trait;
use domain::ids::OrderId;
use domain::message::texts::{
    CARD_DECLINED, INSUFFICIENT_BALANCE, PAYMENT_REJECTED, PROVIDER_FAILED,
};
use domain::payment_method::{PaymentKind, PaymentMethod};
use domain::ports::{
    PaymentCheck, PaymentGateway, PaymentOutcome, PaymentRequest, RefundRequest, SandboxCardPage,
};
use domain::refund::RefundOutcome;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The shop's sandbox card page; `?order={id}` is added.
pub const CARD_PAGE: &str = "/sandbox/card";

/// Declined: the payer's balance is too low.
pub const DECLINED_NUMBER: &str = "252610000001";
/// Declined: the payer rejected the payment on the phone.
pub const REJECTED_NUMBER: &str = "252610000002";
/// Never answers: the charge waits for the no-answer time (or the caller's time-out), then
/// reports an unconfirmed payment.
pub const NO_ANSWER_NUMBER: &str = "252610000003";
/// The provider fails: an unconfirmed payment.
pub const PROVIDER_FAILURE_NUMBER: &str = "252610000004";
/// Every EVC Plus number with a scripted outcome; any other valid number is approved.
pub const TEST_NUMBERS: [&str; 4] = [
    DECLINED_NUMBER,
    REJECTED_NUMBER,
    NO_ANSWER_NUMBER,
    PROVIDER_FAILURE_NUMBER,
];

pub const NO_ANSWER_REASON: &str = "The payment provider did not answer in time.";

/// Sandbox transaction ids start with this.
pub const TRANSACTION_PREFIX: &str = "SBX-";

/// How long the no-answer number keeps the caller waiting unless told otherwise.
pub const DEFAULT_NO_ANSWER_TIME: Duration = Duration::from_secs(30);

/// A pretend provider of every wallet and of cards. See the module documentation.
#[derive(Debug, Clone)]
pub struct SandboxGateway {
    delay: Duration,
    no_answer_time: Duration,
    /// The card page's decisions by order: the approved payment's transaction id, or `None`
    /// for a decline. Kept in memory: after a restart an order is asked about in vain until
    /// its hold ends.
    card_decisions: Arc<Mutex<HashMap<OrderId, Option<String>>>>,
}

impl SandboxGateway {
    /// A sandbox that waits `delay` before every answer (to feel like a phone prompt).
    pub fn new(delay: Duration) -> Self {
        Self {
            delay,
            no_answer_time: DEFAULT_NO_ANSWER_TIME,
            card_decisions: Arc::default(),
        }
    }

    /// How long [`NO_ANSWER_NUMBER`] waits before giving up (default 30 s); the caller's own
    /// time-out may end the wait sooner, since the charge is cancelled when dropped.
    pub fn with_no_answer_time(mut self, no_answer_time: Duration) -> Self {
        self.no_answer_time = no_answer_time;
        self
    }

    fn new_transaction_id() -> String {
        format!("{TRANSACTION_PREFIX}{}", uuid::Uuid::now_v7().simple())
    }

    fn card_decisions(&self) -> std::sync::MutexGuard<'_, HashMap<OrderId, Option<String>>> {
        self.card_decisions
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl Default for SandboxGateway {
    fn default() -> Self {
        Self::new(Duration::ZERO)
    }
}

/// The digits after a wallet's two-digit prefix that script an outcome (the EVC Plus test
/// numbers show them).
fn scripted_digits(number: &str) -> &str {
    &number[5..]
}

#[async_trait]
impl PaymentGateway for SandboxGateway {
    /// Every wallet and cards (cash on delivery comes with delivery zones).
    fn methods(&self) -> Vec<PaymentMethod> {
        PaymentMethod::ALL
            .into_iter()
            .filter(|method| method.kind() != PaymentKind::Cash)
            .collect()
    }

    async fn charge(&self, request: &PaymentRequest) -> PaymentOutcome {
        if !self.delay.is_zero() {
            tokio::time::sleep(self.delay).await;
        }
        if request.method.kind() == PaymentKind::Card {
            tracing::info!(order = %request.order, amount = %request.amount, "sandbox card page");
            // A new card payment of the order (a phone order paid again after a declined
            // card) opens a new page: the last one's decision does not stand for it.
            self.card_decisions().remove(&request.order);
            return PaymentOutcome::OnPage {
                url: format!("{CARD_PAGE}?order={}", request.order),
            };
        }
        let scripted = scripted_digits(request.phone.as_str());
        let outcome = match scripted {
            s if s == scripted_digits(DECLINED_NUMBER) => PaymentOutcome::Declined {
                reason: INSUFFICIENT_BALANCE.with("wallet", request.method.name()),
            },
            s if s == scripted_digits(REJECTED_NUMBER) => PaymentOutcome::Declined {
                reason: PAYMENT_REJECTED.into(),
            },
            s if s == scripted_digits(NO_ANSWER_NUMBER) => {
                tokio::time::sleep(self.no_answer_time).await;
                PaymentOutcome::Unconfirmed {
                    reason: NO_ANSWER_REASON.to_owned(),
                }
            }
            s if s == scripted_digits(PROVIDER_FAILURE_NUMBER) => PaymentOutcome::Unconfirmed {
                reason: PROVIDER_FAILED.english().to_owned(),
            },
            _ => PaymentOutcome::Approved {
                transaction_id: Self::new_transaction_id(),
                amount: None,
            },
        };
        tracing::info!(
            order = %request.order,
            phone = %request.phone.masked(),
            amount = %request.amount,
            outcome = ?outcome,
            "sandbox payment"
        );
        outcome
    }

    /// A card payment as decided on the card page; a wallet's charge is answered at once
    /// (the no-answer number never is), so a wallet payment left unconfirmed stays so.
    async fn check(&self, payment: &PaymentCheck) -> PaymentOutcome {
        match self.card_decisions().get(&payment.order) {
            Some(Some(transaction_id)) => PaymentOutcome::Approved {
                transaction_id: transaction_id.clone(),
                amount: None,
            },
            Some(None) => PaymentOutcome::Declined {
                reason: CARD_DECLINED.into(),
            },
            None => PaymentOutcome::Unconfirmed {
                reason: NO_ANSWER_REASON.to_owned(),
            },
        }
    }

    async fn refund(&self, refund: &RefundRequest) -> RefundOutcome {
        let transaction_id = refund.transaction_id.as_str();
        if transaction_id.starts_with(TRANSACTION_PREFIX)
            && transaction_id.len() > TRANSACTION_PREFIX.len()
        {
            tracing::info!(
                reference = %refund.reference,
                transaction_id,
                amount = %refund.amount,
                whole_charge = refund.whole_charge,
                "sandbox refund"
            );
            RefundOutcome::Refunded
        } else {
            RefundOutcome::Refused {
                reason: format!("Unknown sandbox transaction: {transaction_id}"),
            }
        }
    }
}

#[async_trait]
impl SandboxCardPage for SandboxGateway {
    /// The first decision on an order stands, as a card payment ends once.
    async fn decide(&self, order: &OrderId, approve: bool) {
        let decision = approve.then(Self::new_transaction_id);
        tracing::info!(%order, approve, "sandbox card page decided");
        self.card_decisions()
            .entry(order.clone())
            .or_insert(decision);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::ids::PaymentAttemptId;
    use domain::money::Money;
    use domain::phone::MobileNumber;
    use tokio::time::Instant;

    fn request(phone: &str) -> PaymentRequest {
        let phone = MobileNumber::parse(phone).unwrap();
        PaymentRequest {
            attempt: PaymentAttemptId::parse("attempt-7").unwrap(),
            order: OrderId::parse("order-1").unwrap(),
            method: PaymentMethod::wallet_of(&phone).unwrap(),
            phone,
            amount: Money::from_cents(4_250).unwrap(),
            description: "Order order-1".to_owned(),
        }
    }

    fn approved_id(outcome: PaymentOutcome) -> String {
        match outcome {
            PaymentOutcome::Approved { transaction_id, .. } => transaction_id,
            other => panic!("expected approval, got {other:?}"),
        }
    }

    #[tokio::test(start_paused = true)]
    async fn ordinary_numbers_are_approved_with_unique_sandbox_ids() {
        let gateway = SandboxGateway::new(Duration::ZERO);
        let first = approved_id(gateway.charge(&request("615123456")).await);
        let second = approved_id(gateway.charge(&request("+252 61 512 3456")).await);
        let third = approved_id(gateway.charge(&request("252610000005")).await);
        for id in [&first, &second, &third] {
            assert!(id.starts_with("SBX-") && id.len() > 10, "{id}");
        }
        assert_ne!(first, second);
        assert_ne!(second, third);
    }

    #[tokio::test(start_paused = true)]
    async fn number_one_is_declined_for_balance() {
        let outcome = SandboxGateway::default()
            .charge(&request(DECLINED_NUMBER))
            .await;
        assert_eq!(
            outcome,
            PaymentOutcome::Declined {
                reason: INSUFFICIENT_BALANCE.with("wallet", "EVC Plus")
            }
        );
    }

    #[tokio::test(start_paused = true)]
    async fn number_two_is_rejected_by_the_payer() {
        let outcome = SandboxGateway::default()
            .charge(&request("061 000 0002"))
            .await;
        assert_eq!(
            outcome,
            PaymentOutcome::Declined {
                reason: PAYMENT_REJECTED.into()
            }
        );
    }

    #[tokio::test(start_paused = true)]
    async fn number_three_never_answers_until_the_no_answer_time() {
        let gateway = SandboxGateway::new(Duration::ZERO);
        let started = Instant::now();
        let outcome = gateway.charge(&request(NO_ANSWER_NUMBER)).await;
        assert_eq!(started.elapsed(), Duration::from_secs(30));
        assert_eq!(
            outcome,
            PaymentOutcome::Unconfirmed {
                reason: "The payment provider did not answer in time.".into()
            }
        );
    }

    #[tokio::test(start_paused = true)]
    async fn number_three_is_cut_short_by_the_callers_timeout() {
        let gateway =
            SandboxGateway::new(Duration::ZERO).with_no_answer_time(Duration::from_secs(600));
        let started = Instant::now();
        let result = tokio::time::timeout(
            Duration::from_secs(5),
            gateway.charge(&request(NO_ANSWER_NUMBER)),
        )
        .await;
        assert!(result.is_err(), "the charge should still be waiting");
        assert_eq!(started.elapsed(), Duration::from_secs(5));
    }

    #[tokio::test(start_paused = true)]
    async fn the_no_answer_time_is_configurable() {
        let gateway =
            SandboxGateway::new(Duration::ZERO).with_no_answer_time(Duration::from_millis(200));
        let started = Instant::now();
        let outcome = gateway.charge(&request(NO_ANSWER_NUMBER)).await;
        assert_eq!(started.elapsed(), Duration::from_millis(200));
        assert!(matches!(outcome, PaymentOutcome::Unconfirmed { .. }));
    }

    #[tokio::test(start_paused = true)]
    async fn number_four_is_a_provider_failure() {
        let outcome = SandboxGateway::default()
            .charge(&request("25261-000-0004"))
            .await;
        assert_eq!(
            outcome,
            PaymentOutcome::Unconfirmed {
                reason: "The payment provider failed.".into()
            }
        );
    }

    #[tokio::test(start_paused = true)]
    async fn every_wallet_has_the_same_test_numbers_after_its_prefix() {
        let gateway = SandboxGateway::default();
        for (declined, wallet) in [
            ("252630000001", "ZAAD"),
            ("252900000001", "SAHAL"),
            ("252650000001", "eDahab"),
            ("252770000001", "EVC Plus"),
        ] {
            assert_eq!(
                gateway.charge(&request(declined)).await,
                PaymentOutcome::Declined {
                    reason: INSUFFICIENT_BALANCE.with("wallet", wallet)
                },
                "{declined}"
            );
        }
        approved_id(gateway.charge(&request("252634441234")).await);
    }

    #[test]
    fn it_offers_every_wallet_and_cards() {
        use PaymentMethod::*;
        assert_eq!(
            SandboxGateway::default().methods(),
            [EvcPlus, Zaad, Sahal, Edahab, Card]
        );
    }

    fn card_payment() -> (PaymentRequest, PaymentCheck) {
        let request = PaymentRequest {
            method: PaymentMethod::Card,
            ..request("615123456")
        };
        let check = PaymentCheck {
            attempt: PaymentAttemptId::parse("attempt-7").unwrap(),
            order: request.order.clone(),
            method: PaymentMethod::Card,
            reference: None,
        };
        (request, check)
    }

    #[tokio::test]
    async fn a_card_is_paid_on_the_card_page_and_its_first_decision_stands() {
        let gateway = SandboxGateway::default();
        let (request, check) = card_payment();
        assert_eq!(
            gateway.charge(&request).await,
            PaymentOutcome::OnPage {
                url: "/sandbox/card?order=order-1".into()
            }
        );
        assert!(matches!(
            gateway.check(&check).await,
            PaymentOutcome::Unconfirmed { .. }
        ));
        gateway.decide(&check.order, true).await;
        let paid = approved_id(gateway.check(&check).await);
        gateway.decide(&check.order, false).await;
        assert_eq!(approved_id(gateway.check(&check).await), paid);
        assert_eq!(
            gateway.refund(&refund_of(&paid, false)).await,
            RefundOutcome::Refunded
        );
    }

    #[tokio::test]
    async fn a_card_declined_on_the_card_page_is_declined() {
        let gateway = SandboxGateway::default();
        let (request, check) = card_payment();
        gateway.charge(&request).await;
        gateway.decide(&check.order, false).await;
        assert_eq!(
            gateway.check(&check).await,
            PaymentOutcome::Declined {
                reason: CARD_DECLINED.into()
            }
        );
    }

    #[tokio::test(start_paused = true)]
    async fn every_answer_waits_for_the_delay() {
        let gateway = SandboxGateway::new(Duration::from_millis(1500));
        for phone in [
            "615123456",
            DECLINED_NUMBER,
            REJECTED_NUMBER,
            PROVIDER_FAILURE_NUMBER,
        ] {
            let started = Instant::now();
            gateway.charge(&request(phone)).await;
            assert_eq!(started.elapsed(), Duration::from_millis(1500), "{phone}");
        }
    }

    fn refund_of(transaction_id: &str, whole_charge: bool) -> RefundRequest {
        RefundRequest {
            transaction_id: transaction_id.to_owned(),
            reference: OrderId::parse("order-1").unwrap(),
            method: PaymentMethod::EvcPlus,
            payer: MobileNumber::parse("615123456").unwrap(),
            amount: Money::from_cents(1_250).unwrap(),
            whole_charge,
        }
    }

    #[tokio::test]
    async fn refunds_whole_or_partial_succeed_for_sandbox_transactions_only() {
        let gateway = SandboxGateway::default();
        let id = approved_id(gateway.charge(&request("615123456")).await);
        assert_eq!(
            gateway.refund(&refund_of(&id, true)).await,
            RefundOutcome::Refunded
        );
        assert_eq!(
            gateway.refund(&refund_of(&id, false)).await,
            RefundOutcome::Refunded
        );
        for unknown in ["WAAFI-123", "SBX-", ""] {
            assert_eq!(
                gateway.refund(&refund_of(unknown, true)).await,
                RefundOutcome::Refused {
                    reason: format!("Unknown sandbox transaction: {unknown}")
                },
            );
        }
    }

    #[test]
    fn the_test_numbers_are_valid_normalised_mobile_numbers() {
        for number in TEST_NUMBERS {
            assert_eq!(MobileNumber::parse(number).unwrap().as_str(), number);
        }
    }
}
