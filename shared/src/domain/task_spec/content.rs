//! `MKT_CONTENT_GEN` options: one writing of one platform's post of a
//! content batch. Created by the batch (`db::store::content`), never
//! submitted directly (admission refuses the type on `/api/tasks`), so
//! every option here was written by the API.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::reject_unknown;
use crate::copywriting::Platform;
use crate::domain::Invalid;
use crate::error::ErrorCode;
use crate::marketing::content::ContentBrief;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContentSpec {
    pub batch_id: String,
    pub item_id: String,
    pub platform: Platform,
    pub brief: ContentBrief,
}

pub fn parse(params: &Map<String, Value>) -> Result<ContentSpec, Invalid> {
    reject_unknown(params, &["batchId", "itemId", "platform", "brief"])?;
    serde_json::from_value(Value::Object(params.clone())).map_err(|_| Invalid::field(ErrorCode::InvalidParam, "params"))
}

impl ContentSpec {
    pub fn to_params(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

#[cfg(test)]
mod tests {
    use super::super::TaskSpec;
    use super::*;
    use crate::copywriting::{CopyLanguage, CopyStyle};

    fn spec() -> ContentSpec {
        ContentSpec {
            batch_id: "b1".into(),
            item_id: "i1".into(),
            platform: Platform::Weibo,
            brief: ContentBrief {
                topic: "立秋".into(),
                topic_desc: String::new(),
                product_name: "桂花乌龙奶茶".into(),
                product_info: "中杯 16 元".into(),
                market_desc: String::new(),
                prompt: String::new(),
                style: CopyStyle::Humorous,
                language: CopyLanguage::Zh,
                product_image: None,
            },
        }
    }

    #[test]
    fn round_trips_at_the_types_price() {
        let task = TaskSpec::Content(spec());
        assert_eq!(TaskSpec::parse("MKT_CONTENT_GEN", &task.to_params()).unwrap(), task);
        assert_eq!(task.cost().get(), 10);
    }

    #[test]
    fn unknown_or_malformed_options_are_refused() {
        let mut params = spec().to_params();
        params["extra"] = Value::Bool(true);
        assert_eq!(TaskSpec::parse("MKT_CONTENT_GEN", &params).unwrap_err().code, ErrorCode::InvalidParam);
        let mut params = spec().to_params();
        params["platform"] = Value::from("myspace");
        assert!(TaskSpec::parse("MKT_CONTENT_GEN", &params).is_err());
    }
}
