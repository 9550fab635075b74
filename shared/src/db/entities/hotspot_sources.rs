use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "hotspot_sources")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub name: String,
    /// `rss` or `json`.
    pub format: String,
    pub url: String,
    pub platform: String,
    pub kind: String,
    pub interval_minutes: i32,
    pub enabled: bool,
    /// The JSON Pointers of a `json` source, as JSON.
    pub mapping: Option<String>,
    pub next_fetch_at: DateTimeUtc,
    pub last_fetch_at: Option<DateTimeUtc>,
    pub last_ok_at: Option<DateTimeUtc>,
    pub last_error: Option<String>,
    pub last_item_count: i32,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
