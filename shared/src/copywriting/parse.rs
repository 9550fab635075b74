//! Reads a model's free text into a [`MarketingCopy`]. Small models vary
//! the layout they were asked for (`标题：`, `**标题**`, `# 标题`, a bare
//! first line), so the reader is lenient about form and strict about
//! content: whatever it cannot place is left out, and [`super::rules`]
//! decides whether what is left is worth delivering.

use super::text::char_count;
use super::{MarketingCopy, Platform, Section, Shot};

/// What a labelled line introduces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Label {
    Title,
    Body,
    Tags,
    /// A new shot of a script (its number is its order).
    Shot,
    Visual,
    Narration,
    Duration,
}

const LABELS: &[(Label, &[&str])] = &[
    (Label::Title, &["标题", "题目", "主标题", "title"]),
    (Label::Body, &["正文", "内容", "文案", "笔记正文", "body", "content", "text", "post"]),
    (Label::Tags, &["话题", "标签", "话题标签", "热门话题", "tags", "hashtags", "topics"]),
    (Label::Visual, &["画面", "场景", "画面描述", "visual", "visuals", "scene description"]),
    (
        Label::Narration,
        &["台词", "旁白", "口播", "解说", "字幕", "narration", "voiceover", "voice-over", "line", "lines"],
    ),
    (Label::Duration, &["时长", "duration", "length"]),
];

const SHOT_WORDS: &[&str] = &["镜头", "分镜", "shot", "scene"];

/// Lines a model writes before the answer ("好的，以下是……").
const PREFACES: &[&str] =
    &["好的", "以下是", "当然", "没问题", "下面是", "sure", "here is", "here's", "certainly", "okay"];

struct Line {
    text: String,
    /// It was a markdown heading (`## …`) or a line in bold only.
    heading: bool,
}

fn normalise(raw: &str) -> Vec<Line> {
    raw.replace("\r\n", "\n")
        .lines()
        .filter(|l| !l.trim_start().starts_with("```"))
        .filter_map(|l| {
            let mut t = l.trim();
            let mut heading = false;
            // "### 标题" (a heading marker needs its space; "#话题" is a hashtag).
            let hashes = t.chars().take_while(|&c| c == '#').count();
            if hashes > 0 && t[hashes..].starts_with(' ') {
                t = t[hashes..].trim();
                heading = true;
            }
            for bullet in ["- ", "* ", "• ", "> "] {
                if let Some(rest) = t.strip_prefix(bullet) {
                    t = rest.trim();
                }
            }
            let bold_only =
                t.len() > 4 && t.starts_with("**") && t.ends_with("**") && !t[2..t.len() - 2].contains("**");
            let text = t.replace("**", "").replace("__", "").trim().to_owned();
            (!text.is_empty()).then_some(Line { text, heading: heading || bold_only })
        })
        .collect()
}

/// `标题：xxx`, `【标题】xxx`, `Title: xxx` → (label, rest).
fn label_of(text: &str) -> Option<(Label, String)> {
    let t = text.trim_start_matches(['【', '[']);
    let lower = t.to_lowercase();
    if let Some(rest) = shot_header(&lower, t) {
        return Some((Label::Shot, rest));
    }
    for (label, names) in LABELS {
        for name in *names {
            if let Some(after) = lower.strip_prefix(name) {
                let rest_start = t.len() - after.len();
                let rest = &t[rest_start..];
                let rest = rest.trim_start_matches(['】', ']', ' ']);
                if let Some(value) = rest.strip_prefix(['：', ':']).or(if rest.is_empty() { Some("") } else { None }) {
                    return Some((*label, value.trim().to_owned()));
                }
            }
        }
    }
    None
}

/// `镜头1：…`, `镜头一（3秒）`, `Shot 2 - …`: the rest of the line.
fn shot_header(lower: &str, original: &str) -> Option<String> {
    for word in SHOT_WORDS {
        let Some(after) = lower.strip_prefix(word) else { continue };
        let after = after.trim_start();
        let numeral = after.chars().take_while(|c| c.is_ascii_digit() || "一二三四五六七八九十".contains(*c)).count();
        if numeral == 0 {
            continue;
        }
        let byte_after: usize = after.chars().take(numeral).map(char::len_utf8).sum();
        let rest_lower = &after[byte_after..];
        let rest = &original[original.len() - rest_lower.len()..];
        return Some(rest.trim_start_matches(['】', ']', '：', ':', ' ', '-', '—', '.']).trim().to_owned());
    }
    None
}

/// The hashtags of a line made only of hashtags (`#a #b`, `#a##b#`).
fn tag_line(text: &str) -> Option<Vec<String>> {
    if !text.starts_with('#') {
        return None;
    }
    let tags: Vec<String> = text
        // "#防晒、夏季清凉、产品特点": a list written with separators is
        // still one tag per item.
        .split(|c: char| c == '#' || c.is_whitespace() || "、，,;；".contains(c))
        .map(|t| t.trim_matches(|c: char| c.is_ascii_punctuation() || "，。、！？".contains(c)).to_owned())
        .filter(|t| !t.is_empty())
        .collect();
    // A sentence that merely starts with a hashtag is prose.
    let words = text.split_whitespace().count();
    let hashed = text.split_whitespace().filter(|w| w.starts_with('#')).count();
    (hashed * 2 >= words && !tags.is_empty()).then_some(tags)
}

