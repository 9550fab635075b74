use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "content_batches")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub owner_id: i64,
    /// `hotspot`, `calendar`, `importHot`…, `custom`.
    pub source: String,
    pub hotspot_id: Option<String>,
    pub report_id: Option<String>,
    /// What every post is written from (`ContentBrief`), as JSON.
    pub brief: Json,
    /// Where the posts' tasks are queued (pool, lane, share key, queue).
    pub route: Json,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
