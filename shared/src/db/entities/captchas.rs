use sea_orm::entity::prelude::*;

/// The current captcha per account; the answer only as its peppered hash.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "captchas")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub target: String,
    pub answer_hash: String,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
    /// Set when answered correctly; the next code send consumes the row.
    pub verified_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
