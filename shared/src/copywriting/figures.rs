//! Figures a piece of copy states (24 小时, 316, 500ml, 3 年质保, 99%) and
//! whether the brief stated them. A language model fills gaps with
//! plausible numbers ("保温 12 小时" for a cup the merchant sells as 24-hour,
//! a year, a discount): on a product page that is a false claim, so a
//! figure the brief does not contain is never delivered.
//!
//! Counted as a figure: a number of two or more significant digits, or any
//! number with a unit, a currency sign or a percent sign. Single digits on
//! their own ("3 个小技巧", "第 1 步", list numbers) are the writing's
//! structure, not claims. Figures are compared by value: "24h" matches
//! "24 小时" and "二十四小时" in the brief.

use std::collections::HashSet;

use chinese_number::{ChineseCountMethod, ChineseToNumber};

/// Words right after a number that make it a claim.
const UNITS: &[&str] = &[
    "%", "％", "‰", "小时", "分钟", "秒", "天", "日", "周", "个月", "月", "年", "岁", "h", "H", "min", "ml", "mL",
    "ML", "毫升", "升", "L", "l", "g", "kg", "KG", "克", "千克", "公斤", "斤", "两", "元", "块", "折", "倍", "℃", "°",
    "度", "cm", "mm", "m", "厘米", "毫米", "米", "寸", "英寸", "W", "w", "瓦", "mAh", "毫安", "GB", "G", "TB", "T",
    "万", "亿", "件", "人", "次", "层", "档", "英里", "km", "公里", "磅", "oz", "P", "p", "K", "k", "帧", "Hz", "码",
    "号",
];

/// Festival names that are numbers (双11, 618, 520): not claims when no
/// unit follows.
const FESTIVALS: &[&str] = &["11", "12", "618", "520", "38"];

const CHINESE_NUMERALS: &str = "零〇一二两三四五六七八九十百千万亿";

fn ascii_digit(c: char) -> Option<char> {
    match c {
        '0'..='9' => Some(c),
        '０'..='９' => char::from_u32(c as u32 - '０' as u32 + '0' as u32),
        _ => None,
    }
}

/// A number's value as text: no leading zeros, no trailing decimal zeros,
/// no thousands separators ("1,000" and "1000.0" are "1000").
fn normalise(digits: &str) -> String {
    let digits: String = digits.chars().filter(|&c| c != ',').collect();
    let (int, frac) = digits.split_once('.').unwrap_or((&digits, ""));
    let int = int.trim_start_matches('0');
    let int = if int.is_empty() { "0" } else { int };
    let frac = frac.trim_end_matches('0');
    if frac.is_empty() {
        int.to_owned()
    } else {
        format!("{int}.{frac}")
    }
}

/// One number written in Arabic digits.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Number<'a> {
    /// As written, with its unit when it has one.
    written: &'a str,
    value: String,
    /// Two or more significant digits, a unit, a currency or a percent sign.
    is_claim: bool,
}

fn numbers(text: &str) -> Vec<Number<'_>> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if ascii_digit(chars[i].1).is_none() {
            i += 1;
            continue;
        }
        let start = chars[i].0;
        let mut digits = String::new();
        let mut j = i;
        while j < chars.len() {
            let c = chars[j].1;
            if let Some(d) = ascii_digit(c) {
                digits.push(d);
            } else if matches!(c, '.' | ',' | '．' | '，')
                && j + 1 < chars.len()
                && ascii_digit(chars[j + 1].1).is_some()
                && !digits.contains('.')
            {
                // "1,000" groups digits; "1.5" has a decimal part. A Chinese
                // comma between numbers ("3，5") is a list: stop there.
                if matches!(c, '，') {
                    break;
                }
                if c == '.' || c == '．' {
                    digits.push('.');
                }
            } else {
                break;
            }
            j += 1;
        }
        let end = chars.get(j).map_or(text.len(), |&(b, _)| b);
        let after = text[end..].trim_start_matches(' ');
        // A Latin unit is a whole word: "5 m" is a length, "5 more" is not.
        let whole_word = |u: &str| {
            !u.starts_with(|c: char| c.is_ascii_alphabetic())
                || !after[u.len()..].starts_with(|c: char| c.is_ascii_alphabetic())
        };
        let unit = UNITS.iter().filter(|u| after.starts_with(*u) && whole_word(u)).max_by_key(|u| u.len());
        let before = text[..start].trim_end_matches(' ').chars().last();
        let currency = matches!(before, Some('¥' | '￥' | '$' | '€' | '£'));
        let value = normalise(&digits);
        let significant = value.trim_start_matches("0.").trim_start_matches('0').replace('.', "").len();
        let festival = unit.is_none() && (before == Some('双') || FESTIVALS.contains(&value.as_str()));
        let is_claim = !festival && (significant >= 2 || unit.is_some() || currency);
        let written_end = unit.map_or(end, |u| end + (text[end..].len() - after.len()) + u.len());
        out.push(Number { written: &text[start..written_end], value, is_claim });
        i = j;
    }
    out
}

