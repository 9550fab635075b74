//! Tasks and their dispatch outbox. Every state change is a guarded
//! `UPDATE ... WHERE status = <expected>`, so a duplicated or late job can
//! never apply an outcome twice.

use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, TransactionTrait,
};
use serde_json::Value;

use crate::db::entities::{task_outbox, tasks, users};
use crate::db::store::ledger;
use crate::db::StoreError;
use crate::domain::{BizType, Lingshi, TaskId, TaskResult, TaskStatus, UserId};

#[derive(Debug, Clone, PartialEq)]
pub struct TaskRecord {
    pub id: TaskId,
    pub owner: UserId,
    pub biz_type: BizType,
    pub params: Value,
    pub status: TaskStatus,
    pub progress: u8,
    pub results: Vec<TaskResult>,
    pub error_code: Option<String>,
    pub error_msg: Option<String>,
    pub attempts: u32,
    pub pool: String,
    pub lane: String,
    pub worker_id: Option<String>,
    pub created_at: DateTime<Utc>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
}

impl TryFrom<tasks::Model> for TaskRecord {
    type Error = StoreError;
    fn try_from(m: tasks::Model) -> Result<Self, StoreError> {
        let bad = |d: &str| StoreError::corrupt("tasks", format!("{}: {d}", m.id));
        let results = match &m.results {
            None | Some(Value::Null) => Vec::new(),
            Some(v) => serde_json::from_value(v.clone()).map_err(|_| bad("results"))?,
        };
        Ok(TaskRecord {
            id: m.id.parse().map_err(|_| bad("id"))?,
            owner: UserId(m.owner_id),
            biz_type: BizType::parse(&m.biz_type).map_err(|_| bad("biz_type"))?,
            params: m.params.clone(),
            status: TaskStatus::parse(&m.status).ok_or_else(|| bad("status"))?,
            progress: u8::try_from(m.progress.clamp(0, 100)).unwrap_or(0),
            results,
            error_code: m.error_code.clone(),
            error_msg: m.error_msg.clone(),
            attempts: u32::try_from(m.attempts).unwrap_or(0),
            pool: m.pool.clone(),
            lane: m.lane.clone(),
            worker_id: m.worker_id.clone(),
            created_at: m.created_at,
            started_at: m.started_at,
            finished_at: m.finished_at,
        })
    }
}

/// What the API hands the store to create a task.
#[derive(Debug, Clone)]
pub struct NewTask {
    pub id: TaskId,
    pub owner: UserId,
    pub biz_type: BizType,
    pub params: Value,
    /// Reserved from the owner's lingshi in the creating transaction.
    pub cost: Lingshi,
    pub pool: String,
    pub lane: String,
    /// Queue the job goes to; kept in the outbox until it is delivered.
    pub queue: String,
    /// The client's `Idempotency-Key`: a repeated submission with the same
    /// key returns the first task instead of creating (and charging) again.
    pub idempotency_key: Option<String>,
}

/// What `create_task` did.
#[derive(Debug, Clone, PartialEq)]
pub enum Created {
    New(TaskRecord),
    /// The same idempotency key was used before: that task, unchanged.
    Existing(TaskRecord),
}

fn unfinished() -> [&'static str; 2] {
    [TaskStatus::New.as_str(), TaskStatus::Running.as_str()]
}

