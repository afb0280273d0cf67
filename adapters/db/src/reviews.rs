//! `ReviewRepository` (migration `2026-11-24-220000_reviews`): one review per shopper and
//! product, and the product's `rating_tenths` and `reviews` set from its visible reviews in
//! the same transaction as every change, with the product's row locked first so that two
//! reviews written at once both count.

use crate::connection::{write_transaction, DbConnection, MultiBackend};
use crate::listing::{contains_pattern, total_of};
use crate::models::{from_db_time, product_id, to_db_time};
use crate::products::bump_catalog_version;
use crate::rows::insert_rows;
use crate::schema::{order_lines, orders, products, reviews};
use crate::{corrupt, storage, Database};
use async_trait::async_trait;
use chrono::NaiveDateTime;
use diesel::dsl::{count_star, exists};
use diesel::prelude::*;
use domain::order::OrderStatus;
use domain::ports::{Page, RepoError, ReviewQuery, ReviewRepository};
use domain::review::{Rating, RatingSummary, Review, ReviewSort};
use domain::{ProductId, ReviewId, UserId};
use std::collections::{BTreeSet, HashMap};

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = reviews, treat_none_as_default_value = false)]
struct ReviewRow {
    id: String,
    product_id: String,
    user_id: String,
    author: String,
    rating: i32,
    title: Option<String>,
    body: String,
    verified_purchase: bool,
    hidden: bool,
    created_at: NaiveDateTime,
    search_text: String,
}

impl ReviewRow {
    fn from_domain(review: &Review) -> Self {
        Self {
            id: review.id.as_str().to_owned(),
            product_id: review.product_id.as_str().to_owned(),
            user_id: review.user_id.as_str().to_owned(),
            author: review.author.clone(),
            rating: i32::from(review.rating.stars()),
            title: review.title.clone(),
            body: review.body.clone(),
            verified_purchase: review.verified_purchase,
            hidden: review.hidden,
            created_at: to_db_time(review.created_at),
            search_text: search_text(review),
        }
    }

    fn into_domain(self, product_name: String) -> Result<Review, RepoError> {
        Ok(Review {
            id: ReviewId::parse(&self.id).ok_or_else(|| corrupt("review id", &self.id))?,
            product_id: product_id(&self.product_id)?,
            product_name,
            user_id: UserId::parse(&self.user_id)
                .ok_or_else(|| corrupt("user id", &self.user_id))?,
            author: self.author,
            rating: u8::try_from(self.rating)
                .ok()
                .and_then(Rating::new)
                .ok_or_else(|| corrupt("rating", self.rating))?,
            title: self.title,
            body: self.body,
            verified_purchase: self.verified_purchase,
            hidden: self.hidden,
            created_at: from_db_time(self.created_at),
        })
    }
}

/// What the back office's search reads of a review, in lower case.
fn search_text(review: &Review) -> String {
    [
        review.title.as_deref().unwrap_or_default(),
        &review.body,
        &review.author,
    ]
    .join("\n")
    .to_lowercase()
}

/// The reviews of `rows`, with their products' names: one more query, not a join per row
/// (every review's product exists: deleting a product deletes its reviews).
fn named(conn: &mut DbConnection, rows: Vec<ReviewRow>) -> Result<Vec<Review>, RepoError> {
    let ids: BTreeSet<&str> = rows.iter().map(|r| r.product_id.as_str()).collect();
    let names: HashMap<String, String> = products::table
        .filter(products::id.eq_any(ids))
        .select((products::id, products::name))
        .load(conn)
        .map_err(storage)?
        .into_iter()
        .collect();
    rows.into_iter()
        .map(|row| {
            let name = names.get(&row.product_id).cloned().unwrap_or_default();
            row.into_domain(name)
        })
        .collect()
}

/// The review `id` as stored, with its product's name.
fn stored(conn: &mut DbConnection, id: &str) -> Result<Option<Review>, RepoError> {
    let row = reviews::table
        .find(id)
        .select(ReviewRow::as_select())
        .get_result(conn)
        .optional()
        .map_err(storage)?;
    Ok(named(conn, row.into_iter().collect())?.pop())
}

