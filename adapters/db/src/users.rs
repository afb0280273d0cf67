//! `UserRepository`: accounts.

use crate::connection::MultiBackend;
use crate::connection::{write_transaction, DbConnection};
use crate::listing::{contains_pattern, lower, total_of};
use crate::models::{email, from_db_time, role, to_db_time, user_id};
use crate::password_resets::{self, set_password};
use crate::schema::users;
use crate::tx::TxError;
use crate::{corrupt, one_row, storage, Database};
use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use domain::language::Language;
use domain::listing::users::UserQuery;
use domain::notification::Announcement;
use domain::password_reset::PasswordReset;
use domain::permissions::keeps_an_admin;
use domain::phone::MobileNumber;
use domain::ports::{RepoError, UserRepository, UserStoreError};
use domain::user::{Email, NewPassword, Role, User};
use domain::UserId;

#[derive(Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = users)]
pub(crate) struct UserRow {
    id: String,
    name: String,
    email: Option<String>,
    phone: String,
    role: String,
    password_hash: String,
    must_change_password: bool,
    token_version: i64,
    created_at: NaiveDateTime,
    language: String,
}

/// What saving an account's fields writes: never its password or token version (those
/// change only under `NewPassword`'s compare-and-set), so a save racing a password change
/// cannot put back what it read before.
#[derive(Debug, AsChangeset)]
#[diesel(table_name = users)]
struct ProfileRow {
    name: String,
    email: Option<String>,
    phone: String,
    role: String,
}

impl ProfileRow {
    fn from_domain(user: &User) -> Self {
        Self {
            name: user.name.clone(),
            email: user.email.as_ref().map(|email| email.as_str().to_owned()),
            phone: user.phone.clone(),
            role: user.role.as_str().to_owned(),
        }
    }
}

impl UserRow {
    pub(crate) fn from_domain(user: &User) -> Self {
        Self {
            id: user.id.as_str().to_owned(),
            name: user.name.clone(),
            email: user.email.as_ref().map(|email| email.as_str().to_owned()),
            phone: user.phone.clone(),
            role: user.role.as_str().to_owned(),
            password_hash: user.password_hash.clone(),
            must_change_password: user.must_change_password,
            token_version: i64::try_from(user.token_version).unwrap_or(i64::MAX),
            created_at: to_db_time(user.created_at),
            language: user.language.code().to_owned(),
        }
    }

    fn into_domain(self) -> Result<User, RepoError> {
        Ok(User {
            id: user_id(&self.id)?,
            name: self.name,
            email: self.email.as_deref().map(email).transpose()?,
            phone: self.phone,
            role: role(&self.role)?,
            password_hash: self.password_hash,
            must_change_password: self.must_change_password,
            token_version: u64::try_from(self.token_version)
                .map_err(|_| corrupt("token version", self.token_version))?,
            created_at: from_db_time(self.created_at),
            language: Language::parse(&self.language)
                .ok_or_else(|| corrupt("language", &self.language))?,
        })
    }
}

/// The accounts `query` selects, unordered and unpaged.
fn matching(query: &UserQuery) -> users::BoxedQuery<'static, MultiBackend> {
    let mut selection = users::table.into_boxed();
    if let Some(role) = query.role {
        selection = selection.filter(users::role.eq(role.as_str()));
    }
    if let Some(text) = &query.search {
        let pattern = contains_pattern(text.as_str());
        selection = selection.filter(
            lower(users::name)
                .like(pattern.clone())
                .escape('\\')
                // An account without an e-mail matches by its name or phone (NULL is no match).
                .or(lower(users::email.assume_not_null())
                    .like(pattern.clone())
                    .escape('\\'))
                .or(lower(users::phone).like(pattern).escape('\\')),
        );
    }
    selection
}

