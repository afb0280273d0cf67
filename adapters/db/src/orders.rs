//! `OrderRepository`: orders with their line snapshots, the guarded stock decrement that
//! places them, status transitions and the dashboard's facts.

use crate::carts;
use crate::connection::{write_transaction, DbConnection};
use crate::delivery_rows;
use crate::discount_uses::{self, UseOf};
use crate::listing::{total_of, IN_LIST_MAX};
use crate::models::{
    count, from_db_time, money, order_id, payment_status, product_id, quantity, refund_claim,
    status, stored_payment, to_db_time, user_id, variant_snapshot,
};
use crate::order_history::{self, OrdersOf};
use crate::order_list;
use crate::order_numbers;
use crate::outbox::{self, Unconfigured};
use crate::phone_orders;
use crate::prepared::Prepared;
use crate::products::bump_catalog_version;
use crate::refund_claims::{self, ClaimWrite};
use crate::rows::insert_rows;
use crate::sales_totals::{self, SalesChange};
use crate::schema::{order_lines, order_status_history, orders};
use crate::stock;
use crate::tx::TxError;
use crate::{corrupt, storage, Database};
use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sqlite::Sqlite;
use domain::checkout::ShippingAddress;
use domain::delivery::Delivery;
use domain::discount::DiscountCode;
use domain::listing::orders::OrderQuery;
use domain::order::plan::{DiscountUseChange, OrderPlan, SalesDelta, StockMove};
use domain::order::{
    Changer, Channel, Order, OrderDiscount, OrderLine, OrderNumber, OrderStatus, PaymentStatus,
    RefundClaimGuard, StatusChange,
};
use domain::payment_method::PaymentMethod;
use domain::phone::MobileNumber;
use domain::ports::{OrderRepository, OrderStoreError, RepoError};
use domain::returns::partly_refunded;
use domain::stats::{OrderFact, ProductSales};
use domain::{OrderId, UserId};
use std::collections::HashMap;

/// `None` is inserted as `NULL` (see `ProductRow`).
#[derive(Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = orders, treat_none_as_default_value = false)]
pub(crate) struct OrderRow {
    id: String,
    /// Given in the inserting transaction (`order_numbers`).
    pub(crate) number: i64,
    user_id: String,
    customer_name: String,
    customer_email: String,
    subtotal_cents: i64,
    shipping_cents: i64,
    total_cents: i64,
    status: String,
    payment_status: String,
    payment_method: String,
    payment_phone: String,
    transaction_id: Option<String>,
    ship_full_name: Option<String>,
    ship_phone: Option<String>,
    ship_city: Option<String>,
    ship_district: Option<String>,
    ship_address_line: Option<String>,
    idempotency_key: Option<String>,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
    hold_expired_at: Option<NaiveDateTime>,
    discount_code: Option<String>,
    discount_cents: i64,
    delivered_at: Option<NaiveDateTime>,
    refunded_cents: i64,
    refund_claimed_at: Option<NaiveDateTime>,
    refund_unconfirmed_at: Option<NaiveDateTime>,
    payment_reference: Option<String>,
    ship_landmark: Option<String>,
}

/// `None` is inserted as `NULL` (see `ProductRow`).
#[derive(Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = order_lines, treat_none_as_default_value = false)]
pub(crate) struct OrderLineRow {
    order_id: String,
    position: i32,
    product_id: String,
    name: String,
    image: Option<String>,
    unit_price_cents: i64,
    quantity: i32,
    variant_id: Option<String>,
    size: Option<String>,
    colour: Option<String>,
    sku: Option<String>,
}

/// The payment status of an order stored as `raw` with `refunded_cents` given back.
fn payment_of(raw: &str, refunded_cents: i64) -> Result<PaymentStatus, RepoError> {
    Ok(partly_refunded(
        payment_status(raw)?,
        money(refunded_cents)?,
    ))
}

impl OrderRow {
    pub(crate) fn from_domain(order: &Order) -> Self {
        let address = order.shipping_address.as_ref();
        let created_at = to_db_time(order.created_at);
        Self {
            id: order.id.as_str().to_owned(),
            number: i64::from(order.number.get()),
            user_id: order.user_id.as_str().to_owned(),
            customer_name: order.customer_name.clone(),
            customer_email: order.customer_email.clone(),
            subtotal_cents: order.subtotal.cents(),
            shipping_cents: order.shipping_fee.cents(),
            total_cents: order.total.cents(),
            status: order.status.as_str().to_owned(),
            payment_status: stored_payment(order.payment_status).to_owned(),
            payment_method: stored_method(order.payment_method).to_owned(),
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
            payment_reference: order.payment_reference.clone(),
            ship_landmark: address.map(|a| a.landmark.clone()),
        }
    }

