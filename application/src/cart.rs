//! The shopper's cart and wishlist.

mod discount;
mod errors;
mod pricing;

pub use errors::*;
pub use pricing::Pricing;

use crate::catalog::find_product;
use crate::delivery::CurrentZones;
use crate::settings::CurrentSettings;
use derive_new::new;
use domain::cart::{change_quantity, chosen_variant, with_line, CartLine, CartTotals};
use domain::delivery::{cash_on_delivery, CashRefusal, DeliveryZone};
use domain::discount::{CartDiscount, DiscountCode, DiscountRefusal};
use domain::ports::{
    CartRepository, Clock, DiscountRepository, ProductRepository, RepoError, WishlistRepository,
};
use domain::product::Product;
use domain::user::User;
use domain::validation::FieldErrors;
use domain::{ProductId, VariantId};
use std::sync::Arc;

/// A cart with the totals the shopper will be charged.
#[derive(Debug, Clone, PartialEq)]
pub struct CartView {
    pub lines: Vec<CartLine>,
    pub totals: CartTotals,
    /// The discount code on the cart, if any.
    pub code: Option<CartCode>,
    /// Where it goes, for a cart asked with a place; `None`: the totals hold the settings'
    /// flat fee.
    pub delivery: Option<CartDelivery>,
}

/// The zone a cart was asked for: its fee is in the cart's totals.
#[derive(Debug, Clone, PartialEq)]
pub struct CartDelivery {
    pub zone: DeliveryZone,
    /// Whether the cart's total may be paid in cash on delivery there, or why not.
    pub cash: Result<(), CashRefusal>,
}

/// The code held by a cart.
#[derive(Debug, Clone, PartialEq)]
pub struct CartCode {
    pub code: DiscountCode,
    /// Why it takes nothing off now (the cart shrank below its minimum, it expired, an admin
    /// switched it off); `None` while it applies.
    pub refusal: Option<DiscountRefusal>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WishlistAdd {
    Added,
    AlreadyPresent,
}

/// The shopper's cart (with its discount code, in `cart_discount`) and wishlist.
#[derive(new)]
pub struct Carts {
    // Built from the ports given after it, before they move into their own fields.
    #[new(value = "Pricing::new(discounts.clone(), clock.clone(), settings.clone())")]
    pricing: Pricing,
    carts: Arc<dyn CartRepository>,
    wishlists: Arc<dyn WishlistRepository>,
    products: Arc<dyn ProductRepository>,
    discounts: Arc<dyn DiscountRepository>,
    clock: Arc<dyn Clock>,
    settings: CurrentSettings,
    zones: CurrentZones,
}

impl Carts {
    /// How the cart is priced, as checkout prices it.
    pub(crate) fn pricing(&self) -> &Pricing {
        &self.pricing
    }

    pub async fn cart(&self, user: &User) -> Result<CartView, RepoError> {
        let (lines, discount) = self.cart_with_code(user).await?;
        self.cart_view(user, lines, discount, None).await
    }

    /// The cart with delivery to `city` and `district` in its totals: that zone's fee.
    pub async fn cart_delivered_to(
        &self,
        user: &User,
        city: &str,
        district: Option<&str>,
    ) -> Result<CartView, CartPlaceError> {
        let zones = self.zones.get().await?;
        let zone = zones
            .destination(city, district)
            .map_err(|refusal| {
                let (field, message) = refusal.on_field();
                FieldErrors::single(field, message)
            })?
            .cloned();
        let (lines, discount) = self.cart_with_code(user).await?;
        Ok(self.cart_view(user, lines, discount, zone).await?)
    }

    /// The cart's lines and its discount code, read side by side.
    pub(crate) async fn cart_with_code(
        &self,
        user: &User,
    ) -> Result<(Vec<CartLine>, Option<CartDiscount>), RepoError> {
        Ok(tokio::try_join!(
            self.carts.lines(&user.id),
            self.discounts.on_cart(&user.id)
        )?)
    }

    async fn cart_view(
        &self,
        user: &User,
        lines: Vec<CartLine>,
        on_cart: Option<CartDiscount>,
        zone: Option<DeliveryZone>,
    ) -> Result<CartView, RepoError> {
        let (totals, code) = self
            .pricing
            .discounted_totals(Some(&user.id), &lines, on_cart.as_ref(), zone.as_ref())
            .await?;
        let delivery = match zone {
            Some(zone) => {
                let max = self.settings.get().await?.cash_on_delivery_max;
                let cash = cash_on_delivery(Some(&zone), totals.total, max);
                Some(CartDelivery { zone, cash })
            }
            None => None,
        };
        Ok(CartView {
            lines,
            totals,
            code,
            delivery,
        })
    }

