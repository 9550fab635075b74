//! The one definition of every job: payload, queue names and routing, used
//! by the API (and its dispatcher) to enqueue and by the worker to consume.
//!
//! A job carries only the task id: the database row is the truth, so a
//! duplicated or stale job is harmless (the worker's claim is guarded by the
//! task's state).

use std::time::Duration;

use apalis_redis::{ConnectionManager, RedisStorage};
use serde::{Deserialize, Serialize};

use crate::domain::{BizType, JobFamily, TaskId};

/// The payload of every generation queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskJob {
    pub task_id: TaskId,
}

/// Service lanes. Only `Standard` exists until tiers bring fast and
/// exclusive speed (a later issue); the queue name already carries it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lane {
    #[default]
    Standard,
}

impl Lane {
    pub fn as_str(self) -> &'static str {
        match self {
            Lane::Standard => "standard",
        }
    }
}

/// Where a task's job goes: family × compute pool × lane.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct QueueKey {
    pub family: JobFamily,
    pub pool: String,
    pub lane: Lane,
}

pub const DEFAULT_POOL: &str = "default";

impl QueueKey {
    pub fn for_task(biz: BizType, pool: Option<&str>, lane: Lane) -> Self {
        QueueKey { family: biz.family(), pool: pool.unwrap_or(DEFAULT_POOL).to_owned(), lane }
    }

    /// The Redis queue name, e.g. `pixmart:segment:default:standard`.
    pub fn name(&self, namespace: &str) -> String {
        format!("{namespace}:{}:{}:{}", self.family.as_str(), self.pool, self.lane.as_str())
    }
}

/// The apalis storage for one queue; the API pushes into it and the worker
/// consumes from it. Workers poll on a short interval because apalis-redis
/// otherwise only wakes on its heartbeat.
pub fn queue_storage(conn: ConnectionManager, namespace: &str, key: &QueueKey) -> RedisStorage<TaskJob> {
    queue_storage_named(conn, &key.name(namespace))
}

/// As [`queue_storage`], for a queue name already resolved (the outbox
/// stores names).
pub fn queue_storage_named(conn: ConnectionManager, queue: &str) -> RedisStorage<TaskJob> {
    let config = apalis_redis::Config::default()
        .queue(queue)
        .heartbeat_interval(Duration::from_secs(10))
        // Results live in the database; Redis keeps no copy of them.
        .persist_results(false);
    RedisStorage::new(conn).with_config(config)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queue_names_route_by_family_pool_and_lane() {
        let k = QueueKey::for_task(BizType::MattingImage, None, Lane::Standard);
        assert_eq!(k.name("pixmart"), "pixmart:segment:default:standard");
        let k = QueueKey::for_task(BizType::QrCodeArt, Some("acme"), Lane::Standard);
        assert_eq!(k.name("px"), "px:qr:acme:standard");
    }

    #[test]
    fn payload_is_camel_case_json() {
        let id = TaskId::new();
        let json = serde_json::to_value(TaskJob { task_id: id }).unwrap();
        assert_eq!(json, serde_json::json!({ "taskId": id.to_string() }));
    }
}
