//! The rules every delivered piece of copy meets. [`finish`] repairs what
//! can be repaired without changing what was said (a title cut at a
//! natural break, duplicate sentences dropped, sentences stating a figure
//! the brief does not give dropped, content trimmed to whole sentences
//! within the platform's limit, tags cleaned) and refuses what cannot (a
//! [`Problem`]): the worker then writes the answer again.

use std::collections::HashSet;

use super::figures::KnownFigures;
use super::text::{char_count, cut_at_break, cut_at_sentence, ends_sentence, is_cjk, sentences};
use super::{CopyLanguage, MarketingCopy, Platform, Section, Shot};

/// What the answer is judged against.
#[derive(Debug, Clone)]
pub struct RuleContext<'a> {
    pub platform: Platform,
    pub language: CopyLanguage,
    /// The text being rewritten (empty when writing from a topic).
    pub source: &'a str,
    /// What the copy may state figures from; `None`: no figures rule.
    pub facts: Option<&'a str>,
    /// Phrases of the instructions that must never appear in an answer.
    pub instructions: &'a [&'a str],
}

/// Why an answer cannot be delivered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// Too little content (or none) after repairs.
    TooShort { chars: usize, min: usize },
    /// Not in the requested language (e.g. English sentences in a Chinese answer).
    WrongLanguage,
    /// The model looped: the same sentence over and over.
    Repetitive,
    /// Mostly copied from the source instead of rewritten.
    EchoesSource,
    /// Repeats the instructions or the answer template.
    EchoesPrompt,
    /// A script without at least two complete shots.
    NotAScript,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Problem::TooShort { chars, min } => write!(f, "too short: {chars} characters, at least {min}"),
            Problem::WrongLanguage => f.write_str("not in the requested language"),
            Problem::Repetitive => f.write_str("repeats itself"),
            Problem::EchoesSource => f.write_str("copies the source instead of rewriting it"),
            Problem::EchoesPrompt => f.write_str("repeats the instructions"),
            Problem::NotAScript => f.write_str("not a script of at least two complete shots"),
        }
    }
}

/// Most hashtags kept, and their longest length.
const MAX_TAGS: usize = 10;
const MAX_TAG_CHARS: usize = 20;

/// Repairs `copy` and checks it; the copy as delivered, or why not.
pub fn finish(copy: MarketingCopy, ctx: &RuleContext<'_>) -> Result<MarketingCopy, Problem> {
    let before = copy.content_chars();
    let mut copy = dedupe_sentences(copy);
    if before > 0 && copy.content_chars() * 2 < before {
        // More than half of it was repetition: a loop, not an answer.
        return Err(Problem::Repetitive);
    }
    // What is left too short after this is written again (TooShort).
    if let Some(facts) = ctx.facts {
        copy = drop_invented_figures(copy, &KnownFigures::of(facts));
    }
    copy = fill_title(copy, ctx.platform);
    copy = fit_content(copy, ctx.platform);
    copy = clean_tags(copy);
    check(&copy, ctx)?;
    Ok(copy)
}

fn check(copy: &MarketingCopy, ctx: &RuleContext<'_>) -> Result<(), Problem> {
    if let MarketingCopy::Script { shots, .. } = copy {
        if shots.iter().filter(|s| !s.visual.is_empty() && !s.narration.is_empty()).count() < 2 {
            return Err(Problem::NotAScript);
        }
    }
    let chars = copy.content_chars();
    let min = ctx.platform.content_min();
    if chars < min {
        return Err(Problem::TooShort { chars, min });
    }
    let all: String = copy.title().into_iter().chain(copy.prose()).collect::<Vec<_>>().join("\n");
    if ctx.instructions.iter().any(|p| !p.is_empty() && all.contains(p)) {
        return Err(Problem::EchoesPrompt);
    }
    if !in_language(&all, ctx.language, ctx.source) {
        return Err(Problem::WrongLanguage);
    }
    if loops_within(&all) {
        return Err(Problem::Repetitive);
    }
    if echoes(&all, ctx.source) {
        return Err(Problem::EchoesSource);
    }
    Ok(())
}

/// Drops every sentence already said (compared without spaces and
/// punctuation), and paragraphs left empty.
fn dedupe_sentences(copy: MarketingCopy) -> MarketingCopy {
    let mut seen = HashSet::new();
    // Shot visuals repeat by nature ("产品特写。"): narration only.
    retain_sentences(copy, Visuals::Keep, |s| {
        let key: String = s.chars().filter(|c| c.is_alphanumeric()).collect();
        // Very short exclamations ("哈哈！") may repeat.
        char_count(&key) < 4 || seen.insert(key)
    })
}

