//! What the model is asked. The answer format is spelled out with the
//! labels [`super::parse`] reads; phrases of the instructions are listed so
//! that an answer repeating them is refused ([`super::rules`]).

use super::{CopyLanguage, CopyStyle, Platform};
use crate::marketing::content::ContentBrief;

/// What the copy is written from.
#[derive(Debug, Clone, Copy)]
pub enum Brief<'a> {
    /// Rewrite a piece of copy (文案改写).
    Rewrite { source: &'a str },
    /// Write new content from a popular article (爆文改写).
    Article { source: &'a str },
    /// Write about a topic (主题创作).
    Topic { topic: &'a str },
    /// Write from the text read in a note's pictures (图片改写); OCR text
    /// may hold misread characters and stray labels.
    Pictures { source: &'a str },
    /// Write a new short-video script from a video's transcript (视频改写);
    /// a transcript may mishear words.
    Transcript { source: &'a str },
    /// A post riding a hotspot, a day or an idea for the merchant's
    /// product (内容生成); `facts` is [`ContentBrief::facts`], kept by the
    /// caller.
    Content { brief: &'a ContentBrief, facts: &'a str },
}

impl Brief<'_> {
    /// The text answers must not copy (empty for a topic).
    pub fn source(&self) -> &str {
        match self {
            Brief::Rewrite { source }
            | Brief::Article { source }
            | Brief::Pictures { source }
            | Brief::Transcript { source } => source,
            // What the subject says (a hotspot's summary, an idea's text)
            // is to be ridden, not copied.
            Brief::Content { brief, .. } => &brief.topic_desc,
            Brief::Topic { .. } => "",
        }
    }

    /// What an answer may take figures from (see [`super::figures`]), for
    /// briefs that state a product's facts in writing. A topic states none,
    /// and a transcript says numbers as words ("twelve hours"), which the
    /// figures rule does not read: no rule for those.
    pub fn facts(&self) -> Option<&str> {
        match self {
            Brief::Rewrite { source } | Brief::Article { source } | Brief::Pictures { source } => Some(source),
            Brief::Content { facts, .. } => Some(facts),
            Brief::Topic { .. } | Brief::Transcript { .. } => None,
        }
    }
}

/// One request to the model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prompt {
    pub system: String,
    pub user: String,
    /// Enough tokens for the platform's longest copy, not more: the model
    /// ignores length instructions, so this bounds the time an answer takes.
    pub max_tokens: usize,
    /// Phrases of the instructions an answer must not contain.
    pub instructions: Vec<&'static str>,
}

/// Tokens per answer: a Han character is about 0.7 tokens in Qwen2's
/// vocabulary, an English word about 1.3; limits plus room for labels.
fn max_tokens(platform: Platform) -> usize {
    match platform {
        Platform::Weibo => 360,
        Platform::Redbook => 640,
        Platform::Tiktok => 720,
        Platform::Wechat => 1500,
    }
}

struct Format {
    text: &'static str,
    /// Phrases of `text` that only an echo would reproduce.
    echoes: &'static [&'static str],
}

fn format(platform: Platform, language: CopyLanguage) -> Format {
    match (platform, language) {
        (Platform::Redbook, CopyLanguage::Zh) => Format {
            text: "标题：一句吸引人的标题，20个字以内，可以带一个emoji\n正文：\n分成3到5段，每段一两句话，适当加入emoji，讲清楚卖点和使用场景，全文300字左右\n话题：3到5个话题标签，每个以#开头",
            echoes: &["20个字以内", "分成3到5段", "每个以#开头", "全文300字左右", "一句吸引人的标题"],
        },
        (Platform::Weibo, CopyLanguage::Zh) => Format {
            text: "正文：一段150字左右的微博，口语化，适当加入emoji\n话题：2到3个话题，格式为#话题#",
            echoes: &["150字左右的微博", "格式为#话题#", "2到3个话题"],
        },
        (Platform::Tiktok, CopyLanguage::Zh) => Format {
            text: "标题：视频标题，20个字以内\n镜头1（3秒）\n画面：这个镜头拍什么\n台词：这个镜头说什么\n镜头2（3秒）\n画面：……\n台词：……\n（共4到6个镜头，台词口语化，开头3秒要抓人）\n话题：3到5个话题标签，每个以#开头",
            echoes: &["这个镜头拍什么", "这个镜头说什么", "共4到6个镜头", "20个字以内", "每个以#开头"],
        },
        (Platform::Wechat, CopyLanguage::Zh) => Format {
            text: "标题：文章标题，30个字以内\n开头用一段话引入话题\n## 小标题\n一到两段正文\n## 小标题\n一到两段正文\n（共3到4个小标题，全文800字左右，最后一段总结并引导购买）",
            echoes: &["30个字以内", "一到两段正文", "共3到4个小标题", "全文800字左右", "开头用一段话引入话题"],
        },
        (Platform::Redbook, CopyLanguage::En) => Format {
            text: "Title: a catchy title of at most 20 characters, may include one emoji\nBody:\n3 to 5 short paragraphs with a few emoji: the selling points and when to use it, about 150 words\nTags: 3 to 5 hashtags, each starting with #",
            echoes: &["at most 20 characters", "3 to 5 short paragraphs", "each starting with #", "about 150 words"],
        },
        (Platform::Weibo, CopyLanguage::En) => Format {
            text: "Body: one post of about 60 words, conversational, a few emoji\nTags: 2 or 3 topics written as #topic#",
            echoes: &["about 60 words", "written as #topic#"],
        },
        (Platform::Tiktok, CopyLanguage::En) => Format {
            text: "Title: a video title of at most 20 characters\nShot 1 (3s)\nVisual: what the camera shows\nNarration: what is said\nShot 2 (3s)\nVisual: ...\nNarration: ...\n(4 to 6 shots; spoken style; hook the viewer in the first 3 seconds)\nTags: 3 to 5 hashtags, each starting with #",
            echoes: &["what the camera shows", "4 to 6 shots", "each starting with #", "at most 20 characters"],
        },
        (Platform::Wechat, CopyLanguage::En) => Format {
            text: "Title: the article title, at most 30 characters\nAn opening paragraph\n## Heading\none or two paragraphs\n## Heading\none or two paragraphs\n(3 or 4 headings, about 400 words, end with a summary and a call to buy)",
            echoes: &["at most 30 characters", "one or two paragraphs", "3 or 4 headings", "about 400 words"],
        },
    }
}

/// The request for one answer.
pub fn build(brief: Brief<'_>, platform: Platform, style: CopyStyle, language: CopyLanguage) -> Prompt {
    let zh = language.is_chinese();
    let name = platform.display_name(zh);
    let f = format(platform, language);
    let system = if zh {
        format!(
            "你是一名资深的{name}电商营销文案写手，为商家写能带来转化的内容。\n风格：{}。\n只用简体中文写作（品牌名和型号可以保留原文），不要写英文句子。直接输出内容，不要解释，不要重复这些要求。\n按下面的格式输出：\n{}",
            style.guidance(true),
            f.text
        )
    } else {
        format!(
            "You are an experienced e-commerce copywriter for {name}, writing content that sells for merchants.\nStyle: {}.\nWrite in English only. Output the content directly: no explanations, do not repeat these instructions.\nUse this format:\n{}",
            style.guidance(false),
            f.text
        )
    };
    let user = match (brief, zh) {
        (Brief::Rewrite { source }, true) => format!(
            "把下面这段文案改写成一篇新的{name}内容。保留商品的事实（名称、规格、价格、卖点），换一种说法，不要照抄原句。\n\n原文：\n{source}"
        ),
        (Brief::Article { source }, true) => format!(
            "下面是一篇爆款文章。借鉴它的选题、结构和吸引人的地方，为{name}写一篇新的内容，不要照抄原句。\n\n文章：\n{source}"
        ),
        (Brief::Topic { topic }, true) => format!("围绕这个主题为{name}写一篇内容：{topic}"),
        (Brief::Pictures { source }, true) => format!(
            "下面是从一篇笔记的图片里识别出的文字（可能有错字和无关的字）。读懂它介绍的商品和卖点，为{name}写一篇新的内容，不要照抄原句，看不懂的字不要写进去。\n\n图片文字：\n{source}"
        ),
        (Brief::Transcript { source }, true) => format!(
            "下面是一条短视频的口播转写（可能有听错的字）。读懂它讲的商品和卖点，写一条新的短视频脚本，不要照抄原句。\n\n视频转写：\n{source}"
        ),
        (Brief::Content { brief, .. }, true) => content_request(brief, name, true),
        (Brief::Content { brief, .. }, false) => content_request(brief, name, false),
        (Brief::Rewrite { source }, false) => format!(
            "Rewrite the copy below as new {name} content. Keep the product facts (name, specs, price, selling points), say it differently, do not copy its sentences.\n\nOriginal:\n{source}"
        ),
        (Brief::Article { source }, false) => format!(
            "Below is a popular article. Borrow its topic, structure and hooks to write new {name} content; do not copy its sentences.\n\nArticle:\n{source}"
        ),
        (Brief::Topic { topic }, false) => format!("Write {name} content on this topic: {topic}"),
        (Brief::Pictures { source }, false) => format!(
            "Below is the text read from a note's pictures (it may hold misread words and stray labels). Work out the product and its selling points and write new {name} content; do not copy its sentences, and leave out what you cannot make sense of.\n\nText in the pictures:\n{source}"
        ),
        (Brief::Transcript { source }, false) => format!(
            "Below is the transcript of a short video's speech (it may mishear words). Work out the product and its selling points and write a new short-video script; do not copy its sentences.\n\nTranscript:\n{source}"
        ),
    };
    let mut instructions: Vec<&'static str> = f.echoes.to_vec();
    instructions.extend(if zh {
        ["不要重复这些要求", "按下面的格式输出", "电商营销文案写手"]
    } else {
        ["do not repeat these instructions", "Use this format", "experienced e-commerce copywriter"]
    });
    Prompt { system, user, max_tokens: max_tokens(platform), instructions }
}

/// The request for a post: the subject to ride, the product, and what the
/// merchant added, each on its own line when given.
fn content_request(brief: &ContentBrief, platform: &str, zh: bool) -> String {
    let line = |label: &str, value: &str| if value.is_empty() { String::new() } else { format!("\n{label}{value}") };
    if zh {
        format!(
            "为{platform}写一篇营销内容：借助下面的主题，推广商家的商品，把主题和商品自然地联系起来。商品信息里没有的价格和规格不要编。\n\n主题：{}{}\n商品：{}{}{}{}",
            brief.topic,
            line("主题说明：", &brief.topic_desc),
            brief.product_name,
            line("商品信息：", &brief.product_info),
            line("营销目标：", &brief.market_desc),
            line("其他要求：", &brief.prompt),
        )
    } else {
        format!(
            "Write a {platform} marketing post that rides the topic below to promote the merchant's product; link the two naturally. Do not invent prices or specs the product information does not give.\n\nTopic: {}{}\nProduct: {}{}{}{}",
            brief.topic,
            line("About the topic: ", &brief.topic_desc),
            brief.product_name,
            line("Product information: ", &brief.product_info),
            line("Goal: ", &brief.market_desc),
            line("Also: ", &brief.prompt),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::copywriting::{parse, Platform};

    #[test]
    fn every_platform_and_language_has_a_format_the_parser_reads() {
        // The format text itself, read as an answer, has the parts its
        // platform needs: the labels asked for are the labels read.
        for platform in Platform::ALL {
            for language in [CopyLanguage::Zh, CopyLanguage::En] {
                let p = build(Brief::Rewrite { source: "保温杯" }, platform, CopyStyle::default(), language);
                let copy = parse(format(platform, language).text, platform);
                assert!(copy.platform_fits(platform), "{platform:?} {language:?}");
                if platform.title_max().is_some() {
                    assert!(!copy.title().unwrap_or_default().is_empty(), "{platform:?} {language:?}: no title read");
                }
                assert!(p.system.contains(format(platform, language).text));
                assert!(p.user.contains("保温杯"));
                // An answer that is the template is an echo.
                assert!(p.instructions.iter().any(|e| format(platform, language).text.contains(e)));
            }
        }
    }

    #[test]
    fn a_content_request_names_the_topic_and_product_and_skips_what_is_empty() {
        let brief = ContentBrief {
            topic: "立秋".into(),
            topic_desc: String::new(),
            product_name: "桂花乌龙奶茶".into(),
            product_info: "中杯16元".into(),
            market_desc: String::new(),
            prompt: "提到第二杯半价".into(),
            style: CopyStyle::Lively,
            language: CopyLanguage::Zh,
            product_image: None,
        };
        let facts = brief.facts();
        let b = Brief::Content { brief: &brief, facts: &facts };
        let p = build(b, Platform::Weibo, brief.style, brief.language);
        assert!(
            p.user.contains("主题：立秋\n商品：桂花乌龙奶茶\n商品信息：中杯16元\n其他要求：提到第二杯半价"),
            "{}",
            p.user
        );
        assert!(!p.user.contains("主题说明") && !p.user.contains("营销目标"));
        assert!(p.system.contains("微博"));
        assert_eq!(b.facts(), Some("立秋\n桂花乌龙奶茶\n中杯16元\n提到第二杯半价"));
    }

    #[test]
    fn the_style_is_in_the_system_prompt() {
        let p = build(Brief::Topic { topic: "露营" }, Platform::Redbook, CopyStyle::Professional, CopyLanguage::Zh);
        assert!(p.system.contains("专业严谨"));
        assert!(p.user.contains("露营"));
    }
}
