//! `RestockAlertRepository`: back-in-stock requests, and their answer, queued in the
//! transaction that brings stock back (`answer`).

use crate::connection::{write_transaction, DbConnection};
use crate::models::{count, from_db_time, product_id, to_db_time, user_id};
use crate::outbox::{self, Unconfigured};
use crate::products::colour_pictures::from_json;
use crate::schema::{product_variants, products, restock_alerts, users};
use crate::{corrupt, storage, variants, Database};
use async_trait::async_trait;
use chrono::NaiveDateTime;
use diesel::dsl::{count_star, min, sql};
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use domain::ids::{RestockAlertId, UserId, VariantId};
use domain::notification::{Announcement, Topic};
use domain::ports::{
    AskOutcome, Page, RepoError, RestockAlertRepository, RestockDemand, RestockRequest,
};
use domain::restock::{answered_by, BackInStock, PendingAlert, RestockAlert, StockNow};
use std::collections::HashMap;

/// The pending key of a one-size product's requests.
const ONE_SIZE: &str = "";

#[derive(Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = restock_alerts)]
struct AlertRow {
    id: String,
    user_id: String,
    product_id: String,
    variant_id: Option<String>,
    variant_key: String,
    created_at: NaiveDateTime,
    answered_at: Option<NaiveDateTime>,
}

fn variant_id(raw: &str) -> Result<VariantId, RepoError> {
    VariantId::parse(raw).ok_or_else(|| corrupt("size id", raw))
}

impl AlertRow {
    fn of(alert: &RestockAlert) -> Self {
        let variant_id = alert.variant_id.as_ref().map(|v| v.as_str().to_owned());
        Self {
            id: alert.id.as_str().to_owned(),
            user_id: alert.user_id.as_str().to_owned(),
            product_id: alert.product_id.as_str().to_owned(),
            variant_key: variant_id.clone().unwrap_or_else(|| ONE_SIZE.to_owned()),
            variant_id,
            created_at: to_db_time(alert.created_at),
            answered_at: alert.answered_at.map(to_db_time),
        }
    }

    fn into_domain(self) -> Result<RestockAlert, RepoError> {
        Ok(RestockAlert {
            id: RestockAlertId::parse(&self.id).ok_or_else(|| corrupt("request id", &self.id))?,
            user_id: user_id(&self.user_id)?,
            product_id: product_id(&self.product_id)?,
            variant_id: self.variant_id.as_deref().map(variant_id).transpose()?,
            created_at: from_db_time(self.created_at),
            answered_at: self.answered_at.map(from_db_time),
        })
    }
}

/// A pending request with the address of its shopper.
#[derive(Queryable)]
struct PendingRow {
    id: String,
    variant: Option<String>,
    user: String,
    email: Option<String>,
    phone: String,
}

/// Answers the pending requests of `products` whose size has stock now: each marked answered
/// once (a guarded update) and its message queued, in the caller's transaction, which brought
/// the stock back.
pub(crate) fn answer<'a>(
    conn: &mut DbConnection,
    products: impl IntoIterator<Item = &'a str>,
    at: NaiveDateTime,
    unconfigured: Unconfigured,
) -> QueryResult<()> {
    let unreadable = |e: RepoError| diesel::result::Error::DeserializationError(Box::new(e));
    for product in products {
        // Each request with whom it goes to, read at once: a restock may answer many.
        let rows: Vec<PendingRow> = restock_alerts::table
            .inner_join(users::table.on(users::id.eq(restock_alerts::user_id)))
            .filter(restock_alerts::product_id.eq(product))
            .filter(restock_alerts::answered_at.is_null())
            .select((
                restock_alerts::id,
                restock_alerts::variant_id,
                users::id,
                users::email,
                users::phone,
            ))
            .load(conn)?;
        if rows.is_empty() {
            continue;
        }
        let mut addressees = HashMap::with_capacity(rows.len());
        let pending: Vec<PendingAlert> = rows
            .into_iter()
            .map(
                |PendingRow {
                     id,
                     variant,
                     user,
                     email,
                     phone,
                 }| {
                    let alert = PendingAlert {
                        id: RestockAlertId::parse(&id).ok_or_else(|| corrupt("request id", &id))?,
                        variant_id: variant.as_deref().map(variant_id).transpose()?,
                    };
                    addressees.insert(alert.id.clone(), (user_id(&user)?, email, phone));
                    Ok(alert)
                },
            )
            .collect::<Result<_, RepoError>>()
            .map_err(unreadable)?;
        let (name, stock): (String, i64) = products::table
            .find(product)
            .select((products::name, products::stock))
            .first(conn)?;
        let now = StockNow {
            product_id: product_id(product).map_err(unreadable)?,
            name,
            stock: count(stock).map_err(unreadable)?,
            sizes: variants::of_product(conn, product).map_err(unreadable)?,
        };
        for alert in answered_by(&now, &pending) {
            let claimed = diesel::update(
                restock_alerts::table
                    .find(alert.id.as_str())
                    .filter(restock_alerts::answered_at.is_null()),
            )
            .set(restock_alerts::answered_at.eq(at))
            .execute(conn)?;
            if claimed == 0 {
                continue;
            }
            let Some((user, email, phone)) = addressees.remove(&alert.id) else {
                continue;
            };
            let message = BackInStock::of(&now, alert, user);
            let messages = Announcement::to_shopper(
                Topic::BackInStock,
                alert.id.as_str(),
                email.as_deref().unwrap_or_default(),
                &phone,
                Some(message.payload()),
            );
            outbox::announce(conn, &messages, at, unconfigured)?;
        }
    }
    Ok(())
}

