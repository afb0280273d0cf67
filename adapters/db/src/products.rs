//! `ProductRepository`: the catalogue.

pub(crate) mod colour_pictures;
mod import;

use crate::connection::{write_transaction, Backend, DbConnection, MultiBackend};
use crate::listing::{containing_text, escape_like, lower, total_of, IN_LIST_MAX};
use crate::models::{count, from_db_time, money, product_id, to_db_time};
use crate::outbox::Unconfigured;
use crate::restock_alerts;
use crate::schema::{catalog_version, product_variants, products};
use crate::tx::TxError;
use crate::{corrupt, one_row, prepared, slots, storage, variants, Database};
use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool};
use domain::listing::products::{ProductQuery, ProductSort};
use domain::listing::Direction;
use domain::ports::{
    ImportStoreError, ProductFilter, ProductRepository, ProductStoreError, RepoError,
};
use domain::product::colour_pictures::ColourPictures;
use domain::product::{
    Category, Product, ProductImage, SearchCandidate, StockStatus, LOW_STOCK_MAX,
};
use domain::product_edit::ProductEdit;
use domain::product_sheet::import::ProductWrite;
use domain::stock::StockFollowUp;
use domain::{Money, Percent, ProductId};
use std::collections::HashMap;

/// The tags as the filter sees them: lower-cased, each between commas (`,new,summer,`).
/// Tags never contain commas (the domain splits on them).
fn tag_keys(tags: &[String]) -> String {
    let mut keys = String::from(",");
    for tag in tags {
        keys.push_str(&tag.to_lowercase());
        keys.push(',');
    }
    keys
}

fn to_json(list: &[String]) -> String {
    serde_json::Value::from(list.to_vec()).to_string()
}

fn from_json(what: &str, raw: &str) -> Result<Vec<String>, RepoError> {
    serde_json::from_str(raw).map_err(|_| corrupt(what, raw))
}

/// `None` is inserted as `NULL`, not `DEFAULT` (the same here), so that diesel can insert
/// many rows in one statement on SQLite too (bulk.rs).
#[derive(Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = products, treat_none_as_null = true, treat_none_as_default_value = false)]
pub(crate) struct ProductRow {
    id: String,
    name: String,
    description: String,
    category: String,
    tags: String,
    tag_keys: String,
    price_cents: i64,
    discount: i32,
    original_price_cents: Option<i64>,
    image_full: Option<String>,
    image_thumb: Option<String>,
    gallery: String,
    colour_pictures: String,
    rating_tenths: i32,
    reviews: i64,
    stock: i64,
    is_featured: bool,
    created_at: NaiveDateTime,
}

/// The columns an admin's edit sets (`ProductEdit`); `None` leaves a column as it is.
#[derive(Debug, Default, PartialEq, AsChangeset)]
#[diesel(table_name = products)]
struct EditedProductColumns {
    name: Option<String>,
    description: Option<String>,
    category: Option<&'static str>,
    tags: Option<String>,
    tag_keys: Option<String>,
    price_cents: Option<i64>,
    discount: Option<i32>,
    /// `Some(None)` clears it.
    original_price_cents: Option<Option<i64>>,
    image_full: Option<String>,
    image_thumb: Option<String>,
    gallery: Option<String>,
    stock: Option<i64>,
    is_featured: Option<bool>,
}

impl EditedProductColumns {
    fn of(edit: &ProductEdit) -> Self {
        Self {
            name: edit.name.clone(),
            description: edit.description.clone(),
            category: edit.category.map(Category::as_str),
            tags: edit.tags.as_deref().map(to_json),
            tag_keys: edit.tags.as_deref().map(tag_keys),
            price_cents: edit.price.map(Money::cents),
            discount: edit.discount.map(|d| i32::from(d.value())),
            original_price_cents: edit.clears_stated_original_price.then_some(None),
            image_full: edit.image.as_ref().map(|i| i.full.clone()),
            image_thumb: edit.image.as_ref().map(|i| i.thumbnail.clone()),
            gallery: edit
                .image
                .as_ref()
                .map(|i| to_json(std::slice::from_ref(&i.full))),
            stock: edit.stock.map(|s| i64::from(s.to)),
            is_featured: edit.is_featured,
        }
    }
}

impl ProductRow {
    pub(crate) fn from_domain(product: &Product) -> Self {
        Self {
            id: product.id.as_str().to_owned(),
            name: product.name.clone(),
            description: product.description.clone(),
            category: product.category.as_str().to_owned(),
            tags: to_json(&product.tags),
            tag_keys: tag_keys(&product.tags),
            price_cents: product.price.cents(),
            discount: i32::from(product.discount.value()),
            original_price_cents: product.stated_original_price.map(Money::cents),
            image_full: product.image.as_ref().map(|i| i.full.clone()),
            image_thumb: product.image.as_ref().map(|i| i.thumbnail.clone()),
            gallery: to_json(&product.gallery),
            colour_pictures: colour_pictures::to_json(&product.colour_pictures),
            rating_tenths: i32::from(product.rating_tenths),
            reviews: i64::from(product.reviews),
            stock: i64::from(product.stock),
            is_featured: product.is_featured,
            created_at: to_db_time(product.created_at),
        }
    }

