//! `CartRepository` and `WishlistRepository`: a user's lines, each read with its product in
//! one joined query.

use crate::connection::DbConnection;
use crate::models::{count, now, quantity as stored_quantity, ProductRow};
use crate::schema::{cart_items, products, wishlist_items};
use crate::{is_foreign_key_violation, is_unique_violation, storage, Database};
use async_trait::async_trait;
use diesel::prelude::*;
use domain::cart::CartLine;
use domain::ports::{CartRepository, RepoError, WishlistRepository};
use domain::product::Product;
use domain::{ProductId, UserId};

/// A missing user or product behind a new line is `NotFound`.
fn line_error(error: diesel::result::Error) -> RepoError {
    if is_foreign_key_violation(&error) {
        RepoError::NotFound
    } else {
        storage(error)
    }
}

fn update_quantity(
    conn: &mut DbConnection,
    user: &str,
    product: &str,
    quantity: i32,
) -> Result<usize, RepoError> {
    diesel::update(cart_items::table.find((user, product)))
        .set(cart_items::quantity.eq(quantity))
        .execute(conn)
        .map_err(storage)
}

#[async_trait]
impl CartRepository for Database {
    async fn lines(&self, user: &UserId) -> Result<Vec<CartLine>, RepoError> {
        let user = user.as_str().to_owned();
        self.run(move |conn| {
            let rows: Vec<(i32, ProductRow)> = cart_items::table
                .inner_join(products::table)
                .filter(cart_items::user_id.eq(user))
                .order((cart_items::created_at.asc(), cart_items::product_id.asc()))
                .select((cart_items::quantity, ProductRow::as_select()))
                .load(conn)
                .map_err(storage)?;
            rows.into_iter()
                .map(|(quantity, product)| {
                    Ok(CartLine {
                        product: product.into_domain()?,
                        quantity: count(i64::from(quantity))?,
                    })
                })
                .collect()
        })
        .await
    }

    /// A quantity of 0 removes the line.
    async fn set_quantity(
        &self,
        user: &UserId,
        product: &ProductId,
        quantity: u32,
    ) -> Result<(), RepoError> {
        let user = user.as_str().to_owned();
        let product = product.as_str().to_owned();
        if quantity == 0 {
            return self.remove_line(user, product).await.map(drop);
        }
        let quantity = stored_quantity(quantity)?;
        self.write(move |conn| {
            // Update, else insert; if another request inserted the line in between, update it.
            if update_quantity(conn, &user, &product, quantity)? > 0 {
                return Ok(());
            }
            let inserted = diesel::insert_into(cart_items::table)
                .values((
                    cart_items::user_id.eq(&user),
                    cart_items::product_id.eq(&product),
                    cart_items::quantity.eq(quantity),
                    cart_items::created_at.eq(now()),
                ))
                .execute(conn);
            match inserted {
                Ok(_) => Ok(()),
                Err(e) if is_unique_violation(&e) => {
                    update_quantity(conn, &user, &product, quantity).map(drop)
                }
                Err(e) => Err(line_error(e)),
            }
        })
        .await
    }

    async fn remove(&self, user: &UserId, product: &ProductId) -> Result<bool, RepoError> {
        self.remove_line(user.as_str().to_owned(), product.as_str().to_owned())
            .await
    }

    async fn clear(&self, user: &UserId) -> Result<(), RepoError> {
        let user = user.as_str().to_owned();
        self.write(move |conn| {
            diesel::delete(cart_items::table.filter(cart_items::user_id.eq(user)))
                .execute(conn)
                .map_err(storage)?;
            Ok(())
        })
        .await
    }
}

impl Database {
    async fn remove_line(&self, user: String, product: String) -> Result<bool, RepoError> {
        self.write(move |conn| {
            let deleted = diesel::delete(cart_items::table.find((user, product)))
                .execute(conn)
                .map_err(storage)?;
            Ok(deleted > 0)
        })
        .await
    }
}

#[async_trait]
impl WishlistRepository for Database {
    async fn products(&self, user: &UserId) -> Result<Vec<Product>, RepoError> {
        let user = user.as_str().to_owned();
        self.run(move |conn| {
            wishlist_items::table
                .inner_join(products::table)
                .filter(wishlist_items::user_id.eq(user))
                .order((
                    wishlist_items::created_at.asc(),
                    wishlist_items::product_id.asc(),
                ))
                .select(ProductRow::as_select())
                .load(conn)
                .map_err(storage)?
                .into_iter()
                .map(ProductRow::into_domain)
                .collect()
        })
        .await
    }

    async fn add(&self, user: &UserId, product: &ProductId) -> Result<bool, RepoError> {
        let user = user.as_str().to_owned();
        let product = product.as_str().to_owned();
        self.write(move |conn| {
            let inserted = diesel::insert_into(wishlist_items::table)
                .values((
                    wishlist_items::user_id.eq(&user),
                    wishlist_items::product_id.eq(&product),
                    wishlist_items::created_at.eq(now()),
                ))
                .execute(conn);
            match inserted {
                Ok(_) => Ok(true),
                Err(e) if is_unique_violation(&e) => Ok(false),
                Err(e) => Err(line_error(e)),
            }
        })
        .await
    }

    async fn remove(&self, user: &UserId, product: &ProductId) -> Result<bool, RepoError> {
        let user = user.as_str().to_owned();
        let product = product.as_str().to_owned();
        self.write(move |conn| {
            let deleted = diesel::delete(wishlist_items::table.find((user, product)))
                .execute(conn)
                .map_err(storage)?;
            Ok(deleted > 0)
        })
        .await
    }
}
