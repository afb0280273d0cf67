//! The shop's use cases, one method per API call, over the domain's ports.
//!
//! `Shop` holds the ports; each module adds the use cases of one feature to it.

pub mod accounts;
pub mod audit;
pub mod cart;
pub mod cart_discount;
pub mod catalog;
pub mod checkout;
pub mod dashboard;
pub mod discounts;
pub mod error;
mod in_flight;
mod languages;
mod monitoring;
pub mod notifications;
pub mod orders;
pub mod password_reset;
mod recent;
pub mod refunds;
pub mod returns;
pub mod reviews;
pub mod settings;
pub mod throttle;

pub use error::AppError;

use domain::payment_hold::PaymentHold;
use domain::ports::{
    AuditLog, CartRepository, Clock, DiscountRepository, IdGenerator, ImageStore, OrderRepository,
    Outbox, PasswordHasher, PaymentGateway, ProductRepository, ReturnRepository, ReviewRepository,
    SecretGenerator, SettingsRepository, TokenService, UserRepository, WishlistRepository,
};
use domain::settings::ShopSettings;
use in_flight::CheckoutsInFlight;
use notifications::Channels;
use recent::Recent;
use std::sync::Arc;
use throttle::{AttemptLimits, Throttle};

/// Everything the core talks to.
#[derive(Clone)]
pub struct Ports {
    pub users: Arc<dyn UserRepository>,
    pub products: Arc<dyn ProductRepository>,
    pub carts: Arc<dyn CartRepository>,
    pub wishlists: Arc<dyn WishlistRepository>,
    pub orders: Arc<dyn OrderRepository>,
    pub discounts: Arc<dyn DiscountRepository>,
    pub returns: Arc<dyn ReturnRepository>,
    pub reviews: Arc<dyn ReviewRepository>,
    pub settings: Arc<dyn SettingsRepository>,
    pub payments: Arc<dyn PaymentGateway>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub tokens: Arc<dyn TokenService>,
    pub secrets: Arc<dyn SecretGenerator>,
    pub images: Arc<dyn ImageStore>,
    pub clock: Arc<dyn Clock>,
    pub ids: Arc<dyn IdGenerator>,
    pub audit: Arc<dyn AuditLog>,
    pub outbox: Arc<dyn Outbox>,
}

/// The shop's use cases.
pub struct Shop {
    ports: Ports,
    /// Used until an admin saves settings of their own.
    default_settings: ShopSettings,
    throttle: Throttle,
    checkouts_in_flight: CheckoutsInFlight,
    catalog_version: Recent<u64>,
    /// `None`: no settings saved yet (the defaults apply).
    settings: Recent<Option<ShopSettings>>,
    payment_hold: PaymentHold,
    /// See `accounts::UNKNOWN_EMAIL_PASSWORD`.
    unknown_email_hash: tokio::sync::OnceCell<String>,
    channels: Channels,
    remembered_languages: languages::Remembered,
}

impl Shop {
    pub fn new(ports: Ports, default_settings: ShopSettings) -> Self {
        Self {
            ports,
            default_settings,
            throttle: Throttle::default(),
            checkouts_in_flight: CheckoutsInFlight::default(),
            catalog_version: Recent::default(),
            settings: Recent::default(),
            payment_hold: PaymentHold::default(),
            unknown_email_hash: tokio::sync::OnceCell::new(),
            channels: Channels::default(),
            remembered_languages: languages::Remembered::default(),
        }
    }

    /// The channels messages go out through (none configured by default: all skipped).
    pub fn with_channels(self, channels: Channels) -> Self {
        Self { channels, ..self }
    }

    /// How many sign-in, registration and password-reset attempts are allowed (see
    /// `throttle::AttemptLimits`'s defaults).
    pub fn with_attempt_limits(self, limits: AttemptLimits) -> Self {
        Self {
            throttle: Throttle::new(limits),
            ..self
        }
    }

    /// How long an unconfirmed payment keeps its order's stock (default half an hour).
    pub fn with_payment_hold(self, payment_hold: PaymentHold) -> Self {
        Self {
            payment_hold,
            ..self
        }
    }

    pub fn payment_hold(&self) -> PaymentHold {
        self.payment_hold
    }

    pub fn is_sandbox_payments(&self) -> bool {
        self.ports.payments.is_sandbox()
    }

    /// Now, by the shop's clock: what a reply judges time-bound rules by (the return window),
    /// as the use cases do.
    pub fn now(&self) -> chrono::DateTime<chrono::Utc> {
        self.ports.clock.now()
    }
}

#[cfg(test)]
pub(crate) mod testing;
