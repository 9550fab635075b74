use sea_orm::{ConnectionTrait, Database};

/// A database of its own for one test.
pub enum TestDatabase {
    Sqlite { url: String, _dir: tempfile::TempDir },
    Postgres { url: String, admin_url: String, name: String },
}

/// The PostgreSQL server tests create databases on.
pub fn postgres_admin_url() -> String {
    std::env::var("PIXMART_TEST_POSTGRES_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into())
}

impl TestDatabase {
    pub fn sqlite() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("pixmart.db").display());
        TestDatabase::Sqlite { url, _dir: dir }
    }

    /// A fresh, uniquely named PostgreSQL database, dropped afterwards.
    pub async fn postgres() -> Self {
        let admin_url = postgres_admin_url();
        let name = format!("pixmart_test_{}", uuid::Uuid::new_v4().simple());
        let admin = Database::connect(&admin_url).await.unwrap_or_else(|e| {
            panic!("PostgreSQL must be reachable at {admin_url} ({e}); set PIXMART_TEST_POSTGRES_URL")
        });
        admin.execute_unprepared(&format!("CREATE DATABASE {name}")).await.unwrap();
        let base = admin_url.rsplit_once('/').map(|(b, _)| b.to_owned()).unwrap();
        TestDatabase::Postgres { url: format!("{base}/{name}"), admin_url, name }
    }

    pub fn url(&self) -> &str {
        match self {
            TestDatabase::Sqlite { url, .. } | TestDatabase::Postgres { url, .. } => url,
        }
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        if let TestDatabase::Postgres { admin_url, name, .. } = self {
            let (admin_url, name) = (admin_url.clone(), name.clone());
            // Drop runs outside any runtime guarantee: use a short-lived one.
            let _ = std::thread::spawn(move || {
                let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
                rt.block_on(async {
                    if let Ok(admin) = Database::connect(&admin_url).await {
                        let _ = admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).await;
                    }
                });
            })
            .join();
        }
    }
}
