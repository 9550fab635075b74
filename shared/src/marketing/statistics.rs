//! The workbench's statistics (`/mott-statistics`): generations by type,
//! platform and day, lingshi kept by the ledger, likes and dislikes.
//! Pure: the store gathers one [`TaskFigure`] per task.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::TaskStatus;

/// Ranges cover at most this many days.
pub const MAX_DAYS: i64 = 366;

/// One task as the statistics see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskFigure {
    pub biz_type: String,
    pub status: TaskStatus,
    /// The UTC day it was submitted.
    pub day: NaiveDate,
    /// The platform a text task wrote for.
    pub platform: Option<String>,
    /// Lingshi the ledger kept for it: charges minus refunds.
    pub spent: i64,
    pub likes: u32,
    pub dislikes: u32,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatisticsTotals {
    pub generations: u64,
    pub succeeded: u64,
    /// Ended FAILED or TIMEOUT (stopped tasks end FAILED).
    pub failed: u64,
    pub lingshi_spent: i64,
    pub likes: u64,
    pub dislikes: u64,
    /// likes / (likes + dislikes); null when nothing was rated.
    pub like_rate: Option<f64>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TypeFigures {
    pub biz_type: String,
    pub generations: u64,
    pub succeeded: u64,
    pub failed: u64,
    pub lingshi_spent: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlatformFigures {
    pub platform: String,
    pub generations: u64,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayFigures {
    /// `YYYY-MM-DD`.
    pub date: String,
    pub generations: u64,
    pub succeeded: u64,
    pub failed: u64,
    pub lingshi_spent: i64,
}

/// The figures of a range.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Figures {
    pub totals: StatisticsTotals,
    /// Most generations first.
    pub by_type: Vec<TypeFigures>,
    /// Most generations first.
    pub by_platform: Vec<PlatformFigures>,
    /// Every day of the range, in order.
    pub daily: Vec<DayFigures>,
    /// One row per day and type with any task, for the CSV.
    #[serde(skip)]
    pub day_type: Vec<(NaiveDate, TypeFigures)>,
}

fn add(f: &mut TypeFigures, t: &TaskFigure) {
    f.generations += 1;
    f.succeeded += u64::from(t.status == TaskStatus::Success);
    f.failed += u64::from(matches!(t.status, TaskStatus::Failed | TaskStatus::Timeout));
    f.lingshi_spent += t.spent;
}

/// Aggregates the tasks of `from..=to`; tasks outside it are ignored.
pub fn aggregate(tasks: &[TaskFigure], from: NaiveDate, to: NaiveDate) -> Figures {
    let mut totals = TypeFigures::default();
    let (mut likes, mut dislikes) = (0u64, 0u64);
    let mut by_type: BTreeMap<&str, TypeFigures> = BTreeMap::new();
    let mut by_platform: BTreeMap<&str, u64> = BTreeMap::new();
    let mut by_day: BTreeMap<NaiveDate, TypeFigures> = BTreeMap::new();
    let mut by_day_type: BTreeMap<(NaiveDate, &str), TypeFigures> = BTreeMap::new();
    for t in tasks.iter().filter(|t| t.day >= from && t.day <= to) {
        add(&mut totals, t);
        add(
            by_type
                .entry(&t.biz_type)
                .or_insert_with(|| TypeFigures { biz_type: t.biz_type.clone(), ..Default::default() }),
            t,
        );
        add(by_day.entry(t.day).or_default(), t);
        add(
            by_day_type
                .entry((t.day, &t.biz_type))
                .or_insert_with(|| TypeFigures { biz_type: t.biz_type.clone(), ..Default::default() }),
            t,
        );
        if let Some(p) = &t.platform {
            *by_platform.entry(p).or_default() += 1;
        }
        likes += u64::from(t.likes);
        dislikes += u64::from(t.dislikes);
    }
    let mut types: Vec<TypeFigures> = by_type.into_values().collect();
    types.sort_by(|a, b| b.generations.cmp(&a.generations).then(a.biz_type.cmp(&b.biz_type)));
    let mut platforms: Vec<PlatformFigures> =
        by_platform.into_iter().map(|(p, n)| PlatformFigures { platform: p.to_owned(), generations: n }).collect();
    platforms.sort_by(|a, b| b.generations.cmp(&a.generations).then(a.platform.cmp(&b.platform)));
    let daily = from
        .iter_days()
        .take_while(|d| *d <= to)
        .map(|d| {
            let f = by_day.get(&d).cloned().unwrap_or_default();
            DayFigures {
                date: d.format("%Y-%m-%d").to_string(),
                generations: f.generations,
                succeeded: f.succeeded,
                failed: f.failed,
                lingshi_spent: f.lingshi_spent,
            }
        })
        .collect();
    let rated = likes + dislikes;
    Figures {
        totals: StatisticsTotals {
            generations: totals.generations,
            succeeded: totals.succeeded,
            failed: totals.failed,
            lingshi_spent: totals.lingshi_spent,
            likes,
            dislikes,
            like_rate: (rated > 0).then(|| likes as f64 / rated as f64),
        },
        by_type: types,
        by_platform: platforms,
        daily,
        day_type: by_day_type.into_iter().map(|((d, _), f)| (d, f)).collect(),
    }
}

/// The CSV download: a header, then one row per day and type.
pub fn csv(figures: &Figures) -> Result<Vec<u8>, csv::Error> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["date", "bizType", "generations", "succeeded", "failed", "lingshiSpent"])?;
    for (day, f) in &figures.day_type {
        w.write_record([
            day.format("%Y-%m-%d").to_string(),
            f.biz_type.clone(),
            f.generations.to_string(),
            f.succeeded.to_string(),
            f.failed.to_string(),
            f.lingshi_spent.to_string(),
        ])?;
    }
    w.into_inner().map_err(|e| csv::Error::from(e.into_error()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, d).unwrap()
    }

    fn task(
        biz: &str,
        status: TaskStatus,
        d: u32,
        spent: i64,
        platform: Option<&str>,
        likes: u32,
        dislikes: u32,
    ) -> TaskFigure {
        TaskFigure {
            biz_type: biz.into(),
            status,
            day: day(d),
            platform: platform.map(Into::into),
            spent,
            likes,
            dislikes,
        }
    }

    #[test]
    fn figures_by_type_platform_and_day() {
        let tasks = [
            task("TEXT_REWRITE", TaskStatus::Success, 1, 5, Some("redbook"), 1, 0),
            task("TEXT_REWRITE", TaskStatus::Success, 1, 10, Some("weibo"), 1, 1),
            task("TEXT_REWRITE", TaskStatus::Failed, 2, 0, Some("redbook"), 0, 0),
            task("MATTING_IMAGE", TaskStatus::Success, 3, 5, None, 0, 0),
            task("MATTING_IMAGE", TaskStatus::Running, 3, 5, None, 0, 0),
            // Outside the range.
            task("MATTING_IMAGE", TaskStatus::Success, 9, 5, None, 0, 0),
        ];
        let f = aggregate(&tasks, day(1), day(3));
        assert_eq!((f.totals.generations, f.totals.succeeded, f.totals.failed, f.totals.lingshi_spent), (5, 3, 1, 25));
        assert_eq!((f.totals.likes, f.totals.dislikes), (2, 1));
        assert!((f.totals.like_rate.unwrap() - 2.0 / 3.0).abs() < 1e-9);
        assert_eq!(
            f.by_type.iter().map(|t| (t.biz_type.as_str(), t.generations, t.lingshi_spent)).collect::<Vec<_>>(),
            vec![("TEXT_REWRITE", 3, 15), ("MATTING_IMAGE", 2, 10)]
        );
        assert_eq!(
            f.by_platform.iter().map(|p| (p.platform.as_str(), p.generations)).collect::<Vec<_>>(),
            vec![("redbook", 2), ("weibo", 1)]
        );
        assert_eq!(
            f.daily.iter().map(|d| (d.date.as_str(), d.generations)).collect::<Vec<_>>(),
            vec![("2026-11-01", 2), ("2026-11-02", 1), ("2026-11-03", 2)]
        );
        let text = String::from_utf8(csv(&f).unwrap()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "date,bizType,generations,succeeded,failed,lingshiSpent");
        assert_eq!(
            lines[1..],
            [
                "2026-11-01,TEXT_REWRITE,2,2,0,15",
                "2026-11-02,TEXT_REWRITE,1,0,1,0",
                "2026-11-03,MATTING_IMAGE,2,1,0,10"
            ]
        );
    }

    #[test]
    fn an_empty_range_has_every_day_and_no_rate() {
        let f = aggregate(&[], day(1), day(7));
        assert_eq!((f.daily.len(), f.totals.like_rate), (7, None));
        assert_eq!(String::from_utf8(csv(&f).unwrap()).unwrap().lines().count(), 1);
    }
}
