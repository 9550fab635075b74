//! The merchant's changes to a finished post: its text, its pictures,
//! their like or dislike.

use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter};

use super::{idle, ContentItem};
use crate::copywriting::Verdict;
use crate::db::entities::content_items;
use crate::db::StoreError;
use crate::domain::UploadId;
use crate::marketing::content::{ContentText, MAX_IMAGES};

/// How an edit went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edit {
    Done,
    /// The post is being written (or was moved meanwhile).
    Busy,
    /// It already has [`MAX_IMAGES`] pictures.
    Full,
}

fn done(rows: u64) -> Edit {
    if rows == 1 {
        Edit::Done
    } else {
        Edit::Busy
    }
}

/// Replaces the post's text (checked by `marketing::content::check_text`).
pub async fn save_text(db: &DatabaseConnection, item: &ContentItem, text: ContentText) -> Result<Edit, StoreError> {
    let res = idle(&item.id)
        .col_expr(content_items::Column::Title, Expr::value(text.title))
        .col_expr(content_items::Column::Content, Expr::value(text.content))
        .col_expr(content_items::Column::Tags, Expr::value(serde_json::json!(text.tags)))
        .col_expr(content_items::Column::Edited, Expr::value(true))
        .exec(db)
        .await?;
    Ok(done(res.rows_affected))
}

/// Writes `images` if the item has not changed since it was read (two
/// tabs adding at once: the second is told to retry rather than lose the
/// first's picture).
async fn set_images(db: &DatabaseConnection, item: &ContentItem, images: &[UploadId]) -> Result<Edit, StoreError> {
    let ids: Vec<String> = images.iter().map(ToString::to_string).collect();
    let res = content_items::Entity::update_many()
        .filter(content_items::Column::Id.eq(item.id.as_str()))
        .filter(content_items::Column::UpdatedAt.eq(item.updated_at))
        .col_expr(content_items::Column::Images, Expr::value(serde_json::json!(ids)))
        .col_expr(content_items::Column::UpdatedAt, Expr::value(chrono::Utc::now()))
        .exec(db)
        .await?;
    Ok(done(res.rows_affected))
}

/// Adds a picture (the caller checked it is the owner's image); adding
/// one already there changes nothing.
pub async fn add_image(db: &DatabaseConnection, item: &ContentItem, image: UploadId) -> Result<Edit, StoreError> {
    if item.images.contains(&image) {
        return Ok(Edit::Done);
    }
    if item.images.len() >= MAX_IMAGES {
        return Ok(Edit::Full);
    }
    let mut images = item.images.clone();
    images.push(image);
    set_images(db, item, &images).await
}

/// Removes a picture; removing one not there changes nothing.
pub async fn remove_image(db: &DatabaseConnection, item: &ContentItem, image: UploadId) -> Result<Edit, StoreError> {
    if !item.images.contains(&image) {
        return Ok(Edit::Done);
    }
    let images: Vec<UploadId> = item.images.iter().copied().filter(|i| *i != image).collect();
    set_images(db, item, &images).await
}

/// Sets or clears the like or dislike.
pub async fn rate(db: &DatabaseConnection, item: &ContentItem, rating: Option<Verdict>) -> Result<(), StoreError> {
    let value = rating.map(|r| match r {
        Verdict::Like => "like",
        Verdict::Dislike => "dislike",
    });
    content_items::Entity::update_many()
        .filter(content_items::Column::Id.eq(item.id.as_str()))
        .col_expr(content_items::Column::Rating, Expr::value(value))
        .exec(db)
        .await?;
    Ok(())
}
