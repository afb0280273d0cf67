//! Database rows and their translation to and from the domain's entities. Rows never leave
//! this crate.

use crate::corrupt;
use crate::schema::{audit_log, order_lines, orders, products, settings, users};
use chrono::{DateTime, NaiveDateTime, SubsecRound, Utc};
use diesel::prelude::*;
use domain::audit::{AuditAction, AuditChange, AuditEntry, Snapshot};
use domain::checkout::{MobileNumber, ShippingAddress};
use domain::discount::DiscountCode;
use domain::order::{Order, OrderDiscount, OrderLine, OrderStatus, PaymentStatus, StatusChange};
use domain::ports::RepoError;
use domain::product::{Category, Product, ProductImage, SearchCandidate};
use domain::product_edit::ProductEdit;
use domain::refund::RefundClaim;
use domain::returns::partly_refunded;
use domain::settings::ShopSettings;
use domain::user::{Email, Role, User};
use domain::variant::VariantSnapshot;
use domain::{Money, OrderId, Percent, ProductId, UserId, VariantId};

/// Timestamps are stored as UTC without a zone (the type both backends share), to the
/// microsecond: PostgreSQL keeps no more, so SQLite is given no more either.
pub fn to_db_time(time: DateTime<Utc>) -> NaiveDateTime {
    time.trunc_subsecs(6).naive_utc()
}

pub fn from_db_time(time: NaiveDateTime) -> DateTime<Utc> {
    time.and_utc()
}

/// A refund claim as stored (`refund_claimed_at`, `refund_unconfirmed_at`); the reader sees
/// it at its own time (`RefundClaim::as_of`).
pub fn refund_claim(
    claimed_at: Option<NaiveDateTime>,
    unconfirmed_at: Option<NaiveDateTime>,
) -> Option<RefundClaim> {
    claimed_at.map(|sent| RefundClaim {
        sent_at: from_db_time(sent),
        unconfirmed_at: unconfirmed_at.map(from_db_time),
    })
}

pub fn money(cents: i64) -> Result<Money, RepoError> {
    Money::from_cents(cents).ok_or_else(|| corrupt("amount", cents))
}

pub fn count(value: i64) -> Result<u32, RepoError> {
    u32::try_from(value).map_err(|_| corrupt("count", value))
}

/// A quantity as stored (quantities are INTEGER columns so that their sums stay BIGINT).
pub fn quantity(quantity: u32) -> Result<i32, RepoError> {
    i32::try_from(quantity)
        .map_err(|_| RepoError::Storage(format!("quantity {quantity} is too large")))
}

pub fn user_id(raw: &str) -> Result<UserId, RepoError> {
    UserId::parse(raw).ok_or_else(|| corrupt("user id", raw))
}

pub fn product_id(raw: &str) -> Result<ProductId, RepoError> {
    ProductId::parse(raw).ok_or_else(|| corrupt("product id", raw))
}

pub fn order_id(raw: &str) -> Result<OrderId, RepoError> {
    OrderId::parse(raw).ok_or_else(|| corrupt("order id", raw))
}

fn email(raw: &str) -> Result<Email, RepoError> {
    Email::parse(raw).map_err(|_| corrupt("e-mail", raw))
}

// ---------------------------------------------------------------------------------------
// users

#[derive(Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = users)]
pub struct UserRow {
    pub id: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub role: String,
    pub password_hash: String,
    pub must_change_password: bool,
    pub token_version: i64,
    pub created_at: NaiveDateTime,
}

/// What saving an account's fields writes: never its password or token version (those
/// change only under `NewPassword`'s compare-and-set), so a save racing a password change
/// cannot put back what it read before.
#[derive(Debug, AsChangeset)]
#[diesel(table_name = users)]
pub struct ProfileRow {
    pub name: String,
    pub email: String,
    pub phone: String,
    pub role: String,
}

