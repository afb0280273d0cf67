//! `OrderRepository`: orders with their line snapshots, the guarded stock decrement that
//! places them, status transitions and the dashboard's facts.

use crate::bulk::insert_rows;
use crate::carts;
use crate::connection::{write_transaction, DbConnection};
use crate::discount_uses::{self, UseOf};
use crate::listing::{total_of, IN_LIST_MAX};
use crate::models::{order_id, payment_of, stored_payment, to_db_time, OrderLineRow, OrderRow};
use crate::order_history;
use crate::order_list;
use crate::outbox::{self, OrderContacts, Unconfigured};
use crate::prepared::{self, Prepared};
use crate::products::bump_catalog_version;
use crate::refund_claims::{self, ClaimWrite};
use crate::sales_totals::{self, CountedOrder, SalesChange};
use crate::schema::{order_lines, order_status_history, orders};
use crate::stock::{self, Wanted};
use crate::tx::TxError;
use crate::{storage, Database};
use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sqlite::Sqlite;
use domain::listing::orders::OrderQuery;
use domain::order::{
    DiscountUse, Order, OrderLine, OrderStatus, OrderTransition, PaymentStatus, RefundClaimGuard,
    StockEffect,
};
use domain::ports::{OrderRepository, OrderStoreError, RepoError};
use domain::stats::{OrderFact, ProductSales};
use domain::{OrderId, UserId};
use std::collections::HashMap;

/// Which orders' lines and histories to load.
#[derive(Clone, Copy)]
pub(crate) enum OrdersOf<'a> {
    /// These orders (loaded in slices of bounded size).
    Orders(&'a [OrderRow]),
    /// Every order of one user.
    User(&'a str),
    /// Every order.
    All,
}

/// The lines of several orders, grouped by order id, each group in position order: one
/// query (or one per 500 orders), never one per order.
fn load_lines(
    conn: &mut DbConnection,
    of: OrdersOf<'_>,
) -> Result<HashMap<String, Vec<OrderLine>>, RepoError> {
    let mut rows: Vec<OrderLineRow> = Vec::new();
    match of {
        OrdersOf::Orders(orders) => {
            for slice in orders.chunks(IN_LIST_MAX) {
                let ids: Vec<&str> = slice.iter().map(|o| o.id.as_str()).collect();
                rows.extend(
                    order_lines::table
                        .filter(order_lines::order_id.eq_any(ids))
                        .order((order_lines::order_id, order_lines::position))
                        .select(OrderLineRow::as_select())
                        .load(conn)
                        .map_err(storage)?,
                );
            }
        }
        OrdersOf::All => {
            // Lines of orders placed after the orders were read find no order and are left.
            rows = order_lines::table
                .order((order_lines::order_id, order_lines::position))
                .select(OrderLineRow::as_select())
                .load(conn)
                .map_err(storage)?;
        }
        OrdersOf::User(user) => {
            // An order visible to the first query was committed with its lines, so joining
            // on the user again cannot miss any.
            rows = order_lines::table
                .inner_join(orders::table)
                .filter(orders::user_id.eq(user))
                .order((order_lines::order_id, order_lines::position))
                .select(OrderLineRow::as_select())
                .load(conn)
                .map_err(storage)?;
        }
    }
    let mut grouped: HashMap<String, Vec<OrderLine>> = HashMap::new();
    for row in rows {
        let order = row.order_id.clone();
        grouped.entry(order).or_default().push(row.into_domain()?);
    }
    Ok(grouped)
}

/// The orders of `rows` with their lines and histories, read for these orders, or with
/// `wider` for a set of orders holding them (one query each, however many orders).
pub(crate) fn whole_orders(
    conn: &mut DbConnection,
    rows: Vec<OrderRow>,
    wider: Option<OrdersOf<'_>>,
) -> Result<Vec<Order>, RepoError> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let of = wider.unwrap_or(OrdersOf::Orders(&rows));
    let mut lines = load_lines(conn, of)?;
    let mut history = order_history::load(conn, of)?;
    rows.into_iter()
        .map(|row| {
            let order_lines = lines.remove(&row.id).unwrap_or_default();
            let changes = history.remove(&row.id).unwrap_or_default();
            row.into_domain(order_lines, changes)
        })
        .collect()
}

pub(crate) fn one_order(
    conn: &mut DbConnection,
    row: Option<OrderRow>,
) -> Result<Option<Order>, RepoError> {
    let Some(row) = row else { return Ok(None) };
    Ok(whole_orders(conn, vec![row], None)?.pop())
}

