//! Every setting, as a flag or an environment variable (`shop --help` lists them all).

mod limits;
mod messaging;

use anyhow::Context as _;
use clap::{Args, Parser, Subcommand};
use domain::payment_attempt::DEFAULT_FOLLOW_DAYS;
use domain::payment_hold::{PaymentHold, DEFAULT_HOLD_SECS, DEFAULT_PAYMENT_TIMEOUT_SECS};
use shop_http::client_address::TrustedProxies;
use shop_http::{PublicUrl, CARD_RETURN_PATH};
use shop_payments::edahab::{self, EdahabConfig};
use shop_payments::waafipay::{self, WaafiPayCardConfig, WaafiPayConfig};
use std::path::PathBuf;
use std::time::Duration;

/// The shortest `SHOP_REQUEST_TIMEOUT_SECS`: the head alone may take
/// [`shop_http::REQUEST_HEAD_TIMEOUT`] (5 s) of it, and a body needs time too.
pub const MIN_REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Debug, Parser)]
#[command(
    name = "shop",
    version,
    about = "An online fashion shop for women and kids, paid with EVC Plus."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub settings: Settings,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the storefront, the back office and the API (the default).
    Serve,
    /// Fill the database with a large generated shop, for benchmarks.
    Seed(SeedArgs),
    /// Copy the SQLite database to a new file, consistent while the shop serves (restore:
    /// stop the shop, put the copy in place of `shop.db`, start it).
    Backup(BackupArgs),
    /// Register the shop's address for WaafiPay's card-payment notifications (its webhook;
    /// needs the card page's credentials, `SHOP_PUBLIC_URL` and `WAAFIPAY_WEBHOOK_SECRET`).
    RegisterWebhook,
    /// Print the API's OpenAPI document (what `GET /api/openapi.json` answers), from which
    /// `make api-types` generates the frontend's types.
    Openapi,
}

#[derive(Debug, Clone, Args)]
pub struct BackupArgs {
    /// The copy to write; it must not exist yet.
    #[arg(long)]
    pub to: PathBuf,
}

/// What `shop seed` makes. It refuses a database that already has products unless
/// `--force` is given, and then adds to what is there (it never deletes anything).
#[derive(Debug, Clone, Args)]
pub struct SeedArgs {
    /// How many products to make.
    #[arg(long, default_value_t = 10_000)]
    pub products: u32,

    /// How many orders to make, over the last 12 months.
    #[arg(long, default_value_t = 100_000)]
    pub orders: u32,

    /// How many customers to make (they place the orders).
    #[arg(long, default_value_t = 1_000)]
    pub users: u32,

    /// Seed even when the database already has products, adding to them.
    #[arg(long)]
    pub force: bool,
}