impl ProfileRow {
    pub fn from_domain(user: &User) -> Self {
        Self {
            name: user.name.clone(),
            email: user.email.as_str().to_owned(),
            phone: user.phone.clone(),
            role: user.role.as_str().to_owned(),
        }
    }
}

impl UserRow {
    pub fn from_domain(user: &User) -> Self {
        Self {
            id: user.id.as_str().to_owned(),
            name: user.name.clone(),
            email: user.email.as_str().to_owned(),
            phone: user.phone.clone(),
            role: user.role.as_str().to_owned(),
            password_hash: user.password_hash.clone(),
            must_change_password: user.must_change_password,
            token_version: i64::try_from(user.token_version).unwrap_or(i64::MAX),
            created_at: to_db_time(user.created_at),
        }
    }

    pub fn into_domain(self) -> Result<User, RepoError> {
        Ok(User {
            id: user_id(&self.id)?,
            name: self.name,
            email: email(&self.email)?,
            phone: self.phone,
            role: Role::parse(&self.role).ok_or_else(|| corrupt("role", &self.role))?,
            password_hash: self.password_hash,
            must_change_password: self.must_change_password,
            token_version: u64::try_from(self.token_version)
                .map_err(|_| corrupt("token version", self.token_version))?,
            created_at: from_db_time(self.created_at),
        })
    }
}

// ---------------------------------------------------------------------------------------
// products

/// The tags as the filter sees them: lower-cased, each between commas (`,new,summer,`).
/// Tags never contain commas (the domain splits on them).
pub fn tag_keys(tags: &[String]) -> String {
    let mut keys = String::from(",");
    for tag in tags {
        keys.push_str(&tag.to_lowercase());
        keys.push(',');
    }
    keys
}

fn to_json(list: &[String]) -> String {
    serde_json::Value::from(list.to_vec()).to_string()
}

fn from_json(what: &str, raw: &str) -> Result<Vec<String>, RepoError> {
    serde_json::from_str(raw).map_err(|_| corrupt(what, raw))
}

/// `None` is inserted as `NULL`, not `DEFAULT` (the same here), so that diesel can insert
/// many rows in one statement on SQLite too (bulk.rs).
#[derive(Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = products, treat_none_as_null = true, treat_none_as_default_value = false)]
pub struct ProductRow {
    pub id: String,
    pub name: String,
    pub description: String,
    pub category: String,
    pub tags: String,
    pub tag_keys: String,
    pub price_cents: i64,
    pub discount: i32,
    pub original_price_cents: Option<i64>,
    pub image_full: Option<String>,
    pub image_thumb: Option<String>,
    pub gallery: String,
    pub rating_tenths: i32,
    pub reviews: i64,
    pub stock: i64,
    pub is_featured: bool,
    pub created_at: NaiveDateTime,
}

/// The columns an admin's edit sets (`ProductEdit`); `None` leaves a column as it is.
#[derive(Debug, Default, PartialEq, AsChangeset)]
#[diesel(table_name = products)]
pub struct EditedProductColumns {
    pub name: Option<String>,
    pub description: Option<String>,
    pub category: Option<&'static str>,
    pub tags: Option<String>,
    pub tag_keys: Option<String>,
    pub price_cents: Option<i64>,
    pub discount: Option<i32>,
    /// `Some(None)` clears it.
    pub original_price_cents: Option<Option<i64>>,
    pub image_full: Option<String>,
    pub image_thumb: Option<String>,
    pub gallery: Option<String>,
    pub stock: Option<i64>,
    pub is_featured: Option<bool>,
}