/// Creates a task and its outbox row in one transaction, refusing when the
/// owner already has `max_unfinished` tasks NEW or RUNNING. Touching the
/// user row first serialises concurrent submissions of one user on both
/// SQLite (write lock) and PostgreSQL (row lock), so the cap holds.
pub async fn create_task(db: &DatabaseConnection, new: NewTask, max_unfinished: u64) -> Result<Created, StoreError> {
    let txn = db.begin().await?;
    let now = Utc::now();
    users::Entity::update_many()
        .col_expr(users::Column::UpdatedAt, Expr::value(now))
        .filter(users::Column::Id.eq(new.owner.0))
        .exec(&txn)
        .await?;
    if let Some(key) = &new.idempotency_key {
        let earlier = tasks::Entity::find()
            .filter(tasks::Column::OwnerId.eq(new.owner.0))
            .filter(tasks::Column::IdempotencyKey.eq(key.as_str()))
            .one(&txn)
            .await?;
        if let Some(task) = earlier {
            txn.rollback().await?;
            return Ok(Created::Existing(task.try_into()?));
        }
    }
    let open = tasks::Entity::find()
        .filter(tasks::Column::OwnerId.eq(new.owner.0))
        .filter(tasks::Column::Status.is_in(unfinished()))
        .count(&txn)
        .await?;
    if open >= max_unfinished {
        txn.rollback().await?;
        return Err(StoreError::TaskLimit);
    }
    // An error here (not enough lingshi) drops the transaction: no task,
    // no charge.
    ledger::reserve(&txn, new.owner, new.id, new.cost).await?;
    let model = tasks::ActiveModel {
        id: Set(new.id.to_string()),
        owner_id: Set(new.owner.0),
        biz_type: Set(new.biz_type.as_str().to_owned()),
        params: Set(new.params),
        status: Set(TaskStatus::New.as_str().to_owned()),
        progress: Set(0),
        results: Set(None),
        error_code: Set(None),
        error_msg: Set(None),
        attempts: Set(0),
        cost_lingshi: Set(new.cost.as_i64()),
        pool: Set(new.pool),
        lane: Set(new.lane),
        worker_id: Set(None),
        lease_until: Set(None),
        created_at: Set(now),
        started_at: Set(None),
        finished_at: Set(None),
        updated_at: Set(now),
        idempotency_key: Set(new.idempotency_key),
        queue: Set(Some(new.queue.clone())),
        dispatched_at: Set(None),
    }
    .insert(&txn)
    .await?;
    put_in_outbox(&txn, new.id, &new.queue, now).await?;
    txn.commit().await?;
    Ok(Created::New(model.try_into()?))
}

pub async fn get_task(db: &impl ConnectionTrait, id: TaskId) -> Result<Option<TaskRecord>, StoreError> {
    tasks::Entity::find_by_id(id.to_string()).one(db).await?.map(TaskRecord::try_from).transpose()
}

/// A user's tasks, newest first.
pub async fn list_tasks(
    db: &impl ConnectionTrait,
    owner: UserId,
    biz_type: Option<BizType>,
    page_num: u64,
    page_size: u64,
) -> Result<(Vec<TaskRecord>, u64), StoreError> {
    let mut query = tasks::Entity::find().filter(tasks::Column::OwnerId.eq(owner.0));
    if let Some(b) = biz_type {
        query = query.filter(tasks::Column::BizType.eq(b.as_str()));
    }
    let total = query.clone().count(db).await?;
    let rows = query
        .order_by_desc(tasks::Column::CreatedAt)
        .order_by_desc(tasks::Column::Id)
        .offset(page_num.saturating_sub(1) * page_size)
        .limit(page_size)
        .all(db)
        .await?;
    let list = rows.into_iter().map(TaskRecord::try_from).collect::<Result<_, _>>()?;
    Ok((list, total))
}

/// Whether any task (of any user) reads this storage key as a result, and
/// whose it is: the owner check for result downloads.
pub async fn result_owner(db: &impl ConnectionTrait, task: TaskId) -> Result<Option<UserId>, StoreError> {
    Ok(tasks::Entity::find_by_id(task.to_string())
        .select_only()
        .column(tasks::Column::OwnerId)
        .into_tuple::<i64>()
        .one(db)
        .await?
        .map(UserId))
}

// ---- dispatch outbox ----------------------------------------------------

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutboxEntry {
    pub task_id: TaskId,
    pub queue: String,
    pub attempts: u32,
}

/// The job reached Redis: forget the outbox row.
pub async fn mark_dispatched(db: &impl ConnectionTrait, id: TaskId) -> Result<(), StoreError> {
    task_outbox::Entity::delete_by_id(id.to_string()).exec(db).await?;
    tasks::Entity::update_many()
        .col_expr(tasks::Column::DispatchedAt, Expr::value(Utc::now()))
        .filter(tasks::Column::Id.eq(id.to_string()))
        .exec(db)
        .await?;
    Ok(())
}

