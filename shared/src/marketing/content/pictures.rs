//! A written post's pictures (the spec's genImages): with the batch's
//! product photo, a scene picture (`scene_pic`) and a design picture
//! (`design_pic`) of its text, made like an idea report's
//! (`marketing::ideas::pictures`) and included in the post's price.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{ContentBrief, ContentText};
use crate::domain::{BizType, TaskId};
use crate::marketing::ideas::pictures::{design_params, scene_params, PictureKind};
use crate::marketing::ideas::Idea;

/// A picture of a post: which kind, and the task making it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GenImage {
    pub kind: PictureKind,
    pub task_id: TaskId,
}

/// The tasks of a post's pictures (type and options), or none without a
/// product photo. The post's title (the topic on weibo, which has none)
/// and its first sentence are what the design picture says.
pub fn post_pictures(brief: &ContentBrief, text: &ContentText) -> Vec<(PictureKind, BizType, Value)> {
    let Some(product) = brief.product_image else { return Vec::new() };
    let idea = Idea { title: text.title.clone().unwrap_or_else(|| brief.topic.clone()), content: text.content.clone() };
    PictureKind::ALL
        .iter()
        .map(|kind| match kind {
            PictureKind::Scene => (*kind, BizType::ProductImage, scene_params(&idea, product)),
            PictureKind::Design => (*kind, BizType::PlacardGen, design_params(&idea, &brief.topic, product)),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::copywriting::{CopyLanguage, CopyStyle};
    use crate::domain::{TaskSpec, UploadId};

    #[test]
    fn a_post_with_a_product_photo_gets_a_scene_and_a_design_picture() {
        let mut brief = ContentBrief {
            topic: "立秋".into(),
            topic_desc: String::new(),
            product_name: "桂花乌龙奶茶".into(),
            product_info: String::new(),
            market_desc: String::new(),
            prompt: String::new(),
            style: CopyStyle::Humorous,
            language: CopyLanguage::Zh,
            product_image: None,
        };
        let text = ContentText {
            title: None, content: "立秋喝一杯桂花乌龙。办公室都香了。".into(), tags: vec![]
        };
        assert!(post_pictures(&brief, &text).is_empty());
        brief.product_image = Some(UploadId::new());
        let pictures = post_pictures(&brief, &text);
        assert_eq!(
            pictures.iter().map(|(k, b, _)| (*k, *b)).collect::<Vec<_>>(),
            [(PictureKind::Scene, BizType::ProductImage), (PictureKind::Design, BizType::PlacardGen)]
        );
        for (_, biz, params) in &pictures {
            TaskSpec::parse(biz.as_str(), params).unwrap();
        }
        // Weibo has no title: the design picture says the topic.
        assert_eq!(pictures[1].2["texts"]["title"], "立秋");
    }
}
