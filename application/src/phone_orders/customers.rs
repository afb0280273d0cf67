//! The customers of orders taken by phone: found by name, e-mail or any way of typing their
//! number, or added with an account nobody knows the password of.

use super::PhoneOrderError;
use crate::audit::Audit;
use derive_new::new;
use domain::language::Language;
use domain::listing::users::UserQuery;
use domain::listing::{Page, SearchText};
use domain::message::texts::{CUSTOMER_NOT_FOUND, CUSTOMER_PHONE_TAKEN, EMAIL_TAKEN};
use domain::permissions::{require, Permission};
use domain::phone::MobileNumber;
use domain::phone_order::NewCustomer;
use domain::ports::{
    Clock, IdGenerator, PasswordHasher, RepoError, SecretGenerator, UserRepository,
};
use domain::user::{Role, User};
use domain::validation::FieldErrors;
use domain::UserId;
use std::sync::Arc;

/// Finding and adding the customers staff take orders for (permission `orders.create`).
#[derive(Clone, new)]
pub struct PhoneCustomers {
    users: Arc<dyn UserRepository>,
    hasher: Arc<dyn PasswordHasher>,
    secrets: Arc<dyn SecretGenerator>,
    clock: Arc<dyn Clock>,
    ids: Arc<dyn IdGenerator>,
    audit: Audit,
}

impl PhoneCustomers {
    /// Customers whose name, e-mail or phone holds `text` (a mobile number typed in any usual
    /// way finds the number as stored), one page of them, and how many match.
    pub async fn find(
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

    /// The customer account `id`, if it is one.
    pub(super) async fn existing(&self, id: &UserId) -> Result<User, PhoneOrderError> {
        self.users
            .by_id(id)
            .await?
            .filter(|user| user.role == Role::User)
            .ok_or_else(|| FieldErrors::single("customer", CUSTOMER_NOT_FOUND).into())
    }

    /// A customer account for `new`, with a password nobody knows: they set their own with a
    /// code sent to their phone (or e-mail) when they want to sign in.
    pub(super) async fn add(
        &self,
        actor: &User,
        new: &NewCustomer,
    ) -> Result<User, PhoneOrderError> {
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
