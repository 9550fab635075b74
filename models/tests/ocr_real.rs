//! Real-model tests: PP-OCRv6 small (scripts/fetch-models ppocr-v6) reads
//! Chinese and English lines rendered here with Noto Sans CJK. They fail
//! (never skip) when the models, the runtime or the font are missing.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::sync::{Mutex, OnceLock};
use std::time::Instant;

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use image::{DynamicImage, Rgb, RgbImage};
use pixmart_models::ocr::{lines_to_text, OcrEngine, OcrLine, OcrPaths, CLS_FILE, DET_FILE, REC_FILE};

const FONT: &str = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc";
/// Noto Sans CJK's collection: 0 JP, 1 KR, 2 SC (Simplified Chinese).
const FONT_INDEX_SC: u32 = 2;

const TITLE: &str = "夏日清凉 冰丝防晒衣";
const OFFER: &str = "限时特惠 第二件半价";
const LATIN: &str = "UV protection 50+";

/// One engine for the binary, and one test at a time (two cores: parallel
/// tests would only slow each other and spoil the timing).
fn engine() -> &'static OcrEngine {
    static ENGINE: OnceLock<OcrEngine> = OnceLock::new();
    ENGINE.get_or_init(|| {
        common::init_runtime();
        for f in [DET_FILE, REC_FILE, CLS_FILE] {
            common::model_path(f);
        }
        let paths = OcrPaths::in_models_dir(&common::models_dir());
        assert!(paths.cls.is_some());
        OcrEngine::load(&paths, 2).unwrap_or_else(|e| panic!("loading the OCR models: {e}"))
    })
}

fn serial() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|p| p.into_inner())
}

fn font_bytes() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| std::fs::read(FONT).unwrap_or_else(|e| panic!("{FONT}: {e} (apt-get install fonts-noto-cjk)")))
}

/// Draws `text` with its top-left at (x, y), `size` pixels high, blending
/// `color` over what is there. Returns the ink's bounding box
/// (x0, y0, x1, y1).
fn draw(img: &mut RgbImage, text: &str, x: f32, y: f32, size: f32, color: [u8; 3]) -> [f32; 4] {
    let mut ink = [f32::MAX, f32::MAX, f32::MIN, f32::MIN];
    let font = FontRef::try_from_slice_and_index(font_bytes(), FONT_INDEX_SC).unwrap();
    let scaled = font.as_scaled(PxScale::from(size));
    let mut caret = x;
    let mut prev = None;
    for c in text.chars() {
        let id = font.glyph_id(c);
        assert_ne!(id.0, 0, "the font has no glyph for {c:?}");
        if let Some(p) = prev {
            caret += scaled.kern(p, id);
        }
        let glyph = id.with_scale_and_position(PxScale::from(size), ab_glyph::point(caret, y + scaled.ascent()));
        caret += scaled.h_advance(id);
        prev = Some(id);
        let Some(outline) = font.outline_glyph(glyph) else { continue };
        let b = outline.px_bounds();
        outline.draw(|gx, gy, cov| {
            let (px, py) = (b.min.x as i64 + i64::from(gx), b.min.y as i64 + i64::from(gy));
            if px < 0 || py < 0 || px >= i64::from(img.width()) || py >= i64::from(img.height()) {
                return;
            }
            let p = img.get_pixel_mut(px as u32, py as u32);
            let a = cov.clamp(0.0, 1.0);
            if a > 0.5 {
                ink = [ink[0].min(px as f32), ink[1].min(py as f32), ink[2].max(px as f32), ink[3].max(py as f32)];
            }
            p.0 = std::array::from_fn(|k| (f32::from(color[k]) * a + f32::from(p.0[k]) * (1.0 - a)).round() as u8);
        });
    }
    ink
}

/// Deterministic noise in -1..1.
fn noise(x: u32, y: u32, seed: u32) -> f32 {
    let mut h = x.wrapping_mul(0x9E37_79B1) ^ y.wrapping_mul(0x85EB_CA77) ^ seed.wrapping_mul(0xC2B2_AE3D);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2C1B_3C6D);
    h ^= h >> 12;
    (h & 0xFFFF) as f32 / 32767.5 - 1.0
}

