//! The tone of a piece of copy: the original app's seven styles.

use serde::{Deserialize, Serialize};

/// A writing style. Wire names are stable ids; the web shows the original
/// app's Chinese names (整活幽默 …) or their English labels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum CopyStyle {
    /// 整活幽默, the default.
    #[default]
    Humorous,
    /// 专业严谨
    Professional,
    /// 生动活泼
    Lively,
    /// 脑洞大开
    Imaginative,
    /// 阳光励志
    Uplifting,
    /// 情感共鸣
    Emotional,
    /// 生活日常
    Everyday,
}

impl CopyStyle {
    pub const ALL: [CopyStyle; 7] = [
        CopyStyle::Humorous,
        CopyStyle::Professional,
        CopyStyle::Lively,
        CopyStyle::Imaginative,
        CopyStyle::Uplifting,
        CopyStyle::Emotional,
        CopyStyle::Everyday,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            CopyStyle::Humorous => "humorous",
            CopyStyle::Professional => "professional",
            CopyStyle::Lively => "lively",
            CopyStyle::Imaginative => "imaginative",
            CopyStyle::Uplifting => "uplifting",
            CopyStyle::Emotional => "emotional",
            CopyStyle::Everyday => "everyday",
        }
    }

    /// Also accepts the original app's Chinese names.
    pub fn parse(raw: &str) -> Option<CopyStyle> {
        let raw = raw.trim();
        CopyStyle::ALL.into_iter().find(|s| s.as_str() == raw || s.chinese_name() == raw)
    }

    pub fn chinese_name(self) -> &'static str {
        match self {
            CopyStyle::Humorous => "整活幽默",
            CopyStyle::Professional => "专业严谨",
            CopyStyle::Lively => "生动活泼",
            CopyStyle::Imaginative => "脑洞大开",
            CopyStyle::Uplifting => "阳光励志",
            CopyStyle::Emotional => "情感共鸣",
            CopyStyle::Everyday => "生活日常",
        }
    }

    /// How the style is described to the model.
    pub fn guidance(self, chinese: bool) -> &'static str {
        match (self, chinese) {
            (CopyStyle::Humorous, true) => "整活幽默：用网络热梗、夸张和反转制造笑点，轻松好玩，但卖点要讲清楚",
            (CopyStyle::Professional, true) => "专业严谨：用数据、成分、工艺和对比说话，措辞准确克制，不夸大",
            (CopyStyle::Lively, true) => "生动活泼：画面感强，多用比喻和拟声词，节奏明快",
            (CopyStyle::Imaginative, true) => "脑洞大开：设定一个出人意料的场景或角色来讲这个商品，新奇有趣",
            (CopyStyle::Uplifting, true) => "阳光励志：积极向上，把商品和更好的生活、成长联系起来",
            (CopyStyle::Emotional, true) => "情感共鸣：从真实的小情绪和生活痛点切入，温暖走心",
            (CopyStyle::Everyday, true) => "生活日常：像朋友分享日常一样自然亲切，讲具体的使用场景",
            (CopyStyle::Humorous, false) => {
                "humorous: playful, with exaggeration and a twist, while the selling points stay clear"
            }
            (CopyStyle::Professional, false) => {
                "professional: precise, with facts, materials and comparisons, never exaggerated"
            }
            (CopyStyle::Lively, false) => "lively: vivid images, upbeat rhythm",
            (CopyStyle::Imaginative, false) => "imaginative: put the product in a surprising scene or role",
            (CopyStyle::Uplifting, false) => "uplifting: positive, linking the product to a better life",
            (CopyStyle::Emotional, false) => {
                "emotional: start from a real feeling or everyday pain point, warm and sincere"
            }
            (CopyStyle::Everyday, false) => {
                "everyday: natural, like a friend sharing a daily moment, with concrete use cases"
            }
        }
    }
}
