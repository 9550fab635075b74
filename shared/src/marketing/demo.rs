//! The demonstration data set: hotspots the project makes up itself (not
//! scraped), from a fixed seed, so a fresh installation shows full lists.
//! Every source is named 示例·… so no one takes it for real data. Two
//! days of observations every two hours give rising, falling and steady
//! curves, and hotspots that appear only in the last hours.

use chrono::{DateTime, Duration, Utc};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::domain::hotspot::{HotspotKind, HotspotPlatform};
use crate::domain::task_spec::product_image::TEMPLATES;

/// One demonstration source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoSource {
    pub name: &'static str,
    pub platform: HotspotPlatform,
    pub kind: HotspotKind,
}

pub const SOURCES: [DemoSource; 5] = [
    DemoSource { name: "示例·微博热搜", platform: HotspotPlatform::Weibo, kind: HotspotKind::Topic },
    DemoSource { name: "示例·小红书热门笔记", platform: HotspotPlatform::Redbook, kind: HotspotKind::Note },
    DemoSource { name: "示例·抖音热门视频", platform: HotspotPlatform::Tiktok, kind: HotspotKind::Video },
    DemoSource { name: "示例·微信热文", platform: HotspotPlatform::Wechat, kind: HotspotKind::Topic },
    DemoSource { name: "示例·小红书热门图片", platform: HotspotPlatform::Redbook, kind: HotspotKind::Image },
];

/// One observation: when, the rank in its source's list, the heat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DemoObservation {
    pub at: DateTime<Utc>,
    pub rank: u32,
    pub heat: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoHotspot {
    /// Index into [`SOURCES`].
    pub source: usize,
    pub key: String,
    pub title: String,
    pub summary: String,
    pub pic_url: Option<String>,
    /// Oldest first; never empty.
    pub observations: Vec<DemoObservation>,
}

const THEMES: &[(&str, &str)] = &[
    ("围炉煮茶", "冬日社交新方式"),
    ("秋冬护手霜", "干燥季节刚需"),
    ("露营咖啡", "户外与精品咖啡的结合"),
    ("双11囤货清单", "理性消费成为主流"),
    ("城市漫步", "年轻人的低成本出游"),
    ("羽绒服选购", "充绒量与蓬松度怎么看"),
    ("保温杯", "打工人续命神器"),
    ("宠物冬季护理", "毛孩子也怕冷"),
    ("早八通勤穿搭", "简单又有质感"),
    ("年货礼盒", "送礼体面又实用"),
    ("居家收纳", "小户型扩容术"),
    ("滑雪装备", "雪季开板准备"),
    ("烤红薯", "街头冬日限定"),
    ("香薰蜡烛", "氛围感拉满"),
    ("健身餐", "低卡也能好吃"),
    ("国货彩妆", "平价也有大牌质感"),
    ("亲子手工", "周末在家遛娃"),
    ("热红酒", "一杯暖到心里"),
    ("智能手表", "运动健康新伙伴"),
    ("毛绒玩具", "治愈系解压好物"),
    ("手冲咖啡", "在家也能做出店里的味道"),
    ("冬季护发", "静电与毛躁告别"),
];

const TOPIC_TITLES: &[&str] =
    &["{t}火了：{a}", "{t}为什么突然走红", "{t}相关话题阅读量破亿", "网友热议{t}", "{t}成今冬新晋顶流"];
const NOTE_TITLES: &[&str] =
    &["{t}｜亲测好用的5个小技巧", "{t}清单：{a}", "被问爆的{t}合集", "新手必看的{t}攻略", "{t}避坑指南"];
const VIDEO_TITLES: &[&str] = &["30秒看懂{t}", "{t}vlog：{a}", "一条视频讲清楚{t}", "{t}挑战", "跟着博主学{t}"];
const IMAGE_TITLES: &[&str] = &["{t}氛围感拍照灵感", "{t}高级感摆拍", "{t}配色参考", "{t}静物构图"];

/// Observation times: every two hours over two days, the last at `now`.
const STEPS: i64 = 24;