fn is_preface(text: &str) -> bool {
    let lower = text.to_lowercase();
    PREFACES.iter().any(|p| lower.starts_with(p)) && (text.ends_with(['：', ':']) || char_count(text) < 40)
}

/// Seconds in "3秒", "(5s)", "时长：4 秒"; `None` when there is no number.
fn seconds_in(text: &str) -> Option<u8> {
    let digits: String = text.chars().skip_while(|c| !c.is_ascii_digit()).take_while(char::is_ascii_digit).collect();
    digits.parse::<u32>().ok().map(|n| n.clamp(1, 30) as u8)
}

#[derive(Default)]
struct Reading {
    title: Option<String>,
    paragraphs: Vec<String>,
    tags: Vec<String>,
    shots: Vec<Shot>,
    sections: Vec<Section>,
}

impl Reading {
    fn paragraph(&mut self, text: String) {
        self.paragraphs.push(text.clone());
        match self.sections.last_mut() {
            Some(section) => section.paragraphs.push(text),
            None => self.sections.push(Section { heading: None, paragraphs: vec![text] }),
        }
    }
}

/// Reads `raw` as copy for `platform`. Never fails: missing parts are
/// empty, and the rules judge them.
pub fn parse(raw: &str, platform: Platform) -> MarketingCopy {
    let mut r = Reading::default();
    let mut current: Option<Label> = None;
    let mut seen_content = false;
    for line in normalise(raw) {
        if let Some(tags) = tag_line(&line.text) {
            r.tags.extend(tags);
            continue;
        }
        if let Some((label, rest)) = label_of(&line.text) {
            current = Some(label);
            match label {
                Label::Title if !rest.is_empty() => {
                    r.title = Some(rest);
                    current = None;
                }
                Label::Title => {}
                Label::Body if !rest.is_empty() => r.paragraph(rest),
                Label::Body => {}
                Label::Tags => {
                    r.tags.extend(tag_line(&format!("#{}", rest.trim_start_matches('#'))).unwrap_or_default())
                }
                Label::Shot => {
                    r.shots.push(Shot {
                        visual: String::new(),
                        narration: String::new(),
                        seconds: seconds_in(&rest).unwrap_or(3),
                    });
                    // "镜头1：画面……" with the visual on the header line.
                    let rest = rest.trim_start_matches(|c: char| {
                        c == '（' || c == '(' || c.is_ascii_digit() || "秒s）) ".contains(c)
                    });
                    if let Some((inner, value)) = label_of(rest) {
                        current = Some(inner);
                        fill_shot(&mut r, inner, value);
                    } else if !rest.is_empty() {
                        fill_shot(&mut r, Label::Visual, rest.to_owned());
                    }
                }
                Label::Visual | Label::Narration | Label::Duration => fill_shot(&mut r, label, rest),
            }
            seen_content = true;
            continue;
        }
        if !seen_content && is_preface(&line.text) {
            continue;
        }
        match current {
            Some(Label::Title) => {
                r.title = Some(line.text);
                current = None;
            }
            Some(Label::Tags) => r.tags.extend(line.text.split_whitespace().map(|t| t.trim_matches('#').to_owned())),
            Some(label @ (Label::Visual | Label::Narration)) if !r.shots.is_empty() => {
                fill_shot(&mut r, label, line.text)
            }
            _ if line.heading && platform == Platform::Wechat && r.title.is_some() => {
                r.sections.push(Section { heading: Some(line.text), paragraphs: Vec::new() });
            }
            _ if !seen_content && r.title.is_none() && looks_like_title(&line.text, platform) => {
                r.title = Some(line.text);
            }
            _ => r.paragraph(line.text),
        }
        seen_content = true;
    }
    r.tags.retain(|t| !t.is_empty());
    let title = r.title.unwrap_or_default();
    match platform {
        Platform::Redbook => MarketingCopy::Note { title, paragraphs: r.paragraphs, tags: r.tags },
        Platform::Weibo => {
            let mut paragraphs = r.paragraphs;
            if !title.is_empty() {
                paragraphs.insert(0, title);
            }
            MarketingCopy::Post { paragraphs, tags: r.tags }
        }
        Platform::Tiktok => MarketingCopy::Script { title, shots: r.shots, tags: r.tags },
        Platform::Wechat => {
            let sections = r.sections.into_iter().filter(|s| !s.paragraphs.is_empty()).collect();
            MarketingCopy::Article { title, sections }
        }
    }
}

