//! Builds the shop from its settings: database, adapters, use cases, server.

use crate::config::Settings;
use crate::demo;
use crate::metrics;
use crate::system::{RandomIds, RandomSecrets, SystemClock};
use anyhow::Context;
use application::accounts::Accounts;
use application::audit::Audit;
use application::cart::{Carts, Pricing};
use application::catalog::colour_pictures::ColourGalleries;
use application::catalog::sheet::ProductSheets;
use application::catalog::{Catalog, CatalogVersion};
use application::checkout::Checkout;
use application::dashboard::Reports;
use application::delivery::{CurrentZones, DeliveryZones, Dispatcher, Riders};
use application::discounts::Discounts;
use application::languages::Languages;
use application::notifications::{Channels, Notifications};
use application::orders::Orders;
use application::payments::attempts::Attempts;
use application::payments::charge::Charges;
use application::payments::settle::Settlement;
use application::payments::{AcceptedMethods, Payments};
use application::phone_orders::{
    LinkAddress, PaymentLinks, PhoneCustomers, PhoneOrders, PhonePayments,
};
use application::refunds::Refunds;
use application::restock::RestockAlerts;
use application::returns::Returns;
use application::reviews::Reviews;
use application::settings::{self, CurrentSettings};
use application::terms::Terms;
use application::throttle::{AttemptLimits, Throttle};
use application::Shop;
use domain::payment_attempt::FollowDays;
use domain::payment_hold::PaymentHold;
use domain::ports::{
    Clock, IdGenerator, ImageStore, PasswordHasher, PaymentGateway, PaymentNotices,
    SandboxCardPage, TokenService,
};
use domain::settings::{SettingsInput, ShopSettings};
use shop_auth::{generate_secret, Argon2Hasher, JwtTokens, DEFAULT_TOKEN_LIFETIME};
use shop_db::Database;
use shop_http::{AppState, HttpOptions, StaticFiles};
use shop_images::FsImageStore;
use shop_payments::sandbox::SandboxGateway;
use shop_payments::waafipay::{WaafiPayCards, WaafiPayGateway};
use shop_payments::{EdahabGateway, Providers, WaafiPayNotices};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// The adapters that talk to the world outside the database.
pub struct Outside {
    pub payments: Arc<dyn PaymentGateway>,
    /// The sandbox's card page, when payments go to the sandbox.
    pub sandbox_cards: Option<Arc<dyn SandboxCardPage>>,
    /// WaafiPay's webhook notifications, when its secret is set.
    pub notices: Option<Arc<dyn PaymentNotices>>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub tokens: Arc<dyn TokenService>,
    pub images: Arc<dyn ImageStore>,
}

/// How the use cases are tuned by the settings; the defaults serve tests and the demo.
#[derive(Default)]
pub struct Tuning {
    pub payment_hold: PaymentHold,
    pub payment_follow_days: FollowDays,
    pub attempt_limits: AttemptLimits,
    pub channels: Channels,
}

