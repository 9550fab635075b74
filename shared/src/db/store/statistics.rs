//! What the statistics read: each task of some users in a range of days,
//! with what the ledger kept for it and the ratings of its text results.

use std::collections::HashMap;

use chrono::{NaiveDate, NaiveTime, TimeZone, Utc};
use sea_orm::sea_query::{Alias, Expr, ExprTrait};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect};

use crate::copywriting::Verdict;
use crate::db::entities::{content_items, ledger_entries, tasks, users};
use crate::db::StoreError;
use crate::domain::{TaskResult, TaskStatus, UserId};
use crate::marketing::statistics::TaskFigure;

/// The members of a tenant.
pub async fn tenant_members(db: &impl ConnectionTrait, tenant: i64) -> Result<Vec<UserId>, StoreError> {
    let ids: Vec<i64> = users::Entity::find()
        .select_only()
        .column(users::Column::Id)
        .filter(users::Column::TenantId.eq(tenant))
        .into_tuple()
        .all(db)
        .await?;
    Ok(ids.into_iter().map(UserId).collect())
}

/// Every task the `owners` submitted on the UTC days `from..=to`.
pub async fn task_figures(
    db: &impl ConnectionTrait,
    owners: &[UserId],
    from: NaiveDate,
    to: NaiveDate,
) -> Result<Vec<TaskFigure>, StoreError> {
    let start = Utc.from_utc_datetime(&from.and_time(NaiveTime::MIN));
    let end = Utc.from_utc_datetime(&(to + chrono::Duration::days(1)).and_time(NaiveTime::MIN));
    let mut figures = Vec::new();
    for chunk in owners.chunks(500) {
        let ids: Vec<i64> = chunk.iter().map(|u| u.0).collect();
        let rows = tasks::Entity::find()
            .filter(tasks::Column::OwnerId.is_in(ids.clone()))
            .filter(tasks::Column::CreatedAt.gte(start))
            .filter(tasks::Column::CreatedAt.lt(end))
            .all(db)
            .await?;
        // What the ledger kept per task: charges (negative) and refunds.
        let kept: Vec<(String, i64)> = ledger_entries::Entity::find()
            .select_only()
            .column(ledger_entries::Column::TaskId)
            // SUM of a bigint is numeric on PostgreSQL: cast back.
            .column_as(
                Expr::expr(Expr::col(ledger_entries::Column::Amount).sum()).cast_as(Alias::new("bigint")),
                "total",
            )
            .filter(ledger_entries::Column::UserId.is_in(ids))
            .filter(ledger_entries::Column::TaskId.is_not_null())
            .filter(ledger_entries::Column::CreatedAt.gte(start))
            .group_by(ledger_entries::Column::TaskId)
            .into_tuple()
            .all(db)
            .await?;
        let kept: HashMap<String, i64> = kept.into_iter().collect();
        let post_ratings = post_ratings(db, &rows).await?;
        for t in rows {
            let Some(status) = TaskStatus::parse(&t.status) else { continue };
            let results: Vec<TaskResult> =
                t.results.clone().and_then(|r| serde_json::from_value(r).ok()).unwrap_or_default();
            let verdicts = results
                .iter()
                .filter_map(|r| r.rating.as_ref().map(|c| c.rating))
                .chain(post_ratings.get(&t.id).copied());
            let (likes, dislikes) = verdicts.fold((0, 0), |(l, d), v| match v {
                Verdict::Like => (l + 1, d),
                Verdict::Dislike => (l, d + 1),
            });
            // A rewrite names its `socialPlatform`, a post its `platform`.
            let platform = ["socialPlatform", "platform"]
                .iter()
                .find_map(|k| t.params.get(k).and_then(|p| p.as_str()))
                .map(str::to_owned);
            figures.push(TaskFigure {
                spent: -kept.get(&t.id).copied().unwrap_or(0),
                biz_type: t.biz_type,
                status,
                day: t.created_at.date_naive(),
                platform,
                likes,
                dislikes,
            });
        }
    }
    Ok(figures)
}

/// The like or dislike of each post (content per platform) whose text one
/// of `tasks` wrote, by task id.
async fn post_ratings(
    db: &impl ConnectionTrait,
    tasks: &[tasks::Model],
) -> Result<HashMap<String, Verdict>, StoreError> {
    let posts = crate::domain::BizType::MktContentGen.as_str();
    let ids: Vec<String> = tasks.iter().filter(|t| t.biz_type == posts).map(|t| t.id.clone()).collect();
    let mut ratings = HashMap::new();
    for chunk in ids.chunks(500) {
        let rows: Vec<(Option<String>, Option<String>)> = content_items::Entity::find()
            .select_only()
            .column(content_items::Column::CurrentTaskId)
            .column(content_items::Column::Rating)
            .filter(content_items::Column::CurrentTaskId.is_in(chunk.iter().cloned()))
            .filter(content_items::Column::Rating.is_not_null())
            .into_tuple()
            .all(db)
            .await?;
        for (task, rating) in rows {
            let verdict = match rating.as_deref() {
                Some("like") => Verdict::Like,
                Some("dislike") => Verdict::Dislike,
                _ => continue,
            };
            if let Some(task) = task {
                ratings.insert(task, verdict);
            }
        }
    }
    Ok(ratings)
}
