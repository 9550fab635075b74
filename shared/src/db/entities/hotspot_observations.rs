use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "hotspot_observations")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub hotspot_id: String,
    pub observed_at: DateTimeUtc,
    pub rank: Option<i32>,
    pub heat: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(belongs_to = "super::hotspots::Entity", from = "Column::HotspotId", to = "super::hotspots::Column::Id")]
    Hotspot,
}

impl ActiveModelBehavior for ActiveModel {}
