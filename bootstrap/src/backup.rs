//! `shop backup --to FILE`: a consistent copy of the shop's SQLite database, taken beside the
//! serving shop (`shop_db::backup`).

use crate::config::{BackupArgs, Settings};
use std::time::Instant;

pub fn run(settings: &Settings, args: &BackupArgs) -> anyhow::Result<()> {
    let started = Instant::now();
    let url = settings.database_url();
    let bytes = shop_db::backup(&url, &args.to)?;
    println!(
        "Backed up {url} to {} ({:.1} MB in {:.1} s). Keep the data dir's uploads and jwt_secret with it.",
        args.to.display(),
        bytes as f64 / 1_000_000.0,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
