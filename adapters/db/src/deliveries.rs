//! `DeliveryRepository`: the back office's and the riders' lists of orders on their way,
//! codes tried, and riders' cash handed in (migrations `deliveries`, `cash_on_delivery` and
//! `cash_handins`).

use crate::connection::{write_transaction, DbConnection};
use crate::listing::total_of;
use crate::models::{from_db_time, money, to_db_time};
use crate::orders::{whole_orders, OrderRow};
use crate::schema::{cash_handins, deliveries, orders};
use crate::tx::TxError;
use crate::{corrupt, one_row, storage, Database};
use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use diesel::prelude::*;
use domain::delivery::{try_code, CashHandIn, CodeTry, DeliveryCode, DeliveryState, RiderCash};
use domain::order::{Changer, Order, OrderStatus, PaymentStatus};
use domain::payment_method::PaymentMethod;
use domain::ports::{DeliveryList, DeliveryQuery, DeliveryRepository, RepoError};
use domain::{OrderId, UserId};

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = cash_handins)]
struct HandinRow {
    id: String,
    rider_id: String,
    day: String,
    amount_cents: i64,
    deliveries: i32,
    received_at: NaiveDateTime,
    received_by_id: String,
    received_by_name: String,
}

impl HandinRow {
    fn into_domain(self) -> Result<CashHandIn, RepoError> {
        Ok(CashHandIn {
            amount: money(self.amount_cents)?,
            deliveries: u32::try_from(self.deliveries)
                .map_err(|_| corrupt("hand-in deliveries", self.deliveries))?,
            at: from_db_time(self.received_at),
            by: Changer {
                id: UserId::parse(&self.received_by_id)
                    .ok_or_else(|| corrupt("receiver id", &self.received_by_id))?,
                name: self.received_by_name,
            },
        })
    }
}

/// Each rider's cash of the day from their deliveries' `(rider, name, cents)` and the day's
/// hand-ins (oldest first), by name.
fn riders_of(
    collected: Vec<(String, String, Option<i64>)>,
    hand_ins: Vec<HandinRow>,
) -> Result<Vec<RiderCash>, RepoError> {
    let mut riders: Vec<RiderCash> = Vec::new();
    for (rider, name, cents) in collected {
        let cents = money(cents.unwrap_or(0))?;
        match riders.iter_mut().find(|r| r.rider.as_str() == rider) {
            Some(known) => {
                known.deliveries += 1;
                known.collected = known.collected + cents;
            }
            None => riders.push(RiderCash {
                rider: UserId::parse(&rider).ok_or_else(|| corrupt("rider id", &rider))?,
                rider_name: name,
                deliveries: 1,
                collected: cents,
                hand_ins: Vec::new(),
            }),
        }
    }
    for row in hand_ins {
        if let Some(rider) = riders.iter_mut().find(|r| r.rider.as_str() == row.rider_id) {
            rider.hand_ins.push(row.into_domain()?);
        }
    }
    riders.sort_by(|a, b| a.rider_name.cmp(&b.rider_name));
    Ok(riders)
}

/// A rider's cash deliveries of a day (`from` to `to`), delivered: its cash collected.
macro_rules! cash_delivered {
    ($from:expr, $to:expr) => {
        deliveries::table
            .filter(deliveries::state.eq(DeliveryState::Delivered.as_str()))
            .filter(deliveries::cash_collected_cents.is_not_null())
            .filter(deliveries::delivered_at.ge($from))
            .filter(deliveries::delivered_at.lt($to))
    };
}

type ListQuery = diesel::dsl::IntoBoxed<
    'static,
    diesel::dsl::LeftJoin<orders::table, deliveries::table>,
    crate::connection::MultiBackend,
>;

