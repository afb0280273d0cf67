//! `ProductRepository`: the catalogue.

use crate::connection::{write_transaction, Backend, DbConnection, MultiBackend};
use crate::listing::{containing_text, escape_like, lower, total_of, IN_LIST_MAX};
use crate::models::{count, EditedProductColumns, ProductRow, SearchCandidateRow};
use crate::schema::{catalog_version, product_variants, products};
use crate::tx::TxError;
use crate::{one_row, prepared, slots, storage, variants, Database};
use async_trait::async_trait;
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool};
use domain::listing::products::{ProductQuery, ProductSort};
use domain::listing::Direction;
use domain::ports::{ProductFilter, ProductRepository, ProductStoreError, RepoError};
use domain::product::{Product, SearchCandidate, StockStatus, LOW_STOCK_MAX};
use domain::product_edit::ProductEdit;
use domain::ProductId;
use std::collections::HashMap;

/// The products a filter selects, unordered and unpaged.
fn matching(filter: &ProductFilter, backend: Backend) -> ProductSelection {
    let mut query = products::table.into_boxed();
    if let Some(category) = filter.category {
        query = query.filter(products::category.eq(category.as_str()));
    }
    if filter.featured_only {
        query = query.filter(products::is_featured.eq(true));
    }
    if let Some(tag) = filter
        .tag
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
    {
        // Both sides lower-cased in Rust, so the match is the same on SQLite (whose LIKE
        // ignores ASCII case) and PostgreSQL (whose LIKE does not).
        let pattern = format!("%,{},%", escape_like(&tag.to_lowercase()));
        query = query.filter(products::tag_keys.like(pattern).escape('\\'));
    }
    if let Some(variant) = &filter.variant {
        use product_variants::{colour, product_id, size, stock};
        let in_stock = product_variants::table.filter(stock.gt(0));
        let colour_key = lower(colour.assume_not_null());
        // Three shapes of one subquery: diesel cannot box a subquery on the multi-backend.
        query = match (variant.size.clone(), variant.colour.clone()) {
            (Some(wanted_size), Some(wanted_colour)) => query.filter(
                products::id.eq_any(
                    in_stock
                        .filter(lower(size).eq(wanted_size))
                        .filter(colour_key.eq(wanted_colour))
                        .select(product_id),
                ),
            ),
            (Some(wanted_size), None) => query.filter(
                products::id.eq_any(
                    in_stock
                        .filter(lower(size).eq(wanted_size))
                        .select(product_id),
                ),
            ),
            (None, Some(wanted_colour)) => query.filter(
                products::id.eq_any(
                    in_stock
                        .filter(colour_key.eq(wanted_colour))
                        .select(product_id),
                ),
            ),
            (None, None) => query,
        };
    }
    if let Some(text) = filter.text.as_deref() {
        query = query.filter(containing(&text.to_lowercase(), backend));
    }
    query
}

/// The products whose name, description, tags or category contain `text` (lower case),
/// through the trigram index of the migration `product_search`.
fn containing(
    text: &str,
    backend: Backend,
) -> Box<dyn BoxableExpression<products::table, MultiBackend, SqlType = Bool>> {
    containing_text(
        "products.id IN (SELECT product_id FROM product_search WHERE ",
        "search_text",
        text,
        ")",
        backend,
    )
}

type ProductSelection = products::BoxedQuery<'static, MultiBackend>;

/// Only the products of this stock status (0 out, 1 to 10 low, above 10 in stock).
fn with_stock(selection: ProductSelection, stock: Option<StockStatus>) -> ProductSelection {
    let low_max = i64::from(LOW_STOCK_MAX);
    match stock {
        None => selection,
        Some(StockStatus::OutOfStock) => selection.filter(products::stock.le(0)),
        Some(StockStatus::LowStock) => selection.filter(products::stock.between(1, low_max)),
        Some(StockStatus::InStock) => selection.filter(products::stock.gt(low_max)),
    }
}