impl EditedProductColumns {
    pub fn of(edit: &ProductEdit) -> Self {
        Self {
            name: edit.name.clone(),
            description: edit.description.clone(),
            category: edit.category.map(Category::as_str),
            tags: edit.tags.as_deref().map(to_json),
            tag_keys: edit.tags.as_deref().map(tag_keys),
            price_cents: edit.price.map(Money::cents),
            discount: edit.discount.map(|d| i32::from(d.value())),
            original_price_cents: edit.clears_stated_original_price.then_some(None),
            image_full: edit.image.as_ref().map(|i| i.full.clone()),
            image_thumb: edit.image.as_ref().map(|i| i.thumbnail.clone()),
            gallery: edit
                .image
                .as_ref()
                .map(|i| to_json(std::slice::from_ref(&i.full))),
            stock: edit.stock.map(|s| i64::from(s.to)),
            is_featured: edit.is_featured,
        }
    }
}

impl ProductRow {
    pub fn from_domain(product: &Product) -> Self {
        Self {
            id: product.id.as_str().to_owned(),
            name: product.name.clone(),
            description: product.description.clone(),
            category: product.category.as_str().to_owned(),
            tags: to_json(&product.tags),
            tag_keys: tag_keys(&product.tags),
            price_cents: product.price.cents(),
            discount: i32::from(product.discount.value()),
            original_price_cents: product.stated_original_price.map(Money::cents),
            image_full: product.image.as_ref().map(|i| i.full.clone()),
            image_thumb: product.image.as_ref().map(|i| i.thumbnail.clone()),
            gallery: to_json(&product.gallery),
            rating_tenths: i32::from(product.rating_tenths),
            reviews: i64::from(product.reviews),
            stock: i64::from(product.stock),
            is_featured: product.is_featured,
            created_at: to_db_time(product.created_at),
        }
    }

    pub fn into_domain(self) -> Result<Product, RepoError> {
        let image = match (self.image_full, self.image_thumb) {
            (Some(full), Some(thumbnail)) => Some(ProductImage { full, thumbnail }),
            (None, None) => None,
            _ => return Err(corrupt("product image", &self.id)),
        };
        Ok(Product {
            id: product_id(&self.id)?,
            name: self.name,
            description: self.description,
            category: Category::parse(&self.category)
                .ok_or_else(|| corrupt("category", &self.category))?,
            tags: from_json("tags", &self.tags)?,
            price: money(self.price_cents)?,
            discount: u8::try_from(self.discount)
                .ok()
                .and_then(Percent::new)
                .ok_or_else(|| corrupt("discount", self.discount))?,
            stated_original_price: self.original_price_cents.map(money).transpose()?,
            image,
            gallery: from_json("gallery", &self.gallery)?,
            rating_tenths: u8::try_from(self.rating_tenths)
                .map_err(|_| corrupt("rating", self.rating_tenths))?,
            reviews: count(self.reviews)?,
            stock: count(self.stock)?,
            // Read by `variants::with_variants`.
            variants: Vec::new(),
            is_featured: self.is_featured,
            created_at: from_db_time(self.created_at),
        })
    }
}

/// The columns search ranks by (`SearchCandidate`).
#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = products)]
pub struct SearchCandidateRow {
    pub id: String,
    pub name: String,
    pub description: String,
    pub category: String,
    pub tags: String,
    pub price_cents: i64,
    pub created_at: NaiveDateTime,
}

impl SearchCandidateRow {
    pub fn into_domain(self) -> Result<SearchCandidate, RepoError> {
        Ok(SearchCandidate {
            id: product_id(&self.id)?,
            name: self.name,
            description: self.description,
            category: Category::parse(&self.category)
                .ok_or_else(|| corrupt("category", &self.category))?,
            tags: from_json("tags", &self.tags)?,
            price: money(self.price_cents)?,
            created_at: from_db_time(self.created_at),
        })
    }
}

// ---------------------------------------------------------------------------------------
// orders

