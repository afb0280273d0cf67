//! `DiscountRepository`: the shop's discount codes (migration `discount_codes`).

use crate::connection::{write_transaction, DbConnection, MultiBackend};
use crate::discount_uses;
use crate::listing::total_of;
use crate::models::{from_db_time, money, to_db_time};
use crate::schema::{cart_discounts, discounts};
use crate::{corrupt, one_row, storage, Database};
use async_trait::async_trait;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use domain::discount::{CartDiscount, Discount, DiscountCode, DiscountKind};
use domain::ports::{DiscountRepository, Page, RepoError};
use domain::{DiscountId, Percent, UserId};

/// Also the change set of an admin's edit: every column but the id, the uses and the
/// creation time (skipped).
#[derive(Debug, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = discounts, treat_none_as_null = true)]
pub(crate) struct DiscountRow {
    #[diesel(skip_update)]
    id: String,
    code: String,
    kind: String,
    value: i64,
    min_subtotal_cents: Option<i64>,
    starts_at: Option<NaiveDateTime>,
    ends_at: Option<NaiveDateTime>,
    usage_limit: Option<i32>,
    per_customer_limit: Option<i32>,
    #[diesel(skip_update)]
    times_used: i32,
    active: bool,
    #[diesel(skip_update)]
    created_at: NaiveDateTime,
}

fn stored_count(count: u32) -> i32 {
    i32::try_from(count).unwrap_or(i32::MAX)
}

fn read_count(what: &str, raw: i32) -> Result<u32, RepoError> {
    u32::try_from(raw).map_err(|_| corrupt(what, raw))
}

impl DiscountRow {
    pub(crate) fn from_domain(discount: &Discount) -> Self {
        Self {
            id: discount.id.as_str().to_owned(),
            code: discount.code.as_str().to_owned(),
            kind: discount.kind.as_str().to_owned(),
            value: kind_value(discount.kind),
            min_subtotal_cents: discount.min_subtotal.map(|m| m.cents()),
            starts_at: discount.starts_at.map(to_db_time),
            ends_at: discount.ends_at.map(to_db_time),
            usage_limit: discount.usage_limit.map(stored_count),
            per_customer_limit: discount.per_customer_limit.map(stored_count),
            times_used: stored_count(discount.times_used),
            active: discount.active,
            created_at: to_db_time(discount.created_at),
        }
    }

    fn into_domain(self) -> Result<Discount, RepoError> {
        let kind = read_kind(&self.kind, self.value)?;
        Ok(Discount {
            id: DiscountId::parse(&self.id).ok_or_else(|| corrupt("discount id", &self.id))?,
            code: DiscountCode::parse(&self.code)
                .ok_or_else(|| corrupt("discount code", &self.code))?,
            kind,
            min_subtotal: self.min_subtotal_cents.map(money).transpose()?,
            starts_at: self.starts_at.map(from_db_time),
            ends_at: self.ends_at.map(from_db_time),
            usage_limit: self
                .usage_limit
                .map(|n| read_count("usage limit", n))
                .transpose()?,
            per_customer_limit: self
                .per_customer_limit
                .map(|n| read_count("limit per customer", n))
                .transpose()?,
            times_used: read_count("uses", self.times_used)?,
            active: self.active,
            created_at: from_db_time(self.created_at),
        })
    }
}

/// The `value` column of a code's kind: the percent, the amount in cents, or 0.
fn kind_value(kind: DiscountKind) -> i64 {
    match kind {
        DiscountKind::Percent(percent) => i64::from(percent.value()),
        DiscountKind::Fixed(amount) => amount.cents(),
        DiscountKind::FreeShipping => 0,
    }
}

/// The kind the `kind` and `value` columns store.
fn read_kind(kind: &str, value: i64) -> Result<DiscountKind, RepoError> {
    match kind {
        "percent" => u8::try_from(value)
            .ok()
            .and_then(Percent::new)
            .map(DiscountKind::Percent),
        "fixed" => money(value).ok().map(DiscountKind::Fixed),
        "freeShipping" => Some(DiscountKind::FreeShipping),
        _ => None,
    }
    .ok_or_else(|| corrupt("discount", format!("{kind} {value}")))
}

/// A cart's code as it was applied; `discount_id` is NULL once the code was deleted.
#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = cart_discounts)]
struct CartDiscountRow {
    code: String,
    kind: String,
    value: i64,
}

/// The code `query` picks (by id or by code), if there is one.
fn the_one(
    query: discounts::BoxedQuery<'static, MultiBackend>,
    conn: &mut DbConnection,
) -> Result<Option<Discount>, RepoError> {
    query
        .select(DiscountRow::as_select())
        .get_result(conn)
        .optional()
        .map_err(storage)?
        .map(DiscountRow::into_domain)
        .transpose()
}

