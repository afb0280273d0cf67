//! The shop's rules: money, stock, carts, orders, permissions and validation, with the ports
//! (traits) through which the core reaches storage, payments, passwords, tokens and images.
//! Nothing here does I/O.

pub mod account_key;
pub mod audit;
pub mod cart;
pub mod checkout;
pub mod delivery;
pub mod discount;
pub mod ids;
pub mod language;
pub mod listing;
pub mod message;
pub mod money;
pub mod notification;
pub mod order;
pub mod password_reset;
pub mod payment_attempt;
pub mod payment_hold;
pub mod payment_link;
pub mod payment_method;
pub mod permissions;
pub mod phone;
pub mod phone_order;
pub mod ports;
pub mod product;
pub mod product_edit;
pub mod product_sheet;
pub mod refund;
pub mod restock;
pub mod returns;
pub mod review;
pub mod settings;
pub mod spreadsheet;
pub mod stats;
pub mod stock;
pub mod storage;
pub mod terms;
pub mod user;
pub mod validation;
pub mod variant;

pub use ids::{
    DiscountId, NotificationId, OrderId, OrderLineId, PaymentAttemptId, ProductId, ReturnId,
    ReviewId, UserId, VariantId, ZoneId,
};
pub use money::{Currency, Money, Percent};
