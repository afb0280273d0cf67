//! The ways to pay this shop offers (DESIGN.md section 9, "Paying"), and asking the
//! providers about payment attempts left without a final answer, whatever became of their
//! orders (DESIGN.md section 10, "Money that comes late").

pub mod attempts;
pub mod card;
pub mod charge;
pub mod notices;
pub mod settle;

use crate::delivery::CurrentZones;
use crate::monitoring;
use crate::settings::CurrentSettings;
use crate::ReadError;
use attempts::Attempts;
use chrono::NaiveDate;
use derive_new::new;
use domain::delivery::takes_cash;
use domain::delivery::{day_bounds, day_of};
use domain::listing::payments::AttemptQuery;
use domain::payment_attempt::{followed_since, FollowDays};
use domain::payment_attempt::{reconcile, PaymentAttempt, ProviderDay};
use domain::payment_method::PaymentMethod;
use domain::permissions::{require, Permission};
use domain::ports::{
    Clock, OrderRepository, PaymentAttemptRepository, PaymentGateway, PaymentNotices, RepoError,
    SandboxCardPage,
};
use domain::user::User;
use std::sync::Arc;

/// Attempts asked about at once; the next round asks about the rest.
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
    attempts: Arc<dyn PaymentAttemptRepository>,
    clock: Arc<dyn Clock>,
    answers: Attempts,
    /// How many days an attempt without a final answer is asked about
    /// (`SHOP_PAYMENT_FOLLOW_DAYS`).
    follow_days: FollowDays,
    accepted: AcceptedMethods,
    /// The provider's notifications, when the shop takes them (a webhook secret is set:
    /// `with_notices`).
    #[new(default)]
    notices: Option<Arc<dyn PaymentNotices>>,
    /// The sandbox's card page, when payments go to the sandbox (`with_sandbox`).
    #[new(default)]
    sandbox_cards: Option<Arc<dyn SandboxCardPage>>,
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
    /// Payments that go to the sandbox, whose card page is `page`.
    pub fn with_sandbox(mut self, page: Option<Arc<dyn SandboxCardPage>>) -> Self {
        self.sandbox_cards = page;
        self
    }

    /// Whether payments go to the sandbox rather than a provider, so the storefront can say
    /// they are not real.
    pub fn is_sandbox(&self) -> bool {
        self.sandbox_cards.is_some()
    }

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

    /// One page of the payment attempts `query` lists, newest first, with how many it lists
    /// (`money.read`: they are amounts).
    pub async fn attempts(
        &self,
        actor: &User,
        query: &AttemptQuery,
    ) -> Result<(Vec<PaymentAttempt>, u64), ReadError> {
        require(actor, Permission::MoneyRead)?;
        Ok(self.attempts.list(query).await?)
    }

    /// The payments of `day` (today in Somalia without one) reconciled per provider and
    /// currency (`money.read`): the attempts started that day.
    pub async fn reconciliation(
        &self,
        actor: &User,
        day: Option<NaiveDate>,
    ) -> Result<(NaiveDate, Vec<ProviderDay>), ReadError> {
        require(actor, Permission::MoneyRead)?;
        let day = day.unwrap_or_else(|| day_of(self.clock.now()));
        let (from, to) = day_bounds(day);
        let attempts = self.attempts.started_between(from, to).await?;
        Ok((day, reconcile(&attempts)))
    }

    /// Asks the providers about the attempts they can be asked about (an eDahab invoice, a
    /// card page) that have no final answer yet, started within the follow-up days, whatever
    /// their orders became, and records their answers; then pays back late money whose refund
    /// never started. `shop serve` calls this before each release of expired holds, so an
    /// order's attempt is asked about once more before its hold ends. Returns how many it
    /// asked about.
    pub async fn check_awaited_payments(&self) -> Result<usize, RepoError> {
        let since = followed_since(self.clock.now(), self.follow_days);
        let awaited = self
            .attempts
            .awaiting(since, &PaymentMethod::asked_again(), CHECKED_AT_ONCE)
            .await?;
        let mut asked = 0;
        for attempt in awaited.iter().filter(|attempt| attempt.can_be_asked()) {
            let outcome = monitoring::check(self.gateway.as_ref(), &attempt.check()).await;
            self.answers.answered_late(attempt, &outcome).await;
            asked += 1;
        }
        for late in self.attempts.late_unclaimed(CHECKED_AT_ONCE).await? {
            self.answers.refund_late(&late.id).await?;
        }
        Ok(asked)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{attempts_over, clock, current_settings, hodan, zones_of, KeptAttempts};
    use domain::delivery::DeliveryZone;
    use domain::ports::{MockOrderRepository, MockPaymentGateway, MockSettingsRepository};

    /// The payment methods' use cases over `gateway`, `orders` and the attempts `kept`, in a
    /// shop without zones.
    pub(super) fn payments(
        gateway: MockPaymentGateway,
        orders: MockOrderRepository,
        kept: Arc<KeptAttempts>,
    ) -> Payments {
        payments_delivering(gateway, orders, kept, vec![])
    }

    fn payments_delivering(
        gateway: MockPaymentGateway,
        orders: MockOrderRepository,
        kept: Arc<KeptAttempts>,
        zones: Vec<DeliveryZone>,
    ) -> Payments {
        let orders: Arc<dyn OrderRepository> = Arc::new(orders);
        let gateway: Arc<dyn PaymentGateway> = Arc::new(gateway);
        let answers = attempts_over(orders.clone(), gateway.clone(), kept.clone());
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
            kept,
            clock(),
            answers,
            FollowDays::default(),
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
        let methods = payments(gateway, MockOrderRepository::new(), Arc::default())
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
        let methods = payments_delivering(
            gateway,
            MockOrderRepository::new(),
            Arc::default(),
            vec![hodan()],
        )
        .methods()
        .await
        .unwrap();
        let cash = methods.iter().find(|m| m.method == CashOnDelivery).unwrap();
        assert!(cash.available);
    }
}
