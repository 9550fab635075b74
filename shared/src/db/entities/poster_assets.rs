use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "poster_assets")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub owner_id: i64,
    pub upload_id: String,
    pub name: String,
    /// 0 an image, 1 a logo (`content_type` on the wire).
    pub kind: i16,
    /// The tenant the asset is shared with, if any.
    pub shared_tenant_id: Option<i64>,
    pub created_at: DateTimeUtc,
    pub updated_at_ms: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