/// The admin's order; ties newest first, then by id, so pages never overlap.
fn sorted_for_admin(selection: ProductSelection, query: &ProductQuery) -> ProductSelection {
    use products::{category, created_at, id, name, price_cents, stock};
    let ascending = query.direction == Direction::Ascending;
    let selection = match (query.sort, ascending) {
        (ProductSort::Name, true) => selection.order(lower(name).asc()),
        (ProductSort::Name, false) => selection.order(lower(name).desc()),
        (ProductSort::Price, true) => selection.order(price_cents.asc()),
        (ProductSort::Price, false) => selection.order(price_cents.desc()),
        (ProductSort::Stock, true) => selection.order(stock.asc()),
        (ProductSort::Stock, false) => selection.order(stock.desc()),
        (ProductSort::Category, true) => selection.order(category.asc()),
        (ProductSort::Category, false) => selection.order(category.desc()),
        (ProductSort::CreatedAt, true) => selection.order(created_at.asc()),
        (ProductSort::CreatedAt, false) => selection.order(created_at.desc()),
    };
    selection.then_order_by((created_at.desc(), id.desc()))
}

/// Tells every process that its cached catalogue replies are stale.
pub(crate) fn bump_catalog_version(conn: &mut DbConnection) -> QueryResult<usize> {
    // Slots count from 0, the rows' ids from 1.
    prepared::execute(
        conn,
        diesel::update(catalog_version::table.find(slots::next() + 1))
            .set(catalog_version::version.eq(catalog_version::version + 1))
            .returning(prepared::row()),
    )
}

/// Runs a catalogue change and bumps the catalogue version in one transaction, so no process
/// can cache the changed data under the old version.
fn catalog_change(
    conn: &mut DbConnection,
    change: impl FnOnce(&mut DbConnection) -> Result<usize, diesel::result::Error>,
) -> Result<(), RepoError> {
    one_row(
        write_transaction(conn, |conn| {
            let rows = change(conn)?;
            if rows > 0 {
                bump_catalog_version(conn)?;
            }
            Ok(rows)
        })
        .map_err(storage),
    )
}

#[async_trait]
impl ProductRepository for Database {
    async fn insert(&self, product: &Product) -> Result<(), ProductStoreError> {
        let row = ProductRow::from_domain(product);
        let grid = variants::new_grid(product);
        self.write(move |conn| {
            write_transaction(conn, |conn| {
                diesel::insert_into(products::table)
                    .values(&row)
                    .execute(conn)?;
                variants::write_grid(conn, &row.id, &grid)?;
                bump_catalog_version(conn)?;
                Ok::<_, TxError<ProductStoreError>>(())
            })
            .map_err(ProductStoreError::from)
        })
        .await
    }

    async fn update(
        &self,
        id: &ProductId,
        edit: &ProductEdit,
    ) -> Result<Product, ProductStoreError> {
        let id = id.as_str().to_owned();
        let columns = EditedProductColumns::of(edit);
        let changes = (columns != EditedProductColumns::default()).then_some(columns);
        let expected = edit.stock.and_then(|stock| stock.expected).map(i64::from);
        let grid = edit.variants.clone();
        self.write(move |conn| {
            write_transaction(conn, |conn| {
                let target = products::table.find(&id);
                let written = match (&changes, expected) {
                    (None, _) => 0,
                    // The stock guard: a sale since the form was opened makes this write nothing.
                    (Some(changes), Some(expected)) => {
                        diesel::update(target.filter(products::stock.eq(expected)))
                            .set(changes)
                            .execute(conn)?
                    }
                    (Some(changes), None) => diesel::update(target).set(changes).execute(conn)?,
                };
                let stored = |conn: &mut DbConnection| {
                    products::table
                        .find(&id)
                        .select(ProductRow::as_select())
                        .get_result(conn)
                        .optional()
                };
                if written == 0 && changes.is_some() {
                    return Err(match stored(conn)? {
                        None => TxError::Store(RepoError::NotFound.into()),
                        Some(row) => TxError::Store(ProductStoreError::StockChanged {
                            now: count(row.stock)?,
                        }),
                    });
                }
                if let Some(grid) = &grid {
                    if stored(conn)?.is_none() {
                        return Err(TxError::Store(RepoError::NotFound.into()));
                    }
                    variants::write_grid(conn, &id, grid)?;
                }
                if written > 0 || grid.is_some() {
                    bump_catalog_version(conn)?;
                }
                let row = stored(conn)?;
                let product = variants::one_with_variants(conn, row)?;
                product.ok_or(TxError::Store(RepoError::NotFound.into()))
            })
            .map_err(ProductStoreError::from)
        })
        .await
    }

