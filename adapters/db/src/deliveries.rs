//! `DeliveryRepository`: the back office's and the riders' lists of orders on their way,
//! wrong codes counted, and riders' cash handed in (migrations `deliveries` and
//! `cash_on_delivery`).

use crate::listing::total_of;
use crate::models::{from_db_time, money, to_db_time};
use crate::orders::{whole_orders, OrderRow};
use crate::schema::{deliveries, orders, rider_cash_handins};
use crate::{corrupt, one_row, storage, Database};
use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use diesel::prelude::*;
use domain::delivery::{CashReceipt, DeliveryState, RiderCash, CODE_TRIES};
use domain::order::{Changer, Order, OrderStatus, PaymentStatus};
use domain::payment_method::PaymentMethod;
use domain::ports::{DeliveryList, DeliveryQuery, DeliveryRepository, RepoError};
use domain::{OrderId, UserId};

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = rider_cash_handins)]
struct HandinRow {
    rider_id: String,
    day: String,
    collected_cents: i64,
    received_at: NaiveDateTime,
    received_by_id: String,
    received_by_name: String,
}

/// Each rider's cash of the day from their deliveries' `(rider, name, cents)` and the day's
/// `receipts`, by name.
fn riders_of(
    collected: Vec<(String, String, Option<i64>)>,
    receipts: Vec<HandinRow>,
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
                received: None,
            }),
        }
    }
    for receipt in receipts {
        if let Some(rider) = riders
            .iter_mut()
            .find(|r| r.rider.as_str() == receipt.rider_id)
        {
            rider.received = Some(CashReceipt {
                collected: money(receipt.collected_cents)?,
                at: from_db_time(receipt.received_at),
                by: Changer {
                    id: UserId::parse(&receipt.received_by_id)
                        .ok_or_else(|| corrupt("receiver id", &receipt.received_by_id))?,
                    name: receipt.received_by_name,
                },
            });
        }
    }
    riders.sort_by(|a, b| a.rider_name.cmp(&b.rider_name));
    Ok(riders)
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

    async fn count_wrong_code(&self, order: &OrderId) -> Result<Option<u8>, RepoError> {
        let id = order.as_str().to_owned();
        self.write(move |conn| {
            let counted: Option<i32> = diesel::update(
                deliveries::table
                    .find(id)
                    .filter(deliveries::wrong_codes.lt(i32::from(CODE_TRIES))),
            )
            .set(deliveries::wrong_codes.eq(deliveries::wrong_codes + 1))
            .returning(deliveries::wrong_codes)
            .get_result(conn)
            .optional()
            .map_err(storage)?;
            counted
                .map(|wrong| u8::try_from(wrong).map_err(|_| corrupt("wrong codes", wrong)))
                .transpose()
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
            let collected: Vec<(String, String, Option<i64>)> = deliveries::table
                .filter(deliveries::state.eq(DeliveryState::Delivered.as_str()))
                .filter(deliveries::cash_collected_cents.is_not_null())
                .filter(deliveries::delivered_at.ge(from))
                .filter(deliveries::delivered_at.lt(to))
                .select((
                    deliveries::rider_id,
                    deliveries::rider_name,
                    deliveries::cash_collected_cents,
                ))
                .load(conn)
                .map_err(storage)?;
            let receipts: Vec<HandinRow> = rider_cash_handins::table
                .filter(rider_cash_handins::day.eq(&day))
                .select(HandinRow::as_select())
                .load(conn)
                .map_err(storage)?;
            riders_of(collected, receipts)
        })
        .await
    }

    async fn receive_cash(
        &self,
        rider: &UserId,
        day: NaiveDate,
        receipt: &CashReceipt,
    ) -> Result<(), RepoError> {
        let row = HandinRow {
            rider_id: rider.as_str().to_owned(),
            day: day.to_string(),
            collected_cents: receipt.collected.cents(),
            received_at: to_db_time(receipt.at),
            received_by_id: receipt.by.id.as_str().to_owned(),
            received_by_name: receipt.by.name.clone(),
        };
        self.write(move |conn| {
            diesel::insert_into(rider_cash_handins::table)
                .values(&row)
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
