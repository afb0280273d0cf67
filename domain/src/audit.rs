//! The audit trail of admin actions: who changed which product, order, user, setting,
//! discount code or delivery zone, when, and the relevant fields before and after (never a password hash).

use crate::delivery::{CashHandIn, DeliveryZone, RiderCash};
use crate::discount::Discount;
use crate::ids::UserId;
use crate::money::Money;
use crate::order::Order;
use crate::product::Product;
use crate::refund::{RefundClaim, RefundResolution};
use crate::returns::Return;
use crate::review::Review;
use crate::settings::ShopSettings;
use crate::user::{Email, Role, User};
use chrono::{DateTime, NaiveDate, Utc};
use serde_json::{json, Map, Value};

/// What an admin did. The names are part of the API contract (docs/api.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AuditAction {
    ProductCreate,
    ProductUpdate,
    ProductDelete,
    /// Staff took an order for a customer, by phone or in a chat.
    OrderCreate,
    OrderStatus,
    OrderPayment,
    /// A return of some of an order's units moved on (approved, rejected, received, refunded).
    OrderReturn,
    /// An admin resolved a refund (a cancel's or a return's) that was sent but not answered:
    /// confirmed as made, or sent again.
    OrderRefund,
    UserCreate,
    UserUpdate,
    UserDelete,
    SettingsUpdate,
    DiscountCreate,
    DiscountUpdate,
    DiscountDelete,
    /// An admin hides, shows or deletes a review (recorded under its product).
    ReviewHide,
    ReviewShow,
    ReviewDelete,
    ZoneCreate,
    /// A delivery zone changed (switched off included: zones are never deleted).
    ZoneUpdate,
    /// A rider's cash of a day was handed in and marked received (recorded under the rider).
    RiderCash,
}

impl AuditAction {
    pub const ALL: [AuditAction; 21] = [
        AuditAction::ProductCreate,
        AuditAction::ProductUpdate,
        AuditAction::ProductDelete,
        AuditAction::OrderCreate,
        AuditAction::OrderStatus,
        AuditAction::OrderPayment,
        AuditAction::OrderReturn,
        AuditAction::OrderRefund,
        AuditAction::UserCreate,
        AuditAction::UserUpdate,
        AuditAction::UserDelete,
        AuditAction::SettingsUpdate,
        AuditAction::DiscountCreate,
        AuditAction::DiscountUpdate,
        AuditAction::DiscountDelete,
        AuditAction::ReviewHide,
        AuditAction::ReviewShow,
        AuditAction::ReviewDelete,
        AuditAction::ZoneCreate,
        AuditAction::ZoneUpdate,
        AuditAction::RiderCash,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            AuditAction::ProductCreate => "product.create",
            AuditAction::ProductUpdate => "product.update",
            AuditAction::ProductDelete => "product.delete",
            AuditAction::OrderCreate => "order.create",
            AuditAction::OrderStatus => "order.status",
            AuditAction::OrderPayment => "order.payment",
            AuditAction::OrderReturn => "order.return",
            AuditAction::OrderRefund => "order.refund",
            AuditAction::UserCreate => "user.create",
            AuditAction::UserUpdate => "user.update",
            AuditAction::UserDelete => "user.delete",
            AuditAction::SettingsUpdate => "settings.update",
            AuditAction::DiscountCreate => "discount.create",
            AuditAction::DiscountUpdate => "discount.update",
            AuditAction::DiscountDelete => "discount.delete",
            AuditAction::ReviewHide => "review.hide",
            AuditAction::ReviewShow => "review.show",
            AuditAction::ReviewDelete => "review.delete",
            AuditAction::ZoneCreate => "zone.create",
            AuditAction::ZoneUpdate => "zone.update",
            AuditAction::RiderCash => "rider.cash",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|action| action.as_str() == raw)
    }

    pub fn entity(self) -> AuditEntity {
        match self {
            AuditAction::ProductCreate
            | AuditAction::ProductUpdate
            | AuditAction::ProductDelete
            | AuditAction::ReviewHide
            | AuditAction::ReviewShow
            | AuditAction::ReviewDelete => AuditEntity::Product,
            AuditAction::OrderCreate
            | AuditAction::OrderStatus
            | AuditAction::OrderPayment
            | AuditAction::OrderReturn
            | AuditAction::OrderRefund => AuditEntity::Order,
            AuditAction::UserCreate | AuditAction::UserUpdate | AuditAction::UserDelete => {
                AuditEntity::User
            }
            AuditAction::SettingsUpdate => AuditEntity::Settings,
            AuditAction::DiscountCreate
            | AuditAction::DiscountUpdate
            | AuditAction::DiscountDelete => AuditEntity::Discount,
            AuditAction::ZoneCreate | AuditAction::ZoneUpdate => AuditEntity::Zone,
            AuditAction::RiderCash => AuditEntity::Rider,
        }
    }
}