/// The orders `query` lists, unpaged and unsorted.
fn listed(query: &DeliveryQuery) -> ListQuery {
    let mut selection = orders::table.left_join(deliveries::table).into_boxed();
    let pending = PaymentStatus::Pending.as_str();
    selection = match query.list {
        DeliveryList::ToDispatch => selection
            .filter(orders::status.eq(OrderStatus::Pending.as_str()))
            .filter(orders::refund_claimed_at.is_null())
            // 'paid' holds the partly refunded too (`models::stored_payment`).
            .filter(
                orders::payment_status
                    .eq(PaymentStatus::Paid.as_str())
                    .or(orders::payment_method
                        .eq(PaymentMethod::CashOnDelivery.id())
                        .and(orders::payment_status.eq(pending))),
            )
            .filter(
                deliveries::state
                    .is_null()
                    .or(deliveries::state.ne(DeliveryState::Failed.as_str())),
            ),
        DeliveryList::Out => selection
            .filter(orders::status.eq(OrderStatus::Shipped.as_str()))
            .filter(deliveries::state.eq(DeliveryState::Out.as_str())),
        DeliveryList::Failed => selection
            .filter(orders::status.eq(OrderStatus::Pending.as_str()))
            .filter(deliveries::state.eq(DeliveryState::Failed.as_str())),
    };
    if let Some(city) = &query.city {
        selection = selection.filter(orders::ship_city.eq(city.clone()));
    }
    if let Some(district) = &query.district {
        selection = selection.filter(orders::ship_district.eq(district.clone()));
    }
    if let Some(rider) = &query.rider {
        selection = selection.filter(deliveries::rider_id.eq(rider.as_str().to_owned()));
    }
    selection
}

#[async_trait]
impl DeliveryRepository for Database {
    async fn list(&self, query: &DeliveryQuery) -> Result<(Vec<Order>, u64), RepoError> {
        let query = query.clone();
        self.run(move |conn| {
            let rows: Vec<OrderRow> = listed(&query)
                .order((orders::created_at.asc(), orders::id.asc()))
                .limit(i64::from(query.page.size))
                .offset(query.page.offset())
                .select(OrderRow::as_select())
                .load(conn)
                .map_err(storage)?;
            let total = total_of(Some(query.page), rows.len(), || {
                listed(&query).count().get_result(conn)
            })?;
            Ok((whole_orders(conn, rows, None)?, total))
        })
        .await
    }

    async fn of_rider(
        &self,
        rider: &UserId,
        since: DateTime<Utc>,
    ) -> Result<Vec<Order>, RepoError> {
        let rider = rider.as_str().to_owned();
        let since = to_db_time(since);
        self.run(move |conn| {
            let rows: Vec<OrderRow> = orders::table
                .inner_join(deliveries::table)
                .filter(deliveries::rider_id.eq(rider))
                .filter(
                    deliveries::state
                        .eq(DeliveryState::Out.as_str())
                        .or(deliveries::dispatched_at.ge(since)),
                )
                // Out first (false sorts before true), each by when it went out.
                .order((
                    deliveries::state.ne(DeliveryState::Out.as_str()),
                    deliveries::dispatched_at.asc(),
                    orders::id.asc(),
                ))
                .select(OrderRow::as_select())
                .load(conn)
                .map_err(storage)?;
            whole_orders(conn, rows, None)
        })
        .await
    }

    async fn try_code(
        &self,
        order: &OrderId,
        rider: &UserId,
        typed: &str,
    ) -> Result<CodeTry, RepoError> {
        let (id, rider, typed) = (
            order.as_str().to_owned(),
            rider.as_str().to_owned(),
            typed.to_owned(),
        );
        self.write(move |conn| {
            write_transaction(conn, |conn| {
                // Locked until the try is counted: a try sent at the same moment waits, then
                // reads this one's count.
                let theirs = deliveries::table
                    .find(&id)
                    .filter(deliveries::rider_id.eq(&rider))
                    .select((deliveries::state, deliveries::code, deliveries::wrong_codes));
                let found: Option<(String, String, i32)> = match conn {
                    DbConnection::Pg(conn) => theirs.for_update().get_result(conn).optional()?,
                    DbConnection::Sqlite(conn) => theirs.get_result(conn).optional()?,
                };
                let Some((state, code, wrong_codes)) = found else {
                    return Ok(CodeTry::NotOut);
                };
                let state = DeliveryState::parse(&state)
                    .ok_or_else(|| TxError::Store(corrupt("delivery state", &state)))?;
                let code = DeliveryCode::parse(&code)
                    .ok_or_else(|| TxError::Store(corrupt("delivery code", &code)))?;
                let wrong_codes = u8::try_from(wrong_codes)
                    .map_err(|_| TxError::Store(corrupt("wrong codes", wrong_codes)))?;
                let tried = try_code(state, &code, wrong_codes, &typed);
                match tried {
                    CodeTry::Wrong { wrong_codes } => {
                        diesel::update(deliveries::table.find(&id))
                            .set(deliveries::wrong_codes.eq(i32::from(wrong_codes)))
                            .execute(conn)?;
                    }
                    CodeTry::Right => {
                        diesel::update(deliveries::table.find(&id))
                            .set(deliveries::state.eq(DeliveryState::Delivered.as_str()))
                            .execute(conn)?;
                    }
                    CodeTry::Locked | CodeTry::NotOut => {}
                }
                Ok(tried)
            })
            .map_err(|error: TxError<RepoError>| match error {
                TxError::Db(error) => storage(error),
                TxError::Store(error) => error,
            })
        })
        .await
    }

