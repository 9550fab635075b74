//! Reading a stage's answer. A small model drifts from the format: labels
//! in bold or as headings, full-width or ASCII colons, numbering styles.
//! All of those are read; an answer is refused (written again) when it
//! lacks what the stage promises, is in the wrong language, or repeats the
//! prompt's worked example or its instructions.

use super::{Idea, IdeaBrief, IdeaStage, StageOutput, IDEAS_PER_STAGE};
use crate::copywriting::text::{char_count, cut_at_break, cut_at_sentence};
use crate::copywriting::CopyLanguage;

const SUMMARY_MAX_CHARS: usize = 300;
const IDEA_TITLE_MAX_CHARS_ZH: usize = 20;
const IDEA_TITLE_MAX_CHARS_EN: usize = 60;
const IDEA_CONTENT_MAX_CHARS: usize = 300;
const POINT_MAX_CHARS: usize = 200;
const MAX_POINTS: usize = 5;
/// Words of the prompts' worked examples: an answer that holds them for a
/// brief that does not is a copy of the example.
const EXAMPLE_MARKS: &[&str] = &[
    "文旅局长",
    "家乡的声音",
    "汉服打卡",
    "安静三十秒",
    "隔音快闪屋",
    "局长同款",
    "tourism official",
    "Sounds of home",
    "hometown challenge",
    "Dress up, listen free",
    "Thirty quiet seconds",
    "Commute like an official",
];

/// Reads `answer` for `stage`, or says why it must be written again.
pub fn read(stage: IdeaStage, answer: &str, brief: &IdeaBrief) -> Result<StageOutput, String> {
    let answer = checked(answer, brief)?;
    match stage {
        IdeaStage::Summary => read_summary(answer).map(StageOutput::Summary),
        IdeaStage::AdviceOnline | IdeaStage::AdviceOnlineVideo | IdeaStage::AdviceOffline => {
            let ideas = new_ideas(answer, brief.language, &[], IDEAS_PER_STAGE);
            if ideas.len() < IDEAS_PER_STAGE {
                return Err(format!("{} complete ideas, {IDEAS_PER_STAGE} asked", ideas.len()));
            }
            Ok(StageOutput::Ideas(ideas))
        }
        IdeaStage::Association | IdeaStage::Risk => read_points(answer).map(StageOutput::Points),
    }
}

/// The new complete ideas in `answer` (at most `wanted`, none titled like
/// one of `have`), for an idea stage that keeps what each answer gets
/// right; an answer with none is refused.
pub fn read_more_ideas(answer: &str, brief: &IdeaBrief, have: &[Idea], wanted: usize) -> Result<Vec<Idea>, String> {
    let new = new_ideas(checked(answer, brief)?, brief.language, have, wanted);
    if new.is_empty() {
        return Err(if have.is_empty() {
            "no complete idea".to_owned()
        } else {
            "no complete idea that was not written already".to_owned()
        });
    }
    Ok(new)
}

/// `answer` trimmed, once it is not empty, in the brief's language, and
/// neither the worked example nor the instructions.
fn checked<'a>(answer: &'a str, brief: &IdeaBrief) -> Result<&'a str, String> {
    let answer = answer.trim();
    if answer.is_empty() {
        return Err("the answer is empty".into());
    }
    if CopyLanguage::detect(answer) != brief.language {
        return Err(format!("the answer is not in {}", brief.language.as_str()));
    }
    let brief_text = format!("{} {} {} {}", brief.topic, brief.background, brief.market_desc, brief.prompt);
    if let Some(mark) = EXAMPLE_MARKS.iter().find(|m| answer.contains(*m) && !brief_text.contains(*m)) {
        return Err(format!("the answer copies the example ({mark})"));
    }
    let echoes = if brief.language.is_chinese() { super::prompt::ECHOES_ZH } else { super::prompt::ECHOES_EN };
    if let Some(echo) = echoes.iter().find(|e| answer.contains(*e)) {
        return Err(format!("the answer repeats the instructions ({echo})"));
    }
    Ok(answer)
}

/// A line without markdown decoration (`**`, `#`, `>`, leading dashes).
fn plain(line: &str) -> String {
    line.replace("**", "").trim().trim_start_matches(['#', '>', ' ']).trim().to_owned()
}

/// The text after a label (`label` then optional number, then a colon),
/// when `line` starts with one of `labels`.
fn after_label<'a>(line: &'a str, labels: &[&str]) -> Option<&'a str> {
    let lower = line.to_lowercase();
    let label = labels.iter().find(|l| lower.starts_with(&l.to_lowercase()))?;
    let rest = line[label.len()..].trim_start();
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit() || c.is_whitespace());
    let rest = rest.strip_prefix(['：', ':', '.', '、']).unwrap_or(rest);
    Some(rest.trim())
}