/// Drops every sentence, heading and tag stating a figure the brief does not
/// give (see [`super::figures`]); a title with one is replaced by
/// [`fill_title`].
fn drop_invented_figures(copy: MarketingCopy, known: &KnownFigures) -> MarketingCopy {
    let true_to_brief = |s: &str| known.invented(s).is_empty();
    let copy = retain_sentences(copy, Visuals::Filter, true_to_brief);
    let title = |t: String| if true_to_brief(&t) { t } else { String::new() };
    let tags = |ts: Vec<String>| ts.into_iter().filter(|t| true_to_brief(t)).collect::<Vec<_>>();
    match copy {
        MarketingCopy::Note { title: t, paragraphs, tags: ts } => {
            MarketingCopy::Note { title: title(t), paragraphs, tags: tags(ts) }
        }
        MarketingCopy::Post { paragraphs, tags: ts } => MarketingCopy::Post { paragraphs, tags: tags(ts) },
        MarketingCopy::Script { title: t, shots, tags: ts } => {
            MarketingCopy::Script { title: title(t), shots, tags: tags(ts) }
        }
        MarketingCopy::Article { title: t, sections } => {
            let sections = sections
                .into_iter()
                .map(|s| Section { heading: s.heading.filter(|h| true_to_brief(h)), paragraphs: s.paragraphs })
                .collect();
            MarketingCopy::Article { title: title(t), sections }
        }
    }
}

/// Whether [`retain_sentences`] also filters a shot's visual description.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Visuals {
    Keep,
    Filter,
}

/// Keeps the sentences of the prose for which `keep` holds, in order;
/// paragraphs, shots and sections left empty are dropped.
fn retain_sentences(copy: MarketingCopy, visuals: Visuals, mut keep: impl FnMut(&str) -> bool) -> MarketingCopy {
    let mut filter = |paragraph: &str| -> String {
        sentences(paragraph).into_iter().filter(|s| keep(s)).collect::<Vec<_>>().join(if paragraph.is_ascii() {
            " "
        } else {
            ""
        })
    };
    let mut paragraphs = |ps: Vec<String>| ps.iter().map(|p| filter(p)).filter(|p| !p.is_empty()).collect::<Vec<_>>();
    match copy {
        MarketingCopy::Note { title, paragraphs: ps, tags } => {
            MarketingCopy::Note { title, paragraphs: paragraphs(ps), tags }
        }
        MarketingCopy::Post { paragraphs: ps, tags } => MarketingCopy::Post { paragraphs: paragraphs(ps), tags },
        MarketingCopy::Script { title, shots, tags } => {
            let shots = shots
                .into_iter()
                .map(|s| {
                    let narration = paragraphs(vec![s.narration]).join("");
                    let visual =
                        if visuals == Visuals::Filter { paragraphs(vec![s.visual]).join("") } else { s.visual };
                    Shot { narration, visual, ..s }
                })
                .filter(|s| !s.narration.is_empty() || !s.visual.is_empty())
                .collect();
            MarketingCopy::Script { title, shots, tags }
        }
        MarketingCopy::Article { title, sections } => {
            let sections = sections
                .into_iter()
                .map(|s| Section { heading: s.heading, paragraphs: paragraphs(s.paragraphs) })
                .filter(|s| !s.paragraphs.is_empty())
                .collect();
            MarketingCopy::Article { title, sections }
        }
    }
}

/// A title within the platform's limit; a missing one taken from the
/// first sentence of the content.
fn fill_title(copy: MarketingCopy, platform: Platform) -> MarketingCopy {
    let Some(max) = platform.title_max() else { return copy };
    let first_sentence = copy.prose().first().and_then(|p| sentences(p).first().map(|s| s.to_string()));
    let fit = |title: String| {
        let title = title.trim_matches(['《', '》', '"', '“', '”', ' ']).to_owned();
        let title = if title.is_empty() { first_sentence.clone().unwrap_or_default() } else { title };
        cut_at_break(&title, max)
    };
    match copy {
        MarketingCopy::Note { title, paragraphs, tags } => MarketingCopy::Note { title: fit(title), paragraphs, tags },
        MarketingCopy::Script { title, shots, tags } => MarketingCopy::Script { title: fit(title), shots, tags },
        MarketingCopy::Article { title, sections } => MarketingCopy::Article { title: fit(title), sections },
        post @ MarketingCopy::Post { .. } => post,
    }
}