/// `None` is inserted as `NULL` (see `ProductRow`).
#[derive(Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = orders, treat_none_as_default_value = false)]
pub struct OrderRow {
    pub id: String,
    pub user_id: String,
    pub customer_name: String,
    pub customer_email: String,
    pub subtotal_cents: i64,
    pub shipping_cents: i64,
    pub total_cents: i64,
    pub status: String,
    pub payment_status: String,
    pub payment_method: String,
    pub payment_phone: String,
    pub transaction_id: Option<String>,
    pub ship_full_name: Option<String>,
    pub ship_phone: Option<String>,
    pub ship_city: Option<String>,
    pub ship_district: Option<String>,
    pub ship_address_line: Option<String>,
    pub idempotency_key: Option<String>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub hold_expired_at: Option<NaiveDateTime>,
    pub discount_code: Option<String>,
    pub discount_cents: i64,
    pub delivered_at: Option<NaiveDateTime>,
    pub refunded_cents: i64,
    pub refund_claimed_at: Option<NaiveDateTime>,
    pub refund_unconfirmed_at: Option<NaiveDateTime>,
}

/// `None` is inserted as `NULL` (see `ProductRow`).
#[derive(Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = order_lines, treat_none_as_default_value = false)]
pub struct OrderLineRow {
    pub order_id: String,
    pub position: i32,
    pub product_id: String,
    pub name: String,
    pub image: Option<String>,
    pub unit_price_cents: i64,
    pub quantity: i32,
    pub variant_id: Option<String>,
    pub size: Option<String>,
    pub colour: Option<String>,
    pub sku: Option<String>,
}

pub fn status(raw: &str) -> Result<OrderStatus, RepoError> {
    OrderStatus::parse(raw).ok_or_else(|| corrupt("order status", raw))
}

pub fn payment_status(raw: &str) -> Result<PaymentStatus, RepoError> {
    PaymentStatus::parse(raw).ok_or_else(|| corrupt("payment status", raw))
}

/// How a payment status is stored. A partly refunded order stays 'paid', with its
/// `refunded_cents` above 0 (SQLite cannot widen the column's CHECK without rebuilding the
/// orders table).
pub fn stored_payment(status: PaymentStatus) -> &'static str {
    match status {
        PaymentStatus::PartiallyRefunded => PaymentStatus::Paid.as_str(),
        other => other.as_str(),
    }
}

/// The payment status of an order stored as `raw` with `refunded_cents` given back.
pub fn payment_of(raw: &str, refunded_cents: i64) -> Result<PaymentStatus, RepoError> {
    Ok(partly_refunded(
        payment_status(raw)?,
        money(refunded_cents)?,
    ))
}

impl OrderRow {
    pub fn from_domain(order: &Order) -> Self {
        let address = order.shipping_address.as_ref();
        let created_at = to_db_time(order.created_at);
        Self {
            id: order.id.as_str().to_owned(),
            user_id: order.user_id.as_str().to_owned(),
            customer_name: order.customer_name.clone(),
            customer_email: order.customer_email.clone(),
            subtotal_cents: order.subtotal.cents(),
            shipping_cents: order.shipping_fee.cents(),
            total_cents: order.total.cents(),
            status: order.status.as_str().to_owned(),
            payment_status: stored_payment(order.payment_status).to_owned(),
            payment_method: order.payment_method.clone(),
            payment_phone: order.payment_phone.as_str().to_owned(),
            transaction_id: order.transaction_id.clone(),
            ship_full_name: address.map(|a| a.full_name.clone()),
            ship_phone: address.map(|a| a.phone.clone()),
            ship_city: address.map(|a| a.city.clone()),
            ship_district: address.map(|a| a.district.clone()),
            ship_address_line: address.map(|a| a.address_line.clone()),
            idempotency_key: order.idempotency_key.clone(),
            created_at,
            updated_at: created_at,
            hold_expired_at: order.hold_expired_at.map(to_db_time),
            discount_code: order.discount.as_ref().map(|d| d.code.as_str().to_owned()),
            discount_cents: order.discount.as_ref().map_or(0, |d| d.amount.cents()),
            delivered_at: order.delivered_at.map(to_db_time),
            refunded_cents: order.refunded.cents(),
            refund_claimed_at: order.refund_claim.map(|c| to_db_time(c.sent_at)),
            refund_unconfirmed_at: order
                .refund_claim
                .and_then(|c| c.unconfirmed_at)
                .map(to_db_time),
        }
    }

