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
use pixmart_shared::jobs::TaskJob;
use pixmart_shared::storage::BlobStore;

use crate::failure::JobFailure;
use crate::loaded_models::LoadedModels;
use crate::metrics::WorkerMetrics;
use crate::node;
use crate::queues::{self, Refill};
use crate::task_writer::TaskWriter;
use crate::WorkerContext;
use pixmart_shared::task_events::TaskEvents;

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

/// Builds the worker context: database, storage, the model registry and
/// the models (those it and the licence policy permit).
pub async fn build_context(settings: Settings) -> anyhow::Result<WorkerContext> {
    let db = db::open(&settings).await.context("cannot open the database")?;
    let registry = Arc::new(crate::registry::node_registry(&settings.models)?);
    let models_settings = settings.models.clone();
    let for_loading = Arc::clone(&registry);
    let text_settings = settings.text.clone();
    let models = tokio::task::spawn_blocking(move || {
        let mut loaded = LoadedModels::load(&models_settings, &for_loading);
        loaded.load_text(&text_settings, &models_settings, &for_loading);
        loaded
    })
    .await
    .context("model loading panicked")?;
    let worker_id = node::unique_worker_id();
    let metrics = WorkerMetrics::new(&worker_id, &settings.worker.pool).context("cannot set up metrics")?;
    let blobs = BlobStore::new(&settings.storage.dir);
    // The API serves these from storage; a failure only costs the previews.
    if let Err(e) = crate::pipelines::product_image::store_template_previews(&blobs).await {
        tracing::warn!(error = %e, "background template previews not stored");
    }
    let writer = TaskWriter::spawn(db.clone(), worker_id.clone(), crate::context::lease(&settings));
    let events = Arc::new(TaskEvents::new(settings.redis_url(), settings.redis.namespace.clone()));
    Ok(WorkerContext {
        events,
        writer,
        worker_id,
        db,
        blobs,
        models,
        registry,
        settings: Arc::new(settings),
        metrics: Arc::new(metrics),
    })
}

/// The running slots of one job family on this node, shared by the
/// family's plain and commercial consumers (see `queues::queue_keys`), so
/// the node still runs at most `concurrency` jobs of a family at once. A job
/// the second consumer fetched while every slot is busy waits for one here.
#[derive(Clone)]
struct FamilySlots {
    slots: Arc<tokio::sync::Semaphore>,
}

async fn handle(
    job: TaskJob,
    ctx: Data<Arc<WorkerContext>>,
    refill: Data<Refill>,
    slots: Data<FamilySlots>,
) -> Result<(), BoxDynError> {
    // This job left the Redis window: the dispatcher may send the next.
    refill.request();
    let _slot = slots.slots.acquire().await?;
    match node::run_job_detached(Arc::clone(&ctx), job.task_id).await {
        Ok(_) => Ok(()),
        // The task stays RUNNING under its lease; the sweeper ends it.
        Err(JobFailure::Retry(reason)) => Err(reason.into()),
        Err(abort) => Err(abort.to_string().into()),
    }
}

