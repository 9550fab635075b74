use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ResultKind {
    Image,
    Mask,
    /// A clip (MP4 or GIF).
    Video,
    /// A still shown before a clip plays.
    Poster,
    /// A small WebP preview of the image result at the same position.
    Thumbnail,
    /// Marketing copy: the plain text as a file, its parts in `copy`.
    Text,
}

/// One output file of a task, as stored in the task row's `results` JSON.
/// `key` is the storage key; the API turns it into a URL.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskResult {
    pub key: String,
    pub kind: ResultKind,
    pub width: u32,
    pub height: u32,
    /// A text result's parts (title, paragraphs, shots, tags), kept in the
    /// row so lists show them without reading files.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copy: Option<crate::copywriting::MarketingCopy>,
    /// The owner's like or dislike of a text result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<crate::copywriting::CopyRating>,
    /// A poster's words by text slot id (POSTER_COPY_GEN), for the editor
    /// to put in place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slot_texts: Option<std::collections::BTreeMap<String, String>>,
    /// What an idea report's stage delivered (MKT_IDEA_GEN), for the report
    /// to take in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stage_output: Option<crate::marketing::ideas::StageOutput>,
}

impl TaskResult {
    /// A result that is a file and nothing more (an image, a mask, a clip):
    /// no copy, rating or words.
    pub fn file(key: String, kind: ResultKind, width: u32, height: u32) -> Self {
        TaskResult { key, kind, width, height, copy: None, rating: None, slot_texts: None, stage_output: None }
    }
}
