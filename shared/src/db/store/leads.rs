//! Lead (contact) and custom-model enquiry submissions, one table with a
//! kind.

use chrono::Utc;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::db::entities::leads;
use crate::db::StoreError;
use crate::domain::lead::{EnquiryForm, LeadForm};
use crate::domain::UserId;

pub const KIND_LEAD: &str = "lead";
pub const KIND_ENQUIRY: &str = "enquiry";

/// A stored submission, as support staff read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeadRecord {
    pub id: i64,
    pub kind: String,
    pub user: Option<UserId>,
    pub form_type: Option<String>,
    pub name: String,
    pub company_name: String,
    pub phone: Option<String>,
    pub job_title: Option<String>,
    pub email: Option<String>,
    pub description: Option<String>,
    pub web_source: Option<String>,
}

impl From<leads::Model> for LeadRecord {
    fn from(m: leads::Model) -> Self {
        LeadRecord {
            id: m.id,
            kind: m.kind,
            user: m.user_id.map(UserId),
            form_type: m.form_type,
            name: m.name,
            company_name: m.company_name,
            phone: m.phone,
            job_title: m.job_title,
            email: m.email,
            description: m.description,
            web_source: m.web_source,
        }
    }
}

pub async fn insert_lead(db: &impl ConnectionTrait, user: Option<UserId>, f: &LeadForm) -> Result<i64, StoreError> {
    let row = leads::ActiveModel {
        kind: Set(KIND_LEAD.to_owned()),
        user_id: Set(user.map(|u| u.0)),
        form_type: Set(f.lead_type.as_str().map(str::to_owned)),
        name: Set(f.name.clone()),
        company_name: Set(f.company_name.clone()),
        phone: Set(f.phone.clone()),
        job_title: Set(f.job_title.clone()),
        email: Set(f.email.clone()),
        description: Set(f.description.clone()),
        web_source: Set(f.web_source.clone()),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(row.id)
}

pub async fn insert_enquiry(
    db: &impl ConnectionTrait,
    user: Option<UserId>,
    f: &EnquiryForm,
) -> Result<i64, StoreError> {
    let row = leads::ActiveModel {
        kind: Set(KIND_ENQUIRY.to_owned()),
        user_id: Set(user.map(|u| u.0)),
        form_type: Set(None),
        name: Set(f.name.clone()),
        company_name: Set(f.company.clone()),
        phone: Set(Some(f.phone.clone())),
        job_title: Set(f.job_title.clone()),
        email: Set(f.email.clone()),
        description: Set(f.requirements.clone()),
        web_source: Set(None),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(row.id)
}

/// Submissions of one kind, newest first.
pub async fn list(db: &impl ConnectionTrait, kind: &str) -> Result<Vec<LeadRecord>, StoreError> {
    Ok(leads::Entity::find()
        .filter(leads::Column::Kind.eq(kind))
        .order_by_desc(leads::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(Into::into)
        .collect())
}
