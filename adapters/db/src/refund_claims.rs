//! The refund claim of an order (a cancel's reversal) or of a return, written once for both
//! tables: each carries `refund_claimed_at` and `refund_unconfirmed_at` (`domain::refund`).
//! The times come from the caller's clock; what a claim requires beyond "none yet" (an
//! order's status and payment, a return's status) is the caller's guard.

use crate::connection::{DbConnection, MultiBackend};
use crate::models::to_db_time;
use crate::storage;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use domain::ports::RepoError;
use domain::refund::REFUND_CLAIM_TIMEOUT;

/// What a claim's write found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ClaimWrite {
    Done,
    /// The row is there but did not meet the guard (it moved on, or is claimed already).
    Refused,
    Missing,
}

macro_rules! refund_claims_of {
    ($table:ident) => {
        pub(crate) mod $table {
            use super::*;
            use crate::schema::$table as rows;

            /// A condition on the row beyond its id, for the claim to be taken.
            pub(crate) type Guard = Box<
                dyn BoxableExpression<rows::table, MultiBackend, SqlType = diesel::sql_types::Bool>,
            >;

            fn found(
                conn: &mut DbConnection,
                id: &str,
                changed: usize,
            ) -> Result<ClaimWrite, RepoError> {
                if changed > 0 {
                    return Ok(ClaimWrite::Done);
                }
                let exists = rows::table
                    .find(id)
                    .select(rows::id)
                    .get_result::<String>(conn)
                    .optional()
                    .map_err(storage)?
                    .is_some();
                Ok(if exists {
                    ClaimWrite::Refused
                } else {
                    ClaimWrite::Missing
                })
            }

            /// Claims the refund of row `id` at `at`, while no refund is claimed on it and
            /// `guard` holds.
            pub(crate) fn claim(
                conn: &mut DbConnection,
                id: &str,
                guard: Guard,
                at: DateTime<Utc>,
            ) -> Result<ClaimWrite, RepoError> {
                let changed = diesel::update(rows::table)
                    .filter(rows::id.eq(id))
                    .filter(rows::refund_claimed_at.is_null())
                    .filter(guard)
                    .set(rows::refund_claimed_at.eq(to_db_time(at)))
                    .execute(conn)
                    .map_err(storage)?;
                found(conn, id, changed)
            }

            /// Ends the claim on row `id` (its refund did not happen).
            pub(crate) fn release(conn: &mut DbConnection, id: &str) -> Result<(), RepoError> {
                diesel::update(rows::table.find(id))
                    .set((
                        rows::refund_claimed_at.eq(None::<chrono::NaiveDateTime>),
                        rows::refund_unconfirmed_at.eq(None::<chrono::NaiveDateTime>),
                    ))
                    .execute(conn)
                    .map(drop)
                    .map_err(storage)
            }

            /// Keeps the claim on row `id` as unconfirmed since `at` (its answer was lost).
            pub(crate) fn mark_unconfirmed(
                conn: &mut DbConnection,
                id: &str,
                at: DateTime<Utc>,
            ) -> Result<(), RepoError> {
                diesel::update(rows::table.find(id))
                    .filter(rows::refund_claimed_at.is_not_null())
                    .set(rows::refund_unconfirmed_at.eq(to_db_time(at)))
                    .execute(conn)
                    .map(drop)
                    .map_err(storage)
            }

            /// Takes over, at `at`, a claim on row `id` that is unconfirmed: marked so, or
            /// abandoned by a process that died mid-refund (`REFUND_CLAIM_TIMEOUT` old or more,
            /// as `RefundClaim::as_of` reads it).
            pub(crate) fn reclaim_unconfirmed(
                conn: &mut DbConnection,
                id: &str,
                at: DateTime<Utc>,
            ) -> Result<ClaimWrite, RepoError> {
                let abandoned_by = to_db_time(at - REFUND_CLAIM_TIMEOUT);
                let changed = diesel::update(rows::table.find(id))
                    .filter(
                        rows::refund_unconfirmed_at
                            .is_not_null()
                            .or(rows::refund_claimed_at.le(abandoned_by)),
                    )
                    .set((
                        rows::refund_claimed_at.eq(to_db_time(at)),
                        rows::refund_unconfirmed_at.eq(None::<chrono::NaiveDateTime>),
                    ))
                    .execute(conn)
                    .map_err(storage)?;
                found(conn, id, changed)
            }
        }
    };
}

refund_claims_of!(orders);
refund_claims_of!(returns);
