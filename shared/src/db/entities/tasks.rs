use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "tasks")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub owner_id: i64,
    pub biz_type: String,
    pub params: Json,
    pub status: String,
    pub progress: i32,
    pub results: Option<Json>,
    pub error_code: Option<String>,
    pub error_msg: Option<String>,
    pub attempts: i32,
    pub cost_lingshi: i64,
    pub pool: String,
    pub lane: String,
    pub worker_id: Option<String>,
    pub lease_until: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub started_at: Option<DateTimeUtc>,
    pub finished_at: Option<DateTimeUtc>,
    pub updated_at: DateTimeUtc,
    pub idempotency_key: Option<String>,
    /// The queue its job goes to.
    pub queue: Option<String>,
    /// When its job last reached Redis; `None` while it waits in the outbox.
    pub dispatched_at: Option<DateTimeUtc>,
    /// Whose turn this task takes in the dispatcher's round robin: the
    /// tenant (`t:<id>`) or, without one, the user (`u:<id>`).
    pub share_key: String,
    pub batch_id: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub source_text: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
