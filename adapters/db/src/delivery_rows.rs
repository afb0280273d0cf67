//! An order's delivery as its plans record it (migration `deliveries`): one row per order
//! that went out, written in the order change's transaction and read with the orders.

use crate::connection::DbConnection;
use crate::listing::IN_LIST_MAX;
use crate::models::{from_db_time, money};
use crate::order_history::OrdersOf;
use crate::schema::{deliveries, orders};
use crate::{corrupt, storage};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use domain::delivery::{
    Delivery, DeliveryAttempt, DeliveryCode, DeliveryState, DeliveryStep, NotDelivered, Rider,
};
use domain::ports::RepoError;
use domain::UserId;
use serde_json::{json, Value};
use std::collections::HashMap;

#[derive(Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = deliveries, treat_none_as_default_value = false)]
struct DeliveryRow {
    order_id: String,
    rider_id: String,
    rider_name: String,
    rider_phone: String,
    state: String,
    code: String,
    wrong_codes: i32,
    dispatched_at: NaiveDateTime,
    delivered_at: Option<NaiveDateTime>,
    cash_collected_cents: Option<i64>,
    attempts: String,
}

impl DeliveryRow {
    fn into_domain(self) -> Result<Delivery, RepoError> {
        let id = &self.order_id;
        Ok(Delivery {
            rider: Rider {
                id: UserId::parse(&self.rider_id)
                    .ok_or_else(|| corrupt("rider of the delivery of order", id))?,
                name: self.rider_name,
                phone: self.rider_phone,
            },
            state: DeliveryState::parse(&self.state)
                .ok_or_else(|| corrupt("delivery state", &self.state))?,
            code: DeliveryCode::parse(&self.code)
                .ok_or_else(|| corrupt("delivery code of order", id))?,
            wrong_codes: u8::try_from(self.wrong_codes)
                .map_err(|_| corrupt("wrong codes", self.wrong_codes))?,
            dispatched_at: from_db_time(self.dispatched_at),
            delivered_at: self.delivered_at.map(from_db_time),
            cash_collected: self.cash_collected_cents.map(money).transpose()?,
            attempts: read_attempts(&self.attempts)
                .ok_or_else(|| corrupt("delivery attempts of order", id))?,
        })
    }
}

fn read_attempts(stored: &str) -> Option<Vec<DeliveryAttempt>> {
    let Value::Array(items) = serde_json::from_str(stored).ok()? else {
        return None;
    };
    items
        .iter()
        .map(|item| {
            Some(DeliveryAttempt {
                at: item["at"].as_str()?.parse().ok()?,
                reason: NotDelivered::parse(item["reason"].as_str()?)?,
                rider: item["rider"].as_str()?.to_owned(),
            })
        })
        .collect()
}

fn stored_attempts(attempts: &[DeliveryAttempt]) -> String {
    let items: Vec<Value> = attempts
        .iter()
        .map(|a| json!({ "at": a.at.to_rfc3339(), "reason": a.reason.as_str(), "rider": a.rider }))
        .collect();
    Value::Array(items).to_string()
}

/// The deliveries of the orders `of` names, by order id.
pub(crate) fn load(
    conn: &mut DbConnection,
    of: OrdersOf<'_>,
) -> Result<HashMap<String, Delivery>, RepoError> {
    let rows: Vec<DeliveryRow> = match of {
        OrdersOf::Orders(ids) => {
            let mut rows = Vec::new();
            for slice in ids.chunks(IN_LIST_MAX) {
                rows.extend(
                    deliveries::table
                        .filter(deliveries::order_id.eq_any(slice))
                        .select(DeliveryRow::as_select())
                        .load(conn)
                        .map_err(storage)?,
                );
            }
            rows
        }
        OrdersOf::User(user) => deliveries::table
            .inner_join(orders::table)
            .filter(orders::user_id.eq(user))
            .select(DeliveryRow::as_select())
            .load(conn)
            .map_err(storage)?,
        OrdersOf::All => deliveries::table
            .select(DeliveryRow::as_select())
            .load(conn)
            .map_err(storage)?,
    };
    rows.into_iter()
        .map(|row| Ok((row.order_id.clone(), row.into_domain()?)))
        .collect()
}

/// Records `step` of order `id`'s delivery at `at`, in the caller's transaction (the order's
/// guarded change, so each step lands once).
pub(crate) fn record(
    conn: &mut DbConnection,
    id: &str,
    step: &DeliveryStep,
    at: NaiveDateTime,
) -> QueryResult<()> {
    match step {
        DeliveryStep::None => Ok(()),
        DeliveryStep::Dispatch { rider, code } => {
            let out = (
                deliveries::rider_id.eq(rider.id.as_str()),
                deliveries::rider_name.eq(&rider.name),
                deliveries::rider_phone.eq(&rider.phone),
                deliveries::state.eq(DeliveryState::Out.as_str()),
                deliveries::code.eq(code.as_str()),
                deliveries::wrong_codes.eq(0),
                deliveries::dispatched_at.eq(at),
            );
            // Out again after an attempt: the row is the order's (its guarded change runs
            // once), so an update, else an insert, cannot race.
            let updated = diesel::update(deliveries::table.find(id))
                .set(out)
                .execute(conn)?;
            if updated == 0 {
                diesel::insert_into(deliveries::table)
                    .values((deliveries::order_id.eq(id), out))
                    .execute(conn)?;
            }
            Ok(())
        }
        DeliveryStep::Delivered { cash } => diesel::update(deliveries::table.find(id))
            .set((
                deliveries::state.eq(DeliveryState::Delivered.as_str()),
                deliveries::delivered_at.eq(Some(at)),
                deliveries::cash_collected_cents.eq(cash.map(|cash| cash.cents())),
            ))
            .execute(conn)
            .map(drop),
        DeliveryStep::NotDelivered(attempt) => {
            let stored: String = deliveries::table
                .find(id)
                .select(deliveries::attempts)
                .get_result(conn)?;
            let mut attempts = read_attempts(&stored).unwrap_or_default();
            attempts.push(attempt.clone());
            diesel::update(deliveries::table.find(id))
                .set((
                    deliveries::state.eq(DeliveryState::Failed.as_str()),
                    deliveries::attempts.eq(stored_attempts(&attempts)),
                ))
                .execute(conn)
                .map(drop)
        }
    }
}
