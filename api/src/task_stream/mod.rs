//! Where this API instance hears task events (`pixmart_shared::task_events`):
//! one Redis connection subscribed to every task's channel, fanned out to
//! the open event streams of this instance by task id. A stream thus costs
//! Redis nothing of its own and reads the database only when its task
//! changed.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::Duration;

use futures::StreamExt;
use pixmart_shared::domain::TaskId;
use pixmart_shared::task_events::{channel_pattern, decode, task_of_channel, TaskEvent};
use tokio::sync::broadcast;

/// What a stream hears.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Signal {
    Event(TaskEvent),
    /// The subscription was (re)established: anything may have been missed,
    /// so read the task (and its live text) again.
    Resync,
}

/// Messages one task's streams may fall behind by before they resync.
const BACKLOG: usize = 256;
/// Wait before subscribing again after Redis went away.
const RECONNECT_AFTER: Duration = Duration::from_secs(1);

type Watchers = HashMap<TaskId, broadcast::Sender<Signal>>;

pub struct TaskStreams {
    url: String,
    namespace: String,
    watchers: Mutex<Watchers>,
    started: AtomicBool,
}

impl TaskStreams {
    pub fn new(url: impl Into<String>, namespace: impl Into<String>) -> Arc<Self> {
        Arc::new(TaskStreams {
            url: url.into(),
            namespace: namespace.into(),
            watchers: Mutex::new(HashMap::new()),
            started: AtomicBool::new(false),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Watchers> {
        self.watchers.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts hearing `task`'s events; the subscription loop starts on first use.
    pub fn watch(self: &Arc<Self>, task: TaskId) -> Watch {
        let rx = self.lock().entry(task).or_insert_with(|| broadcast::channel(BACKLOG).0).subscribe();
        if !self.started.swap(true, Ordering::SeqCst) {
            tokio::spawn(listen(Arc::downgrade(self)));
        }
        Watch { streams: self.clone(), task, rx }
    }

    fn deliver(&self, task: TaskId, signal: Signal) {
        if let Some(tx) = self.lock().get(&task) {
            let _ = tx.send(signal);
        }
    }

    fn resync_all(&self) {
        for tx in self.lock().values() {
            let _ = tx.send(Signal::Resync);
        }
    }
}

/// One stream's subscription; forgets the task when its last stream ends.
pub struct Watch {
    streams: Arc<TaskStreams>,
    task: TaskId,
    rx: broadcast::Receiver<Signal>,
}

impl Watch {
    /// The next signal. Falling behind is a resync, never an error.
    pub async fn recv(&mut self) -> Signal {
        match self.rx.recv().await {
            Ok(signal) => signal,
            Err(broadcast::error::RecvError::Lagged(_)) => Signal::Resync,
            // The sender lives in the map while this receiver does.
            Err(broadcast::error::RecvError::Closed) => std::future::pending().await,
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        let mut watchers = self.streams.lock();
        if watchers.get(&self.task).is_some_and(|tx| tx.receiver_count() <= 1) {
            watchers.remove(&self.task);
        }
    }
}

/// Subscribes to every task channel and hands each message to its task's
/// streams; after a lost connection, subscribes again and tells every
/// stream to resync. Ends when the instance's `TaskStreams` is gone.
async fn listen(streams: Weak<TaskStreams>) {
    loop {
        let Some((url, namespace)) = streams.upgrade().map(|s| (s.url.clone(), s.namespace.clone())) else {
            return;
        };
        match subscribe(&url, &namespace).await {
            Ok(mut pubsub) => {
                if let Some(s) = streams.upgrade() {
                    s.resync_all();
                }
                let mut messages = pubsub.on_message();
                while let Some(msg) = messages.next().await {
                    let Some(s) = streams.upgrade() else { return };
                    let Some(task) = task_of_channel(&namespace, msg.get_channel_name()) else { continue };
                    let Some(event) = msg.get_payload::<String>().ok().and_then(|p| decode(&p)) else { continue };
                    s.deliver(task, Signal::Event(event));
                }
                tracing::warn!("task events: subscription lost; subscribing again");
            }
            Err(e) => {
                tracing::warn!(error = %e, "task events: cannot subscribe; event streams fall back to slow reads")
            }
        }
        tokio::time::sleep(RECONNECT_AFTER).await;
    }
}

async fn subscribe(url: &str, namespace: &str) -> redis::RedisResult<redis::aio::PubSub> {
    let client = redis::Client::open(url)?;
    let mut pubsub = client.get_async_pubsub().await?;
    pubsub.psubscribe(channel_pattern(namespace)).await?;
    Ok(pubsub)
}
