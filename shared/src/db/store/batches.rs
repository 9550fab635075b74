//! Batch generation: many tasks from one request, created and charged in
//! one transaction (all or none), then scheduled like any task (the
//! dispatcher's round robin keeps a batch from holding up other users).
//!
//! Limits: a batch's tasks do not count against the per-user cap of 10
//! unfinished tasks (batches are the flagship benefit that lifts it); a
//! batch holds at most `max_batch_items` tasks and a user may have at most
//! `max_open_batches` batches with unfinished tasks.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, TransactionTrait,
};

use crate::db::entities::{batches, tasks, users};
use crate::db::store::tasks::{insert_task, NewTask};
use crate::db::StoreError;
use crate::domain::{BizType, TaskId, TaskStatus, UserId};

/// What `create_batch` did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BatchCreated {
    New {
        batch_id: String,
        task_ids: Vec<TaskId>,
    },
    /// The user already has `max_open_batches` unfinished batches.
    TooManyOpen,
}

/// Creates the batch and all its tasks (each with its lingshi reserved) in
/// one transaction. Not enough lingshi for the whole batch creates and
/// charges nothing (`StoreError::InsufficientLingshi`).
pub async fn create_batch(
    db: &DatabaseConnection,
    owner: UserId,
    biz_type: BizType,
    items: Vec<NewTask>,
    max_open_batches: u64,
) -> Result<BatchCreated, StoreError> {
    let txn = db.begin().await?;
    let now = Utc::now();
    // Serialise this user's submissions (see `tasks::create_task`).
    users::Entity::update_many()
        .col_expr(users::Column::UpdatedAt, Expr::value(now))
        .filter(users::Column::Id.eq(owner.0))
        .exec(&txn)
        .await?;
    if open_batches(&txn, owner).await? >= max_open_batches {
        txn.rollback().await?;
        return Ok(BatchCreated::TooManyOpen);
    }
    let batch_id = uuid::Uuid::new_v4().to_string();
    let cost: i64 = items.iter().map(|t| t.cost.as_i64()).sum();
    batches::ActiveModel {
        id: Set(batch_id.clone()),
        owner_id: Set(owner.0),
        biz_type: Set(biz_type.as_str().to_owned()),
        total: Set(i32::try_from(items.len()).unwrap_or(i32::MAX)),
        cost_lingshi: Set(cost),
        created_at: Set(now),
    }
    .insert(&txn)
    .await?;
    let mut task_ids = Vec::with_capacity(items.len());
    for item in items {
        task_ids.push(item.id);
        // An error (not enough lingshi) drops the transaction: nothing of
        // the batch exists and nothing is charged.
        insert_task(&txn, item, Some(batch_id.clone()), now).await?;
    }
    txn.commit().await?;
    Ok(BatchCreated::New { batch_id, task_ids })
}

async fn open_batches(db: &impl ConnectionTrait, owner: UserId) -> Result<u64, StoreError> {
    let open: Vec<Option<String>> = tasks::Entity::find()
        .select_only()
        .column(tasks::Column::BatchId)
        .filter(tasks::Column::OwnerId.eq(owner.0))
        .filter(tasks::Column::BatchId.is_not_null())
        .filter(tasks::Column::Status.is_in([TaskStatus::New.as_str(), TaskStatus::Running.as_str()]))
        .group_by(tasks::Column::BatchId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(u64::try_from(open.len()).unwrap_or(u64::MAX))
}

/// A batch and where its tasks are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BatchProgress {
    pub id: String,
    pub owner: UserId,
    pub biz_type: String,
    pub total: u32,
    pub cost: i64,
    /// Tasks by status (`NEW`, `RUNNING`, `SUCCESS`, `FAILED`, `TIMEOUT`).
    pub by_status: BTreeMap<String, u32>,
    /// In submission order.
    pub task_ids: Vec<String>,
    pub created_at: DateTime<Utc>,
}

impl BatchProgress {
    /// Tasks that have ended, whatever the outcome.
    pub fn finished(&self) -> u32 {
        self.by_status
            .iter()
            .filter(|(s, _)| TaskStatus::parse(s).is_some_and(TaskStatus::is_terminal))
            .map(|(_, n)| n)
            .sum()
    }
}

/// The batch, if it exists and belongs to `owner`.
pub async fn batch_progress(
    db: &impl ConnectionTrait,
    id: &str,
    owner: UserId,
) -> Result<Option<BatchProgress>, StoreError> {
    let Some(batch) = batches::Entity::find_by_id(id.to_owned()).one(db).await? else { return Ok(None) };
    if batch.owner_id != owner.0 {
        return Ok(None);
    }
    let rows: Vec<(String, String)> = tasks::Entity::find()
        .select_only()
        .column(tasks::Column::Id)
        .column(tasks::Column::Status)
        .filter(tasks::Column::BatchId.eq(id))
        .order_by_asc(tasks::Column::CreatedAt)
        .order_by_asc(tasks::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    let all = [TaskStatus::New, TaskStatus::Running, TaskStatus::Success, TaskStatus::Failed, TaskStatus::Timeout];
    let mut by_status: BTreeMap<String, u32> = all.iter().map(|s| (s.as_str().to_owned(), 0)).collect();
    for (_, status) in &rows {
        *by_status.entry(status.clone()).or_default() += 1;
    }
    Ok(Some(BatchProgress {
        id: batch.id,
        owner,
        biz_type: batch.biz_type,
        total: u32::try_from(batch.total).unwrap_or(0),
        cost: batch.cost_lingshi,
        by_status,
        task_ids: rows.into_iter().map(|(id, _)| id).collect(),
        created_at: batch.created_at,
    }))
}
