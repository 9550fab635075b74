//! `pixmart-fetch --url URL --out FILE [--sha256 HEX | --accept-unverified]
//! [--size N]`: one model-hub file, resumable and verified. Called by
//! scripts/fetch-models for registry files that only a model hub serves.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use pixmart_fetch::{download_with_retries, Download};

#[derive(Parser)]
#[command(about = "Download one model-hub file: HTTP Range resume, sha256 check, atomic rename")]
struct Args {
    #[arg(long)]
    url: String,
    #[arg(long)]
    out: PathBuf,
    /// Expected sha256 (lower-case hex); a mismatch deletes the download.
    #[arg(long, required_unless_present = "accept_unverified")]
    sha256: Option<String>,
    /// No sha256 is recorded: keep the file and print its sha256 to pin.
    #[arg(long, conflicts_with = "sha256")]
    accept_unverified: bool,
    #[arg(long)]
    size: Option<u64>,
    /// Further attempts after an interruption, each resuming.
    #[arg(long, default_value_t = 5)]
    retries: u32,
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    let args = Args::parse();
    let client = match reqwest::Client::builder().connect_timeout(Duration::from_secs(30)).build() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("pixmart-fetch: {e}");
            return ExitCode::FAILURE;
        }
    };
    let d = Download { url: args.url, out: args.out, sha256: args.sha256.map(|s| s.to_lowercase()), size: args.size };
    match download_with_retries(&client, &d, args.retries).await {
        Ok(f) => {
            let how = if f.already_present {
                "already in place".to_owned()
            } else if f.resumed_from > 0 {
                format!("resumed at {} bytes", f.resumed_from)
            } else {
                "downloaded".to_owned()
            };
            eprintln!("pixmart-fetch: {} ({} bytes, {how})", d.out.display(), f.bytes);
            if d.sha256.is_none() {
                eprintln!("pixmart-fetch: UNVERIFIED file; pin it in models/registry.toml: sha256 = \"{}\"", f.sha256);
            }
            println!("{}  {}", f.sha256, d.out.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("pixmart-fetch: {e}");
            ExitCode::FAILURE
        }
    }
}
