//! Templates and inputs that must be refused, each with its own error,
//! before any rendering work.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use pixmart_models::poster::{library_sources, PosterError, PosterInputs, Template};

fn base() -> serde_json::Value {
    serde_json::json!({
        "version": 1,
        "id": "t",
        "name": {"zh": "测试", "en": "Test"},
        "category": "productHero",
        "keywords": ["test"],
        "canvas": {"width": 1080, "height": 1080, "aspect": "1:1"},
        "background": {"type": "solid", "color": "#ffffff"},
        "layers": [
            {"type": "text", "id": "title", "role": "title", "box": {"x": 40, "y": 40, "w": 1000, "h": 200},
             "text": "标题", "size": {"min": 20, "max": 80}, "color": "#000"},
            {"type": "image", "id": "product", "role": "product", "box": {"x": 100, "y": 300, "w": 800, "h": 700}}
        ]
    })
}

fn parse(v: &serde_json::Value) -> Result<Template, PosterError> {
    Template::from_json(&v.to_string())
}

#[test]
fn the_base_template_is_accepted_and_round_trips() {
    let t = parse(&base()).unwrap();
    assert_eq!(Template::from_json(&t.to_json().unwrap()).unwrap(), t);
}

#[test]
fn a_slot_outside_the_canvas_is_refused() {
    let mut v = base();
    v["layers"][1]["box"]["x"] = serde_json::json!(700);
    let e = parse(&v).unwrap_err();
    assert!(matches!(&e, PosterError::SlotOutsideCanvas { id, .. } if id == "product"), "{e}");
    assert!(e.to_string().contains("outside the 1080×1080 canvas"), "{e}");
    let mut v = base();
    v["layers"][0]["box"]["y"] = serde_json::json!(-5);
    assert!(matches!(parse(&v), Err(PosterError::SlotOutsideCanvas { .. })));
}

#[test]
fn a_100000_character_text_is_refused() {
    let mut v = base();
    v["layers"][0]["text"] = serde_json::json!("字".repeat(100_000));
    let e = parse(&v).unwrap_err();
    assert!(matches!(e, PosterError::TextTooLong { chars: 100_000, max: 2_000, .. }), "{e}");
    assert_eq!(e.code(), "POSTER_TEXT_TOO_LONG");
    // The same as an input.
    let t = parse(&base()).unwrap();
    let inputs = PosterInputs::default().text("title", &"a".repeat(100_000));
    assert!(matches!(inputs.validate_for(&t), Err(PosterError::TextTooLong { chars: 100_000, .. })));
}

#[test]
fn a_50000_square_canvas_is_refused() {
    let mut v = base();
    v["canvas"] = serde_json::json!({"width": 50_000, "height": 50_000, "aspect": "1:1"});
    let e = parse(&v).unwrap_err();
    assert!(matches!(e, PosterError::CanvasTooLarge { width: 50_000, height: 50_000, max: 4096 }), "{e}");
    assert!(e.to_string().contains("at most 4096"), "{e}");
}

#[test]
fn an_unknown_layer_type_is_refused_by_name() {
    let mut v = base();
    v["layers"][1]["type"] = serde_json::json!("video");
    let e = parse(&v).unwrap_err();
    assert!(matches!(&e, PosterError::UnknownLayerType { index: 1, found } if found == "video"), "{e}");
    assert!(e.to_string().contains("image, text, shape, qr"), "{e}");
}

#[test]
fn an_unknown_version_is_refused() {
    let mut v = base();
    v["version"] = serde_json::json!(2);
    assert!(matches!(parse(&v), Err(PosterError::UnknownVersion { found, .. }) if found == "2"));
    v.as_object_mut().unwrap().remove("version");
    assert!(matches!(parse(&v), Err(PosterError::UnknownVersion { found, .. }) if found == "(missing)"));
}

#[test]
fn other_mistakes_are_refused_with_their_own_errors() {
    let mut v = base();
    v["canvas"]["height"] = serde_json::json!(1440);
    assert!(matches!(parse(&v), Err(PosterError::AspectMismatch { .. })));
    let mut v = base();
    v["layers"][1]["id"] = serde_json::json!("title");
    assert!(matches!(parse(&v), Err(PosterError::DuplicateLayerId { .. })));
    let mut v = base();
    v["layers"][0]["size"] = serde_json::json!({"min": 90, "max": 80});
    assert!(matches!(parse(&v), Err(PosterError::InvalidValue { field: "size", .. })));
    let mut v = base();
    v["layers"][0]["colour"] = serde_json::json!("#000");
    let e = parse(&v).unwrap_err();
    assert!(matches!(&e, PosterError::Json { message } if message.contains("colour")), "{e}");
    let mut v = base();
    v["layers"][0]["color"] = serde_json::json!("red");
    assert!(matches!(parse(&v), Err(PosterError::Json { message }) if message.contains("not a colour")));
    assert!(matches!(Template::from_json("{"), Err(PosterError::Json { .. })));
    assert!(matches!(Template::from_json(&" ".repeat(1_100_000)), Err(PosterError::TemplateTooLarge { .. })));
    let t = parse(&base()).unwrap();
    let inputs = PosterInputs::default().text("nope", "x");
    assert!(matches!(inputs.validate_for(&t), Err(PosterError::UnknownSlot { .. })));
}

#[test]
fn library_templates_all_validate() {
    for (stem, json) in library_sources() {
        Template::from_json(json).unwrap_or_else(|e| panic!("{stem}: {e}"));
    }
}
