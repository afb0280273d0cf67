//! The `shop` binary: parses the command line and hands over to the wiring.

use bootstrap::config::{Cli, Command};
use bootstrap::{backup, seed, webhook, wiring};
use clap::Parser;
use std::io::IsTerminal as _;
use std::process::ExitCode;
use tracing_subscriber::EnvFilter;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[actix_web::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_env("SHOP_LOG").unwrap_or_else(|_| EnvFilter::new("info")),
        )
        .with_target(false)
        // Colours only on a terminal: a log file or journald gets plain text.
        .with_ansi(std::io::stdout().is_terminal())
        .init();
    match run(cli).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // The reason and its causes on one line: an `Err` returned from `main` would be
            // printed with its Debug form, a backtrace whenever RUST_BACKTRACE is set.
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// Runs the sub-command asked for, `serve` when none is.
async fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => {
            let started = wiring::start(&cli.settings).await?;
            wiring::serve(&cli.settings, started).await
        }
        Command::Seed(args) => seed::run(&cli.settings, &args).await,
        Command::Backup(args) => backup::run(&cli.settings, &args),
        Command::RegisterWebhook => webhook::register(&cli.settings).await,
        Command::Openapi => {
            println!("{}", shop_http::api_document().pretty());
            Ok(())
        }
    }
}
