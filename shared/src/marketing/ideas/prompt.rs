//! What the model is asked at each stage. Answers come back as labelled
//! lines that [`super::read`] reads; a worked example in the system prompt
//! keeps a small model to the format far more often than a description.

use super::{Idea, IdeaBrief, IdeaStage, IDEAS_PER_STAGE};
use crate::copywriting::prompt::Prompt;

/// Phrases of the instructions that only an echo of them would contain.
pub(super) const ECHOES_ZH: &[&str] = &["按下面的格式", "不要解释", "直接输出"];
pub(super) const ECHOES_EN: &[&str] = &["in this format", "do not explain", "answer directly"];

/// The request for `stage` of the report `brief`; `summary` is the event
/// summary once written (later stages build on it).
pub fn build(stage: IdeaStage, brief: &IdeaBrief, summary: Option<&str>) -> Prompt {
    build_more(stage, brief, summary, &[])
}

/// The request for an idea stage's remaining ideas once `have` are kept
/// (a small model often writes fewer than asked: what it wrote well is
/// kept and only the rest asked for, naming the titles not to repeat).
/// Other stages ignore `have`.
pub fn build_more(stage: IdeaStage, brief: &IdeaBrief, summary: Option<&str>, have: &[Idea]) -> Prompt {
    let zh = brief.language.is_chinese();
    let count = IDEAS_PER_STAGE.saturating_sub(have.len()).max(1);
    let system = if zh { system_zh(stage, brief, count) } else { system_en(stage, brief, count) };
    let mut user = user(brief, summary, zh);
    if stage.social_type().is_some() && !have.is_empty() {
        let titles: Vec<&str> = have.iter().map(|i| i.title.as_str()).collect();
        if zh {
            user.push_str(&format!("\n已经写好的创意（不要重复）：{}", titles.join("；")));
        } else {
            user.push_str(&format!("\nIdeas already written (do not repeat them): {}", titles.join("; ")));
        }
    }
    Prompt {
        system,
        user,
        max_tokens: max_tokens(stage, count),
        instructions: if zh { ECHOES_ZH.to_vec() } else { ECHOES_EN.to_vec() },
    }
}

