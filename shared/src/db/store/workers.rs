use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter};

use crate::db::entities::worker_nodes;
use crate::db::StoreError;
use crate::domain::BizType;

/// A worker node as it registers itself.
#[derive(Debug, Clone)]
pub struct WorkerNode {
    pub id: String,
    pub name: String,
    pub host: String,
    pub version: String,
    pub device: String,
    pub pool: String,
    pub capabilities: Vec<BizType>,
    pub concurrency: u32,
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
        status: Set("online".to_owned()),
        started_at: Set(now),
        last_heartbeat_at: Set(now),
    };
    worker_nodes::Entity::insert(row)
        .on_conflict(
            OnConflict::column(worker_nodes::Column::Id)
                .update_columns([
                    worker_nodes::Column::Capabilities,
                    worker_nodes::Column::Status,
                    worker_nodes::Column::LastHeartbeatAt,
                ])
                .to_owned(),
        )
        .exec(db)
        .await?;
    Ok(())
}

pub async fn heartbeat(db: &impl ConnectionTrait, id: &str) -> Result<(), StoreError> {
    worker_nodes::Entity::update_many()
        .col_expr(worker_nodes::Column::LastHeartbeatAt, Expr::value(Utc::now()))
        .filter(worker_nodes::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

pub async fn deregister_worker(db: &impl ConnectionTrait, id: &str) -> Result<(), StoreError> {
    worker_nodes::Entity::update_many()
        .col_expr(worker_nodes::Column::Status, Expr::value("offline"))
        .filter(worker_nodes::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

/// Workers that are online and heart-beat since `since`.
pub async fn count_live_workers(db: &impl ConnectionTrait, since: DateTime<Utc>) -> Result<u64, StoreError> {
    Ok(worker_nodes::Entity::find()
        .filter(worker_nodes::Column::Status.eq("online"))
        .filter(worker_nodes::Column::LastHeartbeatAt.gt(since))
        .count(db)
        .await?)
}
