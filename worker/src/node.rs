//! This process as a fleet node: registration with its capabilities, a
//! heartbeat, and deregistration on graceful shutdown.

use std::time::Duration;

use pixmart_shared::db::store::workers::{self, WorkerNode};
use pixmart_shared::db::Db;
use pixmart_shared::domain::BizType;

/// A name unique per process: apalis-redis refuses a second worker under
/// a name it still considers alive, so restarts must not reuse one.
pub fn unique_worker_id() -> String {
    let host = hostname::get().map(|h| h.to_string_lossy().into_owned()).unwrap_or_else(|_| "node".into());
    let suffix = uuid::Uuid::new_v4().simple().to_string();
    format!("{host}-{}-{}", std::process::id(), &suffix[..8])
}

pub fn describe(id: &str, pool: &str, capabilities: Vec<BizType>, concurrency: usize) -> WorkerNode {
    WorkerNode {
        id: id.to_owned(),
        name: id.to_owned(),
        host: hostname::get().map(|h| h.to_string_lossy().into_owned()).unwrap_or_default(),
        version: env!("CARGO_PKG_VERSION").to_owned(),
        // GPU detection arrives with the diffusion workers.
        device: format!("CPU ({} threads)", std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)),
        pool: pool.to_owned(),
        capabilities,
        concurrency: u32::try_from(concurrency).unwrap_or(u32::MAX),
    }
}

pub fn spawn_heartbeat(db: Db, id: String, every: Duration) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut ticker = tokio::time::interval(every);
        loop {
            ticker.tick().await;
            if let Err(e) = workers::heartbeat(&db, &id).await {
                tracing::warn!(error = %e, "heartbeat failed");
            }
        }
    })
}
