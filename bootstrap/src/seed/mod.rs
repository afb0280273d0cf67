//! `shop seed`: fills a database with a large, realistic shop for benchmarks (`make bench`):
//! products over women, kids and sales with tags, discounts, featured items,
//! sizes and colours, a spread of stock and pictures ([`catalogue`]); customers
//! ([`customers`]); the year's discount codes ([`discounts`]); a year of orders in every
//! status ([`orders`]), some with a code, and some delivered orders' returns ([`returns`])
//! and reviews ([`reviews`]), which alone make the products' ratings.
//!
//! Every order keeps the domain's rules: its lines snapshot a product (and the size bought)
//! that existed when it was placed, its total is the sum of its lines less its code's
//! discount plus the shop's shipping fee (none with free shipping), a code's uses are those
//! of its orders that stand, revenue comes from paid orders that were not canceled, a canceled order's
//! stock is back on the shelf (a product's stock, and each size's, is what is left after all
//! orders; a product with sizes holds the sum of theirs), and a shopper has at most one order
//! whose payment is still unconfirmed. Rows go in through shop-db's bulk loader, a few
//! thousand per transaction, not through the one-order-at-a-time repositories.
//!
//! The contents are drawn from a fixed seed, so the same command makes the same shop; ids
//! (and the customers' e-mail addresses) are new on every run, so a `--force` run adds to a
//! shop without colliding with an earlier one.

mod catalogue;
mod customers;
mod discounts;
mod notifications;
mod orders;
mod returns;
mod reviews;
#[cfg(test)]
mod tests;

#[cfg(test)]
pub(crate) use catalogue::{KIDS_SIZES, WOMEN_SIZES};

use crate::config::{SeedArgs, Settings};
use crate::pictures;
use crate::system::SystemClock;
use crate::wiring::default_settings;
use anyhow::Context;
use chrono::{DateTime, Duration, Utc};
use discounts::SaleCodes;
use domain::order::Order;
use domain::ports::{
    Clock, ImageStore, Page, PasswordHasher, ProductFilter, ProductRepository, SettingsRepository,
};
use domain::product::{Product, StockStatus};
use domain::returns::{Return, ReturnStatus};
use domain::settings::ShopSettings;
use domain::Money;
use indicatif::{ProgressBar, ProgressStyle};
use orders::OrderBook;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use shop_auth::Argon2Hasher;
use shop_db::Database;
use shop_images::FsImageStore;
use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::time::{Duration as Took, Instant};

/// The password of every seeded customer.
pub const CUSTOMER_PASSWORD: &str = "shopper123";

/// Pictures drawn per kind of garment, each in its own colour, and shared by all products
/// of that kind and colour (drawing 10,000 would take minutes).
const PICTURES_PER_GARMENT: u32 = 2;

/// Products, customers or orders per transaction: large enough that transactions cost
/// nothing, small enough that the progress bar moves and memory stays small.
const PER_TRANSACTION: usize = 5_000;

/// The seed of the contents: the same command makes the same shop.
const CONTENTS_SEED: u64 = 2026;

/// Products and customers appear over the last 400 days; orders over the last year, so the
/// oldest orders already find some of both.
const CATALOGUE_DAYS: i64 = 400;
const ORDER_DAYS: i64 = 365;
/// Products this young carry the tag `new`.
const NEW_DAYS: i64 = 30;

/// How much of the shop to make; `force` seeds a database that already has products.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeedPlan {
    pub products: u32,
    pub orders: u32,
    pub users: u32,
    /// How many pictures (each in its own colour) are drawn per kind of garment (at least
    /// one).
    pub pictures: u32,
    pub force: bool,
}

impl From<&SeedArgs> for SeedPlan {
    fn from(args: &SeedArgs) -> Self {
        Self {
            products: args.products,
            orders: args.orders,
            users: args.users,
            pictures: PICTURES_PER_GARMENT,
            force: args.force,
        }
    }
}

