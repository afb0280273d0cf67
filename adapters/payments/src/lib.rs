//! Payment gateways implementing the domain's `PaymentGateway` port.
//!
//! - [`sandbox::SandboxGateway`]: the default when no WaafiPay credentials are configured; no
//!   money moves, and documented test numbers decline, time out or fail.
//! - The WaafiPay (EVC Plus) gateway lives in its own module `waafipay`.

pub mod sandbox;

pub use sandbox::SandboxGateway;
