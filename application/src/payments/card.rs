//! Card payments on the provider's page: the payer's return, which the shop believes only
//! once the provider says so, and the sandbox's own card page.

use super::Payments;
use crate::monitoring;
use domain::message::texts::{PAID_AFTER_CLOSE_REFUNDED, PAYMENT_FAILED};
use domain::message::Message;
use domain::money::Money;
use domain::order::{ChannelKind, Order, OrderNumber, PaymentStatus};
use domain::payment_attempt::AttemptState;
use domain::payment_method::{PaymentKind, PaymentMethod};
use domain::ports::{PaymentOutcome, RepoError};
use domain::OrderId;

/// What became of a card payment when its payer came back from the card page.
#[derive(Debug, Clone, PartialEq)]
pub enum CardReturn {
    Paid(OrderId),
    /// No money was taken; a checkout's order is canceled and the cart keeps its items, a
    /// phone order waits for another payment.
    Failed {
        order: OrderId,
        reason: Message,
    },
    /// The provider has not said yet: the shop asks again before the order's hold ends.
    Pending(OrderId),
}

/// A card payment's return, and where its order was taken (a phone order's payer came from
/// its payment link, without an account).
#[derive(Debug, Clone, PartialEq)]
pub struct CardReturned {
    pub result: CardReturn,
    pub channel: ChannelKind,
}

/// A card payment the sandbox's card page asks the tester to approve or decline.
#[derive(Debug, Clone, PartialEq)]
pub struct SandboxCardPayment {
    pub order: OrderId,
    /// What the page names the order by.
    pub number: OrderNumber,
    pub amount: Money,
}

#[derive(Debug, thiserror::Error)]
pub enum CardPaymentError {
    /// No order paid by card has this id (or, on the sandbox's page, none is open there).
    #[error("no such card payment")]
    NotFound,
    #[error(transparent)]
    Repo(#[from] RepoError),
}

impl Payments {
    /// The payer came back from the card page (through either of its return addresses, with
    /// whatever the address says): the provider is asked about each card attempt of the order
    /// still without a final answer, and only its answer is recorded, whatever the order
    /// became (an approval after its hold ended is paid back and the payer told so). Asking
    /// again for a settled attempt changes nothing, so a return repeated or raced by the
    /// shop's own check settles it once.
    pub async fn card_returned(&self, id: &OrderId) -> Result<CardReturned, CardPaymentError> {
        self.card_order(id).await?;
        let mut answer = None;
        for attempt in self.attempts.of_order(id).await? {
            if attempt.method != PaymentMethod::Card || attempt.state != AttemptState::Awaiting {
                continue;
            }
            let outcome = monitoring::check(self.gateway.as_ref(), &attempt.check()).await;
            self.answers.answered_late(&attempt, &outcome).await;
            answer = Some(outcome);
        }
        // Money that came after the order closed: the payer is told it goes back.
        let came_late = self.attempts.of_order(id).await?.iter().any(|attempt| {
            attempt.method == PaymentMethod::Card
                && matches!(
                    attempt.state,
                    AttemptState::Late | AttemptState::Refunded | AttemptState::RefundFailed
                )
        });
        // Read whatever its method now: a phone order's declined card is taken back.
        let settled = self
            .orders
            .by_id(id)
            .await?
            .ok_or(CardPaymentError::NotFound)?;
        let declined = match answer {
            Some(
                PaymentOutcome::Declined { reason } | PaymentOutcome::ProviderRefused { reason },
            ) => Some(reason),
            _ => None,
        };
        let result = match settled.payment_status {
            PaymentStatus::Paid | PaymentStatus::PartiallyRefunded | PaymentStatus::Refunded
                if !came_late =>
            {
                CardReturn::Paid(settled.id)
            }
            PaymentStatus::Pending if settled.payment_method.is_some() && !came_late => {
                CardReturn::Pending(settled.id)
            }
            // Failed, a phone order's declined card taken back (it waits for another), or
            // money that came after the order closed.
            _ => CardReturn::Failed {
                order: settled.id,
                reason: if came_late {
                    PAID_AFTER_CLOSE_REFUNDED.into()
                } else {
                    declined.unwrap_or_else(|| PAYMENT_FAILED.into())
                },
            },
        };
        Ok(CardReturned {
            result,
            channel: settled.channel.kind(),
        })
    }

