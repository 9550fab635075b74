//! `PLACARD_GEN` options: which template (a library id, or the document the
//! editor changed), the texts and pictures of its slots, and the output
//! format. The template and every input are checked here, at the edge, so a
//! template with a layer off the canvas, an unknown layer type, a giant
//! canvas or a 100,000-character text is refused before anything is
//! charged or queued.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::product_image::{OutputFormat, PALETTE};
use super::{parse_upload_url, reject_unknown, upload_url};
use crate::domain::{Invalid, UploadId};
use crate::error::ErrorCode;
use crate::poster::{self, limits::MAX_TEMPLATE_BYTES, Template};

/// Most pictures one poster takes (a four-product grid, a logo and a
/// background leave room).
pub const POSTER_MAX_IMAGES: usize = 12;

/// A template document that passed validation, kept as its canonical JSON
/// so the spec stays comparable and storable; [`PosterDocument::template`]
/// parses it again where it is drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PosterDocument(String);

impl PosterDocument {
    pub fn new(template: &Template) -> Result<Self, Invalid> {
        serde_json::to_string(template)
            .map(PosterDocument)
            .map_err(|e| poster::invalid("template", &poster::PosterError::Json { message: e.to_string() }))
    }

    pub fn template(&self) -> Result<Template, poster::PosterError> {
        Template::from_json(&self.0)
    }

    pub fn as_json(&self) -> &str {
        &self.0
    }
}

/// `PLACARD_GEN` options, typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PosterSpec {
    /// The library template it starts from, when it does.
    pub template_id: Option<String>,
    /// Whether `document` differs from the library template (an edited or
    /// a tenant's own template): only then is the document stored.
    pub edited: bool,
    pub document: PosterDocument,
    /// Text and QR slots, by slot id.
    pub texts: BTreeMap<String, String>,
    /// Image slots (and an image background), by slot id. Pictures in a
    /// product slot are cut out first.
    pub images: BTreeMap<String, UploadId>,
    pub format: OutputFormat,
}

impl PosterSpec {
    /// The library template it started from, if it started from one.
    pub fn library_base(&self) -> Option<&'static Template> {
        self.template_id.as_deref().and_then(|id| library_template(id).ok().flatten())
    }

    /// Whether an edited document paints with a colour that is neither the
    /// 7-colour palette's nor one of `base`'s (the template it started
    /// from): a custom colour, for paid plans only.
    pub fn adds_colours(&self, base: Option<&Template>) -> bool {
        if !self.edited {
            return false;
        }
        let Ok(doc) = self.document.template() else { return false };
        let mut allowed: std::collections::BTreeSet<[u8; 3]> = PALETTE.iter().map(|(_, c)| *c).collect();
        if let Some(base) = base {
            allowed.extend(base.colours());
        }
        doc.colours().iter().any(|c| !allowed.contains(c))
    }

    pub fn input_uploads(&self) -> Vec<UploadId> {
        self.images.values().copied().collect()
    }

    pub fn to_params(&self) -> Value {
        let mut params = Map::new();
        let whole = self.edited || self.template_id.is_none();
        template_params(&mut params, self.template_id.as_deref(), whole.then_some(&self.document));
        params.insert("texts".into(), serde_json::to_value(&self.texts).unwrap_or(Value::Null));
        let images: Map<String, Value> =
            self.images.iter().map(|(slot, id)| (slot.clone(), Value::String(upload_url(*id)))).collect();
        params.insert("images".into(), Value::Object(images));
        params.insert("format".into(), Value::String(self.format.as_str().into()));
        Value::Object(params)
    }
}

