//! The renderer: golden images, determinism, measured overflow, vertical
//! text, emoji fallback and the missing-font fallback.
//!
//! Goldens live in `tests/poster_golden/` at a quarter of full size;
//! `PIXMART_POSTER_UPDATE_GOLDEN=1` rewrites them.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use image::RgbaImage;
use pixmart_models::poster::{
    encode_jpeg, encode_png, encode_webp_preview, kinsoku, library, render, render_detailed, render_scaled,
    sample_inputs, FontPaths, FontSet, PosterInputs, Template, DEBIAN_NOTO_CJK_DIR, DEBIAN_NOTO_EMOJI,
};

fn fonts() -> &'static FontSet {
    static FONTS: OnceLock<FontSet> = OnceLock::new();
    FONTS.get_or_init(|| FontSet::debian().expect("Debian Noto fonts"))
}

fn template(id: &str) -> Template {
    library().unwrap().iter().find(|t| t.id == id).cloned().unwrap_or_else(|| panic!("template {id}"))
}

/// A one-text-slot template on a white canvas.
fn one_text(layer: serde_json::Value, w: u32, h: u32) -> Template {
    let v = serde_json::json!({
        "version": 1, "id": "probe", "name": {"zh": "探针", "en": "Probe"}, "category": "productHero",
        "canvas": {"width": w, "height": h, "aspect": "original"},
        "background": {"type": "solid", "color": "#ffffff00"},
        "layers": [layer]
    });
    Template::from_json(&v.to_string()).unwrap()
}

const GOLDEN_SCALE: f32 = 0.25;
const GOLDENS: [&str; 4] =
    ["new-arrival-minimal", "discount-red-burst", "festival-spring-vertical", "story-sale-countdown"];

#[test]
fn goldens_match_within_tolerance() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/poster_golden");
    let update = std::env::var_os("PIXMART_POSTER_UPDATE_GOLDEN").is_some();
    for id in GOLDENS {
        let t = template(id);
        let img = render_scaled(&t, &sample_inputs(&t), fonts(), GOLDEN_SCALE).unwrap();
        let path = dir.join(format!("{id}.png"));
        if update {
            std::fs::create_dir_all(&dir).unwrap();
            img.save(&path).unwrap();
            continue;
        }
        let golden = image::open(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (PIXMART_POSTER_UPDATE_GOLDEN=1 writes it)", path.display()))
            .into_rgba8();
        assert_eq!(golden.dimensions(), img.dimensions(), "{id}");
        let (mut total, mut far) = (0u64, 0usize);
        for (a, b) in golden.as_raw().iter().zip(img.as_raw()) {
            let d = a.abs_diff(*b);
            total += u64::from(d);
            if d > 48 {
                far += 1;
            }
        }
        let n = img.as_raw().len();
        let mean = total as f64 / n as f64;
        assert!(mean < 1.5 && far * 200 < n, "{id}: mean difference {mean:.3}, {far} channels far off");
    }
}

#[test]
fn same_template_and_inputs_give_identical_pixels() {
    let t = template("discount-red-burst");
    let inputs = sample_inputs(&t).text("title", "双十一\n狂欢😀");
    let a = render(&t, &inputs, fonts()).unwrap();
    let b = render(&t, &inputs, fonts()).unwrap();
    assert_eq!(a.as_raw(), b.as_raw());
    // A freshly loaded font set (cold caches) gives the same pixels.
    let fresh = FontSet::debian().unwrap();
    let c = render(&t, &inputs, &fresh).unwrap();
    assert_eq!(a.as_raw(), c.as_raw());
    assert_eq!(encode_png(&a).unwrap(), encode_png(&c).unwrap());
}

