//! Wiring of the shop: configuration, the system adapters (clock, ids, secrets), the demo
//! catalogue and the server. `main.rs` only parses the command line and calls in here.

pub mod config;
pub mod demo;
pub mod system;
pub mod wiring;
