//! Batches and items as domain values.

use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};

use crate::copywriting::{Platform, Verdict};
use crate::db::entities::{content_batches, content_items};
use crate::db::store::idea_reports::StageRoute;
use crate::db::StoreError;
use crate::domain::{TaskId, UploadId, UserId};
use crate::marketing::content::{ContentBrief, ContentSource, GenImage, ItemStatus};

#[derive(Debug, Clone, PartialEq)]
pub struct ContentItem {
    pub id: String,
    pub batch_id: String,
    pub owner: UserId,
    pub platform: Platform,
    pub status: ItemStatus,
    pub title: Option<String>,
    pub content: Option<String>,
    pub tags: Vec<String>,
    pub images: Vec<UploadId>,
    /// The pictures made for its text.
    pub gen_images: Vec<GenImage>,
    pub current_task: Option<TaskId>,
    pub error_code: Option<String>,
    pub edited: bool,
    pub rating: Option<Verdict>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ContentBatch {
    pub id: String,
    pub owner: UserId,
    pub source: ContentSource,
    pub hotspot_id: Option<String>,
    pub report_id: Option<String>,
    pub brief: ContentBrief,
    pub route: StageRoute,
    pub created_at: DateTime<Utc>,
    /// In the order the platforms were asked.
    pub items: Vec<ContentItem>,
}

impl ContentBatch {
    pub fn loading(&self) -> bool {
        self.items.iter().any(|i| i.status.is_loading())
    }
}

impl TryFrom<content_items::Model> for ContentItem {
    type Error = StoreError;

    fn try_from(m: content_items::Model) -> Result<Self, StoreError> {
        let corrupt = |what: &str| StoreError::corrupt("content_items", format!("{}: {what}", m.id));
        let images: Vec<String> = serde_json::from_value(m.images.clone()).map_err(|_| corrupt("images"))?;
        Ok(ContentItem {
            batch_id: m.batch_id.clone(),
            owner: UserId(m.owner_id),
            platform: Platform::parse(&m.platform).ok_or_else(|| corrupt("platform"))?,
            status: ItemStatus::parse(&m.status).ok_or_else(|| corrupt("status"))?,
            title: m.title.clone(),
            content: m.content.clone(),
            tags: serde_json::from_value(m.tags.clone()).map_err(|_| corrupt("tags"))?,
            gen_images: serde_json::from_value(m.gen_images.clone()).map_err(|_| corrupt("gen_images"))?,
            images: images.iter().map(|i| i.parse().map_err(|_| corrupt("image id"))).collect::<Result<_, _>>()?,
            current_task: m
                .current_task_id
                .as_deref()
                .map(|t| t.parse().map_err(|_| corrupt("task id")))
                .transpose()?,
            error_code: m.error_code.clone(),
            edited: m.edited,
            rating: match m.rating.as_deref() {
                None => None,
                Some("like") => Some(Verdict::Like),
                Some("dislike") => Some(Verdict::Dislike),
                Some(_) => return Err(corrupt("rating")),
            },
            updated_at: m.updated_at,
            id: m.id,
        })
    }
}

fn batch_of(m: content_batches::Model, items: Vec<ContentItem>) -> Result<ContentBatch, StoreError> {
    let corrupt = |what: &str| StoreError::corrupt("content_batches", format!("{}: {what}", m.id));
    Ok(ContentBatch {
        owner: UserId(m.owner_id),
        source: ContentSource::parse(&m.source).ok_or_else(|| corrupt("source"))?,
        hotspot_id: m.hotspot_id.clone(),
        report_id: m.report_id.clone(),
        brief: serde_json::from_value(m.brief.clone()).map_err(|_| corrupt("brief"))?,
        route: serde_json::from_value(m.route.clone()).map_err(|_| corrupt("route"))?,
        created_at: m.created_at,
        items,
        id: m.id,
    })
}

async fn items_of(db: &impl ConnectionTrait, batch: &str) -> Result<Vec<ContentItem>, StoreError> {
    content_items::Entity::find()
        .filter(content_items::Column::BatchId.eq(batch))
        .order_by_asc(content_items::Column::Position)
        .all(db)
        .await?
        .into_iter()
        .map(ContentItem::try_from)
        .collect()
}

pub async fn get(db: &impl ConnectionTrait, id: &str) -> Result<Option<ContentBatch>, StoreError> {
    let Some(m) = content_batches::Entity::find_by_id(id.to_owned()).one(db).await? else { return Ok(None) };
    let items = items_of(db, &m.id).await?;
    batch_of(m, items).map(Some)
}

pub async fn get_item(db: &impl ConnectionTrait, id: &str) -> Result<Option<ContentItem>, StoreError> {
    content_items::Entity::find_by_id(id.to_owned()).one(db).await?.map(ContentItem::try_from).transpose()
}

/// The owner's batches, newest first, one page, and how many there are.
pub async fn list(
    db: &impl ConnectionTrait,
    owner: UserId,
    page: u64,
    page_size: u64,
) -> Result<(Vec<ContentBatch>, u64), StoreError> {
    let query = content_batches::Entity::find().filter(content_batches::Column::OwnerId.eq(owner.0));
    let total = query.clone().count(db).await?;
    let rows = query
        .order_by_desc(content_batches::Column::CreatedAt)
        .order_by_desc(content_batches::Column::Id)
        .offset(page.saturating_sub(1) * page_size)
        .limit(page_size)
        .all(db)
        .await?;
    let mut batches = Vec::with_capacity(rows.len());
    for m in rows {
        let items = items_of(db, &m.id).await?;
        batches.push(batch_of(m, items)?);
    }
    Ok((batches, total))
}