    /// The open card payment the sandbox's card page shows: none unless payments go to the
    /// sandbox.
    pub async fn sandbox_card_payment(
        &self,
        id: &OrderId,
    ) -> Result<SandboxCardPayment, CardPaymentError> {
        if !self.is_sandbox() {
            return Err(CardPaymentError::NotFound);
        }
        let order = self.card_order(id).await?;
        if order.payment_status != PaymentStatus::Pending {
            return Err(CardPaymentError::NotFound);
        }
        Ok(SandboxCardPayment {
            order: order.id,
            number: order.number,
            amount: order.total,
        })
    }

    /// The tester's decision on the sandbox's card page; the payer's return then asks the
    /// sandbox as it would ask WaafiPay.
    pub async fn decide_sandbox_card(
        &self,
        id: &OrderId,
        approve: bool,
    ) -> Result<(), CardPaymentError> {
        let payment = self.sandbox_card_payment(id).await?;
        let page = self
            .sandbox_cards
            .as_ref()
            .ok_or(CardPaymentError::NotFound)?;
        page.decide(&payment.order, approve).await;
        Ok(())
    }

    async fn card_order(&self, id: &OrderId) -> Result<Order, CardPaymentError> {
        self.orders
            .by_id(id)
            .await?
            .filter(|order| order.payment_kind() == Some(PaymentKind::Card))
            .ok_or(CardPaymentError::NotFound)
    }
}

#[cfg(test)]
pub(in crate::payments) mod tests {
    use super::*;
    use crate::payments::tests::payments;
    use crate::testing::{now, paid_order, KeptAttempts};
    use domain::message::texts::CARD_DECLINED;
    use domain::order::OrderStatus;
    use domain::payment_attempt::PaymentAttempt;
    use domain::payment_method::PaymentMethod;
    use domain::phone::MobileNumber;
    use domain::ports::{
        MockOrderRepository, MockPaymentGateway, MockSandboxCardPage, PaymentAttemptRepository,
    };
    use domain::refund::RefundOutcome;
    use domain::PaymentAttemptId;
    use std::sync::{Arc, Mutex};

    /// The attempts of `order`'s card payment, one awaiting its answer.
    pub(in crate::payments) async fn awaiting_card(order: &Order) -> Arc<KeptAttempts> {
        let kept = Arc::new(KeptAttempts::default());
        let attempt = PaymentAttempt::start(
            PaymentAttemptId::parse("a1").unwrap(),
            order,
            PaymentMethod::Card,
            MobileNumber::parse("615551234").unwrap(),
            now(),
        );
        kept.insert(&attempt).await.unwrap();
        kept
    }

    /// Amina's $45.00 order paid by card, not paid yet.
    pub(in crate::payments) fn card_order() -> Order {
        Order {
            payment_method: Some(PaymentMethod::Card),
            payment_status: PaymentStatus::Pending,
            payment_reference: Some("https://pay.example/hpp/token/1".into()),
            ..paid_order()
        }
    }

    /// The orders store holding `order`, which `apply` changes as the plan says.
    pub(in crate::payments) fn orders_holding(order: Order) -> MockOrderRepository {
        let stored = Arc::new(Mutex::new(order));
        let mut orders = MockOrderRepository::new();
        let read = stored.clone();
        orders
            .expect_by_id()
            .returning(move |_| Ok(Some(read.lock().unwrap().clone())));
        orders.expect_apply().returning(move |plan| {
            let mut order = stored.lock().unwrap();
            if let Some(payment) = &plan.change.payment {
                order.payment_status = payment.to;
                order.transaction_id = payment.transaction_id.clone();
            }
            Ok(())
        });
        orders
    }

    fn answering(outcome: PaymentOutcome) -> MockPaymentGateway {
        let mut gateway = MockPaymentGateway::new();
        gateway.expect_check().return_const(outcome);
        gateway
    }

    #[tokio::test]
    async fn a_return_the_provider_approved_pays_the_order() {
        let approved = answering(PaymentOutcome::Approved {
            transaction_id: "126895".into(),
            amount: None,
        });
        let kept = awaiting_card(&card_order()).await;
        let payments = payments(approved, orders_holding(card_order()), kept);
        let returned = payments
            .card_returned(&card_order().id)
            .await
            .unwrap()
            .result;
        assert_eq!(returned, CardReturn::Paid(card_order().id));
    }