/// The columns a transition sets; `None` leaves a column as it is.
#[derive(AsChangeset)]
#[diesel(table_name = orders)]
struct OrderChangeset<'a> {
    status: &'a str,
    payment_status: Option<&'a str>,
    transaction_id: Option<&'a str>,
    updated_at: NaiveDateTime,
    hold_expired_at: Option<NaiveDateTime>,
    /// Always `Some(None)`, as the next: a transition ends the claim it lands.
    refund_claimed_at: Option<Option<NaiveDateTime>>,
    refund_unconfirmed_at: Option<Option<NaiveDateTime>>,
}

/// `Stale` when the order exists (it moved on), else `NotFound`.
fn stale_or_missing(
    conn: &mut DbConnection,
    id: &str,
) -> Result<OrderStoreError, TxError<OrderStoreError>> {
    let exists = orders::table
        .find(id)
        .select(orders::id)
        .get_result::<String>(conn)
        .optional()?
        .is_some();
    Ok(if exists {
        OrderStoreError::Stale
    } else {
        OrderStoreError::Repo(RepoError::NotFound)
    })
}

fn claim_result(write: ClaimWrite) -> Result<(), OrderStoreError> {
    match write {
        ClaimWrite::Done => Ok(()),
        ClaimWrite::Refused => Err(OrderStoreError::Stale),
        ClaimWrite::Missing => Err(OrderStoreError::Repo(RepoError::NotFound)),
    }
}

/// What a transition reads of the order it moved (`RETURNING`).
#[derive(Queryable, Selectable)]
#[diesel(table_name = orders)]
struct MovedOrder {
    user_id: String,
    created_at: NaiveDateTime,
    total_cents: i64,
    payment_status: String,
    refunded_cents: i64,
    customer_email: String,
    payment_phone: String,
    discount_code: Option<String>,
}

/// Sets `$set` on order `$id` if it still is where `$change` moves it from, and returns what
/// the transition reads of it (`None` when no row moved), on one backend's connection: the
/// guards differ per transition, so the statement is boxed, and a boxed statement belongs to
/// one backend. It stays prepared (`prepared`): one statement per combination of guards.
macro_rules! guarded_update {
    ($backend:ty, $conn:expr, $id:expr, $change:expr, $set:expr) => {{
        let change: &OrderTransition = $change;
        let mut target = diesel::update(orders::table)
            .filter(orders::id.eq($id))
            .filter(orders::status.eq(change.from.as_str()))
            .into_boxed::<$backend>();
        target = match change.refund_claim {
            RefundClaimGuard::Unclaimed => target.filter(orders::refund_claimed_at.is_null()),
            RefundClaimGuard::Lands => target.filter(orders::refund_claimed_at.is_not_null()),
        };
        if let Some(payment) = &change.payment {
            target = target.filter(orders::payment_status.eq(stored_payment(payment.from)));
        }
        if change.to == OrderStatus::Canceled {
            // A cancel puts all the stock back and refunds the rest: not while returns hold
            // units.
            target = target.filter(orders::returns_held.eq(0));
        }
        Prepared(target.set($set).returning(MovedOrder::as_returning()))
            .get_result($conn)
            .optional()
    }};
}