/// Global, so that settings may also follow the sub-command (`shop seed --database-url …`).
#[derive(Debug, Clone, Args)]
pub struct Settings {
    /// Address and port to listen on.
    #[arg(
        long,
        global = true,
        env = "SHOP_BIND",
        default_value = "127.0.0.1:8080"
    )]
    pub bind: String,

    /// Folder for the SQLite database, uploads and the generated token secret.
    #[arg(long, global = true, env = "SHOP_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,

    /// `postgres://…` for PostgreSQL; default: the SQLite file `shop.db` in the data dir.
    #[arg(long, global = true, env = "SHOP_DATABASE_URL")]
    pub database_url: Option<String>,

    /// Secret that signs session tokens; default: generated once and kept in the data dir.
    #[arg(long, global = true, env = "SHOP_JWT_SECRET", hide_env_values = true)]
    pub jwt_secret: Option<String>,

    /// Ensure an admin with this e-mail exists at start (with SHOP_ADMIN_PASSWORD).
    #[arg(long, global = true, env = "SHOP_ADMIN_EMAIL")]
    pub admin_email: Option<String>,

    /// The password of SHOP_ADMIN_EMAIL.
    #[arg(
        long,
        global = true,
        env = "SHOP_ADMIN_PASSWORD",
        hide_env_values = true
    )]
    pub admin_password: Option<String>,

    /// Seed the demo catalogue and a demo customer (default: on for a new SQLite database);
    /// `1`/`0`, `yes`/`no`, `true`/`false`, `on`/`off`.
    #[arg(long, global = true, env = "SHOP_DEMO_DATA", value_parser = clap::builder::BoolishValueParser::new())]
    pub demo_data: Option<bool>,

    /// Flat shipping fee in dollars, until an admin changes it in the settings screen.
    #[arg(long, global = true, env = "SHOP_SHIPPING_FEE", default_value_t = 5.0)]
    pub shipping_fee: f64,

    /// The largest order total, in dollars, a shopper may pay in cash on delivery, until an
    /// admin changes it in the settings screen.
    #[arg(long, global = true, env = "SHOP_COD_MAX", default_value_t = 200.0)]
    pub cod_max: f64,

    /// Shop name shown to shoppers, until an admin changes it.
    #[arg(
        long,
        global = true,
        env = "SHOP_NAME",
        default_value = "Dukaan Fashion"
    )]
    pub shop_name: String,

    /// Support phone in the header and footer, until an admin changes it.
    #[arg(
        long,
        global = true,
        env = "SHOP_SUPPORT_PHONE",
        default_value = "+252 61 000 0000"
    )]
    pub support_phone: String,

    /// Support e-mail in the footer, until an admin changes it.
    #[arg(
        long,
        global = true,
        env = "SHOP_SUPPORT_EMAIL",
        default_value = "support@dukaan.so"
    )]
    pub support_email: String,

    /// The built frontend to serve.
    #[arg(
        long,
        global = true,
        env = "SHOP_FRONTEND_DIR",
        default_value = "frontend/dist"
    )]
    pub frontend_dir: PathBuf,

    /// Delay of the sandbox payment gateway, in milliseconds.
    #[arg(
        long,
        global = true,
        env = "SHOP_SANDBOX_DELAY_MS",
        default_value_t = 0
    )]
    pub sandbox_delay_ms: u64,

    /// The WaafiPay `/asm` endpoint (real EVC Plus payments).
    #[arg(long, global = true, env = "WAAFIPAY_URL", default_value = waafipay::DEFAULT_URL)]
    pub waafipay_url: String,

    /// WaafiPay merchant id; with the API user id and key set, payments are real.
    #[arg(long, global = true, env = "WAAFIPAY_MERCHANT_UID")]
    pub waafipay_merchant_uid: Option<String>,

    /// WaafiPay API user id.
    #[arg(long, global = true, env = "WAAFIPAY_API_USER_ID")]
    pub waafipay_api_user_id: Option<String>,

    /// WaafiPay API key.
    #[arg(long, global = true, env = "WAAFIPAY_API_KEY", hide_env_values = true)]
    pub waafipay_api_key: Option<String>,

    /// WaafiPay hosted payment page store id; with the HPP key and the merchant id set, cards
    /// (Visa, Mastercard) are offered.
    #[arg(long, global = true, env = "WAAFIPAY_HPP_STORE_ID")]
    pub waafipay_hpp_store_id: Option<String>,

    /// WaafiPay hosted payment page key.
    #[arg(long, global = true, env = "WAAFIPAY_HPP_KEY", hide_env_values = true)]
    pub waafipay_hpp_key: Option<String>,

    /// The secret that signs WaafiPay's webhook notifications; without it the webhook
    /// (`/api/payments/waafipay/webhook`) is off and card payments are learnt by asking.
    #[arg(
        long,
        global = true,
        env = "WAAFIPAY_WEBHOOK_SECRET",
        hide_env_values = true
    )]
    pub waafipay_webhook_secret: Option<String>,

    /// The eDahab API's base URL (eDahab wallet payments).
    #[arg(long, global = true, env = "EDAHAB_URL", default_value = edahab::DEFAULT_URL)]
    pub edahab_url: String,

    /// eDahab API key; with the secret and agent code set, eDahab payments are offered.
    #[arg(long, global = true, env = "EDAHAB_API_KEY", hide_env_values = true)]
    pub edahab_api_key: Option<String>,

    /// eDahab secret, signing every call.
    #[arg(long, global = true, env = "EDAHAB_SECRET", hide_env_values = true)]
    pub edahab_secret: Option<String>,

    /// eDahab agent code (the shop's merchant account).
    #[arg(long, global = true, env = "EDAHAB_AGENT_CODE")]
    pub edahab_agent_code: Option<String>,

    /// The shop is served over HTTPS (e.g. behind a TLS proxy): send Strict-Transport-Security.
    #[arg(long, env = "SHOP_HSTS", default_value_t = false)]
    pub hsts: bool,

    /// How long a payment may take, in seconds (the payer confirms on the phone).
    #[arg(
        long,
        global = true,
        env = "SHOP_PAYMENT_TIMEOUT_SECS",
        default_value_t = DEFAULT_PAYMENT_TIMEOUT_SECS
    )]
    pub payment_timeout_secs: u64,

    /// How many days a payment attempt is asked about while its provider has given no final
    /// answer, whatever its order became (money approved after the order closed is paid back).
    #[arg(
        long,
        global = true,
        env = "SHOP_PAYMENT_FOLLOW_DAYS",
        default_value_t = DEFAULT_FOLLOW_DAYS
    )]
    pub payment_follow_days: u32,

    /// How long an unconfirmed payment keeps its order's stock, in seconds; then the order is
    /// canceled (payment failed) and its units go back on sale. Longer than the payment
    /// time-out.
    #[arg(
        long,
        global = true,
        env = "SHOP_UNCONFIRMED_HOLD_SECS",
        default_value_t = DEFAULT_HOLD_SECS
    )]
    pub unconfirmed_hold_secs: u64,

    /// The shop's address as shoppers see it, e.g. `https://shop.example.so`: the one source
    /// of absolute URLs in pages and the sitemap; default: `http://` and the bind address.
    #[arg(long, global = true, env = "SHOP_PUBLIC_URL")]
    pub public_url: Option<String>,

    /// Seconds a client has to send a whole request, head and body (at least 10); a slower
    /// one gets 408 and its connection is closed. The work after that is not limited by it.
    #[arg(
        long,
        global = true,
        env = "SHOP_REQUEST_TIMEOUT_SECS",
        default_value_t = 30
    )]
    pub request_timeout_secs: u64,

    /// Most connections open at once; more wait to be accepted. Default: half the open-file
    /// limit, at most 10,000; a larger value is lowered to that.
    #[arg(long, global = true, env = "SHOP_MAX_CONNECTIONS")]
    pub max_connections: Option<usize>,

    /// The reverse proxies in front of the shop (addresses or CIDR ranges, comma-separated):
    /// only from these is the client's address read from `X-Forwarded-For`/`Forwarded`;
    /// from anyone else those headers are ignored. Default: none.
    #[arg(long, global = true, env = "SHOP_TRUSTED_PROXIES", default_value = "")]
    pub trusted_proxies: String,

    /// Where to serve `GET /metrics` (Prometheus), e.g. `127.0.0.1:9090`: an address of its
    /// own, apart from the shop's, for the monitoring system only. Default: no metrics.
    #[arg(long, global = true, env = "SHOP_METRICS_BIND")]
    pub metrics_bind: Option<String>,

    #[command(flatten)]
    pub messaging: messaging::MessagingSettings,

    #[command(flatten)]
    pub limits: limits::LimitSettings,
}

