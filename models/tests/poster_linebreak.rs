//! Chinese line breaking on hard strings: at many widths, no line starts
//! with a closing mark and no line ends with an opening one, and no
//! character is lost or duplicated. The narrowest width holds four
//! characters: the longest cluster the rules keep together here ("元。。。").
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::OnceLock;

use pixmart_models::poster::{kinsoku, render_detailed, FontSet, PosterInputs, Template};

fn fonts() -> &'static FontSet {
    static FONTS: OnceLock<FontSet> = OnceLock::new();
    FONTS.get_or_init(|| FontSet::debian().expect("Debian Noto fonts"))
}

const HARD: [&str; 10] = [
    "今天天气很好，我们一起去公园散步吧。你觉得怎么样？",
    "他说：「这是最好的选择。」然后离开了。",
    "《红楼梦》《西游记》《水浒传》《三国演义》是四大名著。",
    "价格：（限时）特惠！！！仅需99元。。。",
    "【爆款】【新品】【包邮】（赠品）「限量」『典藏』",
    "真的吗？！太好了！！我要买三个，不，五个。",
    "春眠不觉晓、处处闻啼鸟、夜来风雨声、花落知多少。",
    "“双引号”和‘单引号’混排，再加上English words and 数字123。",
    "……省略号开头的句子，以及——破折号——的用法。",
    "短句。短句。短句。短句。短句。短句。短句。短句。",
];

fn layout_lines(text: &str, width: u32, vertical: bool) -> (Vec<String>, bool) {
    let (w, h) = if vertical { (600, width) } else { (width, 600) };
    let v = serde_json::json!({
        "version": 1, "id": "lb", "name": {"zh": "断行", "en": "Breaks"}, "category": "productHero",
        "canvas": {"width": w, "height": h, "aspect": "original"},
        "background": {"type": "solid", "color": "#ffffff"},
        "layers": [{"type": "text", "id": "t", "role": "free", "box": {"x": 0, "y": 0, "w": w, "h": h},
            "text": text, "size": {"min": 30, "max": 30}, "color": "#000", "maxLines": 50, "lineHeight": 1.2,
            "align": "left", "vertical": vertical}]
    });
    let t = Template::from_json(&v.to_string()).unwrap();
    let (_, report) = render_detailed(&t, &PosterInputs::default(), fonts(), 1.0).unwrap();
    let layout = report.texts[0].2.clone();
    (layout.lines, layout.truncated)
}

fn strip(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn horizontal_lines_follow_the_rules_at_every_width() {
    for text in HARD {
        for width in (125..=455).step_by(30) {
            let (lines, truncated) = layout_lines(text, width, false);
            assert!(!truncated, "{text} @ {width}: {lines:?}");
            assert!(kinsoku::violations(&lines).is_empty(), "{text} @ {width}: {lines:?}");
            assert_eq!(strip(&lines.concat()), strip(text), "{text} @ {width}: {lines:?}");
        }
    }
}

#[test]
fn vertical_columns_follow_the_rules_at_every_height() {
    for text in HARD {
        for height in (125..=455).step_by(30) {
            let (columns, truncated) = layout_lines(text, height, true);
            assert!(!truncated, "{text} @ {height}: {columns:?}");
            assert!(kinsoku::violations(&columns).is_empty(), "{text} @ {height}: {columns:?}");
            let back: String = columns.concat().chars().collect();
            assert_eq!(strip(&back).chars().count(), strip(text).chars().count(), "{text} @ {height}: {columns:?}");
        }
    }
}