    fn into_domain(self) -> Result<Product, RepoError> {
        let image = match (self.image_full, self.image_thumb) {
            (Some(full), Some(thumbnail)) => Some(ProductImage { full, thumbnail }),
            (None, None) => None,
            _ => return Err(corrupt("product image", &self.id)),
        };
        Ok(Product {
            id: product_id(&self.id)?,
            name: self.name,
            description: self.description,
            category: Category::parse(&self.category)
                .ok_or_else(|| corrupt("category", &self.category))?,
            tags: from_json("tags", &self.tags)?,
            price: money(self.price_cents)?,
            discount: u8::try_from(self.discount)
                .ok()
                .and_then(Percent::new)
                .ok_or_else(|| corrupt("discount", self.discount))?,
            stated_original_price: self.original_price_cents.map(money).transpose()?,
            image,
            gallery: from_json("gallery", &self.gallery)?,
            colour_pictures: colour_pictures::from_json(&self.colour_pictures)?,
            rating_tenths: u8::try_from(self.rating_tenths)
                .map_err(|_| corrupt("rating", self.rating_tenths))?,
            reviews: count(self.reviews)?,
            stock: count(self.stock)?,
            // Read by `variants::with_variants`.
            variants: Vec::new(),
            is_featured: self.is_featured,
            created_at: from_db_time(self.created_at),
        })
    }
}

/// The products of `rows`, without their variants yet (`variants::with_variants` reads them).
pub(crate) fn into_products(rows: Vec<ProductRow>) -> Result<Vec<Product>, RepoError> {
    rows.into_iter().map(ProductRow::into_domain).collect()
}

/// The columns search ranks by (`SearchCandidate`).
#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = products)]
struct SearchCandidateRow {
    id: String,
    name: String,
    description: String,
    category: String,
    tags: String,
    price_cents: i64,
    created_at: NaiveDateTime,
}

impl SearchCandidateRow {
    fn into_domain(self) -> Result<SearchCandidate, RepoError> {
        Ok(SearchCandidate {
            id: product_id(&self.id)?,
            name: self.name,
            description: self.description,
            category: Category::parse(&self.category)
                .ok_or_else(|| corrupt("category", &self.category))?,
            tags: from_json("tags", &self.tags)?,
            price: money(self.price_cents)?,
            created_at: from_db_time(self.created_at),
        })
    }
}

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

/// Stores a new product with its sizes (`ProductRepository::insert`) in the caller's
/// transaction.
fn insert_product(
    conn: &mut DbConnection,
    product: &Product,
) -> Result<(), TxError<ProductStoreError>> {
    let row = ProductRow::from_domain(product);
    diesel::insert_into(products::table)
        .values(&row)
        .execute(conn)?;
    variants::write_grid(conn, &row.id, &variants::new_grid(product))?;
    Ok(())
}

/// When an edit is written, and which channels its messages skip: stock it brings back
/// answers the shoppers waiting for it (`restock_alerts::answer`).
pub(crate) type Answering = (NaiveDateTime, Unconfigured);

/// The time and channels of an edit written `at`.
fn answering(db: &Database, at: DateTime<Utc>) -> Answering {
    (to_db_time(at), db.unconfigured_channels())
}

/// Writes `edit` to product `id` (`ProductRepository::update`) in the caller's transaction:
/// the product as stored then, and whether anything was written.
fn update_product(
    conn: &mut DbConnection,
    id: &ProductId,
    edit: &ProductEdit,
    (at, unconfigured): Answering,
) -> Result<(Product, bool), TxError<ProductStoreError>> {
    let id = id.as_str();
    let columns = EditedProductColumns::of(edit);
    let changes = (columns != EditedProductColumns::default()).then_some(columns);
    let expected = edit.stock.and_then(|stock| stock.expected).map(i64::from);
    let target = products::table.find(id);
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
            .find(id)
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
    if let Some(grid) = &edit.variants {
        if stored(conn)?.is_none() {
            return Err(TxError::Store(RepoError::NotFound.into()));
        }
        variants::write_grid(conn, id, grid)?;
    }
    if edit.follow_up() == Some(StockFollowUp::AnswerWaiting) {
        restock_alerts::answer(conn, [id], at, unconfigured)?;
    }
    let row = stored(conn)?;
    let product = variants::one_with_variants(conn, row.map(ProductRow::into_domain).transpose()?)?;
    let product = product.ok_or(TxError::Store(RepoError::NotFound.into()))?;
    Ok((product, written > 0 || edit.variants.is_some()))
}

#[async_trait]
impl ProductRepository for Database {
    async fn insert(&self, product: &Product) -> Result<(), ProductStoreError> {
        let product = product.clone();
        self.write(move |conn| {
            write_transaction(conn, |conn| {
                insert_product(conn, &product)?;
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
        at: DateTime<Utc>,
    ) -> Result<Product, ProductStoreError> {
        let id = id.clone();
        let edit = edit.clone();
        let answering = answering(self, at);
        self.write(move |conn| {
            write_transaction(conn, |conn| {
                let (product, changed) = update_product(conn, &id, &edit, answering)?;
                if changed {
                    bump_catalog_version(conn)?;
                }
                Ok::<_, TxError<ProductStoreError>>(product)
            })
            .map_err(ProductStoreError::from)
        })
        .await
    }

    async fn import(
        &self,
        writes: &[ProductWrite],
        at: DateTime<Utc>,
    ) -> Result<Vec<Product>, ImportStoreError> {
        let writes = writes.to_vec();
        let answering = answering(self, at);
        self.write(move |conn| import::import(conn, &writes, answering))
            .await
    }

    async fn set_colour_pictures(
        &self,
        id: &ProductId,
        expected: &ColourPictures,
        new: &ColourPictures,
    ) -> Result<(), RepoError> {
        self.write_colour_pictures(id, expected, new).await
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
            variants::one_with_variants(conn, row.map(ProductRow::into_domain).transpose()?)
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
            variants::with_variants(conn, into_products(rows)?)
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
            Ok((variants::with_variants(conn, into_products(rows)?)?, total))
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
            Ok((variants::with_variants(conn, into_products(rows)?)?, total))
        })
        .await
    }
}
