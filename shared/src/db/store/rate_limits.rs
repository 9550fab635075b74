//! Fixed-window counters in the database, so every API instance sees the
//! same counts.

use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryTrait};

use crate::db::entities::rate_counters;
use crate::db::StoreError;

/// One limit on one subject: at most `max` events per `window_secs`.
#[derive(Debug, Clone)]
pub struct Limit {
    pub name: &'static str,
    pub subject: String,
    pub window_secs: u64,
    pub max: u32,
}

impl Limit {
    fn key_and_end(&self, now: DateTime<Utc>) -> (String, DateTime<Utc>) {
        let w = std::cmp::max(self.window_secs, 1) as i64;
        let slot = now.timestamp().div_euclid(w);
        let end = DateTime::from_timestamp((slot + 1) * w, 0).unwrap_or(now);
        (format!("{}:{}:{}:{}", self.name, w, self.subject, slot), end)
    }
}

/// Events counted so far in the current window.
pub async fn count(db: &impl ConnectionTrait, limit: &Limit, now: DateTime<Utc>) -> Result<u32, StoreError> {
    let (key, _) = limit.key_and_end(now);
    let row = rate_counters::Entity::find_by_id(key).one(db).await?;
    Ok(row.map(|r| u32::try_from(r.count).unwrap_or(0)).unwrap_or(0))
}

/// Counts one event and returns the window's count including it.
pub async fn hit(db: &impl ConnectionTrait, limit: &Limit, now: DateTime<Utc>) -> Result<u32, StoreError> {
    let (key, end) = limit.key_and_end(now);
    rate_counters::Entity::insert(rate_counters::ActiveModel {
        counter_key: Set(key.clone()),
        count: Set(1),
        expires_at: Set(end),
    })
    .on_conflict(
        OnConflict::column(rate_counters::Column::CounterKey)
            .value(
                rate_counters::Column::Count,
                Expr::col((rate_counters::Entity, rate_counters::Column::Count)).add(1),
            )
            .to_owned(),
    )
    .exec(db)
    .await?;
    count(db, limit, now).await
}

/// Counts one event on a sliding counter (not a fixed window): it lives
/// until `expires_at`, pushed back by every event, and starts again at 1
/// once lapsed. Returns the count including this event, read in the same
/// statement as the increment (`RETURNING`), so simultaneous callers see
/// distinct counts.
pub async fn bump(
    db: &impl ConnectionTrait,
    key: &str,
    now: DateTime<Utc>,
    expires_at: DateTime<Utc>,
) -> Result<u32, StoreError> {
    let current = |c| Expr::col((rate_counters::Entity, c));
    let mut insert = rate_counters::Entity::insert(rate_counters::ActiveModel {
        counter_key: Set(key.to_owned()),
        count: Set(1),
        expires_at: Set(expires_at),
    })
    .on_conflict(
        OnConflict::column(rate_counters::Column::CounterKey)
            .value(
                rate_counters::Column::Count,
                Expr::case(current(rate_counters::Column::ExpiresAt).lte(now), Expr::value(1))
                    .finally(current(rate_counters::Column::Count).add(1)),
            )
            .update_column(rate_counters::Column::ExpiresAt)
            .to_owned(),
    )
    .into_query();
    insert.returning_col(rate_counters::Column::Count);
    let row = db.query_one(&insert).await?;
    let count: i32 = match row {
        Some(r) => r.try_get("", "count")?,
        None => 1,
    };
    Ok(u32::try_from(count).unwrap_or(0))
}

/// Takes back one event counted by [`bump`] on each of `keys` (an attempt
/// that turned out not to count).
pub async fn unbump(db: &impl ConnectionTrait, keys: &[&str]) -> Result<(), StoreError> {
    rate_counters::Entity::update_many()
        .col_expr(rate_counters::Column::Count, Expr::col(rate_counters::Column::Count).sub(1))
        .filter(rate_counters::Column::CounterKey.is_in(keys.iter().copied()))
        .filter(rate_counters::Column::Count.gt(0))
        .exec(db)
        .await?;
    Ok(())
}

/// Holds `key` until `until` unless a live hold exists: true when this
/// call took it (a lapsed hold is replaced), false when someone holds it.
/// One statement, so of simultaneous callers exactly one wins.
pub async fn hold(
    db: &impl ConnectionTrait,
    key: &str,
    now: DateTime<Utc>,
    until: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let taken = rate_counters::Entity::insert(rate_counters::ActiveModel {
        counter_key: Set(key.to_owned()),
        count: Set(1),
        expires_at: Set(until),
    })
    .on_conflict(
        OnConflict::column(rate_counters::Column::CounterKey)
            .update_columns([rate_counters::Column::Count, rate_counters::Column::ExpiresAt])
            .action_and_where(Expr::col((rate_counters::Entity, rate_counters::Column::ExpiresAt)).lte(now))
            .to_owned(),
    )
    .exec_without_returning(db)
    .await?;
    Ok(taken == 1)
}

/// The latest time a live hold or counter among `keys` lapses; `None`
/// when none is live.
pub async fn live_until(
    db: &impl ConnectionTrait,
    keys: &[&str],
    now: DateTime<Utc>,
) -> Result<Option<DateTime<Utc>>, StoreError> {
    let rows = rate_counters::Entity::find()
        .filter(rate_counters::Column::CounterKey.is_in(keys.iter().copied()))
        .filter(rate_counters::Column::ExpiresAt.gt(now))
        .all(db)
        .await?;
    Ok(rows.into_iter().map(|r| r.expires_at).max())
}

/// Forgets counters and holds.
pub async fn clear(db: &impl ConnectionTrait, keys: &[String]) -> Result<(), StoreError> {
    if keys.is_empty() {
        return Ok(());
    }
    rate_counters::Entity::delete_many()
        .filter(rate_counters::Column::CounterKey.is_in(keys.iter().cloned()))
        .exec(db)
        .await?;
    Ok(())
}

/// Drops counters whose window has passed.
pub async fn purge_expired(db: &impl ConnectionTrait, now: DateTime<Utc>) -> Result<u64, StoreError> {
    let res = rate_counters::Entity::delete_many().filter(rate_counters::Column::ExpiresAt.lte(now)).exec(db).await?;
    Ok(res.rows_affected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_are_aligned_and_keys_distinct() {
        let l = Limit { name: "code", subject: "13800138000".into(), window_secs: 3600, max: 5 };
        let t = DateTime::from_timestamp(7200 + 10, 0).unwrap();
        let (k, end) = l.key_and_end(t);
        assert_eq!(k, "code:3600:13800138000:2");
        assert_eq!(end.timestamp(), 10800);
        let (k2, _) = l.key_and_end(DateTime::from_timestamp(10800, 0).unwrap());
        assert_ne!(k, k2);
    }
}