/// Inside a write transaction, before `removed` stops being an admin (demoted or deleted):
/// refuses when it is the last admin. On PostgreSQL the admins' rows (and the target's)
/// are locked in id order first, so a concurrent change waits and then sees this one's
/// result; on SQLite the transaction is the only writer.
fn check_keeps_an_admin(
    conn: &mut DbConnection,
    removed: &str,
) -> Result<(), TxError<UserStoreError>> {
    let concerned = users::table
        .filter(
            users::role
                .eq(Role::Admin.as_str())
                .or(users::id.eq(removed)),
        )
        .order(users::id.asc())
        .select((users::id, users::role));
    let rows: Vec<(String, String)> = match conn {
        DbConnection::Pg(conn) => concerned.for_update().load(conn)?,
        DbConnection::Sqlite(conn) => concerned.load(conn)?,
    };
    let admins: Vec<UserId> = rows
        .into_iter()
        .filter(|(_, role)| role == Role::Admin.as_str())
        .filter_map(|(id, _)| UserId::parse(&id))
        .collect();
    let removed = UserId::parse(removed).ok_or(RepoError::NotFound)?;
    keeps_an_admin(&admins, &removed).map_err(UserStoreError::from)?;
    Ok(())
}

#[async_trait]
impl UserRepository for Database {
    async fn insert(&self, user: &User) -> Result<(), RepoError> {
        let row = UserRow::from_domain(user);
        self.write(move |conn| {
            diesel::insert_into(users::table)
                .values(&row)
                .execute(conn)
                .map_err(storage)?;
            Ok(())
        })
        .await
    }

    async fn by_id(&self, id: &UserId) -> Result<Option<User>, RepoError> {
        let id = id.as_str().to_owned();
        self.read_by_key(move |conn| {
            users::table
                .find(id)
                .select(UserRow::as_select())
                .get_result(conn)
                .optional()
                .map_err(storage)?
                .map(UserRow::into_domain)
                .transpose()
        })
        .await
    }

    async fn by_email(&self, email: &Email) -> Result<Option<User>, RepoError> {
        // `Email` is lower-cased, and so is every stored address.
        let email = email.as_str().to_owned();
        self.run(move |conn| {
            users::table
                .filter(users::email.eq(email))
                .select(UserRow::as_select())
                .get_result(conn)
                .optional()
                .map_err(storage)?
                .map(UserRow::into_domain)
                .transpose()
        })
        .await
    }

    async fn by_phone_without_email(
        &self,
        phone: &MobileNumber,
    ) -> Result<Option<User>, RepoError> {
        // Phone-only accounts keep their number normalised, as `MobileNumber` is.
        let phone = phone.as_str().to_owned();
        self.run(move |conn| {
            users::table
                .filter(users::phone.eq(phone).and(users::email.is_null()))
                .select(UserRow::as_select())
                .get_result(conn)
                .optional()
                .map_err(storage)?
                .map(UserRow::into_domain)
                .transpose()
        })
        .await
    }

    async fn find(&self, query: &UserQuery) -> Result<(Vec<User>, u64), RepoError> {
        let query = query.clone();
        self.run(move |conn| {
            let mut selection = matching(&query)
                .order((users::created_at.asc(), users::id.asc()))
                .select(UserRow::as_select());
            if let Some(page) = query.page {
                selection = selection.limit(i64::from(page.size)).offset(page.offset());
            }
            let rows = selection.load(conn).map_err(storage)?;
            let total = total_of(query.page, rows.len(), || {
                matching(&query).count().get_result(conn)
            })?;
            let users = rows
                .into_iter()
                .map(UserRow::into_domain)
                .collect::<Result<_, _>>()?;
            Ok((users, total))
        })
        .await
    }

    async fn count_joined_since(&self, from: DateTime<Utc>) -> Result<u64, RepoError> {
        self.run(move |conn| {
            let joined: i64 = users::table
                .filter(users::created_at.ge(to_db_time(from)))
                .count()
                .get_result(conn)
                .map_err(storage)?;
            Ok(u64::try_from(joined).unwrap_or_default())
        })
        .await
    }

