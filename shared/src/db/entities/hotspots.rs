use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "hotspots")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub source_id: Option<String>,
    /// `feed`, `import` or `custom`.
    pub origin: String,
    /// The user who saved a custom hotspot.
    pub owner_id: Option<i64>,
    pub kind: String,
    pub platform: String,
    /// Unique: the same item from the same source is the same hotspot.
    pub dedupe_key: String,
    pub title: String,
    pub summary: String,
    pub article: Option<String>,
    pub url: Option<String>,
    pub pic_url: Option<String>,
    /// The title's and summary's words (segmented once, space-separated).
    pub words: String,
    /// The latest heat.
    pub heat: i64,
    /// The latest rank in its source's list.
    pub rank: Option<i32>,
    pub first_seen_at: DateTimeUtc,
    pub last_seen_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
