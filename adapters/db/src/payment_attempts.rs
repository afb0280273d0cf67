//! `PaymentAttemptRepository` (migration `payment_attempts`): each charge the shop started,
//! its answers recorded under a guard on its state, and the refund of late money claimed on
//! its row like an order's (`refund_claims`).

use crate::connection::DbConnection;
use crate::listing::total_of;
use crate::models::{from_db_time, money, order_id, to_db_time};
use crate::order_numbers;
use crate::schema::payment_attempts;
use crate::{corrupt, storage, Database};
use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use domain::listing::payments::AttemptQuery;
use domain::order::OrderNumber;
use domain::payment_attempt::{AttemptChange, AttemptState, PaymentAttempt};
use domain::payment_method::PaymentMethod;
use domain::phone::MobileNumber;
use domain::ports::{ApprovedAmount, PaymentAttemptRepository, RepoError};
use domain::refund::RefundClaim;
use domain::{Currency, OrderId, PaymentAttemptId};

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = payment_attempts, treat_none_as_default_value = false)]
struct AttemptRow {
    id: String,
    order_id: String,
    order_number: i64,
    method: String,
    amount_cents: i64,
    currency: String,
    payer: String,
    state: String,
    provider_reference: Option<String>,
    transaction_id: Option<String>,
    approved_cents: Option<i64>,
    approved_currency: Option<String>,
    started_at: NaiveDateTime,
    answered_at: Option<NaiveDateTime>,
    refund_claimed_at: Option<NaiveDateTime>,
    refund_unconfirmed_at: Option<NaiveDateTime>,
    refund_error: Option<String>,
}

impl AttemptRow {
    fn of(attempt: &PaymentAttempt) -> Self {
        AttemptRow {
            id: attempt.id.as_str().to_owned(),
            order_id: attempt.order.as_str().to_owned(),
            order_number: i64::from(attempt.order_number.get()),
            method: attempt.method.id().to_owned(),
            amount_cents: attempt.amount.cents(),
            currency: attempt.currency.code().to_owned(),
            payer: attempt.payer.as_str().to_owned(),
            state: attempt.state.as_str().to_owned(),
            provider_reference: attempt.provider_reference.clone(),
            transaction_id: attempt.transaction_id.clone(),
            approved_cents: attempt.approved.as_ref().map(|a| a.amount.cents()),
            approved_currency: attempt.approved.as_ref().map(|a| a.currency.clone()),
            started_at: to_db_time(attempt.started_at),
            answered_at: attempt.answered_at.map(to_db_time),
            refund_claimed_at: attempt.refund_claim.map(|claim| to_db_time(claim.sent_at)),
            refund_unconfirmed_at: attempt
                .refund_claim
                .and_then(|claim| claim.unconfirmed_at.map(to_db_time)),
            refund_error: attempt.refund_error.clone(),
        }
    }

    fn into_domain(self) -> Result<PaymentAttempt, RepoError> {
        let id = &self.id;
        let approved = match (self.approved_cents, self.approved_currency) {
            (Some(cents), Some(currency)) => Some(ApprovedAmount {
                amount: money(cents)?,
                currency,
            }),
            _ => None,
        };
        Ok(PaymentAttempt {
            id: PaymentAttemptId::parse(id).ok_or_else(|| corrupt("payment attempt id", id))?,
            order: order_id(&self.order_id)?,
            order_number: order_numbers::read(self.order_number, &self.order_id)?,
            method: PaymentMethod::parse(&self.method)
                .ok_or_else(|| corrupt("method of payment attempt", id))?,
            amount: money(self.amount_cents)?,
            currency: Currency::parse(&self.currency)
                .ok_or_else(|| corrupt("currency of payment attempt", id))?,
            payer: MobileNumber::from_stored(&self.payer),
            state: AttemptState::parse(&self.state)
                .ok_or_else(|| corrupt("state of payment attempt", id))?,
            provider_reference: self.provider_reference,
            transaction_id: self.transaction_id,
            approved,
            started_at: from_db_time(self.started_at),
            answered_at: self.answered_at.map(from_db_time),
            refund_claim: self.refund_claimed_at.map(|sent_at| RefundClaim {
                sent_at: from_db_time(sent_at),
                unconfirmed_at: self.refund_unconfirmed_at.map(from_db_time),
            }),
            refund_error: self.refund_error,
        })
    }
}