/// The use cases, a service per area, each given the ports it uses.
pub fn build_shop(
    database: &Database,
    outside: Outside,
    defaults: ShopSettings,
    tuning: Tuning,
) -> Shop {
    let db = Arc::new(database.clone());
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let ids: Arc<dyn IdGenerator> = Arc::new(RandomIds);
    let audit = Audit::new(db.clone(), clock.clone(), ids.clone());
    let catalog_version = CatalogVersion::default();
    let shop_settings = CurrentSettings::new(db.clone(), defaults);
    let throttle = Arc::new(Throttle::new(tuning.attempt_limits));
    let languages = Languages::new(db.clone());
    let refunds = Refunds::new(
        outside.payments.clone(),
        db.clone(),
        db.clone(),
        db.clone(),
        clock.clone(),
    );
    let settlement = Settlement::new(db.clone(), clock.clone(), catalog_version.clone());
    let attempts = Attempts::new(
        db.clone(),
        db.clone(),
        outside.payments.clone(),
        db.clone(),
        settlement,
        clock.clone(),
        ids.clone(),
    );
    let charges = Charges::new(
        outside.payments.clone(),
        attempts.clone(),
        Duration::from_secs(tuning.payment_hold.payment_timeout_secs()),
    );
    let zones = CurrentZones::new(db.clone());
    let accepted = AcceptedMethods::new(
        outside.payments.clone(),
        zones.clone(),
        shop_settings.clone(),
    );
    let carts = || {
        Carts::new(
            db.clone(),
            db.clone(),
            db.clone(),
            db.clone(),
            clock.clone(),
            shop_settings.clone(),
            zones.clone(),
        )
    };
    let phone_customers = PhoneCustomers::new(
        db.clone(),
        outside.hasher.clone(),
        Arc::new(RandomSecrets),
        clock.clone(),
        ids.clone(),
        audit.clone(),
    );
    let phone_payments = Arc::new(PhonePayments::new(
        db.clone(),
        charges.clone(),
        accepted.clone(),
        zones.clone(),
        shop_settings.clone(),
        db.clone(),
        clock.clone(),
        tuning.payment_hold,
    ));
    Shop {
        payment_links: PaymentLinks::new(
            db.clone(),
            db.clone(),
            db.clone(),
            Arc::new(RandomSecrets),
            clock.clone(),
            languages.clone(),
            shop_settings.clone(),
            accepted.clone(),
            phone_payments.clone(),
            tuning.payment_hold,
            LinkAddress {
                public_url: tuning.channels.public_url.clone().unwrap_or_default(),
                sms_configured: tuning.channels.sms.is_some(),
            },
        ),
        phone_orders: PhoneOrders::new(
            phone_customers.clone(),
            db.clone(),
            db.clone(),
            db.clone(),
            Pricing::new(db.clone(), clock.clone(), shop_settings.clone()),
            zones.clone(),
            catalog_version.clone(),
            audit.clone(),
            clock.clone(),
            ids.clone(),
        ),
        phone_customers,
        phone_payments,
        accounts: Accounts::new(
            db.clone(),
            outside.hasher,
            outside.tokens,
            Arc::new(RandomSecrets),
            clock.clone(),
            ids.clone(),
            audit.clone(),
            throttle.clone(),
            languages.clone(),
        ),
        carts: carts(),
        catalog: Catalog::new(
            db.clone(),
            outside.images.clone(),
            clock.clone(),
            ids.clone(),
            audit.clone(),
            catalog_version.clone(),
            throttle,
        ),
        product_sheets: ProductSheets::new(
            db.clone(),
            clock.clone(),
            ids.clone(),
            audit.clone(),
            catalog_version.clone(),
        ),
        restock_alerts: RestockAlerts::new(db.clone(), db.clone(), clock.clone(), ids.clone()),
        colour_galleries: ColourGalleries::new(
            db.clone(),
            outside.images,
            audit.clone(),
            catalog_version.clone(),
        ),
        checkout: Checkout::new(
            carts(),
            db.clone(),
            db.clone(),
            charges.clone(),
            clock.clone(),
            ids.clone(),
            catalog_version.clone(),
            zones.clone(),
            accepted.clone(),
            shop_settings.clone(),
        ),
        payments: Payments::new(
            outside.payments,
            db.clone(),
            db.clone(),
            clock.clone(),
            attempts,
            tuning.payment_follow_days,
            accepted.clone(),
        )
        .with_notices(outside.notices)
        .with_sandbox(outside.sandbox_cards),
        delivery: DeliveryZones::new(zones.clone(), db.clone(), ids.clone(), audit.clone()),
        dispatcher: Dispatcher::new(
            db.clone(),
            db.clone(),
            db.clone(),
            Arc::new(RandomSecrets),
            clock.clone(),
            audit.clone(),
        ),
        riders: Riders::new(db.clone(), db.clone(), clock.clone()),
        dashboard: Reports::new(db.clone(), db.clone(), db.clone(), clock.clone()),
        discounts: Discounts::new(db.clone(), clock.clone(), ids.clone(), audit.clone()),
        notifications: Notifications::new(
            db.clone(),
            db.clone(),
            db.clone(),
            db.clone(),
            clock.clone(),
            shop_settings.clone(),
            languages,
            tuning.channels,
            tuning.payment_hold,
        ),
        orders: Orders::new(
            db.clone(),
            db.clone(),
            db.clone(),
            clock.clone(),
            audit.clone(),
            catalog_version.clone(),
            refunds.clone(),
            tuning.payment_hold,
        ),
        returns: Returns::new(
            db.clone(),
            db.clone(),
            clock.clone(),
            ids.clone(),
            audit.clone(),
            catalog_version.clone(),
            refunds,
        ),
        reviews: Reviews::new(
            db.clone(),
            db.clone(),
            clock,
            ids,
            audit.clone(),
            catalog_version,
        ),
        terms: Terms::new(shop_settings.clone(), zones.clone(), accepted),
        settings: settings::Settings::new(shop_settings, audit.clone()),
        audit,
    }
}

