//! Port of the discount codes and the one a cart carries.

use super::{Page, RepoError};
use crate::discount::{CartDiscount, Discount, DiscountCode};
use crate::ids::{DiscountId, UserId};
use async_trait::async_trait;

/// Discount codes (issue 15).
#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait DiscountRepository: Send + Sync {
    /// `Duplicate` when the code is taken.
    async fn insert(&self, discount: &Discount) -> Result<(), RepoError>;
    /// Writes the admin's fields (not the uses or the creation time): `Duplicate` when the
    /// new code is taken, `NotFound` when the code is gone.
    async fn update(&self, discount: &Discount) -> Result<(), RepoError>;
    /// `NotFound` when gone. Orders keep the code's text and amount; carts drop it.
    async fn delete(&self, id: &DiscountId) -> Result<(), RepoError>;
    async fn by_id(&self, id: &DiscountId) -> Result<Option<Discount>, RepoError>;
    async fn by_code(&self, code: &DiscountCode) -> Result<Option<Discount>, RepoError>;
    /// Newest first (one page when asked), and how many there are.
    async fn list(&self, page: Option<Page>) -> Result<(Vec<Discount>, u64), RepoError>;
    /// How many of `user`'s orders hold a use of the code.
    async fn uses_by(&self, id: &DiscountId, user: &UserId) -> Result<u32, RepoError>;
    /// The code applied to `user`'s cart, if any (one per cart), with the terms it was
    /// applied for; a cart keeps a code an admin deleted since (as `current: None`).
    async fn on_cart(&self, user: &UserId) -> Result<Option<CartDiscount>, RepoError>;
    /// Applies `discount`, on its present terms, to `user`'s cart in place of any other;
    /// `NotFound` when the code is gone.
    async fn apply_to_cart(&self, user: &UserId, discount: &Discount) -> Result<(), RepoError>;
    /// Takes any code off `user`'s cart.
    async fn remove_from_cart(&self, user: &UserId) -> Result<(), RepoError>;
}
