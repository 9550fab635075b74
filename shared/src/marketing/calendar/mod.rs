//! The marketing calendar, computed rather than stored: festivals (Chinese
//! public and lunar festivals, common Western ones), the 24 solar terms
//! (astronomical, from `tyme4rs`), the statutory days off and make-up
//! working days as published, and the platforms' marketing nodes.

mod names;
pub mod nodes;

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};
use tyme4rs::tyme::solar::SolarDay;
use tyme4rs::tyme::Culture;
use utoipa::ToSchema;

pub use names::solar_term_names;
pub use nodes::{default_nodes, MarketingNode, NodeDate};

/// The years the calendar answers for (the solar-term and lunar tables are
/// exact over this range).
pub const YEARS: std::ops::RangeInclusive<i32> = 1900..=2100;

/// `calendarMarketingTypes`: which kinds of entry a month shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CalendarKind {
    Festival,
    SolarTerm,
    PlatformNode,
}

impl CalendarKind {
    pub const ALL: [CalendarKind; 3] = [CalendarKind::Festival, CalendarKind::SolarTerm, CalendarKind::PlatformNode];

    pub fn parse(s: &str) -> Option<Self> {
        match s.trim() {
            "festival" => Some(CalendarKind::Festival),
            "solar_term" | "solarTerm" => Some(CalendarKind::SolarTerm),
            "platform_node" | "platformNode" => Some(CalendarKind::PlatformNode),
            _ => None,
        }
    }
}

/// One thing on one day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalendarEntry {
    pub kind: CalendarKind,
    pub name: String,
    pub name_en: String,
    /// What merchants do for it; only with `showActivityDesc`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description_en: Option<String>,
}

/// A statutory day off (休) or make-up working day (班).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HolidayMark {
    /// The holiday it belongs to (春节, 国庆节…).
    pub name: String,
    /// True for a day off, false for a make-up working day.
    pub off: bool,
}

/// One day of the month with what falls on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalendarDay {
    pub day: u32,
    /// `YYYY-MM-DD`.
    pub date: String,
    /// The lunar date, e.g. 正月初一 (leap months as 闰六月…).
    pub lunar_date: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub holiday: Option<HolidayMark>,
    pub entries: Vec<CalendarEntry>,
}

/// What a month shows.
#[derive(Debug, Clone)]
pub struct MonthQuery<'a> {
    pub year: i32,
    pub month: u32,
    pub kinds: &'a [CalendarKind],
    pub show_descriptions: bool,
    pub nodes: &'a [MarketingNode],
}

/// Western festivals merchants market to, by rule.
const WESTERN: &[(&str, &str)] = &[
    ("情人节", "02-14"),
    ("愚人节", "04-01"),
    ("母亲节", "05:sun:2"),
    ("父亲节", "06:sun:3"),
    ("万圣节", "10-31"),
    ("感恩节", "11:thu:4"),
    ("平安夜", "12-24"),
    ("圣诞节", "12-25"),
];

/// Every day of the month, in order; `None` for a year outside [`YEARS`]
/// or a month outside 1–12.
pub fn month(q: &MonthQuery<'_>) -> Option<Vec<CalendarDay>> {
    if !YEARS.contains(&q.year) || !(1..=12).contains(&q.month) {
        return None;
    }
    let first = NaiveDate::from_ymd_opt(q.year, q.month, 1)?;
    // The festivals and nodes fixed by a rule, resolved once for the year
    // (a lunar node is a calendar conversion), not once per day.
    let western: Vec<(&str, NaiveDate)> = WESTERN
        .iter()
        .filter_map(|(name, rule)| Some((*name, rule.parse::<NodeDate>().ok()?.in_year(q.year)?)))
        .collect();
    let nodes: Vec<(&MarketingNode, NaiveDate)> =
        q.nodes.iter().filter_map(|n| Some((n, n.date.in_year(q.year)?))).collect();
    let days = first.iter_days().take_while(|d| d.month() == q.month);
    Some(days.map(|d| day(q, &western, &nodes, d)).collect())
}

fn day(
    q: &MonthQuery<'_>,
    western: &[(&str, NaiveDate)],
    nodes: &[(&MarketingNode, NaiveDate)],
    date: NaiveDate,
) -> CalendarDay {
    let solar = SolarDay::from_ymd(date.year() as isize, date.month() as usize, date.day() as usize);
    let lunar = solar.get_lunar_day();
    let lunar_date = format!("{}{}", lunar.get_lunar_month().get_name(), lunar.get_name());
    let describe = |note: &str, note_en: &str| q.show_descriptions.then(|| (note.to_owned(), note_en.to_owned()));
    let entry = |kind, name: String, name_en: &str, note: Option<(String, String)>| {
        let (description, description_en) = note.map_or((None, None), |(a, b)| (Some(a), Some(b)));
        CalendarEntry { kind, name, name_en: name_en.to_owned(), description, description_en }
    };
    let wants = |k| q.kinds.contains(&k);
    let mut entries = Vec::new();
    if wants(CalendarKind::Festival) {
        let mut festivals: Vec<String> = Vec::new();
        if let Some(f) = solar.get_festival() {
            festivals.push(f.get_name());
        }
        if let Some(f) = lunar.get_festival() {
            let name = f.get_name();
            // 冬至 is also a solar term; shown once when both kinds are on.
            if !(name == "冬至节" && wants(CalendarKind::SolarTerm)) {
                festivals.push(name);
            }
        }
        festivals.extend(western.iter().filter(|(_, d)| *d == date).map(|(name, _)| (*name).to_owned()));
        for name in festivals {
            let (en, note, note_en) = names::festival(&name);
            entries.push(entry(CalendarKind::Festival, name, en, describe(note, note_en)));
        }
    }
    if wants(CalendarKind::SolarTerm) {
        let term_day = solar.get_term_day();
        if term_day.get_day_index() == 0 {
            let name = term_day.get_solar_term().get_name();
            let (en, note, note_en) = names::solar_term(&name);
            entries.push(entry(CalendarKind::SolarTerm, name, en, describe(note, note_en)));
        }
    }
    if wants(CalendarKind::PlatformNode) {
        for (n, _) in nodes.iter().filter(|(_, d)| *d == date) {
            let note = describe(&n.description, &n.description_en);
            entries.push(entry(CalendarKind::PlatformNode, n.name.clone(), &n.name_en, note));
        }
    }
    let holiday = solar.get_legal_holiday().map(|h| HolidayMark { name: h.get_name(), off: !h.is_work() });
    CalendarDay { day: date.day(), date: date.format("%Y-%m-%d").to_string(), lunar_date, holiday, entries }
}

#[cfg(test)]
mod tests;
