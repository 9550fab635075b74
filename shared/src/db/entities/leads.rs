use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "leads")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `lead` (contact form) or `enquiry` (custom-model enquiry).
    pub kind: String,
    pub user_id: Option<i64>,
    pub form_type: Option<String>,
    pub name: String,
    pub company_name: String,
    pub phone: Option<String>,
    pub job_title: Option<String>,
    pub email: Option<String>,
    pub description: Option<String>,
    pub web_source: Option<String>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
