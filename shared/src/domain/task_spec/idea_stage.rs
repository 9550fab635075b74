//! `MKT_IDEA_GEN` options: one stage of an idea report. These tasks are
//! created by the report's progress (`db::store::idea_reports`), never
//! submitted directly (admission refuses the type on `/api/tasks`), so
//! every option here was written by the API: the brief, the event summary
//! once there is one, and whether the stage is charged.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::reject_unknown;
use crate::domain::Invalid;
use crate::error::ErrorCode;
use crate::marketing::ideas::{IdeaBrief, IdeaStage};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IdeaStageSpec {
    /// The report this stage belongs to.
    pub report_id: String,
    pub stage: IdeaStage,
    pub brief: IdeaBrief,
    /// The event summary, for the stages after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    /// Whether the stage costs its type's price: the picture ideas always;
    /// video and offline ideas once their free period has ended; the
    /// other stages never.
    pub charged: bool,
}

pub fn parse(params: &Map<String, Value>) -> Result<IdeaStageSpec, Invalid> {
    reject_unknown(params, &["reportId", "stage", "brief", "summary", "charged"])?;
    serde_json::from_value(Value::Object(params.clone())).map_err(|_| Invalid::field(ErrorCode::InvalidParam, "params"))
}

impl IdeaStageSpec {
    pub fn to_params(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

#[cfg(test)]
mod tests {
    use super::super::TaskSpec;
    use super::*;
    use crate::copywriting::{CopyLanguage, CopyStyle};
    use crate::marketing::ideas::MktType;

    fn spec(stage: IdeaStage, charged: bool) -> IdeaStageSpec {
        IdeaStageSpec {
            report_id: "r1".into(),
            stage,
            brief: IdeaBrief {
                topic: "立秋".into(),
                background: String::new(),
                mkt_type: MktType::Product,
                market_desc: "桂花乌龙奶茶".into(),
                prompt: String::new(),
                style: CopyStyle::Humorous,
                language: CopyLanguage::Zh,
            },
            summary: Some("立秋喝奶茶".into()),
            charged,
        }
    }

    #[test]
    fn round_trips_and_costs_only_when_charged() {
        let paid = TaskSpec::IdeaStage(spec(IdeaStage::AdviceOnline, true));
        assert_eq!(TaskSpec::parse("MKT_IDEA_GEN", &paid.to_params()).unwrap(), paid);
        assert_eq!(paid.cost().get(), 30);
        assert_eq!(TaskSpec::IdeaStage(spec(IdeaStage::Summary, false)).cost().get(), 0);
    }

    #[test]
    fn unknown_or_malformed_options_are_refused() {
        let mut params = spec(IdeaStage::Risk, false).to_params();
        params["extra"] = Value::Bool(true);
        assert_eq!(TaskSpec::parse("MKT_IDEA_GEN", &params).unwrap_err().code, ErrorCode::InvalidParam);
        let mut params = spec(IdeaStage::Risk, false).to_params();
        params["stage"] = Value::from("nonsense");
        assert!(TaskSpec::parse("MKT_IDEA_GEN", &params).is_err());
    }
}