/// NEW tasks whose job reached Redis before `before` and that are still
/// not claimed, by queue: candidates for a lost job (the sweeper re-sends
/// them only when their queue is empty).
pub async fn stale_dispatched(
    db: &impl ConnectionTrait,
    before: DateTime<Utc>,
    limit: u64,
) -> Result<Vec<(TaskId, String)>, StoreError> {
    let rows: Vec<(String, Option<String>)> = tasks::Entity::find()
        .select_only()
        .column(tasks::Column::Id)
        .column(tasks::Column::Queue)
        .filter(tasks::Column::Status.eq(TaskStatus::New.as_str()))
        .filter(tasks::Column::DispatchedAt.lt(before))
        .order_by_asc(tasks::Column::CreatedAt)
        .limit(limit)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().filter_map(|(id, queue)| Some((id.parse().ok()?, queue?))).collect())
}

/// Puts a task whose job was lost back in the outbox, unless it was
/// claimed meanwhile.
pub async fn redispatch(db: &DatabaseConnection, id: TaskId, queue: &str) -> Result<bool, StoreError> {
    let now = Utc::now();
    let txn = db.begin().await?;
    let res = tasks::Entity::update_many()
        .col_expr(tasks::Column::DispatchedAt, Expr::value(Option::<DateTime<Utc>>::None))
        .filter(tasks::Column::Id.eq(id.to_string()))
        .filter(tasks::Column::Status.eq(TaskStatus::New.as_str()))
        .filter(tasks::Column::DispatchedAt.is_not_null())
        .exec(&txn)
        .await?;
    if res.rows_affected != 1 {
        return Ok(false);
    }
    put_in_outbox(&txn, id, queue, now).await?;
    txn.commit().await?;
    Ok(true)
}

/// Outbox rows due for (re)delivery, oldest first.
pub async fn due_outbox(
    db: &impl ConnectionTrait,
    now: DateTime<Utc>,
    limit: u64,
) -> Result<Vec<OutboxEntry>, StoreError> {
    let rows = task_outbox::Entity::find()
        .filter(task_outbox::Column::NextAttemptAt.lte(now))
        .order_by_asc(task_outbox::Column::CreatedAt)
        .limit(limit)
        .all(db)
        .await?;
    rows.into_iter()
        .map(|r| {
            Ok(OutboxEntry {
                task_id: r.task_id.parse().map_err(|_| StoreError::corrupt("task_outbox", r.task_id.clone()))?,
                queue: r.queue,
                attempts: u32::try_from(r.attempts).unwrap_or(0),
            })
        })
        .collect()
}

/// Delivery failed (Redis down) or was deferred (queue full): try again
/// later, backing off.
pub async fn defer_outbox(
    db: &impl ConnectionTrait,
    id: TaskId,
    next_attempt_at: DateTime<Utc>,
) -> Result<(), StoreError> {
    task_outbox::Entity::update_many()
        .col_expr(task_outbox::Column::Attempts, Expr::col(task_outbox::Column::Attempts).add(1))
        .col_expr(task_outbox::Column::NextAttemptAt, Expr::value(next_attempt_at))
        .filter(task_outbox::Column::TaskId.eq(id.to_string()))
        .exec(db)
        .await?;
    Ok(())
}

pub async fn outbox_len(db: &impl ConnectionTrait) -> Result<u64, StoreError> {
    Ok(task_outbox::Entity::find().count(db).await?)
}

// ---- worker side --------------------------------------------------------