fn attempts_of(rows: Vec<AttemptRow>) -> Result<Vec<PaymentAttempt>, RepoError> {
    rows.into_iter().map(AttemptRow::into_domain).collect()
}

/// What an answer sets on an attempt's row: `None` fields are left as they are.
#[derive(AsChangeset)]
#[diesel(table_name = payment_attempts)]
struct AnswerChangeset<'a> {
    state: &'a str,
    answered_at: NaiveDateTime,
    provider_reference: Option<&'a str>,
    transaction_id: Option<&'a str>,
    approved_cents: Option<i64>,
    approved_currency: Option<&'a str>,
    refund_error: Option<&'a str>,
}

/// Records `change` on its attempt while it is still in the change's `from` state: the number
/// of rows changed (0 when it moved on). Run inside an order's plan too, so the attempt that
/// pays an order is recorded in the order's transaction.
pub(crate) fn record_change(conn: &mut DbConnection, change: &AttemptChange) -> QueryResult<usize> {
    let id = change.attempt.as_str();
    let set = AnswerChangeset {
        state: change.to.as_str(),
        answered_at: to_db_time(change.at),
        provider_reference: change.provider_reference.as_deref(),
        transaction_id: change.transaction_id.as_deref(),
        approved_cents: change.approved.as_ref().map(|a| a.amount.cents()),
        approved_currency: change.approved.as_ref().map(|a| a.currency.as_str()),
        refund_error: change.refund_error.as_deref(),
    };
    let changed = diesel::update(
        payment_attempts::table
            .filter(payment_attempts::id.eq(id))
            .filter(payment_attempts::state.eq(change.from.as_str())),
    )
    .set(&set)
    .execute(conn)?;
    // A refund that landed, or failed, ends its claim.
    if changed > 0
        && matches!(
            change.to,
            AttemptState::Refunded | AttemptState::RefundFailed
        )
    {
        diesel::update(payment_attempts::table.find(id))
            .set((
                payment_attempts::refund_claimed_at.eq(None::<NaiveDateTime>),
                payment_attempts::refund_unconfirmed_at.eq(None::<NaiveDateTime>),
            ))
            .execute(conn)?;
    }
    Ok(changed)
}

#[async_trait]
impl PaymentAttemptRepository for Database {
    async fn insert(&self, attempt: &PaymentAttempt) -> Result<(), RepoError> {
        let row = AttemptRow::of(attempt);
        self.write(move |conn| {
            diesel::insert_into(payment_attempts::table)
                .values(&row)
                .execute(conn)
                .map(drop)
                .map_err(storage)
        })
        .await
    }

    async fn by_id(&self, id: &PaymentAttemptId) -> Result<Option<PaymentAttempt>, RepoError> {
        let id = id.as_str().to_owned();
        self.run(move |conn| {
            payment_attempts::table
                .find(&id)
                .select(AttemptRow::as_select())
                .get_result(conn)
                .optional()
                .map_err(storage)?
                .map(AttemptRow::into_domain)
                .transpose()
        })
        .await
    }

    async fn of_order(&self, order: &OrderId) -> Result<Vec<PaymentAttempt>, RepoError> {
        let order = order.as_str().to_owned();
        self.run(move |conn| {
            let rows = payment_attempts::table
                .filter(payment_attempts::order_id.eq(&order))
                .order((
                    payment_attempts::started_at.asc(),
                    payment_attempts::id.asc(),
                ))
                .select(AttemptRow::as_select())
                .load(conn)
                .map_err(storage)?;
            attempts_of(rows)
        })
        .await
    }

    async fn awaiting(
        &self,
        since: DateTime<Utc>,
        methods: &[PaymentMethod],
        limit: u32,
    ) -> Result<Vec<PaymentAttempt>, RepoError> {
        let since = to_db_time(since);
        let methods: Vec<&'static str> = methods.iter().map(|m| m.id()).collect();
        self.run(move |conn| {
            let rows = payment_attempts::table
                .filter(payment_attempts::state.eq(AttemptState::Awaiting.as_str()))
                .filter(payment_attempts::started_at.ge(since))
                .filter(payment_attempts::method.eq_any(methods))
                .order((
                    payment_attempts::started_at.asc(),
                    payment_attempts::id.asc(),
                ))
                .limit(i64::from(limit))
                .select(AttemptRow::as_select())
                .load(conn)
                .map_err(storage)?;
            attempts_of(rows)
        })
        .await
    }

