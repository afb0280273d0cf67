//! The shop's use cases, one method per API call, over the domain's ports.
//!
//! One service per area (catalogue, carts, checkout, orders, returns, reviews, accounts,
//! discounts, notifications, settings, dashboard, audit trail), each holding only the ports
//! it uses; `bootstrap` wires them into a `Shop`. What several services share (the audit
//! trail's writer, the catalogue's version, the settings in force, refunds under a claim,
//! the attempt throttle, the shopper's language) is a small component of its own, cloned
//! into each service that uses it.

pub mod accounts;
pub mod audit;
pub mod cart;
pub mod catalog;
pub mod checkout;
pub mod dashboard;
pub mod delivery;
pub mod discounts;
pub mod error;
mod in_flight;
pub mod languages;
mod monitoring;
pub mod notifications;
pub mod orders;
pub mod payments;
pub mod phone_orders;
mod recent;
pub mod refunds;
pub mod restock;
pub mod returns;
pub mod reviews;
pub mod settings;
pub mod terms;
pub mod throttle;
pub mod views;

pub use error::{ReadError, SearchedListError};
pub use throttle::TooManyAttempts;

/// The shop's use cases, a service per area.
pub struct Shop {
    pub accounts: accounts::Accounts,
    pub audit: audit::Audit,
    pub carts: cart::Carts,
    pub catalog: catalog::Catalog,
    pub product_sheets: catalog::sheet::ProductSheets,
    pub colour_galleries: catalog::colour_pictures::ColourGalleries,
    pub checkout: checkout::Checkout,
    pub dashboard: dashboard::Reports,
    pub delivery: delivery::DeliveryZones,
    pub dispatcher: delivery::Dispatcher,
    pub riders: delivery::Riders,
    pub discounts: discounts::Discounts,
    pub notifications: notifications::Notifications,
    pub orders: orders::Orders,
    pub payments: payments::Payments,
    pub payment_links: phone_orders::PaymentLinks,
    pub phone_customers: phone_orders::PhoneCustomers,
    pub phone_orders: phone_orders::PhoneOrders,
    pub phone_payments: std::sync::Arc<phone_orders::PhonePayments>,
    pub restock_alerts: restock::RestockAlerts,
    pub returns: returns::Returns,
    pub reviews: reviews::Reviews,
    pub settings: settings::Settings,
    pub terms: terms::Terms,
}

#[cfg(test)]
pub(crate) mod testing;
