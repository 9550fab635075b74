//! The dispatcher: the database is the queue of record and Redis carries a
//! small window of jobs per queue.
//!
//! A task is created NEW in the database (with its lingshi reserved, in one
//! transaction). The dispatcher then chooses, per queue (family × pool),
//! which waiting tasks go to Redis next (`store::dispatch::take_next`: lane
//! priority with a head start, then round robin across tenants/users) and
//! keeps only a small window of jobs waiting in Redis (`window`: twice the
//! live concurrency, or `dispatch_window_ms` of the queue's drain rate when
//! jobs are short), so priorities apply to everything still in the database and a
//! backlog of any size never sits in apalis-redis (which fails with a few
//! thousand jobs due in one queue). It runs:
//! * at once in the submit request (a fresh task reaches Redis before the
//!   answer when its queue has room),
//! * when a worker takes a job (workers publish on a refill channel),
//! * every `dispatch_tick_ms` as a safety net, with the sweeper's chores.
//!
//! Marking a task dispatched is a guarded `UPDATE` (only a waiting NEW
//! task), so several API instances never send one task twice; a push that
//! fails puts the task back in line.

mod feeder;
mod link;
mod listener;
mod sweeper;
mod window;

pub use feeder::{dispatch_all, dispatch_queue, live_since, Feeder};
pub use link::{DispatchError, Dispatcher};
pub use listener::spawn_dispatcher;
pub use sweeper::{sweep_once, SweepReport};
