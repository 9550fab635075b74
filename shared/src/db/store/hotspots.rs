//! Hotspots and their observations: ingest a source's items (one
//! observation each), imports and users' own saves, and the lists ranked
//! from the observations in a window.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    JoinType, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, RelationTrait, TransactionTrait,
};
use sha2::{Digest, Sha256};

use crate::db::entities::{hotspot_observations, hotspots};
use crate::db::StoreError;
use crate::domain::hotspot::{
    heat_from_rank, HotWordQuery, HotspotKind, HotspotOrigin, HotspotPlatform, HotspotQuery, HotspotSort, NewHotspot,
};
use crate::domain::{HotspotId, HotspotSourceId, UserId};
use crate::marketing::feeds::FeedItem;
use crate::marketing::hot_words::{self, WordTrend};

/// A hotspot as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HotspotRecord {
    pub id: HotspotId,
    pub source: Option<HotspotSourceId>,
    pub origin: HotspotOrigin,
    pub owner: Option<UserId>,
    pub kind: HotspotKind,
    pub platform: HotspotPlatform,
    pub title: String,
    pub summary: String,
    pub article: Option<String>,
    pub url: Option<String>,
    pub pic_url: Option<String>,
    pub heat: i64,
    pub rank: Option<u32>,
    pub first_seen_at: DateTime<Utc>,
    pub last_seen_at: DateTime<Utc>,
}

impl TryFrom<hotspots::Model> for HotspotRecord {
    type Error = StoreError;
    fn try_from(m: hotspots::Model) -> Result<Self, StoreError> {
        let bad = |d: &str| StoreError::corrupt("hotspots", format!("{}: {d}", m.id));
        Ok(HotspotRecord {
            id: m.id.parse().map_err(|_| bad("id"))?,
            source: m.source_id.as_deref().and_then(|s| s.parse().ok()),
            origin: HotspotOrigin::parse(&m.origin).ok_or_else(|| bad("origin"))?,
            owner: m.owner_id.map(UserId),
            kind: HotspotKind::parse(&m.kind).ok_or_else(|| bad("kind"))?,
            platform: HotspotPlatform::parse(&m.platform).ok_or_else(|| bad("platform"))?,
            title: m.title,
            summary: m.summary,
            article: m.article,
            url: m.url,
            pic_url: m.pic_url,
            heat: m.heat,
            rank: m.rank.and_then(|r| u32::try_from(r).ok()),
            first_seen_at: m.first_seen_at,
            last_seen_at: m.last_seen_at,
        })
    }
}

/// A listed hotspot with its figures for the asked window.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    pub hotspot: HotspotRecord,
    /// Heat gained within the window (a newcomer gains all of its heat).
    pub growth: i64,
    /// Observations within the window.
    pub mentions: u32,
}

/// One point of a hotspot's history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Point {
    pub at: DateTime<Utc>,
    pub rank: Option<u32>,
    pub heat: i64,
}

/// Keys longer than the column are hashed (a long link as an item's key).
fn dedupe_key(prefix: &str, key: &str) -> String {
    let full = format!("{prefix}:{key}");
    if full.len() <= 200 {
        full
    } else {
        format!("{prefix}:#{}", hex::encode(Sha256::digest(key.as_bytes())))
    }
}

fn words_of(title: &str, summary: &str) -> String {
    hot_words::words(&format!("{title}\n{summary}")).join(" ")
}

/// One item to store with one observation (from a feed, an import or the
/// demonstration set).
pub struct Sighting<'a> {
    pub dedupe_key: String,
    pub source: Option<HotspotSourceId>,
    pub origin: HotspotOrigin,
    pub kind: HotspotKind,
    pub platform: HotspotPlatform,
    pub title: &'a str,
    pub summary: &'a str,
    pub url: Option<&'a str>,
    pub pic_url: Option<&'a str>,
    pub rank: Option<u32>,
    pub heat: i64,
    pub at: DateTime<Utc>,
}

