//! Which queues a worker consumes and how it learns of new jobs.
//!
//! A worker serves only its own pool (`--pool NAME`, default `default`):
//! one queue per task family it has models for, `<ns>:<family>:<pool>`.
//! Lanes and fairness are settled by the API's dispatcher before a job
//! reaches Redis, so a queue holds only a small window in dispatch order.
//!
//! Waking: apalis-redis publishes on `tasks:<queue>:active:available` when
//! a job is pushed; an idle worker subscribed to it fetches at once, and
//! polls every `poll_interval_ms` in case a message was missed. After
//! taking a job a worker publishes on the dispatcher's refill channel, so
//! the window is topped up without waiting for a tick.

use std::time::Duration;

use apalis::prelude::*;
use apalis_redis::{ConnectionManager, RedisStorage};
use futures::channel::mpsc;
use futures::StreamExt;
use pixmart_shared::config::Settings;
use pixmart_shared::domain::JobFamily;
use pixmart_shared::jobs::{available_channel, queue_storage, refill_channel, QueueKey, TaskJob};

/// The queues of this worker: its families in its pool.
pub fn queue_keys(families: &[JobFamily], pool: &str) -> Vec<QueueKey> {
    let mut families = families.to_vec();
    // One consumer per family, however the capabilities are ordered.
    families.sort_by_key(|f| f.as_str());
    families.dedup();
    let keys: Vec<QueueKey> = families.into_iter().map(|f| QueueKey { family: f, pool: pool.to_owned() }).collect();
    keys
}

/// The consumer backend of one queue: fetches no more than can run (a job
/// fetched here would wait for this node even when another is idle), wakes
/// on the queue's push notifications and polls as a fallback.
pub fn backend(
    conn: ConnectionManager,
    settings: &Settings,
    key: &QueueKey,
) -> PollWith<RedisStorage<TaskJob>, Strategy> {
    let storage = queue_storage(conn, &settings.redis.namespace, key);
    let config = storage.get_config().clone().batch_size(settings.worker.concurrency.max(1));
    let queue = key.name(&settings.redis.namespace);
    let wake = push_notifications(settings.redis_url().to_owned(), available_channel(&queue));
    let strategy =
        Strategy::new().stream(wake).interval(Duration::from_millis(settings.worker.poll_interval_ms.max(10)));
    storage.with_config(config).poll_with_strategy(strategy)
}

/// A stream that yields whenever a job is pushed to the queue. It keeps
/// (re)subscribing in the background while the worker lives.
fn push_notifications(url: String, channel: String) -> mpsc::Receiver<()> {
    let (mut tx, rx) = mpsc::channel::<()>(1);
    tokio::spawn(async move {
        loop {
            if tx.is_closed() {
                return;
            }
            let subscribed = async {
                let client = apalis_redis::Client::open(url.as_str())?;
                let mut pubsub = client.get_async_pubsub().await?;
                pubsub.subscribe(&channel).await?;
                Ok::<_, apalis_redis::RedisError>(pubsub.into_on_message())
            };
            if let Ok(mut messages) = subscribed.await {
                while messages.next().await.is_some() {
                    // A full channel already holds a wake-up: coalesce.
                    if let Err(e) = tx.try_send(()) {
                        if e.is_disconnected() {
                            return;
                        }
                    }
                }
            }
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    });
    rx
}

/// Asks the dispatcher to top up the queues (fire and forget: the
/// dispatcher's tick covers a lost message).
#[derive(Clone)]
pub struct Refill {
    conn: ConnectionManager,
    channel: String,
}

impl Refill {
    pub fn new(conn: ConnectionManager, namespace: &str) -> Self {
        Refill { conn, channel: refill_channel(namespace) }
    }

    pub fn request(&self) {
        let mut conn = self.conn.clone();
        let channel = self.channel.clone();
        tokio::spawn(async move {
            let sent: Result<i64, _> = redis::cmd("PUBLISH").arg(channel).arg(1).query_async(&mut conn).await;
            if let Err(e) = sent {
                tracing::debug!(error = %e, "refill request not sent");
            }
        });
    }
}
