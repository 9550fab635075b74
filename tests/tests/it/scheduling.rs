//! Scheduling: the database is the queue of record and a dispatcher feeds
//! Redis a small window, choosing lane first (paid ahead of free, with a
//! bounded head start) and then round robin across users. One user's batch
//! of ten does not hold up another user's single task, and a paid task
//! overtakes queued free ones while free tasks still progress.

use crate::support;

use std::time::Duration;

use pixmart_shared::db::store::membership;
use pixmart_shared::domain::Tier;
use pixmart_tests::images::{encode_png, product_photo};
use pixmart_tests::{TestApp, TestClient, TestDatabase};
use support::fleet::{self, Worker};

async fn signed_in_with_photo(app: &TestApp) -> (TestClient, String) {
    let mut c = app.client();
    c.register_random().await;
    let url = c.upload_png(encode_png(&product_photo(700, 700).0)).await;
    (c, url)
}

async fn a_batch_of_ten_does_not_block_another_users_task(db: TestDatabase) {
    let app = TestApp::start(db).await;
    let db = app.db().await;
    let (a, a_url) = signed_in_with_photo(&app).await;
    let (b, b_url) = signed_in_with_photo(&app).await;
    let _worker = Worker::real(&app.settings, "default", 1);
    fleet::wait_pool_workers(&db, "default", 1).await;

    let mut a_tasks = Vec::new();
    for _ in 0..10 {
        a_tasks.push(a.submit_cutout(&a_url, Some("u2netp")).await);
    }
    let b_task = b.submit_cutout(&b_url, Some("u2netp")).await;

    fleet::wait_all(&a, &a_tasks, Duration::from_secs(300)).await;
    fleet::wait_all(&b, std::slice::from_ref(&b_task), Duration::from_secs(60)).await;
    let mut all = a_tasks.clone();
    all.push(b_task.clone());
    let order = fleet::start_order(&db, &all).await;
    let b_at = order.iter().position(|id| *id == b_task).unwrap();
    let a_fifth = order.iter().filter(|id| a_tasks.contains(id)).nth(4).unwrap();
    let a_fifth_at = order.iter().position(|id| id == a_fifth).unwrap();
    assert!(b_at < a_fifth_at, "B started at {b_at}, A's fifth at {a_fifth_at}: {order:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fairness_on_sqlite() {
    a_batch_of_ten_does_not_block_another_users_task(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fairness_on_postgres() {
    a_batch_of_ten_does_not_block_another_users_task(TestDatabase::postgres().await).await;
}

async fn a_paid_task_overtakes_queued_free_tasks(db: TestDatabase) {
    let app = TestApp::start(db).await;
    let db = app.db().await;
    let mut free = Vec::new();
    for _ in 0..5 {
        free.push(signed_in_with_photo(&app).await);
    }
    let (paid, paid_url) = signed_in_with_photo(&app).await;
    let paid_id = fleet::user_id(&paid).await;
    membership::activate(&db, paid_id, Tier::Basic, 1, "test-order", chrono::Utc::now()).await.unwrap();
    let _worker = Worker::real(&app.settings, "default", 1);
    fleet::wait_pool_workers(&db, "default", 1).await;

    // Five free users queue one task each, then the paid user one.
    let mut free_tasks = Vec::new();
    for (c, url) in &free {
        free_tasks.push(c.submit_cutout(url, Some("u2netp")).await);
    }
    let paid_task = paid.submit_cutout(&paid_url, Some("u2netp")).await;

    for ((c, _), id) in free.iter().zip(&free_tasks) {
        fleet::wait_all(c, std::slice::from_ref(id), Duration::from_secs(300)).await;
    }
    fleet::wait_all(&paid, std::slice::from_ref(&paid_task), Duration::from_secs(60)).await;
    let mut all = free_tasks.clone();
    all.push(paid_task.clone());
    let order = fleet::start_order(&db, &all).await;
    let paid_at = order.iter().position(|id| *id == paid_task).unwrap();
    // At most the running task and the Redis window (2) were ahead of it;
    // without lanes it would have started last (round robin: every free
    // user had one task, all submitted earlier).
    assert!(paid_at <= 3, "paid task started at {paid_at}: {order:?}");
    assert!(paid_at < order.len() - 1, "the paid task overtook nobody: {order:?}");
    let task = paid.wait_task(&paid_task, Duration::from_secs(1)).await;
    assert_eq!(task["status"], "SUCCESS");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lanes_on_sqlite() {
    a_paid_task_overtakes_queued_free_tasks(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lanes_on_postgres() {
    a_paid_task_overtakes_queued_free_tasks(TestDatabase::postgres().await).await;
}

/// A backlog built while no worker runs (here: one batch insert of 20,000
/// tasks) stays in the database; Redis only ever holds the window; once a
/// worker returns every task is served. The no-pipeline worker keeps this
/// about the queue (dispatch, Redis, claim, completion and settlement), not
/// inference. (About half a minute in a debug build on two cores; it took
/// minutes before the dispatcher's reads stopped growing with the backlog.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backlog_of_20000_is_served_in_full_when_workers_return() {
    use pixmart_shared::db::store::tasks::NewTask;
    use pixmart_shared::db::store::{batches, dispatch as dispatch_store, ledger};
    use pixmart_shared::domain::{BizType, Bucket, Lingshi, TaskId};
    use pixmart_shared::jobs::{QueueKey, DEFAULT_POOL};

    let n: u32 = std::env::var("PIXMART_TEST_BACKLOG").ok().and_then(|v| v.parse().ok()).unwrap_or(20_000);
    let app = TestApp::start_with(TestDatabase::sqlite(), |s| {
        s.tasks.max_batch_items = u64::from(n);
        s.tasks.deadline_secs = 3600;
    })
    .await;
    let db = app.db().await;
    let (c, _) = signed_in_with_photo(&app).await;
    let owner = fleet::user_id(&c).await;
    ledger::grant(&db, owner, Bucket::Topup, Lingshi::new(n * 5), "backlog").await.unwrap();
    let queue = QueueKey::for_task(BizType::MattingImage, None).name(&app.settings.redis.namespace);
    let items = (0..n)
        .map(|_| NewTask {
            id: TaskId::new(),
            owner,
            biz_type: BizType::MattingImage,
            params: serde_json::json!({ "imageUrl": "backlog" }),
            cost: BizType::MattingImage.cost(),
            pool: DEFAULT_POOL.to_owned(),
            lane: "standard".to_owned(),
            share_key: dispatch_store::share_key(owner, None),
            queue: queue.clone(),
            idempotency_key: None,
        })
        .collect();
    let batches::BatchCreated::New { batch_id, .. } =
        batches::create_batch(&db, owner, BizType::MattingImage, items, 10).await.unwrap()
    else {
        panic!("batch refused")
    };
    // No worker: Redis holds only the window; the rest waits in the database.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let waiting = dispatch_store::outbox_len(&db).await.unwrap();
    assert!(waiting >= u64::from(n) - 2, "{waiting} waiting");

    let _worker = Worker::noop(&app.settings, DEFAULT_POOL, 8);
    let deadline = std::time::Instant::now() + Duration::from_secs(1800);
    loop {
        let p = batches::batch_progress(&db, &batch_id, owner).await.unwrap().unwrap();
        if p.finished() == p.total {
            assert_eq!(p.by_status["SUCCESS"], n, "{p:?}");
            break;
        }
        assert!(std::time::Instant::now() < deadline, "not served: {:?}", p.by_status);
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    assert_eq!(dispatch_store::outbox_len(&db).await.unwrap(), 0);
}
