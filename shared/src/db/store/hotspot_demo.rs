//! Loading the demonstration hotspots (`pixmart-api demo-hotspots`) into an
//! installation that has none.

use chrono::{DateTime, Utc};
use sea_orm::DatabaseConnection;

use super::hotspot_sources;
use super::hotspots::{self, Sighting};
use crate::db::StoreError;
use crate::domain::hotspot::{FeedFormat, HotspotOrigin, SourceSpec};
use crate::marketing::demo;

/// What loading did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DemoLoad {
    Loaded {
        sources: usize,
        hotspots: usize,
    },
    /// The installation has sources or hotspots of its own: nothing done.
    NotEmpty,
}

/// Loads the set as of `now` when there are no sources and no hotspots.
/// The sources are disabled (their address is not real), so no worker
/// fetches them; an admin may remove them.
pub async fn load(db: &DatabaseConnection, now: DateTime<Utc>) -> Result<DemoLoad, StoreError> {
    if hotspot_sources::count(db).await? > 0 || hotspots::count_all(db).await? > 0 {
        return Ok(DemoLoad::NotEmpty);
    }
    let mut source_ids = Vec::new();
    for s in &demo::SOURCES {
        let spec = SourceSpec {
            name: s.name.to_owned(),
            format: FeedFormat::Rss,
            url: format!("https://demo.invalid/{}/{}.xml", s.platform.as_str(), s.kind.as_str()),
            platform: s.platform,
            kind: s.kind,
            interval_minutes: 120,
            enabled: false,
            mapping: None,
        };
        source_ids.push(hotspot_sources::insert(db, &spec, now).await?.id);
    }
    let set = demo::generate(now);
    let mut sightings = Vec::new();
    for h in &set {
        let source = &demo::SOURCES[h.source];
        for o in &h.observations {
            sightings.push(Sighting {
                dedupe_key: h.key.clone(),
                source: Some(source_ids[h.source]),
                origin: HotspotOrigin::Feed,
                kind: source.kind,
                platform: source.platform,
                title: &h.title,
                summary: &h.summary,
                url: None,
                pic_url: h.pic_url.as_deref(),
                rank: Some(o.rank),
                heat: o.heat,
                at: o.at,
            });
        }
    }
    // Oldest first, so each hotspot's first sighting sets its first-seen time.
    sightings.sort_by_key(|s| s.at);
    for step in sightings.chunk_by(|a, b| a.at == b.at) {
        hotspots::record_sightings(db, step).await?;
    }
    Ok(DemoLoad::Loaded { sources: source_ids.len(), hotspots: set.len() })
}
