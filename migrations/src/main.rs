//! `pixmart-migrate [up|down|status|fresh] [DATABASE_URL]`: applies or rolls
//! back the schema. The URL defaults to `PIXMART__DATABASE__URL`, then the
//! embedded SQLite database.

use pixmart_migrations::{Migrator, MigratorTrait};
use sea_orm_migration::sea_orm::Database;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let command = args.get(1).cloned().unwrap_or_else(|| "up".to_owned());
    let url = args
        .get(2)
        .cloned()
        .or_else(|| std::env::var("PIXMART__DATABASE__URL").ok())
        .unwrap_or_else(|| "sqlite://data/pixmart.db?mode=rwc".to_owned());
    match run(&command, &url).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("pixmart-migrate: {message}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn run(command: &str, url: &str) -> Result<(), String> {
    let db = Database::connect(url).await.map_err(|e| format!("cannot connect: {e}"))?;
    let result = match command {
        "up" => Migrator::up(&db, None).await,
        "down" => Migrator::down(&db, Some(1)).await,
        "fresh" => Migrator::fresh(&db).await,
        "status" => Migrator::status(&db).await,
        other => return Err(format!("unknown command {other:?}; use up, down, status or fresh")),
    };
    result.map_err(|e| e.to_string())
}
