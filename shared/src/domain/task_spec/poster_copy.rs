//! `POSTER_COPY_GEN` options ("fill from product / idea" in the poster
//! editor): what to write from (the product's facts or an idea), in which
//! language, for which template. The template's text slots, and how much
//! each holds, come from the template itself, so the words fit.

use serde_json::{Map, Value};

use super::poster::{chosen_template, template_params, PosterDocument};
use super::reject_unknown;
use crate::copywriting::poster_copy::CopySource;
use crate::copywriting::CopyLanguage;
use crate::domain::Invalid;
use crate::error::ErrorCode;
use crate::poster::CopySlot;

pub const POSTER_COPY_MIN_CHARS: usize = 2;
/// A product's name and key facts, or an idea: a paragraph, not an article.
pub const POSTER_COPY_MAX_CHARS: usize = 500;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PosterCopySpec {
    pub source: CopySource,
    /// The product's facts or the idea, trimmed.
    pub content: String,
    pub language: CopyLanguage,
    pub template_id: Option<String>,
    /// The document, when it is not the library's template of that id.
    pub document: Option<PosterDocument>,
    /// The template's text slots, in drawing order.
    pub slots: Vec<CopySlot>,
}

pub fn parse(params: &Map<String, Value>) -> Result<PosterCopySpec, Invalid> {
    reject_unknown(params, &["source", "content", "language", "templateId", "template"])?;
    let source = match params.get("source") {
        None | Some(Value::Null) => CopySource::Product,
        Some(Value::String(s)) => CopySource::parse(s).ok_or(Invalid::field(ErrorCode::InvalidParam, "source"))?,
        Some(_) => return Err(Invalid::field(ErrorCode::InvalidParam, "source")),
    };
    let content = match params.get("content") {
        Some(Value::String(s)) => s.trim().to_owned(),
        None | Some(Value::Null) => String::new(),
        Some(_) => return Err(Invalid::field(ErrorCode::InvalidParam, "content")),
    };
    let chars = content.chars().count();
    if chars < POSTER_COPY_MIN_CHARS {
        return Err(Invalid::field(ErrorCode::CopySourceRequired, "content"));
    }
    if chars > POSTER_COPY_MAX_CHARS {
        return Err(Invalid::field(ErrorCode::CopySourceTooLong, "content"));
    }
    let language = match params.get("language") {
        None | Some(Value::Null) => CopyLanguage::detect(&content),
        Some(Value::String(s)) => CopyLanguage::parse(s).ok_or(Invalid::field(ErrorCode::InvalidParam, "language"))?,
        Some(_) => return Err(Invalid::field(ErrorCode::InvalidParam, "language")),
    };
    let chosen = chosen_template(params)?;
    let slots = chosen.template.copy_slots();
    if slots.is_empty() {
        return Err(Invalid::field(ErrorCode::PosterUnknownSlot, "templateId"));
    }
    let document = if chosen.edited { Some(PosterDocument::new(&chosen.template)?) } else { None };
    Ok(PosterCopySpec { source, content, language, template_id: chosen.template_id, document, slots })
}

impl PosterCopySpec {
    pub fn to_params(&self) -> Value {
        let mut params = Map::new();
        params.insert("source".into(), Value::String(self.source.as_str().into()));
        params.insert("content".into(), Value::String(self.content.clone()));
        params.insert("language".into(), Value::String(self.language.as_str().into()));
        template_params(&mut params, self.template_id.as_deref(), self.document.as_ref());
        Value::Object(params)
    }
}

#[cfg(test)]
mod tests {
    use super::super::TaskSpec;
    use super::*;
    use crate::poster::TextRole;
    use serde_json::json;

    #[test]
    fn parses_a_library_template_into_its_slots_and_round_trips() {
        let params = json!({ "content": " 316不锈钢保温杯，保温24小时，¥89 ", "templateId": "new-arrival-minimal" });
        let spec = TaskSpec::parse("POSTER_COPY_GEN", &params).unwrap();
        let TaskSpec::PosterCopy(copy) = &spec else { panic!("{spec:?}") };
        assert_eq!((copy.source, copy.language), (CopySource::Product, CopyLanguage::Zh));
        assert_eq!(copy.content, "316不锈钢保温杯，保温24小时，¥89");
        assert!(copy.document.is_none());
        assert!(copy.slots.iter().any(|s| s.role == TextRole::Title));
        assert_eq!(TaskSpec::parse("POSTER_COPY_GEN", &spec.to_params()).unwrap(), spec);
        assert_eq!(spec.cost().get(), 2);
    }

    #[test]
    fn an_edited_template_is_kept_whole() {
        let lib = crate::poster::library_template("new-arrival-minimal").unwrap().unwrap();
        let mut doc = serde_json::to_value(lib).unwrap();
        doc["layers"][4]["text"] = json!("改过的标题");
        let params =
            json!({ "source": "idea", "content": "Spring sale", "templateId": "new-arrival-minimal", "template": doc });
        let spec = TaskSpec::parse("POSTER_COPY_GEN", &params).unwrap();
        let TaskSpec::PosterCopy(copy) = &spec else { panic!() };
        assert_eq!((copy.source, copy.language), (CopySource::Idea, CopyLanguage::En));
        assert!(copy.document.is_some());
        assert_eq!(TaskSpec::parse("POSTER_COPY_GEN", &spec.to_params()).unwrap(), spec);
    }

    #[test]
    fn bad_options_name_their_field() {
        let cases = [
            (json!({ "templateId": "new-arrival-minimal" }), ErrorCode::CopySourceRequired, "content"),
            (
                json!({ "content": "字".repeat(501), "templateId": "new-arrival-minimal" }),
                ErrorCode::CopySourceTooLong,
                "content",
            ),
            (
                json!({ "content": "保温杯", "source": "shop", "templateId": "new-arrival-minimal" }),
                ErrorCode::InvalidParam,
                "source",
            ),
            (
                json!({ "content": "保温杯", "language": "fr", "templateId": "new-arrival-minimal" }),
                ErrorCode::InvalidParam,
                "language",
            ),
            (json!({ "content": "保温杯", "templateId": "no-such" }), ErrorCode::PosterTemplateNotFound, "templateId"),
            (json!({ "content": "保温杯" }), ErrorCode::InvalidParam, "templateId"),
            (
                json!({ "content": "保温杯", "templateId": "new-arrival-minimal", "x": 1 }),
                ErrorCode::InvalidParam,
                "params",
            ),
        ];
        for (params, code, field) in cases {
            let err = TaskSpec::parse("POSTER_COPY_GEN", &params).unwrap_err();
            assert_eq!((err.code, err.field), (code, Some(field)), "{params}");
        }
    }
}
