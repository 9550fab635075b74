//! Live task events over Redis pub/sub: whoever changes a task (a worker's
//! claim, progress and outcome; a user's stop; the sweeper) says so on the
//! task's channel, and a worker writing text publishes the text so far.
//! The API relays both to `GET /api/tasks/{id}/events` (one subscription per
//! API instance, see `api/src/task_stream/`), so a stream reads the
//! database only when something changed.
//!
//! Live text is state, not deltas: each message carries a result's whole
//! text so far, and the latest is kept under a key for a minute past the
//! last change, so a stream that joins late starts from it and no message
//! can be applied twice or out of place.

use std::time::Duration;

use redis::aio::ConnectionManager;
use serde::{Deserialize, Serialize};
use tokio::sync::Mutex;

use crate::domain::TaskId;

/// How long one publish may take before it is given up (events are a
/// courtesy: the database stays the truth).
const OP_TIMEOUT: Duration = Duration::from_secs(2);
/// How long live text outlives its last change.
const LIVE_TEXT_TTL_SECS: u64 = 600;

/// One message on a task's channel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum TaskEvent {
    /// The task's row changed (status, progress, results): read it again.
    Changed,
    /// The text of result `index` so far. `attempt` counts rewrites of that
    /// result (an answer that broke a rule is written again from scratch).
    #[serde(rename_all = "camelCase")]
    Text { index: u8, attempt: u8, text: String },
}

/// The channel of one task's events.
pub fn channel(namespace: &str, task: TaskId) -> String {
    format!("{namespace}:task-events:{task}")
}

/// The pattern an API instance subscribes to (every task's channel).
pub fn channel_pattern(namespace: &str) -> String {
    format!("{namespace}:task-events:*")
}

/// The task id of a channel name, if it is one.
pub fn task_of_channel(namespace: &str, channel: &str) -> Option<TaskId> {
    channel.strip_prefix(namespace)?.strip_prefix(":task-events:")?.parse().ok()
}

fn live_text_key(namespace: &str, task: TaskId, index: u8) -> String {
    format!("{namespace}:task-text:{task}:{index}")
}

/// After a failed connection, how long publishers skip Redis instead of
/// each waiting for a connection of its own (a stop or a sweep must not
/// slow down while Redis is away).
const RECONNECT_AFTER: Duration = Duration::from_secs(5);

enum Link {
    Unconnected,
    Connected(ConnectionManager),
    /// The last attempt failed; the next one waits until then.
    Down(tokio::time::Instant),
}

/// Publishes task events. Connects lazily and forgets a broken connection,
/// so Redis being down costs only the live view, never a task.
pub struct TaskEvents {
    url: String,
    namespace: String,
    link: Mutex<Link>,
}

impl TaskEvents {
    pub fn new(url: impl Into<String>, namespace: impl Into<String>) -> Self {
        TaskEvents { url: url.into(), namespace: namespace.into(), link: Mutex::new(Link::Unconnected) }
    }

    pub fn namespace(&self) -> &str {
        &self.namespace
    }

    async fn connection(&self) -> Option<ConnectionManager> {
        let mut link = self.link.lock().await;
        match &*link {
            Link::Connected(conn) => return Some(conn.clone()),
            Link::Down(until) if tokio::time::Instant::now() < *until => return None,
            Link::Down(_) | Link::Unconnected => {}
        }
        let connected = match redis::Client::open(self.url.as_str()) {
            Ok(client) => {
                tokio::time::timeout(OP_TIMEOUT, ConnectionManager::new(client)).await.ok().and_then(Result::ok)
            }
            Err(_) => None,
        };
        *link = match &connected {
            Some(conn) => Link::Connected(conn.clone()),
            None => Link::Down(tokio::time::Instant::now() + RECONNECT_AFTER),
        };
        connected
    }

    async fn run(&self, pipe: redis::Pipeline) {
        let Some(mut conn) = self.connection().await else {
            tracing::debug!("task events: Redis unavailable; event not sent");
            return;
        };
        match tokio::time::timeout(OP_TIMEOUT, pipe.query_async::<()>(&mut conn)).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => {
                tracing::debug!(error = %e, "task events: publish failed");
                *self.link.lock().await = Link::Unconnected;
            }
            Err(_) => tracing::debug!("task events: publish timed out"),
        }
    }

    /// Says that the task's row changed.
    pub async fn changed(&self, task: TaskId) {
        let mut pipe = redis::pipe();
        pipe.publish(channel(&self.namespace, task), encode(&TaskEvent::Changed)).ignore();
        self.run(pipe).await;
    }

    /// Publishes result `index`'s text so far and keeps it for late joiners.
    pub async fn text(&self, task: TaskId, index: u8, attempt: u8, text: &str) {
        let event = encode(&TaskEvent::Text { index, attempt, text: text.to_owned() });
        let mut pipe = redis::pipe();
        pipe.atomic()
            .set_ex(live_text_key(&self.namespace, task, index), &event, LIVE_TEXT_TTL_SECS)
            .ignore()
            .publish(channel(&self.namespace, task), &event)
            .ignore();
        self.run(pipe).await;
    }

    /// The latest text event of each of the task's first `count` results.
    pub async fn live_texts(&self, task: TaskId, count: u8) -> Vec<TaskEvent> {
        if count == 0 {
            return Vec::new();
        }
        let Some(mut conn) = self.connection().await else { return Vec::new() };
        let keys: Vec<String> = (0..count).map(|i| live_text_key(&self.namespace, task, i)).collect();
        let mut mget = redis::cmd("MGET");
        mget.arg(&keys);
        match tokio::time::timeout(OP_TIMEOUT, mget.query_async::<Vec<Option<String>>>(&mut conn)).await {
            Ok(Ok(values)) => values.into_iter().flatten().filter_map(|v| decode(&v)).collect(),
            _ => Vec::new(),
        }
    }
}

pub fn encode(event: &TaskEvent) -> String {
    serde_json::to_string(event).unwrap_or_default()
}

pub fn decode(raw: &str) -> Option<TaskEvent> {
    serde_json::from_str(raw).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_round_trip_and_channels_name_their_task() {
        let task = TaskId::new();
        let ch = channel("px", task);
        assert_eq!(task_of_channel("px", &ch), Some(task));
        assert_eq!(task_of_channel("other", &ch), None);
        let text = TaskEvent::Text { index: 1, attempt: 0, text: "你好".into() };
        assert_eq!(decode(&encode(&text)), Some(text));
        assert_eq!(encode(&TaskEvent::Changed), r#"{"kind":"changed"}"#);
    }
}
