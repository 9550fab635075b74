//! `GET /api/marketing/statistics`'s query, parsed at the edge.

use chrono::{Duration, NaiveDate};
use serde::Deserialize;

use super::Invalid;
use crate::error::ErrorCode;
use crate::marketing::statistics::MAX_DAYS;

#[derive(Debug, Clone, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct StatisticsQueryParams {
    /// First day, `YYYY-MM-DD` (default: 29 days before `to`).
    pub from: Option<String>,
    /// Last day, inclusive, `YYYY-MM-DD` (default: today, UTC).
    pub to: Option<String>,
    /// `mine` (default) or `tenant`.
    pub scope: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum StatisticsScope {
    Mine,
    Tenant,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatisticsQuery {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub scope: StatisticsScope,
}

impl StatisticsQuery {
    pub fn parse(p: &StatisticsQueryParams, today: NaiveDate) -> Result<Self, Invalid> {
        let bad = |field| Invalid::field(ErrorCode::InvalidParam, field);
        let date = |raw: &Option<String>, field| match raw.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            None => Ok(None),
            Some(s) => NaiveDate::parse_from_str(s, "%Y-%m-%d").map(Some).map_err(|_| bad(field)),
        };
        let to = date(&p.to, "to")?.unwrap_or(today);
        let from = date(&p.from, "from")?.unwrap_or(to - Duration::days(29));
        if from > to || (to - from).num_days() >= MAX_DAYS {
            return Err(bad("from"));
        }
        let scope = match p.scope.as_deref().map(str::trim) {
            None | Some("") | Some("mine") => StatisticsScope::Mine,
            Some("tenant") => StatisticsScope::Tenant,
            Some(_) => return Err(bad("scope")),
        };
        Ok(StatisticsQuery { from, to, scope })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_bounds_and_refusals() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
        let q = StatisticsQuery::parse(&StatisticsQueryParams::default(), today).unwrap();
        assert_eq!(
            (q.from.to_string(), q.to.to_string(), q.scope),
            ("2026-10-29".into(), "2026-11-27".into(), StatisticsScope::Mine)
        );
        let p = |from: &str, to: &str, scope: &str| StatisticsQueryParams {
            from: Some(from.into()),
            to: Some(to.into()),
            scope: Some(scope.into()),
        };
        assert!(StatisticsQuery::parse(&p("2026-01-01", "2026-12-31", "tenant"), today).is_ok());
        for (params, field) in [
            (p("2026-11-28", "2026-11-27", ""), "from"),
            (p("2025-01-01", "2026-11-27", ""), "from"),
            (p("2026-13-01", "2026-11-27", ""), "from"),
            (p("2026-11-01", "tomorrow", ""), "to"),
            (p("2026-11-01", "2026-11-27", "everyone"), "scope"),
        ] {
            assert_eq!(StatisticsQuery::parse(&params, today).unwrap_err().field, Some(field));
        }
    }
}
