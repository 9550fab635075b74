//! Platform marketing nodes (618, 双11, 520…): dates the shopping platforms
//! made into sales events. They are configurable (`[marketing]
//! calendar_nodes` in the settings), since platforms add and drop them.

use std::fmt;
use std::str::FromStr;

use chrono::{Datelike, NaiveDate, Weekday};
use serde::{Deserialize, Deserializer};
use tyme4rs::tyme::lunar::LunarDay;

/// When a node falls in a given year.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeDate {
    /// The same solar date every year: `06-18`.
    Fixed { month: u32, day: u32 },
    /// A lunar date (never a leap month): `lunar:07-07`.
    Lunar { month: u32, day: u32 },
    /// The `nth` given weekday of a month, with a day offset after it:
    /// `11:thu:4+1` is the day after the fourth Thursday of November.
    NthWeekday { month: u32, weekday: Weekday, nth: u32, offset_days: i64 },
}

impl NodeDate {
    /// The node's date in `year` (none where the date does not exist, as
    /// for `02-29` in a common year).
    pub fn in_year(self, year: i32) -> Option<NaiveDate> {
        match self {
            NodeDate::Fixed { month, day } => NaiveDate::from_ymd_opt(year, month, day),
            // A late lunar month (腊月) of lunar year Y falls in January or
            // February of Y+1, so both lunar years are tried.
            NodeDate::Lunar { month, day } => [year - 1, year].into_iter().find_map(|lunar_year| {
                let lunar = LunarDay::new(lunar_year as isize, month as isize, day as usize).ok()?;
                let solar = lunar.get_solar_day();
                NaiveDate::from_ymd_opt(solar.get_year() as i32, solar.get_month() as u32, solar.get_day() as u32)
                    .filter(|d| d.year() == year)
            }),
            NodeDate::NthWeekday { month, weekday, nth, offset_days } => {
                let nth = u8::try_from(nth).ok()?;
                NaiveDate::from_weekday_of_month_opt(year, month, weekday, nth)
                    .and_then(|d| d.checked_add_signed(chrono::Duration::days(offset_days)))
            }
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeDateError(String);

impl fmt::Display for NodeDateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a node date (06-18, lunar:07-07 or 11:thu:4+1): {}", self.0)
    }
}

impl std::error::Error for NodeDateError {}

fn month_day(s: &str) -> Option<(u32, u32)> {
    let (m, d) = s.split_once('-')?;
    let (m, d) = (m.parse().ok()?, d.parse().ok()?);
    ((1..=12).contains(&m) && (1..=31).contains(&d)).then_some((m, d))
}

impl FromStr for NodeDate {
    type Err = NodeDateError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || NodeDateError(s.to_owned());
        if let Some(rest) = s.strip_prefix("lunar:") {
            let (month, day) = month_day(rest).filter(|&(_, d)| d <= 30).ok_or_else(bad)?;
            return Ok(NodeDate::Lunar { month, day });
        }
        let parts: Vec<&str> = s.split(':').collect();
        match parts.as_slice() {
            [md] => month_day(md).map(|(month, day)| NodeDate::Fixed { month, day }).ok_or_else(bad),
            [month, weekday, nth] => {
                let month: u32 = month.parse().ok().filter(|m| (1..=12).contains(m)).ok_or_else(bad)?;
                let weekday: Weekday = weekday.parse().map_err(|_| bad())?;
                let (nth, offset) = match nth.split_once('+') {
                    Some((n, o)) => (n, o.parse::<i64>().map_err(|_| bad())?),
                    None => (*nth, 0),
                };
                let nth: u32 = nth.parse().ok().filter(|n| (1..=5).contains(n)).ok_or_else(bad)?;
                if !(0..=6).contains(&offset) {
                    return Err(bad());
                }
                Ok(NodeDate::NthWeekday { month, weekday, nth, offset_days: offset })
            }
            _ => Err(bad()),
        }
    }
}

