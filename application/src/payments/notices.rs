//! A provider's notification of a payment (WaafiPay's Hosted Payment Page webhook): the
//! attempt it names is asked about at once, as on the payer's return, and only the
//! provider's answer is recorded (the notification's own word is never believed). A faster
//! path to the record the follow-up keeps, never the only one.

use super::Payments;
use crate::monitoring;
use domain::payment_attempt::AttemptState;
use domain::ports::{NoticeError, PaymentNotice, PaymentNotices, RepoError};
use domain::PaymentAttemptId;
use std::sync::Arc;

/// What a notification came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Noticed {
    /// The provider's test ping.
    Test,
    /// Its attempt was asked about and the answer recorded.
    Asked,
    /// Nothing to do: its attempt has its final answer, is not the shop's, or it is a refund
    /// (the shop's refunds are recorded from their own replies).
    Ignored,
}

#[derive(Debug, thiserror::Error)]
pub enum NoticeFailure {
    #[error(transparent)]
    Notice(#[from] NoticeError),
    #[error(transparent)]
    Repo(#[from] RepoError),
}

impl Payments {
    /// Takes the provider's notifications, read by `notices` (none without).
    pub fn with_notices(mut self, notices: Option<Arc<dyn PaymentNotices>>) -> Self {
        self.notices = notices;
        self
    }

    /// The header that signs a provider's notification; `None` when the shop takes none.
    pub fn notice_signature_header(&self) -> Option<&'static str> {
        self.notices
            .as_ref()
            .map(|notices| notices.signature_header())
    }

    /// A provider's notification, `body` as it came with its `signature`: verified and read
    /// by the provider's adapter, then its attempt is asked about if it still awaits an
    /// answer. Sent again or raced by the payer's return, it records the answer once.
    pub async fn notified(
        &self,
        body: &[u8],
        signature: Option<&str>,
    ) -> Result<Noticed, NoticeFailure> {
        let notices = self.notices.as_ref().ok_or(NoticeError::NotSetUp)?;
        let (reference, status) = match notices.read(body, signature.map(str::to_owned))? {
            PaymentNotice::Test => {
                tracing::info!("the payment provider's test notification came");
                return Ok(Noticed::Test);
            }
            PaymentNotice::Refund { reference, status } => {
                tracing::info!(attempt = %reference, %status, "the payment provider notified a refund");
                return Ok(Noticed::Ignored);
            }
            PaymentNotice::Charge { reference, status } => (reference, status),
        };
        let attempt = match PaymentAttemptId::parse(&reference) {
            Some(id) => self.attempts.by_id(&id).await?,
            None => None,
        };
        let Some(attempt) = attempt else {
            tracing::warn!(attempt = %reference, %status, "the payment provider notified a payment the shop does not know");
            return Ok(Noticed::Ignored);
        };
        if attempt.state != AttemptState::Awaiting {
            return Ok(Noticed::Ignored);
        }
        tracing::info!(attempt = %attempt.id, order = %attempt.order, %status, "the payment provider notified a payment: asking it");
        let outcome = monitoring::check(self.gateway.as_ref(), &attempt.check()).await;
        self.answers.answered_late(&attempt, &outcome).await;
        Ok(Noticed::Asked)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::payments::card::tests::{awaiting_card, card_order, orders_holding};
    use crate::payments::tests::payments;
    use domain::order::PaymentStatus;
    use domain::payment_attempt::AttemptChange;
    use domain::ports::{
        MockOrderRepository, MockPaymentGateway, MockPaymentNotices, OrderRepository,
        PaymentAttemptRepository, PaymentOutcome,
    };

    /// Payments taking notifications, each read as `notice`.
    fn noticing(payments: Payments, notice: Result<PaymentNotice, NoticeError>) -> Payments {
        let mut notices = MockPaymentNotices::new();
        notices
            .expect_signature_header()
            .return_const("X-WaafiPay-Signature");
        notices.expect_read().returning(move |_, _| notice.clone());
        payments.with_notices(Some(Arc::new(notices)))
    }

    fn charge(status: &str) -> Result<PaymentNotice, NoticeError> {
        Ok(PaymentNotice::Charge {
            reference: "a1".into(),
            status: status.into(),
        })
    }

    #[tokio::test]
    async fn a_notice_makes_the_shop_ask_and_record_the_providers_answer() {
        let mut gateway = MockPaymentGateway::new();
        gateway
            .expect_check()
            .withf(|check| check.attempt.as_str() == "a1" && check.order == card_order().id)
            .times(1)
            .return_const(PaymentOutcome::Approved {
                transaction_id: "126895".into(),
                amount: None,
            });
        let kept = awaiting_card(&card_order()).await;
        let orders = orders_holding(card_order());
        let payments = noticing(payments(gateway, orders, kept), charge("APPROVED"));
        assert_eq!(
            payments.notified(b"{}", Some("sig")).await.unwrap(),
            Noticed::Asked
        );
        let orders: &dyn OrderRepository = payments.orders.as_ref();
        let order = orders.by_id(&card_order().id).await.unwrap().unwrap();
        assert_eq!(order.payment_status, PaymentStatus::Paid);
    }

    #[tokio::test]
    async fn a_notice_of_a_settled_attempt_asks_nothing_again() {
        let mut gateway = MockPaymentGateway::new();
        gateway.expect_check().never();
        let kept = awaiting_card(&card_order()).await;
        let approved = AttemptChange::to(
            &PaymentAttemptId::parse("a1").unwrap(),
            AttemptState::Awaiting,
            AttemptState::Approved,
            crate::testing::now(),
        );
        kept.record(&approved).await.unwrap();
        let payments = payments(gateway, MockOrderRepository::new(), kept.clone());
        let payments = noticing(payments, charge("APPROVED"));
        assert_eq!(
            payments.notified(b"{}", Some("sig")).await.unwrap(),
            Noticed::Ignored
        );
        assert_eq!(kept.all()[0].state, AttemptState::Approved);
    }

    #[tokio::test]
    async fn the_notices_own_status_is_never_believed() {
        let mut gateway = MockPaymentGateway::new();
        gateway
            .expect_check()
            .times(1)
            .return_const(PaymentOutcome::Unconfirmed {
                reason: "not found".into(),
            });
        let mut orders = MockOrderRepository::new();
        orders.expect_by_id().returning(|_| Ok(Some(card_order())));
        orders.expect_apply().never();
        let kept = awaiting_card(&card_order()).await;
        let payments = noticing(payments(gateway, orders, kept.clone()), charge("APPROVED"));
        assert_eq!(
            payments.notified(b"{}", Some("sig")).await.unwrap(),
            Noticed::Asked
        );
        assert_eq!(kept.all()[0].state, AttemptState::Awaiting);
    }

    #[tokio::test]
    async fn tests_refunds_and_payments_the_shop_does_not_know_ask_nothing() {
        for (notice, noticed) in [
            (Ok(PaymentNotice::Test), Noticed::Test),
            (
                Ok(PaymentNotice::Refund {
                    reference: "a1".into(),
                    status: "APPROVED".into(),
                }),
                Noticed::Ignored,
            ),
            (
                Ok(PaymentNotice::Charge {
                    reference: "someone-elses".into(),
                    status: "APPROVED".into(),
                }),
                Noticed::Ignored,
            ),
            (
                Ok(PaymentNotice::Charge {
                    reference: "not an id!".into(),
                    status: "APPROVED".into(),
                }),
                Noticed::Ignored,
            ),
        ] {
            let mut gateway = MockPaymentGateway::new();
            gateway.expect_check().never();
            let kept = awaiting_card(&card_order()).await;
            let payments = payments(gateway, MockOrderRepository::new(), kept.clone());
            let payments = noticing(payments, notice);
            assert_eq!(payments.notified(b"{}", None).await.unwrap(), noticed);
            assert_eq!(kept.all()[0].state, AttemptState::Awaiting);
        }
    }

    #[tokio::test]
    async fn a_refused_notice_or_a_shop_without_a_secret_takes_nothing() {
        let unset = payments(
            MockPaymentGateway::new(),
            MockOrderRepository::new(),
            Arc::default(),
        );
        assert_eq!(unset.notice_signature_header(), None);
        assert!(matches!(
            unset.notified(b"{}", None).await,
            Err(NoticeFailure::Notice(NoticeError::NotSetUp))
        ));
        let forged = noticing(
            payments(
                MockPaymentGateway::new(),
                MockOrderRepository::new(),
                Arc::default(),
            ),
            Err(NoticeError::BadSignature),
        );
        assert_eq!(
            forged.notice_signature_header(),
            Some("X-WaafiPay-Signature")
        );
        assert!(matches!(
            forged.notified(b"{}", Some("forged")).await,
            Err(NoticeFailure::Notice(NoticeError::BadSignature))
        ));
    }
}
