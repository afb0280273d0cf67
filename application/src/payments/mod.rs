//! The ways to pay this shop offers (DESIGN.md section 9, "Paying"), and asking the
//! providers about payments left unconfirmed.

pub mod card;
pub mod charge;
pub mod settle;

use crate::delivery::CurrentZones;
use crate::monitoring;
use crate::settings::CurrentSettings;
use derive_new::new;
use domain::delivery::takes_cash;
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
    accepted: AcceptedMethods,
}

/// The methods a checkout accepts now: those whose provider is set up, and cash on delivery
/// while a served zone takes cash (up to the settings' maximum, checked per order).
#[derive(Clone, new)]
pub struct AcceptedMethods {
    gateway: Arc<dyn PaymentGateway>,
    zones: CurrentZones,
    settings: CurrentSettings,
}

impl AcceptedMethods {
    pub async fn get(&self) -> Result<Vec<PaymentMethod>, RepoError> {
        let mut methods = self.gateway.methods();
        let max = self.settings.get().await?.cash_on_delivery_max;
        if takes_cash(&self.zones.get().await?, max) {
            methods.push(PaymentMethod::CashOnDelivery);
        }
        Ok(methods)
    }
}

impl Payments {
    /// Every method, each marked available when a checkout accepts it now.
    pub async fn methods(&self) -> Result<Vec<OfferedMethod>, RepoError> {
        let accepted = self.accepted.get().await?;
        Ok(PaymentMethod::ALL
            .into_iter()
            .map(|method| OfferedMethod {
                method,
                available: accepted.contains(&method),
            })
            .collect())
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
            let Some(method) = order.payment_method else {
                continue;
            };
            // An eDahab invoice whose charge has not answered yet has nothing to ask about.
            if method == PaymentMethod::Edahab && order.payment_reference.is_none() {
                continue;
            }
            let check = PaymentCheck {
                order: order.id.clone(),
                method,
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
    use crate::testing::{clock, current_settings, hodan, zones_of};
    use domain::delivery::DeliveryZone;
    use domain::ports::{MockOrderRepository, MockPaymentGateway, MockSettingsRepository};

    /// The payment methods' use cases over `gateway` and `orders`, in a shop without zones.
    pub(super) fn payments(gateway: MockPaymentGateway, orders: MockOrderRepository) -> Payments {
        payments_delivering(gateway, orders, vec![])
    }

    fn payments_delivering(
        gateway: MockPaymentGateway,
        orders: MockOrderRepository,
        zones: Vec<DeliveryZone>,
    ) -> Payments {
        let orders: Arc<dyn OrderRepository> = Arc::new(orders);
        let gateway: Arc<dyn PaymentGateway> = Arc::new(gateway);
        let settlement = Settlement::new(orders.clone(), clock(), CatalogVersion::default());
        let mut settings = MockSettingsRepository::new();
        settings.expect_get().returning(|| Ok(None));
        let accepted = AcceptedMethods::new(
            gateway.clone(),
            CurrentZones::new(Arc::new(zones_of(zones))),
            current_settings(settings),
        );
        Payments::new(
            gateway,
            orders,
            clock(),
            settlement,
            PaymentHold::default(),
            accepted,
        )
    }
    use PaymentMethod::*;

    #[tokio::test]
    async fn every_method_is_listed_and_only_the_set_up_ones_are_available() {
        let mut gateway = MockPaymentGateway::new();
        gateway
            .expect_methods()
            .return_const(vec![EvcPlus, Zaad, Sahal]);
        let methods = payments(gateway, MockOrderRepository::new())
            .methods()
            .await
            .unwrap();
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

    #[tokio::test]
    async fn cash_on_delivery_is_available_where_a_served_zone_takes_cash() {
        let mut gateway = MockPaymentGateway::new();
        gateway.expect_methods().return_const(vec![EvcPlus]);
        let methods = payments_delivering(gateway, MockOrderRepository::new(), vec![hodan()])
            .methods()
            .await
            .unwrap();
        let cash = methods.iter().find(|m| m.method == CashOnDelivery).unwrap();
        assert!(cash.available);
    }
}
