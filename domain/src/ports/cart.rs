//! Ports of a shopper's cart and wishlist.

use super::RepoError;
use crate::cart::CartLine;
use crate::ids::{ProductId, UserId, VariantId};
use crate::message::texts::NOT_ENOUGH_STOCK;
use crate::message::Message;
use crate::product::Product;
use async_trait::async_trait;
use chrono::{DateTime, Utc};

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait CartRepository: Send + Sync {
    /// The lines with their products, oldest first.
    async fn lines(&self, user: &UserId) -> Result<Vec<CartLine>, RepoError>;
    /// Sets the quantity of the line of `product` in `variant` (`None`: a one-size product),
    /// adding the line when missing.
    async fn set_quantity(
        &self,
        user: &UserId,
        product: &ProductId,
        variant: Option<VariantId>,
        quantity: u32,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError>;
    /// Removes the line of `product` in `variant`, or with `None` every line of `product`
    /// (a client that knows no sizes removes the product). `false` when there was none.
    async fn remove(
        &self,
        user: &UserId,
        product: &ProductId,
        variant: Option<VariantId>,
    ) -> Result<bool, RepoError>;
    async fn clear(&self, user: &UserId) -> Result<(), RepoError>;
}

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait WishlistRepository: Send + Sync {
    /// The wished products, oldest first.
    async fn products(&self, user: &UserId) -> Result<Vec<Product>, RepoError>;
    /// `false` when the product was already there.
    async fn add(
        &self,
        user: &UserId,
        product: &ProductId,
        at: DateTime<Utc>,
    ) -> Result<bool, RepoError>;
    /// `false` when it was not there.
    async fn remove(&self, user: &UserId, product: &ProductId) -> Result<bool, RepoError>;
}

/// What a checkout refused for want of stock says.
pub fn out_of_stock(name: &str, available: u32) -> Message {
    NOT_ENOUGH_STOCK
        .with("name", name)
        .with("available", available)
}
