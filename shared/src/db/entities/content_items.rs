use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "content_items")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub batch_id: String,
    pub owner_id: i64,
    /// `redbook`, `weibo`, `tiktok` or `wechat`.
    pub platform: String,
    /// Its place in the batch (the order the platforms were asked in).
    pub position: i16,
    /// `ItemStatus`'s wire name.
    pub status: String,
    pub title: Option<String>,
    pub content: Option<String>,
    /// Hashtags without `#`, as a JSON list.
    pub tags: Json,
    /// Upload ids of the post's pictures, as a JSON list.
    pub images: Json,
    /// The pictures made for its text (`[{kind, taskId}]`).
    pub gen_images: Json,
    pub current_task_id: Option<String>,
    pub error_code: Option<String>,
    pub edited: bool,
    /// `like`, `dislike` or none.
    pub rating: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
