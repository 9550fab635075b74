use sea_orm::entity::prelude::*;

/// One paid plan period of a user. The open row (no `closed_at`) whose
/// period covers now is the user's current plan.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "memberships")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub tier: String,
    pub starts_at: DateTimeUtc,
    pub ends_at: DateTimeUtc,
    pub closed_at: Option<DateTimeUtc>,
    pub order_no: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
