//! Choosing which waiting task of a queue goes to Redis next, and marking
//! it dispatched (guarded, so two dispatchers never send one task twice);
//! putting back jobs lost with Redis.

use std::collections::HashMap;

use chrono::{DateTime, Duration, SubsecRound, Utc};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, TransactionTrait,
};

use crate::db::entities::tasks;
use crate::db::store::key_guards::{guard_eq, guard_is_null};
use crate::db::StoreError;
use crate::domain::{TaskId, TaskStatus};
use crate::jobs::Lane;

/// A NEW task still in the database (its job not in Redis).
fn waiting() -> sea_orm::Condition {
    sea_orm::Condition::all()
        .add(tasks::Column::Status.eq(TaskStatus::New.as_str()))
        .add(tasks::Column::DispatchedAt.is_null())
}

/// Tasks waiting in the database (not yet handed to Redis), all queues.
pub async fn outbox_len(db: &impl ConnectionTrait) -> Result<u64, StoreError> {
    Ok(tasks::Entity::find().filter(waiting()).count(db).await?)
}

/// Queues (with their pool) that have tasks waiting in the database.
pub async fn waiting_queues(db: &impl ConnectionTrait) -> Result<Vec<(String, String)>, StoreError> {
    let rows: Vec<(Option<String>, String)> = tasks::Entity::find()
        .select_only()
        .column(tasks::Column::Queue)
        .column(tasks::Column::Pool)
        .filter(waiting())
        .group_by(tasks::Column::Queue)
        .group_by(tasks::Column::Pool)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().filter_map(|(q, p)| Some((q?, p))).collect())
}

/// Jobs of a queue that are in Redis but not yet claimed by a worker.
pub async fn dispatched_unclaimed(db: &impl ConnectionTrait, queue: &str) -> Result<u64, StoreError> {
    Ok(tasks::Entity::find()
        .filter(tasks::Column::Queue.eq(queue))
        .filter(tasks::Column::Status.eq(TaskStatus::New.as_str()))
        .filter(tasks::Column::DispatchedAt.is_not_null())
        .count(db)
        .await?)
}

/// Lane head starts, from the settings.
#[derive(Debug, Clone, Copy)]
pub struct LanePolicy {
    pub fast: Duration,
    pub exclusive: Duration,
}

/// Chooses up to `n` waiting tasks of `queue` in dispatch order and marks
/// each dispatched (guarded: a task another dispatcher took meanwhile is
/// skipped). The caller pushes their jobs, in order.
///
/// One round reads the queue once: the head (oldest waiting task) of every
/// lane × share, and the tasks in flight per share. The choice of each of
/// the `n` tasks is then made in memory ([`Selection`]), fetching a share's
/// next oldest tasks only when that share is picked; the marks are written
/// in one transaction. The cost of a round is thus a few queries whatever
/// `n` and the backlog are, instead of several queries per task.
pub async fn take_next(
    db: &DatabaseConnection,
    queue: &str,
    n: usize,
    policy: LanePolicy,
) -> Result<Vec<TaskId>, StoreError> {
    if n == 0 {
        return Ok(Vec::new());
    }
    let active = in_flight_by_share(db, queue).await?;
    let mut selection = Selection::new(waiting_heads(db, queue).await?, active, policy);
    let mut chosen = Vec::with_capacity(n);
    while chosen.len() < n {
        let Some(group) = selection.next_group() else { break };
        if selection.needs_fetch(&group) {
            let more = oldest_of_share(db, queue, group.0, &group.1, n - chosen.len()).await?;
            selection.supply(&group, more);
        }
        match selection.take(&group) {
            Some(id) => chosen.push(id),
            None => selection.exhaust(&group),
        }
    }
    let marked = mark_dispatched(db, chosen).await?;
    marked.into_iter().map(|id| id.parse().map_err(|_| StoreError::corrupt("tasks", id))).collect()
}

/// A lane × share: the unit whose oldest task competes for the next slot.
type Group = (Lane, String);

/// The in-memory dispatch order of one round (see the module doc): lane by
/// head start, then the share with the fewest tasks in flight, then age.
struct Selection {
    policy: LanePolicy,
    /// Per group: its head and, once read, its oldest tasks.
    groups: HashMap<Group, GroupQueue>,
    active: HashMap<String, i64>,
}

struct GroupQueue {
    head: DateTime<Utc>,
    known: std::collections::VecDeque<(String, DateTime<Utc>)>,
    /// Not read from the database yet this round.
    more_in_db: bool,
}

impl Selection {
    fn new(heads: Vec<(Group, DateTime<Utc>)>, active: HashMap<String, i64>, policy: LanePolicy) -> Self {
        let groups = heads
            .into_iter()
            .map(|(g, head)| (g, GroupQueue { head, known: Default::default(), more_in_db: true }))
            .collect();
        Selection { policy, groups, active }
    }