    #[tokio::test]
    async fn a_card_approved_after_the_hold_ended_is_paid_back_once_and_the_payer_told() {
        let mut gateway = answering(PaymentOutcome::Approved {
            transaction_id: "126895".into(),
            amount: None,
        });
        gateway
            .expect_refund()
            .withf(|refund| refund.transaction_id == "126895" && refund.whole_charge)
            .times(1)
            .return_const(RefundOutcome::Refunded);
        let closed = Order {
            status: OrderStatus::Canceled,
            payment_status: PaymentStatus::Failed,
            ..card_order()
        };
        let kept = awaiting_card(&card_order()).await;
        let payments = payments(gateway, orders_holding(closed.clone()), kept.clone());
        for _ in 0..2 {
            let returned = payments.card_returned(&closed.id).await.unwrap().result;
            assert_eq!(
                returned,
                CardReturn::Failed {
                    order: closed.id.clone(),
                    reason: PAID_AFTER_CLOSE_REFUNDED.into()
                }
            );
        }
        assert_eq!(kept.all()[0].state, AttemptState::Refunded);
    }

    #[tokio::test]
    async fn a_return_the_provider_has_no_word_of_leaves_the_order_waiting() {
        let unknown = answering(PaymentOutcome::Unconfirmed {
            reason: "not found".into(),
        });
        let mut orders = orders_holding(card_order());
        orders.checkpoint();
        orders.expect_by_id().returning(|_| Ok(Some(card_order())));
        orders.expect_apply().never();
        let payments = payments(unknown, orders, awaiting_card(&card_order()).await);
        let returned = payments
            .card_returned(&card_order().id)
            .await
            .unwrap()
            .result;
        assert_eq!(returned, CardReturn::Pending(card_order().id));
    }

    #[tokio::test]
    async fn a_declined_card_fails_the_order_with_the_providers_reason() {
        let declined = answering(PaymentOutcome::Declined {
            reason: CARD_DECLINED.into(),
        });
        let payments = payments(
            declined,
            orders_holding(card_order()),
            awaiting_card(&card_order()).await,
        );
        let returned = payments
            .card_returned(&card_order().id)
            .await
            .unwrap()
            .result;
        assert_eq!(
            returned,
            CardReturn::Failed {
                order: card_order().id,
                reason: CARD_DECLINED.into()
            }
        );
    }

    #[tokio::test]
    async fn a_paid_order_is_not_asked_about_again() {
        let mut gateway = MockPaymentGateway::new();
        gateway.expect_check().never();
        let paid = Order {
            payment_method: Some(PaymentMethod::Card),
            ..paid_order()
        };
        let payments = payments(gateway, orders_holding(paid.clone()), Arc::default());
        let returned = payments.card_returned(&paid.id).await.unwrap().result;
        assert_eq!(returned, CardReturn::Paid(paid.id));
    }

    #[tokio::test]
    async fn a_wallets_order_has_no_card_payment() {
        let mut gateway = MockPaymentGateway::new();
        gateway.expect_check().never();
        let payments = payments(gateway, orders_holding(paid_order()), Arc::default());
        assert!(matches!(
            payments.card_returned(&paid_order().id).await,
            Err(CardPaymentError::NotFound)
        ));
    }

    #[tokio::test]
    async fn the_sandbox_card_page_exists_only_in_the_sandbox() {
        let real = payments(
            MockPaymentGateway::new(),
            orders_holding(card_order()),
            Arc::default(),
        );
        assert!(matches!(
            real.decide_sandbox_card(&card_order().id, true).await,
            Err(CardPaymentError::NotFound)
        ));
        let mut page = MockSandboxCardPage::new();
        page.expect_decide()
            .withf(|order, approve| *order == card_order().id && *approve)
            .times(1)
            .return_const(());
        let sandbox = payments(
            MockPaymentGateway::new(),
            orders_holding(card_order()),
            Arc::default(),
        )
        .with_sandbox(Some(Arc::new(page)));
        assert_eq!(
            sandbox
                .sandbox_card_payment(&card_order().id)
                .await
                .unwrap(),
            SandboxCardPayment {
                order: card_order().id,
                number: card_order().number,
                amount: Money::from_cents(4500).unwrap()
            }
        );
        sandbox
            .decide_sandbox_card(&card_order().id, true)
            .await
            .unwrap();
    }
}