pub fn parse(params: &Map<String, Value>) -> Result<PosterSpec, Invalid> {
    reject_unknown(params, &["templateId", "template", "texts", "images", "format"])?;
    let ChosenTemplate { template_id, template, edited } = chosen_template(params)?;
    let texts = texts(params.get("texts"))?;
    let images = images(params.get("images"))?;
    template
        .check_inputs(texts.iter().map(|(k, v)| (k.as_str(), v.as_str())), images.keys().map(String::as_str))
        .map_err(|e| {
            poster::invalid(
                if matches!(e, poster::PosterError::UnknownSlot { kind: "image", .. }) { "images" } else { "texts" },
                &e,
            )
        })?;
    let format = match params.get("format") {
        None | Some(Value::Null) => OutputFormat::Png,
        Some(Value::String(s)) if s == "png" => OutputFormat::Png,
        Some(Value::String(s)) if s == "jpeg" || s == "jpg" => OutputFormat::Jpeg,
        Some(_) => return Err(Invalid::field(ErrorCode::InvalidParam, "format")),
    };
    Ok(PosterSpec { template_id, edited, document: PosterDocument::new(&template)?, texts, images, format })
}

/// The template a request names: `templateId` alone for a library
/// template, with `template` for an edited or a tenant's own document.
pub struct ChosenTemplate {
    pub template_id: Option<String>,
    pub template: Cow<'static, Template>,
    /// The document differs from the library template of that id (or there is none).
    pub edited: bool,
}

pub fn chosen_template(params: &Map<String, Value>) -> Result<ChosenTemplate, Invalid> {
    let template_id = match params.get("templateId") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        Some(_) => return Err(Invalid::field(ErrorCode::InvalidParam, "templateId")),
    };
    let (template, edited) = match (params.get("template"), template_id.as_deref()) {
        (None | Some(Value::Null), Some(id)) => {
            let t = library_template(id)?.ok_or(Invalid::field(ErrorCode::PosterTemplateNotFound, "templateId"))?;
            (Cow::Borrowed(t), false)
        }
        (None | Some(Value::Null), None) => return Err(Invalid::field(ErrorCode::InvalidParam, "templateId")),
        // A changed library template, or a tenant's own (sent whole: the
        // library lists it with its document).
        (Some(doc), id) => {
            let t = document(doc)?;
            let library = id.map(library_template).transpose()?.flatten();
            let edited = library.is_none_or(|l| *l != t);
            (Cow::Owned(t), edited)
        }
    };
    check_scene(&template)?;
    Ok(ChosenTemplate { template_id, template, edited })
}

/// A scene background names a scene of the product-image library.
fn check_scene(t: &Template) -> Result<(), Invalid> {
    if let poster::Background::Scene { id, .. } = &t.background {
        if !super::product_image::TEMPLATES.iter().any(|s| s.id == id) {
            let e = poster::PosterError::InvalidValue {
                id: "background".into(),
                field: "id",
                reason: format!("no background scene \"{id}\" (GET /api/backgrounds lists them)"),
            };
            return Err(poster::invalid("template", &e));
        }
    }
    Ok(())
}

/// The template's `templateId` and, when edited, its whole document, as
/// request parameters.
pub fn template_params(params: &mut Map<String, Value>, template_id: Option<&str>, document: Option<&PosterDocument>) {
    if let Some(id) = template_id {
        params.insert("templateId".into(), Value::String(id.to_owned()));
    }
    if let Some(doc) = document {
        // Parsed from our own canonical JSON: it cannot fail.
        params.insert("template".into(), serde_json::from_str(doc.as_json()).unwrap_or(Value::Null));
    }
}

/// The built-in template of that id, if there is one.
fn library_template(id: &str) -> Result<Option<&'static Template>, Invalid> {
    poster::library_template(id).map_err(|e| poster::invalid("templateId", &e))
}

/// An edited template: an object, no larger than the renderer accepts,
/// that parses and validates.
fn document(doc: &Value) -> Result<Template, Invalid> {
    if !doc.is_object() {
        return Err(Invalid::field(ErrorCode::PosterTemplateInvalid, "template"));
    }
    let json = doc.to_string();
    if json.len() > MAX_TEMPLATE_BYTES {
        let e = poster::PosterError::TemplateTooLarge { bytes: json.len(), max: MAX_TEMPLATE_BYTES };
        return Err(poster::invalid("template", &e));
    }
    Template::from_json(&json).map_err(|e| poster::invalid("template", &e))
}