#[test]
fn renders_on_several_threads_sharing_one_font_set_are_identical() {
    let t = template("festival-spring-vertical");
    let inputs = sample_inputs(&t);
    let alone = render(&t, &inputs, fonts()).unwrap();
    let images: Vec<RgbaImage> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..3).map(|_| s.spawn(|| render(&t, &inputs, fonts()).unwrap())).collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for img in images {
        assert_eq!(img.as_raw(), alone.as_raw());
    }
}

#[test]
fn the_qr_slot_scans_to_its_content() {
    let t = template("story-event-qr");
    let inputs = sample_inputs(&t).text("qr", "https://pixmart.example/p/42?from=poster");
    let img = render(&t, &inputs, fonts()).unwrap();
    let grey = image::DynamicImage::ImageRgba8(img).into_luma8();
    let decoded = pixmart_models::qr::decode_with_rqrr(&grey);
    assert_eq!(decoded, vec!["https://pixmart.example/p/42?from=poster".to_string()]);
}

/// Every non-transparent pixel lies inside the slot's box.
fn ink_outside(img: &RgbaImage, x: u32, y: u32, w: u32, h: u32) -> usize {
    img.enumerate_pixels()
        .filter(|(px, py, p)| p[3] > 0 && (*px < x || *py < y || *px >= x + w || *py >= y + h))
        .count()
}

#[test]
fn text_never_overflows_its_slot_measured() {
    let cases = [
        ("短", 1, false),
        ("一段很长很长的中文标题，用来测试自动缩小字号是否能够放进这个不大的文本框里面。", 2, false),
        ("An English sentence with a veryveryverylongwordthatcannotbreak and more words after it.", 3, false),
        (&"满减活动火热进行中！".repeat(40), 2, true),
    ];
    for (text, max_lines, stroked) in cases {
        let mut layer = serde_json::json!({
            "type": "text", "id": "t", "role": "title", "box": {"x": 100, "y": 80, "w": 420, "h": 130},
            "text": text, "size": {"min": 18, "max": 72}, "color": "#000", "maxLines": max_lines, "lineHeight": 1.1
        });
        if stroked {
            layer["stroke"] = serde_json::json!({"color": "#ff0000", "width": 5});
        }
        let t = one_text(layer, 640, 300);
        let (img, report) = render_detailed(&t, &PosterInputs::default(), fonts(), 1.0).unwrap();
        assert_eq!(ink_outside(&img, 100, 80, 420, 130), 0, "{text}");
        let layout = &report.texts[0].2;
        assert!(layout.lines.len() <= max_lines, "{text}: {:?}", layout.lines);
        assert!(img.pixels().any(|p| p[3] > 0), "{text}: something is drawn");
        if text.chars().count() > 100 {
            assert!(layout.truncated && layout.lines.last().unwrap().ends_with('…'), "{:?}", layout.lines);
            assert_eq!(layout.font_size, 18.0);
        } else {
            assert!(!layout.truncated, "{text}: {:?}", layout.lines);
        }
        assert!(kinsoku::violations(&layout.lines).is_empty(), "{:?}", layout.lines);
    }
}

#[test]
fn auto_shrink_keeps_the_largest_size_that_fits() {
    let layer = |text: &str| {
        serde_json::json!({
            "type": "text", "id": "t", "role": "title", "box": {"x": 0, "y": 0, "w": 600, "h": 100},
            "text": text, "size": {"min": 20, "max": 80}, "color": "#000", "maxLines": 1
        })
    };
    let size = |text: &str| {
        let t = one_text(layer(text), 600, 100);
        render_detailed(&t, &PosterInputs::default(), fonts(), 1.0).unwrap().1.texts[0].2.font_size
    };
    assert_eq!(size("新品"), 80.0);
    let long = size("春季新品全场八折起限时抢购");
    assert!((35.0..80.0).contains(&long), "{long}");
}

