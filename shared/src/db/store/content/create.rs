//! Starting posts: a new batch, a new version of one post, and writing
//! again what was stopped or failed. Each charges its tasks in the same
//! transaction that points the items at them: all or nothing.

use chrono::Utc;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, DatabaseConnection, QueryFilter, TransactionTrait};

use super::{at_task, idle, item_task, ContentBatch, ContentItem};
use crate::copywriting::Platform;
use crate::db::entities::{content_batches, content_items};
use crate::db::store::idea_reports::StageRoute;
use crate::db::store::tasks::{self as task_store, insert_task};
use crate::db::StoreError;
use crate::domain::{TaskId, UserId};
use crate::marketing::content::{ContentBrief, ContentSource, GenMode, ItemStatus};

/// What the API hands the store to start a batch.
#[derive(Debug, Clone)]
pub struct NewBatch {
    pub id: String,
    pub owner: UserId,
    pub source: ContentSource,
    pub hotspot_id: Option<String>,
    pub report_id: Option<String>,
    pub brief: ContentBrief,
    /// Distinct, in the order asked.
    pub platforms: Vec<Platform>,
    pub route: StageRoute,
}

fn json<T: serde::Serialize>(value: &T) -> Result<serde_json::Value, StoreError> {
    serde_json::to_value(value).map_err(|e| StoreError::other(e.to_string()))
}

/// Refuses when `adding` more tasks would pass the owner's limit of
/// unfinished tasks (the spec's 10 at once).
async fn check_limit(
    txn: &sea_orm::DatabaseTransaction,
    owner: UserId,
    adding: usize,
    max_unfinished: u64,
) -> Result<(), StoreError> {
    if task_store::unfinished_singles(txn, owner).await? + adding as u64 > max_unfinished {
        return Err(StoreError::TaskLimit);
    }
    Ok(())
}

/// Creates the batch, its items and one charged task per item, or nothing
/// (`TaskLimit`, `InsufficientLingshi`). Answers the batch and its tasks.
pub async fn create(
    db: &DatabaseConnection,
    new: NewBatch,
    max_unfinished: u64,
) -> Result<(ContentBatch, Vec<TaskId>), StoreError> {
    let now = Utc::now();
    let mut batch = ContentBatch {
        id: new.id,
        owner: new.owner,
        source: new.source,
        hotspot_id: new.hotspot_id,
        report_id: new.report_id,
        brief: new.brief,
        route: new.route,
        created_at: now,
        items: Vec::new(),
    };
    let txn = db.begin().await?;
    check_limit(&txn, batch.owner, new.platforms.len(), max_unfinished).await?;
    content_batches::ActiveModel {
        id: Set(batch.id.clone()),
        owner_id: Set(batch.owner.0),
        source: Set(batch.source.as_str().to_owned()),
        hotspot_id: Set(batch.hotspot_id.clone()),
        report_id: Set(batch.report_id.clone()),
        brief: Set(json(&batch.brief)?),
        route: Set(json(&batch.route)?),
        created_at: Set(now),
    }
    .insert(&txn)
    .await?;
    let mut tasks = Vec::with_capacity(new.platforms.len());
    for (position, platform) in new.platforms.into_iter().enumerate() {
        let mut item = ContentItem {
            id: uuid::Uuid::new_v4().to_string(),
            batch_id: batch.id.clone(),
            owner: batch.owner,
            platform,
            status: GenMode::Generate.status(),
            title: None,
            content: None,
            tags: Vec::new(),
            images: Vec::new(),
            gen_images: Vec::new(),
            current_task: None,
            error_code: None,
            edited: false,
            rating: None,
            updated_at: now,
        };
        let task = item_task(&batch, &item, batch.owner);
        item.current_task = Some(task.id);
        tasks.push(task.id);
        insert_task(&txn, task, None, now).await?;
        content_items::ActiveModel {
            id: Set(item.id.clone()),
            batch_id: Set(batch.id.clone()),
            owner_id: Set(batch.owner.0),
            platform: Set(platform.as_str().to_owned()),
            position: Set(position as i16),
            status: Set(item.status.as_str().to_owned()),
            title: Set(None),
            content: Set(None),
            tags: Set(serde_json::json!([])),
            images: Set(serde_json::json!([])),
            gen_images: Set(serde_json::json!([])),
            current_task_id: Set(item.current_task.map(|t| t.to_string())),
            error_code: Set(None),
            edited: Set(false),
            rating: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
        }
        .insert(&txn)
        .await?;
        batch.items.push(item);
    }
    txn.commit().await?;
    Ok((batch, tasks))
}

/// Starts a new writing of each of `items` (idle ones of `batch`) in
/// `mode`; `None` when one of them was moved by someone else meanwhile
/// (nothing started).
async fn start(
    db: &DatabaseConnection,
    batch: &ContentBatch,
    items: &[&ContentItem],
    mode: GenMode,
    max_unfinished: u64,
) -> Result<Option<Vec<TaskId>>, StoreError> {
    let now = Utc::now();
    let txn = db.begin().await?;
    check_limit(&txn, batch.owner, items.len(), max_unfinished).await?;
    let mut tasks = Vec::with_capacity(items.len());
    for item in items {
        let task = item_task(batch, item, batch.owner);
        let task_id = task.id;
        // A stopped or failed item is still pointed at its ended task
        // until it is written again; a completed one at none.
        let update = match item.current_task {
            Some(old) => at_task(&item.id, old).filter(content_items::Column::Status.is_not_in(super::loading_names())),
            None => idle(&item.id),
        };
        let moved = update
            .col_expr(content_items::Column::Status, Expr::value(mode.status().as_str()))
            .col_expr(content_items::Column::CurrentTaskId, Expr::value(task_id.to_string()))
            .col_expr(content_items::Column::ErrorCode, Expr::value(Option::<String>::None))
            .col_expr(content_items::Column::UpdatedAt, Expr::value(now))
            .exec(&txn)
            .await?;
        if moved.rows_affected != 1 {
            txn.rollback().await?;
            return Ok(None);
        }
        insert_task(&txn, task, None, now).await?;
        tasks.push(task_id);
    }
    txn.commit().await?;
    Ok(Some(tasks))
}

/// A new version of one finished post (`re_generating`), charged again.
/// `None` while it is being written.
pub async fn regenerate(
    db: &DatabaseConnection,
    batch: &ContentBatch,
    item: &ContentItem,
    max_unfinished: u64,
) -> Result<Option<TaskId>, StoreError> {
    if item.status.is_loading() {
        return Ok(None);
    }
    Ok(start(db, batch, &[item], GenMode::Regenerate, max_unfinished).await?.and_then(|t| t.first().copied()))
}

/// Writes again every stopped or failed post (`continue_generating`),
/// each charged again. `None` when there is none (or they moved).
pub async fn continue_batch(
    db: &DatabaseConnection,
    batch: &ContentBatch,
    max_unfinished: u64,
) -> Result<Option<Vec<TaskId>>, StoreError> {
    let items: Vec<&ContentItem> =
        batch.items.iter().filter(|i| matches!(i.status, ItemStatus::Stopped | ItemStatus::Failed)).collect();
    if items.is_empty() {
        return Ok(None);
    }
    start(db, batch, &items, GenMode::Continue, max_unfinished).await
}
