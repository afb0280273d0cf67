//! HTTP contract tests: every call of the API (docs/api.md) over the real wiring, on SQLite and
//! (when SHOP_TEST_POSTGRES_URL is set) PostgreSQL.

mod account_attacks;
mod accounts;
mod audit;
mod authorization;
mod back_office;
mod bad_input;
mod cards;
mod cart;
mod cart_discounts;
mod cash_on_delivery;
mod catalog;
mod catalogue_load;
mod colour_pictures;
mod deliveries;
mod delivery_zones;
mod discounts;
mod edahab;
mod fake_edahab;
mod hardening;
mod helpers;
mod languages;
mod late_money;
mod next_moves;
mod openapi;
mod orders;
mod pages;
mod password_races;
mod payment_links;
mod payment_methods;
mod permission_matrix;
mod phone_orders;
mod phone_sign_in;
mod product_sheet;
mod reopening;
#[path = "../common/reply.rs"]
mod reply;
mod restock;
mod returns;
mod reviews;
mod settings;
mod staff;
mod stock_and_money;
mod unanswered_refunds;
mod variants;
mod waafipay_webhook;
