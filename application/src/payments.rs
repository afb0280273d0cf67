//! The ways to pay this shop offers (DESIGN.md section 9, "Paying").

use derive_new::new;
use domain::payment_method::PaymentMethod;
use domain::ports::PaymentGateway;
use std::sync::Arc;

/// A way to pay, and whether this shop has set up its provider.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OfferedMethod {
    pub method: PaymentMethod,
    pub available: bool,
}

/// The payment methods and their providers.
#[derive(new)]
pub struct Payments {
    gateway: Arc<dyn PaymentGateway>,
}

impl Payments {
    /// Every method, each marked available when its provider is set up.
    pub fn methods(&self) -> Vec<OfferedMethod> {
        let set_up = self.gateway.methods();
        PaymentMethod::ALL
            .into_iter()
            .map(|method| OfferedMethod {
                method,
                available: set_up.contains(&method),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::ports::MockPaymentGateway;
    use PaymentMethod::*;

    #[test]
    fn every_method_is_listed_and_only_the_set_up_ones_are_available() {
        let mut gateway = MockPaymentGateway::new();
        gateway
            .expect_methods()
            .return_const(vec![EvcPlus, Zaad, Sahal]);
        let methods = Payments::new(Arc::new(gateway)).methods();
        let available: Vec<_> = methods.iter().map(|m| (m.method, m.available)).collect();
        assert_eq!(
            available,
            [
                (EvcPlus, true),
                (Zaad, true),
                (Sahal, true),
                (Edahab, false),
                (Card, false),
                (CashOnDelivery, false)
            ]
        );
    }
}
