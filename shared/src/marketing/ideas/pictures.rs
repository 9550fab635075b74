//! One picture of each kind per picture idea, made from the merchant's
//! product photo once the picture ideas arrive: a **scene** picture (the
//! product on a library background chosen for the idea, `PRODUCT_IMAGE`)
//! and a **design** picture (the idea's title and key line typeset over
//! the product on a poster template, `PLACARD_GEN`). Both are bought with
//! the ideas (30 for 3): their tasks cost nothing.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::Idea;
use crate::copywriting::text::{cut_at_break, sentences};
use crate::domain::task_spec::{product_image::TEMPLATES, upload_url};
use crate::domain::wire_enum::wire_enum;
use crate::domain::{TaskId, UploadId};

wire_enum! {
    /// Which picture of an idea.
    PictureKind {
        Scene = "scene",
        Design = "design",
    }
}

/// A picture of an idea: which idea (its place among the picture ideas),
/// which kind, and the task making it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IdeaPicture {
    pub idea: usize,
    pub kind: PictureKind,
    pub task_id: TaskId,
}

/// The poster template of every design picture: a 3:4 redbook cover with a
/// tag, a two-line title, a key line and the product.
pub const DESIGN_TEMPLATE: &str = "redbook-cover-clean";

/// Words that point to each library background, most specific first; an
/// idea that names none gets the bright studio.
const BACKGROUND_WORDS: &[(&str, &[&str])] = &[
    (
        "marble-counter",
        &[
            "厨房",
            "台面",
            "早餐",
            "下午茶",
            "饮品",
            "奶茶",
            "咖啡",
            "烘焙",
            "kitchen",
            "counter",
            "breakfast",
            "drink",
            "coffee",
            "tea",
        ],
    ),
    (
        "wood-table",
        &[
            "家", "温馨", "自然", "木", "露营", "秋", "丰收", "田园", "home", "cosy", "cozy", "nature", "wood",
            "autumn", "camp",
        ],
    ),
    ("studio-dark", &["夜", "酷", "科技", "黑", "神秘", "电竞", "night", "cool", "tech", "dark", "gaming"]),
    ("marble", &["高级", "奢", "精致", "优雅", "礼", "luxury", "elegant", "premium", "gift"]),
    ("concrete", &["都市", "街头", "工业", "潮", "通勤", "打工", "city", "street", "urban", "commute", "office"]),
];

/// The library background an idea's words point to.
pub fn scene_background(idea: &Idea) -> &'static str {
    let text = format!("{} {}", idea.title, idea.content).to_lowercase();
    let best = BACKGROUND_WORDS
        .iter()
        .map(|(id, words)| (*id, words.iter().filter(|w| text.contains(*w)).count()))
        .filter(|(_, hits)| *hits > 0)
        // The first of equals wins: the table's order.
        .fold(None::<(&str, usize)>, |best, (id, hits)| match best {
            Some((_, top)) if top >= hits => best,
            _ => Some((id, hits)),
        });
    let id = best.map_or("studio-light", |(id, _)| id);
    // Only ids the library has (a test checks every id of the table).
    TEMPLATES.iter().find(|t| t.id == id).map_or("studio-light", |t| t.id)
}

/// `PRODUCT_IMAGE` options of an idea's scene picture.
pub fn scene_params(idea: &Idea, product: UploadId) -> Value {
    json!({ "imageUrl": upload_url(product), "backgroundId": scene_background(idea), "genNum": 1, "ratio": "3:4" })
}

/// `PLACARD_GEN` options of an idea's design picture: the topic as the
/// tag, the idea's title, its first sentence as the key line; the
/// template's sample selling points are cleared.
pub fn design_params(idea: &Idea, topic: &str, product: UploadId) -> Value {
    let key_line = sentences(&idea.content).first().map_or(idea.content.as_str(), |s| *s).trim().to_owned();
    json!({
        "templateId": DESIGN_TEMPLATE,
        "texts": {
            "tag": cut_at_break(topic, 8),
            "title": cut_at_break(&idea.title, 16),
            "subtitle": cut_at_break(&key_line, 36),
            "points": "",
        },
        "images": { "product": upload_url(product) },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::copywriting::text::char_count;
    use crate::domain::TaskSpec;

    fn idea(title: &str, content: &str) -> Idea {
        Idea { title: title.into(), content: content.into() }
    }

    #[test]
    fn the_background_follows_the_ideas_words() {
        assert_eq!(scene_background(&idea("秋日第一杯", "下午茶时间，奶茶配落叶")), "marble-counter");
        assert_eq!(scene_background(&idea("通勤续命", "打工人的街头早八")), "concrete");
        assert_eq!(scene_background(&idea("高级感礼盒", "送礼精致之选")), "marble");
        assert_eq!(scene_background(&idea("随便", "没有提示词")), "studio-light");
        for (id, _) in BACKGROUND_WORDS {
            assert!(TEMPLATES.iter().any(|t| t.id == *id), "{id} is not in the library");
        }
    }

    #[test]
    fn both_pictures_are_valid_tasks() {
        let product = UploadId::new();
        let i = idea("秋天的第一杯桂花乌龙奶茶真好喝", "拍一张落叶和奶茶的合照。文案写立秋的仪式感。");
        let scene = TaskSpec::parse("PRODUCT_IMAGE", &scene_params(&i, product)).unwrap();
        assert_eq!(scene.input_uploads(), [product]);
        let design = TaskSpec::parse("PLACARD_GEN", &design_params(&i, "秋天的第一杯奶茶", product)).unwrap();
        let TaskSpec::Poster(p) = &design else { panic!("{design:?}") };
        assert_eq!(p.texts["subtitle"], "拍一张落叶和奶茶的合照。");
        assert!(char_count(&p.texts["title"]) <= 16, "two lines of the template's title");
        assert_eq!(p.texts["points"], "");
        assert_eq!(design.input_uploads(), [product]);
    }
}
