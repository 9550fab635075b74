//! Memberships: which plan a user is on, until when, and the plan's monthly
//! gifts. A user without an open membership is on the free plan.
//!
//! The plan bucket holds one month's gift at a time: when the next month's
//! gift arrives, or the plan ends, what is left becomes an `expire` entry.
//! Every grant and expiry has an idempotency key per membership and month,
//! so several API instances (or restarts) running the job never grant or
//! expire twice.

use chrono::{DateTime, Months, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, TransactionTrait,
};

use crate::db::entities::memberships;
use crate::db::store::ledger;
use crate::db::StoreError;
use crate::domain::{Bucket, Tier, UserId};

/// A user's plan as the UI shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Membership {
    pub id: i64,
    pub user: UserId,
    pub tier: Tier,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
}

impl Membership {
    /// Whole days left (0 when less than a day remains).
    pub fn days_left(&self, now: DateTime<Utc>) -> i64 {
        (self.ends_at - now).num_days().max(0)
    }

    /// The original app's reminder: 0 to 3 days left on a non-free plan.
    pub fn reminder_days(&self, now: DateTime<Utc>) -> Option<i64> {
        let days = self.days_left(now);
        (self.tier.is_paid() && self.ends_at > now && days <= 3).then_some(days)
    }
}

fn from_row(m: memberships::Model) -> Result<Membership, StoreError> {
    let tier = Tier::parse(&m.tier).ok_or_else(|| StoreError::corrupt("memberships", m.tier.clone()))?;
    Ok(Membership { id: m.id, user: UserId(m.user_id), tier, starts_at: m.starts_at, ends_at: m.ends_at })
}

/// Which month of a membership `now` falls in (0 for the first).
pub fn month_index(starts_at: DateTime<Utc>, now: DateTime<Utc>) -> u32 {
    let mut k = 0u32;
    while k < 1200 {
        match starts_at.checked_add_months(Months::new(k + 1)) {
            Some(next) if next <= now => k += 1,
            _ => break,
        }
    }
    k
}

fn gift_key(membership: i64, month: u32) -> String {
    format!("plan-gift:{membership}:{month}")
}

async fn open_row(
    db: &impl ConnectionTrait,
    user: UserId,
    now: DateTime<Utc>,
) -> Result<Option<memberships::Model>, StoreError> {
    Ok(memberships::Entity::find()
        .filter(memberships::Column::UserId.eq(user.0))
        .filter(memberships::Column::ClosedAt.is_null())
        .filter(memberships::Column::StartsAt.lte(now))
        .filter(memberships::Column::EndsAt.gt(now))
        .order_by_desc(memberships::Column::Id)
        .one(db)
        .await?)
}

/// The user's current paid plan, if any.
pub async fn current(
    db: &impl ConnectionTrait,
    user: UserId,
    now: DateTime<Utc>,
) -> Result<Option<Membership>, StoreError> {
    open_row(db, user, now).await?.map(from_row).transpose()
}

/// The user's tier now: their open plan's, else free. (The worker fleet
/// uses it to put paid tiers' tasks in a faster lane.)
pub async fn current_tier(db: &impl ConnectionTrait, user: UserId) -> Result<Tier, StoreError> {
    Ok(current(db, user, Utc::now()).await?.map_or(Tier::Free, |m| m.tier))
}