#[async_trait]
impl DiscountRepository for Database {
    async fn insert(&self, discount: &Discount) -> Result<(), RepoError> {
        let row = DiscountRow::from_domain(discount);
        self.write(move |conn| {
            diesel::insert_into(discounts::table)
                .values(&row)
                .execute(conn)
                .map_err(storage)?;
            Ok(())
        })
        .await
    }

    async fn update(&self, discount: &Discount) -> Result<(), RepoError> {
        let row = DiscountRow::from_domain(discount);
        self.write(move |conn| {
            one_row(
                diesel::update(discounts::table.find(&row.id))
                    .set(&row)
                    .execute(conn)
                    .map_err(storage),
            )
        })
        .await
    }

    async fn delete(&self, id: &DiscountId) -> Result<(), RepoError> {
        let id = id.as_str().to_owned();
        self.write(move |conn| {
            one_row(
                diesel::delete(discounts::table.find(id))
                    .execute(conn)
                    .map_err(storage),
            )
        })
        .await
    }

    async fn by_id(&self, id: &DiscountId) -> Result<Option<Discount>, RepoError> {
        let id = id.as_str().to_owned();
        self.run(move |conn| the_one(discounts::table.find(id).into_boxed(), conn))
            .await
    }

    async fn by_code(&self, code: &DiscountCode) -> Result<Option<Discount>, RepoError> {
        let code = code.as_str().to_owned();
        self.run(move |conn| {
            the_one(
                discounts::table
                    .filter(discounts::code.eq(code))
                    .into_boxed(),
                conn,
            )
        })
        .await
    }

    async fn list(&self, page: Option<Page>) -> Result<(Vec<Discount>, u64), RepoError> {
        self.run(move |conn| {
            let mut query = discounts::table
                .select(DiscountRow::as_select())
                .order((discounts::created_at.desc(), discounts::id.desc()))
                .into_boxed();
            if let Some(page) = page {
                query = query.limit(i64::from(page.size)).offset(page.offset());
            }
            let rows = query.load(conn).map_err(storage)?;
            let total = total_of(page, rows.len(), || {
                discounts::table.count().get_result(conn)
            })?;
            let codes = rows
                .into_iter()
                .map(DiscountRow::into_domain)
                .collect::<Result<_, _>>()?;
            Ok((codes, total))
        })
        .await
    }

    async fn uses_by(&self, id: &DiscountId, user: &UserId) -> Result<u32, RepoError> {
        let id = id.as_str().to_owned();
        let user = user.as_str().to_owned();
        self.run(move |conn| {
            let uses = discount_uses::uses_by(conn, &id, &user).map_err(storage)?;
            u32::try_from(uses).map_err(|_| corrupt("uses", uses))
        })
        .await
    }

    async fn on_cart(&self, user: &UserId) -> Result<Option<CartDiscount>, RepoError> {
        let user = user.as_str().to_owned();
        self.read_by_key(move |conn| {
            let found = cart_discounts::table
                .find(user)
                .left_join(discounts::table)
                .select((
                    CartDiscountRow::as_select(),
                    Option::<DiscountRow>::as_select(),
                ))
                .get_result::<(CartDiscountRow, Option<DiscountRow>)>(conn)
                .optional()
                .map_err(storage)?;
            let Some((applied, current)) = found else {
                return Ok(None);
            };
            Ok(Some(CartDiscount {
                code: DiscountCode::parse(&applied.code)
                    .ok_or_else(|| corrupt("discount code", &applied.code))?,
                applied: read_kind(&applied.kind, applied.value)?,
                current: current.map(DiscountRow::into_domain).transpose()?,
            }))
        })
        .await
    }

    async fn apply_to_cart(&self, user: &UserId, discount: &Discount) -> Result<(), RepoError> {
        let user = user.as_str().to_owned();
        let id = discount.id.as_str().to_owned();
        let code = discount.code.as_str().to_owned();
        let (kind, value) = (discount.kind.as_str(), kind_value(discount.kind));
        self.write(move |conn| {
            write_transaction(conn, |conn| {
                let exists = discounts::table
                    .find(&id)
                    .select(discounts::id)
                    .get_result::<String>(conn)
                    .optional()?
                    .is_some();
                if !exists {
                    return Err(diesel::result::Error::NotFound);
                }
                diesel::delete(cart_discounts::table.find(&user)).execute(conn)?;
                diesel::insert_into(cart_discounts::table)
                    .values((
                        cart_discounts::user_id.eq(&user),
                        cart_discounts::discount_id.eq(&id),
                        cart_discounts::code.eq(&code),
                        cart_discounts::kind.eq(kind),
                        cart_discounts::value.eq(value),
                    ))
                    .execute(conn)
                    .map(drop)
            })
            .map_err(storage)
        })
        .await
    }

    async fn remove_from_cart(&self, user: &UserId) -> Result<(), RepoError> {
        let user = user.as_str().to_owned();
        self.write(move |conn| {
            diesel::delete(cart_discounts::table.find(user))
                .execute(conn)
                .map(drop)
                .map_err(storage)
        })
        .await
    }
}
