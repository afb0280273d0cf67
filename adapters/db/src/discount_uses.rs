//! Uses of discount codes moved by orders: taken with a guarded increment in the order's
//! transaction (racing buyers of a code's last use: exactly one gets it) and given back
//! once when the order is canceled before it ships.

use crate::connection::DbConnection;
use crate::schema::{discount_uses, discounts};
use crate::tx::TxError;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use domain::ports::OrderStoreError;

/// A use as stored: by one order, of one code, for one customer.
#[derive(Insertable)]
#[diesel(table_name = discount_uses)]
pub(crate) struct UseRow {
    pub order_id: String,
    pub discount_id: String,
    pub user_id: String,
    pub created_at: NaiveDateTime,
}

/// Who takes a use: the order, its customer and when it was placed.
pub(crate) struct UseOf<'a> {
    pub code: &'a str,
    pub order: &'a str,
    pub user: &'a str,
    pub at: NaiveDateTime,
}

/// Takes one use of the code for the order: only while the code is active, started, not
/// ended, not used up and not at the customer's own limit; else `DiscountUnavailable`, and
/// the caller's transaction rolls back.
pub(crate) fn take(conn: &mut DbConnection, using: &UseOf) -> Result<(), TxError<OrderStoreError>> {
    let unavailable = || TxError::Store(OrderStoreError::DiscountUnavailable);
    // The increment first: on PostgreSQL its row lock makes racing orders of one code wait
    // here, so the count of the customer's uses below sees the ones committed before.
    let taken = diesel::update(discounts::table)
        .filter(discounts::code.eq(using.code))
        .filter(discounts::active.eq(true))
        .filter(
            discounts::starts_at
                .is_null()
                .or(discounts::starts_at.assume_not_null().le(using.at)),
        )
        .filter(
            discounts::ends_at
                .is_null()
                .or(discounts::ends_at.assume_not_null().gt(using.at)),
        )
        .filter(
            discounts::usage_limit
                .is_null()
                .or(discounts::times_used.lt(discounts::usage_limit.assume_not_null())),
        )
        .set(discounts::times_used.eq(discounts::times_used + 1))
        .execute(conn)?;
    if taken == 0 {
        return Err(unavailable());
    }
    let (id, per_customer_limit): (String, Option<i32>) = discounts::table
        .filter(discounts::code.eq(using.code))
        .select((discounts::id, discounts::per_customer_limit))
        .get_result(conn)?;
    if let Some(limit) = per_customer_limit {
        if uses_by(conn, &id, using.user)? >= i64::from(limit) {
            return Err(unavailable());
        }
    }
    diesel::insert_into(discount_uses::table)
        .values(UseRow {
            order_id: using.order.to_owned(),
            discount_id: id,
            user_id: using.user.to_owned(),
            created_at: using.at,
        })
        .execute(conn)?;
    Ok(())
}

/// How many uses of the code `discount` the customer `user` holds.
pub(crate) fn uses_by(conn: &mut DbConnection, discount: &str, user: &str) -> QueryResult<i64> {
    discount_uses::table
        .filter(discount_uses::discount_id.eq(discount))
        .filter(discount_uses::user_id.eq(user))
        .count()
        .get_result(conn)
}

/// Gives the order's use back, if it took one that was not given back yet (and its code
/// still exists).
pub(crate) fn give_back(conn: &mut DbConnection, order: &str) -> QueryResult<()> {
    let used: Option<String> = discount_uses::table
        .find(order)
        .select(discount_uses::discount_id)
        .get_result(conn)
        .optional()?;
    let Some(discount) = used else {
        return Ok(());
    };
    diesel::delete(discount_uses::table.find(order)).execute(conn)?;
    diesel::update(
        discounts::table
            .find(discount)
            .filter(discounts::times_used.gt(0)),
    )
    .set(discounts::times_used.eq(discounts::times_used - 1))
    .execute(conn)?;
    Ok(())
}