    /// The group the next task comes from, or none when nothing waits.
    fn next_group(&self) -> Option<Group> {
        let lane = self
            .groups
            .iter()
            .map(|((lane, _), q)| {
                (q.head - lane.head_start(self.policy.fast, self.policy.exclusive), std::cmp::Reverse(*lane), *lane)
            })
            .min()
            .map(|(_, _, lane)| lane)?;
        self.groups
            .iter()
            .filter(|((l, _), _)| *l == lane)
            .min_by_key(|((_, share), q)| (self.active.get(share).copied().unwrap_or(0), q.head, share.clone()))
            .map(|(g, _)| g.clone())
    }

    fn needs_fetch(&self, group: &Group) -> bool {
        self.groups.get(group).is_some_and(|q| q.known.is_empty() && q.more_in_db)
    }

    /// The group's oldest tasks, read from the database when it is first
    /// picked: as many as the round may still take, so a round never reads
    /// a group twice.
    fn supply(&mut self, group: &Group, oldest: Vec<(String, DateTime<Utc>)>) {
        let Some(q) = self.groups.get_mut(group) else { return };
        q.known = oldest.into();
        q.more_in_db = false;
        if let Some((_, head)) = q.known.front() {
            q.head = *head;
        }
    }

    fn take(&mut self, group: &Group) -> Option<String> {
        let q = self.groups.get_mut(group)?;
        let (id, _) = q.known.pop_front()?;
        match q.known.front() {
            Some((_, next)) => q.head = *next,
            None => {
                self.groups.remove(group);
            }
        }
        *self.active.entry(group.1.clone()).or_default() += 1;
        Some(id)
    }

    fn exhaust(&mut self, group: &Group) {
        self.groups.remove(group);
    }
}

/// The oldest waiting task of every lane × share of a queue.
async fn waiting_heads(db: &impl ConnectionTrait, queue: &str) -> Result<Vec<(Group, DateTime<Utc>)>, StoreError> {
    let rows: Vec<(String, String, Option<DateTime<Utc>>)> = tasks::Entity::find()
        .select_only()
        .column(tasks::Column::Lane)
        .column(tasks::Column::ShareKey)
        .column_as(tasks::Column::CreatedAt.min(), "head")
        .filter(tasks::Column::Queue.eq(queue))
        .filter(waiting())
        .group_by(tasks::Column::Lane)
        .group_by(tasks::Column::ShareKey)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().filter_map(|(lane, share, head)| Some(((Lane::parse(&lane)?, share), head?))).collect())
}

/// Tasks in flight per share: RUNNING, and NEW with their job in Redis.
/// Two range reads of the waiting index (queue, status, dispatched_at):
/// one condition with an `OR` would read every task the queue ever had.
async fn in_flight_by_share(db: &impl ConnectionTrait, queue: &str) -> Result<HashMap<String, i64>, StoreError> {
    let running = sea_orm::Condition::all()
        .add(tasks::Column::Queue.eq(queue))
        .add(tasks::Column::Status.eq(TaskStatus::Running.as_str()));
    let in_redis = sea_orm::Condition::all()
        .add(tasks::Column::Queue.eq(queue))
        .add(tasks::Column::Status.eq(TaskStatus::New.as_str()))
        .add(tasks::Column::DispatchedAt.is_not_null());
    let mut counts: HashMap<String, i64> = HashMap::new();
    for part in [running, in_redis] {
        let rows: Vec<(String, i64)> = tasks::Entity::find()
            .select_only()
            .column(tasks::Column::ShareKey)
            .column_as(Expr::col(tasks::Column::Id).count(), "n")
            .filter(part)
            .group_by(tasks::Column::ShareKey)
            .into_tuple()
            .all(db)
            .await?;
        for (share, n) in rows {
            *counts.entry(share).or_default() += n;
        }
    }
    Ok(counts)
}

/// A share's oldest waiting tasks in one lane, oldest first.
async fn oldest_of_share(
    db: &impl ConnectionTrait,
    queue: &str,
    lane: Lane,
    share: &str,
    limit: usize,
) -> Result<Vec<(String, DateTime<Utc>)>, StoreError> {
    Ok(tasks::Entity::find()
        .select_only()
        .column(tasks::Column::Id)
        .column(tasks::Column::CreatedAt)
        .filter(tasks::Column::Queue.eq(queue))
        .filter(waiting())
        .filter(tasks::Column::Lane.eq(lane.as_str()))
        .filter(tasks::Column::ShareKey.eq(share))
        .order_by_asc(tasks::Column::CreatedAt)
        .order_by_asc(tasks::Column::Id)
        .limit(u64::try_from(limit.max(1)).unwrap_or(u64::MAX))
        .into_tuple()
        .all(db)
        .await?)
}

