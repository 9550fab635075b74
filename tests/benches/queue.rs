//! Queue benchmark: what the scheduling path costs, against raw Redis.
//!
//! In one run, against a real API (own redis-server, SQLite in a temporary
//! directory) and one no-pipeline worker process-equivalent
//! (`pixmart_worker::noop`: the real queues, wake-ups, refill requests, claim
//! and completion with its ledger settlement; only the model run is left
//! out, so what is measured is the queue, not inference):
//! 1. enqueue→start latency at a steady rate: tasks submitted through
//!    `POST /api/tasks` every `1000/RATE` ms; latency = the task's
//!    `started_at` (claim by the worker) − `created_at` (written in the
//!    submit request), p50 and p99;
//! 2. throughput: a backlog of N tasks created in the database (one batch
//!    insert, like a batch submit), served by the one worker; tasks/s from
//!    the first claim to the last completion. Once per worker concurrency
//!    in PIXMART_BENCH_CONCURRENCIES: a no-op job only waits on the
//!    database (its claim, then its outcome, each a group commit), so what
//!    one node gets through scales with how many it runs at once;
//! 3. the ceiling: raw Redis on the same redis-server, one producer doing
//!    LPUSH and one consumer doing BRPOP, one item per command; items/s;
//! 4. the transport alone: the same apalis-redis queue and consumer
//!    configuration as the worker (`pixmart_worker::queues::backend`), jobs
//!    pushed with `TaskSink::push` and a handler that does nothing, no
//!    database: the ceiling apalis-redis itself puts on (2);
//! 5. the ratio (2)/(3) against the target (≥ 30 %), (4)/(3) for
//!    comparison, per concurrency, and p50 against 30 ms. It reports; a
//!    missed target prints FAIL but does not fail.
//!
//!   scripts/bench queue
//!   cargo bench -p pixmart-tests --bench queue
//!
//! Env: PIXMART_BENCH_RATE (submissions/s, default 20),
//! PIXMART_BENCH_LATENCY_TASKS (default 200), PIXMART_BENCH_BACKLOG
//! (tasks, default 10000; 20000 is the backlog),
//! PIXMART_BENCH_CONCURRENCIES (the worker's concurrency for each
//! throughput run, default `4,64,128`; the latency run uses the first),
//! PIXMART_BENCH_RAW_ITEMS (default 20000). Needs redis-server.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../tests/it/support/fleet.rs"]
mod fleet;

use std::time::{Duration, Instant};

use pixmart_shared::db::store::tasks::NewTask;
use pixmart_shared::db::store::{batches, dispatch as dispatch_store, ledger, tasks as task_store};
use pixmart_shared::domain::{BizType, Bucket, Lingshi, TaskId, TaskStatus};
use pixmart_shared::jobs::{QueueKey, DEFAULT_POOL};
use pixmart_tests::images::{encode_png, product_photo};
use pixmart_tests::{TestApp, TestClient, TestDatabase};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect};

/// A task's status, start and end.
type Timing = (String, Option<chrono::DateTime<chrono::Utc>>, Option<chrono::DateTime<chrono::Utc>>);

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok()).unwrap_or(default)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    rt.block_on(run());
}

