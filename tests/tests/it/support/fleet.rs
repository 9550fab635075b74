//! Workers for the scheduling tests: real `pixmart-worker` runs (or the
//! no-pipeline worker) in their own threads and runtimes, in a given pool
//! and concurrency, stopped on drop; and small readers of task order.
#![allow(dead_code)]

use std::time::{Duration, Instant};

use pixmart_shared::config::Settings;
use pixmart_shared::db::entities::worker_nodes::{self, WorkerStatus};
use pixmart_shared::db::store::tasks as task_store;
use pixmart_shared::domain::{BizType, TaskId};
use pixmart_tests::TestClient;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter};

pub struct Worker {
    stop: Option<std::sync::mpsc::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
    pub pool: String,
}

impl Worker {
    /// The real worker (models and pipelines) serving `pool`.
    pub fn real(settings: &Settings, pool: &str, concurrency: usize) -> Worker {
        let mut s = settings.clone();
        s.worker.pool = pool.to_owned();
        s.worker.concurrency = concurrency;
        Self::spawn(pool, move |stop| async move {
            pixmart_worker::run(s, stop).await.expect("worker");
        })
    }

    /// The no-pipeline worker (claims and completes each task).
    pub fn noop(settings: &Settings, pool: &str, concurrency: usize) -> Worker {
        let mut s = settings.clone();
        s.worker.pool = pool.to_owned();
        s.worker.concurrency = concurrency;
        Self::spawn(pool, move |stop| async move {
            pixmart_worker::noop::run_noop(s, vec![BizType::MattingImage], stop).await.expect("noop worker");
        })
    }

    fn spawn<F, Fut>(pool: &str, body: F) -> Worker
    where
        F: FnOnce(std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>>) -> Fut + Send + 'static,
        Fut: std::future::Future<Output = ()>,
    {
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let thread = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
            rt.block_on(async move {
                let stop = Box::pin(async move {
                    let _ = tokio::task::spawn_blocking(move || rx.recv()).await;
                });
                body(stop).await;
            });
        });
        Worker { stop: Some(tx), thread: Some(thread), pool: pool.to_owned() }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Waits until `n` workers of `pool` are registered and online.
pub async fn wait_pool_workers(db: &DatabaseConnection, pool: &str, n: usize) {
    let deadline = Instant::now() + Duration::from_secs(90);
    loop {
        let live = worker_nodes::Entity::find()
            .filter(worker_nodes::Column::Pool.eq(pool))
            .filter(worker_nodes::Column::Status.eq(WorkerStatus::Online))
            .all(db)
            .await
            .unwrap();
        if live.len() >= n {
            return;
        }
        assert!(Instant::now() < deadline, "expected {n} workers in pool {pool}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The pool of the worker that ran a task.
pub async fn pool_of_worker(db: &DatabaseConnection, worker_id: &str) -> String {
    worker_nodes::Entity::find_by_id(worker_id.to_owned()).one(db).await.unwrap().expect("worker row").pool
}

/// Waits until every task is terminal.
pub async fn wait_all(c: &TestClient, ids: &[String], timeout: Duration) {
    for id in ids {
        let t = c.wait_task(id, timeout).await;
        assert_eq!(t["status"], "SUCCESS", "{t}");
    }
}

/// The tasks in the order they started (claimed by a worker).
pub async fn start_order(db: &DatabaseConnection, ids: &[String]) -> Vec<String> {
    let mut started = Vec::new();
    for id in ids {
        let tid: TaskId = id.parse().unwrap();
        let t = task_store::get_task(db, tid).await.unwrap().unwrap();
        started.push((t.started_at.expect("started"), id.clone()));
    }
    started.sort();
    started.into_iter().map(|(_, id)| id).collect()
}

/// The signed-in user's id.
pub async fn user_id(c: &TestClient) -> pixmart_shared::domain::UserId {
    let (_, info) = c.get("/api/user/info").await;
    pixmart_shared::domain::UserId(info["data"]["user"]["id"].as_i64().expect("user id"))
}
