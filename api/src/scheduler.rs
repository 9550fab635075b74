//! The API's periodic money jobs: close pending orders whose payment
//! window has passed, grant each plan's monthly gift and expire what a plan
//! leaves behind, forget old notification nonces, and delete old uploads
//! nothing refers to (`crate::upload_sweeper`). Every step is
//! idempotent (status-guarded updates, ledger idempotency keys), so any
//! number of API instances may run it.

use std::time::Duration;

use chrono::{DateTime, Utc};
use pixmart_shared::db::store::{membership, orders};

use crate::AppState;

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct TickReport {
    pub orders_closed: u64,
    pub gifts: usize,
    pub plans_ended: usize,
    pub expired_lingshi: i64,
    pub uploads_swept: usize,
}

/// One run of every job at `now`.
pub async fn tick(state: &AppState, now: DateTime<Utc>) -> anyhow::Result<TickReport> {
    let orders_closed = orders::close_expired(&state.db, now).await?;
    let m = membership::run_due(&state.db, now).await?;
    let keep = i64::try_from(state.settings.payments.notify_tolerance_secs).unwrap_or(i64::MAX / 2);
    orders::prune_nonces(&state.db, now - chrono::Duration::seconds(keep.saturating_mul(2))).await?;
    let uploads_swept = crate::upload_sweeper::sweep_uploads(state, now).await?;
    Ok(TickReport {
        orders_closed,
        gifts: m.gifts,
        plans_ended: m.ended,
        expired_lingshi: m.expired_lingshi,
        uploads_swept,
    })
}

pub fn spawn_scheduler(state: AppState) -> tokio::task::JoinHandle<()> {
    let interval = Duration::from_millis(state.settings.payments.scheduler_interval_ms.max(100));
    tokio::spawn(async move {
        let mut ticker = tokio::time::interval(interval);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticker.tick().await;
            match tick(&state, Utc::now()).await {
                Ok(r) if r != TickReport::default() => tracing::info!(?r, "membership and orders job"),
                Ok(_) => {}
                Err(e) => tracing::warn!(error = format!("{e:#}"), "membership and orders job failed"),
            }
        }
    })
}
