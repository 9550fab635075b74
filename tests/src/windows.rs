//! The rate limits count in fixed windows aligned to the epoch (a minute's
//! window starts at :00, an hour's at the full hour), so a test that makes
//! N requests and expects the next one refused must make them all inside
//! one window: started a few seconds before the boundary, the last ones
//! would land in a new window and pass.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Waits, if needed, until the current `window_secs` window has at least
/// `need_secs` left (at most `need_secs` of waiting).
pub async fn fresh_window(window_secs: u64, need_secs: u64) {
    assert!(need_secs < window_secs, "a window of {window_secs} s cannot leave {need_secs} s");
    let into = since_epoch().as_secs_f64() % window_secs as f64;
    let left = window_secs as f64 - into;
    if left < need_secs as f64 {
        // A little past the boundary, so a clock read right at it counts.
        tokio::time::sleep(Duration::from_secs_f64(left + 0.2)).await;
    }
}

/// Which `window_secs` window the clock is in now: two reads with the same
/// index fell in one window.
pub fn window_index(window_secs: u64) -> u64 {
    since_epoch().as_secs() / window_secs
}

fn since_epoch() -> Duration {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default()
}
