//! One dispatch round: for each queue with tasks waiting in the database,
//! top its Redis window up with the tasks that go next.

use std::time::{Duration, Instant};

use chrono::Utc;
use pixmart_shared::db::store::dispatch::{self as dispatch_store, LanePolicy};
use pixmart_shared::db::StoreError;
use tokio::sync::Mutex;

use super::link::DispatchError;
use super::window::{self, DrainRates};
use crate::AppState;

/// Serialises dispatch rounds inside one API process (the submit handler,
/// the refill listener and the tick may all want one): rounds in parallel
/// would overfill a window. Across processes the database guard keeps each
/// task from being sent twice; a window may then briefly hold a job more.
#[derive(Default)]
pub struct Feeder {
    round: Mutex<()>,
    wake: tokio::sync::Notify,
    rates: DrainRates,
    /// The queues with tasks waiting in the database, as last read: finding
    /// them reads every waiting task, so rounds between two ticks reuse the
    /// list (a submit feeds its own queue at once anyway).
    waiting: std::sync::Mutex<Option<(Instant, Vec<QueueOfPool>)>>,
}

/// A queue name and its pool.
type QueueOfPool = (String, String);

impl Feeder {
    /// Asks the dispatcher loop for a round now.
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    pub(super) async fn woken(&self) {
        self.wake.notified().await;
    }
}

/// What a round did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Fed {
    pub pushed: usize,
    /// Redis did not answer: tasks stay in the database.
    pub redis_down: bool,
}

impl Fed {
    fn add(&mut self, other: Fed) {
        self.pushed += other.pushed;
        self.redis_down |= other.redis_down;
    }
}

fn policy(state: &AppState) -> LanePolicy {
    let secs = |s: u64| chrono::Duration::seconds(i64::try_from(s).unwrap_or(i64::MAX / 1000));
    let t = &state.settings.tasks;
    LanePolicy { fast: secs(t.fast_lane_head_start_secs), exclusive: secs(t.exclusive_lane_head_start_secs) }
}

/// Live workers are those with a heartbeat in the last three intervals.
pub fn live_since(state: &AppState) -> chrono::DateTime<Utc> {
    let secs = state.settings.worker.heartbeat_secs.max(1).saturating_mul(3);
    Utc::now() - chrono::Duration::seconds(i64::try_from(secs).unwrap_or(30))
}

/// When a round tops a window up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Refill {
    /// Whenever there is room: a fresh task goes to an idle worker at once.
    AnyRoom,
    /// Only once half the window is free, so that a busy queue is topped up
    /// in batches (one round per several jobs taken) rather than one
    /// database round per job. Workers still have the other half to take.
    HalfEmpty,
}

/// Tops up one queue (the submit handler's call: its task's queue only).
pub async fn dispatch_queue(state: &AppState, queue: &str, pool: &str) -> Result<Fed, StoreError> {
    let _round = state.feeder.round.lock().await;
    feed(state, queue, pool, Refill::AnyRoom).await
}

/// Tops up every queue that has tasks waiting in the database.
pub async fn dispatch_all(state: &AppState) -> Result<Fed, StoreError> {
    let _round = state.feeder.round.lock().await;
    let mut fed = Fed::default();
    for (queue, pool) in waiting_queues(state).await? {
        fed.add(feed(state, &queue, &pool, Refill::HalfEmpty).await?);
        if fed.redis_down {
            break;
        }
    }
    Ok(fed)
}

/// The queues with waiting tasks, read at most once per dispatch tick.
async fn waiting_queues(state: &AppState) -> Result<Vec<QueueOfPool>, StoreError> {
    let fresh_for = Duration::from_millis(state.settings.tasks.dispatch_tick_ms.max(10));
    if let Ok(cached) = state.feeder.waiting.lock() {
        if let Some((at, queues)) = cached.as_ref() {
            if at.elapsed() < fresh_for {
                return Ok(queues.clone());
            }
        }
    }
    let queues = dispatch_store::waiting_queues(&state.db).await?;
    if let Ok(mut cached) = state.feeder.waiting.lock() {
        *cached = Some((Instant::now(), queues.clone()));
    }
    Ok(queues)
}

async fn feed(state: &AppState, queue: &str, pool: &str, when: Refill) -> Result<Fed, StoreError> {
    let link = &state.dispatcher;
    let depth = match link.depth(queue).await {
        Ok(d) => d,
        Err(DispatchError::Unavailable(reason)) => {
            tracing::debug!(%queue, %reason, "redis unavailable; tasks wait in the database");
            return Ok(Fed { pushed: 0, redis_down: true });
        }
    };
    let rate = state.feeder.rates.observe(queue, depth, Instant::now());
    let concurrency = dispatch_store::live_concurrency(&state.db, pool, live_since(state)).await?;
    let t = &state.settings.tasks;
    let floor = concurrency.saturating_mul(2).max(t.dispatch_window_min);
    let horizon = Duration::from_millis(t.dispatch_window_ms);
    let window = window::window(floor, rate, horizon, link.max_queue_depth());
    let room = usize::try_from(window.saturating_sub(depth)).unwrap_or(0);
    let enough = match when {
        Refill::AnyRoom => 1,
        Refill::HalfEmpty => usize::try_from(window.div_ceil(2)).unwrap_or(1).max(1),
    };
    tracing::trace!(%queue, depth, concurrency, rate, window, room, "feed");
    if room < enough {
        return Ok(Fed::default());
    }
    let taken = dispatch_store::take_next(&state.db, queue, room, policy(state)).await?;
    match link.push_all(queue, &taken).await {
        Ok(()) => {
            state.feeder.rates.pushed(queue, depth + u64::try_from(taken.len()).unwrap_or(0));
            tracing::debug!(%queue, pushed = taken.len(), "dispatched");
            Ok(Fed { pushed: taken.len(), redis_down: false })
        }
        Err(DispatchError::Unavailable(reason)) => {
            tracing::warn!(%queue, tasks = taken.len(), %reason, "push failed; the tasks wait in the database");
            for task_id in taken {
                dispatch_store::undispatch(&state.db, task_id).await?;
            }
            Ok(Fed { pushed: 0, redis_down: true })
        }
    }
}
