//! `pixmart-api`: the HTTP API (and the built web UI) on one port.

use std::path::PathBuf;

use clap::Parser;

#[derive(Debug, Parser)]
#[command(name = "pixmart-api", about = "pixmart HTTP API and web UI")]
struct Cli {
    /// TOML configuration file (environment variables PIXMART__* still win).
    #[arg(long, env = "PIXMART_CONFIG")]
    config: Option<PathBuf>,
}

fn main() -> std::process::ExitCode {
    pixmart_api::telemetry::init();
    let cli = Cli::parse();
    let settings = match pixmart_shared::config::Settings::load(cli.config) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("pixmart-api: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let result = actix_web::rt::System::new().block_on(pixmart_api::serve(settings));
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pixmart-api: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
