//! The ports: what the core needs from the outside world. Adapters implement them and
//! translate their own failures into the errors named here.

pub use crate::listing::Page;
pub use crate::storage::RepoError;

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
