//! Every built-in template parses, validates and renders with sample inputs;
//! no text in it overflows or breaks the Chinese line-breaking rules.
//!
//! `PIXMART_POSTER_PREVIEW_DIR=/some/dir` also writes each render as PNG.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::OnceLock;

use pixmart_models::poster::{
    kinsoku, library, library_sources, render_detailed, sample_inputs, search, Category, FontSet,
};

fn fonts() -> &'static FontSet {
    static FONTS: OnceLock<FontSet> = OnceLock::new();
    FONTS.get_or_init(|| {
        FontSet::debian().expect("Debian Noto fonts (apt-get install fonts-noto-cjk fonts-noto-color-emoji)")
    })
}

#[test]
fn library_has_enough_templates_across_categories_and_aspects() {
    let all = library().expect("every template parses and validates");
    assert!(all.len() >= 24, "{} templates", all.len());
    assert_eq!(all.len(), library_sources().len());
    let mut ids: Vec<&str> = all.iter().map(|t| t.id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), all.len(), "template ids are unique");
    for (stem, _) in library_sources() {
        assert!(all.iter().any(|t| t.id == *stem), "file {stem}.json holds a template of the same id");
    }
    for t in all {
        assert!(!t.name.zh.is_empty() && !t.name.en.is_empty() && !t.keywords.is_empty(), "{}", t.id);
    }
    let aspects: std::collections::BTreeSet<&str> = all.iter().map(|t| t.canvas.aspect.as_str()).collect();
    for a in ["1:1", "3:4", "16:9", "9:16"] {
        assert!(aspects.contains(a), "an {a} template");
    }
    for c in [
        Category::NewArrival,
        Category::Discount,
        Category::Festival,
        Category::ProductHero,
        Category::MultiProduct,
        Category::RedbookCover,
        Category::WechatHeader,
        Category::Story,
    ] {
        assert!(all.iter().any(|t| t.category == c), "a {c:?} template");
    }
    assert!(!search(all, "新品", None).is_empty());
    assert!(search(all, "", Some(Category::Discount)).iter().all(|t| t.category == Category::Discount));
}

#[test]
fn every_template_renders_with_sample_inputs_inside_its_slots() {
    let dir = std::env::var_os("PIXMART_POSTER_PREVIEW_DIR");
    let scale: f32 = std::env::var("PIXMART_POSTER_PREVIEW_SCALE").ok().and_then(|s| s.parse().ok()).unwrap_or(0.5);
    for t in library().unwrap() {
        let inputs = sample_inputs(t);
        let (img, report) = render_detailed(t, &inputs, fonts(), scale).unwrap();
        let s = t.scaled(scale);
        assert_eq!(img.dimensions(), (s.canvas.width, s.canvas.height), "{}", t.id);
        for (id, b, layout) in &report.texts {
            assert!(!layout.lines.is_empty(), "{}/{id} has text", t.id);
            assert_eq!(layout.missing_glyphs, 0, "{}/{id} has no missing glyphs", t.id);
            assert!(!layout.truncated, "{}/{id}'s default text fits without an ellipsis: {:?}", t.id, layout.lines);
            if let Some(ink) = layout.ink {
                assert!(
                    ink.x0 >= 0 && ink.y0 >= 0 && ink.x1 as f32 <= b.w.ceil() && ink.y1 as f32 <= b.h.ceil(),
                    "{}/{id}: ink {ink:?} inside {b:?}",
                    t.id
                );
            }
            assert!(kinsoku::violations(&layout.lines).is_empty(), "{}/{id}: {:?}", t.id, layout.lines);
            // No widow: a wrapped Chinese paragraph does not end with one character alone.
            if let [.., prev, last] = layout.lines.as_slice() {
                let widow = last.trim().chars().count() == 1 && prev.trim().chars().count() >= 4;
                assert!(!widow, "{}/{id}: {:?}", t.id, layout.lines);
            }
        }
        if let Some(dir) = &dir {
            std::fs::create_dir_all(dir).unwrap();
            img.save(std::path::Path::new(dir).join(format!("{}.png", t.id))).unwrap();
        }
    }
}