pub fn default_settings(settings: &Settings) -> anyhow::Result<ShopSettings> {
    SettingsInput {
        shop_name: settings.shop_name.clone(),
        support_phone: settings.support_phone.clone(),
        support_email: settings.support_email.clone(),
        shipping_fee: Some(settings.shipping_fee),
        cash_on_delivery_max: Some(Some(settings.cod_max)),
    }
    .validate(None)
    .map_err(|errors| anyhow::anyhow!("invalid shop settings: {errors}"))
}

/// The token secret: the configured one, else one generated at first start and kept in the
/// data dir, readable by the owner only.
fn jwt_secret(settings: &Settings) -> anyhow::Result<String> {
    if let Some(secret) = &settings.jwt_secret {
        anyhow::ensure!(
            secret.len() >= shop_auth::MIN_SECRET_LEN,
            "SHOP_JWT_SECRET is too short"
        );
        return Ok(secret.clone());
    }
    let path = settings.data_dir.join("jwt_secret");
    if let Ok(secret) = std::fs::read_to_string(&path) {
        return Ok(secret.trim().to_owned());
    }
    let secret = generate_secret();
    write_private(&path, &secret).with_context(|| format!("writing {}", path.display()))?;
    Ok(secret)
}

#[cfg(unix)]
fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)?;
    file.write_all(contents.as_bytes())
}

#[cfg(not(unix))]
fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    std::fs::write(path, contents)
}

/// The data dir (database, token secret) is created readable by the owner only.
#[cfg(unix)]
fn create_private_dir(path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(path)
}

#[cfg(not(unix))]
fn create_private_dir(path: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(path)
}

/// Where payments go: the providers, and the sandbox's card page when they are the sandbox.
struct PaymentAdapters {
    gateway: Arc<dyn PaymentGateway>,
    sandbox_cards: Option<Arc<dyn SandboxCardPage>>,
}

/// The providers whose credentials are set (WaafiPay for EVC Plus, ZAAD and SAHAL; eDahab;
/// WaafiPay's card page), else the sandbox with its card page; refuses a partial setup.
fn payment_gateway(settings: &Settings) -> anyhow::Result<PaymentAdapters> {
    let waafipay = settings.waafipay()?;
    let edahab = settings.edahab()?;
    let cards = settings.waafipay_cards(&settings.public_url()?)?;
    if waafipay.is_none() && edahab.is_none() && cards.is_none() {
        tracing::info!("payments: sandbox");
        let no_answer = Duration::from_secs(settings.payment_timeout_secs)
            .min(shop_payments::sandbox::DEFAULT_NO_ANSWER_TIME);
        let sandbox = Arc::new(
            SandboxGateway::new(Duration::from_millis(settings.sandbox_delay_ms))
                .with_no_answer_time(no_answer),
        );
        return Ok(PaymentAdapters {
            gateway: sandbox.clone(),
            sandbox_cards: Some(sandbox),
        });
    }
    let mut providers = Providers::default();
    if let Some(config) = waafipay {
        tracing::info!(url = %config.url, "payments: WaafiPay (EVC Plus, ZAAD, SAHAL)");
        let gateway = WaafiPayGateway::new(config).context("building the WaafiPay client")?;
        providers.wallets = Some(Arc::new(gateway));
    }
    if let Some(config) = edahab {
        tracing::info!(url = %config.url, "payments: eDahab");
        let gateway = EdahabGateway::new(config).context("building the eDahab client")?;
        providers.edahab = Some(Arc::new(gateway));
    }
    if let Some(config) = cards {
        tracing::info!(url = %config.url, return_url = %config.return_url, "payments: WaafiPay card page");
        let gateway = WaafiPayCards::new(config).context("building the WaafiPay card client")?;
        providers.cards = Some(Arc::new(gateway));
    }
    Ok(PaymentAdapters {
        gateway: Arc::new(providers),
        sandbox_cards: None,
    })
}

/// A shop ready to serve.
pub struct Started {
    pub shop: Arc<Shop>,
    pub database: Database,
    pub files: StaticFiles,
}

