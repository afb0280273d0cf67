//! The shop's payment providers together behind the one port: each method goes to its own
//! provider (`PaymentMethod::provider`): WaafiPay's wallets, eDahab, WaafiPay's card page.
//! A provider the shop has not set up offers none of its methods.

use async_trait::async_trait;
use domain::message::texts::PROVIDER_FAILED;
use domain::payment_method::{PaymentMethod, PaymentProvider};
use domain::ports::{PaymentCheck, PaymentGateway, PaymentOutcome, PaymentRequest, RefundRequest};
use domain::refund::RefundOutcome;
use std::sync::Arc;

/// The providers this shop has set up.
#[derive(Clone, Default)]
pub struct Providers {
    /// EVC Plus, ZAAD and SAHAL.
    pub wallets: Option<Arc<dyn PaymentGateway>>,
    pub edahab: Option<Arc<dyn PaymentGateway>>,
    pub cards: Option<Arc<dyn PaymentGateway>>,
}

impl Providers {
    fn of(&self, method: PaymentMethod) -> Option<&Arc<dyn PaymentGateway>> {
        match method.provider() {
            PaymentProvider::WaafiPayWallet => self.wallets.as_ref(),
            PaymentProvider::Edahab => self.edahab.as_ref(),
            PaymentProvider::WaafiPayCard => self.cards.as_ref(),
            PaymentProvider::Rider => None,
        }
    }

    fn set_up(&self) -> impl Iterator<Item = &Arc<dyn PaymentGateway>> {
        [&self.wallets, &self.edahab, &self.cards]
            .into_iter()
            .flatten()
    }
}

/// Checkout never charges a method the shop does not offer; this answers if it ever did.
fn not_set_up(method: PaymentMethod) -> PaymentOutcome {
    tracing::error!(method = %method, "a payment reached a provider the shop has not set up");
    PaymentOutcome::ProviderRefused {
        reason: PROVIDER_FAILED.into(),
    }
}

#[async_trait]
impl PaymentGateway for Providers {
    fn methods(&self) -> Vec<PaymentMethod> {
        let offered: Vec<PaymentMethod> = self.set_up().flat_map(|p| p.methods()).collect();
        PaymentMethod::ALL
            .into_iter()
            .filter(|method| offered.contains(method) && self.of(*method).is_some())
            .collect()
    }

    async fn charge(&self, request: &PaymentRequest) -> PaymentOutcome {
        match self.of(request.method) {
            Some(provider) => provider.charge(request).await,
            None => not_set_up(request.method),
        }
    }

    async fn check(&self, payment: &PaymentCheck) -> PaymentOutcome {
        match self.of(payment.method) {
            Some(provider) => provider.check(payment).await,
            None => not_set_up(payment.method),
        }
    }

    async fn refund(&self, refund: &RefundRequest) -> RefundOutcome {
        match self.of(refund.method) {
            Some(provider) => provider.refund(refund).await,
            None => RefundOutcome::Refused {
                reason: format!("The shop takes no {} payments now.", refund.method.name()),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::ids::{OrderId, PaymentAttemptId};
    use domain::money::Money;
    use domain::phone::MobileNumber;
    use domain::ports::MockPaymentGateway;
    use PaymentMethod::*;

    fn provider(
        methods: Vec<PaymentMethod>,
        transaction_id: &'static str,
    ) -> Arc<dyn PaymentGateway> {
        let mut gateway = MockPaymentGateway::new();
        gateway.expect_methods().return_const(methods);
        gateway
            .expect_charge()
            .returning(move |_| PaymentOutcome::Approved {
                transaction_id: transaction_id.to_owned(),
                amount: None,
            });
        Arc::new(gateway)
    }

    fn charge(method: PaymentMethod, phone: &str) -> PaymentRequest {
        PaymentRequest {
            attempt: PaymentAttemptId::parse("attempt-7").unwrap(),
            order: OrderId::parse("o1").unwrap(),
            method,
            phone: MobileNumber::parse(phone).unwrap(),
            amount: Money::from_cents(4500).unwrap(),
            description: "Order o1".into(),
        }
    }

    #[tokio::test]
    async fn each_method_goes_to_its_own_provider_and_unset_providers_offer_nothing() {
        let providers = Providers {
            wallets: Some(provider(vec![EvcPlus, Zaad, Sahal], "WAAFI-1")),
            edahab: Some(provider(vec![Edahab], "EDAHAB-1")),
            cards: None,
        };
        assert_eq!(providers.methods(), [EvcPlus, Zaad, Sahal, Edahab]);
        let approved = |id: &str| PaymentOutcome::Approved {
            transaction_id: id.to_owned(),
            amount: None,
        };
        assert_eq!(
            providers.charge(&charge(Zaad, "634441234")).await,
            approved("WAAFI-1")
        );
        assert_eq!(
            providers.charge(&charge(Edahab, "651234567")).await,
            approved("EDAHAB-1")
        );
        assert!(matches!(
            providers.charge(&charge(Card, "615551234")).await,
            PaymentOutcome::ProviderRefused { .. }
        ));
    }
}
