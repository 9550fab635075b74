//! Moving posts on from their tasks' outcomes, and stopping them.

use chrono::Utc;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect, TransactionTrait};

use super::{at_task, get, loading_names, ContentBatch, ContentItem};
use crate::db::entities::content_items;
use crate::db::store::tasks::{self as task_store, NewTask};
use crate::db::StoreError;
use crate::domain::{TaskStatus, UserId};
use crate::marketing::content::{post_pictures, ContentText, GenImage, ItemStatus};

/// What a task's end makes of its item.
enum Outcome {
    Written(ContentText),
    Failed(String),
    Stopped,
}

/// Takes the outcome of each loading item's task into the item; true when
/// any item moved.
pub async fn reconcile(db: &DatabaseConnection, batch: &ContentBatch) -> Result<bool, StoreError> {
    let mut moved = false;
    for item in batch.items.iter().filter(|i| i.status.is_loading()) {
        moved |= reconcile_item(db, batch, item).await?;
    }
    Ok(moved)
}

async fn reconcile_item(db: &DatabaseConnection, batch: &ContentBatch, item: &ContentItem) -> Result<bool, StoreError> {
    let Some(task_id) = item.current_task else { return Ok(false) };
    let outcome = match task_store::get_task(db, task_id).await? {
        None => Outcome::Failed("TASK_NOT_FOUND".into()),
        Some(task) => match task.status {
            TaskStatus::New | TaskStatus::Running => return Ok(false),
            TaskStatus::Failed | TaskStatus::Timeout => match task.error_code.as_deref() {
                Some("TASK_STOPPED") => Outcome::Stopped,
                code => Outcome::Failed(code.unwrap_or("GENERATION_FAILED").to_owned()),
            },
            TaskStatus::Success => match task.results.iter().find_map(|r| r.copy.as_ref()) {
                Some(copy) => Outcome::Written(ContentText::from_copy(copy, batch.brief.language.is_chinese())),
                None => Outcome::Failed("GENERATION_FAILED".into()),
            },
        },
    };
    let now = Utc::now();
    let update = at_task(&item.id, task_id)
        .filter(content_items::Column::Status.is_in(loading_names()))
        .col_expr(content_items::Column::UpdatedAt, Expr::value(now));
    // A written post's pictures start with it, in the same transaction.
    let pictures = match &outcome {
        Outcome::Written(text) => picture_tasks(batch, text)?,
        Outcome::Failed(_) | Outcome::Stopped => Vec::new(),
    };
    let update = match outcome {
        // A new text replaces an edit (the merchant asked for it), and its
        // pictures the old text's.
        Outcome::Written(text) => update
            .col_expr(
                content_items::Column::GenImages,
                Expr::value(
                    serde_json::to_value(pictures.iter().map(|(g, _)| g).collect::<Vec<_>>()).unwrap_or_default(),
                ),
            )
            .col_expr(content_items::Column::Status, Expr::value(ItemStatus::Completed.as_str()))
            .col_expr(content_items::Column::Title, Expr::value(text.title))
            .col_expr(content_items::Column::Content, Expr::value(text.content))
            .col_expr(content_items::Column::Tags, Expr::value(serde_json::json!(text.tags)))
            .col_expr(content_items::Column::Edited, Expr::value(false))
            // A like or dislike was of the text it replaces.
            .col_expr(content_items::Column::Rating, Expr::value(Option::<String>::None))
            // The item keeps pointing at the task that wrote its text: the
            // statistics count a post's like for that task.
            .col_expr(content_items::Column::ErrorCode, Expr::value(Option::<String>::None)),
        Outcome::Failed(code) => update
            .col_expr(content_items::Column::Status, Expr::value(ItemStatus::Failed.as_str()))
            .col_expr(content_items::Column::ErrorCode, Expr::value(code)),
        Outcome::Stopped => update.col_expr(content_items::Column::Status, Expr::value(ItemStatus::Stopped.as_str())),
    };
    let txn = db.begin().await?;
    if update.exec(&txn).await?.rows_affected != 1 {
        txn.rollback().await?;
        return Ok(false);
    }
    for (_, task) in pictures {
        task_store::insert_task(&txn, task, None, now).await?;
    }
    txn.commit().await?;
    Ok(true)
}

/// The free tasks of a written post's pictures, on the batch's route.
fn picture_tasks(batch: &ContentBatch, text: &ContentText) -> Result<Vec<(GenImage, NewTask)>, StoreError> {
    if batch.route.namespace.is_empty() {
        return Ok(Vec::new());
    }
    post_pictures(&batch.brief, text)
        .into_iter()
        .map(|(kind, biz, params)| {
            let task = batch.route.free_task(batch.owner, biz, &params)?;
            Ok((GenImage { kind, task_id: task.id }, task))
        })
        .collect()
}

/// Stops one loading post: its task is stopped (refunded unless it had
/// delivered) and the item is `stopped` whatever the task does later. A
/// task that delivered before the stop is taken in instead. False when the
/// item was not loading.
pub async fn stop_item(db: &DatabaseConnection, item: &ContentItem, owner: UserId) -> Result<bool, StoreError> {
    let Some(task) = item.current_task.filter(|_| item.status.is_loading()) else { return Ok(false) };
    if !task_store::stop_task(db, task, owner).await? {
        // It ended first: take in what it did.
        let Some(batch) = get(db, &item.batch_id).await? else { return Ok(false) };
        return reconcile_item(db, &batch, item).await;
    }
    let moved = at_task(&item.id, task)
        .filter(content_items::Column::Status.is_in(loading_names()))
        .col_expr(content_items::Column::Status, Expr::value(ItemStatus::Stopped.as_str()))
        .col_expr(content_items::Column::UpdatedAt, Expr::value(Utc::now()))
        .exec(db)
        .await?;
    Ok(moved.rows_affected == 1)
}

/// Stops every loading post of the batch; true when any was.
pub async fn stop_batch(db: &DatabaseConnection, batch: &ContentBatch) -> Result<bool, StoreError> {
    let mut stopped = false;
    for item in batch.items.iter().filter(|i| i.status.is_loading()) {
        stopped |= stop_item(db, item, batch.owner).await?;
    }
    Ok(stopped)
}

/// Ids of batches with a post being written, least recently moved first
/// (the sweeper's round).
pub async fn loading_batches(db: &DatabaseConnection, limit: u64) -> Result<Vec<String>, StoreError> {
    let rows: Vec<String> = content_items::Entity::find()
        .select_only()
        .column(content_items::Column::BatchId)
        .filter(content_items::Column::Status.is_in(loading_names()))
        .order_by_asc(content_items::Column::UpdatedAt)
        .limit(limit)
        .into_tuple()
        .all(db)
        .await?;
    let mut ids: Vec<String> = Vec::with_capacity(rows.len());
    for id in rows {
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    Ok(ids)
}
