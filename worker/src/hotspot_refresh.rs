//! Refreshing hotspot sources: every worker polls for sources that are due,
//! claims each with one conditional update (so one fetch per refresh across
//! the fleet), fetches it through the guarded fetcher, reads it, and stores
//! one observation per item. A failing source records its error and the
//! others go on.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use pixmart_shared::config::Settings;
use pixmart_shared::db::store::hotspot_sources::{self, SourceRecord};
use pixmart_shared::db::store::hotspots;
use pixmart_shared::db::Db;
use pixmart_shared::marketing::feeds;
use pixmart_shared::web_fetch::{fetch, Accept, AddressPolicy, FetchError};

/// How often a worker forgets observations past the kept days.
const PRUNE_EVERY: Duration = Duration::from_secs(3600);

/// What one poll did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct PollReport {
    pub refreshed: usize,
    pub failed: usize,
}

/// Polls until the task is aborted.
pub fn spawn(db: Db, settings: Arc<Settings>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let every = Duration::from_secs(settings.marketing.refresh_poll_secs.max(1));
        let mut ticker = tokio::time::interval(every);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut last_prune: Option<std::time::Instant> = None;
        loop {
            ticker.tick().await;
            // Old observations go once an hour: a delete is a write, and on
            // SQLite every write waits for the others.
            if last_prune.is_none_or(|t| t.elapsed() >= PRUNE_EVERY) {
                last_prune = Some(std::time::Instant::now());
                let keep = chrono::Duration::days(i64::from(settings.marketing.observation_days.max(1)));
                if let Err(e) = hotspots::prune_observations(&db, Utc::now() - keep).await {
                    tracing::warn!(error = %e, "pruning hotspot observations failed");
                }
            }
            match poll(&db, &settings, Utc::now()).await {
                Ok(r) if r.refreshed + r.failed > 0 => {
                    tracing::info!(refreshed = r.refreshed, failed = r.failed, "hotspot sources refreshed")
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "hotspot refresh poll failed"),
            }
        }
    })
}

/// Refreshes every source due at `now` that this worker claims.
pub async fn poll(db: &Db, settings: &Settings, now: DateTime<Utc>) -> anyhow::Result<PollReport> {
    let m = &settings.marketing;
    let policy = AddressPolicy::new(&m.feeds_allow_private_networks).map_err(anyhow::Error::msg)?;
    let mut report = PollReport::default();
    for source in hotspot_sources::claim_due(db, now).await? {
        let outcome = refresh_one(db, settings, &policy, &source).await;
        match &outcome {
            Ok(count) => {
                report.refreshed += 1;
                tracing::debug!(source = %source.spec.name, count, "hotspot source read");
            }
            Err(e) => {
                report.failed += 1;
                tracing::info!(source = %source.spec.name, error = %e, "hotspot source failed");
            }
        }
        hotspot_sources::record_outcome(db, source.id, Utc::now(), outcome).await?;
    }
    Ok(report)
}

/// One source: the item count, or the failure in words for the admin page.
async fn refresh_one(
    db: &Db,
    settings: &Settings,
    policy: &AddressPolicy,
    source: &SourceRecord,
) -> Result<u32, String> {
    let limits = settings.marketing.feed_limits();
    let page = fetch(&source.spec.url, limits, Accept::Feed, policy).await.map_err(|e| match e {
        FetchError::NotAllowed(why) => format!("refused address ({why}): only public addresses are fetched"),
        FetchError::NotText(kind) => format!("not a feed: the server sent {kind}"),
        other => other.to_string(),
    })?;
    if page.truncated {
        return Err(format!("the feed is larger than {} bytes", limits.max_bytes));
    }
    let items =
        feeds::parse(source.spec.format, source.spec.mapping.as_ref(), &page.body).map_err(|e| e.to_string())?;
    let now = Utc::now();
    let sightings = hotspots::feed_sightings(source.id, source.spec.kind, source.spec.platform, &items, now);
    hotspots::record_sightings(db, &sightings).await.map_err(|e| format!("storing the items failed: {e}"))?;
    Ok(items.len() as u32)
}
