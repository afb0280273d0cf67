//! Delivering across Somalia (DESIGN.md section 9, "Delivering"): the zones a shop delivers
//! to with their fees and times, when cash on delivery is taken, and an order's way out with
//! a rider.

pub mod cash;
pub mod day;
pub mod dispatch;
pub mod zone;

pub use crate::order::delivery::{
    Delivery, DeliveryAttempt, DeliveryCode, DeliveryState, DeliveryStep, NotDelivered, Rider,
    CODE_TRIES,
};
pub use cash::{
    cash_on_delivery, cash_order_placed, takes_cash, CashHandIn, CashRefusal, RiderCash,
};
pub use day::{day_bounds, day_of};
pub use dispatch::{
    dispatch, handed_over, ready_to_go_out, try_code, CashMismatch, CodeRefusal, CodeTry, Dispatch,
    DispatchRefusal,
};
pub use zone::{
    delivery_fee, DeliveryTime, DeliveryZone, ZoneDraft, ZoneInput, ZoneRefusal, Zones,
    MAX_PLACE_NAME,
};