    /// The order with its lines (already in their positions' order), its status history
    /// (oldest first), its delivery, and who took it when staff did.
    fn into_domain(
        self,
        lines: Vec<OrderLine>,
        history: Vec<StatusChange<OrderStatus>>,
        delivery: Option<Delivery>,
        taken_by: Option<Changer>,
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
                    // Orders placed before landmarks were asked for have none.
                    landmark: self.ship_landmark.unwrap_or_default(),
                })
            }
            (None, None, None, None, None) => None,
            _ => return Err(corrupt("shipping address of order", &self.id)),
        };
        Ok(Order {
            number: order_numbers::read(self.number, &self.id)?,
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
            payment_method: method_of(&self.payment_method, &self.id)?,
            payment_phone: MobileNumber::from_stored(&self.payment_phone),
            transaction_id: self.transaction_id,
            payment_reference: self.payment_reference,
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
            delivery,
            channel: taken_by.map_or(Channel::Web, |taken_by| Channel::Phone { taken_by }),
        })
    }
}

/// How a payment method is stored: its id, or '' before one is chosen (an index and the hold
/// read that).
fn stored_method(method: Option<PaymentMethod>) -> &'static str {
    method.map_or(NO_METHOD_YET, PaymentMethod::id)
}

/// The payment method column of an order that has not chosen one.
const NO_METHOD_YET: &str = "";

pub(crate) fn method_of(raw: &str, order: &str) -> Result<Option<PaymentMethod>, RepoError> {
    if raw == NO_METHOD_YET {
        return Ok(None);
    }
    PaymentMethod::parse(raw)
        .map(Some)
        .ok_or_else(|| corrupt("payment method of order", order))
}

