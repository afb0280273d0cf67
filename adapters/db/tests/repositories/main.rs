//! The repositories against every database `test_support::databases()` gives: SQLite
//! always, PostgreSQL when SHOP_TEST_POSTGRES_URL is set.

mod support;

mod audit;
mod back_office_lists;
mod carts;
mod connect;
mod delivery_zones;
mod discounts;
mod orders;
mod outbox;
mod payment_safety;
mod products;
mod race;
mod returns;
mod reviews;
mod settings;
mod stats;
mod users;
mod variants;
mod wishlists;
