use sea_orm::entity::prelude::*;

/// SMS and mail codes, stored only as their peppered hash.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "verify_codes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `sms` or `mail`.
    pub channel: String,
    /// The phone or (lower-cased) email the code was sent to.
    pub target: String,
    pub code_hash: String,
    pub attempts: i32,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
    /// Set when used or replaced by a newer code.
    pub consumed_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
