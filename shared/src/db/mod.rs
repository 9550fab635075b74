//! Database access: connection, migrations, and the store functions, which
//! are the only code that reads or writes tables.

pub mod entities;
pub mod store;

use std::time::Duration;

use sea_orm::{ConnectOptions, Database, DatabaseConnection, DbErr};

pub use sea_orm::DatabaseConnection as Db;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Db(#[from] DbErr),
    #[error("the account is already registered")]
    AccountExists,
    #[error("too many unfinished tasks")]
    TaskLimit,
    #[error("not enough lingshi")]
    InsufficientLingshi,
    #[error("corrupt row in {table}: {detail}")]
    CorruptRow { table: &'static str, detail: String },
}

impl StoreError {
    pub fn code(&self) -> &'static str {
        match self {
            StoreError::Db(_) => "DB_ERROR",
            StoreError::AccountExists => "ACCOUNT_EXISTS",
            StoreError::TaskLimit => "TASK_LIMIT",
            StoreError::InsufficientLingshi => "INSUFFICIENT_LINGSHI",
            StoreError::CorruptRow { .. } => "DB_CORRUPT_ROW",
        }
    }

    /// A database-side failure outside sea-orm (a writer that stopped, an
    /// error copied for several waiters).
    pub fn other(detail: impl Into<String>) -> Self {
        StoreError::Db(DbErr::Custom(detail.into()))
    }

    pub(crate) fn corrupt(table: &'static str, detail: impl Into<String>) -> Self {
        StoreError::CorruptRow { table, detail: detail.into() }
    }
}

/// Connects to SQLite (WAL, foreign keys, a busy timeout so concurrent
/// writers wait instead of failing) or PostgreSQL.
pub async fn connect(url: &str, max_connections: u32) -> Result<DatabaseConnection, DbErr> {
    let mut options = ConnectOptions::new(url.to_owned());
    options
        .max_connections(max_connections)
        .connect_timeout(Duration::from_secs(10))
        // A ping on every checkout is a round trip per statement (on SQLite
        // a hop to the connection's thread and back); only connections idle
        // long enough to have been dropped by a server or a proxy are
        // checked.
        .test_before_acquire_if_idle_for(Duration::from_secs(30))
        .sqlx_logging(false)
        .map_sqlx_sqlite_opts(|o| {
            o.journal_mode(sea_orm::sqlx::sqlite::SqliteJournalMode::Wal)
                .synchronous(sea_orm::sqlx::sqlite::SqliteSynchronous::Normal)
                .busy_timeout(Duration::from_secs(15))
                .foreign_keys(true)
                // The task table and its indexes outgrow SQLite's 2 MB
                // default page cache within a few thousand tasks; then every
                // lookup re-reads pages. Pages are only held as used.
                .pragma("cache_size", "-32768")
                .pragma("mmap_size", "268435456")
        });
    if url.starts_with("sqlite:") {
        if let Some(dir) = sqlite_parent_dir(url) {
            std::fs::create_dir_all(dir).map_err(|e| DbErr::Custom(format!("cannot create {dir}: {e}")))?;
        }
    }
    Database::connect(options).await
}

/// Connects with the configured URL and pool size, migrating when the
/// settings ask for it: what every binary does at start.
pub async fn open(settings: &crate::config::Settings) -> Result<DatabaseConnection, DbErr> {
    if settings.database.auto_migrate {
        migrate_url(settings.database_url()).await?;
    }
    connect(settings.database_url(), settings.database.max_connections).await
}

/// Applies pending migrations over a connection of its own, closed before
/// the pool opens: a SQLite connection pooled while another one altered a
/// table can keep column lists of the old schema in its statement cache
/// ("Missing value for column …" on the new column).
pub async fn migrate_url(url: &str) -> Result<(), DbErr> {
    let db = connect(url, 1).await?;
    migrate(&db).await?;
    db.close().await
}

/// Applies pending migrations.
pub async fn migrate(db: &DatabaseConnection) -> Result<(), DbErr> {
    use pixmart_migrations::{Migrator, MigratorTrait};
    Migrator::up(db, None).await
}

fn sqlite_parent_dir(url: &str) -> Option<&str> {
    let path = url.trim_start_matches("sqlite://").trim_start_matches("sqlite:");
    let path = path.split('?').next()?;
    if path.is_empty() || path == ":memory:" {
        return None;
    }
    let dir = std::path::Path::new(path).parent()?.to_str()?;
    (!dir.is_empty()).then_some(dir)
}

pub async fn ping(db: &DatabaseConnection) -> Result<(), DbErr> {
    db.ping().await
}
