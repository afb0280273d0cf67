//! `ReturnRepository` (migration `2026-11-24-200000_returns`): returns with their lines and
//! status histories. A request is planned against its order inside the transaction that
//! stores it, with the order's row locked; receiving puts the units back in stock and a
//! refund lands on the order, each in the transaction that moves the return, so repeating
//! a change cannot repeat its effect.

use crate::connection::{write_transaction, DbConnection};
use crate::listing::{total_of, IN_LIST_MAX};
use crate::models::{
    from_db_time, money, order_id, product_id, quantity, refund_claim, stored_payment, to_db_time,
    variant_snapshot,
};
use crate::order_history::{changer_columns, changer_of};
use crate::order_numbers;
use crate::orders::{one_order, OrderRow};
use crate::outbox::{self, Unconfigured};
use crate::products::bump_catalog_version;
use crate::refund_claims::{self, ClaimWrite};
use crate::rows::insert_rows;
use crate::sales_totals::SalesChange;
use crate::schema::{orders, return_lines, return_status_history, returns};
use crate::stock;
use crate::tx::TxError;
use crate::{corrupt, storage, Database};
use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use domain::ids::{OrderLineId, ReturnId};
use domain::order::{Changer, PaymentStatus, StatusChange};
use domain::ports::{Page, RepoError, ReturnRepository, ReturnRequest, ReturnStoreError};
use domain::returns::payout::{OrderPayment, PaidOutWith};
use domain::returns::plan::ReturnStepPlan;
use domain::returns::{plan_return, HeldByReturns, Return, ReturnLine, ReturnStatus};
use domain::OrderId;
use std::collections::HashMap;

type Tx<T> = Result<T, TxError<ReturnStoreError>>;

fn claim_result(write: ClaimWrite) -> Result<(), ReturnStoreError> {
    match write {
        ClaimWrite::Done => Ok(()),
        ClaimWrite::Refused => Err(ReturnStoreError::Stale),
        ClaimWrite::Missing => Err(ReturnStoreError::Repo(RepoError::NotFound)),
    }
}

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = returns, treat_none_as_default_value = false)]
struct ReturnRow {
    id: String,
    order_id: String,
    user_id: String,
    status: String,
    refund_cents: i64,
    reason: String,
    created_at: NaiveDateTime,
    refund_claimed_at: Option<NaiveDateTime>,
    refund_unconfirmed_at: Option<NaiveDateTime>,
    refund_paid_with: Option<String>,
}

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = return_lines, treat_none_as_default_value = false)]
struct ReturnLineRow {
    return_id: String,
    position: i32,
    line_position: i32,
    product_id: String,
    name: String,
    variant_id: Option<String>,
    size: Option<String>,
    colour: Option<String>,
    sku: Option<String>,
    quantity: i32,
    amount_cents: i64,
}

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = return_status_history, treat_none_as_default_value = false)]
struct ReturnHistoryRow {
    return_id: String,
    seq: i32,
    status: String,
    at: NaiveDateTime,
    by_id: Option<String>,
    by_name: Option<String>,
}

fn return_status(raw: &str) -> Result<ReturnStatus, RepoError> {
    ReturnStatus::parse(raw).ok_or_else(|| corrupt("return status", raw))
}

impl ReturnHistoryRow {
    fn of(
        id: &str,
        seq: i32,
        status: ReturnStatus,
        at: NaiveDateTime,
        by: Option<&Changer>,
    ) -> Self {
        let (by_id, by_name) = changer_columns(by);
        Self {
            return_id: id.to_owned(),
            seq,
            status: status.as_str().to_owned(),
            at,
            by_id,
            by_name,
        }
    }

    fn into_domain(self) -> Result<StatusChange<ReturnStatus>, RepoError> {
        Ok(StatusChange {
            status: return_status(&self.status)?,
            at: from_db_time(self.at),
            by: changer_of(self.by_id, self.by_name)?,
        })
    }
}

