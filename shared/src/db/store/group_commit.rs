//! Group commit of a worker's task writes: the claims and outcomes its jobs
//! asked for while the previous group was being written go to the database
//! in one transaction, in a fixed number of statements whatever the group's
//! size (one `UPDATE` for all outcomes, one for all claims, the rows read
//! back, the settlements inserted together).
//!
//! Each statement keeps the single-task guards: claim only a NEW task;
//! finish only a task this worker holds RUNNING. A row the guard skipped is
//! not this group's, so grouping changes how many transactions a worker
//! opens, never what a duplicated or late job can do. The rows a statement
//! changed are read back by the timestamp it wrote (whole microseconds,
//! what PostgreSQL stores), which no other write of that task carries.
//! Every statement finds its rows by id (see `store::key_guards`).
//! With one writer per worker process, a node's jobs never contend for the
//! SQLite write lock with each other either.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Duration, SubsecRound, Utc};
use sea_orm::sea_query::{CaseStatement, Expr, ExprTrait};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, TransactionSession, TransactionTrait,
};

use crate::db::entities::{tasks, worker_nodes};
use crate::db::store::key_guards::guard_eq;
use crate::db::store::ledger;
use crate::db::store::tasks::TaskRecord;
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
    let now = Utc::now().trunc_subsecs(6);
    let txn = db.begin().await?;
    let ended = finish_all(&txn, finishes, worker_id, now).await?;
    let mut counted = HashSet::new();
    let finished = finishes.iter().map(|f| ended.contains_key(&f.id) && counted.insert(f.id)).collect();
    if !ended.is_empty() {
        settle_ledger(&txn, &ended).await?;
        count_on_node(&txn, worker_id, &ended).await?;
    }
    let mut records = claim_all(&txn, claims, worker_id, now + lease, now).await?;
    let claimed = claims.iter().map(|id| records.remove(id)).collect();
    txn.commit().await?;
    Ok(GroupWritten { claimed, finished })
}

/// The tasks ended by this group: owner and whether it succeeded.
type Ended = HashMap<TaskId, (UserId, bool)>;

/// One guarded `UPDATE` for every outcome (a `CASE` per column picks each
/// task's values), then the rows it changed read back.
async fn finish_all(
    txn: &impl ConnectionTrait,
    finishes: &[Finish],
    worker_id: &str,
    now: DateTime<Utc>,
) -> Result<Ended, StoreError> {
    // A task's first outcome in the group is its outcome.
    let mut seen = HashSet::new();
    let unique: Vec<&Finish> = finishes.iter().filter(|f| seen.insert(f.id)).collect();
    if unique.is_empty() {
        return Ok(Ended::new());
    }
    let id_col = || Expr::col(tasks::Column::Id);
    let key = |f: &Finish| f.id.to_string();
    let succeeded = unique.iter().filter(|f| matches!(f.ending, Ending::Success(_))).count();
    let mut status = CaseStatement::new();
    let mut progress = CaseStatement::new();
    let mut results = CaseStatement::new();
    let mut code = CaseStatement::new();
    let mut message = CaseStatement::new();
    for f in &unique {
        match &f.ending {
            Ending::Success(r) => {
                let r = serde_json::to_value(r).map_err(|e| StoreError::corrupt("tasks", e.to_string()))?;
                status = status.case(id_col().eq(key(f)), TaskStatus::Success.as_str());
                progress = progress.case(id_col().eq(key(f)), 100);
                results = results.case(id_col().eq(key(f)), Expr::value(r));
            }
            Ending::Failure { code: c, message: m } => {
                status = status.case(id_col().eq(key(f)), TaskStatus::Failed.as_str());
                code = code.case(id_col().eq(key(f)), c.as_str());
                message = message.case(id_col().eq(key(f)), m.as_str());
            }
        }
    }
    let mut update = tasks::Entity::update_many()
        .col_expr(tasks::Column::Status, status.into())
        .col_expr(tasks::Column::LeaseUntil, Expr::value(Option::<DateTime<Utc>>::None))
        .col_expr(tasks::Column::FinishedAt, Expr::value(now))
        .col_expr(tasks::Column::UpdatedAt, Expr::value(now));
    if succeeded > 0 {
        update = update
            .col_expr(tasks::Column::Progress, progress.finally(Expr::col(tasks::Column::Progress)).into())
            .col_expr(tasks::Column::Results, results.finally(Expr::col(tasks::Column::Results)).into());
    }
    if succeeded < unique.len() {
        update = update
            .col_expr(tasks::Column::ErrorCode, code.finally(Expr::col(tasks::Column::ErrorCode)).into())
            .col_expr(tasks::Column::ErrorMsg, message.finally(Expr::col(tasks::Column::ErrorMsg)).into());
    }
    let ids: Vec<String> = unique.iter().map(|f| key(f)).collect();
    let res = update
        .filter(tasks::Column::Id.is_in(ids.iter().map(String::as_str)))
        .filter(guard_eq(txn, tasks::Column::Status, TaskStatus::Running.as_str()))
        .filter(guard_eq(txn, tasks::Column::WorkerId, worker_id))
        .exec(txn)
        .await?;
    if res.rows_affected == 0 {
        return Ok(Ended::new());
    }
    let rows: Vec<(String, i64, String)> = tasks::Entity::find()
        .select_only()
        .column(tasks::Column::Id)
        .column(tasks::Column::OwnerId)
        .column(tasks::Column::Status)
        .filter(tasks::Column::Id.is_in(ids.iter().map(String::as_str)))
        .filter(guard_eq(txn, tasks::Column::WorkerId, worker_id))
        .filter(guard_eq(txn, tasks::Column::FinishedAt, now))
        .into_tuple()
        .all(txn)
        .await?;
    rows.into_iter()
        .map(|(id, owner, status)| {
            let task: TaskId = id.parse().map_err(|_| StoreError::corrupt("tasks", id))?;
            Ok((task, (UserId(owner), status == TaskStatus::Success.as_str())))
        })
        .collect()
}