/// Connects, migrates, wires the use cases, ensures the admin and seeds the demo shop.
pub async fn start(settings: &Settings) -> anyhow::Result<Started> {
    // First, so a bad setting stops the start before anything is touched.
    settings.public_url()?;
    settings.request_timeout()?;
    settings.trusted_proxies()?;
    let payments = payment_gateway(settings)?;
    let payment_hold = settings.payment_hold()?;
    let channels = settings
        .messaging
        .channels(settings.public_url()?.as_str())?;
    create_private_dir(&settings.data_dir)
        .with_context(|| format!("creating {}", settings.data_dir.display()))?;
    let url = settings.database_url();
    let new_sqlite = settings.is_sqlite() && !Path::new(&url).exists();
    let database = Database::connect(&url)
        .await
        .map_err(|e| anyhow::anyhow!("cannot open the database: {e}"))?;
    tracing::info!(backend = database.backend_name(), "database ready");
    database.set_unconfigured_channels(&channels.unconfigured());
    let secret = jwt_secret(settings)?;
    let images = Arc::new(FsImageStore::new(settings.uploads_dir(), "/uploads"));
    let outside = Outside {
        payments: payments.gateway,
        sandbox_cards: payments.sandbox_cards,
        notices: settings.waafipay_webhook_secret().map(|secret| {
            tracing::info!("payments: WaafiPay webhook notifications");
            Arc::new(WaafiPayNotices::new(secret)) as Arc<dyn PaymentNotices>
        }),
        hasher: Arc::new(Argon2Hasher::new()),
        tokens: Arc::new(JwtTokens::new(secret.as_bytes(), DEFAULT_TOKEN_LIFETIME)),
        images: images.clone(),
    };
    let shop = Arc::new(build_shop(
        &database,
        outside,
        default_settings(settings)?,
        Tuning {
            payment_hold,
            payment_follow_days: FollowDays(settings.payment_follow_days),
            attempt_limits: settings.limits.attempt_limits(),
            channels,
        },
    ));
    refuse_unusable_emails(&shop).await?;
    ensure_admin(settings, &shop).await?;
    if settings.demo_data.unwrap_or(new_sqlite) {
        demo::seed(&shop, &database, images.as_ref()).await?;
    }
    let files = StaticFiles {
        frontend_dir: Some(settings.frontend_dir.clone()),
        uploads_dir: settings.uploads_dir(),
    };
    Ok(Started {
        shop,
        database,
        files,
    })
}

/// After the migrations: accounts whose stored e-mail a mailer would read as another's
/// address, or as none (signed up before `Email` read addresses as the mailer does), are
/// each logged, and the shop does not start until the operator corrects the address or
/// deletes the account: it never changes or deletes an account on its own, and an account
/// it cannot mail safely would fail wherever it is loaded.
pub async fn refuse_unusable_emails(shop: &Shop) -> anyhow::Result<()> {
    let unusable = shop
        .accounts
        .unusable_emails()
        .await
        .map_err(|e| anyhow::anyhow!("checking the stored e-mail addresses: {e}"))?;
    for account in &unusable {
        tracing::error!(account = %account.user, email = ?account.stored, why = %account.why,
            "an account's e-mail is not one bare address");
    }
    anyhow::ensure!(
        unusable.is_empty(),
        "{} account(s) have an e-mail a mailer would read as another address or none; \
         correct each address (or delete the account) in the database, then start again:\n{}",
        unusable.len(),
        unusable
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    );
    Ok(())
}

async fn ensure_admin(settings: &Settings, shop: &Shop) -> anyhow::Result<()> {
    match (&settings.admin_email, &settings.admin_password) {
        (Some(email), Some(password)) => {
            let created = shop
                .accounts
                .ensure_admin(email, password)
                .await
                .map_err(|e| anyhow::anyhow!("admin account: {e}"))?;
            let verb = if created { "created" } else { "ready" };
            println!("Admin account {verb}: {email} (password from SHOP_ADMIN_PASSWORD)");
        }
        (None, None) => {
            if !shop
                .accounts
                .has_admin()
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?
            {
                let password = domain::ports::SecretGenerator::temporary_password(&RandomSecrets);
                let email = "admin@shop.local";
                shop.accounts
                    .ensure_admin(email, &password)
                    .await
                    .map_err(|e| anyhow::anyhow!("admin account: {e}"))?;
                println!("Created the first admin: {email} / {password} (shown once; change it in the back office)");
            }
        }
        _ => anyhow::bail!("set both SHOP_ADMIN_EMAIL and SHOP_ADMIN_PASSWORD, or neither"),
    }
    Ok(())
}

