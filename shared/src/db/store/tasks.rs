//! Tasks. Every state change is a guarded `UPDATE ... WHERE status =
//! <expected>`, so a duplicated or late job can never apply an outcome
//! twice. Which waiting task goes to Redis next is `store::dispatch`.

use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, TransactionTrait,
};
use serde_json::Value;

use crate::db::entities::{tasks, users};
use crate::db::store::group_commit::{self, Ending, Finish};
use crate::db::store::ledger;
use crate::db::StoreError;
use crate::domain::{BizType, Lingshi, TaskId, TaskResult, TaskStatus, UserId};

/// Tasks waiting in the database for the dispatcher (the old outbox).
pub use crate::db::store::dispatch::outbox_len;

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
    pub batch_id: Option<String>,
    /// What the worker read from the task's media (OCR text, transcript).
    pub source_text: Option<String>,
    /// Its job is in Redis (or was, before a worker claimed it).
    pub dispatched: bool,
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
            batch_id: m.batch_id.clone(),
            source_text: m.source_text.clone(),
            dispatched: m.dispatched_at.is_some(),
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
    /// The dispatcher's fairness share (`store::dispatch::share_key`).
    pub share_key: String,
    /// Queue the job goes to; the task waits in the database until the
    /// dispatcher hands it to Redis.
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

/// Creates a task (waiting for the dispatcher) with its lingshi reserved,
/// in one transaction, refusing when the owner already has `max_unfinished`
/// tasks NEW or RUNNING outside batches. Touching the
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
    if unfinished_singles(&txn, new.owner).await? >= max_unfinished {
        txn.rollback().await?;
        return Err(StoreError::TaskLimit);
    }
    let model = insert_task(&txn, new, None, now).await?;
    txn.commit().await?;
    Ok(Created::New(model.try_into()?))
}

/// The owner's NEW or RUNNING tasks that count against the unfinished-task
/// cap (batch tasks have their own limit).
pub(crate) async fn unfinished_singles(db: &impl ConnectionTrait, owner: UserId) -> Result<u64, StoreError> {
    Ok(tasks::Entity::find()
        .filter(tasks::Column::OwnerId.eq(owner.0))
        .filter(tasks::Column::Status.is_in(unfinished()))
        .filter(tasks::Column::BatchId.is_null())
        .count(db)
        .await?)
}

/// Reserves the task's lingshi and inserts it NEW, waiting for the
/// dispatcher. An error (not enough lingshi) must drop the caller's
/// transaction: no task, no charge.
pub(crate) async fn insert_task(
    txn: &impl ConnectionTrait,
    new: NewTask,
    batch_id: Option<String>,
    now: DateTime<Utc>,
) -> Result<tasks::Model, StoreError> {
    ledger::reserve(txn, new.owner, new.id, new.cost).await?;
    Ok(tasks::ActiveModel {
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
        queue: Set(Some(new.queue)),
        dispatched_at: Set(None),
        share_key: Set(new.share_key),
        batch_id: Set(batch_id),
        source_text: Set(None),
    }
    .insert(txn)
    .await?)
}

pub async fn get_task(db: &impl ConnectionTrait, id: TaskId) -> Result<Option<TaskRecord>, StoreError> {
    tasks::Entity::find_by_id(id.to_string()).one(db).await?.map(TaskRecord::try_from).transpose()
}

/// The types of `owner`'s tasks among `ids` (task id → wire name), for
/// naming what ledger rows charged. Ids of other users' or deleted tasks are
/// left out.
pub async fn biz_types_of(
    db: &impl ConnectionTrait,
    owner: UserId,
    ids: &[String],
) -> Result<std::collections::HashMap<String, String>, StoreError> {
    if ids.is_empty() {
        return Ok(std::collections::HashMap::new());
    }
    let rows: Vec<(String, String)> = tasks::Entity::find()
        .select_only()
        .column(tasks::Column::Id)
        .column(tasks::Column::BizType)
        .filter(tasks::Column::OwnerId.eq(owner.0))
        .filter(tasks::Column::Id.is_in(ids.iter().cloned()))
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().collect())
}

/// A user's tasks, newest first.
pub async fn list_tasks(
    db: &impl ConnectionTrait,
    owner: UserId,
    biz_type: Option<BizType>,
    page_num: u64,
    page_size: u64,
) -> Result<(Vec<TaskRecord>, u64), StoreError> {
    list_tasks_since(db, owner, biz_type, None, page_num, page_size).await
}

/// The owner's tasks created after `since` (their tier's history window),
/// newest first.
pub async fn list_tasks_since(
    db: &impl ConnectionTrait,
    owner: UserId,
    biz_type: Option<BizType>,
    since: Option<DateTime<Utc>>,
    page_num: u64,
    page_size: u64,
) -> Result<(Vec<TaskRecord>, u64), StoreError> {
    let mut query = tasks::Entity::find().filter(tasks::Column::OwnerId.eq(owner.0));
    if let Some(since) = since {
        query = query.filter(tasks::Column::CreatedAt.gte(since));
    }
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

// ---- worker side --------------------------------------------------------

/// Claims a NEW task for a worker: RUNNING, one more attempt, a lease.
/// Returns `None` when the task is not NEW any more (a duplicate job, or a
/// task already finished or stopped), which the worker treats as done.
/// (A group of one: workers group their claims, see `store::group_commit`.)
pub async fn claim_task<C: ConnectionTrait + TransactionTrait>(
    db: &C,
    id: TaskId,
    worker_id: &str,
    lease: Duration,
) -> Result<Option<TaskRecord>, StoreError> {
    let written = group_commit::write_group(db, worker_id, lease, &[id], &[]).await?;
    Ok(written.claimed.into_iter().next().flatten())
}

/// The task, RUNNING on this worker: the guard of a worker's writes to a
/// task it claimed.
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
    lease_until: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let res = tasks::Entity::update_many()
        .col_expr(tasks::Column::Progress, Expr::value(i32::from(Ord::min(progress, 99))))
        .col_expr(tasks::Column::UpdatedAt, Expr::value(Utc::now()))
        // A worker reporting progress is alive: its lease runs on (a long
        // answer or denoising run may outlast the lease taken at claim).
        .col_expr(tasks::Column::LeaseUntil, Expr::value(lease_until))
        .filter(running_by(id, worker_id))
        .exec(db)
        .await?;
    Ok(res.rows_affected == 1)
}