    /// Adds `delta` units (negative to take some away) of the product in `variant` (a product
    /// with sizes needs one), keeping the line between 1 and that size's stock.
    pub async fn add_to_cart(
        &self,
        user: &User,
        product_id: &ProductId,
        variant: Option<&VariantId>,
        delta: i64,
    ) -> Result<CartView, AddToCartError> {
        let product = find_product(
            self.products.as_ref(),
            product_id,
            AddToCartError::ProductNotFound,
        )
        .await?;
        let variant = chosen_variant(&product, variant)?;
        let variant_id = variant.as_ref().map(|v| &v.id);
        let (lines, discount) = self.cart_with_code(user).await?;
        let current = lines
            .iter()
            .find(|l| l.is_for(&product, variant_id))
            .map_or(0, |l| l.quantity);
        let stock = variant.as_ref().map_or(product.stock, |v| v.stock);
        let quantity = change_quantity(current, delta, stock)?;
        self.carts
            .set_quantity(
                &user.id,
                product_id,
                variant_id.cloned(),
                quantity,
                self.clock.now(),
            )
            .await?;
        // The cart as it is now, without reading it again.
        Ok(self
            .cart_view(
                user,
                with_line(lines, product, variant, quantity),
                discount,
                None,
            )
            .await?)
    }

    /// Removes the product's line in `variant`, or with `None` all its lines.
    pub async fn remove_from_cart(
        &self,
        user: &User,
        product_id: &ProductId,
        variant: Option<&VariantId>,
    ) -> Result<CartView, RemoveFromCartError> {
        if !self
            .carts
            .remove(&user.id, product_id, variant.cloned())
            .await?
        {
            return Err(RemoveFromCartError::NotInCart);
        }
        Ok(self.cart(user).await?)
    }

    /// Empties the cart (its code stays, for the next order).
    pub(crate) async fn empty(&self, user: &User) -> Result<(), RepoError> {
        self.carts.clear(&user.id).await
    }

    pub async fn wishlist(&self, user: &User) -> Result<Vec<Product>, RepoError> {
        self.wishlists.products(&user.id).await
    }

    /// Adding a product twice is no error: the reply says it was already there.
    pub async fn add_to_wishlist(
        &self,
        user: &User,
        product_id: &ProductId,
    ) -> Result<WishlistAdd, AddToWishlistError> {
        find_product(
            self.products.as_ref(),
            product_id,
            AddToWishlistError::ProductNotFound,
        )
        .await?;
        let now = self.clock.now();
        let added = self.wishlists.add(&user.id, product_id, now).await?;
        Ok(if added {
            WishlistAdd::Added
        } else {
            WishlistAdd::AlreadyPresent
        })
    }

    pub async fn remove_from_wishlist(
        &self,
        user: &User,
        product_id: &ProductId,
    ) -> Result<(), RemoveFromWishlistError> {
        if self.wishlists.remove(&user.id, product_id).await? {
            Ok(())
        } else {
            Err(RemoveFromWishlistError::NotInWishlist)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{cart_code, product, shopper, CartMocks as Mocks};
    use mockall::predicate::{always, eq};

    #[tokio::test]
    async fn adding_beyond_the_stock_is_refused_with_the_amount_left() {
        let mut ports = Mocks::new();
        ports
            .products
            .expect_by_id()
            .returning(|_| Ok(Some(product(1250, 3))));
        ports.carts.expect_lines().returning(|_| {
            Ok(vec![CartLine {
                product: product(1250, 3),
                variant: None,
                quantity: 2,
            }])
        });
        cart_code(&mut ports.discounts, None);
        let error = ports
            .service()
            .add_to_cart(&shopper("amina"), &ProductId::parse("p1").unwrap(), None, 2)
            .await
            .unwrap_err();
        assert!(matches!(
            error,
            AddToCartError::Refused(domain::cart::CartError::NotEnoughStock { available: 3 })
        ));
    }

    #[tokio::test]
    async fn adding_sets_the_summed_quantity_and_returns_totals_with_shipping() {
        let mut ports = Mocks::new();
        ports
            .products
            .expect_by_id()
            .returning(|_| Ok(Some(product(1250, 10))));
        ports.carts.expect_lines().times(1).returning(|_| {
            Ok(vec![CartLine {
                product: product(1250, 10),
                variant: None,
                quantity: 1,
            }])
        });
        ports
            .carts
            .expect_set_quantity()
            .with(
                always(),
                eq(ProductId::parse("p1").unwrap()),
                eq(None),
                eq(3),
                always(),
            )
            .times(1)
            .returning(|_, _, _, _, _| Ok(()));
        ports.settings.expect_get().returning(|| Ok(None));
        cart_code(&mut ports.discounts, None);
        let cart = ports
            .service()
            .add_to_cart(&shopper("amina"), &ProductId::parse("p1").unwrap(), None, 2)
            .await
            .unwrap();
        assert_eq!(cart.lines.len(), 1);
        assert_eq!(cart.lines[0].quantity, 3);
        assert_eq!(cart.totals.subtotal.cents(), 3750);
        assert_eq!(cart.totals.shipping.cents(), 500);
        assert_eq!(cart.totals.total.cents(), 4250);
    }

    #[tokio::test]
    async fn the_same_product_twice_in_the_wishlist_is_reported_not_failed() {
        let mut ports = Mocks::new();
        ports
            .products
            .expect_by_id()
            .returning(|_| Ok(Some(product(1250, 1))));
        ports.wishlists.expect_add().returning(|_, _, _| Ok(false));
        let outcome = ports
            .service()
            .add_to_wishlist(&shopper("amina"), &ProductId::parse("p1").unwrap())
            .await
            .unwrap();
        assert_eq!(outcome, WishlistAdd::AlreadyPresent);
    }
}