/// Claims a NEW task for a worker: RUNNING, one more attempt, a lease.
/// Returns `None` when the task is not NEW any more (a duplicate job, or a
/// task already finished or stopped), which the worker treats as done.
pub async fn claim_task(
    db: &impl ConnectionTrait,
    id: TaskId,
    worker_id: &str,
    lease: Duration,
) -> Result<Option<TaskRecord>, StoreError> {
    let now = Utc::now();
    let res = tasks::Entity::update_many()
        .col_expr(tasks::Column::Status, Expr::value(TaskStatus::Running.as_str()))
        .col_expr(tasks::Column::Attempts, Expr::col(tasks::Column::Attempts).add(1))
        .col_expr(tasks::Column::WorkerId, Expr::value(worker_id))
        .col_expr(tasks::Column::LeaseUntil, Expr::value(now + lease))
        .col_expr(tasks::Column::StartedAt, Expr::value(now))
        .col_expr(tasks::Column::Progress, Expr::value(1))
        .col_expr(tasks::Column::UpdatedAt, Expr::value(now))
        .filter(tasks::Column::Id.eq(id.to_string()))
        .filter(tasks::Column::Status.eq(TaskStatus::New.as_str()))
        .exec(db)
        .await?;
    if res.rows_affected == 0 {
        return Ok(None);
    }
    get_task(db, id).await
}

fn running_by(id: TaskId, worker_id: &str) -> sea_orm::Condition {
    sea_orm::Condition::all()
        .add(tasks::Column::Id.eq(id.to_string()))
        .add(tasks::Column::Status.eq(TaskStatus::Running.as_str()))
        .add(tasks::Column::WorkerId.eq(worker_id))
}

