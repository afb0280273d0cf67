//! Delivering (issue 43): the zones the shop delivers to, read by every cart and checkout
//! and kept by admins; orders sent out with riders, and each rider's own deliveries.

mod dispatch;
mod errors;
mod riders;
mod zones;

pub use dispatch::Dispatcher;
pub use errors::{CashReceiptError, DispatchError, RiderMoveError};
pub use riders::Riders;
pub use zones::{CurrentZones, DeliveryZones, ZoneChangeError};