    /// The order with its lines (already in their positions' order) and its status history
    /// (oldest first).
    pub fn into_domain(
        self,
        lines: Vec<OrderLine>,
        history: Vec<StatusChange<OrderStatus>>,
    ) -> Result<Order, RepoError> {
        let shipping_address = match (
            self.ship_full_name,
            self.ship_phone,
            self.ship_city,
            self.ship_district,
            self.ship_address_line,
        ) {
            (Some(full_name), Some(phone), Some(city), Some(district), Some(address_line)) => {
                Some(ShippingAddress {
                    full_name,
                    phone,
                    city,
                    district,
                    address_line,
                })
            }
            (None, None, None, None, None) => None,
            _ => return Err(corrupt("shipping address of order", &self.id)),
        };
        Ok(Order {
            id: order_id(&self.id)?,
            user_id: user_id(&self.user_id)?,
            customer_name: self.customer_name,
            customer_email: self.customer_email,
            lines,
            subtotal: money(self.subtotal_cents)?,
            shipping_fee: money(self.shipping_cents)?,
            total: money(self.total_cents)?,
            status: status(&self.status)?,
            payment_status: payment_of(&self.payment_status, self.refunded_cents)?,
            payment_method: self.payment_method,
            payment_phone: MobileNumber::from_stored(&self.payment_phone),
            transaction_id: self.transaction_id,
            shipping_address,
            idempotency_key: self.idempotency_key,
            created_at: from_db_time(self.created_at),
            hold_expired_at: self.hold_expired_at.map(from_db_time),
            discount: self
                .discount_code
                .map(|code| {
                    Ok::<_, RepoError>(OrderDiscount {
                        code: DiscountCode::parse(&code)
                            .ok_or_else(|| corrupt("discount code of order", &code))?,
                        amount: money(self.discount_cents)?,
                    })
                })
                .transpose()?,
            delivered_at: self.delivered_at.map(from_db_time),
            refunded: money(self.refunded_cents)?,
            refund_claim: refund_claim(self.refund_claimed_at, self.refund_unconfirmed_at),
            history,
        })
    }
}

impl OrderLineRow {
    pub fn from_domain(
        order: &OrderId,
        position: usize,
        line: &OrderLine,
    ) -> Result<Self, RepoError> {
        Ok(Self {
            order_id: order.as_str().to_owned(),
            position: i32::try_from(position)
                .map_err(|_| RepoError::Storage("too many order lines".into()))?,
            product_id: line.product_id.as_str().to_owned(),
            name: line.name.clone(),
            image: line.image.clone(),
            unit_price_cents: line.unit_price.cents(),
            quantity: quantity(line.quantity)?,
            variant_id: line.variant.as_ref().map(|v| v.id.as_str().to_owned()),
            size: line.variant.as_ref().map(|v| v.size.clone()),
            colour: line.variant.as_ref().and_then(|v| v.colour.clone()),
            sku: line.variant.as_ref().map(|v| v.sku.clone()),
        })
    }

    /// `quantity` units of this line, the rest of it as it is (stock put back by a return).
    pub fn with_quantity(self, quantity: i32) -> Self {
        Self { quantity, ..self }
    }

    pub fn into_domain(self) -> Result<OrderLine, RepoError> {
        Ok(OrderLine {
            product_id: product_id(&self.product_id)?,
            name: self.name,
            image: self.image,
            unit_price: money(self.unit_price_cents)?,
            quantity: count(i64::from(self.quantity))?,
            variant: variant_snapshot(
                self.variant_id,
                self.size,
                self.colour,
                self.sku,
                &self.order_id,
            )?,
        })
    }
}