/// Stores sightings: a known hotspot (same key) is updated and observed
/// again, a new one is added. All or nothing. Returns how many were new.
pub async fn record_sightings(db: &DatabaseConnection, sightings: &[Sighting<'_>]) -> Result<usize, StoreError> {
    let txn = db.begin().await?;
    let keys: Vec<&str> = sightings.iter().map(|s| s.dedupe_key.as_str()).collect();
    let mut known: HashMap<String, hotspots::Model> = HashMap::new();
    for chunk in keys.chunks(200) {
        for m in
            hotspots::Entity::find().filter(hotspots::Column::DedupeKey.is_in(chunk.iter().copied())).all(&txn).await?
        {
            known.insert(m.dedupe_key.clone(), m);
        }
    }
    let mut added = 0;
    let mut seen_now = HashSet::new();
    for s in sightings {
        // A source listing the same item twice: the first (higher) place counts.
        if !seen_now.insert(s.dedupe_key.as_str()) {
            continue;
        }
        let id = match known.get(&s.dedupe_key) {
            Some(existing) => {
                let mut m: hotspots::ActiveModel = existing.clone().into();
                if existing.title != s.title || existing.summary != s.summary {
                    m.words = Set(words_of(s.title, s.summary));
                }
                m.title = Set(s.title.to_owned());
                m.summary = Set(s.summary.to_owned());
                m.url = Set(s.url.map(str::to_owned));
                m.pic_url = Set(s.pic_url.map(str::to_owned).or(existing.pic_url.clone()));
                m.heat = Set(s.heat);
                m.rank = Set(s.rank.map(|r| r as i32));
                m.last_seen_at = Set(s.at.max(existing.last_seen_at));
                m.update(&txn).await?;
                existing.id.clone()
            }
            None => {
                added += 1;
                let id = HotspotId::new().to_string();
                hotspots::ActiveModel {
                    id: Set(id.clone()),
                    source_id: Set(s.source.map(|s| s.to_string())),
                    origin: Set(s.origin.as_str().to_owned()),
                    owner_id: Set(None),
                    kind: Set(s.kind.as_str().to_owned()),
                    platform: Set(s.platform.as_str().to_owned()),
                    dedupe_key: Set(s.dedupe_key.clone()),
                    title: Set(s.title.to_owned()),
                    summary: Set(s.summary.to_owned()),
                    article: Set(None),
                    url: Set(s.url.map(str::to_owned)),
                    pic_url: Set(s.pic_url.map(str::to_owned)),
                    words: Set(words_of(s.title, s.summary)),
                    heat: Set(s.heat),
                    rank: Set(s.rank.map(|r| r as i32)),
                    first_seen_at: Set(s.at),
                    last_seen_at: Set(s.at),
                }
                .insert(&txn)
                .await?;
                id
            }
        };
        observe(&txn, &id, s.at, s.rank, s.heat).await?;
    }
    txn.commit().await?;
    Ok(added)
}

async fn observe(
    db: &impl ConnectionTrait,
    hotspot: &str,
    at: DateTime<Utc>,
    rank: Option<u32>,
    heat: i64,
) -> Result<(), StoreError> {
    hotspot_observations::ActiveModel {
        hotspot_id: Set(hotspot.to_owned()),
        observed_at: Set(at),
        rank: Set(rank.map(|r| r as i32)),
        heat: Set(heat),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// A source's items, in its order (rank 1 first); the heat is the source's
/// own or comes from the rank.
pub fn feed_sightings<'a>(
    source: HotspotSourceId,
    kind: HotspotKind,
    platform: HotspotPlatform,
    items: &'a [FeedItem],
    at: DateTime<Utc>,
) -> Vec<Sighting<'a>> {
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let rank = i as u32 + 1;
            Sighting {
                dedupe_key: dedupe_key(&format!("feed:{source}"), &item.key),
                source: Some(source),
                origin: HotspotOrigin::Feed,
                kind,
                platform,
                title: &item.title,
                summary: &item.summary,
                url: item.url.as_deref(),
                pic_url: item.image.as_deref(),
                rank: Some(rank),
                heat: item.heat.unwrap_or_else(|| heat_from_rank(rank)),
                at,
            }
        })
        .collect()
}

/// The key of an imported row: the same title and link again is the same
/// hotspot (and is skipped).
pub fn import_key(title: &str, url: Option<&str>) -> String {
    dedupe_key("import", &hex::encode(Sha256::digest(format!("{title}\n{}", url.unwrap_or_default()).as_bytes())))
}

