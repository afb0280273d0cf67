//! Pricing a set of lines as checkout will: the delivery fee of their zone, and the code when
//! it applies to the customer. The cart, checkout and orders taken by phone price alike.

use crate::settings::CurrentSettings;
use derive_new::new;
use domain::cart::{totals, CartLine, CartTotals};
use domain::delivery::{delivery_fee, DeliveryZone};
use domain::discount::{CartDiscount, Discount, DiscountRefusal};
use domain::ports::{Clock, DiscountRepository, RepoError};
use domain::Money;
use domain::UserId;
use std::sync::Arc;

use super::CartCode;

/// The prices of lines with their code and delivery, over the ports they need.
#[derive(Clone, new)]
pub struct Pricing {
    discounts: Arc<dyn DiscountRepository>,
    clock: Arc<dyn Clock>,
    settings: CurrentSettings,
}

impl Pricing {
    /// Whether `discount` applies now to `user`'s merchandise `subtotal`.
    pub(crate) async fn discount_check(
        &self,
        customer: Option<&UserId>,
        discount: &Discount,
        subtotal: Money,
    ) -> Result<Result<(), DiscountRefusal>, RepoError> {
        // Only a code with a limit per customer needs their past orders (a customer not yet
        // known has none).
        let uses = match (discount.per_customer_limit, customer) {
            (Some(_), Some(customer)) => self.discounts.uses_by(&discount.id, customer).await?,
            _ => 0,
        };
        Ok(discount.check(subtotal, self.clock.now(), uses))
    }

    /// The cart's totals, delivered to `zone` (`None`: for the settings' flat fee), with its
    /// code when that applies to `customer` (`None`: one not yet known), and the code as the
    /// cart holds it.
    pub(crate) async fn discounted_totals(
        &self,
        customer: Option<&UserId>,
        lines: &[CartLine],
        on_cart: Option<&CartDiscount>,
        zone: Option<&DeliveryZone>,
    ) -> Result<(CartTotals, Option<CartCode>), RepoError> {
        let fee = delivery_fee(zone, self.settings.get().await?.shipping_fee);
        let plain = totals(lines, fee);
        let Some(on_cart) = on_cart else {
            return Ok((plain, None));
        };
        let applies = match on_cart.standing() {
            Ok(discount) => self
                .discount_check(customer, discount, plain.subtotal)
                .await?
                .map(|()| discount),
            Err(refusal) => Err(refusal),
        };
        let (totals, refusal) = match applies {
            Ok(discount) => (plain.with_discount(discount), None),
            Err(refusal) => (plain, Some(refusal)),
        };
        Ok((
            totals,
            Some(CartCode {
                code: on_cart.code.clone(),
                refusal,
            }),
        ))
    }
}