impl ReturnLineRow {
    /// The `position`-th line of return `id` of `order`.
    fn of(
        id: &str,
        order: &OrderId,
        position: usize,
        line: &ReturnLine,
    ) -> Result<Self, RepoError> {
        let place = |index: usize| {
            i32::try_from(index).map_err(|_| RepoError::Storage("too many return lines".into()))
        };
        let line_position = line
            .line_id
            .index_in(order)
            .ok_or_else(|| corrupt("order line id", &line.line_id))?;
        let variant = line.variant.as_ref();
        Ok(Self {
            return_id: id.to_owned(),
            position: place(position)?,
            line_position: place(line_position)?,
            product_id: line.product_id.as_str().to_owned(),
            name: line.name.clone(),
            variant_id: variant.map(|v| v.id.as_str().to_owned()),
            size: variant.map(|v| v.size.clone()),
            colour: variant.and_then(|v| v.colour.clone()),
            sku: variant.map(|v| v.sku.clone()),
            quantity: quantity(line.quantity)?,
            amount_cents: line.amount.cents(),
        })
    }

    fn into_domain(self, order: &OrderId) -> Result<ReturnLine, RepoError> {
        let index = usize::try_from(self.line_position)
            .map_err(|_| corrupt("order line position", self.line_position))?;
        Ok(ReturnLine {
            line_id: OrderLineId::of(order, index),
            product_id: product_id(&self.product_id)?,
            variant: variant_snapshot(
                self.variant_id,
                self.size,
                self.colour,
                self.sku,
                &self.return_id,
            )?,
            name: self.name,
            quantity: u32::try_from(self.quantity)
                .map_err(|_| corrupt("returned quantity", self.quantity))?,
            amount: money(self.amount_cents)?,
        })
    }
}

/// A return's row with its order's customer and payment (returns joined with their orders).
#[derive(Queryable, Selectable)]
#[diesel(table_name = returns)]
struct RowWithCustomer {
    #[diesel(embed)]
    row: ReturnRow,
    #[diesel(embed)]
    order: OrderOfReturn,
}

/// What a return shows of its order.
#[derive(Queryable, Selectable)]
#[diesel(table_name = orders)]
struct OrderOfReturn {
    number: i64,
    customer_name: String,
    customer_email: String,
    payment_method: String,
    transaction_id: Option<String>,
}

impl ReturnRow {
    fn into_domain(
        self,
        of_order: OrderOfReturn,
        lines: Vec<ReturnLineRow>,
        history: Vec<ReturnHistoryRow>,
    ) -> Result<Return, RepoError> {
        let order = order_id(&self.order_id)?;
        Ok(Return {
            order_number: order_numbers::read(of_order.number, &self.order_id)?,
            id: ReturnId::parse(&self.id).ok_or_else(|| corrupt("return id", &self.id))?,
            user_id: domain::UserId::parse(&self.user_id)
                .ok_or_else(|| corrupt("user id", &self.user_id))?,
            customer_name: of_order.customer_name,
            customer_email: of_order.customer_email,
            status: return_status(&self.status)?,
            lines: lines
                .into_iter()
                .map(|line| line.into_domain(&order))
                .collect::<Result<_, _>>()?,
            refund_amount: money(self.refund_cents)?,
            reason: self.reason,
            created_at: from_db_time(self.created_at),
            history: history
                .into_iter()
                .map(ReturnHistoryRow::into_domain)
                .collect::<Result<_, _>>()?,
            refund_claim: refund_claim(self.refund_claimed_at, self.refund_unconfirmed_at),
            order_payment: OrderPayment {
                method: crate::orders::method_of(&of_order.payment_method, &self.order_id)?,
                transaction_id: of_order.transaction_id,
            },
            refund_paid_with: self
                .refund_paid_with
                .map(|raw| PaidOutWith::parse(&raw).ok_or_else(|| corrupt("refund payout", &raw)))
                .transpose()?,
            order_id: order,
        })
    }
}

/// The returns of `rows` with their lines and histories: two queries per 500 returns.
fn whole_returns(
    conn: &mut DbConnection,
    rows: Vec<RowWithCustomer>,
) -> Result<Vec<Return>, RepoError> {
    let mut lines: HashMap<String, Vec<ReturnLineRow>> = HashMap::new();
    let mut history: HashMap<String, Vec<ReturnHistoryRow>> = HashMap::new();
    for slice in rows.chunks(IN_LIST_MAX) {
        let ids: Vec<&str> = slice.iter().map(|r| r.row.id.as_str()).collect();
        let line_rows: Vec<ReturnLineRow> = return_lines::table
            .filter(return_lines::return_id.eq_any(&ids))
            .order((return_lines::return_id, return_lines::position))
            .select(ReturnLineRow::as_select())
            .load(conn)
            .map_err(storage)?;
        for row in line_rows {
            lines.entry(row.return_id.clone()).or_default().push(row);
        }
        let history_rows: Vec<ReturnHistoryRow> = return_status_history::table
            .filter(return_status_history::return_id.eq_any(&ids))
            .order((return_status_history::return_id, return_status_history::seq))
            .select(ReturnHistoryRow::as_select())
            .load(conn)
            .map_err(storage)?;
        for row in history_rows {
            history.entry(row.return_id.clone()).or_default().push(row);
        }
    }
    rows.into_iter()
        .map(|found| {
            let own_lines = lines.remove(&found.row.id).unwrap_or_default();
            let own_history = history.remove(&found.row.id).unwrap_or_default();
            found.row.into_domain(found.order, own_lines, own_history)
        })
        .collect()
}