/// The size a line was for, from its snapshot's columns (all null: one size); `of` names
/// the line's owner in an error.
pub fn variant_snapshot(
    id: Option<String>,
    size: Option<String>,
    colour: Option<String>,
    sku: Option<String>,
    of: &str,
) -> Result<Option<VariantSnapshot>, RepoError> {
    match (id, size, sku) {
        (Some(id), Some(size), Some(sku)) => Ok(Some(VariantSnapshot {
            id: VariantId::parse(&id).ok_or_else(|| corrupt("variant id", &id))?,
            size,
            colour,
            sku,
        })),
        (None, None, None) => Ok(None),
        _ => Err(corrupt("line size", of)),
    }
}

// ---------------------------------------------------------------------------------------
// settings

#[derive(Debug, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = settings)]
pub struct SettingsRow {
    pub id: i32,
    pub shop_name: String,
    pub support_phone: String,
    pub support_email: String,
    pub shipping_cents: i64,
}

/// The settings live in one row with this id.
pub const SETTINGS_ROW: i32 = 1;

impl SettingsRow {
    pub fn from_domain(settings: &ShopSettings) -> Self {
        Self {
            id: SETTINGS_ROW,
            shop_name: settings.shop_name.clone(),
            support_phone: settings.support_phone.clone(),
            support_email: settings.support_email.as_str().to_owned(),
            shipping_cents: settings.shipping_fee.cents(),
        }
    }

    pub fn into_domain(self) -> Result<ShopSettings, RepoError> {
        Ok(ShopSettings {
            shop_name: self.shop_name,
            support_phone: self.support_phone,
            support_email: email(&self.support_email)?,
            shipping_fee: money(self.shipping_cents)?,
        })
    }
}

// ---------------------------------------------------------------------------------------
// audit trail

/// An entry as stored; `seq` (the insertion order) is left to the database.
#[derive(Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = audit_log)]
pub struct AuditRow {
    pub id: String,
    pub at: NaiveDateTime,
    pub actor_id: String,
    pub actor_email: String,
    pub action: String,
    pub entity: String,
    pub entity_id: Option<String>,
    pub before_fields: Option<String>,
    pub after_fields: Option<String>,
}

fn snapshot_from_json(raw: &str) -> Result<Snapshot, RepoError> {
    serde_json::from_str(raw).map_err(|_| corrupt("audit snapshot", raw))
}

impl AuditRow {
    pub fn from_domain(entry: &AuditEntry) -> Self {
        let json = |fields: &Option<Snapshot>| {
            fields
                .as_ref()
                .map(|f| serde_json::Value::Object(f.clone()).to_string())
        };
        Self {
            id: entry.id.clone(),
            at: to_db_time(entry.at),
            actor_id: entry.actor_id.as_str().to_owned(),
            actor_email: entry.actor_email.as_str().to_owned(),
            action: entry.change.action.as_str().to_owned(),
            entity: entry.change.action.entity().as_str().to_owned(),
            entity_id: entry.change.entity_id.clone(),
            before_fields: json(&entry.change.before),
            after_fields: json(&entry.change.after),
        }
    }

    pub fn into_domain(self) -> Result<AuditEntry, RepoError> {
        Ok(AuditEntry {
            id: self.id,
            at: from_db_time(self.at),
            actor_id: user_id(&self.actor_id)?,
            actor_email: email(&self.actor_email)?,
            change: AuditChange {
                action: AuditAction::parse(&self.action)
                    .ok_or_else(|| corrupt("audit action", &self.action))?,
                entity_id: self.entity_id,
                before: self
                    .before_fields
                    .as_deref()
                    .map(snapshot_from_json)
                    .transpose()?,
                after: self
                    .after_fields
                    .as_deref()
                    .map(snapshot_from_json)
                    .transpose()?,
            },
        })
    }
}
