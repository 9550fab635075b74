//! Process wiring: connect, load models, register, consume the queues this
//! node can serve until a shutdown signal, then deregister.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use apalis::prelude::*;
use pixmart_shared::config::Settings;
use pixmart_shared::db::{self, store::workers};
use pixmart_shared::domain::JobFamily;
use pixmart_shared::jobs::{queue_storage, Lane, QueueKey, TaskJob};
use pixmart_shared::storage::BlobStore;

use crate::failure::JobFailure;
use crate::models::LoadedModels;
use crate::node;
use crate::process::process_task;
use crate::WorkerContext;

/// Resolves on Ctrl-C or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(s) => s,
            Err(_) => {
                let _ = ctrl_c.await;
                return;
            }
        };
        tokio::select! {
            _ = ctrl_c => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = ctrl_c.await;
    }
}

/// Builds the worker context: database, storage, models.
pub async fn build_context(settings: Settings) -> anyhow::Result<WorkerContext> {
    let db = db::open(&settings).await.context("cannot open the database")?;
    let models_settings = settings.models.clone();
    let models = tokio::task::spawn_blocking(move || LoadedModels::load(&models_settings))
        .await
        .context("model loading panicked")?;
    Ok(WorkerContext {
        worker_id: node::unique_worker_id(),
        db,
        blobs: BlobStore::new(&settings.storage.dir),
        models,
        settings: Arc::new(settings),
    })
}

async fn handle(job: TaskJob, ctx: Data<Arc<WorkerContext>>) -> Result<(), BoxDynError> {
    match process_task(&ctx, job.task_id).await {
        Ok(_) => Ok(()),
        // The task stays RUNNING under its lease; the sweeper ends it.
        Err(JobFailure::Retry(reason)) => Err(reason.into()),
        Err(abort) => Err(abort.to_string().into()),
    }
}

pub async fn run(settings: Settings, shutdown: impl Future<Output = ()> + Send + 'static) -> anyhow::Result<()> {
    let ctx = Arc::new(build_context(settings).await?);
    let capabilities = ctx.models.capabilities();
    if capabilities.is_empty() {
        anyhow::bail!("no task type can be served: {}", ctx.models.missing.join("; "));
    }
    let s = &ctx.settings;
    let record = node::describe(&ctx.worker_id, &s.worker.pool, capabilities.clone(), s.worker.concurrency);
    workers::register_worker(&ctx.db, &record).await.context("cannot register worker node")?;
    let heartbeat = node::spawn_heartbeat(
        ctx.db.clone(),
        ctx.worker_id.clone(),
        Duration::from_secs(s.worker.heartbeat_secs.max(1)),
    );
    tracing::info!(worker = %ctx.worker_id, pool = %s.worker.pool, ?capabilities, "worker ready");

    let conn = apalis_redis::connect(s.redis_url()).await.context("cannot connect to Redis")?;
    let mut families: Vec<JobFamily> = capabilities.iter().map(|b| b.family()).collect();
    families.dedup();
    let (stop_tx, _) = tokio::sync::broadcast::channel::<()>(1);
    let mut running = Vec::new();
    for family in families {
        let key = QueueKey { family, pool: s.worker.pool.clone(), lane: Lane::Standard };
        let storage = queue_storage(conn.clone(), &s.redis.namespace, &key);
        // Fetch no more than can run: a job fetched here waits for this
        // node even when another node is idle.
        let config = storage.get_config().clone().batch_size(s.worker.concurrency.max(1));
        let backend =
            storage.with_config(config).poll_with_interval(Duration::from_millis(s.worker.poll_interval_ms.max(10)));
        let worker = WorkerBuilder::new(format!("{}:{}", ctx.worker_id, family.as_str()))
            .backend(backend)
            .data(ctx.clone())
            .concurrency(s.worker.concurrency.max(1))
            .build(handle);
        let mut stop = stop_tx.subscribe();
        running.push(tokio::spawn(worker.run_until(async move {
            let _ = stop.recv().await;
            Ok::<(), std::io::Error>(())
        })));
    }
    shutdown.await;
    tracing::info!("shutting down: finishing current jobs");
    let _ = stop_tx.send(());
    for handle in running {
        match handle.await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => tracing::warn!(error = %e, "queue consumer stopped with an error"),
            Err(e) => tracing::warn!(error = %e, "queue consumer panicked"),
        }
    }
    heartbeat.abort();
    workers::deregister_worker(&ctx.db, &ctx.worker_id).await.ok();
    Ok(())
}
