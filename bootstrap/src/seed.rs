//! `shop seed`: fills a database with a large, realistic shop for benchmarks (DESIGN.md
//! section 6): products over women, kids and sales with tags, discounts, featured items, a
//! spread of stock and pictures; customers; a year of orders in every status.
//!
//! Every order keeps the domain's rules: its lines snapshot a product that existed when it
//! was placed, its total is the sum of its lines plus the shop's shipping fee, revenue comes
//! from paid orders that were not canceled, a canceled order's stock is back on the shelf
//! (a product's stock is what is left after all orders), and a shopper has at most one order
//! whose payment is still unconfirmed. Rows go in through shop-db's bulk loader, a few
//! thousand per transaction, not through the one-order-at-a-time repositories.
//!
//! The contents are drawn from a fixed seed, so the same command makes the same shop; ids
//! (and the customers' e-mail addresses) are new on every run, so a `--force` run adds to a
//! shop without colliding with an earlier one.

use crate::config::{SeedArgs, Settings};
use crate::system::{RandomIds, SystemClock};
use crate::wiring::default_settings;
use anyhow::Context;
use chrono::{DateTime, Duration, Utc};
use domain::checkout::{MobileNumber, ShippingAddress};
use domain::order::{Order, OrderLine, OrderStatus, PaymentStatus, PAYMENT_METHOD_EVC_PLUS};
use domain::ports::{
    Clock, IdGenerator, ImageStore, Page, PasswordHasher, ProductFilter, ProductRepository,
    SettingsRepository,
};
use domain::product::{Category, Product, ProductImage, StockStatus};
use domain::user::{Email, Role, User};
use domain::{Money, OrderId, Percent, ProductId, UserId};
use indicatif::{ProgressBar, ProgressStyle};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use shop_auth::Argon2Hasher;
use shop_db::Database;
use shop_images::{demo_picture, FsImageStore};
use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::time::{Duration as Took, Instant};

/// The password of every seeded customer.
pub const CUSTOMER_PASSWORD: &str = "shopper123";

/// Pictures drawn once and shared by all products (drawing 10,000 would take minutes).
const PICTURES: u32 = 12;

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
    /// How many different pictures the products share (at least one).
    pub pictures: u32,
    pub force: bool,
}