impl Settings {
    pub fn database_url(&self) -> String {
        self.database_url
            .clone()
            .unwrap_or_else(|| self.data_dir.join("shop.db").to_string_lossy().into_owned())
    }

    pub fn is_sqlite(&self) -> bool {
        !self.database_url().starts_with("postgres")
    }

    /// The unconfirmed payment hold; refused when it does not outlast a payment.
    pub fn payment_hold(&self) -> anyhow::Result<PaymentHold> {
        PaymentHold::new(self.unconfirmed_hold_secs, self.payment_timeout_secs)
            .map_err(|e| anyhow::anyhow!("SHOP_UNCONFIRMED_HOLD_SECS: {e}"))
    }

    /// `SHOP_PUBLIC_URL`, or `http://` and the bind address; refused unless it is a plain
    /// http(s) address.
    pub fn public_url(&self) -> anyhow::Result<PublicUrl> {
        let text = self
            .public_url
            .clone()
            .unwrap_or_else(|| format!("http://{}", self.bind));
        PublicUrl::parse(&text).map_err(|e| anyhow::anyhow!("SHOP_PUBLIC_URL {text:?}: {e}"))
    }

    /// `SHOP_TRUSTED_PROXIES`, refused unless every item is an address or a CIDR range.
    pub fn trusted_proxies(&self) -> anyhow::Result<TrustedProxies> {
        TrustedProxies::parse(&self.trusted_proxies)
            .map_err(|e| anyhow::anyhow!("SHOP_TRUSTED_PROXIES: {e}"))
    }