/// Content within the platform's limit: whole paragraphs (or shots, or
/// sections) while they fit, then the next one cut at a sentence end.
fn fit_content(copy: MarketingCopy, platform: Platform) -> MarketingCopy {
    let max = platform.content_max();
    if copy.content_chars() <= max {
        return copy;
    }
    let fit_paragraphs = |ps: Vec<String>, budget: &mut usize| {
        let mut out = Vec::new();
        for p in ps {
            let n = char_count(&p);
            if n <= *budget {
                *budget -= n;
                out.push(p);
            } else {
                // Whole sentences only, unless nothing else would be left.
                let cut = cut_at_sentence(&p, *budget);
                let whole = cut.chars().last().is_some_and(ends_sentence);
                if char_count(&cut) >= 10 && (whole || out.is_empty()) {
                    *budget -= char_count(&cut);
                    out.push(cut);
                }
                *budget = 0;
                break;
            }
        }
        out
    };
    let mut budget = max;
    match copy {
        MarketingCopy::Note { title, paragraphs, tags } => {
            MarketingCopy::Note { title, paragraphs: fit_paragraphs(paragraphs, &mut budget), tags }
        }
        MarketingCopy::Post { paragraphs, tags } => {
            MarketingCopy::Post { paragraphs: fit_paragraphs(paragraphs, &mut budget), tags }
        }
        MarketingCopy::Script { title, shots, tags } => {
            let mut kept = Vec::new();
            for shot in shots {
                let n = char_count(&shot.visual) + char_count(&shot.narration);
                if n > budget {
                    break;
                }
                budget -= n;
                kept.push(shot);
            }
            MarketingCopy::Script { title, shots: kept, tags }
        }
        MarketingCopy::Article { title, sections } => {
            let mut kept = Vec::new();
            for section in sections {
                let heading = section.heading.as_deref().map_or(0, char_count);
                if heading >= budget {
                    break;
                }
                budget -= heading;
                let paragraphs = fit_paragraphs(section.paragraphs, &mut budget);
                if paragraphs.is_empty() {
                    break;
                }
                kept.push(Section { heading: section.heading, paragraphs });
                if budget == 0 {
                    break;
                }
            }
            MarketingCopy::Article { title, sections: kept }
        }
    }
}

/// Tags without '#', trimmed, short, unique, at most [`MAX_TAGS`].
fn clean_tags(copy: MarketingCopy) -> MarketingCopy {
    let clean = |tags: Vec<String>| {
        let mut seen = HashSet::new();
        tags.into_iter()
            .map(|t| t.trim_matches(|c: char| c == '#' || c.is_whitespace()).to_owned())
            .filter(|t| !t.is_empty() && char_count(t) <= MAX_TAG_CHARS)
            .filter(|t| seen.insert(t.to_lowercase()))
            .take(MAX_TAGS)
            .collect()
    };
    match copy {
        MarketingCopy::Note { title, paragraphs, tags } => MarketingCopy::Note { title, paragraphs, tags: clean(tags) },
        MarketingCopy::Post { paragraphs, tags } => MarketingCopy::Post { paragraphs, tags: clean(tags) },
        MarketingCopy::Script { title, shots, tags } => MarketingCopy::Script { title, shots, tags: clean(tags) },
        article @ MarketingCopy::Article { .. } => article,
    }
}

/// Chinese copy has no English sentences (a run of four or more Latin
/// words that the source does not contain: brand and model names pass);
/// English copy has no Han characters the source does not have.
fn in_language(text: &str, language: CopyLanguage, source: &str) -> bool {
    match language {
        CopyLanguage::Zh => text.chars().any(is_cjk) && english_runs(text).all(|r| source.contains(r)),
        CopyLanguage::En => text.chars().filter(|&c| is_cjk(c)).all(|c| source.contains(c)),
    }
}

/// Stretches of four or more Latin words separated only by spaces.
fn english_runs(text: &str) -> impl Iterator<Item = &str> {
    let mut runs = Vec::new();
    let mut start: Option<usize> = None;
    let mut words = 0;
    let mut last_end = 0;
    let mut in_word = false;
    for (i, c) in text.char_indices() {
        let wordy = c.is_ascii_alphabetic() || c == '\'' || c == '-' || (in_word && c.is_ascii_digit());
        if wordy {
            if !in_word {
                in_word = true;
                words += 1;
                start.get_or_insert(i);
            }
            last_end = i + c.len_utf8();
        } else {
            in_word = false;
            if c != ' ' && !matches!(c, ',' | '.' | '!' | '?') {
                if let Some(s) = start.take() {
                    if words >= 4 {
                        runs.push(&text[s..last_end]);
                    }
                }
                words = 0;
            }
        }
    }
    if let Some(s) = start {
        if words >= 4 {
            runs.push(&text[s..last_end]);
        }
    }
    runs.into_iter()
}

