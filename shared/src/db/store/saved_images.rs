//! Saved images (the creation space): insert once per (user, task, result,
//! quality), list newest first, delete. Every read and write is scoped to
//! the owner, so one user never sees or removes another's saved images.

use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, SqlErr,
};

use crate::db::entities::saved_images;
use crate::db::StoreError;
use crate::domain::download::DownloadQuality;
use crate::domain::saved_image::SavedImage;
use crate::domain::{BizType, SavedImageId, TaskId, UserId};

impl TryFrom<saved_images::Model> for SavedImage {
    type Error = StoreError;
    fn try_from(m: saved_images::Model) -> Result<Self, StoreError> {
        let bad = |d: &str| StoreError::corrupt("saved_images", format!("{}: {d}", m.id));
        Ok(SavedImage {
            id: m.id.parse().map_err(|_| bad("id"))?,
            owner: UserId(m.user_id),
            task: m.task_id.parse().map_err(|_| bad("task_id"))?,
            biz_type: BizType::parse(&m.biz_type).map_err(|_| bad("biz_type"))?,
            index: u32::try_from(m.result_index).map_err(|_| bad("result_index"))?,
            quality: DownloadQuality::parse(&m.quality).map_err(|_| bad("quality"))?,
            storage_key: m.storage_key.clone(),
            width: u32::try_from(m.width).map_err(|_| bad("width"))?,
            height: u32::try_from(m.height).map_err(|_| bad("height"))?,
            created_at: m.created_at,
        })
    }
}

/// What inserting a saved image came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Inserted {
    /// This row is new.
    New(SavedImage),
    /// The user had already saved this result at this quality (a concurrent
    /// save won the race): that row, unchanged.
    Existing(SavedImage),
}

/// The user's saved copy of a task result at a quality, if any.
pub async fn find(
    db: &impl ConnectionTrait,
    user: UserId,
    task: TaskId,
    index: u32,
    quality: DownloadQuality,
) -> Result<Option<SavedImage>, StoreError> {
    saved_images::Entity::find()
        .filter(saved_images::Column::UserId.eq(user.0))
        .filter(saved_images::Column::TaskId.eq(task.to_string()))
        .filter(saved_images::Column::ResultIndex.eq(i32::try_from(index).unwrap_or(i32::MAX)))
        .filter(saved_images::Column::Quality.eq(quality.as_str()))
        .one(db)
        .await?
        .map(SavedImage::try_from)
        .transpose()
}

/// Inserts the row; the unique (user, task, result, quality) index decides
/// between two concurrent saves.
pub async fn insert(db: &impl ConnectionTrait, s: &SavedImage) -> Result<Inserted, StoreError> {
    let row = saved_images::ActiveModel {
        id: Set(s.id.to_string()),
        user_id: Set(s.owner.0),
        task_id: Set(s.task.to_string()),
        biz_type: Set(s.biz_type.as_str().to_owned()),
        result_index: Set(i32::try_from(s.index).unwrap_or(i32::MAX)),
        quality: Set(s.quality.as_str().to_owned()),
        storage_key: Set(s.storage_key.clone()),
        width: Set(i32::try_from(s.width).unwrap_or(i32::MAX)),
        height: Set(i32::try_from(s.height).unwrap_or(i32::MAX)),
        created_at: Set(s.created_at),
    };
    match row.insert(db).await {
        Ok(m) => Ok(Inserted::New(SavedImage::try_from(m)?)),
        Err(e) if matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {
            match find(db, s.owner, s.task, s.index, s.quality).await? {
                Some(existing) => Ok(Inserted::Existing(existing)),
                None => Err(e.into()),
            }
        }
        Err(e) => Err(e.into()),
    }
}

/// One page (1-based) of the user's saved images, newest first, and how
/// many there are in all.
pub async fn list(
    db: &impl ConnectionTrait,
    user: UserId,
    page: u64,
    size: u64,
) -> Result<(Vec<SavedImage>, u64), StoreError> {
    let mine = saved_images::Entity::find().filter(saved_images::Column::UserId.eq(user.0));
    let total = mine.clone().count(db).await?;
    let rows = mine
        .order_by_desc(saved_images::Column::CreatedAt)
        .order_by_desc(saved_images::Column::Id)
        .offset(page.saturating_sub(1).saturating_mul(size))
        .limit(size)
        .all(db)
        .await?;
    let items = rows.into_iter().map(SavedImage::try_from).collect::<Result<_, _>>()?;
    Ok((items, total))
}

/// Deletes the user's saved image and returns it (its blob is the caller's
/// to delete); `None` when the user has no such saved image.
pub async fn delete(
    db: &impl ConnectionTrait,
    user: UserId,
    id: SavedImageId,
) -> Result<Option<SavedImage>, StoreError> {
    let mine =
        Condition::all().add(saved_images::Column::Id.eq(id.to_string())).add(saved_images::Column::UserId.eq(user.0));
    let Some(row) = saved_images::Entity::find().filter(mine.clone()).one(db).await? else {
        return Ok(None);
    };
    let deleted = saved_images::Entity::delete_many().filter(mine).exec(db).await?.rows_affected;
    // A concurrent delete took it first: it is gone either way, but only one
    // caller reports it deleted.
    if deleted == 0 {
        return Ok(None);
    }
    SavedImage::try_from(row).map(Some)
}