/// Records what the worker read from the task's media, only while this
/// worker holds the task.
pub async fn set_source_text(
    db: &impl ConnectionTrait,
    id: TaskId,
    worker_id: &str,
    text: &str,
) -> Result<bool, StoreError> {
    let res = tasks::Entity::update_many()
        .col_expr(tasks::Column::SourceText, Expr::value(text.to_owned()))
        .col_expr(tasks::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(running_by(id, worker_id))
        .exec(db)
        .await?;
    Ok(res.rows_affected == 1)
}

/// SUCCESS with results and the task's lingshi settled, only if this
/// worker still holds the task (a group of one, see `store::group_commit`).
pub async fn complete_task<C: ConnectionTrait + TransactionTrait>(
    db: &C,
    id: TaskId,
    worker_id: &str,
    results: &[TaskResult],
) -> Result<bool, StoreError> {
    finish_alone(db, worker_id, Finish { id, ending: Ending::Success(results.to_vec()) }).await
}

/// FAILED with a stable code and a readable message, refunded, only if
/// this worker still holds the task (a group of one).
pub async fn fail_task<C: ConnectionTrait + TransactionTrait>(
    db: &C,
    id: TaskId,
    worker_id: &str,
    error_code: &str,
    error_msg: &str,
) -> Result<bool, StoreError> {
    let ending = Ending::Failure { code: error_code.to_owned(), message: error_msg.to_owned() };
    finish_alone(db, worker_id, Finish { id, ending }).await
}

async fn finish_alone<C: ConnectionTrait + TransactionTrait>(
    db: &C,
    worker_id: &str,
    finish: Finish,
) -> Result<bool, StoreError> {
    let written = group_commit::write_group(db, worker_id, Duration::zero(), &[], &[finish]).await?;
    Ok(written.finished.first().copied().unwrap_or(false))
}

/// What happened to a task whose attempt hit a transient error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Released {
    /// Back to NEW for another attempt (the dispatcher sends it again).
    Retrying,
    /// Out of attempts: FAILED with the code and refunded.
    Failed,
    /// This worker no longer held the task.
    Lost,
}

/// A transient error (storage, database, I/O) ended this attempt: the task
/// goes back in line while it has attempts left (counted at claim), else it
/// ends FAILED with `error_code` and is refunded.
pub async fn release_for_retry(
    db: &DatabaseConnection,
    id: TaskId,
    worker_id: &str,
    max_attempts: u32,
    error_code: &str,
    error_msg: &str,
) -> Result<Released, StoreError> {
    let Some(task) = get_task(db, id).await? else { return Ok(Released::Lost) };
    if task.attempts >= max_attempts {
        return Ok(if fail_task(db, id, worker_id, error_code, error_msg).await? {
            Released::Failed
        } else {
            Released::Lost
        });
    }
    let res = tasks::Entity::update_many()
        .col_expr(tasks::Column::Status, Expr::value(TaskStatus::New.as_str()))
        .col_expr(tasks::Column::WorkerId, Expr::value(Option::<String>::None))
        .col_expr(tasks::Column::Progress, Expr::value(0))
        .col_expr(tasks::Column::LeaseUntil, Expr::value(Option::<DateTime<Utc>>::None))
        .col_expr(tasks::Column::DispatchedAt, Expr::value(Option::<DateTime<Utc>>::None))
        .col_expr(tasks::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(running_by(id, worker_id))
        .exec(db)
        .await?;
    Ok(if res.rows_affected == 1 { Released::Retrying } else { Released::Lost })
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
    txn.commit().await?;
    Ok(true)
}

/// What the sweeper did with expired leases.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct LeaseSweep {
    /// Back to NEW, waiting for the dispatcher, for another attempt.
    pub retried: Vec<TaskId>,
    /// Out of attempts: FAILED and refunded.
    pub failed: Vec<TaskId>,
}

/// RUNNING tasks whose lease ran out lost their worker (it died, was
/// killed or hung). Attempts are counted in the database, because a job
/// that kills its worker never reports back: below `max_attempts` the task
/// goes back to NEW, waiting for the dispatcher to send it again; at `max_attempts` it ends
/// FAILED (`TASK_CRASHED`) and is refunded, in one transaction.
pub async fn expire_leases(
    db: &DatabaseConnection,
    now: DateTime<Utc>,
    max_attempts: u32,
) -> Result<LeaseSweep, StoreError> {
    let expired: Vec<(String, i32)> = tasks::Entity::find()
        .select_only()
        .column(tasks::Column::Id)
        .column(tasks::Column::Attempts)
        .filter(tasks::Column::Status.eq(TaskStatus::Running.as_str()))
        .filter(tasks::Column::LeaseUntil.lt(now))
        .limit(500)
        .into_tuple()
        .all(db)
        .await?;
    let mut sweep = LeaseSweep::default();
    for (raw, attempts) in expired {
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
            txn.commit().await?;
            ended.push(id);
        }
    }
    Ok(ended)
}

pub async fn count_tasks(db: &impl ConnectionTrait) -> Result<u64, StoreError> {
    Ok(tasks::Entity::find().count(db).await?)
}