impl OrderLineRow {
    pub(crate) fn from_domain(
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

    fn into_domain(self) -> Result<OrderLine, RepoError> {
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

/// The lines of several orders, grouped by order id, each group in position order: one
/// query (or one per 500 orders), never one per order.
fn load_lines(
    conn: &mut DbConnection,
    of: OrdersOf<'_>,
) -> Result<HashMap<String, Vec<OrderLine>>, RepoError> {
    let mut rows: Vec<OrderLineRow> = Vec::new();
    match of {
        OrdersOf::Orders(ids) => {
            for slice in ids.chunks(IN_LIST_MAX) {
                rows.extend(
                    order_lines::table
                        .filter(order_lines::order_id.eq_any(slice))
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
    let ids: Vec<&str> = rows.iter().map(|row| row.id.as_str()).collect();
    let of = wider.unwrap_or(OrdersOf::Orders(&ids));
    let mut lines = load_lines(conn, of)?;
    let mut history = order_history::load(conn, of)?;
    let mut deliveries = delivery_rows::load(conn, of)?;
    let mut taken_by = phone_orders::load(conn, of)?;
    rows.into_iter()
        .map(|row| {
            let order_lines = lines.remove(&row.id).unwrap_or_default();
            let changes = history.remove(&row.id).unwrap_or_default();
            let delivery = deliveries.remove(&row.id);
            let taken_by = taken_by.remove(&row.id);
            row.into_domain(order_lines, changes, delivery, taken_by)
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
    // The attempt that pays the order is recorded with it, or neither is: another answer
    // recorded on it first makes the plan stale.
    if let Some(change) = &plan.attempt {
        if crate::payment_attempts::record_change(conn, change)? == 0 {
            return Err(OrderStoreError::Stale.into());
        }
    }
    if let Some(change) = &plan.history {
        order_history::append(conn, id, change.status, at, change.by.as_ref())?;
    }
    delivery_rows::record(conn, id, &plan.delivery, at)?;
    outbox::announce(conn, &plan.messages, at, unconfigured)?;
    if let Some(user) = &plan.empties_cart_of {
        carts::empty(conn, user.as_str())?;
    }
    if let Some(stock) = &plan.stock {
        stock::carry_out(conn, stock, (plan.at, unconfigured))?;
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
    async fn place(&self, order: &Order) -> Result<OrderNumber, OrderStoreError> {
        let mut row = OrderRow::from_domain(order);
        let lines = order
            .lines
            .iter()
            .enumerate()
            .map(|(position, line)| OrderLineRow::from_domain(&order.id, position, line))
            .collect::<Result<Vec<_>, _>>()?;
        let stock = StockMove::placing(order);
        let history = order_history::rows_of([(order.id.as_str(), order.history.as_slice())]);
        let taken_by = phone_orders::rows_of([order]);
        let sales = SalesChange::of(&SalesDelta::placed(order));
        let unconfigured = self.unconfigured_channels();
        let created_at = order.created_at;
        self.write(move |conn| {
            write_transaction(conn, |conn| {
                stock::carry_out(conn, &stock, (created_at, unconfigured))?;
                row.number = order_numbers::next(conn)?;
                diesel::insert_into(orders::table)
                    .values(&row)
                    .execute(conn)?;
                insert_rows!(conn, order_lines::table, lines)?;
                insert_rows!(conn, order_status_history::table, history)?;
                phone_orders::insert(conn, &taken_by)?;
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
                order_numbers::read(row.number, &row.id).map_err(TxError::from)
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

    async fn apply_all(&self, plans: &[OrderPlan]) -> Result<(), OrderStoreError> {
        let plans = plans.to_vec();
        let unconfigured = self.unconfigured_channels();
        self.write(move |conn| {
            write_transaction(conn, |conn| {
                plans
                    .iter()
                    .try_for_each(|plan| apply_plan(conn, plan, unconfigured))
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
        exempt: &[PaymentMethod],
        limit: u32,
    ) -> Result<Vec<Order>, RepoError> {
        let exempt: Vec<&'static str> = exempt.iter().map(|m| m.id()).collect();
        self.run(move |conn| {
            let rows = unconfirmed(limit)
                .filter(orders::created_at.lt(to_db_time(cutoff)))
                .filter(orders::payment_method.ne_all(exempt))
                .load(conn)
                .map_err(storage)?;
            whole_orders(conn, rows, None)
        })
        .await
    }

    async fn unconfirmed_placed_after(
        &self,
        cutoff: DateTime<Utc>,
        methods: &[PaymentMethod],
        limit: u32,
    ) -> Result<Vec<Order>, RepoError> {
        let methods: Vec<&'static str> = methods.iter().map(|m| m.id()).collect();
        self.run(move |conn| {
            let rows = unconfirmed(limit)
                .filter(orders::created_at.ge(to_db_time(cutoff)))
                .filter(orders::payment_method.eq_any(methods))
                .load(conn)
                .map_err(storage)?;
            whole_orders(conn, rows, None)
        })
        .await
    }

    async fn choose_payment(
        &self,
        id: &OrderId,
        method: PaymentMethod,
    ) -> Result<(), OrderStoreError> {
        let id = id.as_str().to_owned();
        self.write(move |conn| {
            let chosen = diesel::update(
                orders::table
                    .filter(orders::id.eq(&id))
                    .filter(orders::payment_method.eq(NO_METHOD_YET))
                    .filter(orders::status.eq(OrderStatus::Pending.as_str()))
                    .filter(orders::payment_status.eq(PaymentStatus::Pending.as_str())),
            )
            .set(orders::payment_method.eq(method.id()))
            .execute(conn)
            .map_err(storage)?;
            if chosen == 0 {
                return Err(stale_or_missing(conn, &id).unwrap_or_else(OrderStoreError::from));
            }
            Ok(())
        })
        .await
    }

    async fn forget_payment_choice(
        &self,
        id: &OrderId,
        method: PaymentMethod,
    ) -> Result<(), RepoError> {
        let id = id.as_str().to_owned();
        self.write(move |conn| {
            diesel::update(
                orders::table
                    .filter(orders::id.eq(&id))
                    .filter(orders::payment_method.eq(method.id()))
                    .filter(orders::status.eq(OrderStatus::Pending.as_str()))
                    .filter(orders::payment_status.eq(PaymentStatus::Pending.as_str())),
            )
            // The charge's reference (a card page, an invoice) goes with it: nothing is
            // asked about it again.
            .set((
                orders::payment_method.eq(NO_METHOD_YET),
                orders::payment_reference.eq(None::<String>),
            ))
            .execute(conn)
            .map_err(storage)?;
            Ok(())
        })
        .await
    }

    async fn record_payment_reference(
        &self,
        id: &OrderId,
        reference: &str,
    ) -> Result<(), RepoError> {
        let id = id.as_str().to_owned();
        let reference = reference.to_owned();
        self.write(move |conn| {
            diesel::update(
                orders::table
                    .filter(orders::id.eq(&id))
                    .filter(orders::payment_status.eq(PaymentStatus::Pending.as_str())),
            )
            .set(orders::payment_reference.eq(&reference))
            .execute(conn)
            .map_err(storage)?;
            Ok(())
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

/// Orders still pending whose payment is unconfirmed: at most `limit`, oldest first.
fn unconfirmed(
    limit: u32,
) -> orders::BoxedQuery<
    'static,
    crate::connection::MultiBackend,
    diesel::dsl::SqlTypeOf<diesel::dsl::AsSelect<OrderRow, crate::connection::MultiBackend>>,
> {
    orders::table
        .filter(orders::payment_status.eq(PaymentStatus::Pending.as_str()))
        .filter(orders::status.eq(OrderStatus::Pending.as_str()))
        .order(orders::created_at)
        .limit(i64::from(limit))
        .select(OrderRow::as_select())
        .into_boxed()
}
