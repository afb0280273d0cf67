//! Every setting, as a flag or an environment variable (DESIGN.md section 7).

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

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
}

#[derive(Debug, Clone, Args)]
pub struct Settings {
    /// Address and port to listen on.
    #[arg(long, env = "SHOP_BIND", default_value = "127.0.0.1:8080")]
    pub bind: String,

    /// Folder for the SQLite database, uploads and the generated token secret.
    #[arg(long, env = "SHOP_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,

    /// `postgres://…` for PostgreSQL; default: the SQLite file `shop.db` in the data dir.
    #[arg(long, env = "SHOP_DATABASE_URL")]
    pub database_url: Option<String>,

    /// Secret that signs session tokens; default: generated once and kept in the data dir.
    #[arg(long, env = "SHOP_JWT_SECRET", hide_env_values = true)]
    pub jwt_secret: Option<String>,

    /// Ensure an admin with this e-mail exists at start (with SHOP_ADMIN_PASSWORD).
    #[arg(long, env = "SHOP_ADMIN_EMAIL")]
    pub admin_email: Option<String>,

    /// The password of SHOP_ADMIN_EMAIL.
    #[arg(long, env = "SHOP_ADMIN_PASSWORD", hide_env_values = true)]
    pub admin_password: Option<String>,

    /// Seed the demo catalogue and a demo customer (default: on for a new SQLite database).
    #[arg(long, env = "SHOP_DEMO_DATA")]
    pub demo_data: Option<bool>,

    /// Flat shipping fee in dollars, until an admin changes it in the settings screen.
    #[arg(long, env = "SHOP_SHIPPING_FEE", default_value_t = 5.0)]
    pub shipping_fee: f64,

    /// Shop name shown to shoppers, until an admin changes it.
    #[arg(long, env = "SHOP_NAME", default_value = "Dukaan Fashion")]
    pub shop_name: String,

    /// Support phone in the header and footer, until an admin changes it.
    #[arg(long, env = "SHOP_SUPPORT_PHONE", default_value = "+252 61 000 0000")]
    pub support_phone: String,

    /// Support e-mail in the footer, until an admin changes it.
    #[arg(long, env = "SHOP_SUPPORT_EMAIL", default_value = "support@dukaan.so")]
    pub support_email: String,

    /// The built frontend to serve.
    #[arg(long, env = "SHOP_FRONTEND_DIR", default_value = "frontend/dist")]
    pub frontend_dir: PathBuf,

    /// Delay of the sandbox payment gateway, in milliseconds.
    #[arg(long, env = "SHOP_SANDBOX_DELAY_MS", default_value_t = 0)]
    pub sandbox_delay_ms: u64,
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

    pub fn uploads_dir(&self) -> PathBuf {
        self.data_dir.join("uploads")
    }
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
    fn a_postgres_url_selects_postgresql() {
        let cli = Cli::parse_from(["shop", "--database-url", "postgres://u@h/db", "serve"]);
        assert!(!cli.settings.is_sqlite());
        assert!(matches!(cli.command, Some(Command::Serve)));
    }
}
