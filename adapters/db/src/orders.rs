//! `OrderRepository`: orders with their line snapshots, the guarded stock decrement that
//! places them, status transitions and the dashboard's facts.

use crate::carts;
use crate::connection::{write_transaction, DbConnection};
use crate::discount_uses::{self, UseOf};
use crate::listing::{total_of, IN_LIST_MAX};
use crate::models::{stored_payment, to_db_time, OrderLineRow, OrderRow};
use crate::order_history::{self, OrdersOf};
use crate::order_list;
use crate::outbox::{self, Unconfigured};
use crate::prepared::Prepared;
use crate::products::bump_catalog_version;
use crate::refund_claims::{self, ClaimWrite};
use crate::rows::insert_rows;
use crate::sales_totals::{self, SalesChange};
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
use domain::order::plan::{DiscountUseChange, LineUnits, OrderPlan, SalesDelta};
use domain::order::{Order, OrderLine, OrderStatus, PaymentStatus, RefundClaimGuard};
use domain::ports::{OrderRepository, OrderStoreError, RepoError};
use domain::stats::{OrderFact, ProductSales};
use domain::{OrderId, UserId};
use std::collections::HashMap;

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

/// The columns a plan sets; `None` leaves a column as it is.
#[derive(AsChangeset)]
#[diesel(table_name = orders)]
struct OrderChangeset<'a> {
    status: &'a str,
    payment_status: &'a str,
    transaction_id: Option<&'a str>,
    updated_at: NaiveDateTime,
    hold_expired_at: Option<NaiveDateTime>,
    refunded_cents: Option<i64>,
    delivered_at: Option<NaiveDateTime>,
    /// Always `Some(None)`, as the next: a change ends the claim it lands.
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

/// Sets `$set` on the order of `$plan` while it is still as the plan read it, and says how
/// many rows moved, on one backend's connection: the guards differ per plan, so the
/// statement is boxed, and a boxed statement belongs to one backend. It stays prepared
/// (`prepared`): one statement per combination of guards.
macro_rules! guarded_update {
    ($backend:ty, $conn:expr, $plan:expr, $set:expr) => {{
        let plan: &OrderPlan = $plan;
        let mut target = diesel::update(orders::table)
            .filter(orders::id.eq(plan.order.as_str()))
            .filter(orders::status.eq(plan.change.from.as_str()))
            .filter(orders::payment_status.eq(stored_payment(plan.payment_from)))
            .into_boxed::<$backend>();
        target = match plan.change.refund_claim {
            RefundClaimGuard::Unclaimed => target.filter(orders::refund_claimed_at.is_null()),
            RefundClaimGuard::Lands => target.filter(orders::refund_claimed_at.is_not_null()),
        };
        if plan.requires_no_returns {
            target = target.filter(orders::returns_held.eq(0));
        }
        Prepared(target.set($set).returning(orders::id))
            .get_result::<String>($conn)
            .optional()
    }};
}

/// Carries out `plan` (`OrderRepository::apply`) in the caller's transaction.
fn apply_plan(
    conn: &mut DbConnection,
    plan: &OrderPlan,
    unconfigured: Unconfigured,
) -> Result<(), TxError<OrderStoreError>> {
    let at = to_db_time(plan.at);
    let set = OrderChangeset {
        status: plan.status.as_str(),
        payment_status: stored_payment(plan.payment_status),
        transaction_id: plan.transaction_id.as_deref(),
        updated_at: at,
        hold_expired_at: plan.hold_expired_at.map(to_db_time),
        refunded_cents: plan.refunded.map(|refunded| refunded.cents()),
        delivered_at: plan.delivered_at.map(to_db_time),
        refund_claimed_at: Some(None),
        refund_unconfirmed_at: Some(None),
    };
    let moved = match conn {
        DbConnection::Sqlite(conn) => guarded_update!(Sqlite, conn, plan, &set),
        DbConnection::Pg(conn) => guarded_update!(Pg, conn, plan, &set),
    }?;
    let id = plan.order.as_str();
    if moved.is_none() {
        return Err(stale_or_missing(conn, id)?.into());
    }
    if let Some(change) = &plan.history {
        order_history::append(conn, id, change.status, at, change.by.as_ref())?;
    }
    outbox::announce(conn, &plan.messages, at, unconfigured)?;
    if let Some(user) = &plan.empties_cart_of {
        carts::empty(conn, user.as_str())?;
    }
    if let Some(stock) = &plan.stock {
        let wanted = Wanted::of(&stock.units);
        if stock.takes {
            stock::take(conn, &wanted, (plan.at, unconfigured))?;
        } else {
            stock::release(conn, &wanted)?;
        }
    }
    match &plan.discount_use {
        DiscountUseChange::GiveBack => discount_uses::give_back(conn, id)?,
        DiscountUseChange::Take { code, user, at } => discount_uses::take(
            conn,
            &UseOf {
                code: code.as_str(),
                order: id,
                user: user.as_str(),
                at: to_db_time(*at),
            },
        )?,
        DiscountUseChange::Keep => {}
    }
    if plan.catalog_changed {
        bump_catalog_version(conn)?;
    }
    SalesChange::of(&plan.sales).apply(conn)?;
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
        let wanted = Wanted::of(&LineUnits::of_order(order));
        let history = order_history::rows_of([(order.id.as_str(), order.history.as_slice())]);
        let sales = SalesChange::of(&SalesDelta::placed(order));
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

    async fn apply(&self, plan: &OrderPlan) -> Result<(), OrderStoreError> {
        let plan = plan.clone();
        let unconfigured = self.unconfigured_channels();
        self.write(move |conn| {
            write_transaction(conn, |conn| apply_plan(conn, &plan, unconfigured))
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
    ) -> Result<Vec<Order>, RepoError> {
        self.run(move |conn| {
            let rows = orders::table
                .filter(orders::payment_status.eq(PaymentStatus::Pending.as_str()))
                .filter(orders::status.eq(OrderStatus::Pending.as_str()))
                .filter(orders::created_at.lt(to_db_time(cutoff)))
                .order(orders::created_at)
                .limit(i64::from(limit))
                .select(OrderRow::as_select())
                .load(conn)
                .map_err(storage)?;
            whole_orders(conn, rows, None)
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
