//! Delivering across Somalia (DESIGN.md section 9, "Delivering"): the zones a shop delivers
//! to with their fees and times, and when cash on delivery is taken.

pub mod cash;
pub mod zone;

pub use cash::{cash_on_delivery, CashRefusal};
pub use zone::{
    delivery_fee, DeliveryTime, DeliveryZone, ZoneDraft, ZoneInput, ZoneRefusal, Zones,
    MAX_PLACE_NAME,
};
