//! Orders taken by phone and chat (`domain::phone_order`): staff find the customer or add one,
//! pick what they want and where it goes, and the order holds its stock like any unpaid order
//! until the customer pays (by a request to their wallet, a link, or in cash).

mod customers;
mod errors;
mod link;
mod payment;

pub use customers::PhoneCustomers;
pub use errors::*;
pub use link::{LinkAddress, LinkedOrder, PaymentLinks, SentLink};
pub use payment::{PhonePayment, PhonePayments};

use crate::audit::Audit;
use crate::cart::Pricing;
use crate::catalog::CatalogVersion;
use crate::delivery::CurrentZones;
use derive_new::new;
use domain::cart::{chosen_variant, CartLine, CartTotals};
use domain::discount::{CartDiscount, DiscountCode, DiscountRefusal};
use domain::message::texts::{DISCOUNT_NOT_FOUND, PRODUCT_GONE};
use domain::order::{Order, OrderDiscount};
use domain::permissions::{require, Permission};
use domain::phone::MobileNumber;
use domain::phone_order::{
    quoted_delivery, CustomerChoice, LineChoice, PhoneOrderDraft, PhoneOrderInput,
};
use domain::ports::{
    Clock, DiscountRepository, IdGenerator, OrderRepository, OrderStoreError, ProductRepository,
};
use domain::product::Product;
use domain::user::User;
use domain::validation::FieldErrors;
use domain::{Money, OrderId};
use std::collections::HashMap;
use std::sync::Arc;

/// What an order being taken would cost: its lines as they are now, checkout's totals, the
/// code applied, and delivery (`None` until a place is chosen) with the total.
#[derive(Debug, Clone, PartialEq)]
pub struct Quote {
    pub lines: Vec<CartLine>,
    pub totals: CartTotals,
    pub code: Option<DiscountCode>,
    pub shipping: Option<Money>,
    pub total: Money,
}

/// Taking orders for customers in calls and chats (permission `orders.create`): pricing them
/// as checkout does and holding their stock; paying them is `PhonePayments`'.
#[allow(clippy::too_many_arguments)] // derive_new's constructor takes each port
#[derive(new)]
pub struct PhoneOrders {
    customers: PhoneCustomers,
    products: Arc<dyn ProductRepository>,
    orders: Arc<dyn OrderRepository>,
    discounts: Arc<dyn DiscountRepository>,
    pricing: Pricing,
    zones: CurrentZones,
    catalog_version: CatalogVersion,
    audit: Audit,
    clock: Arc<dyn Clock>,
    ids: Arc<dyn IdGenerator>,
}

impl PhoneOrders {
    /// Takes the order `input` describes for its customer: pending, its payment to be chosen,
    /// its stock held. The totals are checkout's (the code's conditions, the zone's fee);
    /// staff never type a price.
    pub async fn take(
        &self,
        actor: &User,
        input: &PhoneOrderInput,
    ) -> Result<Order, PhoneOrderError> {
        require(actor, Permission::OrdersCreate)?;
        let request = input.validate(&self.zones.get().await?)?;
        let lines = self.lines(&request.lines).await?;
        let code = self.code(request.discount_code.as_ref()).await?;
        let customer = match &request.customer {
            CustomerChoice::Existing(id) => self.customers.existing(id).await?,
            CustomerChoice::New(new) => self.customers.add(actor, new).await?,
        };
        let (totals, held) = self
            .pricing
            .discounted_totals(
                Some(&customer.id),
                &lines,
                code.as_ref(),
                request.zone.as_ref(),
            )
            .await?;
        if let Some(refusal) = held.as_ref().and_then(|held| held.refusal.clone()) {
            return Err(PhoneOrderError::CodeRefused(refusal));
        }
        let customer_phone = MobileNumber::parse(&customer.phone)
            .or_else(|| MobileNumber::parse(&request.shipping_address.phone))
            .ok_or_else(|| {
                FieldErrors::single("phone", domain::message::texts::MOBILE_PHONE_INVALID)
            })?;
        let mut order = PhoneOrderDraft {
            id: OrderId::parse(&self.ids.new_id()).expect("the id generator makes valid ids"),
            customer: &customer,
            customer_phone,
            lines: &lines,
            subtotal: totals.subtotal,
            discount: held.map(|held| OrderDiscount {
                code: held.code,
                amount: totals.discount,
            }),
            shipping: totals.shipping,
            total: totals.total,
            shipping_address: request.shipping_address,
            taken_by: actor,
            at: self.clock.now(),
        }
        .into_order()
        .ok_or_else(|| FieldErrors::single("lines", PRODUCT_GONE))?;
        match self.orders.place(&order).await {
            Ok(number) => {
                order.number = number;
                self.catalog_version.forget();
            }
            Err(OrderStoreError::DiscountUnavailable) => {
                return Err(PhoneOrderError::CodeRefused(DiscountRefusal::UsedUp))
            }
            Err(error) => return Err(error.into()),
        }
        self.audit
            .record(actor, domain::audit::AuditChange::order_taken(&order))
            .await;
        Ok(order)
    }

