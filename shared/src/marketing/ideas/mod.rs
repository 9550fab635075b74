//! Idea reports (热点营销策划): from a hotspot, a calendar day or a prompt,
//! a report for the merchant's product in stages — event summary, social
//! media ideas (picture, video, offline), association, risk — each stage a
//! queued text task. This module is the pure part: the vocabulary, the
//! stage plan, what the model is asked and how its answers are read. The
//! report's rows and its progress are `db::store::idea_reports`.

pub mod pictures;
mod plan;
pub mod prompt;
pub mod read;
mod report;
mod vocabulary;

pub use plan::{next_after, plan, Idea, StageOutput};
pub use report::{stage_charged, ReportParams};
pub use vocabulary::{IdeaStage, MktType, ReportOrdering, ReportState, SocialType};

use serde::{Deserialize, Serialize};

use crate::copywriting::{CopyLanguage, CopyStyle};

/// Ideas per idea stage; the picture stage's price buys this many.
pub const IDEAS_PER_STAGE: usize = 3;

/// What a report is about and for whom: everything a stage's prompt needs,
/// carried in each stage task's options so a worker needs no report row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IdeaBrief {
    /// The hotspot's title, the calendar day's name, or the custom topic.
    pub topic: String,
    /// The hotspot's summary or the day's description (may be empty).
    pub background: String,
    pub mkt_type: MktType,
    /// The product or brand: its name and what matters about it.
    pub market_desc: String,
    /// The merchant's own request (may be empty).
    pub prompt: String,
    pub style: CopyStyle,
    pub language: CopyLanguage,
}