impl From<&SeedArgs> for SeedPlan {
    fn from(args: &SeedArgs) -> Self {
        Self {
            products: args.products,
            orders: args.orders,
            users: args.users,
            pictures: PICTURES,
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
    pub customers: u64,
    pub first_email: Option<String>,
    pub last_email: Option<String>,
    pub orders: u64,
    pub order_lines: u64,
    pub by_status: BTreeMap<&'static str, u64>,
    pub by_payment: BTreeMap<&'static str, u64>,
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
    let shipping_fee = match database.get().await.map_err(|e| anyhow::anyhow!("{e}"))? {
        Some(saved) => saved.shipping_fee,
        None => default_settings(settings)?.shipping_fee,
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
        shipping_fee,
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
    shipping_fee: Money,
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

    progress.set_message("drawing pictures");
    let pictures = pictures(images, plan.pictures.max(1)).await?;
    seeded.pictures = pictures.len() as u64;
    took(&mut seeded, "pictures");
    progress.set_message("products");
    let products = products(&mut rng, plan.products, &pictures, now);
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
    let customers = customers(&mut rng, plan.users, &password_hash, now);
    for chunk in customers.chunks(PER_TRANSACTION) {
        database
            .bulk_insert_users(chunk.iter().map(|c| &c.user))
            .await
            .map_err(|e| anyhow::anyhow!("inserting customers: {e}"))?;
        progress.inc(chunk.len() as u64);
    }
    seeded.customers = customers.len() as u64;
    seeded.first_email = customers.first().map(|c| c.user.email.to_string());
    seeded.last_email = customers.last().map(|c| c.user.email.to_string());
    took(&mut seeded, "customers");

    progress.set_message("orders");
    let mut orders = OrderBook {
        products: &products,
        customers: &customers,
        shipping_fee,
        awaiting_payment: HashSet::new(),
    };
    let times = order_times(&mut rng, plan.orders, now);
    for (chunk_start, chunk) in (0..)
        .step_by(PER_TRANSACTION)
        .zip(times.chunks(PER_TRANSACTION))
    {
        let placed: Vec<Order> = chunk
            .iter()
            .enumerate()
            .map(|(i, &placed_at)| {
                let newest_first = times.len() - 1 - (chunk_start + i);
                orders.order(&mut rng, placed_at, now, newest_first)
            })
            .collect();
        for order in &placed {
            seeded.count_order(order);
        }
        database
            .bulk_insert_orders(&placed)
            .await
            .map_err(|e| anyhow::anyhow!("inserting orders: {e}"))?;
        progress.inc(chunk.len() as u64);
    }
    took(&mut seeded, "orders");
    Ok(seeded)
}

/// `count` demo pictures, drawn and stored once each. All are drawn at once, on the
/// blocking pool: each is a fraction of a second of CPU.
async fn pictures(images: &dyn ImageStore, count: u32) -> anyhow::Result<Vec<ProductImage>> {
    let drawings: Vec<_> = (1..=count)
        .map(|seed| tokio::task::spawn_blocking(move || demo_picture(seed, None)))
        .collect();
    let mut stored = Vec::with_capacity(drawings.len());
    for drawing in drawings {
        let png = drawing.await.context("drawing a picture")?;
        stored.push(
            images
                .store(png)
                .await
                .map_err(|e| anyhow::anyhow!("storing a picture: {e}"))?,
        );
    }
    Ok(stored)
}

// ---------------------------------------------------------------------------------------
// products

/// A kind of garment: its name, its own tags and its price range in whole dollars.
type Garment = (&'static str, &'static str, u32, u32);

const WOMEN: &[Garment] = &[
    ("Wrap Dress", "dress", 25, 60),
    ("Maxi Dress", "dress", 30, 70),
    ("Abaya", "abaya", 40, 90),
    ("Jilbab", "jilbab", 30, 65),
    ("Hijab Set", "hijab", 12, 30),
    ("Guntiino", "traditional", 25, 55),
    ("Dirac", "traditional", 30, 75),
    ("Midi Skirt", "skirt", 20, 40),
    ("Wide Trousers", "trousers,work", 25, 45),
    ("Blouse", "top,work", 18, 35),
    ("Jersey Top", "top,basics", 10, 20),
    ("Cardigan", "knit", 25, 45),
    ("Kaftan", "kaftan,summer", 22, 40),
    ("Shawl", "shawl", 10, 25),
    ("Sandals", "shoes", 20, 40),
    ("Clutch", "bag,evening", 18, 35),
    ("Tote Bag", "bag", 15, 30),
];

const KIDS: &[Garment] = &[
    ("Party Dress", "dress,party", 20, 40),
    ("Shirt and Shorts Set", "set", 15, 30),
    ("Hoodie", "hoodie,basics", 15, 25),
    ("Romper Trio", "baby,basics", 12, 22),
    ("Kameez Set", "traditional,eid", 20, 35),
    ("Abaya", "abaya,eid", 18, 32),
    ("Denim Jacket", "jacket,denim", 20, 35),
    ("Canvas Sneakers", "shoes", 12, 25),
    ("Leggings Pack", "basics", 8, 15),
    ("Sun Hat", "summer", 6, 12),
    ("Pajama Set", "sleepwear", 10, 20),
    ("Cargo Shorts", "shorts,summer", 10, 18),
    ("School Backpack", "bag,school", 12, 25),
];

const MATERIALS: &[&str] = &[
    "Linen",
    "Silk",
    "Cotton",
    "Chiffon",
    "Satin",
    "Velvet",
    "Embroidered",
    "Printed",
    "Pleated",
    "Floral",
    "Striped",
    "Beaded",
    "Lace",
    "Knit",
];

const COLOURS: &[&str] = &[
    "Ivory", "Sand", "Teal", "Saffron", "Indigo", "Rose", "Emerald", "Charcoal", "Coral", "Olive",
    "Plum", "Sky Blue",
];

const OCCASIONS: &[&str] = &["summer", "evening", "eid", "work", "party", "everyday"];

const FINISHES: &[&str] = &[
    "cut for hot afternoons",
    "with hand-finished edges",
    "soft, breathable and easy to wash",
    "made for celebrations",
    "with a relaxed fit",
    "lined for comfort",
    "that moves beautifully",
];

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

/// How much is left on the shelf: some sold out, some nearly (SPEC.md's "only a few left"),
/// most plenty.
#[derive(Debug, Clone, Copy)]
enum Shelf {
    Empty,
    Low,
    Plenty,
}

fn stock(rng: &mut StdRng) -> u32 {
    match pick(
        rng,
        &[(5, Shelf::Empty), (15, Shelf::Low), (80, Shelf::Plenty)],
    ) {
        Shelf::Empty => 0,
        Shelf::Low => rng.gen_range(1..=domain::product::LOW_STOCK_MAX),
        Shelf::Plenty => rng.gen_range(domain::product::LOW_STOCK_MAX + 1..=300),
    }
}

/// Products oldest first, so that an order can pick among those that existed before it.
fn products(
    rng: &mut StdRng,
    count: u32,
    pictures: &[ProductImage],
    now: DateTime<Utc>,
) -> Vec<Product> {
    (0..count)
        .map(|i| {
            let created_at = spread(now, CATALOGUE_DAYS, i, count);
            let category = pick(
                rng,
                &[
                    (50, Category::Women),
                    (35, Category::Kids),
                    (15, Category::Sales),
                ],
            );
            let for_kids = match category {
                Category::Women => false,
                Category::Kids => true,
                Category::Sales => rng.gen_bool(0.4),
            };
            let garments = if for_kids { KIDS } else { WOMEN };
            let &(garment, garment_tags, low, high) = garments.choose(rng).expect("not empty");
            let material = MATERIALS.choose(rng).expect("not empty");
            let colour = COLOURS.choose(rng).expect("not empty");
            let mut tags: Vec<String> = garment_tags.split(',').map(str::to_owned).collect();
            tags.push((*OCCASIONS.choose(rng).expect("not empty")).to_owned());
            if for_kids && category == Category::Sales {
                tags.push("kids".to_owned());
            }
            if now - created_at < Duration::days(NEW_DAYS) {
                tags.push("new".to_owned());
            }
            let discount: u8 = match category {
                Category::Sales => 5 * rng.gen_range(4..=10),
                _ if rng.gen_bool(0.1) => *[10, 15].choose(rng).expect("not empty"),
                _ => 0,
            };
            // Prices end in 99 cents before the discount; the discount is taken off in whole
            // cents, rounded half up.
            let list_cents = i64::from(rng.gen_range(low..=high)) * 100 - 1;
            let price_cents = (list_cents * i64::from(100 - discount) + 50) / 100;
            let image = pictures[i as usize % pictures.len()].clone();
            Product {
                id: ProductId::parse(&RandomIds.new_id()).expect("uuid ids are valid"),
                name: format!("{material} {garment} in {colour}"),
                description: format!(
                    "{material} {} in {}, {}.",
                    garment.to_lowercase(),
                    colour.to_lowercase(),
                    FINISHES.choose(rng).expect("not empty")
                ),
                category,
                tags,
                price: Money::from_cents(price_cents).expect("seed prices are valid"),
                discount: Percent::new(discount).expect("seed discounts are at most 50"),
                stated_original_price: None,
                gallery: vec![image.full.clone()],
                image: Some(image),
                rating_tenths: rng.gen_range(30..=50),
                reviews: rng.gen_range(0..=400),
                stock: stock(rng),
                variants: Vec::new(),
                is_featured: rng.gen_bool(0.025),
                created_at,
            }
        })
        .collect()
}

/// The `index`-th of `count` moments spread evenly over the `days` before `now`, oldest
/// first (the first is exactly `days` ago).
fn spread(now: DateTime<Utc>, days: i64, index: u32, count: u32) -> DateTime<Utc> {
    let span = Duration::days(days).num_seconds();
    let offset = span * i64::from(index) / i64::from(count.max(1));
    now - Duration::seconds(span - offset)
}

// ---------------------------------------------------------------------------------------
// customers

const FIRST_NAMES: &[&str] = &[
    "Amina", "Hodan", "Fadumo", "Sahra", "Ifrah", "Hibaq", "Nasra", "Ayaan", "Khadija", "Maryan",
    "Deeqa", "Ubah", "Ikran", "Sagal", "Hawa", "Asha", "Abdi", "Mohamed", "Yusuf", "Hassan",
];

const LAST_NAMES: &[&str] = &[
    "Hassan", "Mohamed", "Ali", "Warsame", "Farah", "Abdi", "Jama", "Osman", "Aden", "Ibrahim",
    "Nur", "Yusuf", "Omar", "Egal", "Hersi",
];

const CITIES: &[(&str, &[&str])] = &[
    (
        "Mogadishu",
        &[
            "Hodan",
            "Wadajir",
            "Hamar Weyne",
            "Karaan",
            "Yaqshid",
            "Dharkenley",
        ],
    ),
    (
        "Hargeisa",
        &["Koodbuur", "Ahmed Dhagah", "26 June", "Ibrahim Koodbuur"],
    ),
    ("Kismayo", &["Farjano", "Gulwadeyaasha", "Shaqaalaha"]),
    ("Garowe", &["Hawle Wadaag", "Wadajir"]),
    ("Bosaso", &["Raf Dhaber", "Shabelle"]),
];

/// A customer with what their orders need ready: the normalised payment number and a
/// delivery address (some never give one).
struct Customer {
    user: User,
    payment_phone: MobileNumber,
    address: Option<ShippingAddress>,
}

/// Customers oldest first, all with `password_hash`. Their e-mail addresses carry a tag of
/// this run (`customer12.3f9a0c@example.com`), so a second seed adds new customers.
fn customers(
    rng: &mut StdRng,
    count: u32,
    password_hash: &str,
    now: DateTime<Utc>,
) -> Vec<Customer> {
    let run = &RandomIds.new_id()[..6];
    (0..count)
        .map(|i| {
            let name = format!(
                "{} {}",
                FIRST_NAMES.choose(rng).expect("not empty"),
                LAST_NAMES.choose(rng).expect("not empty")
            );
            // Never 61 000 000x: those are the sandbox's declining test numbers.
            let phone = format!(
                "+252 6{} {} {:04}",
                [1, 2, 3, 5, 8].choose(rng).expect("not empty"),
                rng.gen_range(100..=999),
                rng.gen_range(0..=9999)
            );
            let payment_phone = MobileNumber::parse(&phone).expect("seed numbers are Somali");
            let address = rng.gen_bool(0.85).then(|| {
                let (city, districts) = CITIES.choose(rng).expect("not empty");
                ShippingAddress {
                    full_name: name.clone(),
                    phone: phone.clone(),
                    city: (*city).to_owned(),
                    district: (*districts.choose(rng).expect("not empty")).to_owned(),
                    address_line: format!(
                        "Street {}, house {}",
                        rng.gen_range(1..=60),
                        rng.gen_range(1..=300)
                    ),
                }
            });
            let email = format!("customer{}.{run}@example.com", i + 1);
            Customer {
                user: User {
                    id: UserId::parse(&RandomIds.new_id()).expect("uuid ids are valid"),
                    name,
                    email: Email::parse(&email).expect("seed e-mails are valid"),
                    phone,
                    role: Role::User,
                    password_hash: password_hash.to_owned(),
                    must_change_password: false,
                    token_version: 0,
                    // The last one a day ago: none is newer than every order.
                    created_at: spread(now - Duration::days(1), CATALOGUE_DAYS - 1, i, count),
                },
                payment_phone,
                address,
            }
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// orders

/// The status and payment status an order can have together under the domain's rules.
type OrderState = (OrderStatus, PaymentStatus);

/// Placed, not yet confirmed by the provider (at most one per shopper).
const AWAITING_PAYMENT: OrderState = (OrderStatus::Pending, PaymentStatus::Pending);

/// Every state, the awaiting one first: the newest orders take one each, so that even a
/// small shop shows them all.
const EVERY_STATE: [OrderState; 6] = [
    AWAITING_PAYMENT,
    (OrderStatus::Pending, PaymentStatus::Paid),
    (OrderStatus::Shipped, PaymentStatus::Paid),
    (OrderStatus::Delivered, PaymentStatus::Paid),
    // Declined at checkout, or canceled by an admin before the payment was confirmed.
    (OrderStatus::Canceled, PaymentStatus::Failed),
    // Canceled by an admin after payment, the charge reversed.
    (OrderStatus::Canceled, PaymentStatus::Refunded),
];

/// What becomes of an order, by its age: the recent ones are still moving, older ones were
/// delivered or canceled.
fn state_for(rng: &mut StdRng, age: Duration) -> OrderState {
    use OrderStatus::{Canceled, Delivered, Pending, Shipped};
    use PaymentStatus::{Failed, Paid, Refunded};
    if age < Duration::days(3) {
        pick(
            rng,
            &[
                (10, AWAITING_PAYMENT),
                (55, (Pending, Paid)),
                (20, (Shipped, Paid)),
                (12, (Canceled, Failed)),
                (3, (Canceled, Refunded)),
            ],
        )
    } else if age < Duration::days(14) {
        pick(
            rng,
            &[
                (45, (Shipped, Paid)),
                (40, (Delivered, Paid)),
                (10, (Canceled, Failed)),
                (5, (Canceled, Refunded)),
            ],
        )
    } else {
        pick(
            rng,
            &[
                (84, (Delivered, Paid)),
                (10, (Canceled, Failed)),
                (6, (Canceled, Refunded)),
            ],
        )
    }
}

/// `count` moments over the last year, oldest first, more of them lately: a growing shop,
/// three times as busy now as a year ago (density 1 + 2x over the year, x from 0 to 1).
fn order_times(rng: &mut StdRng, count: u32, now: DateTime<Utc>) -> Vec<DateTime<Utc>> {
    let year = Duration::days(ORDER_DAYS).num_seconds() as f64;
    let mut times: Vec<DateTime<Utc>> = (0..count)
        .map(|_| {
            // The inverse of the cumulative share (x + x²) / 2.
            let share: f64 = rng.gen();
            let x = ((1.0 + 8.0 * share).sqrt() - 1.0) / 2.0;
            now - Duration::seconds(60 + ((1.0 - x) * year) as i64)
        })
        .collect();
    times.sort_unstable();
    times
}

/// Places orders among the seeded products and customers.
struct OrderBook<'a> {
    products: &'a [Product],
    customers: &'a [Customer],
    shipping_fee: Money,
    /// Customers with an order whose payment is unconfirmed.
    awaiting_payment: HashSet<usize>,
}

impl OrderBook<'_> {
    /// The order placed at `placed_at`; `newest_first` is its rank from the newest order (0).
    fn order(
        &mut self,
        rng: &mut StdRng,
        placed_at: DateTime<Utc>,
        now: DateTime<Utc>,
        newest_first: usize,
    ) -> Order {
        let mut state = EVERY_STATE
            .get(newest_first)
            .copied()
            .unwrap_or_else(|| state_for(rng, now - placed_at));
        // Everyone created before the order could have placed it.
        let eligible = self
            .customers
            .partition_point(|c| c.user.created_at <= placed_at)
            .max(1);
        let mut buyer = rng.gen_range(0..eligible);
        if state == AWAITING_PAYMENT {
            match (0..eligible)
                .map(|offset| (buyer + offset) % eligible)
                .find(|c| !self.awaiting_payment.contains(c))
            {
                Some(free) => {
                    buyer = free;
                    self.awaiting_payment.insert(free);
                }
                None => state = (OrderStatus::Pending, PaymentStatus::Paid),
            }
        }
        let customer = &self.customers[buyer];

        let on_sale = self
            .products
            .partition_point(|p| p.created_at <= placed_at)
            .max(1);
        let wanted = pick(rng, &[(45, 1), (30, 2), (15, 3), (10, 4)]).min(on_sale);
        let lines: Vec<OrderLine> = rand::seq::index::sample(rng, on_sale, wanted)
            .into_iter()
            .map(|index| {
                let product = &self.products[index];
                OrderLine {
                    product_id: product.id.clone(),
                    name: product.name.clone(),
                    image: product.image.as_ref().map(|i| i.thumbnail.clone()),
                    unit_price: product.price,
                    quantity: pick(rng, &[(75, 1), (20, 2), (5, 3)]),
                    variant: None,
                }
            })
            .collect();
        let subtotal: Money = lines.iter().map(OrderLine::line_total).sum();
        let (status, payment_status) = state;
        let charged = matches!(
            payment_status,
            PaymentStatus::Paid | PaymentStatus::Refunded
        );
        Order {
            id: OrderId::parse(&RandomIds.new_id()).expect("uuid ids are valid"),
            user_id: customer.user.id.clone(),
            customer_name: customer.user.name.clone(),
            customer_email: customer.user.email.to_string(),
            lines,
            subtotal,
            shipping_fee: self.shipping_fee,
            total: subtotal + self.shipping_fee,
            status,
            payment_status,
            payment_method: PAYMENT_METHOD_EVC_PLUS.to_owned(),
            payment_phone: customer.payment_phone.clone(),
            transaction_id: charged.then(|| rng.gen_range(10_000_000..100_000_000u64).to_string()),
            shipping_address: customer.address.clone(),
            idempotency_key: None,
            created_at: placed_at,
            hold_expired_at: None,
        }
    }
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
    }

    fn count_order(&mut self, order: &Order) {
        self.orders += 1;
        self.order_lines += order.lines.len() as u64;
        *self.by_status.entry(order.status.as_str()).or_default() += 1;
        *self
            .by_payment
            .entry(order.payment_status.as_str())
            .or_default() += 1;
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
            "  {} orders with {} lines (status: {}; payment: {})",
            self.orders,
            self.order_lines,
            counts(&self.by_status),
            counts(&self.by_payment)
        )?;
        let steps: Vec<String> = self
            .steps
            .iter()
            .map(|(name, took)| format!("{name} {:.1} s", took.as_secs_f64()))
            .collect();
        write!(f, "  steps: {}", steps.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::listing::orders::OrderQuery;
    use domain::listing::users::UserQuery;
    use domain::ports::{OrderRepository, UserRepository};
    use std::collections::HashMap;

    const SHIPPING_FEE_CENTS: i64 = 500;

    async fn seed_into(database: &Database, plan: SeedPlan) -> anyhow::Result<Seeded> {
        let uploads = tempfile::tempdir().unwrap();
        let images = FsImageStore::new(uploads.path().to_path_buf(), "/uploads");
        seed(
            database,
            &images,
            &Argon2Hasher::fast_for_tests(),
            Money::from_cents(SHIPPING_FEE_CENTS).unwrap(),
            &plan,
            &ProgressBar::hidden(),
        )
        .await
    }

    fn tally(names: impl Iterator<Item = &'static str>) -> BTreeMap<&'static str, u64> {
        let mut counts = BTreeMap::new();
        for name in names {
            *counts.entry(name).or_default() += 1;
        }
        counts
    }

    #[tokio::test]
    async fn a_seeded_shop_has_what_was_asked_and_keeps_the_order_rules_on_every_backend() {
        let plan = SeedPlan {
            products: 50,
            orders: 200,
            users: 20,
            pictures: 3,
            force: false,
        };
        for database in shop_db::test_support::databases().await {
            let backend = database.backend_name();
            let seeded = seed_into(&database, plan).await.unwrap();
            let fee = Money::from_cents(SHIPPING_FEE_CENTS).unwrap();

            let (products, total) = ProductRepository::list(&database, &ProductFilter::default())
                .await
                .unwrap();
            assert_eq!(
                (products.len(), total, seeded.products),
                (50, 50, 50),
                "{backend}"
            );
            // Stock is unsigned in the domain: reading every product back proves none is
            // negative in the database.
            let categories: HashSet<Category> = products.iter().map(|p| p.category).collect();
            assert_eq!(categories.len(), 3, "{backend}");
            let pictures: HashSet<&str> = products
                .iter()
                .map(|p| p.image.as_ref().unwrap().full.as_str())
                .collect();
            assert_eq!((pictures.len(), seeded.pictures), (3, 3), "{backend}");
            assert!(products.iter().any(|p| p.discount.value() > 0), "{backend}");
            assert_eq!(
                tally(products.iter().map(|p| p.category.as_str())),
                seeded.by_category,
                "{backend}"
            );
            let products: HashMap<&ProductId, &Product> =
                products.iter().map(|p| (&p.id, p)).collect();

            let (users, _) = UserRepository::find(&database, &UserQuery::default())
                .await
                .unwrap();
            assert_eq!((users.len(), seeded.customers), (20, 20), "{backend}");
            assert!(users.iter().all(|u| u.role == Role::User));
            assert!(users
                .iter()
                .all(|u| u.password_hash == users[0].password_hash));
            assert!(
                Argon2Hasher::fast_for_tests()
                    .verify(CUSTOMER_PASSWORD, &users[0].password_hash)
                    .await
            );
            let users: HashMap<&UserId, &User> = users.iter().map(|u| (&u.id, u)).collect();

            let (orders, total) = OrderRepository::list(&database, &OrderQuery::default())
                .await
                .unwrap();
            assert_eq!(
                (orders.len(), total, seeded.orders),
                (200, 200, 200),
                "{backend}"
            );
            assert_eq!(
                tally(orders.iter().map(|o| o.status.as_str())),
                seeded.by_status,
                "{backend}"
            );
            assert_eq!(
                tally(orders.iter().map(|o| o.payment_status.as_str())),
                seeded.by_payment,
                "{backend}"
            );
            assert_eq!(
                seeded.by_status.keys().copied().collect::<Vec<_>>(),
                ["canceled", "delivered", "pending", "shipped"],
                "{backend}"
            );
            assert_eq!(
                seeded.by_payment.keys().copied().collect::<Vec<_>>(),
                ["failed", "paid", "pending", "refunded"],
                "{backend}"
            );
            let lines: usize = orders.iter().map(|o| o.lines.len()).sum();
            assert_eq!(lines as u64, seeded.order_lines, "{backend}");

            let mut awaiting_payment = HashSet::new();
            for order in &orders {
                assert!((1..=4).contains(&order.lines.len()), "{backend}");
                let subtotal: Money = order.lines.iter().map(OrderLine::line_total).sum();
                assert_eq!(order.subtotal, subtotal, "{backend}");
                assert_eq!(order.shipping_fee, fee, "{backend}");
                assert_eq!(order.total, subtotal + fee, "{backend}");
                for line in &order.lines {
                    let product = products[&line.product_id];
                    assert_eq!(line.name, product.name, "{backend}");
                    assert_eq!(line.unit_price, product.price, "{backend}");
                    assert!(product.created_at <= order.created_at, "{backend}");
                }
                let buyer = users[&order.user_id];
                assert_eq!(order.customer_email, buyer.email.as_str(), "{backend}");
                assert!(buyer.created_at <= order.created_at, "{backend}");
                let charged = matches!(
                    order.payment_status,
                    PaymentStatus::Paid | PaymentStatus::Refunded
                );
                assert_eq!(order.transaction_id.is_some(), charged, "{backend}");
                match order.payment_status {
                    PaymentStatus::Pending => {
                        assert_eq!(order.status, OrderStatus::Pending, "{backend}");
                        assert!(awaiting_payment.insert(&order.user_id), "{backend}");
                    }
                    PaymentStatus::Failed | PaymentStatus::Refunded => {
                        assert_eq!(order.status, OrderStatus::Canceled, "{backend}")
                    }
                    PaymentStatus::Paid => {
                        assert_ne!(order.status, OrderStatus::Canceled, "{backend}")
                    }
                }
            }
        }
    }

    #[tokio::test]
    async fn a_shop_with_products_is_seeded_again_only_when_forced() {
        let database = shop_db::test_support::sqlite().await;
        let plan = SeedPlan {
            products: 5,
            orders: 10,
            users: 3,
            pictures: 1,
            force: false,
        };
        seed_into(&database, plan).await.unwrap();
        let refused = seed_into(&database, plan).await.unwrap_err().to_string();
        assert!(refused.contains("already has 5 products"), "{refused}");

        let version = ProductRepository::catalog_version(&database).await.unwrap();
        let forced = SeedPlan {
            force: true,
            ..plan
        };
        seed_into(&database, forced).await.unwrap();
        // Shops serving the database drop their cached catalogue (one batch of products).
        assert_eq!(
            ProductRepository::catalog_version(&database).await.unwrap(),
            version + 1
        );
        let (_, products) = ProductRepository::list(&database, &ProductFilter::default())
            .await
            .unwrap();
        let (users, _) = UserRepository::find(&database, &UserQuery::default())
            .await
            .unwrap();
        let (_, orders) = OrderRepository::list(&database, &OrderQuery::default())
            .await
            .unwrap();
        assert_eq!((products, users.len(), orders), (10, 6, 20));
    }

    #[tokio::test]
    async fn orders_without_products_or_customers_are_refused() {
        let database = shop_db::test_support::sqlite().await;
        let plan = SeedPlan {
            products: 0,
            orders: 10,
            users: 3,
            pictures: 1,
            force: false,
        };
        let refused = seed_into(&database, plan).await.unwrap_err().to_string();
        assert!(
            refused.contains("orders need products and customers"),
            "{refused}"
        );
    }
}