/// The kind of thing an action changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AuditEntity {
    Product,
    Order,
    User,
    Settings,
    Discount,
    Zone,
    Rider,
}

impl AuditEntity {
    pub const ALL: [AuditEntity; 7] = [
        AuditEntity::Product,
        AuditEntity::Order,
        AuditEntity::User,
        AuditEntity::Settings,
        AuditEntity::Discount,
        AuditEntity::Zone,
        AuditEntity::Rider,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            AuditEntity::Product => "product",
            AuditEntity::Order => "order",
            AuditEntity::User => "user",
            AuditEntity::Settings => "settings",
            AuditEntity::Discount => "discount",
            AuditEntity::Zone => "zone",
            AuditEntity::Rider => "rider",
        }
    }
}

/// The relevant fields of a changed thing, named as the API names them.
pub type Snapshot = Map<String, Value>;

/// One change: the action, the id of what changed (none for the shop's settings) and its
/// relevant fields before (none when created) and after (none when deleted).
#[derive(Debug, Clone, PartialEq)]
pub struct AuditChange {
    pub action: AuditAction,
    pub entity_id: Option<String>,
    pub before: Option<Snapshot>,
    pub after: Option<Snapshot>,
}

fn snapshot(value: Value) -> Snapshot {
    match value {
        Value::Object(fields) => fields,
        _ => unreachable!("snapshots are built from JSON objects"),
    }
}

fn product_fields(product: &Product) -> Snapshot {
    snapshot(json!({
        "name": product.name,
        "description": product.description,
        "category": product.category.as_str(),
        "tags": product.tags,
        "price": product.price.as_dollars(),
        "discount": product.discount.value(),
        "stock": product.stock,
        "variants": product.variants.iter().map(|v| json!({
            "size": v.size, "colour": v.colour, "sku": v.sku, "stock": v.stock,
        })).collect::<Vec<_>>(),
        "isFeatured": product.is_featured,
        "image": product.image.as_ref().map(|image| image.full.clone()),
        "colourImages": product.colour_pictures.galleries().iter().map(|g| (
            g.colour.clone(),
            json!(g.pictures.iter().map(|p| p.full.clone()).collect::<Vec<_>>()),
        )).collect::<serde_json::Map<_, _>>(),
    }))
}

fn user_fields(user: &User) -> Snapshot {
    snapshot(json!({
        "name": user.name,
        "email": user.email.as_ref().map(Email::as_str),
        "phone": user.phone,
        "role": user.role.as_str(),
        "mustChangePassword": user.must_change_password,
    }))
}

fn order_status_fields(order: &Order) -> Snapshot {
    snapshot(json!({
        "status": order.status.as_str(),
        "paymentStatus": order.payment_status.as_str(),
    }))
}

fn order_payment_fields(order: &Order) -> Snapshot {
    snapshot(json!({
        "paymentStatus": order.payment_status.as_str(),
        "transactionId": order.transaction_id,
    }))
}

fn return_fields(r: &Return) -> Snapshot {
    let mut fields = snapshot(json!({
        "returnId": r.id.as_str(),
        "status": r.status.as_str(),
        "refundAmount": r.refund_amount.as_dollars(),
    }));
    if let Some(with) = r.refund_paid_with {
        fields.insert("refundPaidWith".into(), json!(with.as_str()));
    }
    fields
}

/// `fields` with where the refund claimed on it stands (`refundStatus`, null without one).
fn with_refund(mut fields: Snapshot, claim: Option<RefundClaim>) -> Snapshot {
    let status = claim.map(|c| c.status().as_str());
    fields.insert("refundStatus".into(), json!(status));
    fields
}

/// An admin's resolution of an unanswered refund: before and after, the resolution after.
fn refund_resolution(
    entity_id: String,
    before: Snapshot,
    mut after: Snapshot,
    resolution: RefundResolution,
) -> AuditChange {
    after.insert("resolution".into(), json!(resolution.as_str()));
    AuditChange {
        action: AuditAction::OrderRefund,
        entity_id: Some(entity_id),
        before: Some(before),
        after: Some(after),
    }
}