/// Whether hotspots with these keys exist already.
pub async fn existing_keys(db: &impl ConnectionTrait, keys: &[String]) -> Result<HashSet<String>, StoreError> {
    let mut found = HashSet::new();
    for chunk in keys.chunks(200) {
        let rows: Vec<String> = hotspots::Entity::find()
            .select_only()
            .column(hotspots::Column::DedupeKey)
            .filter(hotspots::Column::DedupeKey.is_in(chunk.iter().cloned()))
            .into_tuple()
            .all(db)
            .await?;
        found.extend(rows);
    }
    Ok(found)
}

/// A user's own hotspot (the CUSTOM tab).
pub async fn insert_custom(
    db: &impl ConnectionTrait,
    owner: UserId,
    h: &NewHotspot,
    now: DateTime<Utc>,
) -> Result<HotspotRecord, StoreError> {
    let id = HotspotId::new();
    let model = hotspots::ActiveModel {
        id: Set(id.to_string()),
        source_id: Set(None),
        origin: Set(HotspotOrigin::Custom.as_str().to_owned()),
        owner_id: Set(Some(owner.0)),
        kind: Set(h.kind.as_str().to_owned()),
        platform: Set(h.platform.as_str().to_owned()),
        dedupe_key: Set(format!("custom:{id}")),
        title: Set(h.title.clone()),
        summary: Set(h.summary.clone()),
        article: Set(h.article.clone()),
        url: Set(h.url.clone()),
        pic_url: Set(h.pic_url.clone()),
        words: Set(words_of(&h.title, &h.summary)),
        heat: Set(0),
        rank: Set(None),
        first_seen_at: Set(now),
        last_seen_at: Set(now),
    }
    .insert(db)
    .await?;
    HotspotRecord::try_from(model)
}

pub async fn count_custom(db: &impl ConnectionTrait, owner: UserId) -> Result<u64, StoreError> {
    Ok(hotspots::Entity::find()
        .filter(hotspots::Column::Origin.eq(HotspotOrigin::Custom.as_str()))
        .filter(hotspots::Column::OwnerId.eq(owner.0))
        .count(db)
        .await?)
}

pub async fn count_all(db: &impl ConnectionTrait) -> Result<u64, StoreError> {
    Ok(hotspots::Entity::find().count(db).await?)
}

/// Who may see what: everyone sees feed and imported hotspots, only its
/// owner a custom one.
fn visible_to(viewer: UserId) -> Condition {
    Condition::any()
        .add(hotspots::Column::Origin.ne(HotspotOrigin::Custom.as_str()))
        .add(hotspots::Column::OwnerId.eq(viewer.0))
}

/// A hotspot the viewer may see.
pub async fn get(
    db: &impl ConnectionTrait,
    id: HotspotId,
    viewer: UserId,
) -> Result<Option<HotspotRecord>, StoreError> {
    hotspots::Entity::find_by_id(id.to_string())
        .filter(visible_to(viewer))
        .one(db)
        .await?
        .map(HotspotRecord::try_from)
        .transpose()
}

/// Removes a custom hotspot (its observations go with it).
pub async fn delete(db: &impl ConnectionTrait, id: HotspotId) -> Result<bool, StoreError> {
    let res = hotspots::Entity::delete_by_id(id.to_string()).exec(db).await?;
    Ok(res.rows_affected == 1)
}

/// The latest `limit` observations, oldest first.
pub async fn history(db: &impl ConnectionTrait, id: HotspotId, limit: u64) -> Result<Vec<Point>, StoreError> {
    let rows = hotspot_observations::Entity::find()
        .filter(hotspot_observations::Column::HotspotId.eq(id.to_string()))
        .order_by_desc(hotspot_observations::Column::ObservedAt)
        .limit(limit)
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .rev()
        .map(|o| Point { at: o.observed_at, rank: o.rank.and_then(|r| u32::try_from(r).ok()), heat: o.heat })
        .collect())
}

fn filters(viewer: UserId, q: &HotspotQuery) -> Condition {
    let mut c = Condition::all().add(visible_to(viewer));
    if !q.kinds.is_empty() {
        c = c.add(hotspots::Column::Kind.is_in(q.kinds.iter().map(|k| k.as_str())));
    }
    if let Some(p) = q.platform {
        c = c.add(hotspots::Column::Platform.eq(p.as_str()));
    }
    if let Some(o) = q.origin {
        c = c.add(hotspots::Column::Origin.eq(o.as_str()));
    }
    if let Some(k) = &q.keyword {
        c = c.add(
            Condition::any()
                .add(hotspots::Column::Title.contains(k.as_str()))
                .add(hotspots::Column::Summary.contains(k.as_str())),
        );
    }
    c
}