fn newest_first_of_order(conn: &mut DbConnection, order: &str) -> Result<Vec<Return>, RepoError> {
    let rows = returns::table
        .inner_join(orders::table)
        .filter(returns::order_id.eq(order))
        .order((returns::created_at.desc(), returns::id.desc()))
        .select(RowWithCustomer::as_select())
        .load(conn)
        .map_err(storage)?;
    whole_returns(conn, rows)
}

/// Whether return `id` exists.
/// `Stale` when the row `exists` (it moved on), else `NotFound`.
fn stale_unless_missing(exists: bool) -> TxError<ReturnStoreError> {
    TxError::Store(if exists {
        ReturnStoreError::Stale
    } else {
        ReturnStoreError::Repo(RepoError::NotFound)
    })
}

fn request(conn: &mut DbConnection, request: &ReturnRequest) -> Tx<Return> {
    let order = request.order.as_str();
    // Locks the order's row (and counts the return against a cancel) unless a refund of
    // the whole order is claimed.
    let locked = diesel::update(orders::table.find(order))
        .filter(orders::refund_claimed_at.is_null())
        .set(orders::returns_held.eq(orders::returns_held + 1))
        .execute(conn)?;
    let row = orders::table
        .find(order)
        .select(OrderRow::as_select())
        .get_result(conn)
        .optional()?;
    if locked == 0 {
        return Err(stale_unless_missing(row.is_some()));
    }
    let Some(order) = one_order(conn, row)? else {
        return Err(stale_unless_missing(false));
    };
    let earlier = newest_first_of_order(conn, order.id.as_str())?;
    let plan = plan_return(
        &order,
        &HeldByReturns::of(&earlier),
        &request.input,
        request.at,
    )
    .map_err(|refusal| TxError::Store(refusal.into()))?;
    let id = request.id.as_str();
    let at = to_db_time(request.at);
    diesel::insert_into(returns::table)
        .values(ReturnRow {
            id: id.to_owned(),
            order_id: order.id.as_str().to_owned(),
            user_id: order.user_id.as_str().to_owned(),
            status: ReturnStatus::Requested.as_str().to_owned(),
            refund_cents: plan.refund_amount.cents(),
            reason: plan.reason.clone(),
            created_at: at,
            refund_claimed_at: None,
            refund_unconfirmed_at: None,
            refund_paid_with: None,
        })
        .execute(conn)?;
    let lines = plan
        .lines
        .iter()
        .enumerate()
        .map(|(position, line)| ReturnLineRow::of(id, &order.id, position, line))
        .collect::<Result<Vec<_>, _>>()?;
    insert_rows!(conn, return_lines::table, lines)?;
    diesel::insert_into(return_status_history::table)
        .values(ReturnHistoryRow::of(
            id,
            1,
            ReturnStatus::Requested,
            at,
            Some(&request.by),
        ))
        .execute(conn)?;
    Ok(Return {
        id: request.id.clone(),
        order_number: order.number,
        order_id: order.id,
        user_id: order.user_id,
        customer_name: order.customer_name,
        customer_email: order.customer_email,
        status: ReturnStatus::Requested,
        lines: plan.lines,
        refund_amount: plan.refund_amount,
        reason: plan.reason,
        created_at: from_db_time(at),
        history: vec![StatusChange {
            status: ReturnStatus::Requested,
            at: from_db_time(at),
            by: Some(request.by.clone()),
        }],
        refund_claim: None,
        order_payment: OrderPayment {
            method: order.payment_method,
            transaction_id: order.transaction_id,
        },
        refund_paid_with: None,
    })
}

