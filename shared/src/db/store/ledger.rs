//! The lingshi ledger. Entries are only ever appended; each bucket's cached
//! balance moves with its entry in the same transaction, guarded so it can
//! never go negative. Every movement has an idempotency key, so a grant,
//! a charge or a refund happens at most once however often it is retried.

use chrono::Utc;
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    TryInsertResult,
};

use crate::db::entities::{ledger_balances, ledger_entries};
use crate::db::StoreError;
use crate::domain::money::split_charge;
use crate::domain::{Bucket, Lingshi, TaskId, UserId};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKind {
    /// A gift: the free plan's one-off, a plan's month, an invite reward.
    Grant,
    /// A purchased top-up pack.
    TopUp,
    Charge,
    Settle,
    Refund,
    /// What was left of a plan's gift when the plan ended or the next
    /// month's gift replaced it.
    Expire,
    /// Lingshi taken back because the purchase that granted them was
    /// refunded.
    Revoke,
}

impl EntryKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EntryKind::Grant => "grant",
            EntryKind::TopUp => "topup",
            EntryKind::Charge => "charge",
            EntryKind::Settle => "settle",
            EntryKind::Refund => "refund",
            EntryKind::Expire => "expire",
            EntryKind::Revoke => "revoke",
        }
    }
}

/// A user's balance per bucket.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Balances {
    pub topup: i64,
    pub plan: i64,
    pub free: i64,
}

impl Balances {
    pub fn total(&self) -> i64 {
        self.topup + self.plan + self.free
    }