    /// `SHOP_REQUEST_TIMEOUT_SECS`, refused below [`MIN_REQUEST_TIMEOUT`].
    pub fn request_timeout(&self) -> anyhow::Result<Duration> {
        let timeout = Duration::from_secs(self.request_timeout_secs);
        anyhow::ensure!(
            timeout >= MIN_REQUEST_TIMEOUT,
            "SHOP_REQUEST_TIMEOUT_SECS must be at least {}",
            MIN_REQUEST_TIMEOUT.as_secs()
        );
        Ok(timeout)
    }

    pub fn uploads_dir(&self) -> PathBuf {
        self.data_dir.join("uploads")
    }

    /// The WaafiPay settings when all three credentials are set; `None` when none is; an
    /// error when only some are, or the payment time-out is zero.
    pub fn waafipay(&self) -> anyhow::Result<Option<WaafiPayConfig>> {
        let Some([merchant_uid, api_user_id, api_key]) = all_or_none(
            "WaafiPay",
            [
                ("WAAFIPAY_MERCHANT_UID", &self.waafipay_merchant_uid),
                ("WAAFIPAY_API_USER_ID", &self.waafipay_api_user_id),
                ("WAAFIPAY_API_KEY", &self.waafipay_api_key),
            ],
        )?
        else {
            return Ok(None);
        };
        anyhow::ensure!(
            self.payment_timeout_secs > 0,
            "SHOP_PAYMENT_TIMEOUT_SECS must be at least 1"
        );
        Ok(Some(WaafiPayConfig {
            url: self.waafipay_url.trim().to_owned(),
            merchant_uid,
            api_user_id,
            api_key,
            timeout: Duration::from_secs(self.payment_timeout_secs),
        }))
    }

    /// The webhook secret, when one is set.
    pub fn waafipay_webhook_secret(&self) -> Option<String> {
        self.waafipay_webhook_secret
            .as_deref()
            .map(str::trim)
            .filter(|secret| !secret.is_empty())
            .map(str::to_owned)
    }

    /// The card page's settings when both HPP credentials are set (with
    /// `WAAFIPAY_MERCHANT_UID`); `None` when neither is; an error when only one is, or the
    /// merchant id is missing. The payer comes back to `public_url`'s card return address.
    pub fn waafipay_cards(
        &self,
        public_url: &PublicUrl,
    ) -> anyhow::Result<Option<WaafiPayCardConfig>> {
        let Some([store_id, hpp_key]) = all_or_none(
            "WaafiPay's card page",
            [
                ("WAAFIPAY_HPP_STORE_ID", &self.waafipay_hpp_store_id),
                ("WAAFIPAY_HPP_KEY", &self.waafipay_hpp_key),
            ],
        )?
        else {
            return Ok(None);
        };
        let merchant_uid = self
            .waafipay_merchant_uid
            .as_deref()
            .map(str::trim)
            .filter(|uid| !uid.is_empty())
            .context("WaafiPay's card page needs WAAFIPAY_MERCHANT_UID too")?;
        Ok(Some(WaafiPayCardConfig {
            url: self.waafipay_url.trim().to_owned(),
            merchant_uid: merchant_uid.to_owned(),
            store_id,
            hpp_key,
            return_url: format!("{}{CARD_RETURN_PATH}", public_url.as_str()),
        }))
    }

