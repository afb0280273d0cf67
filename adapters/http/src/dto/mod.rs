//! JSON shapes of replies (docs/api.md) and request bodies. Amounts leave as dollars with at
//! most two decimals; everything below this module works in cents.

use application::cart::CartView;
use application::dashboard::Dashboard;
use application::Shop;
use domain::account_key::AccountKeyInput;
use domain::checkout::{CheckoutInput, ShippingAddress, ShippingAddressInput};
use domain::language::Language;
use domain::order::{Changer, Order, OrderStatus, PaymentWait, StatusChange};
use domain::payment_method::PaymentMethod;
use domain::permissions::{granted, sees_money_of_order};
use domain::product::Product;
use domain::refund::RefundClaim;
use domain::returns::return_deadline;
use domain::settings::{SettingsInput, ShopSettings};
use domain::stats::PeriodReport;
use domain::terms::ShopTerms;
use domain::user::{ContactInput, ProfileChangeInput, RegistrationInput, User};
use names::{
    LanguageName, OrderChannelName, OrderStatusName, PaymentMethodName, PaymentStatusName,
    PaymentWaitName, PermissionName, RefundStatusName, RoleName, StockStatusName,
};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

mod audit;
mod colour_pictures;
mod deliveries;
mod delivery;
mod discounts;
mod names;
mod notifications;
mod order_detail;
mod payment_links;
mod payments;
mod phone_orders;
mod product_sheet;
mod restock;
mod returns;
mod reviews;
mod variants;
pub use audit::{AuditActorDto, AuditEntryDto, AuditQuery};
pub use colour_pictures::{ColourImagesDto, ColourOrderBody, ColourPictureForm};
pub use deliveries::{
    AttemptDto, DeliveredBody, DeliveryListQuery, DispatchBody, MyCashDto, NotDeliveredBody,
    OrderDeliveryDto, RiderCashDto, RiderCashQuery, RiderDeliveryDto, RiderDto,
};
pub use delivery::{
    cities, CartDeliveryDto, CartPlaceQuery, DeliveryCityDto, DeliveryDistrictDto,
    DeliveryZoneBody, DeliveryZoneDto, EtaDaysBody, EtaDaysDto,
};
pub use discounts::{
    CartDiscountBody, CartDiscountDto, DiscountBody, DiscountDto, DiscountNotAppliedDto,
};
pub use notifications::{
    ForgotPasswordBody, NotificationDto, NotificationsQuery, ResetPasswordBody,
};
pub use order_detail::{OrderDetailDto, ReturnableDto, ReturnableLineDto};
pub use payment_links::{LinkPaymentDto, LinkedOrderDto, PaymentLinkDto};
pub use payments::{
    PaymentAttemptDto, PaymentAttemptsQuery, PaymentMethodDto, ProviderDayDto, ReconciliationDto,
    ReconciliationQuery,
};
pub use phone_orders::{PaymentChoiceBody, PhoneCustomerDto, PhoneOrderBody, QuoteDto};
pub use product_sheet::{
    read_sheet, sheet_csv, ImportQuery, ImportRefusalDto, ImportReportDto, LineErrorDto,
};
pub use restock::{RestockAlertBody, RestockAlertDto, RestockDemandDto, RestockRequestDto};
pub use returns::{
    ReturnBody, ReturnDto, ReturnLineBody, ReturnLineDto, ReturnListQuery, ReturnStatusBody,
};
pub use reviews::{
    AdminReviewDto, AdminReviewsQuery, ProductReviewsQuery, RatingSummaryDto, ReviewBody,
    ReviewDto, ReviewEligibilityDto, ReviewVisibilityBody, ReviewedProductDto,
};
pub use variants::{
    variant_rows, CartLineQuery, LineVariantDto, VariantDto, VariantRowBody, MALFORMED_GRID,
};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// Null for a customer staff added by phone who gave none.
    pub email: Option<String>,
    pub phone: String,
    #[schema(value_type = RoleName)]
    pub role: &'static str,
    /// What the role lets them do in the back office (none for a customer).
    #[schema(value_type = Vec<PermissionName>)]
    pub permissions: Vec<&'static str>,
    /// The language they last chose or used: the shop's screens switch to it when they
    /// sign in (`PUT /api/auth/language` changes it).
    #[schema(value_type = LanguageName)]
    pub language: &'static str,
    pub created_at: String,
    pub must_change_password: bool,
}