fn review_fields(review: &Review) -> Snapshot {
    snapshot(json!({
        "reviewId": review.id.as_str(),
        "author": review.author,
        "rating": review.rating.stars(),
        "title": review.title,
        "body": review.body,
        "hidden": review.hidden,
    }))
}

fn settings_fields(settings: &ShopSettings) -> Snapshot {
    snapshot(json!({
        "shopName": settings.shop_name,
        "supportPhone": settings.support_phone,
        "supportEmail": settings.support_email.as_str(),
        "shippingFee": settings.shipping_fee.as_dollars(),
        "cashOnDeliveryMax": settings.cash_on_delivery_max.as_dollars(),
    }))
}

fn zone_fields(zone: &DeliveryZone) -> Snapshot {
    snapshot(json!({
        "city": zone.city,
        "district": zone.district,
        "fee": zone.fee.as_dollars(),
        "etaDays": { "min": zone.time.min_days, "max": zone.time.max_days },
        "cashOnDelivery": zone.cash_on_delivery,
        "served": zone.served,
    }))
}

fn discount_fields(discount: &Discount) -> Snapshot {
    snapshot(json!({
        "code": discount.code.as_str(),
        "kind": discount.kind.as_str(),
        "value": discount.kind.form_value(),
        "minSubtotal": discount.min_subtotal.map(Money::as_dollars),
        "startsAt": discount.starts_at.map(|at| at.to_rfc3339()),
        "endsAt": discount.ends_at.map(|at| at.to_rfc3339()),
        "usageLimit": discount.usage_limit,
        "perCustomerLimit": discount.per_customer_limit,
        "active": discount.active,
    }))
}

impl AuditChange {
    pub fn product_created(product: &Product) -> Self {
        Self {
            action: AuditAction::ProductCreate,
            entity_id: Some(product.id.to_string()),
            before: None,
            after: Some(product_fields(product)),
        }
    }

    pub fn product_updated(before: &Product, after: &Product) -> Self {
        Self {
            action: AuditAction::ProductUpdate,
            entity_id: Some(after.id.to_string()),
            before: Some(product_fields(before)),
            after: Some(product_fields(after)),
        }
    }

    pub fn product_deleted(product: &Product) -> Self {
        Self {
            action: AuditAction::ProductDelete,
            entity_id: Some(product.id.to_string()),
            before: Some(product_fields(product)),
            after: None,
        }
    }

    /// What staff took: its customer, lines, totals and where it goes.
    pub fn order_taken(order: &Order) -> Self {
        Self {
            action: AuditAction::OrderCreate,
            entity_id: Some(order.id.to_string()),
            before: None,
            after: Some(snapshot(json!({
                "customer": order.user_id.as_str(),
                "channel": order.channel.kind().id(),
                "status": order.status.as_str(),
                "paymentStatus": order.payment_status.as_str(),
                "items": order.lines.iter().map(|line| json!({
                    "product": line.product_id.as_str(),
                    "size": line.variant.as_ref().map(|v| v.size.as_str()),
                    "quantity": line.quantity,
                })).collect::<Vec<_>>(),
                "discountCode": order.discount.as_ref().map(|d| d.code.as_str()),
                "total": order.total.as_dollars(),
            }))),
        }
    }

    pub fn order_status_changed(before: &Order, after: &Order) -> Self {
        Self {
            action: AuditAction::OrderStatus,
            entity_id: Some(after.id.to_string()),
            before: Some(order_status_fields(before)),
            after: Some(order_status_fields(after)),
        }
    }

    pub fn order_payment_changed(before: &Order, after: &Order) -> Self {
        Self {
            action: AuditAction::OrderPayment,
            entity_id: Some(after.id.to_string()),
            before: Some(order_payment_fields(before)),
            after: Some(order_payment_fields(after)),
        }
    }

    /// Recorded under the return's order, so the order's trail tells its whole story.
    pub fn order_return_changed(before: &Return, after: &Return) -> Self {
        Self {
            action: AuditAction::OrderReturn,
            entity_id: Some(after.order_id.to_string()),
            before: Some(return_fields(before)),
            after: Some(return_fields(after)),
        }
    }