async fn run() {
    let rate = env_u64("PIXMART_BENCH_RATE", 20).max(1);
    let latency_tasks = env_u64("PIXMART_BENCH_LATENCY_TASKS", 200);
    let backlog = env_u64("PIXMART_BENCH_BACKLOG", 10000);
    let concurrencies: Vec<usize> = std::env::var("PIXMART_BENCH_CONCURRENCIES")
        .unwrap_or_else(|_| "4,64,128".into())
        .split(',')
        .filter_map(|c| c.trim().parse().ok())
        .map(|c: usize| c.max(1))
        .collect();
    let raw_items = env_u64("PIXMART_BENCH_RAW_ITEMS", 20000);
    let transport_jobs = env_u64("PIXMART_BENCH_TRANSPORT_JOBS", 5000);

    let app = TestApp::start_with(TestDatabase::sqlite(), |s| {
        s.tasks.max_batch_items = backlog.max(1);
        s.tasks.deadline_secs = 3600;
    })
    .await;
    let db = app.db().await;
    let concurrency = concurrencies[0];
    let worker = fleet::Worker::noop(&app.settings, DEFAULT_POOL, concurrency);
    fleet::wait_pool_workers(&db, DEFAULT_POOL, 1).await;
    println!("queue bench: SQLite, one no-op worker, redis-server on the same machine");

    // 1. Latency at a steady rate.
    let users = (latency_tasks / 90 + 1) as usize;
    let mut clients: Vec<(TestClient, String)> = Vec::new();
    for _ in 0..users {
        let mut c = app.client();
        c.register_random().await;
        let url = c.upload_png(encode_png(&product_photo(700, 700).0)).await;
        clients.push((c, url));
    }
    let period = Duration::from_millis(1000 / rate);
    let mut ticker = tokio::time::interval(period);
    let mut ids = Vec::new();
    for i in 0..latency_tasks as usize {
        ticker.tick().await;
        let (c, url) = &clients[i % users];
        ids.push(c.submit_cutout(url, None).await);
    }
    let mut lat = Vec::new();
    for id in &ids {
        let tid: TaskId = id.parse().unwrap();
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let t = task_store::get_task(&db, tid).await.unwrap().unwrap();
            if let Some(started) = t.started_at {
                lat.push((started - t.created_at).num_microseconds().unwrap() as f64 / 1000.0);
                break;
            }
            assert!(Instant::now() < deadline, "task {id} never started");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    lat.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let (p50, p99) = (percentile(&lat, 0.5), percentile(&lat, 0.99));
    println!(
        "enqueue->start latency at {rate}/s over {} tasks: p50 {p50:.1} ms, p99 {p99:.1} ms, max {:.1} ms  [{}: p50 < 30 ms]",
        lat.len(),
        lat[lat.len() - 1],
        if p50 < 30.0 { "PASS" } else { "FAIL" }
    );

    drop(worker);
    let redis_url = app.redis.as_ref().unwrap().url();
    let client = redis::Client::open(redis_url.as_str()).unwrap();

    // 3. Raw Redis ceiling: LPUSH / BRPOP, one item per command.
    let list = "bench:raw";
    let producer = {
        let mut conn = client.get_multiplexed_async_connection().await.unwrap();
        tokio::spawn(async move {
            for i in 0..raw_items {
                let _: i64 = redis::cmd("LPUSH").arg(list).arg(i).query_async(&mut conn).await.unwrap();
            }
        })
    };
    let mut consumer = client.get_multiplexed_async_connection().await.unwrap();
    let started = Instant::now();
    for _ in 0..raw_items {
        let _: (String, String) = redis::cmd("BRPOP").arg(list).arg(5).query_async(&mut consumer).await.unwrap();
    }
    let raw_secs = started.elapsed().as_secs_f64();
    producer.await.unwrap();
    let raw = raw_items as f64 / raw_secs;
    println!("raw Redis LPUSH/BRPOP: {raw_items} items in {raw_secs:.2} s = {raw:.0} items/s");

    // 2 and 4, per worker concurrency.
    let owner = fleet::user_id(&clients[0].0).await;
    for concurrency in concurrencies {
        let worker = fleet::Worker::noop(&app.settings, DEFAULT_POOL, concurrency);
        fleet::wait_pool_workers(&db, DEFAULT_POOL, 1).await;
        let throughput = serve_backlog(&app, &client, owner, backlog).await;
        drop(worker);
        let transport = apalis_transport(&app.settings, transport_jobs, concurrency).await;
        let ratio = throughput / raw;
        println!(
            "concurrency {concurrency}: {throughput:.0} tasks/s = {:.1} % of raw Redis  [{}: >= 30 %]; apalis-redis alone (no database, {transport_jobs} jobs): {transport:.0} jobs/s = {:.1} %",
            ratio * 100.0,
            if ratio >= 0.30 { "PASS" } else { "FAIL" },
            transport / raw * 100.0
        );
    }
}

/// Creates `backlog` no-op tasks in one batch and returns tasks/s from the
/// first claim to the last completion.
async fn serve_backlog(
    app: &TestApp,
    client: &redis::Client,
    owner: pixmart_shared::domain::UserId,
    backlog: u64,
) -> f64 {
    let db = app.db().await;
    ledger::grant(
        &db,
        owner,
        Bucket::Topup,
        Lingshi::new(u32::try_from(backlog * 5).unwrap()),
        &format!("bench-{}", TaskId::new()),
    )
    .await
    .unwrap();
    let queue = QueueKey::for_task(BizType::MattingImage, None).name(&app.settings.redis.namespace);
    let params = serde_json::json!({ "imageUrl": "bench", "model": "isnet" });
    let items: Vec<NewTask> = (0..backlog)
        .map(|_| NewTask {
            id: TaskId::new(),
            owner,
            biz_type: BizType::MattingImage,
            params: params.clone(),
            cost: BizType::MattingImage.cost(),
            pool: DEFAULT_POOL.to_owned(),
            lane: "standard".to_owned(),
            share_key: dispatch_store::share_key(owner, None),
            queue: queue.clone(),
            idempotency_key: None,
        })
        .collect();
    let created_at = Instant::now();
    let batch = batches::create_batch(&db, owner, BizType::MattingImage, items, 100).await.unwrap();
    let batches::BatchCreated::New { batch_id, .. } = batch else { panic!("batch refused") };
    println!(
        "backlog: {backlog} tasks created in {:.1} s; waiting in the database: {}",
        created_at.elapsed().as_secs_f64(),
        dispatch_store::outbox_len(&db).await.unwrap()
    );
    let deadline = Instant::now() + Duration::from_secs(1800);
    let mut max_redis_depth = 0u64;
    let mut conn = client.get_multiplexed_async_connection().await.unwrap();
    loop {
        let (active, scheduled): (u64, u64) = redis::pipe()
            .cmd("LLEN")
            .arg(format!("{queue}:active"))
            .cmd("ZCARD")
            .arg(format!("{queue}:scheduled"))
            .query_async(&mut conn)
            .await
            .unwrap();
        max_redis_depth = max_redis_depth.max(active + scheduled);
        let p = batches::batch_progress(&db, &batch_id, owner).await.unwrap().unwrap();
        if p.finished() == p.total {
            break;
        }
        assert!(Instant::now() < deadline, "backlog not served: {p:?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let rows: Vec<Timing> = pixmart_shared::db::entities::tasks::Entity::find()
        .select_only()
        .column(pixmart_shared::db::entities::tasks::Column::Status)
        .column(pixmart_shared::db::entities::tasks::Column::StartedAt)
        .column(pixmart_shared::db::entities::tasks::Column::FinishedAt)
        .filter(pixmart_shared::db::entities::tasks::Column::BatchId.eq(batch_id.as_str()))
        .into_tuple()
        .all(&db)
        .await
        .unwrap();
    let succeeded = rows.iter().filter(|r| r.0 == TaskStatus::Success.as_str()).count();
    let first = rows.iter().filter_map(|r| r.1).min().unwrap();
    let last = rows.iter().filter_map(|r| r.2).max().unwrap();
    let secs = (last - first).num_microseconds().unwrap() as f64 / 1e6;
    let throughput = backlog as f64 / secs;
    println!(
        "throughput: {succeeded}/{backlog} SUCCESS in {secs:.2} s = {throughput:.0} tasks/s; most jobs in Redis at once: {max_redis_depth}"
    );
    throughput
}

/// Signalled once, when the last job of the transport bench is handled.
type AllDone = std::sync::Arc<std::sync::Mutex<Option<tokio::sync::oneshot::Sender<()>>>>;

/// Jobs per second through apalis-redis alone: `jobs` pushed first (below
/// apalis-redis's limit of due jobs per queue), then consumed by one worker
/// built exactly as the real one, whose handler only counts.
async fn apalis_transport(settings: &pixmart_shared::config::Settings, jobs: u64, concurrency: usize) -> f64 {
    use apalis::prelude::*;
    use apalis_core::backend::TaskSink;
    use pixmart_shared::domain::JobFamily;
    use pixmart_shared::jobs::{queue_storage, QueueKey, TaskJob};
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;

    // Its own queue and consumer name per run (apalis-redis remembers both).
    let name = format!("transport-bench-{concurrency}-{}", pixmart_shared::domain::TaskId::new());
    let key = QueueKey { family: JobFamily::Segment, pool: name.clone(), commercial_only: false };
    let mut s = settings.clone();
    s.worker.concurrency = concurrency;
    let conn = apalis_redis::connect(s.redis_url()).await.unwrap();
    let mut storage = queue_storage(conn.clone(), &s.redis.namespace, &key);
    for _ in 0..jobs {
        storage.push(TaskJob { task_id: pixmart_shared::domain::TaskId::new() }).await.unwrap();
    }
    let done = Arc::new(AtomicU64::new(0));
    let (all_done_tx, all_done_rx) = tokio::sync::oneshot::channel::<()>();
    let all_done_tx = Arc::new(std::sync::Mutex::new(Some(all_done_tx)));
    async fn count(_job: TaskJob, done: Data<Arc<AtomicU64>>, target: Data<(u64, AllDone)>) -> Result<(), BoxDynError> {
        let (total, all_done) = &*target;
        if done.fetch_add(1, Ordering::SeqCst) + 1 == *total {
            if let Some(tx) = all_done.lock().unwrap().take() {
                let _ = tx.send(());
            }
        }
        Ok(())
    }
    let worker = WorkerBuilder::new(name)
        .backend(pixmart_worker::queues::backend(conn, &s, &key))
        .data(done.clone())
        .data((jobs, all_done_tx))
        .concurrency(concurrency)
        .build(count);
    let started = Instant::now();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let running = tokio::spawn(worker.run_until(async move {
        let _ = stop_rx.await;
        Ok::<(), std::io::Error>(())
    }));
    if tokio::time::timeout(Duration::from_secs(600), all_done_rx).await.unwrap().is_err() {
        panic!("the transport bench's consumer stopped early: {:?}", running.await);
    }
    let secs = started.elapsed().as_secs_f64();
    let _ = stop_tx.send(());
    let _ = running.await;
    jobs as f64 / secs
}
