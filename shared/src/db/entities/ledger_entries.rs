use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "ledger_entries")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub bucket: String,
    /// grant, charge, settle, refund
    pub kind: String,
    /// Signed: positive adds to the bucket, negative takes from it.
    pub amount: i64,
    pub task_id: Option<String>,
    pub note: Option<String>,
    pub idempotency_key: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