/// A colourful, textured, photo-like background: soft diagonal colour
/// gradients, blurred blobs and grain.
fn photo_background(w: u32, h: u32) -> RgbImage {
    RgbImage::from_fn(w, h, |x, y| {
        let (fx, fy) = (x as f32 / w as f32, y as f32 / h as f32);
        let blob = |cx: f32, cy: f32, r: f32| (-((fx - cx).powi(2) + (fy - cy).powi(2)) / (r * r)).exp();
        let b1 = blob(0.2, 0.3, 0.25);
        let b2 = blob(0.8, 0.7, 0.3);
        let weave = ((x as f32 / 7.0).sin() * (y as f32 / 9.0).cos()) * 10.0;
        let grain = noise(x, y, 3) * 12.0;
        let base = [
            200.0 + 40.0 * fx - 60.0 * b2 + weave,
            225.0 - 50.0 * fy + 20.0 * b1 + weave,
            170.0 + 70.0 * fy - 40.0 * b1 - weave,
        ];
        Rgb(base.map(|v| (v + grain).round().clamp(0.0, 255.0) as u8))
    })
}

/// The three known lines on `bg`, and each line's ink box.
fn poster_with_ink(mut bg: RgbImage) -> (RgbImage, [[f32; 4]; 3]) {
    let ink = [
        draw(&mut bg, TITLE, 60.0, 60.0, 64.0, [20, 30, 90]),
        draw(&mut bg, OFFER, 60.0, 210.0, 48.0, [170, 20, 30]),
        draw(&mut bg, LATIN, 60.0, 330.0, 48.0, [30, 30, 30]),
    ];
    (bg, ink)
}

fn poster(bg: RgbImage) -> RgbImage {
    poster_with_ink(bg).0
}

/// `img` turned by `degrees` (clockwise) about its centre, bilinear, the
/// corners filled with `fill`.
fn tilt(img: &RgbImage, degrees: f32, fill: [u8; 3]) -> RgbImage {
    let (w, h) = img.dimensions();
    let (c, s) = (degrees.to_radians().cos(), degrees.to_radians().sin());
    let (cx, cy) = (w as f32 / 2.0, h as f32 / 2.0);
    RgbImage::from_fn(w, h, |x, y| {
        let (dx, dy) = (x as f32 - cx, y as f32 - cy);
        let (sx, sy) = (cx + dx * c + dy * s, cy - dx * s + dy * c);
        if sx < 0.0 || sy < 0.0 || sx >= (w - 1) as f32 || sy >= (h - 1) as f32 {
            return Rgb(fill);
        }
        let (x0, y0) = (sx.floor() as u32, sy.floor() as u32);
        let (fx, fy) = (sx - x0 as f32, sy - y0 as f32);
        let at = |xx: u32, yy: u32, k: usize| f32::from(img.get_pixel(xx, yy).0[k]);
        Rgb(std::array::from_fn(|k| {
            let top = at(x0, y0, k) * (1.0 - fx) + at(x0 + 1, y0, k) * fx;
            let bottom = at(x0, y0 + 1, k) * (1.0 - fx) + at(x0 + 1, y0 + 1, k) * fx;
            (top * (1.0 - fy) + bottom * fy).round() as u8
        }))
    })
}

fn plain(w: u32, h: u32) -> RgbImage {
    RgbImage::from_pixel(w, h, Rgb([250, 250, 247]))
}

fn read(img: RgbImage, what: &str) -> Vec<OcrLine> {
    let t = Instant::now();
    let lines = engine().read(&DynamicImage::ImageRgb8(img)).unwrap();
    eprintln!("{what}: {:.2?}", t.elapsed());
    for l in &lines {
        eprintln!("  {:.3} {:?} {:?}", l.score, l.text, l.quad);
    }
    lines
}