fn read_summary(answer: &str) -> Result<String, String> {
    let text: Vec<String> = answer
        .lines()
        .map(plain)
        .filter(|l| !l.is_empty())
        .map(|l| after_label(&l, &["事件总结", "总结", "Summary"]).map_or(l.clone(), str::to_owned))
        .collect();
    let text = text.join(" ").trim().to_owned();
    if char_count(&text) < 10 {
        return Err("the summary is too short".into());
    }
    Ok(cut_at_sentence(&text, SUMMARY_MAX_CHARS))
}

fn clean_title(raw: &str) -> String {
    raw.trim().trim_matches(['「', '」', '“', '”', '"', '《', '》', '【', '】']).trim().to_owned()
}

/// The complete ideas of `answer` whose titles are new (to `have` and to
/// each other), at most `wanted`.
fn new_ideas(answer: &str, language: CopyLanguage, have: &[Idea], wanted: usize) -> Vec<Idea> {
    let mut new: Vec<Idea> = Vec::new();
    for idea in complete_ideas(answer, language) {
        if new.len() < wanted && !have.iter().chain(&new).any(|i| i.title == idea.title) {
            new.push(idea);
        }
    }
    new
}

/// Every idea in `answer` with a title and some content, cut to length.
fn complete_ideas(answer: &str, language: CopyLanguage) -> Vec<Idea> {
    let mut ideas: Vec<Idea> = Vec::new();
    for line in answer.lines().map(plain).filter(|l| !l.is_empty()) {
        if let Some(title) = after_label(&line, &["创意", "Idea"]) {
            ideas.push(Idea { title: clean_title(title), content: String::new() });
        } else if let Some(idea) = ideas.last_mut() {
            let body = after_label(&line, &["内容", "Content"]).unwrap_or(&line);
            if !idea.content.is_empty() {
                idea.content.push(if language.is_chinese() { '\n' } else { ' ' });
            }
            idea.content.push_str(body);
        }
    }
    let title_max = if language.is_chinese() { IDEA_TITLE_MAX_CHARS_ZH } else { IDEA_TITLE_MAX_CHARS_EN };
    ideas
        .into_iter()
        .filter(|i| char_count(&i.title) >= 2 && char_count(&i.content) >= 8)
        .map(|i| Idea {
            title: cut_at_break(&i.title, title_max),
            content: cut_at_sentence(i.content.trim(), IDEA_CONTENT_MAX_CHARS),
        })
        .collect()
}

/// A numbered or bulleted line's text.
fn point(line: &str) -> Option<&str> {
    let digits = line.trim_start_matches(|c: char| c.is_ascii_digit());
    if digits.len() < line.len() {
        return digits.strip_prefix(['.', '、', ')', '）', '：', ':']).map(str::trim);
    }
    line.strip_prefix(['-', '*', '•', '·']).map(str::trim)
}