/// The answer format for `count` ideas, two lines each.
fn idea_format(count: usize, zh: bool) -> String {
    (1..=count)
        .map(|n| match (zh, n) {
            (true, 1) => "创意1：创意标题，15个字以内\n内容：两三句话说明怎么做".to_owned(),
            (true, n) => format!("创意{n}：……\n内容：……"),
            (false, 1) => {
                "Idea 1: a title of at most 8 words\nContent: two or three sentences on how to do it".to_owned()
            }
            (false, n) => format!("Idea {n}: ...\nContent: ..."),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Enough for the stage's answer and no more (the model ignores length
/// instructions; this bounds how long a stage takes).
fn max_tokens(stage: IdeaStage, ideas: usize) -> usize {
    match stage {
        IdeaStage::Summary => 220,
        // About 170 tokens an idea, as for the whole stage before.
        IdeaStage::AdviceOnline | IdeaStage::AdviceOnlineVideo | IdeaStage::AdviceOffline => 40 + 160 * ideas,
        IdeaStage::Association | IdeaStage::Risk => 300,
    }
}

fn user(brief: &IdeaBrief, summary: Option<&str>, zh: bool) -> String {
    let mut lines = Vec::new();
    let noun = brief.mkt_type.noun(zh);
    if zh {
        lines.push(format!("热点：{}", brief.topic));
        if !brief.background.is_empty() {
            lines.push(format!("热点详情：{}", brief.background));
        }
        if let Some(s) = summary {
            lines.push(format!("事件总结：{s}"));
        }
        lines.push(format!("{noun}：{}", brief.market_desc));
        if !brief.prompt.is_empty() {
            lines.push(format!("商家要求：{}", brief.prompt));
        }
    } else {
        lines.push(format!("Hotspot: {}", brief.topic));
        if !brief.background.is_empty() {
            lines.push(format!("Details: {}", brief.background));
        }
        if let Some(s) = summary {
            lines.push(format!("Event summary: {s}"));
        }
        lines.push(format!("The {noun}: {}", brief.market_desc));
        if !brief.prompt.is_empty() {
            lines.push(format!("The merchant asks: {}", brief.prompt));
        }
    }
    lines.join("\n")
}

// The association and risk stages have no worked example: the 0.5B copied
// the risk example word for word in every attempt (2026-11-28), and their
// numbered format needs none.
fn system_zh(stage: IdeaStage, brief: &IdeaBrief, count: usize) -> String {
    let noun = brief.mkt_type.noun(true);
    let role = "你是一名资深的电商营销策划，擅长借助热点为商家策划营销。只用简体中文写作，不要编造商品信息里没有的数字和功效。直接输出，不要解释，不要重复这些要求。";
    let style = brief.style.guidance(true);
    match stage {
        IdeaStage::Summary => format!(
            "{role}\n用两三句话总结这个热点事件：发生了什么，为什么受关注，哪些人在讨论。按下面的格式输出：\n事件总结：……\n\n例如：\n事件总结：某地文旅局长穿汉服为家乡代言的视频走红，网友被其反差感吸引，年轻人纷纷晒出自己家乡的特色。"
        ),
        IdeaStage::AdviceOnline | IdeaStage::AdviceOnlineVideo | IdeaStage::AdviceOffline => {
            let (what, example) = match stage {
                IdeaStage::AdviceOnlineVideo => (
                    "短视频创意（抖音、视频号），写清楚开头三秒、镜头和结尾的引导",
                    "创意1：文旅局长同款挑战\n内容：开头三秒模仿热点视频的转身镜头，随后展示耳机降噪的前后对比，结尾邀请观众拍同款。\n创意2：地铁里的安静三十秒\n内容：镜头从嘈杂的地铁车厢开始，戴上耳机后声音骤停，字幕写出通勤人的小确幸。\n创意3：一秒回到老家\n内容：用耳机播放家乡方言的声音，拍下网友听到后的真实反应，结尾引导评论区说出自己的家乡。",
                ),
                IdeaStage::AdviceOffline => (
                    "线下活动创意（门店、快闪、社群），写清楚活动形式和参与方式",
                    "创意1：汉服打卡送试听\n内容：门店设置汉服打卡角，顾客穿汉服拍照发社交平台即可免费试听降噪耳机，并抽取优惠券。\n创意2：安静角落快闪\n内容：在商场中庭搭一个隔音快闪屋，顾客进屋体验降噪，扫码关注即可领取小礼物。\n创意3：家乡声音收集站\n内容：社群里征集家乡的声音，被选中的作品在门店播放，作者获得耳机优惠券。",
                ),
                _ => (
                    "社交媒体图文创意（小红书、微博），写清楚配图画面和文案要点",
                    "创意1：家乡的声音\n内容：配图是戴着耳机站在家乡老街的年轻人，文案写降噪后听见的家乡声音，引导网友晒自己家乡的声音。\n创意2：局长同款通勤照\n内容：九宫格对比热点视频和通勤日常，文案调侃自己也是家乡代言人，突出耳机的轻巧。\n创意3：安静才听得见乡音\n内容：配图是夜晚的老街路灯，文案讲在喧闹城市里用降噪耳机听家乡话的温暖。",
                ),
            };
            format!(
                "{role}\n结合热点，为这个{noun}写{count}个{what}。风格：{style}。\n按下面的格式输出，每个创意两行：\n{}\n\n例如，热点是文旅局长代言家乡、商品是降噪耳机时：\n{example}",
                idea_format(count, true)
            )
        }
        IdeaStage::Association => format!(
            "{role}\n分析这个热点和这个{noun}之间的关联点：人群、场景、情绪或话题上的联系。写2到4条。按下面的格式输出：\n1. ……\n2. ……"
        ),
        IdeaStage::Risk => format!(
            "{role}\n指出借这个热点为这个{noun}做营销时可能遇到的风险：舆论、合规、版权或消费者误解，并给出规避建议。写2到4条。按下面的格式输出：\n1. ……\n2. ……"
        ),
    }
}

fn system_en(stage: IdeaStage, brief: &IdeaBrief, count: usize) -> String {
    let noun = brief.mkt_type.noun(false);
    let role = "You are a senior e-commerce marketing planner who helps merchants ride trending topics. Write in English. Never invent figures or claims the brief does not state. Answer directly; do not explain or repeat these instructions.";
    let style = brief.style.guidance(false);
    match stage {
        IdeaStage::Summary => format!(
            "{role}\nSummarise the trending event in two or three sentences: what happened, why people care, who is talking about it. Answer in this format:\nSummary: ...\n\nFor example:\nSummary: A tourism official's video in traditional dress went viral; viewers loved the contrast and began posting what makes their own hometowns special."
        ),
        IdeaStage::AdviceOnline | IdeaStage::AdviceOnlineVideo | IdeaStage::AdviceOffline => {
            let (what, example) = match stage {
                IdeaStage::AdviceOnlineVideo => (
                    "short-video ideas, with the opening seconds, the shots and the closing call to action",
                    "Idea 1: The hometown challenge\nContent: Open with the viral turn-around shot, cut to a before-and-after of the noise cancelling, and close by inviting viewers to film their own.\nIdea 2: Thirty quiet seconds\nContent: Start in a loud subway car; the sound drops when the earbuds go in, and a caption names the small joy.\nIdea 3: Home in one second\nContent: Play a hometown dialect through the earbuds and film real reactions; ask viewers to name their hometown.",
                ),
                IdeaStage::AdviceOffline => (
                    "offline ideas (in store, pop-up, community), with the format and how people join",
                    "Idea 1: Dress up, listen free\nContent: A photo corner in store; customers who post a photo in costume get a free listening session and a coupon draw.\nIdea 2: The quiet room\nContent: A sound-proof pop-up in the mall atrium where shoppers try the noise cancelling and get a gift for following.\nIdea 3: Sounds of home wall\nContent: Collect hometown sounds in the community group; chosen ones play in store and win a coupon.",
                ),
                _ => (
                    "picture-and-text social media ideas, with the picture and the key message",
                    "Idea 1: Sounds of home\nContent: A young commuter on an old street at home, wearing the earbuds; the post asks followers to share the sounds of their hometown.\nIdea 2: Commute like an official\nContent: A grid comparing the viral video with a daily commute, joking that we all speak for our hometowns.\nIdea 3: Quiet enough for home\nContent: An old street at night; the post tells of hearing a hometown accent through the noise of the city.",
                ),
            };
            format!(
                "{role}\nUsing the trend, write {count} {what} for this {noun}. Style: {style}.\nAnswer in this format, two lines per idea:\n{}\n\nFor example, for a viral hometown video and noise-cancelling earbuds:\n{example}",
                idea_format(count, false)
            )
        }
        IdeaStage::Association => format!(
            "{role}\nExplain how the trend connects to this {noun}: shared audience, moments, feelings or topics. Write 2 to 4 points in this format:\n1. ...\n2. ..."
        ),
        IdeaStage::Risk => format!(
            "{role}\nList the risks of riding this trend for this {noun} (backlash, compliance, copyright, misleading customers) with how to avoid each. Write 2 to 4 points in this format:\n1. ...\n2. ..."
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::copywriting::{CopyLanguage, CopyStyle};
    use crate::marketing::ideas::MktType;

    fn brief(language: CopyLanguage) -> IdeaBrief {
        IdeaBrief {
            topic: "秋天的第一杯奶茶".into(),
            background: "立秋当天话题冲上热搜".into(),
            mkt_type: MktType::Product,
            market_desc: "桂花乌龙奶茶，18元一杯".into(),
            prompt: String::new(),
            style: CopyStyle::Humorous,
            language,
        }
    }

    #[test]
    fn later_stages_read_the_summary_and_every_stage_names_its_format() {
        let b = brief(CopyLanguage::Zh);
        let p = build(IdeaStage::AdviceOnline, &b, Some("立秋喝奶茶成了仪式"));
        assert!(p.user.contains("事件总结：立秋喝奶茶成了仪式"));
        assert!(p.user.contains("商品：桂花乌龙奶茶"));
        assert!(p.system.contains("创意3：") && p.system.contains("整活幽默"));
        assert!(!build(IdeaStage::Summary, &b, None).user.contains("事件总结"));
        assert!(build(IdeaStage::Risk, &b, None).system.contains("风险"));
        let en = build(IdeaStage::AdviceOffline, &brief(CopyLanguage::En), None);
        assert!(en.system.contains("Idea 3:") && en.system.contains("offline"));
    }

    #[test]
    fn the_remaining_ideas_are_asked_for_naming_the_kept_ones() {
        let b = brief(CopyLanguage::Zh);
        let kept = [Idea { title: "秋日第一杯".into(), content: "拍一张落叶和奶茶的合照。".into() }];
        let p = build_more(IdeaStage::AdviceOnline, &b, None, &kept);
        assert!(p.system.contains("写2个社交媒体图文创意"), "{}", p.system);
        assert!(p.system.contains("创意2：") && !p.system.contains("创意3：……"));
        assert!(p.user.ends_with("已经写好的创意（不要重复）：秋日第一杯"));
        assert!(p.max_tokens < build(IdeaStage::AdviceOnline, &b, None).max_tokens);
        // Stages without ideas are asked the same whatever is kept.
        assert_eq!(build_more(IdeaStage::Risk, &b, None, &kept).user, build(IdeaStage::Risk, &b, None).user);
    }
}
