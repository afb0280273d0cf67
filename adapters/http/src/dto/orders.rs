//! Orders as their replies show them (amounts only to who may see them), checkout, and the
//! bodies that change an order's status and payment.

use super::names::{
    OrderChannelName, OrderStatusName, PaymentMethodName, PaymentStatusName, PaymentWaitName,
    RefundStatusName,
};
use super::{LineVariantDto, OrderDeliveryDto};
use application::views::OrderView;
use domain::checkout::{CheckoutInput, ShippingAddress, ShippingAddressInput};
use domain::order::{Changer, Order, OrderStatus, PaymentWait, StatusChange};
use domain::payment_method::PaymentMethod;
use domain::refund::RefundClaim;
use domain::returns::return_deadline;
use domain::user::User;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct CustomerDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub email: String,
}

#[derive(Serialize, ToSchema)]
pub struct LineProductDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub image: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderLineDto {
    /// Stable: the order's id and the line's place (returns name lines by it).
    #[serde(rename = "_id")]
    pub id: String,
    pub product_id: LineProductDto,
    pub name: String,
    pub image: Option<String>,
    /// Absent, like every amount of the order, for staff without `money.read`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub price: Option<f64>,
    pub quantity: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub line_total: Option<f64>,
    /// The size bought, as it was; null for a one-size product.
    pub variant: Option<LineVariantDto>,
}

/// Where an order goes, as its replies show it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressDto {
    pub full_name: String,
    pub phone: String,
    pub city: String,
    /// Empty in a city delivered as a whole where the shopper named none.
    pub district: String,
    pub address_line: String,
    /// What the rider looks for ("near the Hodan market mosque"); may be empty.
    pub landmark: String,
}

/// A delivery address as checkout sends it; a field left out is blank (and refused by the
/// checkout's rules with its own message).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressBody {
    #[serde(default)]
    pub full_name: String,
    #[serde(default)]
    pub phone: String,
    #[serde(default)]
    pub city: String,
    /// Null, empty or left out for a city delivered as a whole (as the zones list it).
    #[serde(default)]
    pub district: Option<String>,
    #[serde(default)]
    pub address_line: String,
    /// Optional: what the rider looks for where streets have no names.
    #[serde(default)]
    pub landmark: String,
}

impl From<AddressBody> for ShippingAddressInput {
    fn from(a: AddressBody) -> Self {
        ShippingAddressInput {
            full_name: a.full_name,
            phone: a.phone,
            city: a.city,
            district: a.district.unwrap_or_default(),
            address_line: a.address_line,
            landmark: a.landmark,
        }
    }
}

