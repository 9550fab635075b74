//! How many jobs a queue's Redis window holds.
//!
//! The floor is twice the live workers' concurrency (`dispatch_window_min`
//! at least): enough for every worker slot to find its next job waiting.
//! That is the whole window for real generation tasks (seconds each). For
//! short jobs it is too little: workers empty it faster than a dispatch
//! round (worker → refill message → database → Redis) refills it, and then
//! wait on the round trip instead of working. So the window also covers
//! `dispatch_window_ms` of the queue's measured drain rate: jobs/s taken
//! from Redis, estimated per queue at each round from how far the depth
//! fell since the last push (a time-weighted moving average, so that rounds
//! a few milliseconds apart do not make it jumpy).
//!
//! What this costs fairness is bounded in time, not count: a task that is
//! dispatched later (a paid task, another user's task) waits behind at most
//! the floor plus `dispatch_window_ms` worth of jobs already in Redis.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Time constant of the drain-rate average.
const RATE_TIME_CONSTANT: Duration = Duration::from_secs(1);

/// Per-queue drain measurements of this API process.
#[derive(Default)]
pub struct DrainRates {
    flows: Mutex<HashMap<String, Flow>>,
}

#[derive(Debug, Clone, Copy)]
struct Flow {
    /// When the queue's depth was last known, and what it was then (after
    /// that round's push).
    at: Instant,
    depth: u64,
    /// Jobs per second taken from the queue.
    rate: f64,
}

impl DrainRates {
    /// Folds in the depth read at the start of a round and returns the
    /// queue's drain rate (jobs/s).
    pub fn observe(&self, queue: &str, depth: u64, now: Instant) -> f64 {
        let Ok(mut flows) = self.flows.lock() else { return 0.0 };
        let Some(flow) = flows.get_mut(queue) else {
            flows.insert(queue.to_owned(), Flow { at: now, depth, rate: 0.0 });
            return 0.0;
        };
        let elapsed = now.saturating_duration_since(flow.at).as_secs_f64();
        if elapsed > 0.0 {
            // Another dispatcher may have pushed meanwhile: then fewer
            // taken are seen, which errs on the small-window side.
            #[allow(clippy::cast_precision_loss)] // job counts
            let taken = flow.depth.saturating_sub(depth) as f64;
            let weight = 1.0 - (-elapsed / RATE_TIME_CONSTANT.as_secs_f64()).exp();
            flow.rate += weight * (taken / elapsed - flow.rate);
        }
        flow.at = now;
        flow.depth = depth;
        flow.rate
    }

    /// Records the depth after this round's push.
    pub fn pushed(&self, queue: &str, depth_after: u64) {
        if let Ok(mut flows) = self.flows.lock() {
            if let Some(flow) = flows.get_mut(queue) {
                flow.depth = depth_after;
            }
        }
    }
}

/// The window for a queue: `floor`, or `horizon` of the drain rate when
/// that is more, never above `max`.
pub fn window(floor: u64, rate: f64, horizon: Duration, max: u64) -> u64 {
    let by_rate = (rate * horizon.as_secs_f64()).ceil();
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // clamped to u32 range first
    let by_rate = by_rate.clamp(0.0, f64::from(u32::MAX)) as u64;
    floor.max(by_rate).min(max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slow_queues_keep_the_floor_and_fast_ones_get_their_horizon() {
        let horizon = Duration::from_millis(100);
        // One job per second (a real generation task): the floor.
        assert_eq!(window(2, 1.0, horizon, 1000), 2);
        // 5,000 jobs per second: 100 ms of them.
        assert_eq!(window(8, 5000.0, horizon, 1000), 500);
        assert_eq!(window(8, 50_000.0, horizon, 1000), 1000, "never above the queue's cap");
        assert_eq!(window(8, f64::NAN, horizon, 1000), 8);
    }

    #[test]
    fn the_rate_follows_what_workers_take() {
        let rates = DrainRates::default();
        let start = Instant::now();
        assert_eq!(rates.observe("q", 0, start), 0.0, "nothing known yet");
        rates.pushed("q", 100);
        // Workers take 100 jobs every 50 ms, for two seconds: 2,000/s.
        let mut rate = 0.0;
        for i in 1..=40 {
            rate = rates.observe("q", 0, start + Duration::from_millis(50 * i));
            rates.pushed("q", 100);
        }
        assert!((1700.0..=2000.0).contains(&rate), "{rate}");
        // Then nobody takes anything for three seconds: it decays.
        let idle = rates.observe("q", 100, start + Duration::from_millis(2000 + 3000));
        assert!(idle < 200.0, "{idle}");
        // Queues are measured apart.
        assert_eq!(rates.observe("other", 5, start), 0.0);
    }
}
