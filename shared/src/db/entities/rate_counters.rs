use sea_orm::entity::prelude::*;

/// Fixed-window counters; the key names the limit, the subject and the
/// window, e.g. `code:acct:h:13800138000:493827`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "rate_counters")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub counter_key: String,
    pub count: i32,
    pub expires_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