/// The product's visible reviews per star.
fn summary_of(conn: &mut DbConnection, product: &str) -> QueryResult<RatingSummary> {
    let per_star: Vec<(i32, i64)> = reviews::table
        .filter(reviews::product_id.eq(product))
        .filter(reviews::hidden.eq(false))
        .group_by(reviews::rating)
        .select((reviews::rating, count_star()))
        .load(conn)?;
    let mut summary = RatingSummary::default();
    for (rating, count) in per_star {
        if let Some(slot) = usize::try_from(rating - 1)
            .ok()
            .and_then(|i| summary.stars.get_mut(i))
        {
            *slot = u32::try_from(count).unwrap_or(u32::MAX);
        }
    }
    Ok(summary)
}

/// Locks the product's row for the transaction; `false` when there is no such product.
fn lock_product(conn: &mut DbConnection, product: &str) -> QueryResult<bool> {
    diesel::update(products::table.find(product))
        .set(products::reviews.eq(products::reviews))
        .execute(conn)
        .map(|locked| locked > 0)
}

/// Sets the product's rating and count from its visible reviews.
fn set_rating(conn: &mut DbConnection, product: &str) -> QueryResult<()> {
    let summary = summary_of(conn, product)?;
    diesel::update(products::table.find(product))
        .set((
            products::rating_tenths.eq(i32::from(summary.average_tenths())),
            products::reviews.eq(i64::from(summary.count())),
        ))
        .execute(conn)
        .map(drop)
}

/// Sets the product's rating and count, and has the catalogue read afresh.
fn refresh_rating(conn: &mut DbConnection, product: &str) -> QueryResult<()> {
    set_rating(conn, product)?;
    bump_catalog_version(conn).map(drop)
}

/// Inserts `all` as they are (`shop seed`'s reviews) and sets their products' ratings.
pub(crate) fn insert_all(conn: &mut DbConnection, all: &[Review]) -> QueryResult<()> {
    if all.is_empty() {
        return Ok(());
    }
    let rows: Vec<ReviewRow> = all.iter().map(ReviewRow::from_domain).collect();
    let products: BTreeSet<&str> = all.iter().map(|r| r.product_id.as_str()).collect();
    insert_rows!(conn, reviews::table, rows)?;
    for product in products {
        set_rating(conn, product)?;
    }
    bump_catalog_version(conn).map(drop)
}

/// Runs `change` on the review `id` and refreshes its product's rating, in one transaction
/// with the product locked. `NotFound` without the review.
fn change_review(
    conn: &mut DbConnection,
    id: &str,
    change: impl FnOnce(&mut DbConnection) -> QueryResult<usize>,
) -> Result<(), RepoError> {
    write_transaction(conn, |conn| {
        let product: String = reviews::table
            .find(id)
            .select(reviews::product_id)
            .get_result(conn)?;
        lock_product(conn, &product)?;
        if change(conn)? == 0 {
            return Err(diesel::result::Error::NotFound);
        }
        refresh_rating(conn, &product)
    })
    .map_err(storage)
}

fn matching(query: &ReviewQuery) -> reviews::BoxedQuery<'static, MultiBackend> {
    let mut selection = reviews::table.into_boxed();
    if let Some(hidden) = query.hidden {
        selection = selection.filter(reviews::hidden.eq(hidden));
    }
    if let Some(text) = &query.search {
        let pattern = contains_pattern(&text.to_lowercase());
        selection = selection.filter(reviews::search_text.like(pattern).escape('\\'));
    }
    selection
}

#[async_trait]
impl ReviewRepository for Database {
    async fn has_received(&self, user: &UserId, product: &ProductId) -> Result<bool, RepoError> {
        let (user, product) = (user.as_str().to_owned(), product.as_str().to_owned());
        self.run(move |conn| {
            diesel::select(exists(
                orders::table
                    .inner_join(order_lines::table)
                    .filter(orders::user_id.eq(user))
                    .filter(orders::status.eq(OrderStatus::Delivered.as_str()))
                    .filter(order_lines::product_id.eq(product)),
            ))
            .get_result(conn)
            .map_err(storage)
        })
        .await
    }

