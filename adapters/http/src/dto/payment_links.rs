//! Phone orders' payment links (issue 45): the link staff send, and the order as the link's
//! page shows it to a payer who may have no account.

use super::names::{LinkStateName, OrderStatusName, PaymentMethodName, PaymentStatusName};
use super::{AddressDto, OrderDto, OrderLineDto};
use application::phone_orders::{LinkedOrder, SentLink};
use application::views::OrderView;
use domain::payment_method::PaymentMethod;
use domain::phone_order::PaymentState;
use serde::Serialize;
use utoipa::ToSchema;

/// A payment link sent to a phone order's customer.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentLinkDto {
    /// The order's page on the shop, where the customer pays. Null for staff who do not see the
    /// order's amounts (an order handler sending a colleague's phone order): the page shows
    /// them, so the link goes to the customer alone.
    #[schema(example = "https://dukaan.so/pay/Q3x9Lk2mP0aZ7vB1nC4dE6fG8hJ5kL2m")]
    pub url: Option<String>,
    /// The last moment a payment may start on it (then the order's hold ends).
    pub expires_at: String,
    /// Opens WhatsApp on a chat with the customer, the message with the link written (and the
    /// total). Null as `url` is.
    pub whatsapp_url: Option<String>,
    /// Whether a text message with the link was sent to the customer's phone (false when the
    /// shop has no SMS provider set up: share the link instead).
    pub sms_sent: bool,
}

impl From<SentLink> for PaymentLinkDto {
    fn from(link: SentLink) -> Self {
        Self {
            url: link.url,
            expires_at: link.expires_at.to_rfc3339(),
            whatsapp_url: link.whatsapp_url,
            sms_sent: link.sms_sent,
        }
    }
}

/// A payment link's order, as its page shows it: what is bought, where it goes and what it
/// costs (never who bought it beyond the delivery's name and phone).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkedOrderDto {
    /// As the shop's messages name it: `#` and its number.
    #[schema(example = "#1042")]
    pub order_number: String,
    pub products: Vec<OrderLineDto>,
    pub shipping_address: Option<AddressDto>,
    pub subtotal: f64,
    pub shipping_fee: f64,
    pub discount_code: Option<String>,
    pub discount_amount: f64,
    pub total_amount: f64,
    /// A payment is under way (the customer's PIN prompt is open): the page waits for it.
    pub paying: bool,
    /// `open` to pay, `paying` while a payment is under way, `settled` once paid (or to be
    /// paid in cash to the rider): the page then shows the order and where it stands.
    #[schema(value_type = LinkStateName)]
    pub state: &'static str,
    #[schema(value_type = OrderStatusName)]
    pub status: &'static str,
    #[schema(value_type = PaymentStatusName)]
    pub payment_status: &'static str,
    /// Its money was received (as `OrderDto::paid`).
    pub paid: bool,
    #[schema(value_type = Option<PaymentMethodName>)]
    pub payment_method: Option<&'static str>,
    /// The last moment a payment may start on the link.
    pub expires_at: String,
    /// What the customer may pay with (the shop's methods but cash).
    #[schema(value_type = Vec<PaymentMethodName>)]
    pub payment_methods: Vec<&'static str>,
    /// The customer's mobile number, to pay from unless they choose another.
    pub payment_phone: String,
}

impl From<&LinkedOrder> for LinkedOrderDto {
    fn from(linked: &LinkedOrder) -> Self {
        let order = &linked.order;
        let shown = OrderDto::from(OrderView::to_its_payer(order));
        Self {
            order_number: order.number.to_string(),
            products: shown.products,
            shipping_address: shown.shipping_address,
            subtotal: order.subtotal.as_dollars(),
            shipping_fee: order.shipping_fee.as_dollars(),
            discount_code: shown.discount_code,
            discount_amount: order
                .discount
                .as_ref()
                .map_or(0.0, |d| d.amount.as_dollars()),
            total_amount: order.total.as_dollars(),
            paying: linked.state == PaymentState::Paying,
            state: linked.state.id(),
            status: shown.status,
            payment_status: shown.payment_status,
            paid: shown.paid,
            payment_method: shown.payment_method,
            expires_at: linked.expires_at.to_rfc3339(),
            payment_methods: linked
                .methods
                .iter()
                .map(|m| PaymentMethod::id(*m))
                .collect(),
            payment_phone: order.payment_phone.national().to_owned(),
        }
    }
}

/// How a payment on the link went: paid (201), or waiting for the payer to confirm on their
/// phone or on the card page (202).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkPaymentDto {
    /// In the language of the request.
    pub message: String,
    /// `paid` or `pending`.
    #[schema(value_type = PaymentStatusName)]
    pub payment_status: &'static str,
    /// A card payment: where to send the payer's browser to pay.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub redirect_url: Option<String>,
}