#[test]
fn vertical_text_runs_top_to_bottom_in_columns_right_to_left() {
    let layer = serde_json::json!({
        "type": "text", "id": "t", "role": "title", "box": {"x": 50, "y": 20, "w": 300, "h": 400},
        "text": "春眠不觉晓，处处闻啼鸟。夜来风雨声（花落知多少）", "size": {"min": 40, "max": 60},
        "color": "#000", "vertical": true, "maxLines": 6, "verticalAlign": "top", "align": "right"
    });
    let t = one_text(layer, 400, 440);
    let (img, report) = render_detailed(&t, &PosterInputs::default(), fonts(), 1.0).unwrap();
    let layout = &report.texts[0].2;
    assert!(layout.lines.len() >= 2, "{:?}", layout.lines);
    assert!(kinsoku::violations(&layout.lines).is_empty(), "{:?}", layout.lines);
    assert!(
        layout.lines.concat().contains('︒') && layout.lines.concat().contains('︵'),
        "vertical forms: {:?}",
        layout.lines
    );
    assert_eq!(ink_outside(&img, 50, 20, 300, 400), 0);
    // The first column is the rightmost: ink in the right quarter of the box
    // starts near the top, and the columns are taller than wide.
    let ink = layout.ink.unwrap();
    assert!(ink.y1 - ink.y0 > ink.x1 - ink.x0 || layout.lines.len() <= 3, "{ink:?}");
    let right_col_top = (20..420).find(|&y| (300..350).any(|x| img.get_pixel(x, y)[3] > 128)).unwrap();
    assert!(right_col_top < 80, "{right_col_top}");
    // The first character 春 is at the top right: render it alone and compare columns.
    let first = serde_json::json!({
        "type": "text", "id": "t", "role": "title", "box": {"x": 50, "y": 20, "w": 300, "h": 400},
        "text": "春", "size": {"min": 60, "max": 60}, "color": "#000", "vertical": true, "verticalAlign": "top", "align": "right"
    });
    let single = render(&one_text(first, 400, 440), &PosterInputs::default(), fonts()).unwrap();
    let ink_x = |img: &RgbaImage| (0..400).filter(|&x| (20..100).any(|y| img.get_pixel(x, y)[3] > 128)).min().unwrap();
    assert!((ink_x(&single) as i32 - ink_x(&img) as i32).abs() <= 4 || layout.font_size < 60.0);
}

#[test]
fn emoji_fall_back_to_the_colour_emoji_font() {
    let layer = serde_json::json!({
        "type": "text", "id": "t", "role": "title", "box": {"x": 0, "y": 0, "w": 400, "h": 120},
        "text": "好物😀🎉", "size": {"min": 60, "max": 60}, "color": "#000000", "maxLines": 1
    });
    let t = one_text(layer, 400, 120);
    let (img, report) = render_detailed(&t, &PosterInputs::default(), fonts(), 1.0).unwrap();
    assert_eq!(report.texts[0].2.missing_glyphs, 0);
    // The text colour is black: coloured (non-grey) pixels come from the emoji font.
    let coloured = img.pixels().filter(|p| p[3] > 200 && (i32::from(p[0]) - i32::from(p[2])).abs() > 60).count();
    assert!(coloured > 200, "{coloured} coloured pixels");
}

/// Collects the warnings logged while `f` runs.
fn with_logs<T>(f: impl FnOnce() -> T) -> (T, String) {
    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<Vec<u8>>>);
    impl std::io::Write for Sink {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let sink = Sink::default();
    let writer = sink.clone();
    let subscriber = tracing_subscriber::fmt().with_writer(move || writer.clone()).with_ansi(false).finish();
    let out = tracing::subscriber::with_default(subscriber, f);
    let logs = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
    (out, logs)
}

