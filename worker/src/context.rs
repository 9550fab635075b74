use std::sync::Arc;

use pixmart_shared::config::Settings;
use pixmart_shared::db::Db;
use pixmart_shared::storage::BlobStore;

use crate::metrics::WorkerMetrics;
use crate::models::LoadedModels;

/// Everything a job handler needs, shared by all jobs of a process.
pub struct WorkerContext {
    pub worker_id: String,
    pub db: Db,
    pub blobs: BlobStore,
    pub models: LoadedModels,
    /// The model registry as this node judges its models by (see
    /// `registry::node_registry`).
    pub registry: Arc<pixmart_models::registry::Registry>,
    pub settings: Arc<Settings>,
    pub metrics: Arc<WorkerMetrics>,
}

impl WorkerContext {
    pub fn lease(&self) -> chrono::Duration {
        chrono::Duration::seconds(i64::try_from(self.settings.worker.lease_secs).unwrap_or(600))
    }
}