/// Carries out `plan` (`ReturnRepository::apply`) in the caller's transaction.
fn apply_step(
    conn: &mut DbConnection,
    plan: &ReturnStepPlan,
    unconfigured: Unconfigured,
) -> Tx<()> {
    let id = plan.id.as_str();
    let at = to_db_time(plan.at);
    let target = diesel::update(returns::table)
        .filter(returns::id.eq(id))
        .filter(returns::status.eq(plan.from.as_str()))
        .into_boxed();
    let target = if plan.lands_refund {
        target.filter(returns::refund_claimed_at.is_not_null())
    } else {
        target.filter(returns::refund_claimed_at.is_null())
    };
    let changed = target
        .set((
            returns::status.eq(plan.to.as_str()),
            returns::refund_claimed_at.eq(None::<NaiveDateTime>),
            returns::refund_unconfirmed_at.eq(None::<NaiveDateTime>),
            returns::refund_paid_with.eq(plan.refund_paid_with.map(PaidOutWith::as_str)),
        ))
        .execute(conn)?;
    if changed == 0 {
        let exists = returns::table
            .find(id)
            .select(returns::id)
            .get_result::<String>(conn)
            .optional()?
            .is_some();
        return Err(stale_unless_missing(exists));
    }
    let last: Option<i32> = return_status_history::table
        .filter(return_status_history::return_id.eq(id))
        .select(diesel::dsl::max(return_status_history::seq))
        .get_result(conn)?;
    let change = &plan.history;
    diesel::insert_into(return_status_history::table)
        .values(ReturnHistoryRow::of(
            id,
            last.unwrap_or(0) + 1,
            change.status,
            to_db_time(change.at),
            change.by.as_ref(),
        ))
        .execute(conn)?;
    outbox::announce(conn, &plan.messages, at, unconfigured)?;
    let order = plan.order.as_str();
    if let Some(stock) = &plan.restock {
        stock::put_back(conn, stock, (plan.at, unconfigured))?;
    }
    if plan.catalog_changed {
        bump_catalog_version(conn)?;
    }
    if plan.releases_hold {
        diesel::update(orders::table.find(order))
            .set(orders::returns_held.eq(orders::returns_held - 1))
            .execute(conn)?;
    }
    if let Some(refund) = &plan.refund {
        let landed = diesel::update(orders::table.find(order))
            .filter(orders::payment_status.eq(PaymentStatus::Paid.as_str()))
            .filter(orders::refunded_cents.eq(refund.refunded_before.cents()))
            .set((
                orders::refunded_cents.eq(refund.refunded.cents()),
                orders::payment_status.eq(stored_payment(refund.payment_status)),
                orders::updated_at.eq(at),
            ))
            .execute(conn)?;
        if landed == 0 {
            // The order's refunds moved on meanwhile: this plan no longer adds up.
            return Err(TxError::Store(ReturnStoreError::Stale));
        }
        SalesChange::of(&refund.sales).apply(conn)?;
    }
    Ok(())
}

/// The rows of returns stored as they are (`shop seed`'s).
pub(crate) struct ReturnRows {
    returns: Vec<ReturnRow>,
    lines: Vec<ReturnLineRow>,
    history: Vec<ReturnHistoryRow>,
}

impl ReturnRows {
    pub(crate) fn of(all: &[Return]) -> Result<Self, RepoError> {
        let mut rows = ReturnRows {
            returns: Vec::with_capacity(all.len()),
            lines: Vec::new(),
            history: Vec::new(),
        };
        for r in all {
            let id = r.id.as_str();
            rows.returns.push(ReturnRow {
                id: id.to_owned(),
                order_id: r.order_id.as_str().to_owned(),
                user_id: r.user_id.as_str().to_owned(),
                status: r.status.as_str().to_owned(),
                refund_cents: r.refund_amount.cents(),
                reason: r.reason.clone(),
                created_at: to_db_time(r.created_at),
                refund_claimed_at: None,
                refund_unconfirmed_at: None,
                refund_paid_with: r.refund_paid_with.map(|with| with.as_str().to_owned()),
            });
            for (position, line) in r.lines.iter().enumerate() {
                rows.lines
                    .push(ReturnLineRow::of(id, &r.order_id, position, line)?);
            }
            rows.history
                .extend((1..).zip(&r.history).map(|(seq, change)| {
                    ReturnHistoryRow::of(
                        id,
                        seq,
                        change.status,
                        to_db_time(change.at),
                        change.by.as_ref(),
                    )
                }));
        }
        Ok(rows)
    }

