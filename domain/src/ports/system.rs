//! Ports of the machine: the time, new ids and secrets.

use crate::delivery::DeliveryCode;
use crate::payment_link::LinkToken;
use chrono::{DateTime, Utc};

#[cfg_attr(feature = "mocks", mockall::automock)]
pub trait Clock: Send + Sync {
    /// Now, in UTC, truncated to microseconds (what both databases keep).
    fn now(&self) -> DateTime<Utc>;
}

#[cfg_attr(feature = "mocks", mockall::automock)]
pub trait IdGenerator: Send + Sync {
    fn new_id(&self) -> String;
}

#[cfg_attr(feature = "mocks", mockall::automock)]
pub trait SecretGenerator: Send + Sync {
    /// A random password an admin hands to a new user, to be changed at first sign-in.
    fn temporary_password(&self) -> String;
    /// A password reset code: `password_reset::CODE_DIGITS` random digits.
    fn reset_code(&self) -> String;
    /// A random code for a shopper to give the rider who brings their order.
    fn delivery_code(&self) -> DeliveryCode;
    /// The secret of a new payment link.
    fn link_token(&self) -> LinkToken;
}