#[test]
fn a_missing_font_falls_back_with_a_warning_instead_of_boxes() {
    let dir = PathBuf::from(DEBIAN_NOTO_CJK_DIR);
    let paths = FontPaths {
        sans: vec![dir.join("NotoSansCJK-DoesNotExist.ttc")],
        serif: vec![dir.join("NotoSerifCJK-Regular.ttc")],
        emoji: vec![PathBuf::from(DEBIAN_NOTO_EMOJI)],
    };
    let (set, logs) = with_logs(|| FontSet::load(&paths));
    let set = set.unwrap();
    assert!(logs.contains("WARN") && logs.contains("NotoSansCJK-DoesNotExist.ttc"), "{logs}");
    assert!(logs.contains("falls back to Noto Serif CJK SC"), "{logs}");
    assert_eq!(set.family_name(pixmart_models::poster::FontFamily::Sans), "Noto Serif CJK SC");
    assert!(!set.warnings().is_empty());
    let layer = serde_json::json!({
        "type": "text", "id": "t", "role": "title", "box": {"x": 0, "y": 0, "w": 500, "h": 100},
        "text": "缺字体也不出方框 OK", "size": {"min": 40, "max": 40}, "color": "#000", "maxLines": 1,
        "font": {"family": "sans", "weight": 700}
    });
    let (img, report) = render_detailed(&one_text(layer, 500, 100), &PosterInputs::default(), &set, 1.0).unwrap();
    assert_eq!(report.texts[0].2.missing_glyphs, 0, "no .notdef boxes");
    assert!(img.pixels().filter(|p| p[3] > 128).count() > 1000);
    // No font at all is an error, not a poster of boxes.
    let none = FontPaths { sans: vec![dir.join("nope.ttc")], serif: vec![], emoji: vec![] };
    assert!(matches!(FontSet::load(&none), Err(pixmart_models::poster::PosterError::NoFonts { .. })));
}

#[test]
fn outputs_encode_as_png_jpeg_and_a_webp_preview() {
    let t = template("new-arrival-minimal");
    let img = render_scaled(&t, &sample_inputs(&t), fonts(), 0.5).unwrap();
    let png = encode_png(&img).unwrap();
    assert_eq!(image::load_from_memory(&png).unwrap().into_rgba8(), img);
    let jpeg = encode_jpeg(&img, 90).unwrap();
    assert_eq!(image::load_from_memory(&jpeg).unwrap().width(), img.width());
    let webp = encode_webp_preview(&img, 200).unwrap();
    let preview = image::load_from_memory(&webp).unwrap();
    assert_eq!(preview.height(), 200);
}

#[test]
fn a_scene_background_is_the_product_image_librarys_scene_at_the_canvas_size() {
    let scene = |id: &str, variant: u32| {
        let v = serde_json::json!({
            "version": 1, "id": "scene", "name": {"zh": "场景", "en": "Scene"}, "category": "productHero",
            "canvas": {"width": 540, "height": 720, "aspect": "3:4"},
            "background": {"type": "scene", "id": id, "variant": variant},
            "layers": []
        });
        render(&Template::from_json(&v.to_string()).unwrap(), &PosterInputs::default(), fonts()).unwrap()
    };
    let marble = scene("marble", 0);
    assert_eq!(marble.dimensions(), (540, 720));
    // The same pixels as the product-image pipeline draws for that scene.
    let bg = pixmart_models::compose::Background::Template("marble".into());
    let expected = pixmart_models::compose::render_background(&bg, 540, 720, 0);
    let off: usize =
        marble.pixels().zip(expected.pixels()).filter(|(a, b)| (0..3).any(|c| a.0[c].abs_diff(b.0[c]) > 2)).count();
    assert!(off * 1000 < marble.len() / 4, "{off} pixels differ from the scene");
    assert!(marble.pixels().all(|p| p.0[3] == 255), "opaque");
    // A variant is another light; another scene another picture.
    let diff =
        |a: &RgbaImage, b: &RgbaImage| a.as_raw().iter().zip(b.as_raw()).filter(|(x, y)| x.abs_diff(**y) > 8).count();
    assert!(diff(&marble, &scene("marble", 1)) > 10_000);
    assert!(diff(&marble, &scene("wood-table", 0)) > 100_000);
}
