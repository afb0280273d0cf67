//! Wiring of the shop: configuration, the system adapters (clock, ids, secrets), the demo
//! catalogue, the benchmark seed and the server. `main.rs` only parses the command line and
//! calls in here.

pub mod backup;
pub mod config;
pub mod demo;
pub mod metrics;
pub mod pictures;
pub mod seed;
pub mod system;
pub mod webhook;
pub mod wiring;