    async fn delete(&self, id: &ProductId) -> Result<(), RepoError> {
        let id = id.as_str().to_owned();
        self.write(move |conn| {
            // Cart and wishlist lines go with it (ON DELETE CASCADE); order lines are
            // snapshots without a foreign key.
            catalog_change(conn, |conn| {
                diesel::delete(products::table.find(id)).execute(conn)
            })
        })
        .await
    }

    async fn catalog_version(&self) -> Result<u64, RepoError> {
        self.run(|conn| {
            // SUM of a BIGINT is NUMERIC on PostgreSQL.
            let version: i64 = catalog_version::table
                .select(sql::<BigInt>("CAST(SUM(version) AS BIGINT)"))
                .get_result(conn)
                .map_err(storage)?;
            Ok(u64::try_from(version).unwrap_or_default())
        })
        .await
    }

    async fn by_id(&self, id: &ProductId) -> Result<Option<Product>, RepoError> {
        let id = id.as_str().to_owned();
        self.read_by_key(move |conn| {
            let row = products::table
                .find(id)
                .select(ProductRow::as_select())
                .get_result(conn)
                .optional()
                .map_err(storage)?;
            variants::one_with_variants(conn, row)
        })
        .await
    }

    async fn by_ids(&self, ids: &[ProductId]) -> Result<Vec<Product>, RepoError> {
        let ids: Vec<String> = ids.iter().map(|id| id.as_str().to_owned()).collect();
        self.run(move |conn| {
            let mut rows = Vec::with_capacity(ids.len());
            for slice in ids.chunks(IN_LIST_MAX) {
                rows.extend(
                    products::table
                        .filter(products::id.eq_any(slice))
                        .select(ProductRow::as_select())
                        .load(conn)
                        .map_err(storage)?,
                );
            }
            let position: HashMap<&str, usize> = ids
                .iter()
                .enumerate()
                .map(|(at, id)| (id.as_str(), at))
                .collect();
            rows.sort_by_key(|row| position.get(row.id.as_str()).copied());
            variants::with_variants(conn, rows)
        })
        .await
    }

    async fn search_candidates(
        &self,
        filter: &ProductFilter,
    ) -> Result<Vec<SearchCandidate>, RepoError> {
        let filter = filter.clone();
        let backend = self.inner.backend;
        self.run(move |conn| {
            matching(&filter, backend)
                .select(SearchCandidateRow::as_select())
                .load(conn)
                .map_err(storage)?
                .into_iter()
                .map(SearchCandidateRow::into_domain)
                .collect()
        })
        .await
    }

    async fn admin_list(&self, query: &ProductQuery) -> Result<(Vec<Product>, u64), RepoError> {
        let query = query.clone();
        let filter = ProductFilter {
            category: query.category,
            text: query.search.as_ref().map(|text| text.as_str().to_owned()),
            ..ProductFilter::default()
        };
        let backend = self.inner.backend;
        let selected = move || with_stock(matching(&filter, backend), query.stock);
        self.run(move |conn| {
            let mut selection =
                sorted_for_admin(selected(), &query).select(ProductRow::as_select());
            if let Some(page) = query.page {
                selection = selection.limit(i64::from(page.size)).offset(page.offset());
            }
            let rows = selection.load(conn).map_err(storage)?;
            let total = total_of(query.page, rows.len(), || {
                selected().count().get_result(conn)
            })?;
            Ok((variants::with_variants(conn, rows)?, total))
        })
        .await
    }

    async fn list(&self, filter: &ProductFilter) -> Result<(Vec<Product>, u64), RepoError> {
        if filter.tag.as_deref().is_some_and(|tag| tag.contains(',')) {
            // No tag holds a comma (the domain splits tags on commas).
            return Ok((Vec::new(), 0));
        }
        let filter = filter.clone();
        let backend = self.inner.backend;
        self.run(move |conn| {
            let mut query = matching(&filter, backend)
                .select(ProductRow::as_select())
                .order((products::created_at.desc(), products::id.desc()));
            if let Some(page) = filter.page {
                query = query.limit(i64::from(page.size)).offset(page.offset());
            }
            let rows = query.load(conn).map_err(storage)?;
            let total = total_of(filter.page, rows.len(), || {
                matching(&filter, backend).count().get_result(conn)
            })?;
            Ok((variants::with_variants(conn, rows)?, total))
        })
        .await
    }
}
