//! Words for a poster's text slots ("fill from product / idea",
//! POSTER_COPY_GEN): the request to the model, one labelled line per slot,
//! and the reading of its answer. An answer is delivered only when every
//! slot but the price has words, each fits its slot (a long one is cut at a
//! natural break), it is in the asked language, it does not echo the
//! instructions and it states no figure the merchant did not (a poster
//! with an invented price or "保温24小时" is a false claim).

use std::collections::BTreeMap;

use crate::poster::{CopySlot, TextRole};

use super::figures::KnownFigures;
use super::prompt::Prompt;
use super::text::{char_count, cut_at_break, is_cjk};
use super::CopyLanguage;

/// What the words are written from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CopySource {
    /// The product's name and facts (name, specs, price, selling points).
    Product,
    /// A campaign idea or theme (双十一大促, a new season).
    Idea,
}

impl CopySource {
    pub fn as_str(self) -> &'static str {
        match self {
            CopySource::Product => "product",
            CopySource::Idea => "idea",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        match raw.trim() {
            "product" => Some(CopySource::Product),
            "idea" => Some(CopySource::Idea),
            _ => None,
        }
    }
}

/// The label a slot's line carries; a role that several slots share is
/// numbered (卖点1, 卖点2).
fn labels(slots: &[CopySlot], language: CopyLanguage) -> Vec<String> {
    let zh = language.is_chinese();
    let name = |role: TextRole| match (role, zh) {
        (TextRole::Title, true) => "标题",
        (TextRole::Subtitle, true) => "副标题",
        (TextRole::Price, true) => "价格",
        (TextRole::SellingPoints, true) => "卖点",
        (TextRole::CallToAction, true) => "按钮",
        (TextRole::Free, true) => "标语",
        (TextRole::Title, false) => "Title",
        (TextRole::Subtitle, false) => "Subtitle",
        (TextRole::Price, false) => "Price",
        (TextRole::SellingPoints, false) => "Selling point",
        (TextRole::CallToAction, false) => "Button",
        (TextRole::Free, false) => "Tagline",
    };
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    let total = |role: TextRole| slots.iter().filter(|s| s.role == role).count();
    slots
        .iter()
        .map(|s| {
            let n = seen.entry(name(s.role)).or_default();
            *n += 1;
            if total(s.role) > 1 {
                format!("{}{}{}", name(s.role), if zh { "" } else { " " }, n)
            } else {
                name(s.role).to_owned()
            }
        })
        .collect()
}

/// The line the format asks for a slot.
fn format_line(label: &str, slot: &CopySlot, zh: bool) -> String {
    let max = slot.max_chars(zh);
    match (slot.role, zh) {
        (TextRole::Price, true) => format!("{label}：只写商品信息里给出的价格，没有就写无"),
        (TextRole::Price, false) => format!("{label}: only a price given in the brief, else none"),
        (_, true) => format!("{label}：不超过{max}个字"),
        (_, false) => format!("{label}: at most {max} characters"),
    }
}

/// A worked example for another product (a small model keeps to the
/// labelled lines far more often with one): the product, then each role's
/// words. An answer that reuses the example's words for a thermos is an
/// echo, refused.
const EXAMPLE_ZH: (&str, [(TextRole, &str); 6]) = (
    "无线蓝牙耳机，主动降噪，售价199元",
    [
        (TextRole::Free, "新品上市"),
        (TextRole::Title, "降噪耳机 安静畅听"),
        (TextRole::Subtitle, "通勤运动都合适的蓝牙耳机"),
        (TextRole::Price, "¥199"),
        (TextRole::SellingPoints, "主动降噪 隔绝喧嚣"),
        (TextRole::CallToAction, "立即抢购"),
    ],
);
const EXAMPLE_EN: (&str, [(TextRole, &str); 6]) = (
    "Wireless earbuds with noise cancelling, 199 dollars",
    [
        (TextRole::Free, "Just landed"),
        (TextRole::Title, "Quiet on the go"),
        (TextRole::Subtitle, "Earbuds for the commute and the gym"),
        (TextRole::Price, "$199"),
        (TextRole::SellingPoints, "Noise cancelling that works"),
        (TextRole::CallToAction, "Shop now"),
    ],
);

fn example(language: CopyLanguage) -> &'static (&'static str, [(TextRole, &'static str); 6]) {
    if language.is_chinese() {
        &EXAMPLE_ZH
    } else {
        &EXAMPLE_EN
    }
}

/// The example's words for `role`.
fn example_words(role: TextRole, language: CopyLanguage) -> &'static str {
    example(language).1.iter().find(|(r, _)| *r == role).map_or("", |(_, w)| w)
}