fn title_for(kind: HotspotKind, rng: &mut StdRng, theme: &str, angle: &str) -> String {
    let list = match kind {
        HotspotKind::Topic => TOPIC_TITLES,
        HotspotKind::Note => NOTE_TITLES,
        HotspotKind::Video => VIDEO_TITLES,
        HotspotKind::Image => IMAGE_TITLES,
    };
    list[rng.random_range(0..list.len())].replace("{t}", theme).replace("{a}", angle)
}

/// The data set as of `now`: the same hotspots and curves for any `now`.
pub fn generate(now: DateTime<Utc>) -> Vec<DemoHotspot> {
    let mut rng = StdRng::seed_from_u64(20_261_128);
    let mut hotspots = Vec::new();
    for (s, source) in SOURCES.iter().enumerate() {
        let count = if source.kind == HotspotKind::Image { 12 } else { 18 };
        // Each (source, theme) once: the themes are shuffled per source.
        let mut themes: Vec<usize> = (0..THEMES.len()).collect();
        for i in (1..themes.len()).rev() {
            themes.swap(i, rng.random_range(0..=i));
        }
        let mut curves = Vec::new();
        for (i, &t) in themes.iter().take(count).enumerate() {
            let (theme, angle) = THEMES[t];
            let base = rng.random_range(20_000..900_000_i64);
            // rising, falling, steady, or new in the last hours.
            let shape = i % 4;
            let born = if shape == 3 { STEPS - rng.random_range(2..6) } else { 0 };
            let heats: Vec<Option<i64>> = (0..STEPS)
                .map(|step| {
                    if step < born {
                        return None;
                    }
                    let x = step as f64 / (STEPS - 1) as f64;
                    let factor = match shape {
                        0 => 0.2 + 1.6 * x * x,
                        1 => 1.5 - 1.1 * x,
                        2 => 1.0 + 0.05 * (x * 12.0).sin(),
                        _ => 0.5 + 2.0 * ((step - born) as f64 / 4.0),
                    };
                    Some((base as f64 * factor * rng.random_range(0.97..1.03)) as i64)
                })
                .collect();
            let pic_url = (source.kind == HotspotKind::Image || i % 3 == 0)
                .then(|| format!("/api/backgrounds/{}/preview", TEMPLATES[(i + s) % TEMPLATES.len()].id));
            hotspots.push(DemoHotspot {
                source: s,
                key: format!("demo:{s}:{t}"),
                title: title_for(source.kind, &mut rng, theme, angle),
                summary: format!("{theme}相关讨论持续升温，{angle}。（示例数据）"),
                pic_url,
                observations: Vec::new(),
            });
            curves.push(heats);
        }
        // Ranks at each step: by heat among the hotspots listed then.
        let first = hotspots.len() - curves.len();
        for step in 0..STEPS as usize {
            let mut listed: Vec<(usize, i64)> =
                curves.iter().enumerate().filter_map(|(i, c)| c[step].map(|h| (i, h))).collect();
            listed.sort_by_key(|&(_, heat)| std::cmp::Reverse(heat));
            let at = now - Duration::hours(2 * (STEPS - 1 - step as i64));
            for (rank, (i, heat)) in listed.into_iter().enumerate() {
                hotspots[first + i].observations.push(DemoObservation { at, rank: rank as u32 + 1, heat });
            }
        }
    }
    hotspots
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_set_every_time_with_every_shape() {
        let now = Utc::now();
        let a = generate(now);
        assert_eq!(a, generate(now));
        assert_eq!(a.len(), 18 * 4 + 12);
        assert!(a.iter().all(|h| !h.observations.is_empty() && h.observations.last().unwrap().at == now));
        let rising = a
            .iter()
            .filter(|h| {
                h.observations.len() == STEPS as usize
                    && h.observations[0].heat * 3 < h.observations.last().unwrap().heat
            })
            .count();
        let newcomers = a.iter().filter(|h| h.observations.len() < 8).count();
        assert!(rising >= 10 && newcomers >= 10, "rising {rising}, new {newcomers}");
        let keys: std::collections::HashSet<_> = a.iter().map(|h| &h.key).collect();
        assert_eq!(keys.len(), a.len());
    }
}