/// Reports progress (0..=99) of a task this worker holds.
pub async fn set_progress(
    db: &impl ConnectionTrait,
    id: TaskId,
    worker_id: &str,
    progress: u8,
) -> Result<bool, StoreError> {
    let res = tasks::Entity::update_many()
        .col_expr(tasks::Column::Progress, Expr::value(i32::from(Ord::min(progress, 99))))
        .col_expr(tasks::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(running_by(id, worker_id))
        .exec(db)
        .await?;
    Ok(res.rows_affected == 1)
}

/// SUCCESS with results, only if this worker still holds the task.
/// (The ledger settles in the same transaction once it exists.)
pub async fn complete_task(
    db: &DatabaseConnection,
    id: TaskId,
    worker_id: &str,
    results: &[TaskResult],
) -> Result<bool, StoreError> {
    let results = serde_json::to_value(results).map_err(|e| StoreError::corrupt("tasks", e.to_string()))?;
    finish(db, id, worker_id, TaskStatus::Success, |update| {
        update
            .col_expr(tasks::Column::Progress, Expr::value(100))
            .col_expr(tasks::Column::Results, Expr::value(results))
    })
    .await
}

/// FAILED with a stable code and a readable message, only if this worker
/// still holds the task. (The ledger refunds in the same transaction once
/// it exists.)
pub async fn fail_task(
    db: &DatabaseConnection,
    id: TaskId,
    worker_id: &str,
    error_code: &str,
    error_msg: &str,
) -> Result<bool, StoreError> {
    finish(db, id, worker_id, TaskStatus::Failed, |update| {
        update
            .col_expr(tasks::Column::ErrorCode, Expr::value(error_code))
            .col_expr(tasks::Column::ErrorMsg, Expr::value(error_msg))
    })
    .await
}

/// Moves a task this worker holds from RUNNING to a terminal `status`, with
/// the outcome's own columns, in one transaction (where the ledger effect
/// will join it). False when the worker no longer holds the task.
async fn finish(
    db: &DatabaseConnection,
    id: TaskId,
    worker_id: &str,
    status: TaskStatus,
    outcome: impl FnOnce(sea_orm::UpdateMany<tasks::Entity>) -> sea_orm::UpdateMany<tasks::Entity>,
) -> Result<bool, StoreError> {
    let now = Utc::now();
    let txn = db.begin().await?;
    let update = tasks::Entity::update_many()
        .col_expr(tasks::Column::Status, Expr::value(status.as_str()))
        .col_expr(tasks::Column::LeaseUntil, Expr::value(Option::<DateTime<Utc>>::None))
        .col_expr(tasks::Column::FinishedAt, Expr::value(now))
        .col_expr(tasks::Column::UpdatedAt, Expr::value(now))
        .filter(running_by(id, worker_id));
    let res = outcome(update).exec(&txn).await?;
    if res.rows_affected != 1 {
        return Ok(false);
    }
    let owner = owner_of(&txn, id).await?;
    if status == TaskStatus::Success {
        ledger::settle(&txn, owner, id).await?;
    } else {
        ledger::refund(&txn, owner, id).await?;
    }
    txn.commit().await?;
    Ok(true)
}

async fn owner_of(db: &impl ConnectionTrait, id: TaskId) -> Result<UserId, StoreError> {
    result_owner(db, id).await?.ok_or_else(|| StoreError::corrupt("tasks", format!("{id}: vanished")))
}

/// An update that ends an unfinished (NEW or RUNNING) task with a terminal
/// status and its error; callers add which task.
fn end_unfinished(status: TaskStatus, code: &str, msg: &str, now: DateTime<Utc>) -> sea_orm::UpdateMany<tasks::Entity> {
    tasks::Entity::update_many()
        .col_expr(tasks::Column::Status, Expr::value(status.as_str()))
        .col_expr(tasks::Column::ErrorCode, Expr::value(code))
        .col_expr(tasks::Column::ErrorMsg, Expr::value(msg))
        .col_expr(tasks::Column::LeaseUntil, Expr::value(Option::<DateTime<Utc>>::None))
        .col_expr(tasks::Column::FinishedAt, Expr::value(now))
        .col_expr(tasks::Column::UpdatedAt, Expr::value(now))
        .filter(tasks::Column::Status.is_in(unfinished()))
}

/// Puts a task's job in the outbox (once: an existing row is kept).
async fn put_in_outbox(
    txn: &impl ConnectionTrait,
    id: TaskId,
    queue: &str,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    task_outbox::Entity::insert(task_outbox::ActiveModel {
        task_id: Set(id.to_string()),
        queue: Set(queue.to_owned()),
        attempts: Set(0),
        next_attempt_at: Set(now),
        created_at: Set(now),
    })
    .on_conflict_do_nothing_on([task_outbox::Column::TaskId])
    .exec(txn)
    .await?;
    Ok(())
}

/// The owner stops a NEW or RUNNING task: it ends FAILED with
/// `TASK_STOPPED` and its lingshi come back, in one transaction. A worker
/// still running it loses the task (its outcome is not written). False when
/// the task is not the owner's or has already ended.
pub async fn stop_task(db: &DatabaseConnection, id: TaskId, owner: UserId) -> Result<bool, StoreError> {
    let now = Utc::now();
    let txn = db.begin().await?;
    let res = end_unfinished(TaskStatus::Failed, "TASK_STOPPED", "stopped by the user", now)
        .filter(tasks::Column::Id.eq(id.to_string()))
        .filter(tasks::Column::OwnerId.eq(owner.0))
        .exec(&txn)
        .await?;
    if res.rows_affected != 1 {
        return Ok(false);
    }
    ledger::refund(&txn, owner, id).await?;
    // A job still in the outbox need not be delivered any more.
    task_outbox::Entity::delete_by_id(id.to_string()).exec(&txn).await?;
    txn.commit().await?;
    Ok(true)
}

/// What the sweeper did with expired leases.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct LeaseSweep {
    /// Back to NEW (and the outbox) for another attempt.
    pub retried: Vec<TaskId>,
    /// Out of attempts: FAILED and refunded.
    pub failed: Vec<TaskId>,
}

