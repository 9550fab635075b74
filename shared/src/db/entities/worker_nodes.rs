use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "worker_nodes")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub name: String,
    pub host: String,
    pub version: String,
    pub device: String,
    pub pool: String,
    /// The bizTypes this node has models for, e.g. `["MATTING_IMAGE"]`.
    pub capabilities: Json,
    pub concurrency: i32,
    pub status: WorkerStatus,
    pub started_at: DateTimeUtc,
    pub last_heartbeat_at: DateTimeUtc,
    /// `active`, `paused` or `draining`, set by an admin; the node reads it
    /// on each heartbeat.
    pub desired_state: String,
    pub jobs_done: i64,
    pub jobs_failed: i64,
    /// `host:port` of the node's Prometheus listener, if it runs one.
    pub metrics_addr: Option<String>,
    /// The node's model report (JSON text, see `store::capabilities`).
    pub models: Option<String>,
}

/// Whether a node process is running (it registered and has not shut
/// down). Liveness is this plus a recent heartbeat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
pub enum WorkerStatus {
    #[sea_orm(string_value = "online")]
    Online,
    /// Shut down gracefully (deregistered).
    #[sea_orm(string_value = "offline")]
    Offline,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