fn transition(
    conn: &mut DbConnection,
    id: &str,
    change: &OrderTransition,
    (at, unconfigured): (DateTime<Utc>, Unconfigured),
) -> Result<(), TxError<OrderStoreError>> {
    let now = to_db_time(at);
    let set = OrderChangeset {
        status: change.to.as_str(),
        payment_status: change.payment.as_ref().map(|p| stored_payment(p.to)),
        transaction_id: change
            .payment
            .as_ref()
            .and_then(|p| p.transaction_id.as_deref()),
        updated_at: now,
        hold_expired_at: change.expires_hold.then_some(now),
        refund_claimed_at: Some(None),
        refund_unconfirmed_at: Some(None),
    };
    let moved = match conn {
        DbConnection::Sqlite(conn) => guarded_update!(Sqlite, conn, id, change, &set),
        DbConnection::Pg(conn) => guarded_update!(Pg, conn, id, change, &set),
    }?;
    let Some(moved) = moved else {
        return Err(stale_or_missing(conn, id)?.into());
    };
    let mut refunded_cents = moved.refunded_cents;
    if change.payment.as_ref().map(|p| p.to) == Some(PaymentStatus::Refunded) {
        // A cancel gives back the rest of the charge: all of it is refunded now.
        prepared::execute(
            conn,
            diesel::update(orders::table.find(id))
                .set(orders::refunded_cents.eq(orders::total_cents))
                .returning(prepared::row()),
        )?;
        refunded_cents = moved.total_cents;
    }
    if change.from != change.to {
        order_history::append(conn, id, change.to, now, change.by.as_ref())?;
    }
    if change.records_delivery {
        // The first delivery stays: an admin's correction never restarts the return window.
        diesel::update(orders::table.find(id))
            .filter(orders::delivered_at.is_null())
            .set(orders::delivered_at.eq(now))
            .execute(conn)?;
    }
    let MovedOrder {
        user_id: user,
        created_at,
        total_cents,
        payment_status: payment_now,
        customer_email: email,
        payment_phone: phone,
        discount_code,
        ..
    } = moved;
    outbox::announce_order_change(
        conn,
        id,
        &OrderContacts { email, phone },
        (change.from, change.to),
        change.payment.as_ref().map(|p| (p.from, p.to)),
        (now, unconfigured),
    )?;
    if change.empties_cart {
        carts::empty(conn, &user)?;
    }
    let lines: Vec<OrderLineRow> = if change.stock == StockEffect::None {
        Vec::new()
    } else {
        order_lines::table
            .filter(order_lines::order_id.eq(id))
            .select(OrderLineRow::as_select())
            .load(conn)?
    };
    let wanted = Wanted::of(&lines);
    match change.stock {
        StockEffect::Release => stock::release(conn, &wanted)?,
        StockEffect::Reserve => stock::take(conn, &wanted, (at, unconfigured))?,
        StockEffect::None => {}
    }
    match (change.discount_use, &discount_code) {
        (DiscountUse::GiveBack, _) => discount_uses::give_back(conn, id)?,
        (DiscountUse::Take, Some(code)) => discount_uses::take(
            conn,
            &UseOf {
                code,
                order: id,
                user: &user,
                at: created_at,
            },
        )?,
        (DiscountUse::Take, None) | (DiscountUse::Keep, _) => {}
    }
    if change.stock != StockEffect::None {
        bump_catalog_version(conn)?;
    }
    let payment_now = payment_of(&payment_now, refunded_cents)?;
    let before = CountedOrder {
        created_at,
        status: change.from,
        payment_status: change.payment.as_ref().map_or(payment_now, |p| p.from),
        total_cents,
    };
    let after = CountedOrder {
        status: change.to,
        payment_status: payment_now,
        ..before
    };
    let mut sales = SalesChange::default();
    sales.transition(&before, &after, wanted.by_name());
    sales.apply(conn)?;
    Ok(())
}

#[async_trait]
impl OrderRepository for Database {
    async fn place(&self, order: &Order) -> Result<(), OrderStoreError> {
        let row = OrderRow::from_domain(order);
        let lines = order
            .lines
            .iter()
            .enumerate()
            .map(|(position, line)| OrderLineRow::from_domain(&order.id, position, line))
            .collect::<Result<Vec<_>, _>>()?;
        let wanted = Wanted::of(&lines);
        let history = order_history::rows_of([(order.id.as_str(), order.history.as_slice())]);
        let mut sales = SalesChange::default();
        sales.place(order);
        let unconfigured = self.unconfigured_channels();
        let created_at = order.created_at;
        self.write(move |conn| {
            write_transaction(conn, |conn| {
                stock::take(conn, &wanted, (created_at, unconfigured))?;
                diesel::insert_into(orders::table)
                    .values(&row)
                    .execute(conn)?;
                insert_rows!(conn, order_lines::table, lines)?;
                insert_rows!(conn, order_status_history::table, history)?;
                if let Some(code) = &row.discount_code {
                    discount_uses::take(
                        conn,
                        &UseOf {
                            code,
                            order: &row.id,
                            user: &row.user_id,
                            at: row.created_at,
                        },
                    )?;
                }
                bump_catalog_version(conn)?;
                sales.apply(conn)?;
                Ok::<_, TxError<OrderStoreError>>(())
            })
            .map_err(OrderStoreError::from)
        })
        .await
    }

    async fn by_id(&self, id: &OrderId) -> Result<Option<Order>, RepoError> {
        let id = id.as_str().to_owned();
        self.read_by_key(move |conn| {
            let row = orders::table
                .find(id)
                .select(OrderRow::as_select())
                .get_result(conn)
                .optional()
                .map_err(storage)?;
            one_order(conn, row)
        })
        .await
    }

    async fn by_idempotency_key(
        &self,
        user: &UserId,
        key: &str,
    ) -> Result<Option<Order>, RepoError> {
        let user = user.as_str().to_owned();
        let key = key.to_owned();
        self.read_by_key(move |conn| {
            let row = orders::table
                .filter(orders::user_id.eq(user))
                .filter(orders::idempotency_key.eq(key))
                .select(OrderRow::as_select())
                .get_result(conn)
                .optional()
                .map_err(storage)?;
            one_order(conn, row)
        })
        .await
    }

