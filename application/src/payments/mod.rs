//! The ways to pay this shop offers (DESIGN.md section 9, "Paying"), and asking the
//! providers about payments left unconfirmed.

pub mod card;
pub mod settle;

use crate::monitoring;
use derive_new::new;
use domain::payment_hold::PaymentHold;
use domain::payment_method::PaymentMethod;
use domain::ports::{Clock, OrderRepository, PaymentCheck, PaymentGateway, RepoError};
use settle::Settlement;
use std::sync::Arc;

/// The methods whose providers can be asked about a payment left unconfirmed.
const CHECKABLE: [PaymentMethod; 2] = [PaymentMethod::Edahab, PaymentMethod::Card];
/// Unconfirmed payments asked about at once; the next round asks about the rest.
const CHECKED_AT_ONCE: u32 = 200;

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
    orders: Arc<dyn OrderRepository>,
    clock: Arc<dyn Clock>,
    settlement: Settlement,
    payment_hold: PaymentHold,
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

    /// Asks the providers about the unconfirmed payments they can be asked about (an eDahab
    /// invoice, a card page) and records their answers. `shop serve` calls this before each
    /// release of expired holds, so every such order is asked about once more before its
    /// hold ends. Returns how many it asked about.
    pub async fn check_awaited_payments(&self) -> Result<usize, RepoError> {
        // Orders up to twice the hold old: those past it are released right after.
        let since = self
            .payment_hold
            .cutoff(self.payment_hold.cutoff(self.clock.now()));
        let awaited = self
            .orders
            .unconfirmed_placed_after(since, &CHECKABLE, CHECKED_AT_ONCE)
            .await?;
        let mut asked = 0;
        for order in awaited {
            // An eDahab invoice whose charge has not answered yet has nothing to ask about.
            if order.payment_method == PaymentMethod::Edahab && order.payment_reference.is_none() {
                continue;
            }
            let check = PaymentCheck {
                order: order.id.clone(),
                method: order.payment_method,
                reference: order.payment_reference.clone(),
            };
            let outcome = monitoring::check(self.gateway.as_ref(), &check).await;
            self.settlement.settle_late(&order, outcome).await;
            asked += 1;
        }
        Ok(asked)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::CatalogVersion;
    use crate::testing::clock;
    use domain::ports::{MockOrderRepository, MockPaymentGateway};

    /// The payment methods' use cases over `gateway` and `orders`.
    pub(super) fn payments(gateway: MockPaymentGateway, orders: MockOrderRepository) -> Payments {
        let orders: Arc<dyn OrderRepository> = Arc::new(orders);
        let settlement = Settlement::new(orders.clone(), clock(), CatalogVersion::default());
        Payments::new(
            Arc::new(gateway),
            orders,
            clock(),
            settlement,
            PaymentHold::default(),
        )
    }
    use PaymentMethod::*;

    #[test]
    fn every_method_is_listed_and_only_the_set_up_ones_are_available() {
        let mut gateway = MockPaymentGateway::new();
        gateway
            .expect_methods()
            .return_const(vec![EvcPlus, Zaad, Sahal]);
        let methods = payments(gateway, MockOrderRepository::new()).methods();
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
