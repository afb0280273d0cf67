//! Payment gateways implementing the domain's `PaymentGateway` port.
//!
//! - [`sandbox::SandboxGateway`]: the default when no WaafiPay credentials are configured; no
//!   money moves, and documented test numbers decline, time out or fail.
//! - [`waafipay::WaafiPayGateway`]: real EVC Plus payments through WaafiPay, used when its
//!   credentials are configured; [`waafipay::WaafiPayCards`], cards on WaafiPay's hosted page.
//! - [`edahab::EdahabGateway`]: real eDahab (Somtel) payments through eDahab's invoice API,
//!   used when its credentials are configured.

pub mod call;
pub mod edahab;
pub mod providers;
mod redact;
pub mod sandbox;
pub mod waafipay;

pub use edahab::{EdahabConfig, EdahabGateway};
pub use providers::Providers;
pub use sandbox::SandboxGateway;
pub use waafipay::{
    WaafiPayCardConfig, WaafiPayCards, WaafiPayConfig, WaafiPayGateway, WaafiPayNotices,
};