/// The values the brief states, in Arabic digits or Chinese numerals.
#[derive(Debug, Clone, Default)]
pub struct KnownFigures(HashSet<String>);

impl KnownFigures {
    pub fn of(facts: &str) -> Self {
        let mut known: HashSet<String> = numbers(facts).into_iter().map(|n| n.value).collect();
        let mut run = String::new();
        for c in facts.chars().chain(std::iter::once(' ')) {
            if CHINESE_NUMERALS.contains(c) {
                run.push(c);
                continue;
            }
            if !run.is_empty() {
                if let Ok(n) = ChineseToNumber::<u64>::to_number(&run, ChineseCountMethod::TenThousand) {
                    known.insert(n.to_string());
                }
                run.clear();
            }
        }
        Self(known)
    }

    /// Figures in `text` that the brief does not state, as written.
    pub fn invented<'a>(&self, text: &'a str) -> Vec<&'a str> {
        numbers(text).into_iter().filter(|n| n.is_claim && !self.0.contains(&n.value)).map(|n| n.written).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BRIEF: &str = "316不锈钢真空保温杯，保温二十四小时，容量500ml，售价¥89，一键开盖。";

    #[test]
    fn figures_of_the_brief_pass_in_any_notation() {
        let known = KnownFigures::of(BRIEF);
        assert!(known.invented("316 不锈钢内胆，24h 长效保温，500 mL 大容量，到手价 ￥89。").is_empty());
        assert!(known.invented("保温２４小时，入手只要89元！").is_empty());
    }

    #[test]
    fn figures_the_brief_does_not_state_are_found_as_written() {
        let known = KnownFigures::of(BRIEF);
        assert_eq!(known.invented("保温12小时，2024年新款，好评率99%，3年质保。"), ["12小时", "2024年", "99%", "3年"]);
        assert_eq!(known.invented("到手价¥59"), ["59"]);
        assert_eq!(known.invented("容量 1.5L"), ["1.5L"]);
    }

    #[test]
    fn structure_and_festivals_are_not_claims() {
        let known = KnownFigures::of("");
        assert!(known.invented("1. 轻便 2. 耐用 3 个理由告诉你，第1步先预热。").is_empty());
        assert!(known.invented("双11囤货清单，618也不怕，8:00 开抢").is_empty());
        assert_eq!(known.invented("双11立减50元"), ["50元"]);
        assert!(known.invented("5 more reasons to love it").is_empty());
        assert_eq!(known.invented("only 5 m long, 30 minutes"), ["5 m", "30"]);
    }

    #[test]
    fn values_are_compared_not_spellings() {
        assert_eq!(normalise("1,000"), "1000");
        assert_eq!(normalise("0500"), "500");
        assert_eq!(normalise("2.50"), "2.5");
        assert_eq!(normalise("3.0"), "3");
        let known = KnownFigures::of("月销一万件，续航三百五十分钟");
        assert!(known.invented("月销10000件，续航350分钟").is_empty());
    }
}