/// Activates a paid plan for `months` months, inside the caller's
/// transaction (the order's status change): the same tier extends the
/// current period; another tier ends the current plan now (its plan
/// lingshi expire) and starts the new one, whose first month's gift is
/// granted at once.
pub async fn activate(
    txn: &impl ConnectionTrait,
    user: UserId,
    tier: Tier,
    months: u32,
    order_no: &str,
    now: DateTime<Utc>,
) -> Result<Membership, StoreError> {
    let add = |from: DateTime<Utc>| {
        from.checked_add_months(Months::new(months))
            .ok_or_else(|| StoreError::corrupt("memberships", "period overflow"))
    };
    if let Some(open) = open_row(txn, user, now).await? {
        if open.tier == tier.as_str() {
            let ends_at = add(open.ends_at)?;
            let mut row: memberships::ActiveModel = open.into();
            row.ends_at = Set(ends_at);
            row.updated_at = Set(now);
            return from_row(row.update(txn).await?);
        }
        close(txn, open, now, now).await?;
    }
    let row = memberships::ActiveModel {
        user_id: Set(user.0),
        tier: Set(tier.as_str().to_owned()),
        starts_at: Set(now),
        ends_at: Set(add(now)?),
        closed_at: Set(None),
        order_no: Set(Some(order_no.to_owned())),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    let membership = from_row(row)?;
    if let Some(gift) = tier.monthly_gift() {
        // A previous plan's leftovers were expired by close(); a first plan
        // starts from an empty plan bucket unless a refund landed there.
        ledger::expire(txn, user, Bucket::Plan, &format!("{}:0", membership.id)).await?;
        ledger::grant(txn, user, Bucket::Plan, gift, &gift_key(membership.id, 0)).await?;
    }
    Ok(membership)
}

/// Ends a membership at `ends_at`: its plan lingshi expire, once.
/// Returns the lingshi expired.
async fn close(
    txn: &impl ConnectionTrait,
    row: memberships::Model,
    ends_at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<i64, StoreError> {
    let user = UserId(row.user_id);
    let id = row.id;
    let updated = memberships::Entity::update_many()
        .col_expr(memberships::Column::ClosedAt, Expr::value(now))
        .col_expr(memberships::Column::EndsAt, Expr::value(ends_at.min(row.ends_at)))
        .col_expr(memberships::Column::UpdatedAt, Expr::value(now))
        .filter(memberships::Column::Id.eq(id))
        .filter(memberships::Column::ClosedAt.is_null())
        .exec(txn)
        .await?;
    if updated.rows_affected == 1 {
        return ledger::expire(txn, user, Bucket::Plan, &format!("{id}:end")).await;
    }
    Ok(0)
}

/// A plan order was refunded: the months it bought are taken away again.
/// The membership it started (or, when it extended one of the same tier,
/// that one) ends `months` earlier; when that is now or past, the plan
/// closes now and its remaining plan lingshi expire, as at any plan end.
/// Returns the lingshi taken back and the shortfall: what the closed
/// membership's gifts had added minus what expired, i.e. what the buyer
/// had already spent of them (0 when the plan goes on).
pub async fn revoke_order(
    txn: &impl ConnectionTrait,
    user: UserId,
    tier: Tier,
    months: u32,
    order_no: &str,
    now: DateTime<Utc>,
) -> Result<(i64, i64), StoreError> {
    let own = memberships::Entity::find()
        .filter(memberships::Column::UserId.eq(user.0))
        .filter(memberships::Column::OrderNo.eq(order_no))
        .filter(memberships::Column::ClosedAt.is_null())
        .one(txn)
        .await?;
    let row = match own {
        Some(r) => Some(r),
        None => open_row(txn, user, now).await?.filter(|r| r.tier == tier.as_str()),
    };
    let Some(row) = row else { return Ok((0, 0)) };
    let cut = row
        .ends_at
        .checked_sub_months(Months::new(months))
        .ok_or_else(|| StoreError::corrupt("memberships", "period underflow"))?;
    if cut > now {
        let mut active: memberships::ActiveModel = row.into();
        active.ends_at = Set(cut);
        active.updated_at = Set(now);
        active.update(txn).await?;
        return Ok((0, 0));
    }
    let id = row.id;
    let expired = close(txn, row, now, now).await?;
    let gifts = ledger::sum_by_key_prefix(txn, user, &format!("grant:plan-gift:{id}:")).await?;
    // Expiries of month 1 on and the end: what the gifts left behind
    // (month 0's expiry came before the first gift; no other month's key
    // starts with `0`).
    let left_behind = -(ledger::sum_by_key_prefix(txn, user, &format!("expire:{id}:")).await?
        - ledger::sum_by_key_prefix(txn, user, &format!("expire:{id}:0")).await?);
    Ok((expired, (gifts - left_behind).max(0)))
}

/// What one run of the membership job did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct JobReport {
    pub gifts: usize,
    pub ended: usize,
    pub expired_lingshi: i64,
}

/// The scheduled job: grants each open plan its current month's gift
/// (expiring the previous month's remainder first) and closes plans whose
/// period is over (expiring their remainder). Safe to run anywhere, any
/// number of times.
pub async fn run_due(db: &DatabaseConnection, now: DateTime<Utc>) -> Result<JobReport, StoreError> {
    let mut report = JobReport::default();
    let ended = memberships::Entity::find()
        .filter(memberships::Column::ClosedAt.is_null())
        .filter(memberships::Column::EndsAt.lte(now))
        .all(db)
        .await?;
    for row in ended {
        let txn = db.begin().await?;
        let ends_at = row.ends_at;
        let expired = close(&txn, row, ends_at, now).await?;
        txn.commit().await?;
        report.ended += 1;
        report.expired_lingshi += expired;
    }
    let open = memberships::Entity::find()
        .filter(memberships::Column::ClosedAt.is_null())
        .filter(memberships::Column::StartsAt.lte(now))
        .filter(memberships::Column::EndsAt.gt(now))
        .all(db)
        .await?;
    for row in open {
        let m = from_row(row)?;
        let Some(gift) = m.tier.monthly_gift() else { continue };
        let month = month_index(m.starts_at, now);
        let key = gift_key(m.id, month);
        if ledger::has_entry(db, &format!("grant:{key}")).await? {
            continue;
        }
        let txn = db.begin().await?;
        // A write first takes SQLite's write lock before the reads below
        // (a read transaction cannot be upgraded under contention).
        memberships::Entity::update_many()
            .col_expr(memberships::Column::UpdatedAt, Expr::value(now))
            .filter(memberships::Column::Id.eq(m.id))
            .exec(&txn)
            .await?;
        // Expire first, under this month's key: a second instance racing
        // this one finds both keys taken and changes nothing.
        let expired = ledger::expire(&txn, m.user, Bucket::Plan, &format!("{}:{month}", m.id)).await?;
        let granted = ledger::grant(&txn, m.user, Bucket::Plan, gift, &key).await?;
        txn.commit().await?;
        if granted {
            report.gifts += 1;
            report.expired_lingshi += expired;
        }
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn month_index_counts_calendar_months() {
        let start = Utc.with_ymd_and_hms(2026, 1, 31, 12, 0, 0).unwrap();
        assert_eq!(month_index(start, start), 0);
        assert_eq!(month_index(start, Utc.with_ymd_and_hms(2026, 2, 27, 0, 0, 0).unwrap()), 0);
        // Jan 31 + 1 month clamps to Feb 28.
        assert_eq!(month_index(start, Utc.with_ymd_and_hms(2026, 2, 28, 12, 0, 0).unwrap()), 1);
        assert_eq!(month_index(start, Utc.with_ymd_and_hms(2027, 1, 31, 12, 0, 0).unwrap()), 12);
    }

    #[test]
    fn reminder_only_in_the_last_three_days_of_a_paid_plan() {
        let now = Utc.with_ymd_and_hms(2026, 5, 1, 0, 0, 0).unwrap();
        let m = |tier, days: i64| Membership {
            id: 1,
            user: UserId(1),
            tier,
            starts_at: now - chrono::Duration::days(30),
            ends_at: now + chrono::Duration::days(days) + chrono::Duration::hours(1),
        };
        assert_eq!(m(Tier::Basic, 3).reminder_days(now), Some(3));
        assert_eq!(m(Tier::Basic, 0).reminder_days(now), Some(0));
        assert_eq!(m(Tier::Basic, 4).reminder_days(now), None);
        assert_eq!(m(Tier::Free, 1).reminder_days(now), None);
    }
}
