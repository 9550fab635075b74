//! Against dates looked up in published calendars (the State Council's
//! holiday notices, the Purple Mountain Observatory's almanac).

use super::*;

fn month_of(year: i32, month: u32, kinds: &[CalendarKind]) -> Vec<CalendarDay> {
    let nodes = default_nodes();
    super::month(&MonthQuery { year, month, kinds, show_descriptions: true, nodes: &nodes }).unwrap()
}

/// The day of `year` on which an entry named `name` falls, searched month
/// by month.
fn find(year: i32, name: &str) -> Vec<String> {
    (1..=12)
        .flat_map(|m| month_of(year, m, &CalendarKind::ALL))
        .filter(|d| d.entries.iter().any(|e| e.name == name))
        .map(|d| d.date)
        .collect()
}

#[test]
fn festivals_and_terms_fall_on_the_published_days() {
    let known = [
        (2026, "春节", "2026-02-17"),
        (2027, "春节", "2027-02-06"),
        (2026, "除夕", "2026-02-16"),
        (2026, "元宵节", "2026-03-03"),
        (2026, "端午节", "2026-06-19"),
        (2027, "端午节", "2027-06-09"),
        (2026, "七夕节", "2026-08-19"),
        (2027, "七夕节", "2027-08-08"),
        (2026, "中秋节", "2026-09-25"),
        (2027, "中秋节", "2027-09-15"),
        (2026, "重阳节", "2026-10-18"),
        (2026, "清明", "2026-04-05"),
        (2027, "清明", "2027-04-05"),
        (2026, "冬至", "2026-12-22"),
        (2027, "冬至", "2027-12-22"),
        (2025, "冬至", "2025-12-21"),
        (2026, "立春", "2026-02-04"),
        (2026, "夏至", "2026-06-21"),
        (2026, "母亲节", "2026-05-10"),
        (2026, "父亲节", "2026-06-21"),
        (2026, "感恩节", "2026-11-26"),
        (2026, "黑色星期五", "2026-11-27"),
        (2026, "618", "2026-06-18"),
        (2026, "双11", "2026-11-11"),
        (2026, "年货节", "2026-01-26"),
        (2026, "国庆节", "2026-10-01"),
    ];
    for (year, name, date) in known {
        assert_eq!(find(year, name), vec![date.to_owned()], "{name} {year}");
    }
}

#[test]
fn every_year_has_the_24_terms_once_each_in_order() {
    for year in [1900, 1984, 2026, 2100] {
        let terms: Vec<String> = (1..=12)
            .flat_map(|m| month_of(year, m, &[CalendarKind::SolarTerm]))
            .flat_map(|d| d.entries.into_iter().map(|e| e.name))
            .collect();
        // A calendar year runs from 小寒 (early January) to 冬至 (December).
        let mut expected: Vec<&str> = solar_term_names().collect();
        expected.rotate_left(22);
        assert_eq!(terms, expected, "{year}");
    }
}

#[test]
fn lunar_dates_and_statutory_days_off() {
    let feb = month_of(2026, 2, &CalendarKind::ALL);
    assert_eq!(feb.len(), 28);
    let day = |d: u32| &feb[d as usize - 1];
    assert_eq!(day(17).lunar_date, "正月初一");
    // The 2026 Spring Festival holiday: 15–23 February off, the 14th and
    // the 28th (Saturdays) working days.
    for d in 15..=23 {
        assert_eq!(day(d).holiday.as_ref().map(|h| h.off), Some(true), "{d}");
    }
    for d in [14, 28] {
        assert_eq!(day(d).holiday.as_ref().map(|h| (h.name.as_str(), h.off)), Some(("春节", false)), "{d}");
    }
    assert!(day(10).holiday.is_none());
    // Leap months are named as such: 2025 had a leap sixth month.
    let aug = month_of(2025, 8, &[]);
    assert!(aug.iter().any(|d| d.lunar_date.starts_with("闰六月")), "{:?}", aug[0].lunar_date);
}

#[test]
fn kinds_filter_and_descriptions_are_optional() {
    let oct = month_of(2026, 10, &[CalendarKind::PlatformNode]);
    assert!(oct.iter().all(|d| d.entries.is_empty()), "no nodes in October 2026");
    let nodes = default_nodes();
    let q = MonthQuery { year: 2026, month: 2, kinds: &CalendarKind::ALL, show_descriptions: false, nodes: &nodes };
    let feb = super::month(&q).unwrap();
    let spring = feb[16].entries.iter().find(|e| e.name == "春节").unwrap();
    assert_eq!((spring.name_en.as_str(), &spring.description), ("Spring Festival", &None));
    // 冬至 is listed once when both festivals and terms are shown.
    let dec = month_of(2026, 12, &CalendarKind::ALL);
    assert_eq!(dec[21].entries.iter().map(|e| e.name.as_str()).collect::<Vec<_>>(), vec!["冬至"]);
    let q = MonthQuery { year: 2101, month: 1, kinds: &[], show_descriptions: false, nodes: &nodes };
    assert!(super::month(&q).is_none());
}

#[test]
fn every_entry_has_an_english_name() {
    for m in 1..=12 {
        for d in month_of(2026, m, &CalendarKind::ALL) {
            for e in d.entries {
                assert!(!e.name_en.is_empty() && e.description.as_deref().is_some_and(|s| !s.is_empty()), "{}", e.name);
            }
        }
    }
}