    /// An admin resolved the unanswered refund of the cancel of `before`.
    pub fn order_refund_resolved(
        before: &Order,
        after: &Order,
        resolution: RefundResolution,
    ) -> Self {
        refund_resolution(
            after.id.to_string(),
            with_refund(order_status_fields(before), before.refund_claim),
            with_refund(order_status_fields(after), after.refund_claim),
            resolution,
        )
    }

    /// An admin resolved the unanswered refund of return `before` (recorded under its
    /// order, as the return's other changes).
    pub fn return_refund_resolved(
        before: &Return,
        after: &Return,
        resolution: RefundResolution,
    ) -> Self {
        refund_resolution(
            after.order_id.to_string(),
            with_refund(return_fields(before), before.refund_claim),
            with_refund(return_fields(after), after.refund_claim),
            resolution,
        )
    }

    /// An admin hid or showed `before` (recorded under its product).
    pub fn review_visibility_changed(before: &Review, after: &Review) -> Self {
        Self {
            action: if after.hidden {
                AuditAction::ReviewHide
            } else {
                AuditAction::ReviewShow
            },
            entity_id: Some(after.product_id.to_string()),
            before: Some(review_fields(before)),
            after: Some(review_fields(after)),
        }
    }

    pub fn review_deleted(review: &Review) -> Self {
        Self {
            action: AuditAction::ReviewDelete,
            entity_id: Some(review.product_id.to_string()),
            before: Some(review_fields(review)),
            after: None,
        }
    }

    pub fn user_created(user: &User) -> Self {
        Self {
            action: AuditAction::UserCreate,
            entity_id: Some(user.id.to_string()),
            before: None,
            after: Some(user_fields(user)),
        }
    }

    /// A new password shows as `"passwordChanged": true` after the change; the password
    /// itself and its hash never appear.
    pub fn user_updated(before: &User, after: &User) -> Self {
        let mut after_fields = user_fields(after);
        if after.password_hash != before.password_hash {
            after_fields.insert("passwordChanged".into(), Value::Bool(true));
        }
        Self {
            action: AuditAction::UserUpdate,
            entity_id: Some(after.id.to_string()),
            before: Some(user_fields(before)),
            after: Some(after_fields),
        }
    }

    pub fn user_deleted(user: &User) -> Self {
        Self {
            action: AuditAction::UserDelete,
            entity_id: Some(user.id.to_string()),
            before: Some(user_fields(user)),
            after: None,
        }
    }

    pub fn discount_created(discount: &Discount) -> Self {
        Self {
            action: AuditAction::DiscountCreate,
            entity_id: Some(discount.id.to_string()),
            before: None,
            after: Some(discount_fields(discount)),
        }
    }

    pub fn discount_updated(before: &Discount, after: &Discount) -> Self {
        Self {
            action: AuditAction::DiscountUpdate,
            entity_id: Some(after.id.to_string()),
            before: Some(discount_fields(before)),
            after: Some(discount_fields(after)),
        }
    }

    pub fn discount_deleted(discount: &Discount) -> Self {
        Self {
            action: AuditAction::DiscountDelete,
            entity_id: Some(discount.id.to_string()),
            before: Some(discount_fields(discount)),
            after: None,
        }
    }

    pub fn zone_created(zone: &DeliveryZone) -> Self {
        Self {
            action: AuditAction::ZoneCreate,
            entity_id: Some(zone.id.to_string()),
            before: None,
            after: Some(zone_fields(zone)),
        }
    }

    pub fn zone_updated(before: &DeliveryZone, after: &DeliveryZone) -> Self {
        Self {
            action: AuditAction::ZoneUpdate,
            entity_id: Some(after.id.to_string()),
            before: Some(zone_fields(before)),
            after: Some(zone_fields(after)),
        }
    }

    /// A hand-in of `cash` of `day` received: what it covered, and what the day then held.
    pub fn rider_cash_received(cash: &RiderCash, hand_in: &CashHandIn, day: NaiveDate) -> Self {
        Self {
            action: AuditAction::RiderCash,
            entity_id: Some(cash.rider.to_string()),
            before: None,
            after: Some(snapshot(json!({
                "rider": cash.rider_name,
                "day": day.to_string(),
                "deliveries": hand_in.deliveries,
                "handedIn": hand_in.amount.as_dollars(),
                "collected": cash.collected.as_dollars(),
                "toHandIn": cash.to_hand_in().as_dollars(),
            }))),
        }
    }

    pub fn settings_updated(before: &ShopSettings, after: &ShopSettings) -> Self {
        Self {
            action: AuditAction::SettingsUpdate,
            entity_id: None,
            before: Some(settings_fields(before)),
            after: Some(settings_fields(after)),
        }
    }
}

