use chrono::{DateTime, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};

use crate::db::entities::uploads;
use crate::db::StoreError;
use crate::domain::{UploadFormat, UploadId, UserId};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UploadRecord {
    pub id: UploadId,
    pub owner: UserId,
    pub storage_key: String,
    pub format: UploadFormat,
    pub width: u32,
    pub height: u32,
    pub size_bytes: u64,
    pub created_at: DateTime<Utc>,
}

impl TryFrom<uploads::Model> for UploadRecord {
    type Error = StoreError;
    fn try_from(m: uploads::Model) -> Result<Self, StoreError> {
        let bad = |d: &str| StoreError::corrupt("uploads", format!("{}: {d}", m.id));
        Ok(UploadRecord {
            id: m.id.parse().map_err(|_| bad("id"))?,
            owner: UserId(m.owner_id),
            storage_key: m.storage_key.clone(),
            format: UploadFormat::parse_mime(&m.content_type).ok_or_else(|| bad("content_type"))?,
            width: u32::try_from(m.width).map_err(|_| bad("width"))?,
            height: u32::try_from(m.height).map_err(|_| bad("height"))?,
            size_bytes: u64::try_from(m.size_bytes).map_err(|_| bad("size_bytes"))?,
            created_at: m.created_at,
        })
    }
}

pub async fn insert_upload(db: &impl ConnectionTrait, rec: &UploadRecord) -> Result<(), StoreError> {
    uploads::ActiveModel {
        id: Set(rec.id.to_string()),
        owner_id: Set(rec.owner.0),
        storage_key: Set(rec.storage_key.clone()),
        content_type: Set(rec.format.mime().to_owned()),
        width: Set(i32::try_from(rec.width).unwrap_or(i32::MAX)),
        height: Set(i32::try_from(rec.height).unwrap_or(i32::MAX)),
        size_bytes: Set(i64::try_from(rec.size_bytes).unwrap_or(i64::MAX)),
        created_at: Set(rec.created_at),
    }
    .insert(db)
    .await?;
    Ok(())
}

pub async fn get_upload(db: &impl ConnectionTrait, id: UploadId) -> Result<Option<UploadRecord>, StoreError> {
    uploads::Entity::find_by_id(id.to_string()).one(db).await?.map(UploadRecord::try_from).transpose()
}

/// The uploads among `ids` that exist (in no particular order).
pub async fn get_many(db: &impl ConnectionTrait, ids: &[UploadId]) -> Result<Vec<UploadRecord>, StoreError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    uploads::Entity::find()
        .filter(uploads::Column::Id.is_in(ids.iter().map(ToString::to_string)))
        .all(db)
        .await?
        .into_iter()
        .map(UploadRecord::try_from)
        .collect()
}

pub async fn count_uploads(db: &impl ConnectionTrait) -> Result<u64, StoreError> {
    use sea_orm::PaginatorTrait;
    Ok(uploads::Entity::find().count(db).await?)
}

/// Bytes the user's uploads take (the upload storage quota counts these).
pub async fn total_bytes(db: &impl ConnectionTrait, owner: UserId) -> Result<u64, StoreError> {
    let total: Option<i64> = uploads::Entity::find()
        .select_only()
        // SUM of a BIGINT is NUMERIC on PostgreSQL: cast it back.
        .column_as(Expr::cust("CAST(COALESCE(SUM(\"size_bytes\"), 0) AS BIGINT)"), "total")
        .filter(uploads::Column::OwnerId.eq(owner.0))
        .into_tuple()
        .one(db)
        .await?;
    Ok(total.map(|t| u64::try_from(t).unwrap_or(0)).unwrap_or(0))
}

/// Nothing refers to the upload: no task of its owner names it in its
/// parameters, no feedback of its owner carries it and it is no poster
/// material. (A saved image is a copy of a task result and refers to its
/// task, which the first clause covers. Only a material shared with a
/// tenant is used by others, and the material itself keeps it.)
fn unreferenced() -> Expr {
    Expr::cust(
        "NOT EXISTS (SELECT 1 FROM \"tasks\" WHERE \"tasks\".\"owner_id\" = \"uploads\".\"owner_id\" \
           AND CAST(\"tasks\".\"params\" AS TEXT) LIKE '%' || \"uploads\".\"id\" || '%') \
         AND NOT EXISTS (SELECT 1 FROM \"feedback\" WHERE \"feedback\".\"user_id\" = \"uploads\".\"owner_id\" \
           AND \"feedback\".\"attachments\" LIKE '%' || \"uploads\".\"id\" || '%') \
         AND NOT EXISTS (SELECT 1 FROM \"poster_assets\" WHERE \"poster_assets\".\"upload_id\" = \"uploads\".\"id\")",
    )
}

/// Up to `limit` uploads made before `before` that nothing refers to,
/// oldest first.
pub async fn unreferenced_before(
    db: &impl ConnectionTrait,
    before: DateTime<Utc>,
    limit: u64,
) -> Result<Vec<UploadRecord>, StoreError> {
    uploads::Entity::find()
        .filter(uploads::Column::CreatedAt.lt(before))
        .filter(unreferenced())
        .order_by_asc(uploads::Column::CreatedAt)
        .limit(limit)
        .all(db)
        .await?
        .into_iter()
        .map(UploadRecord::try_from)
        .collect()
}

/// Deletes the upload's row if nothing refers to it now (a task submitted
/// since the upload was picked keeps it); true when it was deleted.
pub async fn delete_if_unreferenced(db: &impl ConnectionTrait, id: UploadId) -> Result<bool, StoreError> {
    let res = uploads::Entity::delete_many()
        .filter(uploads::Column::Id.eq(id.to_string()))
        .filter(unreferenced())
        .exec(db)
        .await?;
    Ok(res.rows_affected == 1)
}