fn texts(raw: Option<&Value>) -> Result<BTreeMap<String, String>, Invalid> {
    let Some(raw) = raw.filter(|v| !v.is_null()) else { return Ok(BTreeMap::new()) };
    let object = raw.as_object().ok_or(Invalid::field(ErrorCode::InvalidParam, "texts"))?;
    object
        .iter()
        .map(|(slot, text)| match text {
            Value::String(s) => Ok((slot.clone(), s.clone())),
            _ => Err(Invalid::field(ErrorCode::InvalidParam, "texts")),
        })
        .collect()
}

fn images(raw: Option<&Value>) -> Result<BTreeMap<String, UploadId>, Invalid> {
    let Some(raw) = raw.filter(|v| !v.is_null()) else { return Ok(BTreeMap::new()) };
    let object = raw.as_object().ok_or(Invalid::field(ErrorCode::InvalidParam, "images"))?;
    if object.len() > POSTER_MAX_IMAGES {
        return Err(Invalid::field(ErrorCode::InvalidParam, "images"));
    }
    object
        .iter()
        .map(|(slot, url)| {
            let id =
                url.as_str().and_then(parse_upload_url).ok_or(Invalid::field(ErrorCode::ImageNotFound, "images"))?;
            Ok((slot.clone(), id))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::TaskSpec;
    use super::*;
    use serde_json::json;

    const ID: &str = "new-arrival-minimal";

    fn library(id: &str) -> Value {
        let (_, json) = poster::library_sources().iter().find(|(s, _)| *s == id).unwrap();
        serde_json::from_str(json).unwrap()
    }

    fn first_slot(template: &Value, kind: &str) -> String {
        template["layers"].as_array().unwrap().iter().find(|l| l["type"] == kind).unwrap()["id"]
            .as_str()
            .unwrap()
            .to_owned()
    }

    #[test]
    fn a_library_template_with_texts_and_a_product_round_trips() {
        let doc = library(ID);
        let (text, image) = (first_slot(&doc, "text"), first_slot(&doc, "image"));
        let upload = UploadId::new();
        let params = json!({ "templateId": ID, "texts": { text.clone(): "夏日上新" }, "images": { image.clone(): upload_url(upload) } });
        let spec = TaskSpec::parse("PLACARD_GEN", &params).unwrap();
        let TaskSpec::Poster(p) = &spec else { panic!("{spec:?}") };
        assert_eq!((p.template_id.as_deref(), p.edited, p.format), (Some(ID), false, OutputFormat::Png));
        assert_eq!(p.texts[&text], "夏日上新");
        assert_eq!(spec.input_uploads(), vec![upload]);
        let stored = spec.to_params();
        assert!(stored.get("template").is_none(), "a library template is stored by its id: {stored}");
        assert_eq!(TaskSpec::parse("PLACARD_GEN", &stored).unwrap(), spec);
    }

    #[test]
    fn an_edited_template_is_kept_whole() {
        let mut doc = library(ID);
        doc["layers"][1]["box"]["x"] = json!(12.0);
        let spec =
            TaskSpec::parse("PLACARD_GEN", &json!({ "templateId": ID, "template": doc, "format": "jpeg" })).unwrap();
        let TaskSpec::Poster(p) = &spec else { panic!("{spec:?}") };
        assert!(p.edited);
        assert_eq!(p.format, OutputFormat::Jpeg);
        assert_eq!(TaskSpec::parse("PLACARD_GEN", &spec.to_params()).unwrap(), spec);
        // The unchanged document is the library's.
        let same = TaskSpec::parse("PLACARD_GEN", &json!({ "templateId": ID, "template": library(ID) })).unwrap();
        assert!(matches!(same, TaskSpec::Poster(PosterSpec { edited: false, .. })));
    }

    #[test]
    fn a_colour_of_ones_own_is_told_from_the_templates_and_the_palettes() {
        let parse = |doc: Value| match TaskSpec::parse("PLACARD_GEN", &json!({ "templateId": ID, "template": doc })) {
            Ok(TaskSpec::Poster(p)) => p,
            other => panic!("{other:?}"),
        };
        let title = |colour: &str| {
            let mut d = library(ID);
            d["layers"][4]["color"] = json!(colour);
            parse(d)
        };
        let moved = {
            let mut d = library(ID);
            d["layers"][4]["box"]["y"] = json!(160.0);
            parse(d)
        };
        let base = moved.library_base();
        assert!(base.is_some());
        assert!(!moved.adds_colours(base), "moving a layer is no colour choice");
        // A palette colour (the palette's dark grey) and one of the
        // template's own are free; anything else is custom.
        let palette = PALETTE.iter().map(|(_, c)| format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])).collect::<Vec<_>>();
        assert!(!title(&palette[4]).adds_colours(base));
        assert!(title("#123456").adds_colours(base));
        assert!(title("#123456").adds_colours(None));
    }

    #[test]
    fn bad_templates_and_inputs_are_refused_with_a_code_and_a_sentence() {
        let huge_canvas = {
            let mut d = library(ID);
            d["canvas"] = json!({ "width": 50000, "height": 50000, "aspect": "1:1" });
            d
        };
        let outside = {
            let mut d = library(ID);
            d["layers"][1]["box"]["x"] = json!(5000.0);
            d
        };
        let unknown_layer = {
            let mut d = library(ID);
            d["layers"].as_array_mut().unwrap().push(json!({ "type": "video", "id": "clip" }));
            d
        };
        let scene = |id: &str| {
            let mut d = library(ID);
            d["background"] = json!({ "type": "scene", "id": id, "variant": 2 });
            d
        };
        let doc = library(ID);
        let text = first_slot(&doc, "text");
        let long = "字".repeat(100_000);
        let cases = [
            (json!({ "templateId": "no-such-template" }), ErrorCode::PosterTemplateNotFound, "templateId"),
            (json!({}), ErrorCode::InvalidParam, "templateId"),
            (json!({ "template": huge_canvas }), ErrorCode::PosterCanvasTooLarge, "template"),
            (json!({ "template": outside.clone() }), ErrorCode::PosterSlotOutsideCanvas, "template"),
            (json!({ "template": unknown_layer }), ErrorCode::PosterUnknownLayerType, "template"),
            (json!({ "template": "not an object" }), ErrorCode::PosterTemplateInvalid, "template"),
            (json!({ "template": scene("beach-sunset") }), ErrorCode::PosterInvalidValue, "template"),
            (json!({ "templateId": ID, "texts": { text.clone(): long } }), ErrorCode::PosterTextTooLong, "texts"),
            (json!({ "templateId": ID, "texts": { "nope": "x" } }), ErrorCode::PosterUnknownSlot, "texts"),
            (json!({ "templateId": ID, "texts": { text.clone(): 3 } }), ErrorCode::InvalidParam, "texts"),
            (
                json!({ "templateId": ID, "images": { text.clone(): upload_url(UploadId::new()) } }),
                ErrorCode::PosterUnknownSlot,
                "images",
            ),
            (json!({ "templateId": ID, "images": { "product": "x.png" } }), ErrorCode::ImageNotFound, "images"),
            (json!({ "templateId": ID, "format": "gif" }), ErrorCode::InvalidParam, "format"),
            (json!({ "templateId": ID, "colour": "red" }), ErrorCode::InvalidParam, "params"),
        ];
        for (params, code, field) in cases {
            let err = TaskSpec::parse("PLACARD_GEN", &params).unwrap_err();
            assert_eq!((err.code, err.field), (code, Some(field)), "{params:.200}");
        }
        let err = TaskSpec::parse("PLACARD_GEN", &json!({ "template": outside })).unwrap_err();
        assert!(err.detail.as_deref().is_some_and(|d| d.contains("outside")), "{err:?}");
        // A scene of the product-image library is a background like any other.
        let marble = TaskSpec::parse("PLACARD_GEN", &json!({ "templateId": ID, "template": scene("marble") })).unwrap();
        assert_eq!(TaskSpec::parse("PLACARD_GEN", &marble.to_params()).unwrap(), marble);
    }
}
