//! `pixmart-api`: the HTTP API (and the built web UI) on one port.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(name = "pixmart-api", about = "pixmart HTTP API and web UI")]
struct Cli {
    /// TOML configuration file (environment variables PIXMART__* still win).
    #[arg(long, env = "PIXMART_CONFIG")]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Serve the API and web UI (the default).
    Serve,
    /// Give a registered account (phone or email) the admin role.
    GrantAdmin { account: String },
    /// Take the admin role away from an account.
    RevokeAdmin { account: String },
    /// Load the generated demonstration hotspots into an installation that
    /// has none (the local demo; the sources are marked 示例 and disabled).
    DemoHotspots,
    /// Print the OpenAPI document (what `GET /api/openapi.json` serves);
    /// `web/src/lib/api/openapi.json` is this output.
    Openapi,
}

fn main() -> std::process::ExitCode {
    pixmart_api::telemetry::init();
    let cli = Cli::parse();
    if let Some(Command::Openapi) = cli.command {
        print!("{}", pixmart_api::openapi::DOCUMENT_JSON.as_str());
        return std::process::ExitCode::SUCCESS;
    }
    let settings = match pixmart_shared::config::Settings::load(cli.config) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("pixmart-api: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let result = actix_web::rt::System::new().block_on(async move {
        match cli.command {
            None | Some(Command::Serve) => pixmart_api::serve(settings).await,
            Some(Command::GrantAdmin { account }) => pixmart_api::admin_cli::set_admin(&settings, &account, true).await,
            Some(Command::RevokeAdmin { account }) => {
                pixmart_api::admin_cli::set_admin(&settings, &account, false).await
            }
            Some(Command::DemoHotspots) => pixmart_api::admin_cli::demo_hotspots(&settings).await,
            Some(Command::Openapi) => Ok(()),
        }
    });
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pixmart-api: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