    async fn late_unclaimed(&self, limit: u32) -> Result<Vec<PaymentAttempt>, RepoError> {
        self.run(move |conn| {
            let rows = payment_attempts::table
                .filter(payment_attempts::state.eq(AttemptState::Late.as_str()))
                .filter(payment_attempts::refund_claimed_at.is_null())
                .order((
                    payment_attempts::started_at.asc(),
                    payment_attempts::id.asc(),
                ))
                .limit(i64::from(limit))
                .select(AttemptRow::as_select())
                .load(conn)
                .map_err(storage)?;
            attempts_of(rows)
        })
        .await
    }

    async fn record(&self, change: &AttemptChange) -> Result<bool, RepoError> {
        let change = change.clone();
        self.write(move |conn| {
            crate::connection::write_transaction(conn, |conn| record_change(conn, &change))
                .map(|changed| changed > 0)
                .map_err(storage)
        })
        .await
    }

    async fn claim_refund(
        &self,
        id: &PaymentAttemptId,
        at: DateTime<Utc>,
    ) -> Result<bool, RepoError> {
        let id = id.as_str().to_owned();
        let at = to_db_time(at);
        self.write(move |conn| {
            let claimed = diesel::update(
                payment_attempts::table
                    .filter(payment_attempts::id.eq(&id))
                    .filter(payment_attempts::state.eq(AttemptState::Late.as_str()))
                    .filter(payment_attempts::refund_claimed_at.is_null()),
            )
            .set(payment_attempts::refund_claimed_at.eq(Some(at)))
            .execute(conn)
            .map_err(storage)?;
            Ok(claimed > 0)
        })
        .await
    }

    async fn started_between(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<PaymentAttempt>, RepoError> {
        let (from, to) = (to_db_time(from), to_db_time(to));
        self.run(move |conn| {
            let rows = payment_attempts::table
                .filter(payment_attempts::started_at.ge(from))
                .filter(payment_attempts::started_at.lt(to))
                .order((
                    payment_attempts::started_at.asc(),
                    payment_attempts::id.asc(),
                ))
                .select(AttemptRow::as_select())
                .load(conn)
                .map_err(storage)?;
            attempts_of(rows)
        })
        .await
    }

    async fn list(&self, query: &AttemptQuery) -> Result<(Vec<PaymentAttempt>, u64), RepoError> {
        let query = query.clone();
        self.run(move |conn| {
            let filtered = || {
                let mut rows = payment_attempts::table.into_boxed();
                if let Some(filter) = query.state {
                    let states: Vec<&'static str> = filter
                        .states()
                        .into_iter()
                        .map(AttemptState::as_str)
                        .collect();
                    rows = rows.filter(payment_attempts::state.eq_any(states));
                }
                if let Some(method) = query.method {
                    rows = rows.filter(payment_attempts::method.eq(method.id()));
                }
                if let Some(order) = &query.order {
                    rows = rows.filter(payment_attempts::order_id.eq(order.as_str().to_owned()));
                }
                if let Some(search) = &query.search {
                    let like = format!("%{}%", search.as_str());
                    // `#1042` is its order's number.
                    let number = OrderNumber::parse(search.as_str()).map(|n| i64::from(n.get()));
                    rows = rows.filter(
                        payment_attempts::order_id
                            .like(like.clone())
                            .or(payment_attempts::payer.like(like.clone()))
                            .or(payment_attempts::transaction_id.like(like))
                            .or(payment_attempts::order_number.nullable().eq(number)),
                    );
                }
                rows
            };
            let rows = filtered()
                .order((
                    payment_attempts::started_at.desc(),
                    payment_attempts::id.desc(),
                ))
                .limit(i64::from(query.page.size))
                .offset(query.page.offset())
                .select(AttemptRow::as_select())
                .load(conn)
                .map_err(storage)?;
            let total = total_of(Some(query.page), rows.len(), || {
                filtered().count().get_result(conn)
            })?;
            Ok((attempts_of(rows)?, total))
        })
        .await
    }
}