/// Threads per worker (actix starts one per core) for blocking work: database calls, password
/// hashing, pictures. On two cores that makes 8, as many as the database's reading
/// connections; more threads would only wait for a connection. actix's default (256 per worker here) measured far worse under
/// the bench's checkouts: 800 instead of 1,000 orders/s, and 300 MB more at peak, as every
/// thread that ever ran SQLite keeps memory of its own.
const BLOCKING_THREADS_PER_WORKER: usize = 4;

/// Asks the providers about unconfirmed payments they can answer for, then releases the stock
/// of payments left unconfirmed past the hold, every check interval, for as long as the
/// server runs.
fn release_expired_payment_holds(shop: Arc<Shop>) {
    let mut checks = tokio::time::interval(shop.orders.payment_hold().check_interval());
    checks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    actix_web::rt::spawn(async move {
        loop {
            checks.tick().await;
            if let Err(error) = shop.payments.check_awaited_payments().await {
                tracing::error!(%error, "asking about unconfirmed payments failed");
            }
            if let Err(error) = shop.orders.release_expired_payment_holds().await {
                tracing::error!(%error, "releasing expired payment holds failed");
            }
        }
    });
}

/// How often the outbox is looked at: a message is sent within about this long.
const OUTBOX_ROUND: Duration = Duration::from_secs(1);

/// Sends what the outbox holds, a round at a time, for as long as the server runs (every
/// process sharing the database does; each message goes to one).
fn send_notifications(shop: Arc<Shop>) {
    let mut rounds = tokio::time::interval(OUTBOX_ROUND);
    rounds.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    actix_web::rt::spawn(async move {
        loop {
            rounds.tick().await;
            // A full round may leave more due: the next round follows at once.
            loop {
                match shop.notifications.send_due_notifications().await {
                    Ok(tried) if tried > 0 => continue,
                    Ok(_) => break,
                    Err(error) => {
                        tracing::error!(%error, "sending notifications failed");
                        break;
                    }
                }
            }
        }
    });
}

/// The most connections by default; and file descriptors kept for everything else (the
/// database, pictures, the payment provider).
const DEFAULT_MAX_CONNECTIONS: usize = 10_000;

/// How many connections to serve at once: the setting or the default, never more than half
/// the open-file limit (raised to its hard limit first), so that hostile clients holding
/// connections can never leave the shop without a file descriptor. Others wait to be
/// accepted.
fn max_connections(settings: &Settings) -> usize {
    let wanted = settings.max_connections.unwrap_or(DEFAULT_MAX_CONNECTIONS);
    let files = match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(limit) => usize::try_from(limit).unwrap_or(usize::MAX),
        Err(e) => {
            tracing::warn!(error = %e, "cannot read the open-file limit; assuming 1024");
            1024
        }
    };
    let allowed = (files / 2).max(1);
    if wanted > allowed {
        tracing::warn!(
            wanted,
            allowed,
            open_file_limit = files,
            "SHOP_MAX_CONNECTIONS lowered to half the open-file limit"
        );
    }
    wanted.min(allowed)
}

pub async fn serve(settings: &Settings, started: Started) -> anyhow::Result<()> {
    let Started {
        shop,
        database,
        files,
    } = started;
    let count_requests = match &settings.metrics_bind {
        Some(bind) => {
            let server = metrics::serve(bind, metrics::install()?, shop.clone(), database)?;
            // It ends with the process, when the shop's server has stopped.
            actix_web::rt::spawn(server);
            true
        }
        None => false,
    };
    release_expired_payment_holds(shop.clone());
    send_notifications(shop.clone());
    let state = AppState::new(shop);
    let options = HttpOptions {
        hsts: settings.hsts,
        public_url: settings.public_url()?,
        request_timeout: settings.request_timeout()?,
        trusted_proxies: settings.trusted_proxies()?,
        metrics: count_requests,
    };
    let workers = std::thread::available_parallelism().map_or(1, usize::from);
    let connections = max_connections(settings);
    tracing::info!(connections, "connections served at once");
    let server = actix_web::HttpServer::new(move || {
        shop_http::app(state.clone(), files.clone(), options.clone())
    })
    .workers(workers)
    // actix counts per worker.
    .max_connections(connections.div_ceil(workers))
    .client_request_timeout(shop_http::REQUEST_HEAD_TIMEOUT)
    .worker_max_blocking_threads(BLOCKING_THREADS_PER_WORKER)
    .bind(&settings.bind)
    .with_context(|| format!("cannot listen on {}", settings.bind))?
    .run();
    println!("The shop is open at http://{}", settings.bind);
    server.await.context("server failed")
}