impl From<&ShippingAddress> for AddressDto {
    fn from(a: &ShippingAddress) -> Self {
        Self {
            full_name: a.full_name.clone(),
            phone: a.phone.clone(),
            city: a.city.clone(),
            district: a.district.clone(),
            address_line: a.address_line.clone(),
            landmark: a.landmark.clone(),
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderDto {
    #[serde(rename = "_id")]
    pub id: String,
    /// The number people know it by (1001, 1002, ...), shown as `#1042`; found by the back
    /// office's search as `1042` or `#1042`. The id stays the order's key in URLs and calls.
    #[schema(example = 1042)]
    pub number: u32,
    pub created_at: String,
    #[schema(value_type = OrderStatusName)]
    pub status: &'static str,
    #[schema(value_type = PaymentStatusName)]
    pub payment_status: &'static str,
    /// Its money was received (`paid`, `partiallyRefunded` or `refunded`: some may have
    /// gone back since).
    pub paid: bool,
    /// What its payment waits for while it is open (not canceled, not paid); null otherwise.
    #[schema(value_type = Option<PaymentWaitName>)]
    pub payment_awaits: Option<&'static str>,
    /// `paymentAwaits` is `confirmation`: the payment provider never confirmed its charge (an
    /// admin checks with the provider, then marks it paid or cancels it). Cash waiting for
    /// its rider and a phone order waiting for its customer are not.
    pub awaiting_payment: bool,
    /// How it is paid; null while an order taken by phone waits for its customer to pay or
    /// choose.
    #[schema(value_type = Option<PaymentMethodName>)]
    pub payment_method: Option<&'static str>,
    pub payment_phone: String,
    pub transaction_id: Option<String>,
    /// Where it was taken: `web` (the shopper's checkout) or `phone` (by staff, in a call
    /// or a chat).
    #[schema(value_type = OrderChannelName)]
    pub channel: &'static str,
    /// The staff member who took a phone order; null for a web order.
    pub created_by: Option<ChangerDto>,
    /// The card page an unpaid card payment is made on, so the shopper can go back to it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub payment_page_url: Option<String>,
    /// The amounts (this and the four below, and each line's) are sent to the order's shopper
    /// and to staff with `money.read`, and left out for other staff (an order handler).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub subtotal: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub shipping_fee: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub total_amount: Option<f64>,
    /// The discount code the order used, if any.
    pub discount_code: Option<String>,
    /// What the code took off the merchandise (0 without one, and for free shipping).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub discount_amount: Option<f64>,
    /// What went back to the shopper: the rest of the charge on a cancel, returns' refunds.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub refunded_amount: Option<f64>,
    /// A cancel's refund not landed yet: `sending` (at the provider now) or `unconfirmed`
    /// (sent, answer not received: an admin resolves it with `POST /api/orders/{id}/refund`);
    /// null without one.
    #[schema(value_type = Option<RefundStatusName>)]
    pub refund_status: Option<&'static str>,
    /// When that refund was sent; null without one.
    pub refund_sent_at: Option<String>,
    /// When it was first delivered (kept when an admin moves it back and delivers it again:
    /// the return window runs from the first delivery); null until then.
    pub delivered_at: Option<String>,
    /// The statuses it took, oldest first; the first is its placing.
    pub status_history: Vec<StatusEntryDto>,
    /// The last moment units of it may be asked back (30 days from its first delivery); null
    /// while it is not delivered.
    pub returnable_until: Option<String>,
    pub user_id: CustomerDto,
    pub products: Vec<OrderLineDto>,
    pub shipping_address: Option<AddressDto>,
    /// When the payment stayed unconfirmed past `SHOP_UNCONFIRMED_HOLD_SECS` and the order
    /// was canceled for it (its stock released); null otherwise. EVC Plus may still have
    /// taken the money: check before telling the shopper.
    pub hold_expired_at: Option<String>,
    /// Its way to the shopper once it first went out with a rider; null before.
    pub delivery: Option<OrderDeliveryDto>,
}

/// A status an order or a return took, when, and who set it.
#[derive(Serialize, ToSchema)]
pub struct StatusEntryDto {
    pub status: &'static str,
    pub at: String,
    /// Who set it, for admins (the shopper for a placing or a return's request); null for
    /// the shop itself, and always for a shopper.
    pub by: Option<ChangerDto>,
}

#[derive(Serialize, ToSchema)]
pub struct ChangerDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
}

impl From<&Changer> for ChangerDto {
    fn from(by: &Changer) -> Self {
        Self {
            id: by.id.to_string(),
            name: by.name.clone(),
        }
    }
}

impl StatusEntryDto {
    pub fn list<S: Copy>(history: &[StatusChange<S>], name: fn(S) -> &'static str) -> Vec<Self> {
        history
            .iter()
            .map(|change| StatusEntryDto {
                status: name(change.status),
                at: change.at.to_rfc3339(),
                by: change.by.as_ref().map(ChangerDto::from),
            })
            .collect()
    }
}

impl OrderDto {
    /// Every field of `o`, amounts included: only a view decides to show them.
    fn whole(o: &Order) -> Self {
        Self {
            id: o.id.to_string(),
            number: o.number.get(),
            created_at: o.created_at.to_rfc3339(),
            status: o.status.as_str(),
            payment_status: o.payment_status.as_str(),
            paid: o.payment_status.was_charged(),
            payment_awaits: o.payment_waits_for().map(PaymentWait::id),
            awaiting_payment: o.payment_waits_for() == Some(PaymentWait::Confirmation),
            payment_method: o.payment_method.map(PaymentMethod::id),
            payment_phone: o.payment_phone.to_string(),
            transaction_id: o.transaction_id.clone(),
            channel: o.channel.kind().id(),
            created_by: o.channel.taken_by().map(ChangerDto::from),
            payment_page_url: o.payment_page().map(str::to_owned),
            hold_expired_at: o.hold_expired_at.map(|at| at.to_rfc3339()),
            subtotal: Some(o.subtotal.as_dollars()),
            shipping_fee: Some(o.shipping_fee.as_dollars()),
            total_amount: Some(o.total.as_dollars()),
            discount_code: o.discount.as_ref().map(|d| d.code.to_string()),
            discount_amount: Some(o.discount.as_ref().map_or(0.0, |d| d.amount.as_dollars())),
            refunded_amount: Some(o.refunded.as_dollars()),
            refund_status: refund_status(o.refund_claim),
            refund_sent_at: o.refund_claim.map(|c| c.sent_at.to_rfc3339()),
            delivered_at: o.delivered_at.map(|at| at.to_rfc3339()),
            status_history: StatusEntryDto::list(&o.history, OrderStatus::as_str),
            returnable_until: return_deadline(o).map(|at| at.to_rfc3339()),
            delivery: o.delivery.as_ref().map(OrderDeliveryDto::from),
            user_id: CustomerDto {
                id: o.user_id.to_string(),
                name: o.customer_name.clone(),
                email: o.customer_email.clone(),
            },
            products: o
                .lines
                .iter()
                .enumerate()
                .map(|(index, l)| OrderLineDto {
                    id: o.line_id(index).to_string(),
                    product_id: LineProductDto {
                        id: l.product_id.to_string(),
                        name: l.name.clone(),
                        image: l.image.clone(),
                    },
                    name: l.name.clone(),
                    image: l.image.clone(),
                    price: Some(l.unit_price.as_dollars()),
                    quantity: l.quantity,
                    variant: l.variant.clone().map(LineVariantDto::from),
                    line_total: Some(l.line_total().as_dollars()),
                })
                .collect(),
            shipping_address: o.shipping_address.as_ref().map(AddressDto::from),
        }
    }
}

/// Where a claimed refund stands, as `refundStatus` names it.
pub fn refund_status(claim: Option<RefundClaim>) -> Option<&'static str> {
    claim.map(|c| c.status().as_str())
}

impl From<OrderView<'_>> for OrderDto {
    /// The order as its view shows it: without its amounts unless they are shown.
    fn from(view: OrderView<'_>) -> Self {
        let dto = Self::whole(view.order);
        if view.amounts {
            return dto;
        }
        Self {
            subtotal: None,
            shipping_fee: None,
            total_amount: None,
            discount_amount: None,
            refunded_amount: None,
            products: dto
                .products
                .into_iter()
                .map(|line| OrderLineDto {
                    price: None,
                    line_total: None,
                    ..line
                })
                .collect(),
            ..dto
        }
    }
}

