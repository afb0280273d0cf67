//! Orders taken by phone and chat (issue 45): the back office's new order and its customers.

use super::{AddressBody, LineVariantDto};
use application::phone_orders::Quote;
use domain::checkout::{PaymentChoiceInput, ShippingAddressInput};
use domain::phone_order::{CustomerInput, LineInput, PhoneOrderInput};
use domain::user::User;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Who the order is for: a customer found in the shop (`userId`), or a new one (a name and a
/// Somali mobile number; an e-mail only when they have one).
#[derive(Deserialize, ToSchema)]
#[serde(untagged)]
pub enum PhoneCustomerBody {
    Existing {
        #[serde(rename = "userId")]
        #[schema(pattern = "^[A-Za-z0-9_-]{1,64}$")]
        user_id: String,
    },
    New {
        name: String,
        #[schema(example = "+252 61 555 1234")]
        phone: String,
        #[serde(default)]
        email: Option<String>,
    },
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhoneOrderLineBody {
    #[schema(pattern = "^[A-Za-z0-9_-]{1,64}$")]
    pub product_id: String,
    /// The size; required for a product with sizes.
    #[serde(default)]
    #[schema(pattern = "^[A-Za-z0-9_-]{1,64}$")]
    pub variant_id: Option<String>,
    /// From 1 to 999.
    pub quantity: i64,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhoneOrderBody {
    pub customer: Option<PhoneCustomerBody>,
    #[serde(default)]
    pub lines: Vec<PhoneOrderLineBody>,
    pub shipping_address: Option<AddressBody>,
    #[serde(default)]
    pub discount_code: Option<String>,
}

impl From<PhoneOrderBody> for PhoneOrderInput {
    fn from(body: PhoneOrderBody) -> Self {
        PhoneOrderInput {
            customer: body.customer.map(|customer| match customer {
                PhoneCustomerBody::Existing { user_id } => CustomerInput::Existing { user_id },
                PhoneCustomerBody::New { name, phone, email } => CustomerInput::New {
                    name,
                    phone,
                    email: email.unwrap_or_default(),
                },
            }),
            lines: body
                .lines
                .into_iter()
                .map(|line| LineInput {
                    product_id: line.product_id,
                    variant_id: line.variant_id,
                    quantity: line.quantity,
                })
                .collect(),
            shipping_address: body.shipping_address.map(ShippingAddressInput::from),
            discount_code: body.discount_code,
        }
    }
}

/// A customer staff may take an order for.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhoneCustomerDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// Null for a customer who gave none.
    pub email: Option<String>,
    pub phone: String,
}

impl From<&User> for PhoneCustomerDto {
    fn from(user: &User) -> Self {
        Self {
            id: user.id.to_string(),
            name: user.name.clone(),
            email: user.email.as_ref().map(ToString::to_string),
            phone: user.phone.clone(),
        }
    }
}

/// How the customer pays: a method and its number.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentChoiceBody {
    #[serde(default)]
    #[schema(example = "evc-plus")]
    pub payment_method: String,
    /// A Somali mobile number of that wallet, written any usual way.
    #[serde(default)]
    #[schema(example = "+252 61 555 1234")]
    pub payment_phone: String,
}

impl From<PaymentChoiceBody> for PaymentChoiceInput {
    fn from(body: PaymentChoiceBody) -> Self {
        PaymentChoiceInput {
            payment_method: body.payment_method,
            payment_phone: body.payment_phone,
        }
    }
}

/// A line of a quote: the product and size as they are now, at today's price.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteLineDto {
    pub product_id: String,
    pub name: String,
    /// The thumbnail of the line's colour (the product's own without one).
    pub image: Option<String>,
    pub price: f64,
    pub quantity: u32,
    pub variant: Option<LineVariantDto>,
    pub line_total: f64,
}

/// What an order being taken would cost if taken now (dollars).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteDto {
    pub products: Vec<QuoteLineDto>,
    pub subtotal: f64,
    /// Null until a place is chosen in a shop with zones (then `totalAmount` leaves it out).
    pub shipping_fee: Option<f64>,
    pub discount_code: Option<String>,
    pub discount_amount: f64,
    pub total_amount: f64,
}

impl From<&Quote> for QuoteDto {
    fn from(quote: &Quote) -> Self {
        Self {
            products: quote
                .lines
                .iter()
                .map(|line| QuoteLineDto {
                    product_id: line.product.id.to_string(),
                    name: line.product.name.clone(),
                    image: line.thumbnail().map(str::to_owned),
                    price: line.product.price.as_dollars(),
                    quantity: line.quantity,
                    variant: line.variant.as_ref().map(|v| v.snapshot().into()),
                    line_total: line.line_total().as_dollars(),
                })
                .collect(),
            subtotal: quote.totals.subtotal.as_dollars(),
            shipping_fee: quote.shipping.map(|fee| fee.as_dollars()),
            discount_code: quote.code.as_ref().map(ToString::to_string),
            discount_amount: quote.totals.discount.as_dollars(),
            total_amount: quote.total.as_dollars(),
        }
    }
}