/// Marks the chosen tasks dispatched, in one statement (by id, see
/// `store::key_guards`), if they still wait; returns those it marked, in the
/// chosen order. When another dispatcher
/// took some meanwhile, ours are those carrying this round's timestamp
/// (whole microseconds, what PostgreSQL stores).
async fn mark_dispatched(db: &DatabaseConnection, chosen: Vec<String>) -> Result<Vec<String>, StoreError> {
    if chosen.is_empty() {
        return Ok(chosen);
    }
    let now = Utc::now().trunc_subsecs(6);
    let txn = db.begin().await?;
    let res = tasks::Entity::update_many()
        .col_expr(tasks::Column::DispatchedAt, Expr::value(now))
        .filter(tasks::Column::Id.is_in(chosen.iter().map(String::as_str)))
        .filter(guard_eq(&txn, tasks::Column::Status, TaskStatus::New.as_str()))
        .filter(guard_is_null(&txn, tasks::Column::DispatchedAt))
        .exec(&txn)
        .await?;
    let marked = if usize::try_from(res.rows_affected).is_ok_and(|n| n == chosen.len()) {
        chosen
    } else {
        let ours: std::collections::HashSet<String> = tasks::Entity::find()
            .select_only()
            .column(tasks::Column::Id)
            .filter(tasks::Column::Id.is_in(chosen.iter().map(String::as_str)))
            .filter(guard_eq(&txn, tasks::Column::Status, TaskStatus::New.as_str()))
            .filter(guard_eq(&txn, tasks::Column::DispatchedAt, now))
            .into_tuple::<String>()
            .all(&txn)
            .await?
            .into_iter()
            .collect();
        chosen.into_iter().filter(|id| ours.contains(id)).collect()
    };
    txn.commit().await?;
    Ok(marked)
}

/// The push to Redis failed after the task was marked: it waits in the
/// database again (unless a worker got it after all).
pub async fn undispatch(db: &impl ConnectionTrait, id: TaskId) -> Result<(), StoreError> {
    tasks::Entity::update_many()
        .col_expr(tasks::Column::DispatchedAt, Expr::value(Option::<DateTime<Utc>>::None))
        .filter(tasks::Column::Id.eq(id.to_string()))
        .filter(tasks::Column::Status.eq(TaskStatus::New.as_str()))
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

/// Puts a task whose job was lost back in line, unless it was claimed
/// meanwhile.
pub async fn redispatch(
    db: &impl ConnectionTrait,
    id: TaskId,
    dispatched_before: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let res = tasks::Entity::update_many()
        .col_expr(tasks::Column::DispatchedAt, Expr::value(Option::<DateTime<Utc>>::None))
        .filter(tasks::Column::Id.eq(id.to_string()))
        .filter(tasks::Column::Status.eq(TaskStatus::New.as_str()))
        .filter(tasks::Column::DispatchedAt.lt(dispatched_before))
        .exec(db)
        .await?;
    Ok(res.rows_affected == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(secs: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000 + secs, 0).unwrap_or_default()
    }

    /// Runs a round over groups whose tasks are all known up front
    /// (`(lane, share, [created second...])`), returning task ids in order.
    fn order(groups: &[(Lane, &str, &[i64])], active: &[(&str, i64)], n: usize) -> Vec<String> {
        let policy = LanePolicy { fast: Duration::seconds(60), exclusive: Duration::seconds(300) };
        let heads = groups.iter().map(|(l, s, t)| ((*l, (*s).to_owned()), at(t[0]))).collect();
        let active = active.iter().map(|(s, n)| ((*s).to_owned(), *n)).collect();
        let mut sel = Selection::new(heads, active, policy);
        let mut out = Vec::new();
        while out.len() < n {
            let Some(g) = sel.next_group() else { break };
            if sel.needs_fetch(&g) {
                let times: &[i64] =
                    groups.iter().find(|(l, s, _)| (*l, (*s).to_owned()) == g).map(|(_, _, t)| *t).unwrap_or(&[]);
                sel.supply(&g, times.iter().map(|t| (format!("{}{t}", g.1), at(*t))).collect());
            }
            match sel.take(&g) {
                Some(id) => out.push(id),
                None => sel.exhaust(&g),
            }
        }
        out
    }

    #[test]
    fn shares_alternate_so_a_batch_cannot_block_a_single_task() {
        // A submitted ten tasks, then B one: B goes second.
        let a: &[i64] = &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
        let got = order(&[(Lane::Standard, "a", a), (Lane::Standard, "b", &[10])], &[], 4);
        assert_eq!(got, ["a0", "b10", "a1", "a2"]);
    }

    #[test]
    fn a_share_with_tasks_in_flight_waits_for_the_others() {
        let got = order(&[(Lane::Standard, "a", &[0, 1]), (Lane::Standard, "b", &[5])], &[("a", 3)], 3);
        assert_eq!(got, ["b5", "a0", "a1"]);
    }

    #[test]
    fn paid_lanes_overtake_within_their_head_start_only() {
        // A fast task 30 s after a free one overtakes it (head start 60 s);
        // one more than 60 s after a free one does not.
        let got = order(&[(Lane::Standard, "f", &[0, 100]), (Lane::Fast, "p", &[30, 170])], &[], 4);
        assert_eq!(got, ["p30", "f0", "f100", "p170"]);
    }

    #[test]
    fn an_empty_queue_gives_nothing() {
        assert!(order(&[], &[], 3).is_empty());
    }
}