fn read_points(answer: &str) -> Result<Vec<String>, String> {
    let lines: Vec<String> = answer.lines().map(plain).filter(|l| !l.is_empty()).collect();
    let mut points: Vec<String> = lines.iter().filter_map(|l| point(l)).map(str::to_owned).collect();
    if points.is_empty() {
        // No numbering: each line that is not a heading is a point.
        points = lines.into_iter().filter(|l| !l.ends_with(['：', ':'])).collect();
    }
    let mut points: Vec<String> = points
        .into_iter()
        .filter(|p| char_count(p) >= 6)
        .map(|p| cut_at_sentence(&p, POINT_MAX_CHARS))
        .take(MAX_POINTS)
        .collect();
    points.dedup();
    if points.len() < 2 {
        return Err(format!("{} points, at least 2 asked", points.len()));
    }
    Ok(points)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::copywriting::CopyStyle;
    use crate::marketing::ideas::MktType;

    fn brief(language: CopyLanguage) -> IdeaBrief {
        IdeaBrief {
            topic: "秋天的第一杯奶茶".into(),
            background: String::new(),
            mkt_type: MktType::Product,
            market_desc: "桂花乌龙奶茶".into(),
            prompt: String::new(),
            style: CopyStyle::Humorous,
            language,
        }
    }

    #[test]
    fn reads_three_ideas_through_markdown_and_colons() {
        let answer = "好的，以下是创意：\n**创意1：** 「秋日第一杯」\n内容：拍一张落叶和奶茶的合照，文案写立秋仪式感。\n### 创意2:桂花香里的秋天\n内容: 用桂花特写配文案，\n邀请网友晒自己的第一杯。\n创意3：打工人续命\n内容：办公室场景，奶茶配周一表情包，轻松搞笑。";
        let StageOutput::Ideas(ideas) = read(IdeaStage::AdviceOnline, answer, &brief(CopyLanguage::Zh)).unwrap() else {
            panic!()
        };
        assert_eq!(ideas.len(), 3);
        assert_eq!(ideas[0].title, "秋日第一杯");
        assert_eq!(ideas[1].title, "桂花香里的秋天");
        assert_eq!(ideas[1].content, "用桂花特写配文案，\n邀请网友晒自己的第一杯。");
        assert_eq!(ideas[2].content, "办公室场景，奶茶配周一表情包，轻松搞笑。");
    }

    #[test]
    fn fewer_ideas_than_asked_or_a_copied_example_is_refused() {
        let two = "创意1：秋日第一杯\n内容：拍一张落叶和奶茶的合照。\n创意2：桂花香\n内容：用桂花特写配文案，很香。";
        assert!(read(IdeaStage::AdviceOnline, two, &brief(CopyLanguage::Zh)).unwrap_err().contains("2 complete"));
        let copied = "创意1：家乡的声音\n内容：配图是戴着耳机站在家乡老街的年轻人。\n创意2：a\n内容：bbbbbbbbbbbb";
        assert!(read(IdeaStage::AdviceOnline, copied, &brief(CopyLanguage::Zh)).unwrap_err().contains("example"));
        let english = "Idea 1: Fall\nContent: A photo of leaves and tea for the first day of autumn.";
        assert!(read(IdeaStage::AdviceOnline, english, &brief(CopyLanguage::Zh)).unwrap_err().contains("not in zh"));
    }

    #[test]
    fn what_an_answer_gets_right_is_kept_and_repeats_are_not() {
        let b = brief(CopyLanguage::Zh);
        let one = "创意1：秋日第一杯\n内容：拍一张落叶和奶茶的合照，文案写立秋的仪式感。\n创意2：桂花\n内容：短";
        let kept = read_more_ideas(one, &b, &[], 3).unwrap();
        assert_eq!(kept.len(), 1, "the incomplete second idea is not kept");
        let again = "创意1：秋日第一杯\n内容：又是落叶和奶茶的合照，写立秋。\n创意2：打工人续命\n内容：办公室场景，奶茶配周一表情包。";
        let more = read_more_ideas(again, &b, &kept, 2).unwrap();
        assert_eq!(more.iter().map(|i| i.title.as_str()).collect::<Vec<_>>(), ["打工人续命"]);
        assert!(read_more_ideas(one, &b, &kept, 2).unwrap_err().contains("written already"));
        assert_eq!(read_more_ideas(IDEAS_THREE, &b, &[], 2).unwrap().len(), 2, "no more than wanted");
        assert!(read_more_ideas("Idea 1: Fall\nContent: leaves and tea for autumn.", &b, &[], 3).is_err());
    }

    const IDEAS_THREE: &str = "创意1：秋日第一杯\n内容：拍一张落叶和奶茶的合照，文案写立秋仪式感。\n创意2：桂花香里的秋天\n内容：用桂花特写配文案，邀请网友晒自己的第一杯。\n创意3：打工人续命\n内容：办公室场景，奶茶配周一表情包，轻松搞笑。";

    #[test]
    fn reads_a_summary_without_its_label() {
        let out = read(
            IdeaStage::Summary,
            "事件总结：立秋当天，“秋天的第一杯奶茶”再次刷屏，年轻人晒单互动。",
            &brief(CopyLanguage::Zh),
        );
        assert_eq!(out, Ok(StageOutput::Summary("立秋当天，“秋天的第一杯奶茶”再次刷屏，年轻人晒单互动。".into())));
        assert!(read(IdeaStage::Summary, "事件总结：好", &brief(CopyLanguage::Zh)).is_err());
    }

    #[test]
    fn reads_numbered_or_bulleted_points_and_plain_lines() {
        let numbered = "营销风险：\n1. 避免夸大奶茶的功效，以免虚假宣传。\n2）不要使用他人拍摄的图片。\n- 注意控制糖分相关的说法。";
        let StageOutput::Points(points) = read(IdeaStage::Risk, numbered, &brief(CopyLanguage::Zh)).unwrap() else {
            panic!()
        };
        assert_eq!(points.len(), 3);
        assert_eq!(points[1], "不要使用他人拍摄的图片。");
        let plain_lines = "关联分析：\n喝奶茶的年轻人正是热点的主要人群。\n立秋的仪式感和桂花香很搭。";
        let StageOutput::Points(points) = read(IdeaStage::Association, plain_lines, &brief(CopyLanguage::Zh)).unwrap()
        else {
            panic!()
        };
        assert_eq!(points, ["喝奶茶的年轻人正是热点的主要人群。", "立秋的仪式感和桂花香很搭。"]);
        assert!(read(IdeaStage::Risk, "1. 小心。", &brief(CopyLanguage::Zh)).is_err());
    }

    #[test]
    fn english_ideas_are_read_too() {
        let answer = "Idea 1: First cup of fall\nContent: A photo of leaves and the osmanthus tea, captioned as a seasonal ritual.\nIdea 2: Smell of osmanthus\nContent: A close-up of the flowers, asking followers to share their first cup.\nIdea 3: Monday fuel\nContent: An office desk, the tea next to a calendar showing Monday.";
        let mut b = brief(CopyLanguage::En);
        b.market_desc = "Osmanthus oolong milk tea".into();
        let StageOutput::Ideas(ideas) = read(IdeaStage::AdviceOnlineVideo, answer, &b).unwrap() else { panic!() };
        assert_eq!(ideas[2].title, "Monday fuel");
    }
}
