//! Hot words: the words of hotspot titles and summaries, counted per
//! window and ranked by growth. Segmentation is `jieba-rs` with its
//! part-of-speech tags, so only nouns, verbs, names and English words count.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use jieba_rs::Jieba;
use serde::Serialize;
use utoipa::ToSchema;

static JIEBA: LazyLock<Jieba> = LazyLock::new(Jieba::new);

/// Words too common to say anything about a trend.
const STOP_WORDS: &[&str] = &[
    "一个",
    "一些",
    "一下",
    "一样",
    "什么",
    "怎么",
    "如何",
    "为什么",
    "这个",
    "那个",
    "这些",
    "那些",
    "没有",
    "可以",
    "就是",
    "还是",
    "已经",
    "我们",
    "你们",
    "他们",
    "大家",
    "自己",
    "时候",
    "今天",
    "现在",
    "真的",
    "知道",
    "觉得",
    "进行",
    "表示",
    "发现",
    "成为",
    "需要",
    "开始",
    "出现",
    "问题",
    "事情",
    "东西",
    "内容",
    "分享",
    "推荐",
    "来了",
    "the",
    "and",
    "for",
    "with",
    "you",
    "are",
    "this",
    "that",
    "from",
    "your",
];

/// Keeps nouns (n, nr, ns, nt, nz, vn…), verbs and English words.
fn meaningful(tag: &str) -> bool {
    tag.starts_with('n') || tag == "v" || tag == "vn" || tag == "eng"
}

/// The distinct words of one text that can make a hot word, in order of
/// first appearance (lower-cased English).
pub fn words(text: &str) -> Vec<String> {
    let mut seen = HashSet::new();
    JIEBA
        .tag(text, true)
        .into_iter()
        .filter(|t| meaningful(t.tag))
        .map(|t| t.word.trim().to_lowercase())
        .filter(|w| {
            let chars = w.chars().count();
            let ascii = w.is_ascii();
            // One Chinese character or two Latin letters say too little.
            (if ascii { chars >= 3 } else { chars >= 2 })
                && chars <= 12
                && !w.chars().all(|c| c.is_ascii_digit())
                && !STOP_WORDS.contains(&w.as_str())
        })
        .filter(|w| seen.insert(w.clone()))
        .collect()
}

/// One word's counts in the recent window and the one before it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WordTrend {
    pub word: String,
    /// Mentions in the recent window.
    pub recent: u32,
    /// Mentions in the window before it (as long).
    pub earlier: u32,
    /// `recent - earlier`.
    pub growth: i64,
}

/// Ranks words by growth, then by recent mentions, then alphabetically (so
/// equal counts always come out in the same order). Each element of
/// `recent`/`earlier` is one mention: the words of one observed hotspot.
/// Words mentioned fewer than `min_recent` times recently are left out.
pub fn rank<'a>(
    recent: impl IntoIterator<Item = &'a [String]>,
    earlier: impl IntoIterator<Item = &'a [String]>,
    min_recent: u32,
) -> Vec<WordTrend> {
    let mut counts: HashMap<&str, (u32, u32)> = HashMap::new();
    for mention in recent {
        for w in mention {
            counts.entry(w).or_default().0 += 1;
        }
    }
    for mention in earlier {
        for w in mention {
            counts.entry(w).or_default().1 += 1;
        }
    }
    let mut trends: Vec<WordTrend> = counts
        .into_iter()
        .filter(|(_, (r, _))| *r >= min_recent.max(1))
        .map(|(w, (r, e))| WordTrend { word: w.to_owned(), recent: r, earlier: e, growth: i64::from(r) - i64::from(e) })
        .collect();
    trends.sort_by(|a, b| b.growth.cmp(&a.growth).then(b.recent.cmp(&a.recent)).then(a.word.cmp(&b.word)));
    trends
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_keep_nouns_and_drop_noise() {
        let w = words("秋冬护手霜测评：我们发现这5款平价好物真的好用 iPhone");
        assert!(w.contains(&"护手霜".to_owned()), "{w:?}");
        assert!(w.contains(&"iphone".to_owned()), "{w:?}");
        for noise in ["我们", "真的", "5", "：", "这"] {
            assert!(!w.contains(&noise.to_owned()), "{noise} in {w:?}");
        }
        let again = words("护手霜 护手霜 护手霜");
        assert_eq!(again.iter().filter(|x| *x == "护手霜").count(), 1, "once per text");
    }

    /// A fixed corpus with a known answer: 露营 rises (1 → 4 mentions), 月饼
    /// falls (3 → 1), 咖啡 holds (2 → 2).
    #[test]
    fn ranking_on_a_fixed_corpus() {
        let earlier_titles =
            ["月饼礼盒推荐", "月饼口味大比拼", "冰皮月饼做法", "周末露营好去处", "咖啡拉花教程", "咖啡怎么选"];
        let recent_titles = [
            "秋季露营装备清单",
            "适合露营的地方",
            "带娃露营攻略",
            "露营咖啡怎么做",
            "月饼吃不完怎么办",
            "精品咖啡地图",
        ];
        let earlier: Vec<Vec<String>> = earlier_titles.iter().map(|t| words(t)).collect();
        let recent: Vec<Vec<String>> = recent_titles.iter().map(|t| words(t)).collect();
        let ranked = rank(recent.iter().map(Vec::as_slice), earlier.iter().map(Vec::as_slice), 1);
        let get = |w: &str| ranked.iter().find(|t| t.word == w).cloned().unwrap_or_else(|| panic!("{w} in {ranked:?}"));
        assert_eq!(ranked[0].word, "露营", "{ranked:?}");
        assert_eq!((get("露营").recent, get("露营").earlier, get("露营").growth), (4, 1, 3));
        assert_eq!((get("咖啡").recent, get("咖啡").earlier, get("咖啡").growth), (2, 2, 0));
        assert_eq!((get("月饼").recent, get("月饼").earlier, get("月饼").growth), (1, 3, -2));
        let pos = |w: &str| ranked.iter().position(|t| t.word == w).unwrap();
        assert!(pos("露营") < pos("咖啡") && pos("咖啡") < pos("月饼"));
        // Left out below the floor of recent mentions.
        let floor = rank(recent.iter().map(Vec::as_slice), earlier.iter().map(Vec::as_slice), 2);
        assert!(floor.iter().all(|t| t.recent >= 2));
    }
}