    async fn save(&self, review: &Review) -> Result<Review, RepoError> {
        let mut row = ReviewRow::from_domain(review);
        self.write(move |conn| {
            write_transaction(conn, |conn| {
                if !lock_product(conn, &row.product_id)? {
                    return Err(diesel::result::Error::NotFound);
                }
                let earlier: Option<(String, bool)> = reviews::table
                    .filter(reviews::product_id.eq(&row.product_id))
                    .filter(reviews::user_id.eq(&row.user_id))
                    .select((reviews::id, reviews::hidden))
                    .get_result(conn)
                    .optional()?;
                match earlier {
                    Some((id, hidden)) => {
                        row.id = id;
                        row.hidden = hidden;
                        diesel::update(reviews::table.find(&row.id))
                            .set((
                                reviews::author.eq(&row.author),
                                reviews::rating.eq(row.rating),
                                reviews::title.eq(&row.title),
                                reviews::body.eq(&row.body),
                                reviews::created_at.eq(row.created_at),
                                reviews::search_text.eq(&row.search_text),
                            ))
                            .execute(conn)?;
                    }
                    None => {
                        diesel::insert_into(reviews::table)
                            .values(&row)
                            .execute(conn)?;
                    }
                }
                refresh_rating(conn, &row.product_id)?;
                Ok(row.id.clone())
            })
            .map_err(storage)?;
            stored(conn, &row.id)?.ok_or(RepoError::NotFound)
        })
        .await
    }

    async fn by_id(&self, id: &ReviewId) -> Result<Option<Review>, RepoError> {
        let id = id.as_str().to_owned();
        self.run(move |conn| stored(conn, &id)).await
    }

    async fn by_author(
        &self,
        product: &ProductId,
        user: &UserId,
    ) -> Result<Option<Review>, RepoError> {
        let (product, user) = (product.as_str().to_owned(), user.as_str().to_owned());
        self.run(move |conn| {
            let row = reviews::table
                .filter(reviews::product_id.eq(product))
                .filter(reviews::user_id.eq(user))
                .select(ReviewRow::as_select())
                .get_result(conn)
                .optional()
                .map_err(storage)?;
            Ok(named(conn, row.into_iter().collect())?.pop())
        })
        .await
    }

    async fn for_product(
        &self,
        product: &ProductId,
        sort: ReviewSort,
        page: Page,
    ) -> Result<(Vec<Review>, u64), RepoError> {
        let product = product.as_str().to_owned();
        self.run(move |conn| {
            let visible = || {
                reviews::table
                    .filter(reviews::product_id.eq(product.clone()))
                    .filter(reviews::hidden.eq(false))
                    .into_boxed::<MultiBackend>()
            };
            let newest = (reviews::created_at.desc(), reviews::id.desc());
            let sorted = match sort {
                ReviewSort::Newest => visible().order(newest),
                ReviewSort::Highest => visible()
                    .order(reviews::rating.desc())
                    .then_order_by(newest),
                ReviewSort::Lowest => visible().order(reviews::rating.asc()).then_order_by(newest),
            };
            let rows = sorted
                .limit(i64::from(page.size))
                .offset(page.offset())
                .select(ReviewRow::as_select())
                .load(conn)
                .map_err(storage)?;
            let total = total_of(Some(page), rows.len(), || {
                visible().count().get_result(conn)
            })?;
            Ok((named(conn, rows)?, total))
        })
        .await
    }

    async fn summary(&self, product: &ProductId) -> Result<RatingSummary, RepoError> {
        let product = product.as_str().to_owned();
        self.run(move |conn| summary_of(conn, &product).map_err(storage))
            .await
    }

    async fn list(&self, query: &ReviewQuery) -> Result<(Vec<Review>, u64), RepoError> {
        let query = query.clone();
        self.run(move |conn| {
            let rows = matching(&query)
                .order((reviews::created_at.desc(), reviews::id.desc()))
                .limit(i64::from(query.page.size))
                .offset(query.page.offset())
                .select(ReviewRow::as_select())
                .load(conn)
                .map_err(storage)?;
            let total = total_of(Some(query.page), rows.len(), || {
                matching(&query).count().get_result(conn)
            })?;
            Ok((named(conn, rows)?, total))
        })
        .await
    }

    async fn set_hidden(&self, id: &ReviewId, hidden: bool) -> Result<(), RepoError> {
        let id = id.as_str().to_owned();
        self.write(move |conn| {
            change_review(conn, &id, |conn| {
                diesel::update(reviews::table.find(&id))
                    .set(reviews::hidden.eq(hidden))
                    .execute(conn)
            })
        })
        .await
    }

    async fn delete(&self, id: &ReviewId) -> Result<(), RepoError> {
        let id = id.as_str().to_owned();
        self.write(move |conn| {
            change_review(conn, &id, |conn| {
                diesel::delete(reviews::table.find(&id)).execute(conn)
            })
        })
        .await
    }
}
