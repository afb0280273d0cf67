//! `CartRepository` and `WishlistRepository`: a user's lines, each read with its product in
//! one joined query.

use crate::connection::{write_transaction, DbConnection};
use crate::models::{count, quantity as stored_quantity, to_db_time};
use crate::products::{into_products, ProductRow};
use crate::schema::{cart_discounts, cart_items, products, wishlist_items};
use crate::variants::{self, variant_key, ONE_SIZE};
use crate::{is_foreign_key_violation, is_unique_violation, prepared, storage, Database};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use domain::cart::CartLine;
use domain::ports::{CartRepository, RepoError, WishlistRepository};
use domain::product::Product;
use domain::{ProductId, UserId, VariantId};

/// A missing user or product behind a new line is `NotFound`.
fn line_error(error: diesel::result::Error) -> RepoError {
    if is_foreign_key_violation(&error) {
        RepoError::NotFound
    } else {
        storage(error)
    }
}

/// Empties `user`'s cart: its lines and its discount code.
pub(crate) fn empty(conn: &mut DbConnection, user: &str) -> QueryResult<()> {
    diesel::delete(cart_items::table.filter(cart_items::user_id.eq(user))).execute(conn)?;
    diesel::delete(cart_discounts::table.find(user)).execute(conn)?;
    Ok(())
}

#[async_trait]
impl CartRepository for Database {
    async fn lines(&self, user: &UserId) -> Result<Vec<CartLine>, RepoError> {
        let user = user.as_str().to_owned();
        self.read_by_key(move |conn| {
            let rows: Vec<(i32, String, ProductRow)> = cart_items::table
                .inner_join(products::table)
                .filter(cart_items::user_id.eq(user))
                .order((
                    cart_items::created_at.asc(),
                    cart_items::product_id.asc(),
                    cart_items::variant_id.asc(),
                ))
                .select((
                    cart_items::quantity,
                    cart_items::variant_id,
                    ProductRow::as_select(),
                ))
                .load(conn)
                .map_err(storage)?;
            let (lines, products): (Vec<_>, Vec<_>) = rows
                .into_iter()
                .map(|(quantity, variant, product)| ((quantity, variant), product))
                .unzip();
            let products = variants::with_variants(conn, into_products(products)?)?;
            lines
                .into_iter()
                .zip(products)
                .filter_map(|((quantity, variant), product)| {
                    let variant = match variant.as_str() {
                        ONE_SIZE => None,
                        // A size removed since is no longer in the cart (its line goes with
                        // the grid's transaction; this covers a read in between).
                        id => Some(
                            product
                                .variants
                                .iter()
                                .find(|v| v.id.as_str() == id)?
                                .clone(),
                        ),
                    };
                    Some(count(i64::from(quantity)).map(|quantity| CartLine {
                        product,
                        variant,
                        quantity,
                    }))
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
        variant: Option<VariantId>,
        quantity: u32,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let key = line_key(user, product, variant);
        if quantity == 0 {
            return self.remove_line(key).await.map(drop);
        }
        let quantity = stored_quantity(quantity)?;
        self.write(move |conn| {
            let (user, product, variant) = &key;
            let upsert = diesel::insert_into(cart_items::table)
                .values((
                    cart_items::user_id.eq(user),
                    cart_items::product_id.eq(product),
                    cart_items::variant_id.eq(variant),
                    cart_items::quantity.eq(quantity),
                    cart_items::created_at.eq(to_db_time(at)),
                ))
                .on_conflict((
                    cart_items::user_id,
                    cart_items::product_id,
                    cart_items::variant_id,
                ))
                .do_update()
                .set(cart_items::quantity.eq(quantity))
                .returning(prepared::row());
            prepared::execute(conn, upsert)
                .map(drop)
                .map_err(line_error)
        })
        .await
    }

    async fn remove(
        &self,
        user: &UserId,
        product: &ProductId,
        variant: Option<VariantId>,
    ) -> Result<bool, RepoError> {
        let user = user.as_str().to_owned();
        let product = product.as_str().to_owned();
        let variant = variant.map(|v| variant_key(Some(&v)));
        self.write(move |conn| {
            let lines = cart_items::table
                .filter(cart_items::user_id.eq(user))
                .filter(cart_items::product_id.eq(product));
            let deleted = match variant {
                Some(variant) => {
                    diesel::delete(lines.filter(cart_items::variant_id.eq(variant))).execute(conn)
                }
                None => diesel::delete(lines).execute(conn),
            }
            .map_err(storage)?;
            Ok(deleted > 0)
        })
        .await
    }

    async fn clear(&self, user: &UserId) -> Result<(), RepoError> {
        let user = user.as_str().to_owned();
        self.write(move |conn| write_transaction(conn, |conn| empty(conn, &user)).map_err(storage))
            .await
    }
}

/// A cart line's key columns.
type LineKey = (String, String, String);

fn line_key(user: &UserId, product: &ProductId, variant: Option<VariantId>) -> LineKey {
    (
        user.as_str().to_owned(),
        product.as_str().to_owned(),
        variant_key(variant.as_ref()),
    )
}

impl Database {
    async fn remove_line(&self, key: LineKey) -> Result<bool, RepoError> {
        self.write(move |conn| {
            let deleted = diesel::delete(cart_items::table.find(key))
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
            let rows = wishlist_items::table
                .inner_join(products::table)
                .filter(wishlist_items::user_id.eq(user))
                .order((
                    wishlist_items::created_at.asc(),
                    wishlist_items::product_id.asc(),
                ))
                .select(ProductRow::as_select())
                .load(conn)
                .map_err(storage)?;
            variants::with_variants(conn, into_products(rows)?)
        })
        .await
    }

    async fn add(
        &self,
        user: &UserId,
        product: &ProductId,
        at: DateTime<Utc>,
    ) -> Result<bool, RepoError> {
        let user = user.as_str().to_owned();
        let product = product.as_str().to_owned();
        self.write(move |conn| {
            let inserted = diesel::insert_into(wishlist_items::table)
                .values((
                    wishlist_items::user_id.eq(&user),
                    wishlist_items::product_id.eq(&product),
                    wishlist_items::created_at.eq(to_db_time(at)),
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
