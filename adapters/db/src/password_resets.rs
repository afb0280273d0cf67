//! Password reset codes (migration `2026-11-25-100000_notifications`,
//! `domain::password_reset`): one live code per account, its tries taken with a guarded
//! decrement and used up in the transaction that sets the new password, so two resets sent
//! at once with one code set one password.

use crate::connection::{write_transaction, DbConnection};
use crate::models::to_db_time;
use crate::outbox::{self, Unconfigured};
use crate::schema::password_resets;
use crate::schema::users;
use crate::tx::TxError;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use domain::notification::Announcement;
use domain::password_reset::PasswordReset;
use domain::ports::{RepoError, UserStoreError};
use domain::user::NewPassword;

#[derive(Insertable, AsChangeset)]
#[diesel(table_name = password_resets)]
struct ResetRow {
    user_id: String,
    code_hash: String,
    expires_at: NaiveDateTime,
    tries_left: i32,
}

/// Stores the code in place of an earlier one and queues its message, in one transaction.
pub(crate) fn start(
    conn: &mut DbConnection,
    reset: &PasswordReset,
    messages: &[Announcement],
    now: DateTime<Utc>,
    unconfigured: Unconfigured,
) -> QueryResult<()> {
    let row = ResetRow {
        user_id: reset.user.as_str().to_owned(),
        code_hash: reset.code_hash.clone(),
        expires_at: to_db_time(reset.expires_at),
        tries_left: i32::try_from(reset.tries_left).unwrap_or(i32::MAX),
    };
    write_transaction(conn, |conn| {
        diesel::delete(password_resets::table.find(&row.user_id)).execute(conn)?;
        diesel::insert_into(password_resets::table)
            .values(&row)
            .execute(conn)?;
        outbox::announce(conn, messages, to_db_time(now), unconfigured)
    })
}

/// Takes a try of the user's live code: its hash, or `None` without one.
pub(crate) fn take_try(
    conn: &mut DbConnection,
    user: &str,
    now: DateTime<Utc>,
) -> QueryResult<Option<String>> {
    diesel::update(
        password_resets::table
            .find(user)
            .filter(password_resets::tries_left.gt(0))
            .filter(password_resets::expires_at.gt(to_db_time(now))),
    )
    .set(password_resets::tries_left.eq(password_resets::tries_left - 1))
    .returning(password_resets::code_hash)
    .get_result(conn)
    .optional()
}

/// Uses up the code `code_hash` and sets the user's new password with it (under its
/// compare-and-set, `users::set_password`); nothing written when the code is gone
/// (`Repo(NotFound)`) or the password changed meanwhile (`PasswordChanged`).
pub(crate) fn finish(
    conn: &mut DbConnection,
    user: &str,
    password: &NewPassword,
    code_hash: &str,
) -> Result<(), TxError<UserStoreError>> {
    write_transaction(conn, |conn| {
        let used = diesel::delete(
            password_resets::table
                .find(user)
                .filter(password_resets::code_hash.eq(code_hash)),
        )
        .execute(conn)?;
        if used == 0 {
            return Err(RepoError::NotFound.into());
        }
        set_password(conn, user, password)
    })
}

/// Inside a write transaction: stores `password` when the account's token version is still
/// the one it replaces, and moves the version on by one (every earlier session ends); else
/// `PasswordChanged`, for the caller to roll back. One guarded `UPDATE`, so of two changes
/// racing on either backend exactly one matches.
pub(crate) fn set_password(
    conn: &mut DbConnection,
    id: &str,
    password: &NewPassword,
) -> Result<(), TxError<UserStoreError>> {
    let replaces = i64::try_from(password.replaces_version).unwrap_or(i64::MAX);
    let written = diesel::update(
        users::table
            .find(id)
            .filter(users::token_version.eq(replaces)),
    )
    .set((
        users::password_hash.eq(&password.hash),
        users::must_change_password.eq(password.must_change),
        users::token_version.eq(users::token_version + 1),
    ))
    .execute(conn)?;
    match written {
        0 => Err(TxError::Store(UserStoreError::PasswordChanged)),
        _ => Ok(()),
    }
}
