//! `GET /api/calendar`'s query, parsed at the edge.

use serde::Deserialize;

use super::Invalid;
use crate::error::ErrorCode;
use crate::marketing::calendar::{CalendarKind, YEARS};

/// The spec's calendar request: `year`, `month`, `calendarMarketingTypes`
/// (comma-separated: `festival`, `solar_term`, `platform_node`; all when
/// absent) and `showActivityDesc`.
#[derive(Debug, Clone, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CalendarQueryParams {
    /// 1900–2100.
    pub year: Option<String>,
    /// 1–12.
    pub month: Option<String>,
    pub calendar_marketing_types: Option<String>,
    pub show_activity_desc: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CalendarQuery {
    pub year: i32,
    pub month: u32,
    pub kinds: Vec<CalendarKind>,
    pub show_descriptions: bool,
}

impl CalendarQuery {
    pub fn parse(p: &CalendarQueryParams) -> Result<Self, Invalid> {
        let bad = |field| Invalid::field(ErrorCode::InvalidParam, field);
        let year = p.year.as_deref().and_then(|y| y.trim().parse::<i32>().ok()).filter(|y| YEARS.contains(y));
        let month = p.month.as_deref().and_then(|m| m.trim().parse::<u32>().ok()).filter(|m| (1..=12).contains(m));
        let kinds = match p.calendar_marketing_types.as_deref().map(str::trim) {
            None | Some("") => CalendarKind::ALL.to_vec(),
            Some(list) => {
                let mut kinds = Vec::new();
                for k in list.split(',') {
                    let kind = CalendarKind::parse(k).ok_or(bad("calendarMarketingTypes"))?;
                    if !kinds.contains(&kind) {
                        kinds.push(kind);
                    }
                }
                kinds
            }
        };
        let show_descriptions = match p.show_activity_desc.as_deref().map(str::trim) {
            None | Some("") | Some("false") | Some("0") => false,
            Some("true") | Some("1") => true,
            Some(_) => return Err(bad("showActivityDesc")),
        };
        Ok(CalendarQuery {
            year: year.ok_or(bad("year"))?,
            month: month.ok_or(bad("month"))?,
            kinds,
            show_descriptions,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(year: &str, month: &str, types: Option<&str>) -> CalendarQueryParams {
        CalendarQueryParams {
            year: Some(year.into()),
            month: Some(month.into()),
            calendar_marketing_types: types.map(Into::into),
            show_activity_desc: None,
        }
    }

    #[test]
    fn parses_and_refuses() {
        let q = CalendarQuery::parse(&params("2026", "2", Some("festival,solar_term,festival"))).unwrap();
        assert_eq!((q.year, q.month), (2026, 2));
        assert_eq!(q.kinds, vec![CalendarKind::Festival, CalendarKind::SolarTerm]);
        assert_eq!(CalendarQuery::parse(&params("2026", "2", None)).unwrap().kinds.len(), 3);
        for (y, m, t, field) in [
            ("1899", "1", None, "year"),
            ("2026", "13", None, "month"),
            ("x", "1", None, "year"),
            ("2026", "1", Some("festival,bogus"), "calendarMarketingTypes"),
        ] {
            assert_eq!(CalendarQuery::parse(&params(y, m, t)).unwrap_err().field, Some(field));
        }
    }
}
