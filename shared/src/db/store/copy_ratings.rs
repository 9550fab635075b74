//! Likes and dislikes of text results, kept with the result in the task's
//! row (`results[i].rating`), so the task JSON carries them.

use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, TransactionTrait};

use crate::copywriting::CopyRating;
use crate::db::entities::tasks;
use crate::db::store::tasks::{get_task, TaskRecord};
use crate::db::StoreError;
use crate::domain::{ResultKind, TaskId, TaskStatus, UserId};

/// Sets (or with `None` clears) the rating of text result `index` of the
/// owner's finished task; the task as it is now, or `None` when there is
/// no such result. Read and write are one transaction; two ratings of the
/// same task at the same instant by its owner may keep only the later.
pub async fn rate_result(
    db: &DatabaseConnection,
    task: TaskId,
    owner: UserId,
    index: usize,
    rating: Option<CopyRating>,
) -> Result<Option<TaskRecord>, StoreError> {
    let txn = db.begin().await?;
    let Some(mut record) = get_task(&txn, task).await?.filter(|t| t.owner == owner && t.status == TaskStatus::Success)
    else {
        return Ok(None);
    };
    let Some(result) = record.results.get_mut(index).filter(|r| r.kind == ResultKind::Text) else {
        return Ok(None);
    };
    result.rating = rating;
    let results = serde_json::to_value(&record.results).map_err(|e| StoreError::corrupt("tasks", e.to_string()))?;
    tasks::Entity::update_many()
        .col_expr(tasks::Column::Results, Expr::value(results))
        .filter(tasks::Column::Id.eq(task.to_string()))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(Some(record))
}