    /// What the order `input` chose so far would cost if taken now, priced as `take` prices
    /// it; nothing is held. A line wanting more than is left, or a code refused to this
    /// customer's order, is refused as taking it would be.
    pub async fn quote(
        &self,
        actor: &User,
        input: &PhoneOrderInput,
    ) -> Result<Quote, PhoneOrderError> {
        require(actor, Permission::OrdersCreate)?;
        let request = input.validate_quote(&self.zones.get().await?)?;
        let lines = self.lines(&request.lines).await?;
        if let Some(short) = lines.iter().find(|line| line.stock() < line.quantity) {
            return Err(OrderStoreError::OutOfStock {
                name: short.name(),
                available: short.stock(),
            }
            .into());
        }
        let code = self.code(request.discount_code.as_ref()).await?;
        let (totals, held) = self
            .pricing
            .discounted_totals(
                request.customer.as_ref(),
                &lines,
                code.as_ref(),
                request.place.zone(),
            )
            .await?;
        if let Some(refusal) = held.as_ref().and_then(|held| held.refusal.clone()) {
            return Err(PhoneOrderError::CodeRefused(refusal));
        }
        let (shipping, total) = quoted_delivery(&request.place, &totals);
        Ok(Quote {
            lines,
            totals,
            code: held.map(|held| held.code),
            shipping,
            total,
        })
    }

    /// The code typed, applying (its conditions are checked with the totals).
    async fn code(
        &self,
        typed: Option<&DiscountCode>,
    ) -> Result<Option<CartDiscount>, PhoneOrderError> {
        let Some(code) = typed else {
            return Ok(None);
        };
        let discount = self
            .discounts
            .by_code(code)
            .await?
            .ok_or_else(|| FieldErrors::single("discountCode", DISCOUNT_NOT_FOUND))?;
        Ok(Some(CartDiscount::applying(discount)))
    }

    /// Each line with its product and size as they are now.
    async fn lines(&self, chosen: &[LineChoice]) -> Result<Vec<CartLine>, PhoneOrderError> {
        let ids: Vec<_> = chosen.iter().map(|line| line.product_id.clone()).collect();
        let products: HashMap<_, Product> = self
            .products
            .by_ids(&ids)
            .await?
            .into_iter()
            .map(|product| (product.id.clone(), product))
            .collect();
        chosen
            .iter()
            .map(|line| {
                let product = products
                    .get(&line.product_id)
                    .ok_or_else(|| FieldErrors::single("lines", PRODUCT_GONE))?;
                let variant = chosen_variant(product, line.variant_id.as_ref())
                    .map_err(|refusal| FieldErrors::single("lines", refusal.message()))?;
                Ok(CartLine {
                    product: product.clone(),
                    variant,
                    quantity: line.quantity,
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod link_tests;
#[cfg(test)]
mod tests;