/// Per hotspot within the window: observations and the heat at the first.
async fn window_stats(
    db: &impl ConnectionTrait,
    condition: Condition,
    start: DateTime<Utc>,
) -> Result<HashMap<String, (u32, DateTime<Utc>, i64)>, StoreError> {
    let rows: Vec<(String, DateTime<Utc>, i64)> = hotspot_observations::Entity::find()
        .select_only()
        .column(hotspot_observations::Column::HotspotId)
        .column(hotspot_observations::Column::ObservedAt)
        .column(hotspot_observations::Column::Heat)
        .join(JoinType::InnerJoin, hotspot_observations::Relation::Hotspot.def())
        .filter(condition)
        .filter(hotspot_observations::Column::ObservedAt.gte(start))
        .into_tuple()
        .all(db)
        .await?;
    let mut stats: HashMap<String, (u32, DateTime<Utc>, i64)> = HashMap::new();
    for (id, at, heat) in rows {
        let e = stats.entry(id).or_insert((0, at, heat));
        e.0 += 1;
        if at < e.1 {
            e.1 = at;
            e.2 = heat;
        }
    }
    Ok(stats)
}

/// Heat gained since `start`: a hotspot first seen after it gained all of
/// its heat; an older one, its heat now less its heat at its first
/// observation inside the window.
pub fn growth(heat: i64, first_seen: DateTime<Utc>, start: DateTime<Utc>, first_heat_in_window: i64) -> i64 {
    if first_seen >= start {
        heat
    } else {
        heat - first_heat_in_window
    }
}

/// A page of hotspots and how many match in all.
pub async fn list(
    db: &impl ConnectionTrait,
    viewer: UserId,
    q: &HotspotQuery,
    now: DateTime<Utc>,
) -> Result<(Vec<Listed>, u64), StoreError> {
    let start = now - Duration::hours(i64::from(q.window_hours));
    let offset = u64::from(q.page - 1) * u64::from(q.size);
    match q.sort {
        HotspotSort::Latest => {
            let base = hotspots::Entity::find().filter(filters(viewer, q));
            let total = base.clone().count(db).await?;
            let rows = base
                .order_by_desc(hotspots::Column::FirstSeenAt)
                .order_by_desc(hotspots::Column::Id)
                .offset(offset)
                .limit(u64::from(q.size))
                .all(db)
                .await?;
            let ids: Vec<String> = rows.iter().map(|r| r.id.clone()).collect();
            let stats = window_stats(db, Condition::all().add(hotspots::Column::Id.is_in(ids)), start).await?;
            rows.into_iter()
                .map(|m| {
                    let (mentions, _, first_heat) = stats.get(&m.id).copied().unwrap_or((0, now, 0));
                    let h = HotspotRecord::try_from(m)?;
                    let growth = if mentions == 0 { 0 } else { growth(h.heat, h.first_seen_at, start, first_heat) };
                    Ok(Listed { hotspot: h, growth, mentions })
                })
                .collect::<Result<Vec<_>, StoreError>>()
                .map(|l| (l, total))
        }
        HotspotSort::Rising | HotspotSort::Ranking => {
            let stats = window_stats(db, filters(viewer, q), start).await?;
            // Heats and first-seen times of every candidate, to order them.
            let ids: Vec<String> = stats.keys().cloned().collect();
            let mut figures: Vec<(String, i64, u32, i64)> = Vec::with_capacity(ids.len());
            for chunk in ids.chunks(500) {
                let rows: Vec<(String, i64, DateTime<Utc>)> = hotspots::Entity::find()
                    .select_only()
                    .column(hotspots::Column::Id)
                    .column(hotspots::Column::Heat)
                    .column(hotspots::Column::FirstSeenAt)
                    .filter(hotspots::Column::Id.is_in(chunk.iter().cloned()))
                    .into_tuple()
                    .all(db)
                    .await?;
                for (id, heat, first_seen) in rows {
                    let (mentions, _, first_heat) = stats[&id];
                    let growth = growth(heat, first_seen, start, first_heat);
                    figures.push((id, growth, mentions, heat));
                }
            }
            match q.sort {
                HotspotSort::Rising => figures.sort_by(|a, b| b.1.cmp(&a.1).then(b.3.cmp(&a.3)).then(a.0.cmp(&b.0))),
                _ => figures.sort_by(|a, b| b.2.cmp(&a.2).then(b.3.cmp(&a.3)).then(a.0.cmp(&b.0))),
            }
            let total = figures.len() as u64;
            let page: Vec<(String, i64, u32, i64)> =
                figures.into_iter().skip(offset as usize).take(q.size as usize).collect();
            let page_ids: Vec<String> = page.iter().map(|p| p.0.clone()).collect();
            let mut rows: HashMap<String, hotspots::Model> = hotspots::Entity::find()
                .filter(hotspots::Column::Id.is_in(page_ids))
                .all(db)
                .await?
                .into_iter()
                .map(|m| (m.id.clone(), m))
                .collect();
            let listed = page
                .into_iter()
                .filter_map(|(id, growth, mentions, _)| rows.remove(&id).map(|m| (m, growth, mentions)))
                .map(|(m, growth, mentions)| Ok(Listed { hotspot: HotspotRecord::try_from(m)?, growth, mentions }))
                .collect::<Result<Vec<_>, StoreError>>()?;
            Ok((listed, total))
        }
    }
}

