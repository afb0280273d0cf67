//! Card payments on the provider's page: the payer's return, which the shop believes only
//! once the provider says so, and the sandbox's own card page.

use super::Payments;
use crate::monitoring;
use domain::message::texts::PAYMENT_FAILED;
use domain::message::Message;
use domain::money::Money;
use domain::order::{ChannelKind, Order, PaymentStatus};
use domain::payment_method::{PaymentKind, PaymentMethod};
use domain::ports::{PaymentCheck, PaymentOutcome, RepoError};
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
    /// whatever the address says): the provider is asked, and only its answer is recorded.
    /// Asking again for a settled order changes nothing, so a return repeated or raced by
    /// the shop's own check settles the order once.
    pub async fn card_returned(&self, id: &OrderId) -> Result<CardReturned, CardPaymentError> {
        let order = self.card_order(id).await?;
        let open = order.payment_status == PaymentStatus::Pending;
        // A failed payment is asked about too: a payer who paid on the page after the
        // order's hold ended must be refunded, and staff learn of it here.
        let failed_unpaid =
            order.payment_status == PaymentStatus::Failed && order.transaction_id.is_none();
        let answer = if open || failed_unpaid {
            let check = PaymentCheck {
                order: order.id.clone(),
                method: PaymentMethod::Card,
                reference: order.payment_reference.clone(),
            };
            Some(monitoring::check(self.gateway.as_ref(), &check).await)
        } else {
            None
        };
        match &answer {
            Some(outcome) if open => self.settlement.settle_late(&order, outcome.clone()).await,
            Some(PaymentOutcome::Approved { transaction_id }) => {
                tracing::error!(order = %order.id, transaction_id, "a card payment was approved after its order was canceled: refund it to the payer");
            }
            _ => {}
        }
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
            PaymentStatus::Paid | PaymentStatus::PartiallyRefunded | PaymentStatus::Refunded => {
                CardReturn::Paid(settled.id)
            }
            PaymentStatus::Pending if settled.payment_method.is_some() => {
                CardReturn::Pending(settled.id)
            }
            // Failed, or a phone order's declined card taken back (it waits for another).
            PaymentStatus::Failed | PaymentStatus::Pending => CardReturn::Failed {
                order: settled.id,
                reason: declined.unwrap_or_else(|| PAYMENT_FAILED.into()),
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
        if !self.gateway.is_sandbox() {
            return Err(CardPaymentError::NotFound);
        }
        let order = self.card_order(id).await?;
        if order.payment_status != PaymentStatus::Pending {
            return Err(CardPaymentError::NotFound);
        }
        Ok(SandboxCardPayment {
            order: order.id,
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
        if self
            .gateway
            .decide_sandbox_card(&payment.order, approve)
            .await
        {
            Ok(())
        } else {
            Err(CardPaymentError::NotFound)
        }
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
mod tests {
    use super::*;
    use crate::payments::tests::payments;
    use crate::testing::paid_order;
    use domain::message::texts::CARD_DECLINED;
    use domain::payment_method::PaymentMethod;
    use domain::ports::{MockOrderRepository, MockPaymentGateway};
    use std::sync::{Arc, Mutex};

    /// Amina's $45.00 order paid by card, not paid yet.
    fn card_order() -> Order {
        Order {
            payment_method: Some(PaymentMethod::Card),
            payment_status: PaymentStatus::Pending,
            payment_reference: Some("https://pay.example/hpp/token/1".into()),
            ..paid_order()
        }
    }

    /// The orders store holding `order`, which `apply` changes as the plan says.
    fn orders_holding(order: Order) -> MockOrderRepository {
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
        });
        let payments = payments(approved, orders_holding(card_order()));
        let returned = payments
            .card_returned(&card_order().id)
            .await
            .unwrap()
            .result;
        assert_eq!(returned, CardReturn::Paid(card_order().id));
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
        let payments = payments(unknown, orders);
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
        let payments = payments(declined, orders_holding(card_order()));
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
        let payments = payments(gateway, orders_holding(paid.clone()));
        let returned = payments.card_returned(&paid.id).await.unwrap().result;
        assert_eq!(returned, CardReturn::Paid(paid.id));
    }

    #[tokio::test]
    async fn a_wallets_order_has_no_card_payment() {
        let mut gateway = MockPaymentGateway::new();
        gateway.expect_check().never();
        let payments = payments(gateway, orders_holding(paid_order()));
        assert!(matches!(
            payments.card_returned(&paid_order().id).await,
            Err(CardPaymentError::NotFound)
        ));
    }

    #[tokio::test]
    async fn the_sandbox_card_page_exists_only_in_the_sandbox() {
        let mut real = MockPaymentGateway::new();
        real.expect_is_sandbox().return_const(false);
        real.expect_decide_sandbox_card().never();
        let real = payments(real, orders_holding(card_order()));
        assert!(matches!(
            real.decide_sandbox_card(&card_order().id, true).await,
            Err(CardPaymentError::NotFound)
        ));
        let mut sandbox = MockPaymentGateway::new();
        sandbox.expect_is_sandbox().return_const(true);
        sandbox
            .expect_decide_sandbox_card()
            .times(1)
            .returning(|_, approve| approve);
        let sandbox = payments(sandbox, orders_holding(card_order()));
        assert_eq!(
            sandbox
                .sandbox_card_payment(&card_order().id)
                .await
                .unwrap(),
            SandboxCardPayment {
                order: card_order().id,
                amount: Money::from_cents(4500).unwrap()
            }
        );
        sandbox
            .decide_sandbox_card(&card_order().id, true)
            .await
            .unwrap();
    }
}
