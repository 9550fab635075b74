//! Help-and-feedback submissions.

use chrono::Utc;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::db::entities::feedback;
use crate::db::StoreError;
use crate::domain::UserId;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedbackRecord {
    pub id: i64,
    pub user: UserId,
    pub title: String,
    pub content: String,
    pub attachments: Vec<String>,
}

/// Stores one submission; the attachment URLs were checked by the caller.
pub async fn insert(
    db: &impl ConnectionTrait,
    user: UserId,
    title: &str,
    content: &str,
    attachments: &[String],
) -> Result<i64, StoreError> {
    let row = feedback::ActiveModel {
        user_id: Set(user.0),
        title: Set(title.to_owned()),
        content: Set(content.to_owned()),
        attachments: Set(serde_json::to_string(attachments).unwrap_or_else(|_| "[]".to_owned())),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(row.id)
}

/// A user's submissions, newest first (for support staff and tests).
pub async fn list_for_user(db: &impl ConnectionTrait, user: UserId) -> Result<Vec<FeedbackRecord>, StoreError> {
    let rows = feedback::Entity::find()
        .filter(feedback::Column::UserId.eq(user.0))
        .order_by_desc(feedback::Column::Id)
        .all(db)
        .await?;
    rows.into_iter()
        .map(|m| {
            let attachments = serde_json::from_str(&m.attachments)
                .map_err(|e| StoreError::corrupt("feedback", format!("{}: attachments: {e}", m.id)))?;
            Ok(FeedbackRecord { id: m.id, user: UserId(m.user_id), title: m.title, content: m.content, attachments })
        })
        .collect()
}
