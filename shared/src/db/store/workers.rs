//! Worker nodes: registration, heartbeats (which carry the operator's
//! desired state back to the node), job counters, and the fleet read models
//! the admin API shows. Queue depths and pools are in `store::dispatch`.

use std::collections::BTreeMap;

use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveEnum, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect,
};

use crate::db::entities::worker_nodes::WorkerStatus;
use crate::db::entities::{tasks, worker_nodes};
use crate::db::store::capabilities::ModelReport;
use crate::db::StoreError;
use crate::domain::{BizType, TaskStatus};

/// A worker node as it registers itself.
#[derive(Debug, Clone)]
pub struct WorkerNode {
    pub id: String,
    pub name: String,
    pub host: String,
    pub version: String,
    /// `CPU (n threads)` or the GPU's name and memory.
    pub device: String,
    pub pool: String,
    /// The task types whose models this node loaded.
    pub capabilities: Vec<BizType>,
    /// Jobs at once per task type (per queue).
    pub concurrency: u32,
    /// `host:port` of its Prometheus listener, if any.
    pub metrics_addr: Option<String>,
    /// Its models: loaded, and what each unserved task type lacks.
    pub models: ModelReport,
}

/// What an operator wants a node to do; the node reads it on each
/// heartbeat and starts or stops taking jobs accordingly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DesiredState {
    /// Take jobs.
    #[default]
    Active,
    /// Take no new jobs until resumed (running ones finish).
    Paused,
    /// Finish current jobs, take no more: before maintenance.
    Draining,
}

impl DesiredState {
    pub fn as_str(self) -> &'static str {
        match self {
            DesiredState::Active => "active",
            DesiredState::Paused => "paused",
            DesiredState::Draining => "draining",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "active" => Some(DesiredState::Active),
            "paused" => Some(DesiredState::Paused),
            "draining" => Some(DesiredState::Draining),
            _ => None,
        }
    }

    /// Whether a node in this state fetches new jobs.
    pub fn takes_jobs(self) -> bool {
        self == DesiredState::Active
    }
}

/// A node's status as the admin sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeStatus {
    /// Heart-beating and taking jobs.
    Live,
    /// Registered but silent for longer than the liveness window (killed,
    /// hung, or cut off).
    Stale,
    Draining,
    Paused,
    /// Shut down gracefully (deregistered).
    Offline,
}

impl NodeStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            NodeStatus::Live => "live",
            NodeStatus::Stale => "stale",
            NodeStatus::Draining => "draining",
            NodeStatus::Paused => "paused",
            NodeStatus::Offline => "offline",
        }
    }

    fn of(row: &worker_nodes::Model, live_since: DateTime<Utc>) -> Self {
        if row.status == WorkerStatus::Offline {
            NodeStatus::Offline
        } else if row.last_heartbeat_at <= live_since {
            NodeStatus::Stale
        } else {
            match DesiredState::parse(&row.desired_state).unwrap_or_default() {
                DesiredState::Active => NodeStatus::Live,
                DesiredState::Paused => NodeStatus::Paused,
                DesiredState::Draining => NodeStatus::Draining,
            }
        }
    }

    /// Counts as a worker that can serve its pool now or soon.
    pub fn is_live(self) -> bool {
        matches!(self, NodeStatus::Live | NodeStatus::Draining | NodeStatus::Paused)
    }
}

pub async fn register_worker(db: &impl ConnectionTrait, node: &WorkerNode) -> Result<(), StoreError> {
    let now = Utc::now();
    let caps =
        serde_json::to_value(&node.capabilities).map_err(|e| StoreError::corrupt("worker_nodes", e.to_string()))?;
    let row = worker_nodes::ActiveModel {
        id: Set(node.id.clone()),
        name: Set(node.name.clone()),
        host: Set(node.host.clone()),
        version: Set(node.version.clone()),
        device: Set(node.device.clone()),
        pool: Set(node.pool.clone()),
        capabilities: Set(caps),
        concurrency: Set(i32::try_from(node.concurrency).unwrap_or(i32::MAX)),
        status: Set(WorkerStatus::Online),
        started_at: Set(now),
        last_heartbeat_at: Set(now),
        desired_state: Set(DesiredState::Active.as_str().to_owned()),
        jobs_done: Set(0),
        jobs_failed: Set(0),
        metrics_addr: Set(node.metrics_addr.clone()),
        models: Set(Some(node.models.to_json())),
    };
    worker_nodes::Entity::insert(row)
        .on_conflict(
            OnConflict::column(worker_nodes::Column::Id)
                .update_columns([
                    worker_nodes::Column::Capabilities,
                    worker_nodes::Column::Status,
                    worker_nodes::Column::LastHeartbeatAt,
                    worker_nodes::Column::MetricsAddr,
                    worker_nodes::Column::Models,
                ])
                .to_owned(),
        )
        .exec(db)
        .await?;
    Ok(())
}

/// Records that the node is alive and returns what the operator wants it to
/// do (`None` when the node's row is gone).
pub async fn heartbeat(db: &impl ConnectionTrait, id: &str) -> Result<Option<DesiredState>, StoreError> {
    worker_nodes::Entity::update_many()
        .col_expr(worker_nodes::Column::LastHeartbeatAt, Expr::value(Utc::now()))
        .filter(worker_nodes::Column::Id.eq(id))
        .exec(db)
        .await?;
    desired_state(db, id).await
}

pub async fn desired_state(db: &impl ConnectionTrait, id: &str) -> Result<Option<DesiredState>, StoreError> {
    let raw: Option<String> = worker_nodes::Entity::find_by_id(id.to_owned())
        .select_only()
        .column(worker_nodes::Column::DesiredState)
        .into_tuple()
        .one(db)
        .await?;
    Ok(raw.map(|s| DesiredState::parse(&s).unwrap_or_default()))
}