fn squeeze(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Tolerance: none. Each known line must come back exactly (spaces aside:
/// the recogniser may or may not put one between Chinese words), in order,
/// as its own paragraph.
fn assert_reads_the_poster(lines: &[OcrLine], what: &str) {
    let text = lines_to_text(lines);
    let paragraphs: Vec<String> = text.split('\n').map(squeeze).collect();
    let want: Vec<String> = [TITLE, OFFER, LATIN].iter().map(|s| squeeze(s)).collect();
    assert_eq!(paragraphs, want, "{what}: read {text:?}");
    // The English line keeps its word spaces.
    assert!(text.contains(LATIN), "{what}: {text:?}");
    assert!(lines.iter().all(|l| l.score >= 0.8), "{what}: {lines:?}");
}

#[test]
fn reads_chinese_and_english_on_a_plain_background() {
    let _g = serial();
    let (img, ink) = poster_with_ink(plain(900, 460));
    let lines = read(img, "plain 900x460");
    assert_reads_the_poster(&lines, "plain");
    // Each box holds its line's ink, with a margin of at most 16 px.
    for (line, [x0, y0, x1, y1]) in lines.iter().zip(ink) {
        let xs = line.quad.map(|p| p[0]);
        let ys = line.quad.map(|p| p[1]);
        let (bx0, bx1) = (xs.iter().copied().fold(f32::MAX, f32::min), xs.iter().copied().fold(f32::MIN, f32::max));
        let (by0, by1) = (ys.iter().copied().fold(f32::MAX, f32::min), ys.iter().copied().fold(f32::MIN, f32::max));
        let holds = bx0 <= x0 + 2.0 && by0 <= y0 + 2.0 && bx1 >= x1 - 2.0 && by1 >= y1 - 2.0;
        let tight = x0 - bx0 <= 16.0 && y0 - by0 <= 16.0 && bx1 - x1 <= 16.0 && by1 - y1 <= 16.0;
        assert!(holds && tight, "{:?}: box {:?}, ink {:?}", line.text, line.quad, [x0, y0, x1, y1]);
    }
}

#[test]
fn reads_a_tilted_page() {
    let _g = serial();
    for degrees in [-8.0, 8.0] {
        let what = format!("tilted {degrees}°");
        let lines = read(tilt(&poster(plain(900, 460)), degrees, [250, 250, 247]), &what);
        assert_reads_the_poster(&lines, &what);
    }
}

#[test]
fn reads_chinese_and_english_on_a_photo_like_background() {
    let _g = serial();
    let lines = read(poster(photo_background(900, 460)), "textured 900x460");
    assert_reads_the_poster(&lines, "textured");
}

#[test]
fn reads_a_page_turned_by_90_degrees() {
    let _g = serial();
    let upright = poster(plain(900, 460));
    for (what, img) in [
        ("turned 90° clockwise", image::imageops::rotate90(&upright)),
        ("turned 90° anticlockwise", image::imageops::rotate270(&upright)),
    ] {
        let lines = read(img, what);
        assert_reads_the_poster(&lines, what);
    }
}

#[test]
fn reads_a_page_turned_upside_down() {
    let _g = serial();
    let lines = read(image::imageops::rotate180(&poster(plain(900, 460))), "upside down");
    assert_reads_the_poster(&lines, "upside down");
}

#[test]
fn a_blank_image_has_no_lines() {
    let _g = serial();
    assert!(read(plain(640, 480), "blank").is_empty());
    let gradient = RgbImage::from_fn(640, 480, |x, y| Rgb([(x / 3) as u8, (y / 2) as u8, 180]));
    assert!(read(gradient, "gradient").is_empty());
    assert!(read(RgbImage::from_pixel(8, 8, Rgb([0, 0, 0])), "tiny").is_empty());
}

/// Lines set as one paragraph (1.4 line spacing) join; a blank line's gap
/// starts another.
#[test]
fn paragraphs_join_their_lines() {
    let _g = serial();
    let mut img = plain(800, 560);
    let size = 44.0;
    let mut y = 60.0;
    for (text, gap_after) in
        [("面料是冰丝的", 1.4), ("摸起来很凉快", 2.8), ("Free shipping", 1.4), ("over 99 yuan", 1.4)]
    {
        draw(&mut img, text, 60.0, y, size, [25, 25, 25]);
        y += size * gap_after;
    }
    let lines = read(img, "two paragraphs");
    assert_eq!(lines_to_text(&lines), "面料是冰丝的摸起来很凉快\nFree shipping over 99 yuan");
}

/// The brief's figure: a 1080×1440 note with 10 lines at 2 threads.
#[test]
fn times_a_note_with_ten_lines() {
    let _g = serial();
    let note_lines = [
        (TITLE, 72.0),
        ("今天分享一件超好穿的防晒衣", 44.0),
        ("面料是冰丝的 摸起来很凉快", 44.0),
        ("UV protection 50+ 实测有效", 44.0),
        ("颜色有白色 浅蓝 和奶油黄", 44.0),
        (OFFER, 44.0),
        ("Free shipping over 99 yuan", 44.0),
        ("尺码偏大 建议拍小一码", 44.0),
        ("通勤 骑车 出游都适合", 44.0),
        ("#防晒 #夏日穿搭 #好物分享", 44.0),
    ];
    let mut img = plain(1080, 1440);
    let mut y = 90.0;
    for (text, size) in note_lines {
        draw(&mut img, text, 80.0, y, size, [25, 25, 25]);
        y += size * 2.4;
    }
    let engine = engine();
    let input = DynamicImage::ImageRgb8(img);
    engine.read(&input).unwrap(); // warm-up
    let runs = 3;
    let t = Instant::now();
    let mut lines = Vec::new();
    for _ in 0..runs {
        lines = engine.read(&input).unwrap();
    }
    let each = t.elapsed() / runs;
    let text = lines_to_text(&lines);
    eprintln!("1080x1440 note, {} lines, 2 threads: {each:.2?} per read\n{text}", lines.len());
    assert_eq!(lines.len(), note_lines.len(), "{text}");
    for (want, _) in note_lines {
        assert!(squeeze(&text).contains(&squeeze(want)), "missing {want:?} in {text:?}");
    }
}