    async fn update(
        &self,
        user: &User,
        password: Option<NewPassword>,
    ) -> Result<(), UserStoreError> {
        let (id, row) = (user.id.as_str().to_owned(), ProfileRow::from_domain(user));
        let demotes = !user.is_admin();
        self.write(move |conn| {
            write_transaction(conn, |conn| {
                if demotes {
                    check_keeps_an_admin(conn, &id)?;
                }
                one_row(
                    diesel::update(users::table.find(&id))
                        .set(&row)
                        .execute(conn)
                        .map_err(storage),
                )?;
                match &password {
                    Some(password) => set_password(conn, &id, password),
                    None => Ok(()),
                }
            })
            .map_err(UserStoreError::from)
        })
        .await
    }

    async fn delete(&self, id: &UserId) -> Result<(), UserStoreError> {
        let id = id.as_str().to_owned();
        self.write(move |conn| {
            write_transaction(conn, |conn| {
                check_keeps_an_admin(conn, &id)?;
                // The cart and wishlist go with the account (ON DELETE CASCADE); orders have
                // no foreign key and stay.
                one_row(
                    diesel::delete(users::table.find(&id))
                        .execute(conn)
                        .map_err(storage),
                )?;
                Ok::<_, TxError<UserStoreError>>(())
            })
            .map_err(UserStoreError::from)
        })
        .await
    }

    async fn set_language(&self, id: &UserId, language: Language) -> Result<(), RepoError> {
        let id = id.as_str().to_owned();
        self.write(move |conn| {
            diesel::update(users::table.find(&id))
                .filter(users::language.ne(language.code()))
                .set(users::language.eq(language.code()))
                .execute(conn)
                .map(drop)
                .map_err(storage)
        })
        .await
    }

    async fn language_of(&self, id: &UserId) -> Result<Language, RepoError> {
        let id = id.as_str().to_owned();
        self.run(move |conn| {
            let code: Option<String> = users::table
                .find(&id)
                .select(users::language)
                .get_result(conn)
                .optional()
                .map_err(storage)?;
            Ok(code
                .as_deref()
                .and_then(Language::parse)
                .unwrap_or_default())
        })
        .await
    }

    async fn count_admins(&self) -> Result<u64, RepoError> {
        self.run(|conn| {
            let admins: i64 = users::table
                .filter(users::role.eq(Role::Admin.as_str()))
                .count()
                .get_result(conn)
                .map_err(storage)?;
            Ok(u64::try_from(admins).unwrap_or_default())
        })
        .await
    }

    async fn stored_emails(&self) -> Result<Vec<(UserId, String)>, RepoError> {
        self.run(|conn| {
            let rows: Vec<(String, String)> = users::table
                .filter(users::email.is_not_null())
                .order(users::id.asc())
                .select((users::id, users::email.assume_not_null()))
                .load(conn)
                .map_err(storage)?;
            rows.into_iter()
                .map(|(id, email)| Ok((user_id(&id)?, email)))
                .collect()
        })
        .await
    }

    async fn start_password_reset(
        &self,
        reset: &PasswordReset,
        messages: &[Announcement],
        now: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let (reset, messages) = (reset.clone(), messages.to_vec());
        let unconfigured = self.unconfigured_channels();
        self.write(move |conn| {
            password_resets::start(conn, &reset, &messages, now, unconfigured).map_err(storage)
        })
        .await
    }

    async fn take_reset_try(
        &self,
        user: &UserId,
        now: DateTime<Utc>,
    ) -> Result<Option<String>, RepoError> {
        let user = user.as_str().to_owned();
        self.write(move |conn| password_resets::take_try(conn, &user, now).map_err(storage))
            .await
    }

    async fn finish_password_reset(
        &self,
        user: &UserId,
        password: &NewPassword,
        code_hash: &str,
    ) -> Result<(), UserStoreError> {
        let (user, password) = (user.as_str().to_owned(), password.clone());
        let code_hash = code_hash.to_owned();
        self.write(move |conn| {
            password_resets::finish(conn, &user, &password, &code_hash)
                .map_err(UserStoreError::from)
        })
        .await
    }
}