impl From<&User> for UserDto {
    fn from(user: &User) -> Self {
        Self {
            id: user.id.to_string(),
            name: user.name.clone(),
            email: user.email.as_ref().map(ToString::to_string),
            phone: user.phone.clone(),
            role: user.role.as_str(),
            permissions: granted(user.role).iter().map(|p| p.as_str()).collect(),
            language: user.language.code(),
            created_at: user.created_at.to_rfc3339(),
            must_change_password: user.must_change_password,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub description: String,
    pub category: &'static str,
    pub tags: Vec<String>,
    pub price: f64,
    pub discount: u8,
    pub original_price: Option<f64>,
    /// The picture cards show: the first colour's first picture, else the product's own.
    pub image: Option<String>,
    /// `image`, small.
    pub thumbnail: Option<String>,
    /// The product's own pictures, shown for a colour without any.
    pub gallery: Vec<String>,
    /// The pictures of each colour of its sizes that has some: `{colour: [path]}`, the
    /// colours in the sizes' order.
    #[schema(value_type = BTreeMap<String, Vec<String>>)]
    pub colour_images: ColourImagesDto,
    pub rating: f64,
    pub reviews: u32,
    pub stock: u32,
    #[schema(value_type = StockStatusName)]
    pub stock_status: &'static str,
    /// Sizes and colours in the admin's order; empty for a one-size product.
    pub variants: Vec<VariantDto>,
    pub is_featured: bool,
    pub created_at: String,
}

impl From<&Product> for ProductDto {
    fn from(p: &Product) -> Self {
        Self {
            id: p.id.to_string(),
            name: p.name.clone(),
            description: p.description.clone(),
            category: p.category.as_str(),
            tags: p.tags.clone(),
            price: p.price.as_dollars(),
            discount: p.discount.value(),
            original_price: p.original_price().map(|m| m.as_dollars()),
            image: p.cover().map(|i| i.full.clone()),
            thumbnail: p.cover().map(|i| i.thumbnail.clone()),
            gallery: p.gallery.clone(),
            colour_images: ColourImagesDto::from(p),
            rating: f64::from(p.rating_tenths) / 10.0,
            reviews: p.reviews,
            stock: p.stock,
            stock_status: p.stock_status().as_str(),
            variants: p.variants.iter().map(VariantDto::from).collect(),
            is_featured: p.is_featured,
            created_at: p.created_at.to_rfc3339(),
        }
    }
}

pub fn products(list: &[Product]) -> Vec<ProductDto> {
    list.iter().map(ProductDto::from).collect()
}

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

impl From<&Order> for OrderDto {
    fn from(o: &Order) -> Self {
        Self {
            id: o.id.to_string(),
            number: o.number.get(),
            created_at: o.created_at.to_rfc3339(),
            status: o.status.as_str(),
            payment_status: o.payment_status.as_str(),
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

impl OrderDto {
    /// `order` as `viewer` may see it: without its amounts unless they are theirs to see.
    pub fn seen_by(order: &Order, viewer: &User) -> Self {
        let dto = Self::from(order);
        if sees_money_of_order(viewer, order) {
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

/// `list` as `viewer` may see it (`OrderDto::seen_by`).
pub fn orders(list: &[Order], viewer: &User) -> Vec<OrderDto> {
    list.iter()
        .map(|order| OrderDto::seen_by(order, viewer))
        .collect()
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsDto {
    pub shop_name: String,
    pub support_phone: String,
    pub support_email: String,
    pub shipping_fee: f64,
    /// The largest order total paid in cash on delivery, in dollars.
    pub cash_on_delivery_max: f64,
    pub sandbox_payments: bool,
    /// How long the payer has to confirm an EVC Plus payment on the phone, in seconds.
    pub payment_timeout_secs: u64,
    /// What the storefront promises: from the settings, the zones and the providers.
    pub terms: TermsDto,
}

/// The delivery fees, before any code, over the places delivered to.
#[derive(Serialize, ToSchema)]
pub struct FeeRangeDto {
    pub min: f64,
    pub max: f64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TermsDto {
    /// `min` and `max` equal for one fee, both 0 when delivery is free; null while the shop
    /// delivers nowhere.
    pub delivery_fee: Option<FeeRangeDto>,
    /// The days after delivery an order may be returned.
    pub return_days: i64,
    /// The methods a checkout takes now, in the checkout's order.
    #[schema(value_type = Vec<PaymentMethodName>)]
    pub payment_methods: Vec<&'static str>,
}

impl From<&ShopTerms> for TermsDto {
    fn from(terms: &ShopTerms) -> Self {
        Self {
            delivery_fee: terms.delivery_fee.map(|range| FeeRangeDto {
                min: range.min.as_dollars(),
                max: range.max.as_dollars(),
            }),
            return_days: terms.return_days,
            payment_methods: terms.payment_methods.iter().map(|m| m.id()).collect(),
        }
    }
}

impl SettingsDto {
    pub fn of(settings: &ShopSettings, terms: &ShopTerms, shop: &Shop) -> Self {
        Self {
            terms: terms.into(),
            shop_name: settings.shop_name.clone(),
            support_phone: settings.support_phone.clone(),
            support_email: settings.support_email.to_string(),
            shipping_fee: settings.shipping_fee.as_dollars(),
            cash_on_delivery_max: settings.cash_on_delivery_max.as_dollars(),
            sandbox_payments: shop.checkout.is_sandbox_payments(),
            payment_timeout_secs: shop.orders.payment_hold().payment_timeout_secs(),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct RevenueBucketDto {
    pub label: String,
    pub revenue: f64,
}

#[derive(Serialize, ToSchema)]
pub struct StatusCountsDto {
    pub pending: u64,
    pub shipped: u64,
    pub delivered: u64,
    pub canceled: u64,
}

#[derive(Serialize, ToSchema)]
pub struct ProductSalesDto {
    pub name: String,
    pub quantity: u64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatsDto {
    pub total_products: u64,
    pub total_orders: u64,
    pub pending_orders: u64,
    pub total_revenue: f64,
    pub monthly_revenue: f64,
    pub average_order_value: f64,
    pub revenue_by_month: Vec<RevenueBucketDto>,
    pub status_counts: StatusCountsDto,
    pub top_products: Vec<ProductSalesDto>,
    pub recent_orders: Vec<OrderDto>,
}

impl From<&Dashboard> for StatsDto {
    fn from(d: &Dashboard) -> Self {
        let f = &d.figures;
        Self {
            total_products: d.total_products,
            total_orders: f.total_orders,
            pending_orders: f.pending_orders,
            total_revenue: f.total_revenue.as_dollars(),
            monthly_revenue: f.monthly_revenue.as_dollars(),
            average_order_value: f.average_order_value.as_dollars(),
            revenue_by_month: f
                .revenue_by_month
                .iter()
                .map(|b| RevenueBucketDto {
                    label: b.label.clone(),
                    revenue: b.revenue.as_dollars(),
                })
                .collect(),
            status_counts: StatusCountsDto {
                pending: f.status_counts.pending,
                shipped: f.status_counts.shipped,
                delivered: f.status_counts.delivered,
                canceled: f.status_counts.canceled,
            },
            top_products: f
                .top_products
                .iter()
                .map(|s| ProductSalesDto {
                    name: s.name.clone(),
                    quantity: s.quantity,
                })
                .collect(),
            recent_orders: d.recent_orders.iter().map(OrderDto::from).collect(),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct DayRevenueDto {
    pub date: String,
    pub revenue: f64,
}

#[derive(Serialize, ToSchema)]
pub struct TopProductDto {
    pub name: String,
    pub quantity: u64,
    pub revenue: f64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportDto {
    pub days: u32,
    pub from: String,
    pub to: String,
    pub total_sales: f64,
    pub orders: u64,
    pub new_users: u64,
    pub average_order_value: f64,
    pub revenue_by_day: Vec<DayRevenueDto>,
    pub top_products: Vec<TopProductDto>,
    /// What discount codes took off the merchandise of the period's revenue orders.
    pub discounts_given: f64,
    /// Each code those orders used, the most used first.
    pub discount_codes: Vec<CodeUsesDto>,
}

#[derive(Serialize, ToSchema)]
pub struct CodeUsesDto {
    pub code: String,
    pub orders: u64,
    /// Dollars taken off (0 for free shipping).
    pub amount: f64,
}

impl From<&PeriodReport> for ReportDto {
    fn from(r: &PeriodReport) -> Self {
        Self {
            days: r.days,
            from: r.from.to_rfc3339(),
            to: r.to.to_rfc3339(),
            total_sales: r.total_sales.as_dollars(),
            orders: r.orders,
            new_users: r.new_users,
            average_order_value: r.average_order_value.as_dollars(),
            discounts_given: r.discounts_given.as_dollars(),
            discount_codes: r
                .discount_codes
                .iter()
                .map(|c| CodeUsesDto {
                    code: c.code.clone(),
                    orders: c.orders,
                    amount: c.amount.as_dollars(),
                })
                .collect(),
            revenue_by_day: r
                .revenue_by_day
                .iter()
                .map(|(date, revenue)| DayRevenueDto {
                    date: date.to_string(),
                    revenue: revenue.as_dollars(),
                })
                .collect(),
            top_products: r
                .top_products
                .iter()
                .map(|(sales, revenue)| TopProductDto {
                    name: sales.name.clone(),
                    quantity: sales.quantity,
                    revenue: revenue.as_dollars(),
                })
                .collect(),
        }
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PeriodQuery {
    /// 7, 30 or 90 (default 30).
    #[serde(default = "thirty")]
    #[param(minimum = 7, maximum = 90, example = 30)]
    pub days: u32,
}

fn thirty() -> u32 {
    30
}

#[derive(Serialize, ToSchema)]
pub struct MessageDto {
    pub message: &'static str,
}

impl MessageDto {
    pub fn of(message: &'static str) -> Self {
        Self { message }
    }
}

#[derive(Serialize, ToSchema)]
pub struct HealthDto {
    #[schema(example = "ok")]
    pub status: &'static str,
}

/// A signed-in session: after sign-in or self-registration.
#[derive(Serialize, ToSchema)]
pub struct SessionDto {
    pub token: String,
    pub user: UserDto,
    pub message: &'static str,
}

/// A changed account: the user's fields, and a fresh `token` when one's own password was
/// changed (that ended every earlier session, the one that sent the change included).
#[derive(Serialize, ToSchema)]
pub struct UpdatedUserDto {
    #[serde(flatten)]
    pub user: UserDto,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub token: Option<String>,
}

/// An account an admin created, with the temporary password shown once.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedUserDto {
    pub user: UserDto,
    pub temporary_password: String,
    pub message: &'static str,
}

/// What `POST /api/auth/register` answers: a session for a shopper registering, a created
/// account for an admin.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum RegistrationDto {
    Session(SessionDto),
    Created(CreatedUserDto),
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

// ---- request bodies ----

/// The language someone chooses for the shop's screens and their messages.
#[derive(Deserialize, ToSchema)]
pub struct LanguageBody {
    #[serde(default)]
    #[schema(value_type = LanguageName)]
    pub language: String,
}

/// The account a sign-in or a password reset names: its `email`, or `phone` in its place for
/// an account made without an e-mail.
#[derive(Deserialize, ToSchema)]
pub struct AccountKeyBody {
    #[serde(default)]
    pub email: String,
    /// A Somali mobile number, as typed: names only an account without an e-mail.
    #[serde(default)]
    pub phone: String,
}

impl From<AccountKeyBody> for AccountKeyInput {
    fn from(body: AccountKeyBody) -> Self {
        Self {
            email: body.email,
            phone: body.phone,
        }
    }
}

#[derive(Deserialize, ToSchema)]
pub struct LoginBody {
    #[serde(flatten)]
    pub account: AccountKeyBody,
    #[serde(default)]
    pub password: String,
}

#[derive(Deserialize, ToSchema)]
pub struct RegisterBody {
    #[serde(default)]
    #[schema(min_length = 1, max_length = 200)]
    pub name: String,
    #[serde(default)]
    #[schema(format = Email, max_length = 254)]
    pub email: String,
    #[serde(default)]
    #[schema(min_length = 1, max_length = 40)]
    pub phone: String,
    /// Ignored when an admin creates the account (a temporary password is made).
    #[serde(default)]
    #[schema(min_length = 6, max_length = 128)]
    pub password: String,
    /// A role's name (`user`, `admin`, `orders`, `stock`, `rider`); only counts when someone
    /// with `users.manage` creates the account.
    #[schema(value_type = Option<RoleName>)]
    pub role: Option<String>,
}

impl RegisterBody {
    pub fn contact(&self) -> ContactInput {
        ContactInput {
            name: self.name.clone(),
            email: self.email.clone(),
            phone: self.phone.clone(),
        }
    }

    /// A self-registration, in the language the shop is shown in (`language`).
    pub fn registration(&self, language: Language) -> RegistrationInput {
        RegistrationInput {
            contact: self.contact(),
            password: self.password.clone(),
            language,
        }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateUserBody {
    #[serde(default)]
    #[schema(min_length = 1, max_length = 200)]
    pub name: String,
    #[serde(default)]
    #[schema(format = Email, max_length = 254)]
    pub email: String,
    #[serde(default)]
    #[schema(min_length = 1, max_length = 40)]
    pub phone: String,
    /// A role's name (`user`, `admin`, `orders`, `stock`, `rider`); only someone with
    /// `users.manage` may change it.
    #[schema(value_type = Option<RoleName>)]
    pub role: Option<String>,
    /// A new password.
    #[schema(min_length = 6, max_length = 128)]
    pub password: Option<String>,
    /// Needed with a new password for one's own account.
    pub current_password: Option<String>,
}

impl From<UpdateUserBody> for ProfileChangeInput {
    fn from(body: UpdateUserBody) -> Self {
        ProfileChangeInput {
            contact: ContactInput {
                name: body.name,
                email: body.email,
                phone: body.phone,
            },
            role: body.role,
            new_password: body.password,
            current_password: body.current_password,
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

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsBody {
    #[serde(default)]
    #[schema(min_length = 1)]
    pub shop_name: String,
    #[serde(default)]
    #[schema(min_length = 1)]
    pub support_phone: String,
    #[serde(default)]
    #[schema(format = Email)]
    pub support_email: String,
    /// Dollars, 0 to 1000: a number, or a number as text.
    #[serde(default, deserialize_with = "loose_number")]
    #[schema(value_type = Option<f64>, minimum = 0, maximum = 1000)]
    pub shipping_fee: Option<Option<f64>>,
    /// Dollars, 0 to 10000: the largest order total paid in cash on delivery; left out, it
    /// stays as it is.
    #[serde(default, deserialize_with = "loose_number")]
    #[schema(value_type = Option<f64>, minimum = 0, maximum = 10000)]
    pub cash_on_delivery_max: Option<Option<f64>>,
}

impl From<SettingsBody> for SettingsInput {
    fn from(body: SettingsBody) -> Self {
        SettingsInput {
            shop_name: body.shop_name,
            support_phone: body.support_phone,
            support_email: body.support_email,
            shipping_fee: body.shipping_fee.flatten(),
            cash_on_delivery_max: body.cash_on_delivery_max,
        }
    }
}

/// Product fields as JSON; numbers may come as numbers or as text (HTML forms send text).
#[derive(Deserialize, Default, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductBody {
    pub name: Option<String>,
    pub description: Option<String>,
    pub category: Option<String>,
    #[serde(default, deserialize_with = "loose_number")]
    #[schema(value_type = Option<f64>)]
    pub price: Option<Option<f64>>,
    /// Stock changes only when sent.
    #[serde(default, deserialize_with = "loose_number")]
    #[schema(value_type = Option<f64>)]
    pub stock: Option<Option<f64>>,
    /// With `stock` on an update: the stock the admin's form showed. When the stock has
    /// changed since, the answer is 409 and nothing is written.
    #[serde(default, deserialize_with = "loose_number")]
    #[schema(value_type = Option<f64>, minimum = 0)]
    pub expected_stock: Option<Option<f64>>,
    #[serde(default, deserialize_with = "loose_number")]
    #[schema(value_type = Option<f64>)]
    pub discount: Option<Option<f64>>,
    /// Comma-separated, or a list of strings.
    #[serde(default, deserialize_with = "loose_tags")]
    pub tags: Option<String>,
    /// The size grid (in a multipart form: its JSON text). Rows with an `_id` keep that
    /// size, rows without are new, sizes left out are removed. With sizes, `stock` is theirs.
    #[serde(default)]
    #[schema(value_type = Option<Vec<VariantRowBody>>)]
    pub variants: Option<Value>,
    #[serde(default, deserialize_with = "loose_bool")]
    pub is_featured: Option<bool>,
}

/// The product fields as a multipart form (what the admin screens send), with an optional
/// picture. It describes the form in the API document; the handler reads it part by part.
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductForm {
    pub name: Option<String>,
    pub description: Option<String>,
    pub category: Option<String>,
    pub price: Option<String>,
    pub stock: Option<String>,
    pub expected_stock: Option<String>,
    pub discount: Option<String>,
    /// Comma-separated.
    pub tags: Option<String>,
    /// `true`, `on`, `1` or `yes` for true.
    pub is_featured: Option<String>,
    /// The size grid as JSON text: `[{"size":"M","colour":"Black","sku":"","stock":3}]`.
    pub variants: Option<String>,
    /// A PNG, JPEG, GIF or WebP picture of at most 5 MB.
    #[schema(value_type = Option<String>, format = Binary)]
    pub image: Option<Vec<u8>>,
}

/// Present: `Some(number)` or `Some(None)` when it is not a number. Absent: `None`.
pub(crate) fn loose_number<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<Option<Option<f64>>, D::Error> {
    Ok(Some(parse_number(&Value::deserialize(d)?)))
}

pub fn parse_number(value: &Value) -> Option<f64> {
    match value {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse::<f64>().ok().filter(|n| n.is_finite()),
        _ => None,
    }
}

/// Tags as comma-separated text or as a list of strings.
fn loose_tags<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::String(s) => Some(s),
        Value::Array(items) => Some(
            items
                .iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join(","),
        ),
        _ => None,
    })
}

pub(crate) fn loose_bool<'de, D: Deserializer<'de>>(d: D) -> Result<Option<bool>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Bool(b) => Some(b),
        Value::String(s) => Some(parse_bool(&s)),
        _ => None,
    })
}

pub fn parse_bool(text: &str) -> bool {
    matches!(text.trim(), "true" | "on" | "1" | "yes")
}

/// Read as text, so that a bad one gets the message naming it (`domain::listing::page`).
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// The page, from 1.
    #[param(value_type = Option<u32>, minimum = 1)]
    pub page: Option<String>,
    /// Items per page, 1 to 100 (default 20).
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100)]
    pub limit: Option<String>,
}