/// A 12-character stretch said three times or more is a loop, even when
/// the sentences around it differ.
fn loops_within(text: &str) -> bool {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    const N: usize = 12;
    if chars.len() < N * 3 {
        return false;
    }
    let mut counts = std::collections::HashMap::new();
    for w in chars.windows(N) {
        // Runs of one character (emoji rows, "哈哈哈") are style, not loops.
        if w.iter().collect::<HashSet<_>>().len() <= 2 {
            continue;
        }
        let n = counts.entry(w).or_insert(0usize);
        *n += 1;
        if *n >= 3 {
            return true;
        }
    }
    false
}

/// More than half of the answer's 10-character stretches appear verbatim
/// in the source: a copy, not a rewrite.
fn echoes(text: &str, source: &str) -> bool {
    const N: usize = 10;
    let src: Vec<char> = source.chars().filter(|c| !c.is_whitespace()).collect();
    let ans: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    if src.len() < N || ans.len() < N {
        return false;
    }
    let source_grams: HashSet<&[char]> = src.windows(N).collect();
    let total = ans.len() - N + 1;
    let copied = ans.windows(N).filter(|w| source_grams.contains(w)).count();
    copied * 2 > total
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx<'a>(platform: Platform, source: &'a str) -> RuleContext<'a> {
        RuleContext {
            platform,
            language: CopyLanguage::Zh,
            source,
            facts: Some(source),
            instructions: &["不超过20个字", "不要照抄原文"],
        }
    }

    fn note(title: &str, paragraphs: &[&str]) -> MarketingCopy {
        MarketingCopy::Note {
            title: title.into(),
            paragraphs: paragraphs.iter().map(|p| p.to_string()).collect(),
            tags: vec!["#好物".into(), "好物".into(), "".into()],
        }
    }

    const BODY: &str = "早上赶地铁的时候，这个保温杯就是我的续命神器。一整天喝到的都是热水，六个小时还烫嘴。杯身很轻，放进通勤包里一点都不占地方。";

    #[test]
    fn a_good_note_is_delivered_with_its_tags_cleaned() {
        let copy = finish(note("通勤必备保温杯", &[BODY]), &ctx(Platform::Redbook, "")).unwrap();
        assert_eq!(copy.tags(), ["好物"]);
        assert_eq!(copy.title(), Some("通勤必备保温杯"));
    }

    #[test]
    fn a_long_title_is_cut_at_a_break_and_a_missing_one_is_filled() {
        let long = "谁懂啊，这个保温杯真的太太太好用了，打工人必备神器";
        let copy = finish(note(long, &[BODY]), &ctx(Platform::Redbook, "")).unwrap();
        assert!(char_count(copy.title().unwrap()) <= 20, "{:?}", copy.title());
        assert_eq!(copy.title(), Some("谁懂啊，这个保温杯真的太太太好用了"));
        let copy = finish(note("", &[BODY]), &ctx(Platform::Redbook, "")).unwrap();
        assert_eq!(copy.title(), Some("早上赶地铁的时候"));
    }

    #[test]
    fn content_over_the_limit_keeps_whole_sentences() {
        // Sixty different paragraphs of two sentences (distinct Han characters).
        let han = |i: u32| char::from_u32(0x4E00 + i % 20_000).unwrap();
        let paragraphs: Vec<String> = (0..60u32)
            .map(|p| {
                let sentence = |s: u32| (0..18).map(|k| han(p * 97 + s * 41 + k * 7919)).collect::<String>() + "。";
                sentence(0) + &sentence(1)
            })
            .collect();
        let refs: Vec<&str> = paragraphs.iter().map(String::as_str).collect();
        let copy = finish(note("标题", &refs), &ctx(Platform::Redbook, "")).unwrap();
        assert!(copy.content_chars() <= 1000);
        assert!(copy.content_chars() > 900);
        assert!(copy.prose().iter().all(|p| p.ends_with('。')), "{:?}", copy.prose().last());
    }

    #[test]
    fn repeated_sentences_are_dropped_and_a_loop_is_refused() {
        let copy = finish(note("标题", &[BODY, BODY]), &ctx(Platform::Redbook, "")).unwrap();
        assert_eq!(copy.prose(), vec![BODY]);
        let looped = format!("{BODY}{}", "真的太好用了真的太好用了！".repeat(30));
        assert_eq!(finish(note("标题", &[&looped]), &ctx(Platform::Redbook, "")), Err(Problem::Repetitive));
    }

    #[test]
    fn english_sentences_in_chinese_copy_are_refused_but_brand_names_pass() {
        let english = format!("{BODY}This bottle keeps your drinks hot all day long.");
        assert_eq!(finish(note("标题", &[&english]), &ctx(Platform::Redbook, "")), Err(Problem::WrongLanguage));
        let brand = format!("{BODY}搭配 Apple Watch 一起用更方便。");
        assert!(finish(note("标题", &[&brand]), &ctx(Platform::Redbook, "")).is_ok());
        let quoted = format!("{BODY}正如 Keep It Simple Stupid 所说。");
        assert!(finish(note("标题", &[&quoted]), &ctx(Platform::Redbook, "Keep It Simple Stupid")).is_ok());
    }

    #[test]
    fn a_copy_of_the_source_or_of_the_instructions_is_refused() {
        assert_eq!(finish(note("标题", &[BODY]), &ctx(Platform::Redbook, BODY)), Err(Problem::EchoesSource));
        let echo = format!("{BODY}记得不要照抄原文。");
        assert_eq!(finish(note("标题", &[&echo]), &ctx(Platform::Redbook, "")), Err(Problem::EchoesPrompt));
        // An echoed limit states a figure the brief does not give: dropped.
        let limit = format!("{BODY}标题不超过20个字。");
        assert_eq!(finish(note("标题", &[&limit]), &ctx(Platform::Redbook, "")).unwrap().prose(), vec![BODY]);
    }

    #[test]
    fn sentences_with_figures_the_brief_does_not_give_are_dropped() {
        let brief = "保温杯，保温24小时，316不锈钢。";
        let invented = format!("{BODY}保温长达12小时，2024年爆款。316不锈钢内胆，24小时都是热的。");
        let copy = finish(note("3年质保的保温杯", &[&invented]), &ctx(Platform::Redbook, brief)).unwrap();
        let text = copy.prose().join("");
        assert!(!text.contains("12小时") && !text.contains("2024"), "{text}");
        assert!(text.contains("316不锈钢内胆，24小时都是热的。"), "{text}");
        // The title said "3年": replaced by the first sentence.
        assert_eq!(copy.title(), Some("早上赶地铁的时候"));
        // Nothing but invented figures: nothing left to deliver.
        let all_invented = "保温长达12小时！99%的人都说好。月销10万件。";
        assert!(matches!(
            finish(note("标题", &[all_invented]), &ctx(Platform::Redbook, brief)),
            Err(Problem::TooShort { .. })
        ));
    }

    #[test]
    fn too_little_content_is_refused() {
        assert_eq!(
            finish(note("标题", &["好用。"]), &ctx(Platform::Redbook, "")),
            Err(Problem::TooShort { chars: 3, min: 60 })
        );
    }

    #[test]
    fn a_script_needs_two_complete_shots() {
        let shot = |v: &str, n: &str| Shot { visual: v.into(), narration: n.into(), seconds: 3 };
        let one = MarketingCopy::Script { title: "t".into(), shots: vec![shot("特写", BODY)], tags: vec![] };
        assert_eq!(finish(one, &ctx(Platform::Tiktok, "")), Err(Problem::NotAScript));
        let two = MarketingCopy::Script {
            title: "t".into(),
            shots: vec![shot("特写", BODY), shot("跑步", "跑十公里脚都不累，回弹感一流，这双鞋陪我完成了第一个半马。")],
            tags: vec![],
        };
        assert!(finish(two, &ctx(Platform::Tiktok, "")).is_ok());
    }

    #[test]
    fn english_copy_is_judged_as_english() {
        let c = RuleContext {
            platform: Platform::Weibo,
            language: CopyLanguage::En,
            source: "",
            facts: None,
            instructions: &[],
        };
        let post = |t: &str| MarketingCopy::Post { paragraphs: vec![t.into()], tags: vec![] };
        assert!(finish(post("Meet the mug that keeps your coffee hot from the first meeting to the last."), &c).is_ok());
        assert_eq!(
            finish(post("Meet the mug that keeps your coffee hot from the first meeting. 真的好用"), &c),
            Err(Problem::WrongLanguage)
        );
    }
}
