use chrono::{DateTime, Utc};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ConnectionTrait, EntityTrait};

use crate::db::entities::uploads;
use crate::db::StoreError;
use crate::domain::{ImageFormat, UploadId, UserId};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UploadRecord {
    pub id: UploadId,
    pub owner: UserId,
    pub storage_key: String,
    pub format: ImageFormat,
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
            format: ImageFormat::parse_mime(&m.content_type).ok_or_else(|| bad("content_type"))?,
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

pub async fn count_uploads(db: &impl ConnectionTrait) -> Result<u64, StoreError> {
    use sea_orm::PaginatorTrait;
    Ok(uploads::Entity::find().count(db).await?)
}
