//! The cart and the wishlist, and the bodies that add to them.

use super::{CartDeliveryDto, CartDiscountDto, DiscountNotAppliedDto, LineVariantDto, ProductDto};
use application::cart::CartView;
use domain::product::Product;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartLineDto {
    pub product_id: ProductDto,
    /// The thumbnail of the line's colour (the product's own without one).
    pub image: Option<String>,
    /// The size; null for a one-size product.
    pub variant: Option<LineVariantDto>,
    pub quantity: u32,
    pub line_total: f64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartDto {
    pub products: Vec<CartLineDto>,
    pub item_count: u32,
    pub subtotal: f64,
    /// The code taking money off now; null without one, or while it does not apply.
    pub discount: Option<CartDiscountDto>,
    /// The code the cart holds that does not apply now, with why (checkout refuses it and
    /// takes it off the cart).
    pub discount_not_applied: Option<DiscountNotAppliedDto>,
    /// 0 with free shipping.
    pub shipping: f64,
    /// subtotal - discount + shipping: what checkout charges.
    pub total: f64,
    /// The zone whose fee `shipping` holds, for a cart asked with a place; null: the
    /// settings' flat fee.
    pub delivery: Option<CartDeliveryDto>,
}

impl From<&CartView> for CartDto {
    fn from(cart: &CartView) -> Self {
        Self {
            products: cart
                .lines
                .iter()
                .map(|l| CartLineDto {
                    product_id: ProductDto::from(&l.product),
                    image: l.thumbnail().map(str::to_owned),
                    variant: l.variant.as_ref().map(|v| v.snapshot().into()),
                    quantity: l.quantity,
                    line_total: l.line_total().as_dollars(),
                })
                .collect(),
            item_count: cart.totals.item_count,
            subtotal: cart.totals.subtotal.as_dollars(),
            discount: cart
                .code
                .as_ref()
                .filter(|held| held.refusal.is_none())
                .map(|held| CartDiscountDto {
                    code: held.code.to_string(),
                    amount: cart.totals.discount.as_dollars(),
                }),
            discount_not_applied: cart.code.as_ref().and_then(|held| {
                held.refusal.as_ref().map(|refusal| DiscountNotAppliedDto {
                    code: held.code.to_string(),
                    message: refusal.to_string(),
                })
            }),
            shipping: cart.totals.shipping.as_dollars(),
            total: cart.totals.total.as_dollars(),
            delivery: cart.delivery.as_ref().map(CartDeliveryDto::of),
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WishlistLineDto {
    pub product_id: ProductDto,
}

#[derive(Serialize, ToSchema)]
pub struct WishlistDto {
    pub products: Vec<WishlistLineDto>,
}

impl WishlistDto {
    pub fn of(products: &[Product]) -> Self {
        Self {
            products: products
                .iter()
                .map(|p| WishlistLineDto {
                    product_id: p.into(),
                })
                .collect(),
        }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartAddBody {
    #[schema(pattern = "^[A-Za-z0-9_-]{1,64}$")]
    pub product_id: String,
    /// The size; required for a product with sizes (400 'Please select a size').
    #[serde(default)]
    #[schema(pattern = "^[A-Za-z0-9_-]{1,64}$")]
    pub variant_id: Option<String>,
    /// The change: negative takes items out (default 1).
    #[serde(default = "one")]
    pub quantity: i64,
}

fn one() -> i64 {
    1
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WishlistAddBody {
    #[schema(pattern = "^[A-Za-z0-9_-]{1,64}$")]
    pub product_id: String,
}
