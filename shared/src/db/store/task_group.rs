//! Group commit of a worker's task writes: the claims and outcomes its jobs
//! asked for while the previous group was being written go to the database
//! in one transaction.
//!
//! Each task's write is the same guarded statement as the single-task
//! functions in `store::tasks` (claim only a NEW task; finish only a task
//! this worker holds RUNNING), so grouping changes how many transactions a
//! worker opens, never what a duplicated or late job can do. With one
//! writer per worker process, a node's jobs never contend for the SQLite
//! write lock with each other either.

use std::collections::HashMap;

use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, TransactionSession, TransactionTrait};

use crate::db::entities::{tasks, worker_nodes};
use crate::db::store::ledger;
use crate::db::store::tasks::{running_by, TaskRecord};
use crate::db::StoreError;
use crate::domain::{TaskId, TaskResult, TaskStatus, UserId};

/// How a task this worker holds ended.
#[derive(Debug, Clone)]
pub enum Ending {
    Success(Vec<TaskResult>),
    Failure { code: String, message: String },
}

/// One outcome to write.
#[derive(Debug, Clone)]
pub struct Finish {
    pub id: TaskId,
    pub ending: Ending,
}

/// What one group did, in the order of its inputs.
#[derive(Debug, Default)]
pub struct GroupWritten {
    /// Per claim: the task, now RUNNING on this worker, or `None` when it
    /// was not NEW (a duplicate job, or a task already finished or stopped).
    pub claimed: Vec<Option<TaskRecord>>,
    /// Per outcome: whether it was written (false: this worker no longer
    /// held the task).
    pub finished: Vec<bool>,
}

/// Writes `finishes` (with their ledger effects: settle on success, refund
/// on failure; and the node's done/failed counters) and then `claims`, in
/// one transaction. Writes come first so that a SQLite transaction takes
/// the write lock at its first statement (a read first could make it fail
/// instead of waiting when another process wrote meanwhile).
pub async fn write_group<C: ConnectionTrait + TransactionTrait>(
    db: &C,
    worker_id: &str,
    lease: Duration,
    claims: &[TaskId],
    finishes: &[Finish],
) -> Result<GroupWritten, StoreError> {
    let now = Utc::now();
    let txn = db.begin().await?;
    let mut written = GroupWritten::default();
    let mut ended: Vec<(TaskId, bool)> = Vec::new();
    for finish in finishes {
        let ok = finish_one(&txn, finish, worker_id, now).await?;
        if ok {
            ended.push((finish.id, matches!(finish.ending, Ending::Success(_))));
        }
        written.finished.push(ok);
    }
    if !ended.is_empty() {
        settle_ledger(&txn, &ended).await?;
        count_on_node(&txn, worker_id, &ended).await?;
    }
    let mut taken = Vec::new();
    for &id in claims {
        if claim_one(&txn, id, worker_id, now + lease, now).await? {
            taken.push(id);
        }
    }
    let mut records = read_tasks(&txn, &taken).await?;
    written.claimed = claims.iter().map(|id| records.remove(id)).collect();
    txn.commit().await?;
    Ok(written)
}

async fn finish_one(
    txn: &impl ConnectionTrait,
    finish: &Finish,
    worker_id: &str,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let update = tasks::Entity::update_many()
        .col_expr(tasks::Column::LeaseUntil, Expr::value(Option::<DateTime<Utc>>::None))
        .col_expr(tasks::Column::FinishedAt, Expr::value(now))
        .col_expr(tasks::Column::UpdatedAt, Expr::value(now))
        .filter(running_by(finish.id, worker_id));
    let update = match &finish.ending {
        Ending::Success(results) => {
            let results =
                serde_json::to_value(results).map_err(|e| StoreError::corrupt("tasks", e.to_string()))?;
            update
                .col_expr(tasks::Column::Status, Expr::value(TaskStatus::Success.as_str()))
                .col_expr(tasks::Column::Progress, Expr::value(100))
                .col_expr(tasks::Column::Results, Expr::value(results))
        }
        Ending::Failure { code, message } => update
            .col_expr(tasks::Column::Status, Expr::value(TaskStatus::Failed.as_str()))
            .col_expr(tasks::Column::ErrorCode, Expr::value(code.as_str()))
            .col_expr(tasks::Column::ErrorMsg, Expr::value(message.as_str())),
    };
    Ok(update.exec(txn).await?.rows_affected == 1)
}