/// Settles the succeeded tasks' reservations (one insert) and refunds the
/// failed ones, user by user in id order (two workers' groups then lock
/// users' balances in the same order on PostgreSQL).
async fn settle_ledger(txn: &impl ConnectionTrait, ended: &Ended) -> Result<(), StoreError> {
    let settled: Vec<(UserId, TaskId)> =
        ended.iter().filter(|(_, (_, ok))| *ok).map(|(id, (owner, _))| (*owner, *id)).collect();
    ledger::settle_many(txn, &settled).await?;
    let mut refunded: Vec<(UserId, TaskId)> =
        ended.iter().filter(|(_, (_, ok))| !*ok).map(|(id, (owner, _))| (*owner, *id)).collect();
    refunded.sort_by_key(|(owner, id)| (owner.0, id.to_string()));
    for (owner, id) in refunded {
        ledger::refund(txn, owner, id).await?;
    }
    Ok(())
}

/// The node's jobs done and failed, for the admin page.
async fn count_on_node(txn: &impl ConnectionTrait, worker_id: &str, ended: &Ended) -> Result<(), StoreError> {
    let done = i64::try_from(ended.values().filter(|(_, ok)| *ok).count()).unwrap_or(0);
    let failed = i64::try_from(ended.len()).unwrap_or(0) - done;
    worker_nodes::Entity::update_many()
        .col_expr(worker_nodes::Column::JobsDone, Expr::col(worker_nodes::Column::JobsDone).add(done))
        .col_expr(worker_nodes::Column::JobsFailed, Expr::col(worker_nodes::Column::JobsFailed).add(failed))
        .filter(worker_nodes::Column::Id.eq(worker_id))
        .exec(txn)
        .await?;
    Ok(())
}

/// One guarded `UPDATE` claiming every NEW task of `ids`, then the claimed
/// rows read back.
async fn claim_all(
    txn: &impl ConnectionTrait,
    ids: &[TaskId],
    worker_id: &str,
    lease_until: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<HashMap<TaskId, TaskRecord>, StoreError> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let keys: Vec<String> = ids.iter().map(ToString::to_string).collect();
    let res = tasks::Entity::update_many()
        .col_expr(tasks::Column::Status, Expr::value(TaskStatus::Running.as_str()))
        .col_expr(tasks::Column::Attempts, Expr::col(tasks::Column::Attempts).add(1))
        .col_expr(tasks::Column::WorkerId, Expr::value(worker_id))
        .col_expr(tasks::Column::LeaseUntil, Expr::value(lease_until))
        .col_expr(tasks::Column::StartedAt, Expr::value(now))
        .col_expr(tasks::Column::Progress, Expr::value(1))
        .col_expr(tasks::Column::UpdatedAt, Expr::value(now))
        .filter(tasks::Column::Id.is_in(keys.iter().map(String::as_str)))
        .filter(guard_eq(txn, tasks::Column::Status, TaskStatus::New.as_str()))
        .exec(txn)
        .await?;
    if res.rows_affected == 0 {
        return Ok(HashMap::new());
    }
    let rows = tasks::Entity::find()
        .filter(tasks::Column::Id.is_in(keys.iter().map(String::as_str)))
        .filter(guard_eq(txn, tasks::Column::Status, TaskStatus::Running.as_str()))
        .filter(guard_eq(txn, tasks::Column::WorkerId, worker_id))
        .filter(guard_eq(txn, tasks::Column::StartedAt, now))
        .all(txn)
        .await?;
    rows.into_iter().map(|row| TaskRecord::try_from(row).map(|t| (t.id, t))).collect()
}
