//! Which stages a report runs, in which order, and what each one yields.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{IdeaStage, ReportOrdering, SocialType};

/// The stages of a report with the chosen social types, in order. Desktop:
/// summary, the ideas (image, video, offline as chosen), association, risk.
/// Mobile: risk, then video, image and offline ideas.
pub fn plan(ordering: ReportOrdering, social: &[SocialType]) -> Vec<IdeaStage> {
    let has = |t: SocialType| social.contains(&t);
    let ideas = |order: &[SocialType]| order.iter().copied().filter(|t| has(*t)).map(SocialType::stage).collect();
    match ordering {
        ReportOrdering::Desktop => {
            let mut stages = vec![IdeaStage::Summary];
            stages.extend::<Vec<_>>(ideas(&[SocialType::Image, SocialType::Video, SocialType::Offline]));
            stages.extend([IdeaStage::Association, IdeaStage::Risk]);
            stages
        }
        ReportOrdering::Mobile => {
            let mut stages = vec![IdeaStage::Risk];
            stages.extend::<Vec<_>>(ideas(&[SocialType::Video, SocialType::Image, SocialType::Offline]));
            stages
        }
    }
}

/// The stage after `done` in `plan`, or `None` when `done` was the last.
pub fn next_after(plan: &[IdeaStage], done: IdeaStage) -> Option<IdeaStage> {
    let at = plan.iter().position(|s| *s == done)?;
    plan.get(at + 1).copied()
}

/// One idea: a short title and what to do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Idea {
    pub title: String,
    pub content: String,
}

/// What a stage delivered, as the report stores it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "camelCase")]
pub enum StageOutput {
    /// The event summary: a paragraph.
    Summary(String),
    /// Three ideas of one social type.
    Ideas(Vec<Idea>),
    /// Association or risk: a few points.
    Points(Vec<String>),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn desktop_runs_summary_ideas_association_risk() {
        let all = [SocialType::Offline, SocialType::Image, SocialType::Video];
        assert_eq!(
            plan(ReportOrdering::Desktop, &all),
            [
                IdeaStage::Summary,
                IdeaStage::AdviceOnline,
                IdeaStage::AdviceOnlineVideo,
                IdeaStage::AdviceOffline,
                IdeaStage::Association,
                IdeaStage::Risk
            ]
        );
        assert_eq!(
            plan(ReportOrdering::Desktop, &[SocialType::Offline]),
            [IdeaStage::Summary, IdeaStage::AdviceOffline, IdeaStage::Association, IdeaStage::Risk]
        );
    }

    #[test]
    fn mobile_runs_risk_first_then_video_image_offline() {
        let all = [SocialType::Image, SocialType::Video, SocialType::Offline];
        assert_eq!(
            plan(ReportOrdering::Mobile, &all),
            [IdeaStage::Risk, IdeaStage::AdviceOnlineVideo, IdeaStage::AdviceOnline, IdeaStage::AdviceOffline]
        );
    }

    #[test]
    fn the_next_stage_follows_the_plan_and_ends_after_the_last() {
        let p = plan(ReportOrdering::Desktop, &[SocialType::Image]);
        assert_eq!(next_after(&p, IdeaStage::Summary), Some(IdeaStage::AdviceOnline));
        assert_eq!(next_after(&p, IdeaStage::Association), Some(IdeaStage::Risk));
        assert_eq!(next_after(&p, IdeaStage::Risk), None);
        assert_eq!(next_after(&p, IdeaStage::AdviceOffline), None, "a stage not in the plan has no next");
    }

    #[test]
    fn outputs_are_tagged_on_the_wire() {
        let out = StageOutput::Ideas(vec![Idea { title: "t".into(), content: "c".into() }]);
        assert_eq!(
            serde_json::to_value(&out).unwrap(),
            serde_json::json!({ "kind": "ideas", "value": [{ "title": "t", "content": "c" }] })
        );
    }
}