impl<'de> Deserialize<'de> for NodeDate {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// One platform marketing node.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct MarketingNode {
    pub name: String,
    #[serde(default)]
    pub name_en: String,
    pub date: NodeDate,
    /// What merchants do for it (shown with `showActivityDesc`).
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub description_en: String,
}

fn node(name: &str, name_en: &str, date: &str, description: &str, description_en: &str) -> MarketingNode {
    MarketingNode {
        name: name.to_owned(),
        name_en: name_en.to_owned(),
        // The built-in table is tested to parse (`default_nodes_parse`).
        date: date.parse().unwrap_or(NodeDate::Fixed { month: 1, day: 1 }),
        description: description.to_owned(),
        description_en: description_en.to_owned(),
    }
}

/// The nodes a fresh installation knows.
pub fn default_nodes() -> Vec<MarketingNode> {
    vec![
        node(
            "年货节",
            "New Year Goods Festival",
            "lunar:12-08",
            "腊八起年货采购高峰，礼盒、零食、家居焕新上新",
            "From Laba, shoppers stock up for the New Year: gift boxes, snacks, home refresh",
        ),
        node(
            "38女王节",
            "Queen's Day (Mar 8)",
            "03-08",
            "女性消费主场：美妆、服饰、礼物清单",
            "Women's shopping day: beauty, fashion, gift lists",
        ),
        node(
            "520",
            "520 (Love Day)",
            "05-20",
            "“我爱你”谐音告白日：情侣礼物、花束、限定款",
            "\"I love you\" day: couple gifts, flowers, limited editions",
        ),
        node(
            "618",
            "618 Mid-year Sale",
            "06-18",
            "年中大促：提前两周预热、满减与预售",
            "Mid-year sale: warm up two weeks ahead, discounts and pre-sales",
        ),
        node(
            "开学季",
            "Back to School",
            "09-01",
            "学生与家长：文具、数码、收纳、校服",
            "Students and parents: stationery, gadgets, storage, uniforms",
        ),
        node(
            "99划算节",
            "99 Bargain Day",
            "09-09",
            "秋季大促：性价比与囤货",
            "Autumn sale: value buys and stocking up",
        ),
        node(
            "双11",
            "Singles' Day (11.11)",
            "11-11",
            "全年最大促：10 月下旬开始预售，提前备货与种草",
            "The year's biggest sale: pre-sales from late October, stock and seed content early",
        ),
        node(
            "黑色星期五",
            "Black Friday",
            "11:thu:4+1",
            "跨境与进口商品折扣季",
            "Discount season for cross-border and imported goods",
        ),
        node(
            "双12",
            "Double 12 (12.12)",
            "12-12",
            "年末返场：清库存、年终礼",
            "Year-end encore: clear stock, year-end gifts",
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_nodes_parse() {
        for n in default_nodes() {
            assert_ne!(n.date, NodeDate::Fixed { month: 1, day: 1 }, "{}", n.name);
        }
    }

    #[test]
    fn dates_parse_and_resolve() {
        let d = |s: &str, y| s.parse::<NodeDate>().unwrap().in_year(y).unwrap().to_string();
        assert_eq!(d("06-18", 2026), "2026-06-18");
        // Black Friday: the day after the fourth Thursday of November.
        assert_eq!(d("11:thu:4+1", 2026), "2026-11-27");
        assert_eq!(d("11:thu:4+1", 2027), "2027-11-26");
        // 七夕 2026 (lunar 7/7) is 19 August.
        assert_eq!(d("lunar:07-07", 2026), "2026-08-19");
        // 腊八 of lunar year 2025 is in January 2026.
        assert_eq!(d("lunar:12-08", 2026), "2026-01-26");
        assert!("02-29".parse::<NodeDate>().unwrap().in_year(2026).is_none());
        for bad in ["", "13-01", "06-32", "lunar:07-31", "11:xyz:4", "11:thu:6", "11:thu:4+9", "a:b:c:d"] {
            assert!(bad.parse::<NodeDate>().is_err(), "{bad}");
        }
    }
}
