//! A merchant's verdict on one piece of copy: like, or dislike with the
//! original app's feedback reasons.

use serde::{Deserialize, Serialize};

use super::Platform;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Like,
    Dislike,
}

/// Why a piece of copy was disliked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum DislikeReason {
    /// 商品或品牌信息有误
    WrongInfo,
    /// 创意不足
    WeakCreativity,
    /// 内容不够充实
    WeakContent,
    /// 风格不符
    StyleMismatch,
    /// 与原视频无关 (scripts only)
    OffTopic,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CopyRating {
    pub rating: Verdict,
    /// Only with a dislike; each at most once.
    pub reasons: Vec<DislikeReason>,
}

impl CopyRating {
    /// A rating as given for copy on `platform`: reasons only with a
    /// dislike, no duplicates, "off topic" only for a script.
    pub fn parse(rating: Verdict, reasons: Vec<DislikeReason>, platform: Platform) -> Option<CopyRating> {
        let mut unique = Vec::new();
        for r in reasons {
            if unique.contains(&r) {
                return None;
            }
            unique.push(r);
        }
        let fits = match rating {
            Verdict::Like => unique.is_empty(),
            Verdict::Dislike => platform == Platform::Tiktok || !unique.contains(&DislikeReason::OffTopic),
        };
        fits.then_some(CopyRating { rating, reasons: unique })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_go_with_a_dislike_and_off_topic_with_a_script() {
        assert!(CopyRating::parse(Verdict::Like, vec![], Platform::Redbook).is_some());
        assert!(CopyRating::parse(Verdict::Like, vec![DislikeReason::WeakContent], Platform::Redbook).is_none());
        let two = vec![DislikeReason::WrongInfo, DislikeReason::StyleMismatch];
        assert_eq!(CopyRating::parse(Verdict::Dislike, two.clone(), Platform::Weibo).map(|r| r.reasons), Some(two));
        assert!(CopyRating::parse(Verdict::Dislike, vec![DislikeReason::OffTopic], Platform::Redbook).is_none());
        assert!(CopyRating::parse(Verdict::Dislike, vec![DislikeReason::OffTopic], Platform::Tiktok).is_some());
        let twice = vec![DislikeReason::WrongInfo, DislikeReason::WrongInfo];
        assert!(CopyRating::parse(Verdict::Dislike, twice, Platform::Weibo).is_none());
    }
}
