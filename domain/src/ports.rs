//! The ports: what the core needs from the outside world. Adapters implement them and
//! translate their own failures into the errors named here.

pub use crate::listing::Page;

mod audit;
mod auth;
mod cart;
mod delivery;
mod discounts;
mod images;
mod notifications;
mod orders;
mod payment_attempts;
mod payment_links;
mod payment_notices;
mod payments;
mod products;
mod restock;
mod returns;
mod reviews;
mod settings;
mod system;
mod users;
pub use audit::*;
pub use auth::*;
pub use cart::*;
pub use delivery::*;
pub use discounts::*;
pub use images::*;
pub use notifications::*;
pub use orders::*;
pub use payment_attempts::*;
pub use payment_links::*;
pub use payment_notices::*;
pub use payments::*;
pub use products::*;
pub use restock::*;
pub use returns::*;
pub use reviews::*;
pub use settings::*;
pub use system::*;
pub use users::*;

/// A storage failure.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RepoError {
    /// A unique value (an e-mail address, a key) is taken.
    #[error("already exists")]
    Duplicate,
    #[error("not found")]
    NotFound,
    /// The database failed; the text is for logs only.
    #[error("storage failed: {0}")]
    Storage(String),
    /// The database cannot be reached now (restarting, down, every connection in use); the
    /// same call may work in a moment. The text is for logs only.
    #[error("database unavailable: {0}")]
    Unavailable(String),
}
