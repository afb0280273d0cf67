//! Tests of the real `shop` binary as a process: killed mid-payment, and later several
//! processes on one database.

mod backup;
mod crash;
mod hardening;
mod mail;
mod observability;
mod own_postgres;
mod payment_hold;
mod postgres_restart;
#[path = "../common/reply.rs"]
mod reply;
mod start_failure;
mod support;
mod two_instances;
