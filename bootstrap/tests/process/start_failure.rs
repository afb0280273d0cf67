//! A start that fails says why in one line on standard error and exits with 1: no backtrace
//! and no panic, even for an operator who keeps RUST_BACKTRACE set.

use crate::support::free_port;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// `shop serve` on `data_dir` with extra settings and RUST_BACKTRACE=1, until it exits.
fn serve(data_dir: &Path, env: &[(&str, &str)]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shop"))
        .arg("serve")
        .env("SHOP_BIND", format!("127.0.0.1:{}", free_port()))
        .env("SHOP_DATA_DIR", data_dir)
        .env("SHOP_DEMO_DATA", "false")
        .env("RUST_BACKTRACE", "1")
        .envs(env.iter().copied())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the shop binary starts");
    // A shop that starts after all would serve for ever: stop it and fail.
    let deadline = Instant::now() + Duration::from_secs(60);
    while child.try_wait().expect("the shop's status").is_none() {
        if Instant::now() > deadline {
            child.kill().expect("the shop is killed");
            panic!("the shop started instead of refusing to");
        }
        sleep(Duration::from_millis(50));
    }
    child.wait_with_output().expect("the shop's standard error")
}

/// Exit status 1 and one line on standard error: `error: ` and the reason.
fn assert_refused_in_one_line(output: &Output, reason: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(stderr.contains(reason), "{stderr}");
    let lowercase = stderr.to_lowercase();
    assert!(!lowercase.contains("backtrace"), "{stderr}");
    assert!(!lowercase.contains("panicked"), "{stderr}");
}

#[test]
fn a_hold_no_longer_than_the_payment_time_out_stops_the_start_with_its_reason_alone() {
    let data = tempfile::tempdir().unwrap();
    let output = serve(
        data.path(),
        &[
            ("SHOP_UNCONFIRMED_HOLD_SECS", "60"),
            ("SHOP_PAYMENT_TIMEOUT_SECS", "60"),
        ],
    );
    assert_refused_in_one_line(
        &output,
        "SHOP_UNCONFIRMED_HOLD_SECS: the unconfirmed payment hold (60 s) must be longer than the payment time-out (60 s)",
    );
}

#[test]
fn a_database_that_cannot_be_opened_stops_the_start_with_its_reason_alone() {
    let data = tempfile::tempdir().unwrap();
    // Where the SQLite file belongs, a directory.
    std::fs::create_dir(data.path().join("shop.db")).unwrap();
    let output = serve(data.path(), &[]);
    assert_refused_in_one_line(&output, "cannot open the database: ");
}
