//! Delivering (issue 43): the zones the shop delivers to, read by every cart and checkout
//! and kept by admins.

mod zones;

pub use zones::{CurrentZones, DeliveryZones, ZoneChangeError};
