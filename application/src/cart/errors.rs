//! What each cart and wishlist use case can fail with.

use domain::cart::CartError;
use domain::discount::DiscountRefusal;
use domain::ports::RepoError;
use domain::validation::FieldErrors;

#[derive(Debug, thiserror::Error)]
pub enum AddToCartError {
    #[error("no such product")]
    ProductNotFound,
    /// No such size, a size missing, or more than the stock.
    #[error(transparent)]
    Refused(#[from] CartError),
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// A cart asked for with a place to deliver to.
#[derive(Debug, thiserror::Error)]
pub enum CartPlaceError {
    /// The place is no zone the shop delivers to now (the message names the field).
    #[error(transparent)]
    Invalid(#[from] FieldErrors),
    #[error(transparent)]
    Store(#[from] RepoError),
}

#[derive(Debug, thiserror::Error)]
pub enum RemoveFromCartError {
    #[error("the product is not in the cart")]
    NotInCart,
    #[error(transparent)]
    Store(#[from] RepoError),
}

#[derive(Debug, thiserror::Error)]
pub enum AddToWishlistError {
    #[error("no such product")]
    ProductNotFound,
    #[error(transparent)]
    Store(#[from] RepoError),
}

#[derive(Debug, thiserror::Error)]
pub enum RemoveFromWishlistError {
    #[error("the product is not in the wishlist")]
    NotInWishlist,
    #[error(transparent)]
    Store(#[from] RepoError),
}

#[derive(Debug, thiserror::Error)]
pub enum ApplyDiscountError {
    /// No such code (or one deleted meanwhile).
    #[error("no such discount code")]
    UnknownCode,
    #[error("the cart is empty")]
    CartEmpty,
    /// The code does not apply to this cart now.
    #[error("{0:?}")]
    Refused(DiscountRefusal),
    #[error(transparent)]
    Store(#[from] RepoError),
}