/// An admin sets a node's desired state. False when there is no such node.
pub async fn set_desired_state(db: &impl ConnectionTrait, id: &str, state: DesiredState) -> Result<bool, StoreError> {
    let res = worker_nodes::Entity::update_many()
        .col_expr(worker_nodes::Column::DesiredState, Expr::value(state.as_str()))
        .filter(worker_nodes::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(res.rows_affected == 1)
}

pub async fn deregister_worker(db: &impl ConnectionTrait, id: &str) -> Result<(), StoreError> {
    worker_nodes::Entity::update_many()
        .col_expr(worker_nodes::Column::Status, Expr::value(WorkerStatus::Offline.to_value()))
        .filter(worker_nodes::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

/// Workers that are online and heart-beat since `since`.
pub async fn count_live_workers(db: &impl ConnectionTrait, since: DateTime<Utc>) -> Result<u64, StoreError> {
    Ok(worker_nodes::Entity::find()
        .filter(worker_nodes::Column::Status.eq(WorkerStatus::Online))
        .filter(worker_nodes::Column::LastHeartbeatAt.gt(since))
        .count(db)
        .await?)
}

// ---- fleet read models (admin) ------------------------------------------

/// One node as the admin sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct NodeView {
    pub id: String,
    pub host: String,
    pub version: String,
    pub device: String,
    pub pool: String,
    pub capabilities: Vec<BizType>,
    pub concurrency: u32,
    pub status: NodeStatus,
    pub desired_state: DesiredState,
    /// Tasks RUNNING under this node now (from the tasks table).
    pub current_jobs: u64,
    pub jobs_done: u64,
    pub jobs_failed: u64,
    /// Tasks this node finished in the throughput window.
    pub finished_recently: u64,
    /// `current_jobs` over the jobs it may run at once (0..=1).
    pub load: f64,
    pub metrics_addr: Option<String>,
    /// Its model report (none for nodes older than the registry).
    pub models: Option<ModelReport>,
    pub started_at: DateTime<Utc>,
    pub last_heartbeat_at: DateTime<Utc>,
}

/// Every registered node, newest first, with its status computed against
/// `live_since` (a heartbeat older than that is stale) and its throughput
/// counted since `recent_since`. Offline nodes older than a day are left out.
pub async fn list_nodes(
    db: &impl ConnectionTrait,
    live_since: DateTime<Utc>,
    recent_since: DateTime<Utc>,
) -> Result<Vec<NodeView>, StoreError> {
    let rows = worker_nodes::Entity::find()
        .filter(
            sea_orm::Condition::any()
                .add(worker_nodes::Column::Status.ne(WorkerStatus::Offline))
                .add(worker_nodes::Column::LastHeartbeatAt.gt(Utc::now() - Duration::days(1))),
        )
        .order_by_desc(worker_nodes::Column::StartedAt)
        .all(db)
        .await?;
    let running =
        count_by_worker(db, tasks::Entity::find().filter(tasks::Column::Status.eq(TaskStatus::Running.as_str())))
            .await?;
    let recent = count_by_worker(
        db,
        tasks::Entity::find()
            .filter(tasks::Column::FinishedAt.gt(recent_since))
            .filter(tasks::Column::Status.is_in([TaskStatus::Success.as_str(), TaskStatus::Failed.as_str()])),
    )
    .await?;
    rows.into_iter()
        .map(|row| {
            let capabilities: Vec<BizType> = serde_json::from_value(row.capabilities.clone())
                .map_err(|_| StoreError::corrupt("worker_nodes", format!("{}: capabilities", row.id)))?;
            let concurrency = Ord::max(u32::try_from(row.concurrency).unwrap_or(1), 1);
            let current_jobs = running.get(&row.id).copied().unwrap_or(0);
            let slots = u64::from(concurrency) * u64::try_from(Ord::max(capabilities.len(), 1)).unwrap_or(1);
            #[allow(clippy::cast_precision_loss)] // counts far below 2^52
            let load = (current_jobs as f64 / slots as f64).min(1.0);
            Ok(NodeView {
                status: NodeStatus::of(&row, live_since),
                desired_state: DesiredState::parse(&row.desired_state).unwrap_or_default(),
                current_jobs,
                finished_recently: recent.get(&row.id).copied().unwrap_or(0),
                jobs_done: u64::try_from(row.jobs_done).unwrap_or(0),
                jobs_failed: u64::try_from(row.jobs_failed).unwrap_or(0),
                load,
                capabilities,
                concurrency,
                id: row.id,
                host: row.host,
                version: row.version,
                device: row.device,
                pool: row.pool,
                metrics_addr: row.metrics_addr,
                models: ModelReport::from_json(row.models.as_deref()),
                started_at: row.started_at,
                last_heartbeat_at: row.last_heartbeat_at,
            })
        })
        .collect()
}

async fn count_by_worker(
    db: &impl ConnectionTrait,
    query: sea_orm::Select<tasks::Entity>,
) -> Result<BTreeMap<String, u64>, StoreError> {
    let rows: Vec<(Option<String>, i64)> = query
        .select_only()
        .column(tasks::Column::WorkerId)
        .column_as(tasks::Column::Id.count(), "n")
        .filter(tasks::Column::WorkerId.is_not_null())
        .group_by(tasks::Column::WorkerId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().filter_map(|(w, n)| Some((w?, u64::try_from(n).unwrap_or(0)))).collect())
}
