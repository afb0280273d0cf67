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
use domain::cart::{chosen_variant, CartLine};
use domain::discount::{CartDiscount, DiscountRefusal};
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
    CustomerChoice, LineChoice, NewCustomer, PhoneOrderDraft, PhoneOrderInput,
};
use domain::ports::{
    Clock, DiscountRepository, IdGenerator, OrderRepository, OrderStoreError, Outbox,
    PasswordHasher, ProductRepository, RepoError, SecretGenerator, UserRepository,
};
use domain::product::Product;
use domain::user::{Role, User};
use domain::validation::FieldErrors;
use domain::{OrderId, UserId};
use std::collections::HashMap;
use std::sync::Arc;

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
        let code = match &request.discount_code {
            None => None,
            Some(code) => Some(CartDiscount::applying(
                self.discounts
                    .by_code(code)
                    .await?
                    .ok_or_else(|| FieldErrors::single("discountCode", DISCOUNT_NOT_FOUND))?,
            )),
        };
        let customer = match &request.customer {
            CustomerChoice::Existing(id) => self.existing(id).await?,
            CustomerChoice::New(new) => self.add_customer(actor, new).await?,
        };
        let (totals, held) = self
            .carts
            .discounted_totals(&customer, &lines, code.as_ref(), request.zone.as_ref())
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
