//! The names some reply fields take (statuses, roles, kinds), as enums of the OpenAPI
//! document. Each set is read from the domain's own list, so a name is written once, and a
//! client generated from the document (the frontend's types) knows every value.

use domain::audit::{AuditAction, AuditEntity};
use domain::discount::DiscountKind;
use domain::language::Language;
use domain::notification::{Channel, DeliveryStatus, Topic};
use domain::order::{ChannelKind, OrderStatus, PaymentStatus, PaymentWait};
use domain::payment_attempt::AttemptState;
use domain::payment_method::{
    MerchantAccount, PaymentKind, PaymentMethod, PaymentProvider, RefundWay,
};
use domain::permissions::Permission;
use domain::phone_order::PaymentState;
use domain::refund::RefundStatus;
use domain::returns::ReturnStatus;
use domain::stock::StockStatus;
use domain::user::Role;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

fn one_of(names: impl IntoIterator<Item = &'static str>) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(names))
        .into()
}

/// A schema-only type per set of names: a field sent as `&'static str` names it with
/// `#[schema(value_type = OrderStatusName)]`.
macro_rules! names {
    ($($(#[$doc:meta])* $marker:ident => $names:expr;)*) => {$(
        $(#[$doc])*
        pub struct $marker;

        impl PartialSchema for $marker {
            fn schema() -> RefOr<Schema> {
                one_of($names)
            }
        }

        impl ToSchema for $marker {}
    )*};
}

names! {
    /// An account's role: `user` (a customer), `admin`, or staff: `orders` (order handler),
    /// `stock` (stock keeper), `rider`.
    RoleName => Role::ALL.map(Role::as_str);
    /// Something a role lets its people do in the back office.
    PermissionName => Permission::ALL.map(Permission::as_str);
    /// A language of the shop: `en` (English) or `so` (Somali).
    LanguageName => Language::ALL.map(Language::code);
    /// Where an order was taken: `web` or `phone`.
    OrderChannelName => ChannelKind::ALL.map(ChannelKind::id);
    /// An order's status.
    OrderStatusName => OrderStatus::ALL.map(OrderStatus::as_str);
    /// An order's payment status.
    PaymentStatusName => PaymentStatus::ALL.map(PaymentStatus::as_str);
    /// What an open order's payment waits for: `confirmation` (the provider has not confirmed
    /// a charge: check the merchant account, then mark it paid or cancel it), `rider` (cash,
    /// handed to the rider on delivery) or `customer` (a phone order not paid, nor its way
    /// chosen, yet).
    PaymentWaitName => PaymentWait::ALL.map(PaymentWait::id);
    /// A return's status.
    ReturnStatusName => ReturnStatus::ALL.map(ReturnStatus::as_str);
    /// A status an admin may move a return to (every one but the shopper's `requested`).
    ReturnStepName => ReturnStatus::ALL
        .into_iter()
        .filter(|status| *status != ReturnStatus::Requested)
        .map(ReturnStatus::as_str);
    /// Where a refund sent and not answered yet stands.
    RefundStatusName => RefundStatus::ALL.map(RefundStatus::as_str);
    /// How much of a product or size is left, as shoppers see it.
    StockStatusName => StockStatus::ALL.map(StockStatus::as_str);
    /// What a discount code takes off.
    DiscountKindName => DiscountKind::NAMES;
    /// What a payment link's page shows: an order to pay, its payment under way, or paid.
    LinkStateName => PaymentState::SHOWN_ON_LINK.map(PaymentState::id);
    /// How an order is paid.
    PaymentMethodName => PaymentMethod::ALL.map(PaymentMethod::id);
    /// What kind of payment a method is.
    PaymentKindName => PaymentKind::ALL.map(PaymentKind::id);
    /// The company whose merchant account holds a method's money.
    MerchantAccountName => MerchantAccount::ALL.map(MerchantAccount::id);
    /// Who carries a method's money: `waafipay` (its wallets), `waafipay-card`, `edahab`, or
    /// `rider` (cash at the door, never a payment attempt's).
    PaymentProviderName => PaymentProvider::ALL.map(PaymentProvider::id);
    /// How a refund goes back: `provider` (the provider is asked) or `by-hand` (staff pay it out).
    RefundWayName => RefundWay::ALL.map(RefundWay::id);
    /// Where a payment attempt stands (`late`: approved after its order closed, being paid
    /// back; `mismatched`: approved for another amount, nothing paid).
    AttemptStateName => AttemptState::ALL.map(AttemptState::as_str);
    /// What a message the shop sends is about.
    TopicName => Topic::ALL.map(Topic::as_str);
    /// How a message goes out.
    ChannelName => Channel::ALL.map(Channel::as_str);
    /// Where a message stands.
    DeliveryStatusName => DeliveryStatus::ALL.map(DeliveryStatus::as_str);
    /// What an admin did, in the audit trail.
    AuditActionName => AuditAction::ALL.map(AuditAction::as_str);
    /// The kind of thing an audit entry changed.
    AuditEntityName => AuditEntity::ALL.map(AuditEntity::as_str);
}