pub async fn run(settings: Settings, shutdown: impl Future<Output = ()> + Send + 'static) -> anyhow::Result<()> {
    let ctx = Arc::new(build_context(settings).await?);
    // The model registry decides what this node loads and advertises (and
    // reports what it lacks, for the API's gate and the admin page).
    let node_models = crate::registry::assess(&ctx.registry, &ctx.settings.models, &ctx.models);
    let capabilities = node_models.capabilities.clone();
    let commercial_only = node_models.report.commercial_only.clone();
    if capabilities.is_empty() {
        // Registered anyway: operators see the node and what it is missing.
        tracing::warn!(missing = %ctx.models.missing.join("; "), "no task type can be served");
    }
    let s = &ctx.settings;
    let (metrics_server, metrics_addr) = match &s.worker.metrics_addr {
        Some(addr) => {
            let (listener, local) =
                crate::metrics::bind(addr).await.with_context(|| format!("cannot listen on {addr}"))?;
            tracing::info!(%local, "metrics on http://{local}/metrics");
            (Some(crate::metrics::serve(listener, ctx.metrics.clone())), Some(local.to_string()))
        }
        None => (None, None),
    };
    let record = node::describe(
        &ctx.worker_id,
        &s.worker.pool,
        capabilities.clone(),
        s.worker.concurrency,
        metrics_addr,
        node_models.report,
    );
    workers::register_worker(&ctx.db, &record).await.context("cannot register worker node")?;
    let consumers = node::Consumers::default();
    let heartbeat = node::spawn_heartbeat(
        ctx.db.clone(),
        ctx.clone(),
        consumers.clone(),
        Duration::from_secs(s.worker.heartbeat_secs.max(1)),
    );
    tracing::info!(worker = %ctx.worker_id, pool = %s.worker.pool, ?capabilities, "worker ready");

    let conn = apalis_redis::connect(s.redis_url()).await.context("cannot connect to Redis")?;
    let (stop_tx, _) = tokio::sync::watch::channel(false);
    // Fast jobs (downloads, refinements) on their own loops; they end
    // between jobs on stop and follow pause/drain like the queue consumers.
    let _fast_jobs = crate::fast_jobs::spawn(ctx.clone(), stop_tx.subscribe(), consumers.accepting());
    let hotspot_refresh = crate::hotspot_refresh::spawn(ctx.db.clone(), ctx.settings.clone());
    let mut running = Vec::new();
    let refill = Refill::new(conn.clone(), &s.redis.namespace);
    let mut family_slots: std::collections::HashMap<JobFamily, FamilySlots> = Default::default();
    for key in queues::queue_keys(&capabilities, &commercial_only, &s.worker.pool) {
        let slots = family_slots
            .entry(key.family)
            .or_insert_with(|| FamilySlots {
                slots: Arc::new(tokio::sync::Semaphore::new(s.worker.concurrency.max(1))),
            })
            .clone();
        let (ctx, conn, refill, consumers, stop_tx) =
            (ctx.clone(), conn.clone(), refill.clone(), consumers.clone(), stop_tx.clone());
        running.push(tokio::spawn(async move {
            // An apalis worker ends when its Redis connection breaks (a Redis
            // restart): start a fresh one (a new name, as apalis-redis wants)
            // until this node shuts down. Jobs it was running go on (see
            // `node::run_job_detached`).
            for generation in 0u64.. {
                let s = &ctx.settings;
                let backend = queues::backend(conn.clone(), s, &key);
                let label = queues::consumer_label(&key);
                let worker = WorkerBuilder::new(format!("{}:{label}:{generation}", ctx.worker_id))
                    .backend(backend)
                    .data(ctx.clone())
                    .data(refill.clone())
                    .data(slots.clone())
                    .concurrency(s.worker.concurrency.max(1))
                    .build(handle);
                // The consumer's context lets the heartbeat pause and resume
                // it (admin pause/drain); stopping it lets running jobs
                // finish and hands fetched-but-unstarted jobs back.
                let (consumers, stop) = (consumers.clone(), stop_tx.clone());
                let result = worker
                    .run_with_ctx(move |apalis_ctx| {
                        consumers.add(apalis_ctx.clone());
                        let mut stop = stop.subscribe();
                        async move {
                            let _ = stop.wait_for(|stopping| *stopping).await;
                            if !apalis_ctx.is_stopped() {
                                apalis_ctx.stop()?;
                            }
                            Ok(())
                        }
                    })
                    .await;
                if *stop_tx.borrow() {
                    return result;
                }
                if let Err(e) = result {
                    tracing::warn!(error = %e, queue = %label, "queue consumer failed; restarting it");
                }
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
            Ok(())
        }));
    }
    shutdown.await;
    tracing::info!("shutting down: finishing current jobs");
    let _ = stop_tx.send(true);
    for handle in running {
        match handle.await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => tracing::warn!(error = %e, "queue consumer stopped with an error"),
            Err(e) => tracing::warn!(error = %e, "queue consumer panicked"),
        }
    }
    heartbeat.abort();
    hotspot_refresh.abort();
    if let Some(server) = metrics_server {
        server.abort();
    }
    workers::deregister_worker(&ctx.db, &ctx.worker_id).await.ok();
    tracing::info!(worker = %ctx.worker_id, "deregistered; bye");
    Ok(())
}
