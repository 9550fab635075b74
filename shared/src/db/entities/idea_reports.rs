use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "idea_reports")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub owner_id: i64,
    pub title: String,
    /// `hotspotSourceType`: PUBLIC, CALENDAR, CUSTOM_INSPIRATION…
    pub source_type: String,
    pub hotspot_id: Option<String>,
    /// The brief, the social types and the stage order, as JSON.
    pub params: Json,
    /// `generating`, `completed`, `failed` or `cancelled`.
    pub state: String,
    /// The last stage delivered (`created` before any).
    pub stage: String,
    /// The stage whose task is queued or running.
    pub running_stage: Option<String>,
    pub current_task_id: Option<String>,
    pub error_stage: Option<String>,
    pub error_code: Option<String>,
    /// What each delivered stage wrote, by stage.
    pub sections: Json,
    /// The pictures of the picture ideas: `[{idea, kind, taskId}]`.
    pub pictures: Json,
    /// Where the stage tasks are queued (pool, lane, share key, queue).
    pub route: Json,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub finished_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
