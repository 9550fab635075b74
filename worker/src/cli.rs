//! The `pixmart-worker` command line, in the library so the integration
//! tests can build the same program as a binary of their own (cargo only
//! hands a test the binaries of its own package).

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
    /// Serve Prometheus metrics on this `host:port` (port 0: any free one).
    #[arg(long)]
    metrics_addr: Option<String>,
}

/// Parses the command line, runs the worker until SIGTERM or Ctrl-C (it
/// finishes its running jobs, then deregisters), and reports how it ended.
pub fn main() -> std::process::ExitCode {
    crate::telemetry::init();
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
    // A name the API could never route to would leave this node idle forever.
    if !pixmart_shared::jobs::valid_pool_name(&settings.worker.pool) {
        eprintln!("pixmart-worker: invalid pool name {:?}: 1 to 64 of a-z, 0-9, '-' and '_'", settings.worker.pool);
        return std::process::ExitCode::FAILURE;
    }
    if let Some(n) = cli.concurrency {
        settings.worker.concurrency = n.max(1);
    }
    if let Some(addr) = cli.metrics_addr {
        settings.worker.metrics_addr = Some(addr);
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("pixmart-worker: cannot start the runtime: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    match runtime.block_on(crate::run(settings, crate::shutdown_signal())) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pixmart-worker: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