/// Hot words over the last window against the window before it, from the
/// hotspots everyone sees (never a user's own saves).
pub async fn hot_words(
    db: &impl ConnectionTrait,
    q: &HotWordQuery,
    now: DateTime<Utc>,
) -> Result<Vec<WordTrend>, StoreError> {
    let window = Duration::hours(i64::from(q.window_hours));
    let (mid, start) = (now - window, now - window - window);
    let mut condition = Condition::all().add(hotspots::Column::Origin.ne(HotspotOrigin::Custom.as_str()));
    if let Some(p) = q.platform {
        condition = condition.add(hotspots::Column::Platform.eq(p.as_str()));
    }
    let rows: Vec<(String, DateTime<Utc>)> = hotspot_observations::Entity::find()
        .select_only()
        .column(hotspots::Column::Words)
        .column(hotspot_observations::Column::ObservedAt)
        .join(JoinType::InnerJoin, hotspot_observations::Relation::Hotspot.def())
        .filter(condition)
        .filter(hotspot_observations::Column::ObservedAt.gte(start))
        .into_tuple()
        .all(db)
        .await?;
    let (mut recent, mut earlier): (Vec<Vec<String>>, Vec<Vec<String>>) = (Vec::new(), Vec::new());
    for (words, at) in rows {
        let list: Vec<String> = words.split_whitespace().map(str::to_owned).collect();
        if at >= mid {
            recent.push(list);
        } else {
            earlier.push(list);
        }
    }
    let mut ranked = hot_words::rank(recent.iter().map(Vec::as_slice), earlier.iter().map(Vec::as_slice), 2);
    ranked.truncate(q.size as usize);
    Ok(ranked)
}

/// Forgets observations older than `before` (the hotspots stay).
pub async fn prune_observations(db: &impl ConnectionTrait, before: DateTime<Utc>) -> Result<u64, StoreError> {
    let res = hotspot_observations::Entity::delete_many()
        .filter(hotspot_observations::Column::ObservedAt.lt(before))
        .exec(db)
        .await?;
    Ok(res.rows_affected)
}

/// Names of sources by id (for the lists' `sourceName`).
pub async fn source_names(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = HotspotSourceId>,
) -> Result<HashMap<HotspotSourceId, String>, StoreError> {
    use crate::db::entities::hotspot_sources;
    let ids: Vec<String> = ids.into_iter().map(|i| i.to_string()).collect::<HashSet<_>>().into_iter().collect();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(String, String)> = hotspot_sources::Entity::find()
        .select_only()
        .column(hotspot_sources::Column::Id)
        .column(hotspot_sources::Column::Name)
        .filter(hotspot_sources::Column::Id.is_in(ids))
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().filter_map(|(id, name)| Some((id.parse().ok()?, name))).collect())
}