/// Tokens enough for every slot's words and labels, no more.
fn max_tokens(slots: &[CopySlot]) -> usize {
    40 + slots.iter().map(|s| 8 + s.han_chars * 2).sum::<usize>()
}

/// The request for one answer.
pub fn build(source: CopySource, content: &str, slots: &[CopySlot], language: CopyLanguage) -> Prompt {
    let zh = language.is_chinese();
    let labels = labels(slots, language);
    let format: Vec<String> = slots.iter().zip(&labels).map(|(s, l)| format_line(l, s, zh)).collect();
    let sep = if zh { "：" } else { ": " };
    let shown: Vec<String> =
        slots.iter().zip(&labels).map(|(s, l)| format!("{l}{sep}{}", example_words(s.role, language))).collect();
    let (example_product, _) = example(language);
    let system = if zh {
        format!(
            "你是一名资深的电商海报文案策划，为商家的海报写简短有力、能吸引顾客的文字。\n只用简体中文写作（品牌名和型号可以保留原文）。不要编造商品信息里没有的数字、价格和功效。直接输出，不要解释，不要重复这些要求。\n按下面的格式逐行输出，每行一项：\n{}\n\n例如，商品信息是「{example_product}」时，这样输出：\n{}",
            format.join("\n"),
            shown.join("\n")
        )
    } else {
        format!(
            "You are an experienced e-commerce poster copywriter: short, punchy words that make shoppers stop.\nWrite in English only. Never invent numbers, prices or claims the brief does not state. Output the lines directly: no explanations, do not repeat these instructions.\nUse this format, one item per line:\n{}\n\nFor example, for the product \"{example_product}\" the answer is:\n{}",
            format.join("\n"),
            shown.join("\n")
        )
    };
    // The template's own words are not shown: a small model copies them
    // (a skincare line on a thermos poster).
    let user = match (source, zh) {
        (CopySource::Product, true) => format!("商品信息：{content}"),
        (CopySource::Idea, true) => format!("海报创意：{content}"),
        (CopySource::Product, false) => format!("The product: {content}"),
        (CopySource::Idea, false) => format!("The poster's idea: {content}"),
    };
    let mut instructions: Vec<&'static str> = if zh {
        vec!["不超过", "个字", "只写商品信息里给出的价格", "不要重复这些要求", "电商海报文案策划"]
    } else {
        vec!["at most", "characters", "only a price given", "do not repeat these instructions", "poster copywriter"]
    };
    // The example's own words (a button's "立即抢购" is anyone's to use).
    instructions.extend(
        example(language)
            .1
            .iter()
            .filter(|(role, _)| matches!(role, TextRole::Title | TextRole::Subtitle | TextRole::SellingPoints))
            .map(|(_, words)| *words),
    );
    Prompt { system, user, max_tokens: max_tokens(slots), instructions }
}

/// Why an answer is written again.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PosterCopyProblem {
    #[error("no words for slot {0}")]
    Missing(String),
    #[error("slot {slot} is not in the asked language: {text}")]
    WrongLanguage { slot: String, text: String },
    #[error("slot {slot} repeats the instructions: {text}")]
    Echo { slot: String, text: String },
    #[error("slot {slot}'s words do not fit and cannot be cut well: {text}")]
    TooLong { slot: String, text: String },
    #[error("slot {slot} states figures the brief does not: {figures}")]
    InventedFigures { slot: String, figures: String },
}

/// Strips what models wrap a line's words in: markdown, quotes, brackets.
fn clean(raw: &str) -> String {
    let t = raw.trim().trim_start_matches(['*', '#', '-', ' ']).trim_end_matches(['*', ' ']);
    let t = t.trim_matches(['"', '“', '”', '「', '」', '『', '』', '\'', '《', '》', '【', '】']);
    t.trim().to_owned()
}

/// Whether words say "no price" (or nothing).
fn is_none(text: &str) -> bool {
    let t = text.trim_matches(['。', '.', ' ']).to_lowercase();
    t.is_empty() || ["无", "没有", "暂无", "none", "n/a", "no price"].contains(&t.as_str())
}