/// RUNNING tasks whose lease ran out lost their worker (it died, was
/// killed or hung). Attempts are counted in the database, because a job
/// that kills its worker never reports back: below `max_attempts` the task
/// goes back to NEW and its job is sent again; at `max_attempts` it ends
/// FAILED (`TASK_CRASHED`) and is refunded, in one transaction.
pub async fn expire_leases(
    db: &DatabaseConnection,
    now: DateTime<Utc>,
    max_attempts: u32,
) -> Result<LeaseSweep, StoreError> {
    let expired: Vec<(String, i32, Option<String>)> = tasks::Entity::find()
        .select_only()
        .column(tasks::Column::Id)
        .column(tasks::Column::Attempts)
        .column(tasks::Column::Queue)
        .filter(tasks::Column::Status.eq(TaskStatus::Running.as_str()))
        .filter(tasks::Column::LeaseUntil.lt(now))
        .limit(500)
        .into_tuple()
        .all(db)
        .await?;
    let mut sweep = LeaseSweep::default();
    for (raw, attempts, queue) in expired {
        let id: TaskId = raw.parse().map_err(|_| StoreError::corrupt("tasks", raw.clone()))?;
        let expired_lease = sea_orm::Condition::all()
            .add(tasks::Column::Id.eq(raw.clone()))
            .add(tasks::Column::Status.eq(TaskStatus::Running.as_str()))
            .add(tasks::Column::LeaseUntil.lt(now));
        let txn = db.begin().await?;
        let retry = u32::try_from(attempts).unwrap_or(u32::MAX) < max_attempts;
        let update = if retry {
            tasks::Entity::update_many()
                .col_expr(tasks::Column::Status, Expr::value(TaskStatus::New.as_str()))
                .col_expr(tasks::Column::WorkerId, Expr::value(Option::<String>::None))
                .col_expr(tasks::Column::Progress, Expr::value(0))
                .col_expr(tasks::Column::DispatchedAt, Expr::value(Option::<DateTime<Utc>>::None))
        } else {
            tasks::Entity::update_many()
                .col_expr(tasks::Column::Status, Expr::value(TaskStatus::Failed.as_str()))
                .col_expr(tasks::Column::ErrorCode, Expr::value("TASK_CRASHED"))
                .col_expr(
                    tasks::Column::ErrorMsg,
                    Expr::value(format!("its worker stopped during each of {attempts} attempts")),
                )
                .col_expr(tasks::Column::FinishedAt, Expr::value(now))
        };
        let res = update
            .col_expr(tasks::Column::LeaseUntil, Expr::value(Option::<DateTime<Utc>>::None))
            .col_expr(tasks::Column::UpdatedAt, Expr::value(now))
            .filter(expired_lease)
            .exec(&txn)
            .await?;
        if res.rows_affected != 1 {
            continue;
        }
        if retry {
            let queue = queue.ok_or_else(|| StoreError::corrupt("tasks", format!("{id}: no queue")))?;
            put_in_outbox(&txn, id, &queue, now).await?;
            sweep.retried.push(id);
        } else {
            ledger::refund(&txn, owner_of(&txn, id).await?, id).await?;
            sweep.failed.push(id);
        }
        txn.commit().await?;
    }
    Ok(sweep)
}

/// Unfinished tasks older than the deadline end TIMEOUT and are refunded
/// (whatever their worker is doing: its late outcome will not be written).
pub async fn expire_deadlines(
    db: &DatabaseConnection,
    created_before: DateTime<Utc>,
) -> Result<Vec<TaskId>, StoreError> {
    let overdue: Vec<String> = tasks::Entity::find()
        .select_only()
        .column(tasks::Column::Id)
        .filter(tasks::Column::Status.is_in(unfinished()))
        .filter(tasks::Column::CreatedAt.lt(created_before))
        .limit(500)
        .into_tuple()
        .all(db)
        .await?;
    let now = Utc::now();
    let mut ended = Vec::new();
    for raw in overdue {
        let id: TaskId = raw.parse().map_err(|_| StoreError::corrupt("tasks", raw.clone()))?;
        let txn = db.begin().await?;
        let res = end_unfinished(TaskStatus::Timeout, "TASK_TIMEOUT", "the task passed its deadline", now)
            .filter(tasks::Column::Id.eq(raw.clone()))
            .exec(&txn)
            .await?;
        if res.rows_affected == 1 {
            ledger::refund(&txn, owner_of(&txn, id).await?, id).await?;
            task_outbox::Entity::delete_by_id(raw).exec(&txn).await?;
            txn.commit().await?;
            ended.push(id);
        }
    }
    Ok(ended)
}

pub async fn count_tasks(db: &impl ConnectionTrait) -> Result<u64, StoreError> {
    Ok(tasks::Entity::find().count(db).await?)
}