    /// Inserts the rows and counts the returns that were not rejected on their orders.
    pub(crate) fn insert(self, conn: &mut DbConnection) -> QueryResult<()> {
        let mut held: HashMap<&str, i32> = HashMap::new();
        for row in &self.returns {
            if row.status != ReturnStatus::Rejected.as_str() {
                *held.entry(row.order_id.as_str()).or_default() += 1;
            }
        }
        for (order, count) in held {
            diesel::update(orders::table.find(order))
                .set(orders::returns_held.eq(orders::returns_held + count))
                .execute(conn)?;
        }
        insert_rows!(conn, returns::table, self.returns)?;
        insert_rows!(conn, return_lines::table, self.lines)?;
        insert_rows!(conn, return_status_history::table, self.history)
    }
}

#[async_trait]
impl ReturnRepository for Database {
    async fn request(&self, asked: &ReturnRequest) -> Result<Return, ReturnStoreError> {
        let asked = asked.clone();
        self.write(move |conn| {
            write_transaction(conn, |conn| request(conn, &asked)).map_err(ReturnStoreError::from)
        })
        .await
    }

    async fn by_id(&self, id: &ReturnId) -> Result<Option<Return>, RepoError> {
        let id = id.as_str().to_owned();
        self.run(move |conn| {
            let row = returns::table
                .inner_join(orders::table)
                .filter(returns::id.eq(id))
                .select(RowWithCustomer::as_select())
                .get_result(conn)
                .optional()
                .map_err(storage)?;
            Ok(whole_returns(conn, row.into_iter().collect())?.pop())
        })
        .await
    }

    async fn for_order(&self, order: &OrderId) -> Result<Vec<Return>, RepoError> {
        let order = order.as_str().to_owned();
        self.run(move |conn| newest_first_of_order(conn, &order))
            .await
    }

    async fn list(
        &self,
        status: Option<ReturnStatus>,
        page: Page,
    ) -> Result<(Vec<Return>, u64), RepoError> {
        self.run(move |conn| {
            let matching = || {
                let mut query = returns::table.inner_join(orders::table).into_boxed();
                if let Some(status) = status {
                    query = query.filter(returns::status.eq(status.as_str()));
                }
                query
            };
            let rows = matching()
                .order((returns::created_at.desc(), returns::id.desc()))
                .limit(i64::from(page.size))
                .offset(page.offset())
                .select(RowWithCustomer::as_select())
                .load(conn)
                .map_err(storage)?;
            let total = total_of(Some(page), rows.len(), || {
                matching().count().get_result(conn)
            })?;
            Ok((whole_returns(conn, rows)?, total))
        })
        .await
    }

    async fn apply(&self, plan: &ReturnStepPlan) -> Result<(), ReturnStoreError> {
        let plan = plan.clone();
        let unconfigured = self.unconfigured_channels();
        self.write(move |conn| {
            write_transaction(conn, |conn| apply_step(conn, &plan, unconfigured))
                .map_err(ReturnStoreError::from)
        })
        .await
    }

    async fn claim_refund(&self, id: &ReturnId, at: DateTime<Utc>) -> Result<(), ReturnStoreError> {
        let id = id.as_str().to_owned();
        self.write(move |conn| {
            let received = Box::new(returns::status.eq(ReturnStatus::Received.as_str()));
            claim_result(refund_claims::returns::claim(conn, &id, received, at)?)
        })
        .await
    }

    async fn release_refund_claim(&self, id: &ReturnId) -> Result<(), RepoError> {
        let id = id.as_str().to_owned();
        self.write(move |conn| refund_claims::returns::release(conn, &id))
            .await
    }

    async fn mark_refund_unconfirmed(
        &self,
        id: &ReturnId,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let id = id.as_str().to_owned();
        self.write(move |conn| refund_claims::returns::mark_unconfirmed(conn, &id, at))
            .await
    }

    async fn reclaim_unconfirmed_refund(
        &self,
        id: &ReturnId,
        at: DateTime<Utc>,
    ) -> Result<(), ReturnStoreError> {
        let id = id.as_str().to_owned();
        self.write(move |conn| {
            claim_result(refund_claims::returns::reclaim_unconfirmed(conn, &id, at)?)
        })
        .await
    }
}