    async fn forget_idempotency_key(&self, id: &OrderId) -> Result<(), RepoError> {
        let id = id.as_str().to_owned();
        self.write(move |conn| {
            diesel::update(orders::table.find(id))
                .set(orders::idempotency_key.eq(None::<String>))
                .execute(conn)
                .map(drop)
                .map_err(storage)
        })
        .await
    }

    async fn for_user(&self, user: &UserId) -> Result<Vec<Order>, RepoError> {
        let user = user.as_str().to_owned();
        self.run(move |conn| {
            let rows = orders::table
                .filter(orders::user_id.eq(&user))
                .order((orders::created_at.desc(), orders::id.desc()))
                .select(OrderRow::as_select())
                .load(conn)
                .map_err(storage)?;
            whole_orders(conn, rows, Some(OrdersOf::User(&user)))
        })
        .await
    }

    async fn list(&self, query: &OrderQuery) -> Result<(Vec<Order>, u64), RepoError> {
        let query = query.clone();
        let backend = self.inner.backend;
        self.run(move |conn| {
            let mut selection = order_list::sorted(order_list::matching(&query, backend), &query)
                .select(OrderRow::as_select());
            if let Some(page) = query.page {
                selection = selection.limit(i64::from(page.size)).offset(page.offset());
            }
            let rows = selection.load(conn).map_err(storage)?;
            let total = total_of(query.page, rows.len(), || {
                sales_totals::orders_counted(conn, &query).unwrap_or_else(|| {
                    order_list::matching(&query, backend)
                        .count()
                        .get_result(conn)
                })
            })?;
            let wider = (query == OrderQuery::default()).then_some(OrdersOf::All);
            Ok((whole_orders(conn, rows, wider)?, total))
        })
        .await
    }

    async fn transition(
        &self,
        id: &OrderId,
        change: &OrderTransition,
        at: DateTime<Utc>,
    ) -> Result<(), OrderStoreError> {
        let id = id.as_str().to_owned();
        let change = change.clone();
        let unconfigured = self.unconfigured_channels();
        self.write(move |conn| {
            write_transaction(conn, |conn| {
                transition(conn, &id, &change, (at, unconfigured))
            })
            .map_err(OrderStoreError::from)
        })
        .await
    }

    async fn claim_refund(
        &self,
        id: &OrderId,
        from: OrderStatus,
        at: DateTime<Utc>,
    ) -> Result<(), OrderStoreError> {
        let id = id.as_str().to_owned();
        self.write(move |conn| {
            let paid_with_no_returns = Box::new(
                orders::status
                    .eq(from.as_str())
                    .and(orders::payment_status.eq(PaymentStatus::Paid.as_str()))
                    .and(orders::returns_held.eq(0)),
            );
            claim_result(refund_claims::orders::claim(
                conn,
                &id,
                paid_with_no_returns,
                at,
            )?)
        })
        .await
    }

    async fn release_refund_claim(&self, id: &OrderId) -> Result<(), RepoError> {
        let id = id.as_str().to_owned();
        self.write(move |conn| refund_claims::orders::release(conn, &id))
            .await
    }

    async fn mark_refund_unconfirmed(
        &self,
        id: &OrderId,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let id = id.as_str().to_owned();
        self.write(move |conn| refund_claims::orders::mark_unconfirmed(conn, &id, at))
            .await
    }

    async fn reclaim_unconfirmed_refund(
        &self,
        id: &OrderId,
        at: DateTime<Utc>,
    ) -> Result<(), OrderStoreError> {
        let id = id.as_str().to_owned();
        self.write(move |conn| {
            claim_result(refund_claims::orders::reclaim_unconfirmed(conn, &id, at)?)
        })
        .await
    }

    async fn unconfirmed_placed_before(
        &self,
        cutoff: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<OrderId>, RepoError> {
        self.run(move |conn| {
            let ids: Vec<String> = orders::table
                .filter(orders::payment_status.eq(PaymentStatus::Pending.as_str()))
                .filter(orders::status.eq(OrderStatus::Pending.as_str()))
                .filter(orders::created_at.lt(to_db_time(cutoff)))
                .order(orders::created_at)
                .limit(i64::from(limit))
                .select(orders::id)
                .load(conn)
                .map_err(storage)?;
            ids.iter().map(|id| order_id(id)).collect()
        })
        .await
    }

    async fn facts(&self) -> Result<Vec<OrderFact>, RepoError> {
        self.run(sales_totals::facts).await
    }

    async fn best_sellers(&self, count: usize) -> Result<Vec<ProductSales>, RepoError> {
        self.run(move |conn| sales_totals::best_sellers(conn, count))
            .await
    }
}
