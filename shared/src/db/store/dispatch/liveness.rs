//! Whether a pool has live workers and how much they can run at once.

use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect};

use crate::db::entities::worker_nodes;
use crate::db::entities::worker_nodes::WorkerStatus;
use crate::db::StoreError;

/// Summed concurrency of the live workers of a pool (the dispatcher sizes
/// a queue's Redis window from it).
pub async fn live_concurrency(
    db: &impl ConnectionTrait,
    pool: &str,
    live_since: DateTime<Utc>,
) -> Result<u64, StoreError> {
    let sum: Option<Option<i64>> = worker_nodes::Entity::find()
        .select_only()
        .column_as(worker_nodes::Column::Concurrency.sum(), "c")
        .filter(worker_nodes::Column::Pool.eq(pool))
        .filter(worker_nodes::Column::Status.eq(WorkerStatus::Online))
        .filter(worker_nodes::Column::LastHeartbeatAt.gt(live_since))
        .into_tuple()
        .one(db)
        .await?;
    Ok(sum.flatten().and_then(|c| u64::try_from(c).ok()).unwrap_or(0))
}

/// Whether a pool has a live worker (a task of a pool without one is
/// marked `waitingForPool`).
pub async fn pool_is_live(
    db: &impl ConnectionTrait,
    pool: &str,
    live_since: DateTime<Utc>,
) -> Result<bool, StoreError> {
    Ok(worker_nodes::Entity::find()
        .filter(worker_nodes::Column::Pool.eq(pool))
        .filter(worker_nodes::Column::Status.eq(WorkerStatus::Online))
        .filter(worker_nodes::Column::LastHeartbeatAt.gt(live_since))
        .count(db)
        .await?
        > 0)
}