/// Words cut to `max` characters at a natural break, never inside a
/// number or a Latin word ("保温2" of "保温24小时" states a false figure);
/// `None` when what is left would be under half the room: a sentence where
/// a few words belong is no answer.
fn fit(text: &str, max: usize) -> Option<String> {
    if char_count(text) <= max {
        return Some(text.to_owned());
    }
    let mut cut: Vec<char> = cut_at_break(text, max).chars().collect();
    let next = text.chars().nth(cut.len());
    if next.is_some_and(|c| c.is_ascii_alphanumeric()) {
        while cut.last().is_some_and(char::is_ascii_alphanumeric) {
            cut.pop();
        }
    }
    let cut: String = cut.into_iter().collect();
    let cut = cut.trim_end_matches([' ', '，', ',', '、', '：', ':', '·']).to_owned();
    (char_count(&cut) * 2 >= max && !cut.is_empty()).then_some(cut)
}

/// Reads an answer into words per slot id (a price slot without a stated
/// price is left out, so the poster keeps what it had), or says why it must
/// be written again.
pub fn read(
    answer: &str,
    slots: &[CopySlot],
    language: CopyLanguage,
    facts: &str,
    instructions: &[&str],
) -> Result<BTreeMap<String, String>, PosterCopyProblem> {
    let zh = language.is_chinese();
    let labels = labels(slots, language);
    let mut found: BTreeMap<usize, String> = BTreeMap::new();
    for line in answer.lines() {
        let Some((label, words)) = line.split_once(['：', ':']) else { continue };
        let label = clean(label).to_lowercase();
        if let Some(i) = labels.iter().position(|l| l.to_lowercase() == label) {
            found.entry(i).or_insert_with(|| clean(words));
        }
    }
    let known = KnownFigures::of(facts);
    let mut out = BTreeMap::new();
    for (i, slot) in slots.iter().enumerate() {
        let text = found.remove(&i).unwrap_or_default();
        if slot.role == TextRole::Price {
            if is_none(&text) {
                continue;
            }
        } else if text.is_empty() {
            return Err(PosterCopyProblem::Missing(slot.id.clone()));
        }
        let lower = text.to_lowercase();
        if instructions.iter().any(|phrase| lower.contains(&phrase.to_lowercase())) {
            return Err(PosterCopyProblem::Echo { slot: slot.id.clone(), text });
        }
        let has_han = text.chars().any(is_cjk);
        let latin_words = text.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| w.len() > 3).count();
        // Chinese words may keep a brand in Latin letters; English ones no Han.
        if (zh && !has_han && latin_words > 0) || (!zh && has_han) {
            return Err(PosterCopyProblem::WrongLanguage { slot: slot.id.clone(), text });
        }
        let invented = known.invented(&text);
        if !invented.is_empty() {
            return Err(PosterCopyProblem::InventedFigures { slot: slot.id.clone(), figures: invented.join(", ") });
        }
        let fitted = fit(&text, slot.max_chars(zh))
            .ok_or_else(|| PosterCopyProblem::TooLong { slot: slot.id.clone(), text: text.clone() })?;
        out.insert(slot.id.clone(), fitted);
    }
    Ok(out)
}

