//! Queue depth and pool overviews, for the admin page and `/metrics`.

use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use crate::db::entities::worker_nodes::WorkerStatus;
use crate::db::entities::{tasks, tenant_pools, worker_nodes};
use crate::db::StoreError;
use crate::domain::TaskStatus;
use crate::jobs::DEFAULT_POOL;

/// Tasks of one task type, pool and lane by where they are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueueDepth {
    pub biz_type: String,
    pub pool: String,
    pub lane: String,
    /// NEW, waiting in the database.
    pub waiting: u64,
    /// NEW, job in Redis.
    pub dispatched: u64,
    pub running: u64,
}

/// Queue depth by task type, pool and lane (for the admin page and
/// `/metrics`).
pub async fn queue_depths(db: &impl ConnectionTrait) -> Result<Vec<QueueDepth>, StoreError> {
    let rows: Vec<(String, String, String, String, bool, i64)> = tasks::Entity::find()
        .select_only()
        .column(tasks::Column::BizType)
        .column(tasks::Column::Pool)
        .column(tasks::Column::Lane)
        .column(tasks::Column::Status)
        .column_as(Expr::col(tasks::Column::DispatchedAt).is_not_null(), "dispatched")
        .column_as(Expr::col(tasks::Column::Id).count(), "n")
        .filter(tasks::Column::Status.is_in([TaskStatus::New.as_str(), TaskStatus::Running.as_str()]))
        .group_by(tasks::Column::BizType)
        .group_by(tasks::Column::Pool)
        .group_by(tasks::Column::Lane)
        .group_by(tasks::Column::Status)
        .group_by(Expr::col(tasks::Column::DispatchedAt).is_not_null())
        .into_tuple()
        .all(db)
        .await?;
    let mut key_guards: std::collections::BTreeMap<(String, String, String), QueueDepth> = Default::default();
    for (biz_type, pool, lane, status, dispatched, n) in rows {
        let n = u64::try_from(n).unwrap_or(0);
        let d = key_guards.entry((biz_type.clone(), pool.clone(), lane.clone())).or_insert_with(|| QueueDepth {
            biz_type,
            pool,
            lane,
            waiting: 0,
            dispatched: 0,
            running: 0,
        });
        if status == TaskStatus::Running.as_str() {
            d.running += n;
        } else if dispatched {
            d.dispatched += n;
        } else {
            d.waiting += n;
        }
    }
    Ok(key_guards.into_values().collect())
}

/// One compute pool as admins see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoolStatus {
    pub pool: String,
    /// Tenants assigned to it.
    pub tenants: Vec<i64>,
    /// Workers online with a heartbeat since the cut-off.
    pub live_workers: u64,
    /// Their summed concurrency.
    pub live_concurrency: u64,
    /// NEW tasks (waiting in the database or in Redis).
    pub queued_tasks: u64,
    pub running_tasks: u64,
}

impl PoolStatus {
    /// Tasks are queued and nothing can run them: shown to admins, and on
    /// the tasks themselves (`waitingForPool`).
    pub fn is_stranded(&self) -> bool {
        self.live_workers == 0 && self.queued_tasks > 0
    }
}

/// Every pool that has a tenant, a worker or a task, with its live workers
/// (heart-beat since `live_since`) and its queued tasks.
pub async fn pools_overview(
    db: &impl ConnectionTrait,
    live_since: DateTime<Utc>,
) -> Result<Vec<PoolStatus>, StoreError> {
    let mut pools: std::collections::BTreeMap<String, PoolStatus> = Default::default();
    let entry = |pools: &mut std::collections::BTreeMap<String, PoolStatus>, pool: String| {
        pools.entry(pool.clone()).or_insert_with(|| PoolStatus {
            pool,
            tenants: vec![],
            live_workers: 0,
            live_concurrency: 0,
            queued_tasks: 0,
            running_tasks: 0,
        });
    };
    entry(&mut pools, DEFAULT_POOL.to_owned());
    for t in tenant_pools::Entity::find().order_by_asc(tenant_pools::Column::TenantId).all(db).await? {
        entry(&mut pools, t.pool.clone());
        if let Some(p) = pools.get_mut(&t.pool) {
            p.tenants.push(t.tenant_id);
        }
    }
    let workers: Vec<(String, i64, i64)> = worker_nodes::Entity::find()
        .select_only()
        .column(worker_nodes::Column::Pool)
        .column_as(Expr::col(worker_nodes::Column::Id).count(), "n")
        .column_as(worker_nodes::Column::Concurrency.sum(), "c")
        .filter(worker_nodes::Column::Status.eq(WorkerStatus::Online))
        .filter(worker_nodes::Column::LastHeartbeatAt.gt(live_since))
        .group_by(worker_nodes::Column::Pool)
        .into_tuple()
        .all(db)
        .await?;
    for (pool, n, c) in workers {
        entry(&mut pools, pool.clone());
        if let Some(p) = pools.get_mut(&pool) {
            p.live_workers = u64::try_from(n).unwrap_or(0);
            p.live_concurrency = u64::try_from(c).unwrap_or(0);
        }
    }
    let queued: Vec<(String, String, i64)> = tasks::Entity::find()
        .select_only()
        .column(tasks::Column::Pool)
        .column(tasks::Column::Status)
        .column_as(Expr::col(tasks::Column::Id).count(), "n")
        .filter(tasks::Column::Status.is_in([TaskStatus::New.as_str(), TaskStatus::Running.as_str()]))
        .group_by(tasks::Column::Pool)
        .group_by(tasks::Column::Status)
        .into_tuple()
        .all(db)
        .await?;
    for (pool, status, n) in queued {
        entry(&mut pools, pool.clone());
        if let Some(p) = pools.get_mut(&pool) {
            let n = u64::try_from(n).unwrap_or(0);
            if status == TaskStatus::Running.as_str() {
                p.running_tasks = n;
            } else {
                p.queued_tasks = n;
            }
        }
    }
    Ok(pools.into_values().collect())
}
