//! What the rows of several tables share: the conversions of their columns to and from the
//! domain's values (times, amounts, counts and quantities, ids, e-mails, order and payment
//! statuses, refund claims, the size a line was for). Each row type lives beside the code
//! that reads and writes its table (`users`, `products`, `orders`, `settings`, `audit`,
//! `discounts`…), with the conversions only it uses; rows never leave this crate.
use crate::corrupt;
use chrono::{DateTime, NaiveDateTime, SubsecRound, Utc};
use domain::order::{OrderStatus, PaymentStatus};
use domain::ports::RepoError;
use domain::refund::RefundClaim;
use domain::user::{Email, Role};
use domain::variant::VariantSnapshot;
use domain::{Money, OrderId, ProductId, UserId, VariantId};

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

pub fn email(raw: &str) -> Result<Email, RepoError> {
    Email::parse(raw).map_err(|_| corrupt("e-mail", raw))
}

pub fn role(raw: &str) -> Result<Role, RepoError> {
    Role::parse(raw).ok_or_else(|| corrupt("role", raw))
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