/// Locks the size's row (or the one-size product's) while it is sold out, after its
/// product's row, in the order stock changes lock them: whether it still is.
fn lock_sold_out(conn: &mut DbConnection, alert: &AlertRow) -> QueryResult<bool> {
    let product = products::table.find(&alert.product_id);
    let locked = match &alert.variant_id {
        None => diesel::update(product.filter(products::stock.eq(0)))
            .set(products::stock.eq(products::stock))
            .execute(conn)?,
        Some(variant) => {
            diesel::update(product)
                .set(products::stock.eq(products::stock))
                .execute(conn)?;
            diesel::update(
                product_variants::table
                    .find(variant)
                    .filter(product_variants::product_id.eq(&alert.product_id))
                    .filter(product_variants::stock.eq(0)),
            )
            .set(product_variants::stock.eq(product_variants::stock))
            .execute(conn)?
        }
    };
    Ok(locked > 0)
}

/// One row of a shopper's list: the request, its product's name, thumbnail, colours'
/// pictures and stock, and its size's name, colour and stock.
type MineRow = (
    AlertRow,
    String,
    Option<String>,
    String,
    i64,
    Option<String>,
    Option<String>,
    Option<i64>,
);

#[async_trait]
impl RestockAlertRepository for Database {
    async fn ask(&self, alert: &RestockAlert) -> Result<AskOutcome, RepoError> {
        let row = AlertRow::of(alert);
        self.write(move |conn| {
            write_transaction(conn, |conn| {
                if !lock_sold_out(conn, &row)? {
                    return Ok(AskOutcome::InStock);
                }
                let kept = restock_alerts::table
                    .filter(restock_alerts::user_id.eq(&row.user_id))
                    .filter(restock_alerts::product_id.eq(&row.product_id))
                    .filter(restock_alerts::variant_key.eq(&row.variant_key))
                    .filter(restock_alerts::answered_at.is_null())
                    .select(AlertRow::as_select())
                    .first(conn)
                    .optional()?;
                if let Some(kept) = kept {
                    return Ok(AskOutcome::AlreadyAsked(kept.into_domain().map_err(
                        |e| diesel::result::Error::DeserializationError(Box::new(e)),
                    )?));
                }
                diesel::insert_into(restock_alerts::table)
                    .values(&row)
                    .execute(conn)?;
                Ok(AskOutcome::Asked)
            })
            .map_err(storage)
        })
        .await
    }

    async fn mine(
        &self,
        user: &UserId,
        page: Page,
    ) -> Result<(Vec<RestockRequest>, u64), RepoError> {
        let user = user.as_str().to_owned();
        self.run(move |conn| {
            let total: i64 = restock_alerts::table
                .filter(restock_alerts::user_id.eq(&user))
                .count()
                .get_result(conn)
                .map_err(storage)?;
            let rows: Vec<MineRow> = restock_alerts::table
                .inner_join(products::table)
                .left_join(
                    product_variants::table.on(product_variants::id
                        .nullable()
                        .eq(restock_alerts::variant_id)),
                )
                .filter(restock_alerts::user_id.eq(&user))
                .order((restock_alerts::created_at.desc(), restock_alerts::id.desc()))
                .limit(i64::from(page.size))
                .offset(page.offset())
                .select((
                    AlertRow::as_select(),
                    products::name,
                    products::image_thumb,
                    products::colour_pictures,
                    products::stock,
                    product_variants::size.nullable(),
                    product_variants::colour.nullable(),
                    product_variants::stock.nullable(),
                ))
                .load(conn)
                .map_err(storage)?;
            let requests = rows
                .into_iter()
                .map(
                    |(alert, name, thumbnail, pictures, stock, size, colour, size_stock)| {
                        // The picture of the colour asked for, as the cart shows it.
                        let thumbnail = from_json(&pictures)?
                            .first_of(colour.as_deref())
                            .map(|picture| picture.thumbnail.clone())
                            .or(thumbnail);
                        Ok(RestockRequest {
                            alert: alert.into_domain()?,
                            product_name: name,
                            thumbnail,
                            size,
                            colour,
                            stock: count(size_stock.unwrap_or(stock))?,
                        })
                    },
                )
                .collect::<Result<_, RepoError>>()?;
            Ok((requests, u64::try_from(total).unwrap_or_default()))
        })
        .await
    }

