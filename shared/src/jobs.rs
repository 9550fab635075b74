//! The one definition of every job: payload, queue names and routing, used
//! by the API (and its dispatcher) to enqueue and by the worker to consume.
//!
//! A job carries only the task id: the database row is the truth, so a
//! duplicated or stale job is harmless (the worker's claim is guarded by the
//! task's state).

use std::time::Duration;

use apalis_redis::{ConnectionManager, RedisStorage};
use serde::{Deserialize, Serialize};

use crate::domain::{BizType, JobFamily, Speed, TaskId, Tier};

/// The payload of every generation queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskJob {
    pub task_id: TaskId,
}

/// Service lanes: the original app's standard (free), fast (paid plans) and
/// exclusive (enterprise) speed. The lane is stored on the task; the
/// dispatcher serves the lanes in priority order with a head start per lane
/// (see [`Lane::head_start`]), so a paid task overtakes free ones without
/// ever starving them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lane {
    #[default]
    Standard,
    Fast,
    Exclusive,
}

impl Lane {
    pub const ALL: [Lane; 3] = [Lane::Exclusive, Lane::Fast, Lane::Standard];

    pub fn as_str(self) -> &'static str {
        match self {
            Lane::Standard => "standard",
            Lane::Fast => "fast",
            Lane::Exclusive => "exclusive",
        }
    }

    pub fn parse(raw: &str) -> Option<Lane> {
        Lane::ALL.into_iter().find(|l| l.as_str() == raw)
    }

    /// The lane a tier's speed promises.
    pub fn for_tier(tier: Tier) -> Lane {
        match tier.speed() {
            Speed::Standard => Lane::Standard,
            Speed::Fast => Lane::Fast,
            Speed::Exclusive => Lane::Exclusive,
        }
    }

    /// How much earlier than its submission a task of this lane counts when
    /// the dispatcher compares the oldest waiting task of each lane. A fast
    /// task overtakes free tasks submitted less than `fast` before it; a
    /// free task that has waited longer than that goes first, so the
    /// standard lane is never starved (its extra wait is bounded by the
    /// head start).
    pub fn head_start(self, fast: chrono::Duration, exclusive: chrono::Duration) -> chrono::Duration {
        match self {
            Lane::Standard => chrono::Duration::zero(),
            Lane::Fast => fast,
            Lane::Exclusive => exclusive,
        }
    }
}

/// Where a task's job goes in Redis: family × compute pool, and whether
/// only commercially licensed models may run it. Lanes and fairness are
/// decided by the dispatcher before a job reaches Redis (it keeps only a
/// small window per queue there), so a queue needs no lane.
///
/// Licence routing: a tenant that refuses non-commercial models
/// (`refuseNonCommercialModels`) sends its tasks to the family's
/// *commercial* queue of its pool, `<ns>:<family>:<pool>:commercial`. Every
/// node of the pool consumes the plain queue of the families it serves, but
/// only a node whose advertised task types of that family all run on
/// commercially licensed models (its registry report's `commercialOnly`)
/// also consumes the commercial one. So such a tenant's task never reaches a
/// node that would use a non-commercial model, while any node may run
/// everyone else's. The submit gate refuses the task up front when no such
/// node is known (`MODEL_NOT_ALLOWED`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct QueueKey {
    pub family: JobFamily,
    pub pool: String,
    pub commercial_only: bool,
}

pub const DEFAULT_POOL: &str = "default";

impl QueueKey {
    pub fn for_task(biz: BizType, pool: Option<&str>) -> Self {
        QueueKey { family: biz.family(), pool: pool.unwrap_or(DEFAULT_POOL).to_owned(), commercial_only: false }
    }

    /// The same family and pool, for commercially licensed models only
    /// (`true`) or any (`false`).
    pub fn commercial_only(self, commercial_only: bool) -> Self {
        QueueKey { commercial_only, ..self }
    }

    /// The Redis queue name, e.g. `pixmart:segment:default` or
    /// `pixmart:segment:default:commercial`.
    pub fn name(&self, namespace: &str) -> String {
        let suffix = if self.commercial_only { ":commercial" } else { "" };
        format!("{namespace}:{}:{}{suffix}", self.family.as_str(), self.pool)
    }
}

/// A pool name as given to `pixmart-worker --pool` or assigned to a tenant:
/// 1 to 64 of `a-z 0-9 - _` (it becomes part of Redis keys).
pub fn valid_pool_name(raw: &str) -> bool {
    (1..=64).contains(&raw.len())
        && raw.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
}

/// The Redis pub/sub channel on which workers ask the dispatcher for more
/// jobs (they just took one from `queue`).
pub fn refill_channel(namespace: &str) -> String {
    format!("{namespace}:dispatch:refill")
}

/// The channel apalis-redis publishes on when a job is pushed to a queue;
/// idle workers subscribe to it to wake at once.
pub fn available_channel(queue: &str) -> String {
    format!("tasks:{queue}:active:available")
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
        let k = QueueKey::for_task(BizType::MattingImage, None);
        assert_eq!(k.name("pixmart"), "pixmart:segment:default");
        let k = QueueKey::for_task(BizType::QrCodeArt, Some("acme"));
        assert_eq!(k.name("px"), "px:qr:acme");
        let k = QueueKey::for_task(BizType::TryOn, Some("acme")).commercial_only(true);
        assert_eq!(k.name("px"), "px:diffusion:acme:commercial");
        assert_eq!(k.commercial_only(false).name("px"), "px:diffusion:acme");
    }

    #[test]
    fn lanes_follow_tier_speed_and_parse_back() {
        assert_eq!(Lane::for_tier(Tier::Free), Lane::Standard);
        assert_eq!(Lane::for_tier(Tier::Basic), Lane::Fast);
        assert_eq!(Lane::for_tier(Tier::Enterprise), Lane::Exclusive);
        for l in Lane::ALL {
            assert_eq!(Lane::parse(l.as_str()), Some(l));
        }
        assert!(valid_pool_name("acme-gpu_1"));
        assert!(!valid_pool_name("Acme:gpu"));
        assert!(!valid_pool_name(""));
    }

    #[test]
    fn payload_is_camel_case_json() {
        let id = TaskId::new();
        let json = serde_json::to_value(TaskJob { task_id: id }).unwrap();
        assert_eq!(json, serde_json::json!({ "taskId": id.to_string() }));
    }
}