    async fn riders_cash(
        &self,
        day: NaiveDate,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<RiderCash>, RepoError> {
        let (from, to) = (to_db_time(from), to_db_time(to));
        let day = day.to_string();
        self.run(move |conn| {
            let collected: Vec<(String, String, Option<i64>)> = cash_delivered!(from, to)
                .select((
                    deliveries::rider_id,
                    deliveries::rider_name,
                    deliveries::cash_collected_cents,
                ))
                .load(conn)
                .map_err(storage)?;
            let hand_ins: Vec<HandinRow> = cash_handins::table
                .filter(cash_handins::day.eq(&day))
                .order((cash_handins::received_at.asc(), cash_handins::id.asc()))
                .select(HandinRow::as_select())
                .load(conn)
                .map_err(storage)?;
            riders_of(collected, hand_ins)
        })
        .await
    }

    async fn receive_cash(
        &self,
        rider: &UserId,
        day: NaiveDate,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
        at: DateTime<Utc>,
        by: &Changer,
    ) -> Result<Option<CashHandIn>, RepoError> {
        let mut row = HandinRow {
            id: uuid::Uuid::new_v4().to_string(),
            rider_id: rider.as_str().to_owned(),
            day: day.to_string(),
            amount_cents: 0,
            deliveries: 0,
            received_at: to_db_time(at),
            received_by_id: by.id.as_str().to_owned(),
            received_by_name: by.name.clone(),
        };
        let (from, to) = (to_db_time(from), to_db_time(to));
        self.write(move |conn| {
            write_transaction(conn, |conn| {
                diesel::insert_into(cash_handins::table)
                    .values(&row)
                    .execute(conn)?;
                // The deliveries no hand-in covered: a hand-in at the same moment waits for
                // these rows, then finds them covered and covers nothing.
                let covered = diesel::update(
                    cash_delivered!(from, to)
                        .filter(deliveries::rider_id.eq(&row.rider_id))
                        .filter(deliveries::cash_handin_id.is_null()),
                )
                .set(deliveries::cash_handin_id.eq(&row.id))
                .execute(conn)?;
                if covered == 0 {
                    return Err(diesel::result::Error::RollbackTransaction);
                }
                let cents: Vec<Option<i64>> = deliveries::table
                    .filter(deliveries::cash_handin_id.eq(&row.id))
                    .select(deliveries::cash_collected_cents)
                    .load(conn)?;
                row.amount_cents = cents.into_iter().flatten().sum();
                row.deliveries = i32::try_from(covered).unwrap_or(i32::MAX);
                diesel::update(cash_handins::table.find(&row.id))
                    .set((
                        cash_handins::amount_cents.eq(row.amount_cents),
                        cash_handins::deliveries.eq(row.deliveries),
                    ))
                    .execute(conn)?;
                Ok(row)
            })
            .map_or_else(
                |error| match error {
                    diesel::result::Error::RollbackTransaction => Ok(None),
                    error => Err(storage(error)),
                },
                |row| row.into_domain().map(Some),
            )
        })
        .await
    }

    async fn undo_hand_over(&self, order: &OrderId) -> Result<(), RepoError> {
        let id = order.as_str().to_owned();
        self.write(move |conn| {
            diesel::update(
                deliveries::table
                    .find(id)
                    .filter(deliveries::state.eq(DeliveryState::Delivered.as_str())),
            )
            .set(deliveries::state.eq(DeliveryState::Out.as_str()))
            .execute(conn)
            .map(drop)
            .map_err(storage)
        })
        .await
    }

    async fn reset_code(&self, order: &OrderId) -> Result<(), RepoError> {
        let id = order.as_str().to_owned();
        self.write(move |conn| {
            one_row(
                diesel::update(deliveries::table.find(id))
                    .set(deliveries::wrong_codes.eq(0))
                    .execute(conn)
                    .map_err(storage),
            )
        })
        .await
    }
}