/// What a seed made, and how long each step took.
#[derive(Debug, Default)]
pub struct Seeded {
    pub pictures: u64,
    pub products: u64,
    pub by_category: BTreeMap<&'static str, u64>,
    pub featured: u64,
    pub out_of_stock: u64,
    pub low_stock: u64,
    /// Products that come in sizes, and their sizes (a size in two colours counts twice).
    pub sized_products: u64,
    pub sizes: u64,
    pub sold_out_sizes: u64,
    /// Sizes with 1 to `catalogue::LOW_SIZE_MAX` left.
    pub low_sizes: u64,
    pub customers: u64,
    pub first_email: Option<String>,
    pub last_email: Option<String>,
    pub orders: u64,
    pub order_lines: u64,
    /// Lines of products with sizes: each names the size bought.
    pub sized_lines: u64,
    /// Orders with a discount code, and what the codes took off their merchandise.
    pub with_code: u64,
    pub discounted: Money,
    pub by_status: BTreeMap<&'static str, u64>,
    pub by_payment: BTreeMap<&'static str, u64>,
    /// Returns by status, and what the refunded ones gave back.
    pub returns_by_status: BTreeMap<&'static str, u64>,
    pub refunded: Money,
    /// Reviews written, and how many products they rate.
    pub reviews: u64,
    /// The messages the orders sent.
    pub notifications: u64,
    pub reviewed_products: u64,
    pub steps: Vec<(&'static str, Took)>,
}

/// `shop seed`: opens the database the settings name and seeds it, with a progress bar.
pub async fn run(settings: &Settings, args: &SeedArgs) -> anyhow::Result<()> {
    let started = Instant::now();
    std::fs::create_dir_all(&settings.data_dir)
        .with_context(|| format!("creating {}", settings.data_dir.display()))?;
    let database = Database::connect(&settings.database_url())
        .await
        .map_err(|e| anyhow::anyhow!("cannot open the database: {e}"))?;
    let shop_settings = match database.get().await.map_err(|e| anyhow::anyhow!("{e}"))? {
        Some(saved) => saved,
        None => default_settings(settings)?,
    };
    let images = FsImageStore::new(settings.uploads_dir(), "/uploads");
    let plan = SeedPlan::from(args);
    let progress =
        ProgressBar::new(u64::from(plan.products) + u64::from(plan.users) + u64::from(plan.orders));
    progress.set_style(
        ProgressStyle::with_template("{msg:<22} [{bar:40}] {human_pos}/{human_len} {elapsed}")
            .context("progress bar template")?
            .progress_chars("=> "),
    );
    let seeded = seed(
        &database,
        &images,
        &Argon2Hasher::new(),
        &shop_settings,
        &plan,
        &progress,
    )
    .await?;
    progress.finish_and_clear();
    println!(
        "Seeded the {} database in {:.1} s:\n{seeded}",
        database.backend_name(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Seeds `database` as `plan` says, storing the pictures in `images`. Refuses a database
/// that has products unless `plan.force`.
pub async fn seed(
    database: &Database,
    images: &dyn ImageStore,
    hasher: &dyn PasswordHasher,
    shop_settings: &ShopSettings,
    plan: &SeedPlan,
    progress: &ProgressBar,
) -> anyhow::Result<Seeded> {
    anyhow::ensure!(
        plan.orders == 0 || (plan.products > 0 && plan.users > 0),
        "orders need products and customers: give --products and --users too"
    );
    let (_, existing) = database
        .list(&ProductFilter {
            page: Some(Page { number: 1, size: 1 }),
            ..ProductFilter::default()
        })
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    anyhow::ensure!(
        existing == 0 || plan.force,
        "the database already has {existing} products: seed a fresh database, or give \
         --force to add the generated shop to it"
    );

    let now = SystemClock.now();
    let mut rng = StdRng::seed_from_u64(CONTENTS_SEED);
    let mut seeded = Seeded::default();

    let mut step = Instant::now();
    let mut took = |seeded: &mut Seeded, name: &'static str| {
        seeded.steps.push((name, step.elapsed()));
        step = Instant::now();
    };

    // The demo's zones, which the customers' addresses are in.
    crate::demo::zones::seed(database).await?;
    progress.set_message("drawing pictures");
    let looks = catalogue::looks(plan.pictures.max(1));
    let drawn = pictures::draw_all(images, &looks).await?;
    let pictures = catalogue::Pictures::new(looks, drawn);
    seeded.pictures = pictures.len() as u64;
    took(&mut seeded, "pictures");
    progress.set_message("products");
    // SKUs are unique in the shop: a `--force` run keeps clear of the ones there already.
    let mut skus = if existing == 0 {
        HashSet::new()
    } else {
        database
            .skus_in_use()
            .await
            .map_err(|e| anyhow::anyhow!("reading the SKUs in use: {e}"))?
    };
    let products = catalogue::products(&mut rng, plan.products, &pictures, &mut skus, now);
    for chunk in products.chunks(PER_TRANSACTION) {
        database
            .bulk_insert_products(chunk)
            .await
            .map_err(|e| anyhow::anyhow!("inserting products: {e}"))?;
        progress.inc(chunk.len() as u64);
    }
    for product in &products {
        seeded.count_product(product);
    }
    took(&mut seeded, "products");

    progress.set_message("hashing the password");
    // One hash for every customer: argon2 is slow on purpose (tens of milliseconds each),
    // and the customers all have the same password anyway.
    let password_hash = hasher
        .hash(CUSTOMER_PASSWORD)
        .await
        .map_err(|e| anyhow::anyhow!("hashing the customers' password: {e}"))?;
    took(&mut seeded, "password hash");
    progress.set_message("customers");
    let customers = customers::customers(&mut rng, plan.users, &password_hash, now);
    for chunk in customers.chunks(PER_TRANSACTION) {
        database
            .bulk_insert_users(chunk.iter().map(|c| &c.user))
            .await
            .map_err(|e| anyhow::anyhow!("inserting customers: {e}"))?;
        progress.inc(chunk.len() as u64);
    }
    seeded.customers = customers.len() as u64;
    seeded.first_email = customers.first().map(|c| c.user.email_text().to_owned());
    seeded.last_email = customers.last().map(|c| c.user.email_text().to_owned());
    took(&mut seeded, "customers");

    progress.set_message("orders");
    let codes = SaleCodes::new(now);
    let mut new_codes = Vec::new();
    for code in codes.all() {
        // A `--force` run counts its orders' uses on the codes an earlier run made.
        if domain::ports::DiscountRepository::by_code(database, &code.code)
            .await
            .map_err(|e| anyhow::anyhow!("reading discount codes: {e}"))?
            .is_none()
        {
            new_codes.push(code);
        }
    }
    database
        .bulk_insert_discounts(&new_codes)
        .await
        .map_err(|e| anyhow::anyhow!("inserting discount codes: {e}"))?;
    let mut orders = OrderBook::new(&products, &customers, shop_settings.shipping_fee, &codes);
    // Returns draw from a stream of their own, so the orders are the same with or without.
    let mut returns_rng = StdRng::seed_from_u64(CONTENTS_SEED + 1);
    let mut reviews_rng = StdRng::seed_from_u64(CONTENTS_SEED + 2);
    let mut review_book = reviews::ReviewBook::default();
    let mut reviewed: HashSet<domain::ProductId> = HashSet::new();
    let times = orders::order_times(&mut rng, plan.orders, now);
    for (chunk_start, chunk) in (0..)
        .step_by(PER_TRANSACTION)
        .zip(times.chunks(PER_TRANSACTION))
    {
        let mut placed: Vec<Order> = chunk
            .iter()
            .enumerate()
            .map(|(i, &placed_at)| {
                let newest_first = times.len() - 1 - (chunk_start + i);
                orders.order(&mut rng, placed_at, now, newest_first)
            })
            .collect();
        let sent_back = returns::returns_of(&mut returns_rng, &mut placed, now);
        for order in &placed {
            seeded.count_order(order);
        }
        for r in &sent_back {
            seeded.count_return(r);
        }
        database
            .bulk_insert_orders(&mut placed)
            .await
            .map_err(|e| anyhow::anyhow!("inserting orders: {e}"))?;
        database
            .bulk_insert_returns(&sent_back)
            .await
            .map_err(|e| anyhow::anyhow!("inserting returns: {e}"))?;
        let sent = notifications::notifications_of(&placed, shop_settings, now);
        seeded.notifications += sent.len() as u64;
        database
            .bulk_insert_notifications(&sent)
            .await
            .map_err(|e| anyhow::anyhow!("inserting notifications: {e}"))?;
        let written = review_book.reviews_of(&mut reviews_rng, &placed, now);
        seeded.reviews += written.len() as u64;
        reviewed.extend(written.iter().map(|r| r.product_id.clone()));
        database
            .bulk_insert_reviews(&written)
            .await
            .map_err(|e| anyhow::anyhow!("inserting reviews: {e}"))?;
        progress.inc(chunk.len() as u64);
    }
    seeded.reviewed_products = reviewed.len() as u64;
    took(&mut seeded, "orders");
    Ok(seeded)
}

/// Weighted choices: the weights of a table add up to 100.
fn pick<T: Copy>(rng: &mut StdRng, table: &[(u32, T)]) -> T {
    let mut roll = rng.gen_range(0..100);
    for &(weight, value) in table {
        if roll < weight {
            return value;
        }
        roll -= weight;
    }
    table[table.len() - 1].1
}

/// The `index`-th of `count` moments spread evenly over the `days` before `now`, oldest
/// first (the first is exactly `days` ago).
fn spread(now: DateTime<Utc>, days: i64, index: u32, count: u32) -> DateTime<Utc> {
    let span = Duration::days(days).num_seconds();
    let offset = span * i64::from(index) / i64::from(count.max(1));
    now - Duration::seconds(span - offset)
}

// ---------------------------------------------------------------------------------------
// the report

impl Seeded {
    fn count_product(&mut self, product: &Product) {
        self.products += 1;
        *self
            .by_category
            .entry(product.category.as_str())
            .or_default() += 1;
        self.featured += u64::from(product.is_featured);
        match product.stock_status() {
            StockStatus::OutOfStock => self.out_of_stock += 1,
            StockStatus::LowStock => self.low_stock += 1,
            StockStatus::InStock => {}
        }
        if !product.variants.is_empty() {
            self.sized_products += 1;
            self.sizes += product.variants.len() as u64;
        }
        for variant in &product.variants {
            match variant.stock {
                0 => self.sold_out_sizes += 1,
                1..=catalogue::LOW_SIZE_MAX => self.low_sizes += 1,
                _ => {}
            }
        }
    }

    fn count_order(&mut self, order: &Order) {
        self.orders += 1;
        self.order_lines += order.lines.len() as u64;
        self.sized_lines += order.lines.iter().filter(|l| l.variant.is_some()).count() as u64;
        if let Some(used) = &order.discount {
            self.with_code += 1;
            self.discounted = self.discounted + used.amount;
        }
        *self.by_status.entry(order.status.as_str()).or_default() += 1;
        *self
            .by_payment
            .entry(order.payment_status.as_str())
            .or_default() += 1;
    }

    fn count_return(&mut self, r: &Return) {
        *self.returns_by_status.entry(r.status.as_str()).or_default() += 1;
        if r.status == ReturnStatus::Refunded {
            self.refunded = self.refunded + r.refund_amount;
        }
    }

    /// Sizes per product that comes in sizes.
    pub fn sizes_per_sized_product(&self) -> f64 {
        self.sizes as f64 / self.sized_products.max(1) as f64
    }
}

fn counts(counts: &BTreeMap<&'static str, u64>) -> String {
    counts
        .iter()
        .map(|(name, count)| format!("{name} {count}"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for Seeded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "  {} products ({}; {} featured, {} out of stock, {} low), {} pictures",
            self.products,
            counts(&self.by_category),
            self.featured,
            self.out_of_stock,
            self.low_stock,
            self.pictures
        )?;
        writeln!(
            f,
            "  {} sizes over {} products with sizes ({:.1} each; {} sold out, {} with {} or \
             fewer left)",
            self.sizes,
            self.sized_products,
            self.sizes_per_sized_product(),
            self.sold_out_sizes,
            self.low_sizes,
            catalogue::LOW_SIZE_MAX
        )?;
        match (&self.first_email, &self.last_email) {
            (Some(first), Some(last)) => writeln!(
                f,
                "  {} customers: {first} … {last}, password {CUSTOMER_PASSWORD}",
                self.customers
            )?,
            _ => writeln!(f, "  no customers")?,
        }
        writeln!(
            f,
            "  {} orders with {} lines, {} of them for a size (status: {}; payment: {})",
            self.orders,
            self.order_lines,
            self.sized_lines,
            counts(&self.by_status),
            counts(&self.by_payment)
        )?;
        writeln!(
            f,
            "  {} orders with a discount code, {} taken off",
            self.with_code, self.discounted
        )?;
        writeln!(
            f,
            "  {} reviews of {} products",
            self.reviews, self.reviewed_products
        )?;
        writeln!(f, "  {} messages sent", self.notifications)?;
        writeln!(
            f,
            "  {} returns ({}), {} refunded",
            self.returns_by_status.values().sum::<u64>(),
            counts(&self.returns_by_status),
            self.refunded
        )?;
        let steps: Vec<String> = self
            .steps
            .iter()
            .map(|(name, took)| format!("{name} {:.1} s", took.as_secs_f64()))
            .collect();
        write!(f, "  steps: {}", steps.join(", "))
    }
}