/// Each order of `list` as `viewer` sees it (`OrderView::seen_by`).
pub fn orders(list: &[Order], viewer: &User) -> Vec<OrderDto> {
    OrderView::list(list, viewer)
        .into_iter()
        .map(OrderDto::from)
        .collect()
}

/// A checkout that went through (paid), is kept pending (payment not confirmed yet), or
/// waits for the shopper on the card page.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutDto {
    /// In the language of the request.
    pub message: String,
    pub order: OrderDto,
    /// A card payment: where to send the shopper's browser to pay (WaafiPay's hosted page,
    /// or the sandbox's card page).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub redirect_url: Option<String>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutBody {
    #[serde(default)]
    #[schema(pattern = "^evc-plus$")]
    pub payment_method: String,
    /// A Somali mobile number: `61xxxxxxx`, `061xxxxxxx`, `25261xxxxxxx` or `+252 61 xxx xxxx`.
    #[serde(default)]
    #[schema(example = "+252 61 555 1234")]
    pub payment_phone: String,
    pub shipping_address: Option<AddressBody>,
}

impl From<CheckoutBody> for CheckoutInput {
    fn from(body: CheckoutBody) -> Self {
        CheckoutInput {
            payment_method: body.payment_method,
            payment_phone: body.payment_phone,
            shipping_address: body.shipping_address.map(ShippingAddressInput::from),
        }
    }
}

#[derive(Deserialize, ToSchema)]
pub struct StatusBody {
    #[serde(default)]
    #[schema(pattern = "^(pending|shipped|delivered|canceled)$")]
    pub status: String,
}

/// An admin's word on a refund sent but not answered, after checking with EVC Plus.
#[derive(Deserialize, ToSchema)]
pub struct RefundResolutionBody {
    /// `confirmed`: the money went back, record it without sending anything; `resend`: it
    /// did not, send the refund again.
    #[serde(default)]
    #[schema(pattern = "^(confirmed|resend)$")]
    pub resolution: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentBody {
    /// Only `paid` may be set.
    #[serde(default)]
    #[schema(pattern = "^paid$")]
    pub payment_status: String,
    /// The provider's transaction id, when known.
    #[serde(default)]
    #[schema(max_length = 100)]
    pub transaction_id: Option<String>,
}
