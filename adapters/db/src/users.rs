//! `UserRepository`: accounts.

use crate::models::UserRow;
use crate::schema::users;
use crate::{one_row, storage, Database};
use async_trait::async_trait;
use diesel::prelude::*;
use domain::ports::{RepoError, UserRepository};
use domain::user::{Email, Role, User};
use domain::UserId;

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
        self.run(move |conn| {
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

    async fn list(&self) -> Result<Vec<User>, RepoError> {
        self.run(|conn| {
            users::table
                .order((users::created_at.asc(), users::id.asc()))
                .select(UserRow::as_select())
                .load(conn)
                .map_err(storage)?
                .into_iter()
                .map(UserRow::into_domain)
                .collect()
        })
        .await
    }

    async fn update(&self, user: &User) -> Result<(), RepoError> {
        let row = UserRow::from_domain(user);
        self.write(move |conn| {
            one_row(
                diesel::update(users::table.find(&row.id))
                    .set(&row)
                    .execute(conn)
                    .map_err(storage),
            )
        })
        .await
    }

    async fn delete(&self, id: &UserId) -> Result<(), RepoError> {
        let id = id.as_str().to_owned();
        self.write(move |conn| {
            // The cart and wishlist go with the account (ON DELETE CASCADE); orders have no
            // foreign key and stay.
            one_row(
                diesel::delete(users::table.find(id))
                    .execute(conn)
                    .map_err(storage),
            )
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
}
