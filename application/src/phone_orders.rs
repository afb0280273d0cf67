//! Orders taken by phone and chat (`domain::phone_order`): staff find the customer or add one,
//! pick what they want and where it goes, and the order holds its stock like any unpaid order
//! until the customer pays (by a request to their wallet, a link, or in cash).

mod errors;
mod link;
mod payment;

pub use errors::*;
pub use link::{LinkAddress, LinkedOrder, PaymentLinks, SentLink};
pub use payment::PhonePayment;

use crate::audit::Audit;
use crate::cart::Carts;
use crate::catalog::CatalogVersion;
use crate::delivery::CurrentZones;
use crate::payments::charge::Charges;
use crate::payments::AcceptedMethods;
use crate::settings::CurrentSettings;
use derive_new::new;
use domain::cart::{chosen_variant, CartLine, CartTotals};
use domain::discount::{CartDiscount, DiscountCode, DiscountRefusal};
use domain::language::Language;
use domain::listing::users::UserQuery;
use domain::listing::{Page, SearchText};
use domain::message::texts::{
    CUSTOMER_NOT_FOUND, CUSTOMER_PHONE_TAKEN, DISCOUNT_NOT_FOUND, EMAIL_TAKEN, PRODUCT_GONE,
};
use domain::order::{Order, OrderDiscount};
use domain::payment_hold::PaymentHold;
use domain::permissions::{require, Permission};
use domain::phone::MobileNumber;
use domain::phone_order::{
    quoted_delivery, CustomerChoice, LineChoice, NewCustomer, PhoneOrderDraft, PhoneOrderInput,
};
use domain::ports::{
    Clock, DiscountRepository, IdGenerator, OrderRepository, OrderStoreError, Outbox,
    PasswordHasher, ProductRepository, RepoError, SecretGenerator, UserRepository,
};
use domain::product::Product;
use domain::user::{Role, User};
use domain::validation::FieldErrors;
use domain::{Money, OrderId, UserId};
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

/// Taking orders for customers in calls and chats (permission `orders.create`).
#[allow(clippy::too_many_arguments)] // derive_new's constructor takes each port
#[derive(new)]
pub struct PhoneOrders {
    users: Arc<dyn UserRepository>,
    products: Arc<dyn ProductRepository>,
    orders: Arc<dyn OrderRepository>,
    discounts: Arc<dyn DiscountRepository>,
    carts: Carts,
    zones: CurrentZones,
    catalog_version: CatalogVersion,
    audit: Audit,
    hasher: Arc<dyn PasswordHasher>,
    secrets: Arc<dyn SecretGenerator>,
    clock: Arc<dyn Clock>,
    ids: Arc<dyn IdGenerator>,
    charges: Charges,
    accepted: AcceptedMethods,
    settings: CurrentSettings,
    outbox: Arc<dyn Outbox>,
    payment_hold: PaymentHold,
}

impl PhoneOrders {
    /// Customers whose name, e-mail or phone holds `text` (a mobile number typed in any usual
    /// way finds the number as stored), one page of them, and how many match.
    pub async fn find_customers(
        &self,
        actor: &User,
        text: &str,
        page: Page,
    ) -> Result<(Vec<User>, u64), PhoneOrderError> {
        require(actor, Permission::OrdersCreate)?;
        let typed = MobileNumber::parse(text)
            .map(|number| number.national().to_owned())
            .unwrap_or_else(|| text.to_owned());
        let search = SearchText::parse(Some(&typed)).map_err(|e| FieldErrors::single("q", e.0))?;
        Ok(self
            .users
            .find(&UserQuery {
                search,
                role: Some(Role::User),
                page: Some(page),
            })
            .await?)
    }

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
            CustomerChoice::Existing(id) => self.existing(id).await?,
            CustomerChoice::New(new) => self.add_customer(actor, new).await?,
        };
        let (totals, held) = self
            .carts
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
            .carts
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

    async fn existing(&self, id: &UserId) -> Result<User, PhoneOrderError> {
        self.users
            .by_id(id)
            .await?
            .filter(|user| user.role == Role::User)
            .ok_or_else(|| FieldErrors::single("customer", CUSTOMER_NOT_FOUND).into())
    }

    /// A customer account for `new`, with a password nobody knows: they set their own with a
    /// code sent to their phone (or e-mail) when they want to sign in.
    async fn add_customer(&self, actor: &User, new: &NewCustomer) -> Result<User, PhoneOrderError> {
        let password_hash = self.hasher.hash(&self.secrets.temporary_password()).await?;
        let customer = User {
            id: UserId::parse(&self.ids.new_id()).expect("the id generator makes valid ids"),
            name: new.name.clone(),
            email: new.email.clone(),
            phone: new.phone.as_str().to_owned(),
            role: Role::User,
            password_hash,
            must_change_password: false,
            token_version: 0,
            created_at: self.clock.now(),
            language: Language::default(),
        };
        match self.users.insert(&customer).await {
            Ok(()) => {}
            Err(RepoError::Duplicate) => {
                let taken = match &new.email {
                    Some(_) => FieldErrors::single("customer.email", EMAIL_TAKEN),
                    None => FieldErrors::single("customer.phone", CUSTOMER_PHONE_TAKEN),
                };
                return Err(taken.into());
            }
            Err(error) => return Err(error.into()),
        }
        self.audit
            .record(actor, domain::audit::AuditChange::user_created(&customer))
            .await;
        Ok(customer)
    }
}

#[cfg(test)]
mod link_tests;
#[cfg(test)]
mod tests;