/// The words as the merchant reads them in a text file: one labelled line
/// per slot.
pub fn to_plain_text(texts: &BTreeMap<String, String>, slots: &[CopySlot], language: CopyLanguage) -> String {
    let sep = if language.is_chinese() { "：" } else { ": " };
    slots
        .iter()
        .zip(labels(slots, language))
        .filter_map(|(s, label)| texts.get(&s.id).map(|t| format!("{label}{sep}{t}")))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slot(id: &str, role: TextRole, han: usize) -> CopySlot {
        CopySlot { id: id.into(), role, han_chars: han }
    }

    fn slots() -> Vec<CopySlot> {
        vec![
            slot("title", TextRole::Title, 8),
            slot("price", TextRole::Price, 8),
            slot("p1", TextRole::SellingPoints, 12),
            slot("p2", TextRole::SellingPoints, 12),
            slot("cta", TextRole::CallToAction, 4),
        ]
    }

    const FACTS: &str = "316不锈钢保温杯，保温24小时，500ml，售价¥89";

    fn read_zh(answer: &str) -> Result<BTreeMap<String, String>, PosterCopyProblem> {
        let p = build(CopySource::Product, FACTS, &slots(), CopyLanguage::Zh);
        read(answer, &slots(), CopyLanguage::Zh, FACTS, &p.instructions)
    }

    #[test]
    fn the_format_names_every_slot_and_its_length() {
        let p = build(CopySource::Product, FACTS, &slots(), CopyLanguage::Zh);
        for line in ["标题：不超过8个字", "卖点1：不超过12个字", "卖点2：", "按钮：不超过4个字", "价格：只写"]
        {
            assert!(p.system.contains(line), "{line}: {}", p.system);
        }
        assert!(p.user.contains(FACTS));
        let en = build(CopySource::Idea, "Spring sale", &slots(), CopyLanguage::En);
        assert!(en.system.contains("Selling point 2: at most 24 characters"), "{}", en.system);
        assert!(en.user.contains("Spring sale"));
    }

    #[test]
    fn a_good_answer_is_read_by_label_and_cleaned() {
        let texts = read_zh(
            "**标题**：「24小时长效保温」\n价格：¥89\n卖点1：316不锈钢内胆\n卖点2：500ml大容量，出门一杯就够\n按钮：立即抢购\n多余的话",
        )
        .unwrap();
        assert_eq!(texts["title"], "24小时长效保温");
        assert_eq!(texts["price"], "¥89");
        assert_eq!(texts["p1"], "316不锈钢内胆");
        // Cut at a natural break to fit its 12 characters.
        assert_eq!(texts["p2"], "500ml大容量");
        assert_eq!(texts["cta"], "立即抢购");
    }

    #[test]
    fn no_price_keeps_the_posters_own_and_missing_words_are_refused() {
        let texts = read_zh("标题：保温好杯\n价格：无\n卖点1：一杯热水\n卖点2：出门必备\n按钮：去看看").unwrap();
        assert!(!texts.contains_key("price"));
        let err = read_zh("标题：保温好杯\n卖点1：一杯热水\n按钮：去看看").unwrap_err();
        assert_eq!(err, PosterCopyProblem::Missing("p2".into()));
    }

    #[test]
    fn invented_figures_echoes_and_the_wrong_language_are_refused() {
        let ok = "卖点1：一杯热水\n卖点2：出门必备\n按钮：去看看";
        let invented = read_zh(&format!("标题：限时5折\n价格：¥59\n{ok}")).unwrap_err();
        assert!(matches!(invented, PosterCopyProblem::InventedFigures { .. }), "{invented:?}");
        let echo = read_zh(&format!("标题：不超过8个字\n{ok}")).unwrap_err();
        assert!(matches!(echo, PosterCopyProblem::Echo { .. }), "{echo:?}");
        let english = read_zh(&format!("标题：Keeps coffee warm\n{ok}")).unwrap_err();
        assert!(matches!(english, PosterCopyProblem::WrongLanguage { .. }), "{english:?}");
        // A brand in Latin letters beside Chinese words is Chinese.
        assert!(read_zh(&format!("标题：THERMOS 保温杯\n{ok}")).is_ok());
    }

    #[test]
    fn words_are_cut_at_a_break_never_inside_a_number() {
        assert_eq!(fit("保温杯", 8).as_deref(), Some("保温杯"));
        assert_eq!(fit("316不锈钢内胆，一杯暖一整天", 10).as_deref(), Some("316不锈钢内胆"));
        // No break: cut before the number rather than inside it.
        assert_eq!(fit("真空保温杯保温24小时容量大", 8).as_deref(), Some("真空保温杯保温"));
        // Too little would be left.
        assert_eq!(fit("保500ml保温杯", 4), None);
    }

    #[test]
    fn the_prompt_shows_an_example_whose_words_are_not_to_be_reused() {
        let p = build(CopySource::Product, FACTS, &slots(), CopyLanguage::Zh);
        assert!(p.system.contains("标题：降噪耳机 安静畅听"), "{}", p.system);
        assert!(p.system.contains("卖点2：主动降噪 隔绝喧嚣"), "{}", p.system);
        let copied = read_zh("标题：降噪耳机 安静畅听\n卖点1：一杯热水\n卖点2：出门必备\n按钮：立即抢购").unwrap_err();
        assert!(matches!(copied, PosterCopyProblem::Echo { .. }), "{copied:?}");
    }

    #[test]
    fn the_text_file_has_one_labelled_line_per_slot() {
        let texts = read_zh("标题：保温好杯\n价格：¥89\n卖点1：一杯热水\n卖点2：出门必备\n按钮：去看看").unwrap();
        assert_eq!(
            to_plain_text(&texts, &slots(), CopyLanguage::Zh),
            "标题：保温好杯\n价格：¥89\n卖点1：一杯热水\n卖点2：出门必备\n按钮：去看看"
        );
    }
}