fn fill_shot(r: &mut Reading, label: Label, value: String) {
    let Some(shot) = r.shots.last_mut() else {
        // Fields before any shot header start the first shot.
        if matches!(label, Label::Visual | Label::Narration) && !value.is_empty() {
            r.shots.push(Shot { visual: String::new(), narration: String::new(), seconds: 3 });
            fill_shot(r, label, value);
        }
        return;
    };
    let append = |field: &mut String, v: String| {
        if field.is_empty() {
            *field = v;
        } else if !v.is_empty() {
            field.push_str(&v);
        }
    };
    match label {
        Label::Visual => append(&mut shot.visual, value),
        Label::Narration => append(&mut shot.narration, value.trim_matches(['“', '”', '"']).to_owned()),
        Label::Duration => shot.seconds = seconds_in(&value).unwrap_or(shot.seconds),
        _ => {}
    }
}

/// A short first line without closing punctuation reads as a title.
fn looks_like_title(text: &str, platform: Platform) -> bool {
    let Some(max) = platform.title_max() else { return false };
    char_count(text) <= max * 2 && !text.ends_with(['。', '.', '；'])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_listed_with_separators_are_one_tag_each() {
        assert_eq!(tag_line("#防晒、夏季清凉冰丝、产品特点").unwrap(), ["防晒", "夏季清凉冰丝", "产品特点"]);
        assert_eq!(tag_line("#camping, #summer;#sun").unwrap(), ["camping", "summer", "sun"]);
    }

    #[test]
    fn reads_a_labelled_redbook_note() {
        let raw = "好的，以下是改写后的笔记：\n\n标题：夏天就靠这瓶防晒续命☀️\n正文：\n姐妹们！这瓶防晒真的绝了🔥\n\n清爽不油腻，通勤党狂喜。\n话题：#防晒 #夏日好物 #通勤";
        let copy = parse(raw, Platform::Redbook);
        assert_eq!(
            copy,
            MarketingCopy::Note {
                title: "夏天就靠这瓶防晒续命☀️".into(),
                paragraphs: vec!["姐妹们！这瓶防晒真的绝了🔥".into(), "清爽不油腻，通勤党狂喜。".into()],
                tags: vec!["防晒".into(), "夏日好物".into(), "通勤".into()],
            }
        );
    }

    #[test]
    fn reads_markdown_variants_and_strips_heading_markers() {
        let raw = "### **这杯咖啡有点东西**\n\n**正文**\n早八人的续命神器。\n\n#咖啡#早八#打工人";
        let MarketingCopy::Note { title, paragraphs, tags } = parse(raw, Platform::Redbook) else { panic!() };
        assert_eq!(title, "这杯咖啡有点东西");
        assert_eq!(paragraphs, vec!["早八人的续命神器。"]);
        assert_eq!(tags, vec!["咖啡", "早八", "打工人"]);
    }

    #[test]
    fn reads_a_script_shot_by_shot() {
        let raw = "标题：三秒爱上这双鞋\n镜头1（3秒）\n画面：鞋子特写\n台词：这双鞋，轻到离谱！\n镜头2：\n画面：模特跑步\n台词：跑十公里脚都不累。\n时长：5秒\n话题：#跑鞋";
        let MarketingCopy::Script { title, shots, tags } = parse(raw, Platform::Tiktok) else { panic!() };
        assert_eq!(title, "三秒爱上这双鞋");
        assert_eq!(shots.len(), 2);
        assert_eq!(shots[0], Shot { visual: "鞋子特写".into(), narration: "这双鞋，轻到离谱！".into(), seconds: 3 });
        assert_eq!(shots[1].seconds, 5);
        assert_eq!(tags, vec!["跑鞋"]);
    }

    #[test]
    fn reads_an_article_with_headings() {
        let raw = "标题：一杯好茶的讲究\n\n开头段落。\n\n## 产地\n云南高山。\n\n## 工艺\n手工揉捻。";
        let MarketingCopy::Article { title, sections } = parse(raw, Platform::Wechat) else { panic!() };
        assert_eq!(title, "一杯好茶的讲究");
        assert_eq!(sections.len(), 3);
        assert_eq!(sections[1].heading.as_deref(), Some("产地"));
        assert_eq!(sections[2].paragraphs, vec!["手工揉捻。"]);
    }

    #[test]
    fn a_weibo_post_has_no_title_and_a_bare_first_line_is_a_title_elsewhere() {
        let MarketingCopy::Post { paragraphs, tags } = parse("新品上市！\n快来试试。\n#新品#", Platform::Weibo)
        else {
            panic!()
        };
        assert_eq!(paragraphs, vec!["新品上市！", "快来试试。"]);
        assert_eq!(tags, vec!["新品"]);
        assert_eq!(parse("新品上市\n快来试试。", Platform::Redbook).title(), Some("新品上市"));
    }

    #[test]
    fn reads_english_labels() {
        let raw = "Title: Your new favourite mug\nBody:\nMorning coffee, upgraded.\nTags: #mug #coffee";
        let copy = parse(raw, Platform::Redbook);
        assert_eq!(copy.title(), Some("Your new favourite mug"));
        assert_eq!(copy.tags(), ["mug", "coffee"]);
    }
}
