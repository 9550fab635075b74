//! The hotspot sources an operator configures, and their refresh schedule:
//! a worker claims a due source with one conditional update, so across the
//! fleet each refresh happens once.

use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder,
};

use crate::db::entities::hotspot_sources;
use crate::db::StoreError;
use crate::domain::hotspot::{FeedFormat, FeedMapping, HotspotKind, HotspotPlatform, SourceSpec};
use crate::domain::HotspotSourceId;

/// A source with its refresh state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceRecord {
    pub id: HotspotSourceId,
    pub spec: SourceSpec,
    pub next_fetch_at: DateTime<Utc>,
    pub last_fetch_at: Option<DateTime<Utc>>,
    pub last_ok_at: Option<DateTime<Utc>>,
    pub last_error: Option<String>,
    pub last_item_count: u32,
    pub created_at: DateTime<Utc>,
}

impl TryFrom<hotspot_sources::Model> for SourceRecord {
    type Error = StoreError;
    fn try_from(m: hotspot_sources::Model) -> Result<Self, StoreError> {
        let bad = |d: &str| StoreError::corrupt("hotspot_sources", format!("{}: {d}", m.id));
        let mapping: Option<FeedMapping> = match &m.mapping {
            Some(json) => Some(serde_json::from_str(json).map_err(|_| bad("mapping"))?),
            None => None,
        };
        Ok(SourceRecord {
            id: m.id.parse().map_err(|_| bad("id"))?,
            spec: SourceSpec {
                name: m.name.clone(),
                format: FeedFormat::parse(&m.format).ok_or_else(|| bad("format"))?,
                url: m.url.clone(),
                platform: HotspotPlatform::parse(&m.platform).ok_or_else(|| bad("platform"))?,
                kind: HotspotKind::parse(&m.kind).ok_or_else(|| bad("kind"))?,
                interval_minutes: u32::try_from(m.interval_minutes).map_err(|_| bad("interval"))?,
                enabled: m.enabled,
                mapping,
            },
            next_fetch_at: m.next_fetch_at,
            last_fetch_at: m.last_fetch_at,
            last_ok_at: m.last_ok_at,
            last_error: m.last_error,
            last_item_count: u32::try_from(m.last_item_count).unwrap_or(0),
            created_at: m.created_at,
        })
    }
}

fn mapping_json(spec: &SourceSpec) -> Option<String> {
    spec.mapping.as_ref().and_then(|m| serde_json::to_string(m).ok())
}

pub async fn list(db: &impl ConnectionTrait) -> Result<Vec<SourceRecord>, StoreError> {
    let rows = hotspot_sources::Entity::find()
        .order_by_asc(hotspot_sources::Column::CreatedAt)
        .order_by_asc(hotspot_sources::Column::Id)
        .all(db)
        .await?;
    rows.into_iter().map(SourceRecord::try_from).collect()
}

pub async fn count(db: &impl ConnectionTrait) -> Result<u64, StoreError> {
    Ok(hotspot_sources::Entity::find().count(db).await?)
}

pub async fn get(db: &impl ConnectionTrait, id: HotspotSourceId) -> Result<Option<SourceRecord>, StoreError> {
    hotspot_sources::Entity::find_by_id(id.to_string()).one(db).await?.map(SourceRecord::try_from).transpose()
}

/// Adds a source, due at once.
pub async fn insert(
    db: &impl ConnectionTrait,
    spec: &SourceSpec,
    now: DateTime<Utc>,
) -> Result<SourceRecord, StoreError> {
    let model = hotspot_sources::ActiveModel {
        id: Set(HotspotSourceId::new().to_string()),
        name: Set(spec.name.clone()),
        format: Set(spec.format.as_str().to_owned()),
        url: Set(spec.url.clone()),
        platform: Set(spec.platform.as_str().to_owned()),
        kind: Set(spec.kind.as_str().to_owned()),
        interval_minutes: Set(spec.interval_minutes as i32),
        enabled: Set(spec.enabled),
        mapping: Set(mapping_json(spec)),
        next_fetch_at: Set(now),
        last_fetch_at: Set(None),
        last_ok_at: Set(None),
        last_error: Set(None),
        last_item_count: Set(0),
        created_at: Set(now),
    }
    .insert(db)
    .await?;
    SourceRecord::try_from(model)
}

