//! `pixmart-worker`: one per CPU/GPU node. Loads the models it finds,
//! registers itself with the task types it can serve, and runs their jobs.

use std::path::PathBuf;

use clap::Parser;

#[derive(Debug, Parser)]
#[command(name = "pixmart-worker", about = "pixmart generation worker")]
struct Cli {
    /// TOML configuration file (environment variables PIXMART__* still win).
    #[arg(long, env = "PIXMART_CONFIG")]
    config: Option<PathBuf>,
    /// Dedicated compute pool to serve (default: the shared pool).
    #[arg(long)]
    pool: Option<String>,
    /// Jobs to run at once per queue.
    #[arg(long)]
    concurrency: Option<usize>,
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    pixmart_worker::telemetry::init();
    let cli = Cli::parse();
    let mut settings = match pixmart_shared::config::Settings::load(cli.config) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("pixmart-worker: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    if let Some(pool) = cli.pool {
        settings.worker.pool = pool;
    }
    if let Some(n) = cli.concurrency {
        settings.worker.concurrency = n.max(1);
    }
    match pixmart_worker::run(settings, pixmart_worker::shutdown_signal()).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pixmart-worker: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
