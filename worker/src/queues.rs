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

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use apalis::prelude::*;
use apalis_redis::{ConnectionManager, RedisStorage};
use futures::channel::mpsc;
use futures::StreamExt;
use pixmart_shared::config::Settings;
use pixmart_shared::domain::{BizType, JobFamily};
use pixmart_shared::jobs::{available_channel, queue_storage, refill_channel, QueueKey, TaskJob};

/// The queues of this worker in its pool: per family it serves, the plain
/// queue, plus the family's commercial queue (tasks of tenants that refuse
/// non-commercial models, see [`QueueKey`]) when every task type of the
/// family it advertises is in `commercial_only` (its registry report: the
/// types it runs on commercially licensed models only). A job names only
/// its task, so a node taking a commercial job could run any type of the
/// family: all of them must qualify.
pub fn queue_keys(capabilities: &[BizType], commercial_only: &[String], pool: &str) -> Vec<QueueKey> {
    let mut families: Vec<JobFamily> = capabilities.iter().map(|b| b.family()).collect();
    // One consumer per queue, however the capabilities are ordered.
    families.sort_by_key(|f| f.as_str());
    families.dedup();
    let mut keys = Vec::new();
    for family in families {
        let plain = QueueKey { family, pool: pool.to_owned(), commercial_only: false };
        let commercial = capabilities
            .iter()
            .filter(|b| b.family() == family)
            .all(|b| commercial_only.iter().any(|t| t == b.as_str()));
        if commercial {
            keys.push(plain.clone().commercial_only(true));
        }
        keys.push(plain);
    }
    keys
}

/// A queue's part of its consumer's name: the family, marked for the
/// commercial queue (two consumers of one node must not share a name).
pub fn consumer_label(key: &QueueKey) -> String {
    if key.commercial_only {
        format!("{}-commercial", key.family.as_str())
    } else {
        key.family.as_str().to_owned()
    }
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
    /// A request is on its way: jobs taken meanwhile need no other one (the
    /// dispatcher's round sees every free slot), so a node taking thousands
    /// of short jobs a second sends a few requests, not one per job.
    sending: Arc<AtomicBool>,
}

impl Refill {
    pub fn new(conn: ConnectionManager, namespace: &str) -> Self {
        Refill { conn, channel: refill_channel(namespace), sending: Arc::default() }
    }

    pub fn request(&self) {
        if self.sending.swap(true, Ordering::AcqRel) {
            return;
        }
        let mut conn = self.conn.clone();
        let channel = self.channel.clone();
        let sending = Arc::clone(&self.sending);
        tokio::spawn(async move {
            let sent: Result<i64, _> = redis::cmd("PUBLISH").arg(channel).arg(1).query_async(&mut conn).await;
            sending.store(false, Ordering::Release);
            if let Err(e) = sent {
                tracing::debug!(error = %e, "refill request not sent");
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(keys: &[QueueKey]) -> Vec<String> {
        keys.iter().map(|k| k.name("px")).collect()
    }

    #[test]
    fn commercial_queues_only_where_every_type_of_the_family_is_commercial() {
        let caps = [BizType::MattingImage, BizType::CustomizedModel, BizType::TryOn, BizType::QrCodeArt];
        let all: Vec<String> = caps.iter().map(|b| b.as_str().to_owned()).collect();
        assert_eq!(
            names(&queue_keys(&caps, &all, "p")),
            [
                "px:diffusion:p:commercial",
                "px:diffusion:p",
                "px:qr:p:commercial",
                "px:qr:p",
                "px:segment:p:commercial",
                "px:segment:p"
            ]
        );
        // TRY_ON on a non-commercial model: the diffusion family's
        // commercial queue is not consumed, the others are.
        let some: Vec<String> = ["MATTING_IMAGE", "CUSTOMIZED_MODEL", "QR_CODE_ART"].map(String::from).to_vec();
        assert_eq!(
            names(&queue_keys(&caps, &some, "p")),
            ["px:diffusion:p", "px:qr:p:commercial", "px:qr:p", "px:segment:p:commercial", "px:segment:p"]
        );
        assert!(queue_keys(&[], &all, "p").is_empty());
        let labels: Vec<String> = queue_keys(&caps[..1], &all, "p").iter().map(consumer_label).collect();
        assert_eq!(labels, ["segment-commercial", "segment"]);
    }
}