/// Replaces a source's settings; a changed address or format is due at
/// once and forgets the old error.
pub async fn update(
    db: &impl ConnectionTrait,
    before: &SourceRecord,
    spec: &SourceSpec,
    now: DateTime<Utc>,
) -> Result<Option<SourceRecord>, StoreError> {
    let Some(row) = hotspot_sources::Entity::find_by_id(before.id.to_string()).one(db).await? else {
        return Ok(None);
    };
    let moved = spec.url != before.spec.url || spec.format != before.spec.format || spec.mapping != before.spec.mapping;
    let mut m: hotspot_sources::ActiveModel = row.into();
    m.name = Set(spec.name.clone());
    m.format = Set(spec.format.as_str().to_owned());
    m.url = Set(spec.url.clone());
    m.platform = Set(spec.platform.as_str().to_owned());
    m.kind = Set(spec.kind.as_str().to_owned());
    m.interval_minutes = Set(spec.interval_minutes as i32);
    m.enabled = Set(spec.enabled);
    m.mapping = Set(mapping_json(spec));
    if moved {
        m.next_fetch_at = Set(now);
        m.last_error = Set(None);
    }
    Ok(Some(SourceRecord::try_from(m.update(db).await?)?))
}

pub async fn delete(db: &impl ConnectionTrait, id: HotspotSourceId) -> Result<bool, StoreError> {
    let res = hotspot_sources::Entity::delete_by_id(id.to_string()).exec(db).await?;
    Ok(res.rows_affected == 1)
}

/// Makes a source due now (the admin's "refresh now").
pub async fn due_now(db: &impl ConnectionTrait, id: HotspotSourceId, now: DateTime<Utc>) -> Result<bool, StoreError> {
    let res = hotspot_sources::Entity::update_many()
        .col_expr(hotspot_sources::Column::NextFetchAt, now.into())
        .filter(hotspot_sources::Column::Id.eq(id.to_string()))
        .exec(db)
        .await?;
    Ok(res.rows_affected == 1)
}

/// The enabled sources due at `now` that this caller won: each is moved to
/// its next time with a guard on the time it had, so of several workers
/// polling at once exactly one gets each source.
pub async fn claim_due(db: &impl ConnectionTrait, now: DateTime<Utc>) -> Result<Vec<SourceRecord>, StoreError> {
    let due = hotspot_sources::Entity::find()
        .filter(hotspot_sources::Column::Enabled.eq(true))
        .filter(hotspot_sources::Column::NextFetchAt.lte(now))
        .all(db)
        .await?;
    let mut claimed = Vec::new();
    for row in due {
        let next = now + Duration::minutes(i64::from(row.interval_minutes.max(1)));
        let res = hotspot_sources::Entity::update_many()
            .col_expr(hotspot_sources::Column::NextFetchAt, next.into())
            .col_expr(hotspot_sources::Column::LastFetchAt, Some(now).into())
            .filter(hotspot_sources::Column::Id.eq(row.id.clone()))
            .filter(hotspot_sources::Column::NextFetchAt.eq(row.next_fetch_at))
            .exec(db)
            .await?;
        if res.rows_affected == 1 {
            claimed.push(SourceRecord::try_from(row)?);
        }
    }
    Ok(claimed)
}

/// The outcome of one refresh: the item count, or the failure in words.
pub async fn record_outcome(
    db: &impl ConnectionTrait,
    id: HotspotSourceId,
    now: DateTime<Utc>,
    outcome: Result<u32, String>,
) -> Result<(), StoreError> {
    let mut update = hotspot_sources::Entity::update_many().filter(hotspot_sources::Column::Id.eq(id.to_string()));
    update = match outcome {
        Ok(count) => update
            .col_expr(hotspot_sources::Column::LastOkAt, Some(now).into())
            .col_expr(hotspot_sources::Column::LastError, Option::<String>::None.into())
            .col_expr(hotspot_sources::Column::LastItemCount, (count as i32).into()),
        Err(message) => {
            let message: String = message.chars().take(500).collect();
            update.col_expr(hotspot_sources::Column::LastError, Some(message).into())
        }
    };
    update.exec(db).await?;
    Ok(())
}
