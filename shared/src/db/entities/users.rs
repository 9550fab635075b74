use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub password_hash: String,
    pub user_name: String,
    pub tenant_id: Option<i64>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// This user's own invite code (unique).
    pub invite_code: Option<String>,
    /// Who invited this user, if they registered through an invite.
    pub inviter_id: Option<i64>,
    /// `user` or `admin` (fleet administration); defaults to `user`.
    pub role: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
