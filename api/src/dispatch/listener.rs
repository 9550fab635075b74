//! The dispatcher loop: a round whenever something may have made room
//! (a worker took a job: it publishes on the refill channel) or work
//! arrived (a submit wakes it), at the latest every `dispatch_tick_ms`;
//! and the sweeper's chores every `sweep_interval_ms`.

use std::time::{Duration, Instant};

use futures::StreamExt;
use pixmart_shared::jobs::refill_channel;

use super::{dispatch_all, sweep_once, SweepReport};
use crate::AppState;

pub fn spawn_dispatcher(state: AppState) -> tokio::task::JoinHandle<()> {
    let listener = AbortOnDrop(tokio::spawn(listen_for_refills(state.clone())));
    tokio::spawn(async move {
        // The listener ends with this loop (the API aborts it on shutdown).
        let _listener = listener;
        let tick = Duration::from_millis(state.settings.tasks.dispatch_tick_ms.max(10));
        let sweep_every = Duration::from_millis(state.settings.tasks.sweep_interval_ms.max(100));
        let mut last_sweep = Instant::now();
        loop {
            tokio::select! {
                _ = state.feeder.woken() => {}
                _ = tokio::time::sleep(tick) => {}
            }
            match dispatch_all(&state).await {
                Ok(fed) if fed.pushed > 0 => tracing::debug!(?fed, "dispatch round"),
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "dispatch round failed"),
            }
            if last_sweep.elapsed() >= sweep_every {
                last_sweep = Instant::now();
                match sweep_once(&state).await {
                    Ok(r) if r != SweepReport::default() => tracing::info!(?r, "sweep"),
                    Ok(_) => {}
                    Err(e) => tracing::warn!(error = format!("{e:#}"), "sweep failed"),
                }
            }
        }
    })
}

struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Subscribes to the workers' refill channel and wakes the loop on each
/// message; reconnects (after a pause) when Redis goes away.
async fn listen_for_refills(state: AppState) {
    let channel = refill_channel(state.dispatcher.namespace());
    loop {
        if let Err(e) = subscribe_once(&state, &channel).await {
            tracing::debug!(error = %e, "refill channel unavailable; retrying");
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

async fn subscribe_once(state: &AppState, channel: &str) -> redis::RedisResult<()> {
    let client = redis::Client::open(state.dispatcher.url())?;
    let mut pubsub = client.get_async_pubsub().await?;
    pubsub.subscribe(channel).await?;
    let mut messages = pubsub.into_on_message();
    while messages.next().await.is_some() {
        state.feeder.wake();
    }
    Ok(())
}
