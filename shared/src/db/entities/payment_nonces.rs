use sea_orm::entity::prelude::*;

/// Nonces of payment notifications already accepted (replay protection).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "payment_nonces")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub nonce: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
