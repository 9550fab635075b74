use sea_orm::entity::prelude::*;

/// A task whose job has not yet reached Redis. The row is written in the
/// same transaction as the task and deleted once the job is pushed.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "task_outbox")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub task_id: String,
    pub queue: String,
    pub attempts: i32,
    pub next_attempt_at: DateTimeUtc,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
