//! The words of an idea report, on the wire and in the database.

use crate::domain::wire_enum::wire_enum;

wire_enum!(
    /// One step of a report, each a queued text task. The wire names are
    /// the original app's stage names.
    IdeaStage {
        /// 事件总结: what happened and why people care.
        Summary = "summary",
        /// 社媒图文创意: three picture-and-text ideas (the paid stage).
        AdviceOnline = "advice_online",
        /// 社媒视频创意: three short-video ideas.
        AdviceOnlineVideo = "advice_online_video",
        /// 线下活动创意: three in-store or offline ideas.
        AdviceOffline = "advice_offline",
        /// 关联分析: how the hotspot connects to the merchant's product.
        Association = "association",
        /// 营销风险: what could go wrong riding it.
        Risk = "risk",
    }
);

wire_enum!(
    /// Which kinds of ideas a report writes (`socialType`).
    SocialType {
        Image = "image",
        Video = "video",
        Offline = "offline",
    }
);

wire_enum!(
    /// What is marketed (`mktType`).
    MktType {
        Product = "product",
        Brand = "brand",
        Country = "country",
        City = "city",
        Spots = "spots",
    }
);

wire_enum!(
    /// Where a report is (`process`). A cancelled report keeps what it
    /// delivered.
    ReportState {
        Generating = "generating",
        Completed = "completed",
        Failed = "failed",
        Cancelled = "cancelled",
    }
);

wire_enum!(
    /// The stage order: the desktop page's, or the mobile content flow's
    /// (risk first, then the ideas).
    ReportOrdering {
        Desktop = "desktop",
        Mobile = "mobile",
    }
);

impl IdeaStage {
    /// The social type whose ideas this stage writes, if it writes ideas.
    pub fn social_type(self) -> Option<SocialType> {
        match self {
            IdeaStage::AdviceOnline => Some(SocialType::Image),
            IdeaStage::AdviceOnlineVideo => Some(SocialType::Video),
            IdeaStage::AdviceOffline => Some(SocialType::Offline),
            IdeaStage::Summary | IdeaStage::Association | IdeaStage::Risk => None,
        }
    }
}

impl SocialType {
    pub fn stage(self) -> IdeaStage {
        match self {
            SocialType::Image => IdeaStage::AdviceOnline,
            SocialType::Video => IdeaStage::AdviceOnlineVideo,
            SocialType::Offline => IdeaStage::AdviceOffline,
        }
    }
}

impl MktType {
    /// How the thing marketed is named to the model.
    pub fn noun(self, chinese: bool) -> &'static str {
        match (self, chinese) {
            (MktType::Product, true) => "商品",
            (MktType::Brand, true) => "品牌",
            (MktType::Country, true) => "国家文旅",
            (MktType::City, true) => "城市文旅",
            (MktType::Spots, true) => "景区",
            (MktType::Product, false) => "product",
            (MktType::Brand, false) => "brand",
            (MktType::Country, false) => "country's tourism",
            (MktType::City, false) => "city's tourism",
            (MktType::Spots, false) => "tourist site",
        }
    }
}

impl ReportState {
    pub fn is_final(self) -> bool {
        !matches!(self, ReportState::Generating)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;

    fn same_on_the_wire<T: Serialize>(all: &[T], as_str: impl Fn(&T) -> &'static str) {
        for v in all {
            assert_eq!(serde_json::to_value(v).unwrap(), serde_json::Value::from(as_str(v)));
        }
    }

    #[test]
    fn serde_and_the_declared_wire_names_agree() {
        same_on_the_wire(IdeaStage::ALL, |v| v.as_str());
        same_on_the_wire(SocialType::ALL, |v| v.as_str());
        same_on_the_wire(MktType::ALL, |v| v.as_str());
        same_on_the_wire(ReportState::ALL, |v| v.as_str());
        same_on_the_wire(ReportOrdering::ALL, |v| v.as_str());
    }

    #[test]
    fn each_social_type_has_its_stage_and_back() {
        for t in SocialType::ALL {
            assert_eq!(t.stage().social_type(), Some(*t));
        }
    }
}