/// A recorded change: when and by whom. The actor's e-mail, name and role are kept as they
/// were then, so the entry stays readable after the account changes or goes.
#[derive(Debug, Clone, PartialEq)]
pub struct AuditEntry {
    pub id: String,
    pub at: DateTime<Utc>,
    pub actor_id: UserId,
    /// None for an account without one (staff always have one).
    pub actor_email: Option<Email>,
    pub actor_name: String,
    pub actor_role: Role,
    pub change: AuditChange,
}

/// Someone who has changed something, as their latest entry names them.
#[derive(Debug, Clone, PartialEq)]
pub struct AuditActor {
    pub id: UserId,
    pub email: Option<Email>,
    pub name: String,
    pub role: Role,
}

/// Which entries of the trail to read: every one, or one person's.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AuditFilter {
    pub actor: Option<UserId>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::product::tests::product;
    use crate::Percent;

    fn user(role: Role, hash: &str) -> User {
        User {
            id: UserId::parse("u1").unwrap(),
            name: "Amina".into(),
            email: Some(Email::parse("amina@example.com").unwrap()),
            phone: "615551234".into(),
            role,
            password_hash: hash.into(),
            must_change_password: false,
            token_version: 0,
            created_at: Utc::now(),
            language: crate::language::Language::English,
        }
    }

    #[test]
    fn action_names_round_trip_and_name_their_entity() {
        for action in AuditAction::ALL {
            assert_eq!(AuditAction::parse(action.as_str()), Some(action));
        }
        assert_eq!(AuditAction::parse("product.explode"), None);
        assert_eq!(AuditAction::OrderPayment.entity().as_str(), "order");
        assert_eq!(AuditAction::SettingsUpdate.entity().as_str(), "settings");
    }

    #[test]
    fn a_product_update_keeps_the_fields_before_and_after_in_dollars() {
        let before = product("p1", 2400, 5);
        let mut after = before.clone();
        after.price = crate::Money::from_cents(1999).unwrap();
        after.discount = Percent::new(10).unwrap();
        let change = AuditChange::product_updated(&before, &after);
        assert_eq!(change.action, AuditAction::ProductUpdate);
        assert_eq!(change.entity_id.as_deref(), Some("p1"));
        let before = Value::Object(change.before.unwrap());
        let after = Value::Object(change.after.unwrap());
        assert_eq!(before["price"], json!(24.0));
        assert_eq!(after["price"], json!(19.99));
        assert_eq!(after["discount"], json!(10));
        assert_eq!(after["stock"], json!(5));
    }

    #[test]
    fn user_snapshots_never_hold_the_password_hash() {
        let before = user(Role::User, "old-hash");
        let after = User {
            role: Role::Admin,
            password_hash: "new-hash".into(),
            ..before.clone()
        };
        let change = AuditChange::user_updated(&before, &after);
        assert_eq!(
            Value::Object(change.before.unwrap()),
            json!({ "name": "Amina", "email": "amina@example.com", "phone": "615551234",
                    "role": "user", "mustChangePassword": false })
        );
        let after = Value::Object(change.after.unwrap());
        assert_eq!(after["role"], "admin");
        assert_eq!(after["passwordChanged"], true);
        assert!(!after.to_string().contains("hash"));
    }

    #[test]
    fn a_discount_snapshot_names_its_fields_as_the_api_does() {
        let mut eid = crate::discount::tests::code(crate::discount::DiscountKind::Fixed(
            Money::from_cents(500).unwrap(),
        ));
        eid.usage_limit = Some(100);
        let change = AuditChange::discount_created(&eid);
        assert_eq!(change.action.entity(), AuditEntity::Discount);
        assert_eq!(change.entity_id.as_deref(), Some("eid"));
        assert_eq!(
            Value::Object(change.after.unwrap()),
            json!({ "code": "EID-2026", "kind": "fixed", "value": 5.0, "minSubtotal": null,
                    "startsAt": null, "endsAt": null, "usageLimit": 100,
                    "perCustomerLimit": null, "active": true })
        );
    }

    #[test]
    fn an_unchanged_password_is_not_mentioned() {
        let amina = user(Role::User, "hash");
        let change = AuditChange::user_updated(&amina, &amina);
        assert!(!change.after.unwrap().contains_key("passwordChanged"));
    }
}
