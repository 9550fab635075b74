//! A report's settings as stored, and which of its stages are charged.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::{plan, IdeaBrief, IdeaStage, ReportOrdering, SocialType};

/// What a report was asked for: kept on the report row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReportParams {
    pub brief: IdeaBrief,
    pub social_types: Vec<SocialType>,
    pub ordering: ReportOrdering,
    /// The merchant's product photo: each picture idea gets a scene and a
    /// design picture of it (`super::pictures`). None: no pictures.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub product_image: Option<crate::domain::UploadId>,
}

impl ReportParams {
    pub fn plan(&self) -> Vec<IdeaStage> {
        plan(self.ordering, &self.social_types)
    }
}

/// Whether `stage` costs the idea price on `today`: picture ideas always;
/// video and offline ideas once `free_until` has passed (free for a
/// limited time, per the original app); the other stages never.
pub fn stage_charged(stage: IdeaStage, today: NaiveDate, free_until: NaiveDate) -> bool {
    match stage {
        IdeaStage::AdviceOnline => true,
        IdeaStage::AdviceOnlineVideo | IdeaStage::AdviceOffline => today > free_until,
        IdeaStage::Summary | IdeaStage::Association | IdeaStage::Risk => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_picture_ideas_cost_while_the_free_period_lasts() {
        let until = NaiveDate::from_ymd_opt(2027, 3, 31).unwrap();
        let during = NaiveDate::from_ymd_opt(2027, 3, 31).unwrap();
        let after = NaiveDate::from_ymd_opt(2027, 4, 1).unwrap();
        let charged: Vec<_> = IdeaStage::ALL.iter().filter(|s| stage_charged(**s, during, until)).collect();
        assert_eq!(charged, [&IdeaStage::AdviceOnline]);
        assert!(stage_charged(IdeaStage::AdviceOffline, after, until));
        assert!(stage_charged(IdeaStage::AdviceOnlineVideo, after, until));
        assert!(!stage_charged(IdeaStage::Risk, after, until));
    }
}