    async fn cancel(&self, user: &UserId, id: &RestockAlertId) -> Result<(), RepoError> {
        let (user, id) = (user.as_str().to_owned(), id.as_str().to_owned());
        self.write(move |conn| {
            let removed = diesel::delete(
                restock_alerts::table
                    .find(id)
                    .filter(restock_alerts::user_id.eq(user)),
            )
            .execute(conn)
            .map_err(storage)?;
            if removed == 0 {
                return Err(RepoError::NotFound);
            }
            Ok(())
        })
        .await
    }

    async fn most_requested(&self, page: Page) -> Result<(Vec<RestockDemand>, u64), RepoError> {
        self.run(move |conn| {
            let waiting = restock_alerts::table.filter(restock_alerts::answered_at.is_null());
            let total: i64 = waiting
                .select(sql::<BigInt>(
                    "COUNT(DISTINCT restock_alerts.product_id || ':' || restock_alerts.variant_key)",
                ))
                .get_result(conn)
                .map_err(storage)?;
            let groups: Vec<(String, Option<String>, i64, Option<NaiveDateTime>)> = waiting
                .group_by((restock_alerts::product_id, restock_alerts::variant_id))
                .select((
                    restock_alerts::product_id,
                    restock_alerts::variant_id,
                    count_star(),
                    min(restock_alerts::created_at),
                ))
                .order((
                    count_star().desc(),
                    min(restock_alerts::created_at).asc(),
                    restock_alerts::product_id.asc(),
                ))
                .limit(i64::from(page.size))
                .offset(page.offset())
                .load(conn)
                .map_err(storage)?;
            let product_ids: Vec<&str> = groups.iter().map(|g| g.0.as_str()).collect();
            let names: HashMap<String, (String, i64)> = products::table
                .filter(products::id.eq_any(&product_ids))
                .select((products::id, (products::name, products::stock)))
                .load(conn)
                .map_err(storage)?
                .into_iter()
                .collect();
            let variant_ids: Vec<&str> = groups.iter().filter_map(|g| g.1.as_deref()).collect();
            type Size = (String, Option<String>, String, i64);
            let sizes: HashMap<String, Size> = product_variants::table
                .filter(product_variants::id.eq_any(&variant_ids))
                .select((
                    product_variants::id,
                    (
                        product_variants::size,
                        product_variants::colour,
                        product_variants::sku,
                        product_variants::stock,
                    ),
                ))
                .load(conn)
                .map_err(storage)?
                .into_iter()
                .collect();
            let demand = groups
                .into_iter()
                .map(|(product, variant, requests, since)| {
                    let (name, product_stock) = names
                        .get(&product)
                        .cloned()
                        .ok_or_else(|| corrupt("requested product", &product))?;
                    let size = variant.as_ref().and_then(|v| sizes.get(v)).cloned();
                    Ok(RestockDemand {
                        product_id: product_id(&product)?,
                        product_name: name,
                        variant_id: variant.as_deref().map(variant_id).transpose()?,
                        stock: count(size.as_ref().map_or(product_stock, |s| s.3))?,
                        size: size.as_ref().map(|s| s.0.clone()),
                        colour: size.as_ref().and_then(|s| s.1.clone()),
                        sku: size.map(|s| s.2),
                        requests: u64::try_from(requests).unwrap_or_default(),
                        since: from_db_time(since.ok_or_else(|| corrupt("request time", ""))?),
                    })
                })
                .collect::<Result<_, RepoError>>()?;
            Ok((demand, u64::try_from(total).unwrap_or_default()))
        })
        .await
    }
}