    /// The eDahab settings when its three credentials are set; `None` when none is; an error
    /// when only some are. An invoice may be paid long after checkout stopped waiting for it
    /// (the shop records the late answer), so a call may take as long as the payment hold.
    pub fn edahab(&self) -> anyhow::Result<Option<EdahabConfig>> {
        let Some([api_key, secret, agent_code]) = all_or_none(
            "eDahab",
            [
                ("EDAHAB_API_KEY", &self.edahab_api_key),
                ("EDAHAB_SECRET", &self.edahab_secret),
                ("EDAHAB_AGENT_CODE", &self.edahab_agent_code),
            ],
        )?
        else {
            return Ok(None);
        };
        Ok(Some(EdahabConfig {
            url: self.edahab_url.trim().trim_end_matches('/').to_owned(),
            api_key,
            secret,
            agent_code,
            timeout: Duration::from_secs(self.unconfirmed_hold_secs),
        }))
    }
}

/// A provider's credentials: all given (trimmed, in order), none (`None`), or an error naming
/// the missing ones.
fn all_or_none<const N: usize>(
    provider: &str,
    credentials: [(&str, &Option<String>); N],
) -> anyhow::Result<Option<[String; N]>> {
    let given = credentials.map(|(name, value)| {
        let value = value
            .as_deref()
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_owned);
        (name, value)
    });
    let names: Vec<&str> = given.iter().map(|(name, _)| *name).collect();
    let missing: Vec<&str> = given
        .iter()
        .filter(|(_, value)| value.is_none())
        .map(|(name, _)| *name)
        .collect();
    if missing.len() == N {
        return Ok(None);
    }
    anyhow::ensure!(
        missing.is_empty(),
        "{provider} is only partly configured: set {} together (missing: {}), or none of them",
        names.join(", "),
        missing.join(", ")
    );
    Ok(Some(given.map(|(_, value)| value.unwrap_or_default())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_serve_sqlite_in_the_data_dir() {
        let cli = Cli::parse_from(["shop"]);
        assert_eq!(cli.settings.bind, "127.0.0.1:8080");
        assert_eq!(cli.settings.database_url(), "./data/shop.db");
        assert!(cli.settings.is_sqlite());
        assert!(cli.command.is_none());
    }

    #[test]
    fn the_public_url_defaults_to_the_bind_address_and_is_checked() {
        let cli = Cli::parse_from(["shop", "--bind", "0.0.0.0:9000"]);
        assert_eq!(
            cli.settings.public_url().unwrap().as_str(),
            "http://0.0.0.0:9000"
        );
        let cli = Cli::parse_from(["shop", "--public-url", "https://shop.so/"]);
        assert_eq!(
            cli.settings.public_url().unwrap().as_str(),
            "https://shop.so"
        );
        let cli = Cli::parse_from(["shop", "--public-url", "https://shop.so/?utm=x"]);
        let error = cli.settings.public_url().unwrap_err().to_string();
        assert_eq!(
            error,
            "SHOP_PUBLIC_URL \"https://shop.so/?utm=x\": the address may not carry a query (?) or a fragment (#)"
        );
    }

    #[test]
    fn a_request_has_thirty_seconds_by_default_and_never_less_than_ten() {
        let cli = Cli::parse_from(["shop"]);
        assert_eq!(
            cli.settings.request_timeout().unwrap(),
            Duration::from_secs(30)
        );
        assert_eq!(cli.settings.max_connections, None);
        let cli = Cli::parse_from(["shop", "--request-timeout-secs", "9"]);
        assert_eq!(
            cli.settings.request_timeout().unwrap_err().to_string(),
            "SHOP_REQUEST_TIMEOUT_SECS must be at least 10"
        );
    }

    #[test]
    fn booleans_accept_the_usual_forms() {
        let demo = |value: &str| {
            Cli::parse_from(["shop", "--demo-data", value])
                .settings
                .demo_data
        };
        for yes in ["1", "yes", "true", "on", "TRUE"] {
            assert_eq!(demo(yes), Some(true), "{yes}");
        }
        for no in ["0", "no", "false", "off"] {
            assert_eq!(demo(no), Some(false), "{no}");
        }
        assert!(Cli::try_parse_from(["shop", "--demo-data", "maybe"]).is_err());
        assert_eq!(Cli::parse_from(["shop"]).settings.demo_data, None);
    }

    #[test]
    fn trusted_proxies_are_addresses_or_ranges() {
        let trusted = |value: &str| {
            Cli::parse_from(["shop", "--trusted-proxies", value])
                .settings
                .trusted_proxies()
        };
        assert!(trusted("10.0.0.0/8, 127.0.0.1").is_ok());
        let error = trusted("10.0.0.0/8, proxy.local").unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("SHOP_TRUSTED_PROXIES: \"proxy.local\""),
            "{error}"
        );
        assert_eq!(
            Cli::parse_from(["shop"])
                .settings
                .trusted_proxies()
                .unwrap(),
            TrustedProxies::default()
        );
    }

    #[test]
    fn hsts_is_off_unless_asked_for() {
        assert!(!Cli::parse_from(["shop"]).settings.hsts);
        assert!(Cli::parse_from(["shop", "--hsts"]).settings.hsts);
    }

    #[test]
    fn a_postgres_url_selects_postgresql() {
        let cli = Cli::parse_from(["shop", "--database-url", "postgres://u@h/db", "serve"]);
        assert!(!cli.settings.is_sqlite());
        assert!(matches!(cli.command, Some(Command::Serve)));
    }

    #[test]
    fn seed_takes_its_sizes_and_the_settings_after_the_sub_command() {
        let cli = Cli::parse_from([
            "shop",
            "seed",
            "--products",
            "50",
            "--orders",
            "200",
            "--database-url",
            "postgres://u@h/db",
        ]);
        let Some(Command::Seed(args)) = cli.command else {
            panic!("not seed: {:?}", cli.command);
        };
        assert_eq!(
            (args.products, args.orders, args.users, args.force),
            (50, 200, 1_000, false)
        );
        assert_eq!(cli.settings.database_url(), "postgres://u@h/db");
    }

    #[test]
    fn seed_makes_the_benchmark_shop_by_default() {
        let cli = Cli::parse_from(["shop", "--data-dir", "/tmp/bench", "seed", "--force"]);
        let Some(Command::Seed(args)) = cli.command else {
            panic!("not seed: {:?}", cli.command);
        };
        assert_eq!(
            (args.products, args.orders, args.users, args.force),
            (10_000, 100_000, 1_000, true)
        );
        assert_eq!(cli.settings.database_url(), "/tmp/bench/shop.db");
    }

    #[test]
    fn without_waafipay_credentials_payments_use_the_sandbox() {
        let cli = Cli::parse_from(["shop"]);
        assert_eq!(cli.settings.waafipay_url, "https://api.waafipay.net/asm");
        assert_eq!(cli.settings.payment_timeout_secs, 60);
        assert_eq!(cli.settings.waafipay().unwrap(), None);
    }

    #[test]
    fn all_three_waafipay_credentials_select_waafipay() {
        let cli = Cli::parse_from([
            "shop",
            "--waafipay-url",
            "https://sandbox.waafipay.net/asm",
            "--waafipay-merchant-uid",
            "M0910291",
            "--waafipay-api-user-id",
            "1000416",
            "--waafipay-api-key",
            "API-675418888AHX",
            "--payment-timeout-secs",
            "90",
        ]);
        let config = cli.settings.waafipay().unwrap().unwrap();
        assert_eq!(config.url, "https://sandbox.waafipay.net/asm");
        assert_eq!(config.merchant_uid, "M0910291");
        assert_eq!(config.api_user_id, "1000416");
        assert_eq!(config.api_key, "API-675418888AHX");
        assert_eq!(config.timeout, Duration::from_secs(90));
    }

    #[test]
    fn some_but_not_all_waafipay_credentials_are_refused_naming_the_missing_ones() {
        let cli = Cli::parse_from([
            "shop",
            "--waafipay-merchant-uid",
            "M0910291",
            "--waafipay-api-key",
            "API-675418888AHX",
        ]);
        let error = cli.settings.waafipay().unwrap_err().to_string();
        assert!(error.contains("missing: WAAFIPAY_API_USER_ID"), "{error}");
        assert!(!error.contains("API-675418888AHX"), "{error}");
    }

    #[test]
    fn cards_take_both_hpp_credentials_and_the_merchant_and_come_back_to_the_public_url() {
        let url = PublicUrl::parse("https://dukaan.so").unwrap();
        let none = Cli::parse_from(["shop"]);
        assert_eq!(none.settings.waafipay_cards(&url).unwrap(), None);
        let all = Cli::parse_from([
            "shop",
            "--waafipay-merchant-uid",
            "M0910291",
            "--waafipay-hpp-store-id",
            "1000297",
            "--waafipay-hpp-key",
            "HPP-KEY",
        ]);
        let config = all.settings.waafipay_cards(&url).unwrap().unwrap();
        assert_eq!(
            (
                config.merchant_uid.as_str(),
                config.store_id.as_str(),
                config.hpp_key.as_str(),
                config.return_url.as_str()
            ),
            (
                "M0910291",
                "1000297",
                "HPP-KEY",
                "https://dukaan.so/api/payments/card/return"
            )
        );
        let one = Cli::parse_from(["shop", "--waafipay-hpp-key", "HPP-KEY"]);
        let error = one.settings.waafipay_cards(&url).unwrap_err().to_string();
        assert!(error.contains("missing: WAAFIPAY_HPP_STORE_ID"), "{error}");
        assert!(!error.contains("HPP-KEY"), "{error}");
        let no_merchant = Cli::parse_from([
            "shop",
            "--waafipay-hpp-store-id",
            "1000297",
            "--waafipay-hpp-key",
            "HPP-KEY",
        ]);
        let error = no_merchant
            .settings
            .waafipay_cards(&url)
            .unwrap_err()
            .to_string();
        assert_eq!(
            error,
            "WaafiPay's card page needs WAAFIPAY_MERCHANT_UID too"
        );
    }

    #[test]
    fn edahab_takes_all_three_credentials_or_none_and_waits_as_long_as_the_hold() {
        let none = Cli::parse_from(["shop"]);
        assert_eq!(none.settings.edahab().unwrap(), None);
        assert_eq!(none.settings.edahab_url, "https://edahab.net/api/api");
        let all = Cli::parse_from([
            "shop",
            "--edahab-api-key",
            "EDH-KEY",
            "--edahab-secret",
            "s3cret",
            "--edahab-agent-code",
            "701234",
        ]);
        let config = all.settings.edahab().unwrap().unwrap();
        assert_eq!(
            (
                config.api_key.as_str(),
                config.secret.as_str(),
                config.agent_code.as_str()
            ),
            ("EDH-KEY", "s3cret", "701234")
        );
        assert_eq!(config.timeout, Duration::from_secs(1800));
        let some = Cli::parse_from(["shop", "--edahab-secret", "s3cret"]);
        let error = some.settings.edahab().unwrap_err().to_string();
        assert!(
            error.contains("eDahab is only partly configured")
                && error.contains("missing: EDAHAB_API_KEY, EDAHAB_AGENT_CODE"),
            "{error}"
        );
        assert!(!error.contains("s3cret"), "{error}");
    }

    #[test]
    fn blank_waafipay_credentials_count_as_unset() {
        let cli = Cli::parse_from([
            "shop",
            "--waafipay-merchant-uid",
            " ",
            "--waafipay-api-user-id",
            "",
        ]);
        assert_eq!(cli.settings.waafipay().unwrap(), None);
    }

    #[test]
    fn a_zero_payment_timeout_is_refused() {
        let cli = Cli::parse_from([
            "shop",
            "--waafipay-merchant-uid",
            "M0910291",
            "--waafipay-api-user-id",
            "1000416",
            "--waafipay-api-key",
            "API-675418888AHX",
            "--payment-timeout-secs",
            "0",
        ]);
        assert!(cli.settings.waafipay().is_err());
    }

    #[test]
    fn an_unconfirmed_payment_holds_stock_half_an_hour_unless_told_otherwise() {
        let cli = Cli::parse_from(["shop"]);
        assert_eq!(cli.settings.unconfirmed_hold_secs, 1800);
        assert!(cli.settings.payment_hold().is_ok());
    }

    #[test]
    fn a_hold_no_longer_than_a_payment_is_refused() {
        let cli = Cli::parse_from(["shop", "--unconfirmed-hold-secs", "60"]);
        let error = cli.settings.payment_hold().unwrap_err().to_string();
        assert_eq!(
            error,
            "SHOP_UNCONFIRMED_HOLD_SECS: the unconfirmed payment hold (60 s) must be longer than the payment time-out (60 s)"
        );
    }
}