    fn as_pairs(&self) -> [(Bucket, i64); 3] {
        [(Bucket::Topup, self.topup), (Bucket::Plan, self.plan), (Bucket::Free, self.free)]
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub id: i64,
    pub bucket: Bucket,
    pub kind: String,
    pub amount: i64,
    pub task_id: Option<String>,
    pub idempotency_key: String,
    pub note: Option<String>,
    pub created_at: chrono::DateTime<Utc>,
}

impl Entry {
    fn from_row(r: ledger_entries::Model) -> Result<Self, StoreError> {
        Ok(Entry {
            id: r.id,
            bucket: Bucket::parse(&r.bucket).ok_or_else(|| StoreError::corrupt("ledger_entries", r.bucket.clone()))?,
            kind: r.kind,
            amount: r.amount,
            task_id: r.task_id,
            idempotency_key: r.idempotency_key,
            note: r.note,
            created_at: r.created_at,
        })
    }
}

fn entry_row(
    user: UserId,
    bucket: Bucket,
    kind: EntryKind,
    amount: i64,
    task: Option<TaskId>,
    key: String,
    now: chrono::DateTime<Utc>,
) -> ledger_entries::ActiveModel {
    ledger_entries::ActiveModel {
        user_id: Set(user.0),
        bucket: Set(bucket.as_str().to_owned()),
        kind: Set(kind.as_str().to_owned()),
        amount: Set(amount),
        task_id: Set(task.map(|t| t.to_string())),
        note: Set(None),
        idempotency_key: Set(key),
        created_at: Set(now),
        ..Default::default()
    }
}

/// Appends one entry and moves the bucket's balance by `amount`. Returns
/// false (and changes nothing) when an entry with this key already exists.
/// A debit that would make the balance negative is `InsufficientLingshi`.
async fn append(
    txn: &impl ConnectionTrait,
    user: UserId,
    bucket: Bucket,
    kind: EntryKind,
    amount: i64,
    task: Option<TaskId>,
    key: String,
) -> Result<bool, StoreError> {
    let now = Utc::now();
    let entry = entry_row(user, bucket, kind, amount, task, key, now);
    let inserted = ledger_entries::Entity::insert(entry)
        .on_conflict_do_nothing_on([ledger_entries::Column::IdempotencyKey])
        .exec(txn)
        .await?;
    if matches!(inserted, TryInsertResult::Conflicted) {
        return Ok(false);
    }
    if amount == 0 {
        return Ok(true);
    }
    if amount > 0 {
        ledger_balances::Entity::insert(ledger_balances::ActiveModel {
            user_id: Set(user.0),
            bucket: Set(bucket.as_str().to_owned()),
            balance: Set(amount),
            updated_at: Set(now),
        })
        .on_conflict(
            OnConflict::columns([ledger_balances::Column::UserId, ledger_balances::Column::Bucket])
                // Qualified: PostgreSQL finds a bare `balance` ambiguous
                // between the row and EXCLUDED.
                .value(
                    ledger_balances::Column::Balance,
                    Expr::col((ledger_balances::Entity, ledger_balances::Column::Balance)).add(amount),
                )
                .value(ledger_balances::Column::UpdatedAt, Expr::value(now))
                .to_owned(),
        )
        .exec(txn)
        .await?;
        return Ok(true);
    }
    let res = ledger_balances::Entity::update_many()
        .col_expr(ledger_balances::Column::Balance, Expr::col(ledger_balances::Column::Balance).add(amount))
        .col_expr(ledger_balances::Column::UpdatedAt, Expr::value(now))
        .filter(ledger_balances::Column::UserId.eq(user.0))
        .filter(ledger_balances::Column::Bucket.eq(bucket.as_str()))
        .filter(Expr::col(ledger_balances::Column::Balance).add(amount).gte(0))
        .exec(txn)
        .await?;
    if res.rows_affected != 1 {
        // Roll back the entry too: the caller's transaction is abandoned.
        return Err(StoreError::InsufficientLingshi);
    }
    Ok(true)
}

/// Adds lingshi to a bucket once per `key` (a repeated grant is ignored).
pub async fn grant(
    txn: &impl ConnectionTrait,
    user: UserId,
    bucket: Bucket,
    amount: Lingshi,
    key: &str,
) -> Result<bool, StoreError> {
    append(txn, user, bucket, EntryKind::Grant, amount.as_i64(), None, format!("grant:{key}")).await
}

pub async fn balances(db: &impl ConnectionTrait, user: UserId) -> Result<Balances, StoreError> {
    let rows = ledger_balances::Entity::find().filter(ledger_balances::Column::UserId.eq(user.0)).all(db).await?;
    let mut b = Balances::default();
    for r in rows {
        match Bucket::parse(&r.bucket) {
            Some(Bucket::Topup) => b.topup = r.balance,
            Some(Bucket::Plan) => b.plan = r.balance,
            Some(Bucket::Free) => b.free = r.balance,
            None => return Err(StoreError::corrupt("ledger_balances", r.bucket)),
        }
    }
    Ok(b)
}

/// Reserves a task's cost when the task is created (same transaction):
/// charge entries per bucket in the spending order (top-up, plan, free gift).
pub async fn reserve(txn: &impl ConnectionTrait, user: UserId, task: TaskId, cost: Lingshi) -> Result<(), StoreError> {
    let current = balances(txn, user).await?;
    let parts = split_charge(cost, &current.as_pairs()).ok_or(StoreError::InsufficientLingshi)?;
    for (bucket, amount) in parts {
        append(txn, user, bucket, EntryKind::Charge, -amount, Some(task), format!("charge:{task}:{}", bucket.as_str()))
            .await?;
    }
    Ok(())
}

/// The task succeeded: its reservation becomes final (a zero entry that
/// marks it, once).
pub async fn settle(txn: &impl ConnectionTrait, user: UserId, task: TaskId) -> Result<(), StoreError> {
    settle_many(txn, &[(user, task)]).await
}

/// [`settle`] for many tasks in one statement (a worker's group commit).
pub async fn settle_many(txn: &impl ConnectionTrait, tasks: &[(UserId, TaskId)]) -> Result<(), StoreError> {
    if tasks.is_empty() {
        return Ok(());
    }
    let now = Utc::now();
    let rows = tasks.iter().map(|&(user, task)| {
        entry_row(user, Bucket::Free, EntryKind::Settle, 0, Some(task), format!("settle:{task}"), now)
    });
    ledger_entries::Entity::insert_many(rows)
        .on_conflict_do_nothing_on([ledger_entries::Column::IdempotencyKey])
        .exec_without_returning(txn)
        .await?;
    Ok(())
}

/// Gives back whatever was charged for a task, exactly once per bucket.
/// Returns the lingshi returned by this call (0 when already refunded or
/// nothing was charged).
pub async fn refund(txn: &impl ConnectionTrait, user: UserId, task: TaskId) -> Result<i64, StoreError> {
    let charges = ledger_entries::Entity::find()
        .filter(ledger_entries::Column::TaskId.eq(task.to_string()))
        .filter(ledger_entries::Column::Kind.eq(EntryKind::Charge.as_str()))
        .all(txn)
        .await?;
    let mut returned = 0;
    for c in charges {
        let bucket = Bucket::parse(&c.bucket).ok_or_else(|| StoreError::corrupt("ledger_entries", c.bucket.clone()))?;
        let amount = -c.amount;
        let key = format!("refund:{task}:{}", bucket.as_str());
        if append(txn, user, bucket, EntryKind::Refund, amount, Some(task), key).await? {
            returned += amount;
        }
    }
    Ok(returned)
}

/// A user's entries, oldest first (for the coin details page and audits).
pub async fn entries(db: &impl ConnectionTrait, user: UserId) -> Result<Vec<Entry>, StoreError> {
    let rows = ledger_entries::Entity::find()
        .filter(ledger_entries::Column::UserId.eq(user.0))
        .order_by_asc(ledger_entries::Column::Id)
        .all(db)
        .await?;
    rows.into_iter().map(Entry::from_row).collect()
}

/// One page of a user's entries, newest first, and how many there are
/// (the coin details page). `page` counts from 1.
pub async fn entries_page(
    db: &impl ConnectionTrait,
    user: UserId,
    page: u64,
    page_size: u64,
) -> Result<(Vec<Entry>, u64), StoreError> {
    let query = ledger_entries::Entity::find()
        .filter(ledger_entries::Column::UserId.eq(user.0))
        // Settlements are zero-amount bookkeeping marks, not movements.
        .filter(ledger_entries::Column::Amount.ne(0))
        .order_by_desc(ledger_entries::Column::Id);
    let paginator = query.paginate(db, Ord::max(page_size, 1));
    let total = paginator.num_items().await?;
    let rows = paginator.fetch_page(page.saturating_sub(1)).await?;
    Ok((rows.into_iter().map(Entry::from_row).collect::<Result<_, _>>()?, total))
}

/// Adds a purchased top-up pack to the top-up bucket once per `key`.
pub async fn top_up(txn: &impl ConnectionTrait, user: UserId, amount: Lingshi, key: &str) -> Result<bool, StoreError> {
    append(txn, user, Bucket::Topup, EntryKind::TopUp, amount.as_i64(), None, format!("topup:{key}")).await
}

/// Expires whatever is left in `bucket` once per `key`: one `expire` entry
/// taking the bucket to zero. Returns the lingshi expired (0 when the key
/// was used before or the bucket was empty).
pub async fn expire(txn: &impl ConnectionTrait, user: UserId, bucket: Bucket, key: &str) -> Result<i64, StoreError> {
    let left = match bucket {
        Bucket::Topup => balances(txn, user).await?.topup,
        Bucket::Plan => balances(txn, user).await?.plan,
        Bucket::Free => balances(txn, user).await?.free,
    };
    let applied = append(txn, user, bucket, EntryKind::Expire, -left, None, format!("expire:{key}")).await?;
    Ok(if applied { left } else { 0 })
}

/// Takes back up to `amount` lingshi from `bucket` once per `key` (a
/// refunded purchase): whatever is left of them, never below zero. Returns
/// what this call took (0 when the key was used before).
pub async fn take_back(
    txn: &impl ConnectionTrait,
    user: UserId,
    bucket: Bucket,
    amount: i64,
    key: &str,
) -> Result<i64, StoreError> {
    let left = match bucket {
        Bucket::Topup => balances(txn, user).await?.topup,
        Bucket::Plan => balances(txn, user).await?.plan,
        Bucket::Free => balances(txn, user).await?.free,
    };
    let take = Ord::max(Ord::min(amount, left), 0);
    let applied = append(txn, user, bucket, EntryKind::Revoke, -take, None, format!("revoke:{key}")).await?;
    Ok(if applied { take } else { 0 })
}

/// The sum of the amounts of a user's entries whose key starts with
/// `prefix` (what a membership's gifts added, or its expiries removed).
pub async fn sum_by_key_prefix(db: &impl ConnectionTrait, user: UserId, prefix: &str) -> Result<i64, StoreError> {
    let rows = ledger_entries::Entity::find()
        .filter(ledger_entries::Column::UserId.eq(user.0))
        .filter(ledger_entries::Column::IdempotencyKey.starts_with(prefix))
        .all(db)
        .await?;
    Ok(rows.iter().map(|r| r.amount).sum())
}

/// Whether a movement with this full idempotency key exists.
pub async fn has_entry(db: &impl ConnectionTrait, key: &str) -> Result<bool, StoreError> {
    Ok(ledger_entries::Entity::find().filter(ledger_entries::Column::IdempotencyKey.eq(key)).one(db).await?.is_some())
}