/// Settles the succeeded tasks' reservations and refunds the failed ones,
/// user by user in id order (two workers' groups then lock users' balances
/// in the same order on PostgreSQL).
async fn settle_ledger(txn: &impl ConnectionTrait, ended: &[(TaskId, bool)]) -> Result<(), StoreError> {
    let ids: Vec<String> = ended.iter().map(|(id, _)| id.to_string()).collect();
    let owners: HashMap<String, i64> = tasks::Entity::find()
        .select_only()
        .column(tasks::Column::Id)
        .column(tasks::Column::OwnerId)
        .filter(tasks::Column::Id.is_in(ids))
        .into_tuple::<(String, i64)>()
        .all(txn)
        .await?
        .into_iter()
        .collect();
    let mut by_owner: Vec<(UserId, TaskId, bool)> = Vec::with_capacity(ended.len());
    for &(id, succeeded) in ended {
        let owner = owners
            .get(&id.to_string())
            .ok_or_else(|| StoreError::corrupt("tasks", format!("{id}: vanished")))?;
        by_owner.push((UserId(*owner), id, succeeded));
    }
    by_owner.sort_by_key(|(owner, id, _)| (owner.0, id.to_string()));
    for (owner, id, succeeded) in by_owner {
        if succeeded {
            ledger::settle(txn, owner, id).await?;
        } else {
            ledger::refund(txn, owner, id).await?;
        }
    }
    Ok(())
}

/// The node's jobs done and failed, for the admin page.
async fn count_on_node(
    txn: &impl ConnectionTrait,
    worker_id: &str,
    ended: &[(TaskId, bool)],
) -> Result<(), StoreError> {
    let done = i64::try_from(ended.iter().filter(|(_, ok)| *ok).count()).unwrap_or(0);
    let failed = i64::try_from(ended.len()).unwrap_or(0) - done;
    worker_nodes::Entity::update_many()
        .col_expr(worker_nodes::Column::JobsDone, Expr::col(worker_nodes::Column::JobsDone).add(done))
        .col_expr(worker_nodes::Column::JobsFailed, Expr::col(worker_nodes::Column::JobsFailed).add(failed))
        .filter(worker_nodes::Column::Id.eq(worker_id))
        .exec(txn)
        .await?;
    Ok(())
}

async fn claim_one(
    txn: &impl ConnectionTrait,
    id: TaskId,
    worker_id: &str,
    lease_until: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let res = tasks::Entity::update_many()
        .col_expr(tasks::Column::Status, Expr::value(TaskStatus::Running.as_str()))
        .col_expr(tasks::Column::Attempts, Expr::col(tasks::Column::Attempts).add(1))
        .col_expr(tasks::Column::WorkerId, Expr::value(worker_id))
        .col_expr(tasks::Column::LeaseUntil, Expr::value(lease_until))
        .col_expr(tasks::Column::StartedAt, Expr::value(now))
        .col_expr(tasks::Column::Progress, Expr::value(1))
        .col_expr(tasks::Column::UpdatedAt, Expr::value(now))
        .filter(tasks::Column::Id.eq(id.to_string()))
        .filter(tasks::Column::Status.eq(TaskStatus::New.as_str()))
        .exec(txn)
        .await?;
    Ok(res.rows_affected == 1)
}

async fn read_tasks(
    txn: &impl ConnectionTrait,
    ids: &[TaskId],
) -> Result<HashMap<TaskId, TaskRecord>, StoreError> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows = tasks::Entity::find()
        .filter(tasks::Column::Id.is_in(ids.iter().map(ToString::to_string)))
        .all(txn)
        .await?;
    rows.into_iter()
        .map(|row| TaskRecord::try_from(row).map(|t| (t.id, t)))
        .collect()
}
