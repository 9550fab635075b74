use std::sync::Arc;

use pixmart_shared::config::Settings;
use pixmart_shared::db::Db;
use pixmart_shared::storage::BlobStore;

use crate::loaded_models::LoadedModels;
use crate::metrics::WorkerMetrics;
use crate::task_writer::TaskWriter;

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
    /// Claims and outcomes go through it (group commit).
    pub writer: TaskWriter,
    /// Live task events (changes, text as it is written) for the API's streams.
    pub events: Arc<pixmart_shared::task_events::TaskEvents>,
}

impl WorkerContext {
    /// Writes the task's progress (renewing this worker's lease on it) and
    /// says so on its event channel. False
    /// when this worker no longer holds the task (stopped by its owner, or
    /// the lease was lost): the pipeline should end.
    pub async fn set_progress(
        &self,
        task: pixmart_shared::domain::TaskId,
        progress: u8,
    ) -> Result<bool, pixmart_shared::db::StoreError> {
        let lease_until = chrono::Utc::now() + lease(&self.settings);
        let held =
            pixmart_shared::db::store::tasks::set_progress(&self.db, task, &self.worker_id, progress, lease_until)
                .await?;
        if held {
            self.events.changed(task).await;
        }
        Ok(held)
    }
}

/// How long a claimed task is this worker's before the sweeper takes it
/// back (a dead worker never says so).
pub fn lease(settings: &Settings) -> chrono::Duration {
    chrono::Duration::seconds(i64::try_from(settings.worker.lease_secs).unwrap_or(600))
}
