//! A worker that runs no pipeline: for each job it claims the task and
//! completes it with no results (the ledger settles as usual). Everything
//! else is the real worker's: node registration and heartbeat, the same
//! queues, wake-ups and refill requests. `scripts/bench queue` measures the
//! queue's own overhead with it, and the backlog test drains 20,000 tasks
//! with it; it is not reachable from the API (no task type runs it).

use std::future::Future;
use std::time::Duration;

use anyhow::Context;
use apalis::prelude::*;
use pixmart_shared::config::Settings;
use pixmart_shared::db::{self, store::workers};
use pixmart_shared::domain::BizType;
use pixmart_shared::jobs::TaskJob;

use crate::node;
use crate::queues::{self, Refill};
use crate::task_writer::TaskWriter;

async fn handle(job: TaskJob, writer: Data<TaskWriter>, refill: Data<Refill>) -> Result<(), BoxDynError> {
    refill.request();
    if writer.claim(job.task_id).await?.is_some() {
        writer.complete(job.task_id, Vec::new()).await?;
    }
    Ok(())
}

/// Serves the queues of `capabilities`' families in the configured pool
/// until `shutdown` resolves.
pub async fn run_noop(
    settings: Settings,
    capabilities: Vec<BizType>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let db = db::open(&settings).await.context("cannot open the database")?;
    let worker_id = node::unique_worker_id();
    let s = &settings.worker;
    // No models at all: nothing non-commercial either.
    let models = pixmart_shared::db::store::capabilities::ModelReport {
        commercial_only: capabilities.iter().map(|b| b.as_str().to_owned()).collect(),
        ..Default::default()
    };
    let record = node::describe(&worker_id, &s.pool, capabilities.clone(), s.concurrency, None, models.clone());
    workers::register_worker(&db, &record).await.context("cannot register worker node")?;
    let beat = {
        let (db, id) = (db.clone(), worker_id.clone());
        let every = Duration::from_secs(s.heartbeat_secs.max(1));
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(every).await;
                let _ = workers::heartbeat(&db, &id).await;
            }
        })
    };
    let writer = TaskWriter::spawn(db.clone(), worker_id.clone(), crate::context::lease(&settings));
    let conn = apalis_redis::connect(settings.redis_url()).await.context("cannot connect to Redis")?;
    let refill = Refill::new(conn.clone(), &settings.redis.namespace);
    let (stop_tx, _) = tokio::sync::broadcast::channel::<()>(1);
    let mut running = Vec::new();
    for key in queues::queue_keys(&capabilities, &models.commercial_only, &s.pool) {
        let worker = WorkerBuilder::new(format!("{worker_id}:{}", queues::consumer_label(&key)))
            .backend(queues::backend(conn.clone(), &settings, &key))
            .data(writer.clone())
            .data(refill.clone())
            .concurrency(s.concurrency.max(1))
            .build(handle);
        let mut stop = stop_tx.subscribe();
        running.push(tokio::spawn(worker.run_until(async move {
            let _ = stop.recv().await;
            Ok::<(), std::io::Error>(())
        })));
    }
    shutdown.await;
    let _ = stop_tx.send(());
    for r in running {
        let _ = r.await;
    }
    beat.abort();
    workers::deregister_worker(&db, &worker_id).await.ok();
    Ok(())
}
