//! The database as the queue of record. A NEW task with no `dispatched_at`
//! waits here; the dispatcher asks which task of a queue goes to Redis next
//! and marks it dispatched with a guarded `UPDATE`, so several dispatchers
//! (API instances) never send the same task twice.
//!
//! Who goes next, per queue (family × pool):
//! 1. the lane whose oldest waiting task is oldest once each lane's head
//!    start is subtracted (paid lanes first, standard never starved);
//! 2. within that lane, the share (tenant, or user without one) with the
//!    fewest tasks in flight (dispatched or running), then the oldest;
//! 3. that share's oldest waiting task.

mod liveness;
mod next;
mod reporting;
mod routing;

pub use liveness::{live_concurrency, pool_is_live};
pub use next::{
    dispatched_unclaimed, outbox_len, redispatch, stale_dispatched, take_next, undispatch, waiting_queues, LanePolicy,
};
pub use reporting::{pools_overview, queue_depths, PoolStatus, QueueDepth};
pub use routing::{assign_tenant_pool, pool_of_tenant, route_for, route_with_tier, share_key, Route};
