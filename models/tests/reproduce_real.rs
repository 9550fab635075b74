//! Background replication on the real models (ISNet, arbitrary style
//! transfer): a reference table-top scene with its own subject (the red
//! bottle), whose clean version is known; the product is a blue bottle.
//! Checks the subject's removal against the clean scene, the product's
//! placement where the subject stood, and that style imitation departs
//! further from its base with a higher strength. Writes a contact sheet to
//! `$CARGO_TARGET_DIR/../test-artifacts/reproduce/sheet.png` (reference |
//! subject removed | product placed, 2 variants | style 0.2 / 0.55 / 0.9).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use image::imageops::{self, FilterType};
use image::{DynamicImage, GrayImage, Rgb, RgbImage};
use pixmart_models::compose;
use pixmart_models::reproduce;
use pixmart_models::style::StyleTransferSession;
use pixmart_models::{CutoutModelKind, CutoutSession};

const SIDE: u32 = 512;

/// Lit wall above a wooden table top (edge at 62 %), no subject.
fn clean_scene() -> RgbImage {
    let edge = SIDE * 62 / 100;
    RgbImage::from_fn(SIDE, SIDE, |x, y| {
        let (fx, fy) = (x as f32 / SIDE as f32, y as f32 / SIDE as f32);
        if y < edge {
            let v = 222.0 - 45.0 * fy - 25.0 * fx;
            Rgb([v as u8, (v - 8.0) as u8, (v - 20.0) as u8])
        } else {
            let grain = 6.0 * ((y as f32 * 0.7).sin() + 0.6 * (y as f32 * 0.23 + fx * 4.0).sin());
            let v = 160.0 - 50.0 * (fy - 0.62) + grain;
            Rgb([v as u8, (v * 0.7) as u8, (v * 0.48) as u8])
        }
    })
}

/// The bottle photo and mask scaled so the bottle is `height` px tall.
fn bottle(height: u32, swap_to_blue: bool) -> (RgbImage, GrayImage) {
    let (img, mask) = common::bottle_scene();
    let s = height as f32 / 740.0;
    let (w, h) = ((img.width() as f32 * s) as u32, (img.height() as f32 * s) as u32);
    let mut img = DynamicImage::ImageRgb8(img).resize_exact(w, h, FilterType::Triangle).into_rgb8();
    let mask = DynamicImage::ImageLuma8(mask).resize_exact(w, h, FilterType::Triangle).into_luma8();
    if swap_to_blue {
        for p in img.pixels_mut() {
            *p = Rgb([p[2], p[1], p[0]]);
        }
    }
    (img, mask)
}

/// The clean scene with the red bottle standing on the table at x ≈ 40 %,
/// and the true subject mask.
fn reference() -> (RgbImage, GrayImage, RgbImage) {
    let clean = clean_scene();
    let (b, bm) = bottle(300, false);
    let (ox, oy) = (
        (SIDE as f32 * 0.4) as i64 - b.width() as i64 / 2,
        (SIDE as f32 * 0.86) as i64 - (b.height() as f32 * 0.91) as i64,
    );
    let mut scene = clean.clone();
    let mut truth = GrayImage::new(SIDE, SIDE);
    for (x, y, p) in b.enumerate_pixels() {
        let (tx, ty) = (x as i64 + ox, y as i64 + oy);
        if tx < 0 || ty < 0 || tx >= SIDE as i64 || ty >= SIDE as i64 {
            continue;
        }
        let a = f32::from(bm.get_pixel(x, y)[0]) / 255.0;
        let q = scene.get_pixel_mut(tx as u32, ty as u32);
        *q = Rgb([0, 1, 2].map(|k| (f32::from(p[k]) * a + f32::from(q[k]) * (1.0 - a)).round() as u8));
        truth.put_pixel(tx as u32, ty as u32, image::Luma([bm.get_pixel(x, y)[0]]));
    }
    (scene, truth, clean)
}

fn mae_where(a: &RgbImage, b: &RgbImage, mask: &GrayImage) -> f64 {
    let (mut s, mut n) = (0.0, 0.0);
    for (x, y, m) in mask.enumerate_pixels() {
        if m[0] >= 128 {
            let (p, q) = (a.get_pixel(x, y), b.get_pixel(x, y));
            s += (0..3).map(|k| (f64::from(p[k]) - f64::from(q[k])).abs()).sum::<f64>() / 3.0;
            n += 1.0;
        }
    }
    s / n
}

fn mean_abs_diff(a: &RgbImage, b: &RgbImage) -> f64 {
    a.as_raw().iter().zip(b.as_raw()).map(|(&p, &q)| (f64::from(p) - f64::from(q)).abs()).sum::<f64>()
        / a.as_raw().len() as f64
}

fn artifacts_dir() -> std::path::PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target"));
    target.join("../test-artifacts/reproduce")
}

#[test]
fn replication_removes_the_subject_places_the_product_and_style_strength_is_monotonic() {
    common::init_runtime();
    let isnet = CutoutSession::load(CutoutModelKind::IsNet, &common::model_path("isnet_fp16.onnx"), 2).unwrap();
    common::model_path("style/arbitrary_predict.onnx");
    let style = StyleTransferSession::load(&common::models_dir(), 2).unwrap();
    let (scene, truth, clean) = reference();

    // 1. The reference's own subject found by ISNet and removed.
    let mask = isnet.run(&DynamicImage::ImageRgb8(scene.clone())).unwrap().mask;
    let iou = pixmart_models::mask_iou(&mask, &truth, 128);
    let (removed, hole) = reproduce::remove_subject(&scene, &mask).unwrap();
    let before = mae_where(&scene, &clean, &truth);
    let after = mae_where(&removed, &clean, &truth);
    eprintln!("subject IoU {iou:.3}; subject region vs clean scene: before {before:.1}, after removal {after:.1}");
    assert!(iou > 0.8, "ISNet subject IoU {iou:.3}");
    assert!(after < 12.0 && after < before / 4.0, "removed region MAE {after:.1} (with subject {before:.1})");

    // 2. The product stands where the subject stood.
    let placement = reproduce::placement_from_subject(&mask).unwrap();
    let (tx0, _, tx1, ty1) = reproduce::mask_bbox(&truth, 128).unwrap();
    assert!((placement.centre_x - (tx0 + tx1) as f32 / 2.0 / SIDE as f32).abs() < 0.03, "{placement:?}");
    assert!((placement.ground_y - ty1 as f32 / SIDE as f32).abs() < 0.03, "{placement:?}");
    let (product, pmask) = bottle(700, true);
    let pmask = isnet.run(&DynamicImage::ImageRgb8(product.clone())).map(|o| o.mask).unwrap_or(pmask);
    let cutout = compose::prepare_cutout(&product, &pmask, 3, SIDE).unwrap();
    let effects = reproduce::scene_effects(&removed);
    let placed: Vec<RgbImage> = (0..2)
        .map(|v| compose::place_product(&cutout, &removed, &reproduce::variant_placement(placement, v), &effects))
        .collect();
    let (rx, ry, rw, rh) = compose::product_rect(&cutout, (SIDE, SIDE), &placement).unwrap();
    let (mut blue, mut red, mut n) = (0, 0, 0);
    for y in ry.max(0) as u32..(ry + rh as i64).min(SIDE as i64) as u32 {
        for x in rx.max(0) as u32..(rx + rw as i64).min(SIDE as i64) as u32 {
            let p = placed[0].get_pixel(x, y).0.map(i32::from);
            blue += i32::from(p[2] > p[0] + 60);
            red += i32::from(p[0] > p[2] + 60 && p[0] > p[1] + 60);
            n += 1;
        }
    }
    eprintln!(
        "product rect: {:.1} % blue product pixels, {:.1} % red (old subject)",
        100.0 * blue as f64 / n as f64,
        100.0 * red as f64 / n as f64
    );
    assert!(blue as f64 > 0.2 * n as f64, "product not present where placed");
    assert!((red as f64) < 0.01 * n as f64, "old subject still visible");
    assert_ne!(placed[0], placed[1], "variants must differ");

    // 3. Style imitation: the further from the base, the higher the strength.
    let reference_style = style.style_vector(&scene).unwrap();
    let (base, _) = reproduce::style_base_image(0, SIDE, SIDE).unwrap();
    let strengths = [0.2f32, 0.55, 0.9];
    let styled: Vec<RgbImage> = strengths.iter().map(|&s| style.stylize(&base, &reference_style, s).unwrap()).collect();
    let d: Vec<f64> = styled.iter().map(|s| mean_abs_diff(s, &base)).collect();
    eprintln!("style departure from base at strength 0.2/0.55/0.9: {d:?}");
    assert!(styled.iter().all(|s| s.dimensions() == base.dimensions()));
    assert!(d[0] < d[1] && d[1] < d[2] && d[0] > 0.5, "departure not monotonic: {d:?}");
    assert_eq!(style.stylize(&base, &reference_style, 0.0).unwrap(), base);

    // Contact sheet.
    let cell = 256;
    let hole_rgb = RgbImage::from_fn(SIDE, SIDE, |x, y| {
        let p = removed.get_pixel(x, y);
        if hole.get_pixel(x, y)[0] == 255 && (x + y) % 8 == 0 {
            Rgb([255, 0, 255])
        } else {
            *p
        }
    });
    let tiles = [&scene, &hole_rgb, &removed, &placed[0], &placed[1], &styled[0], &styled[1], &styled[2]];
    let mut sheet = RgbImage::new(cell * 4, cell * 2);
    for (i, t) in tiles.iter().enumerate() {
        let small = imageops::resize(*t, cell, cell, FilterType::Triangle);
        imageops::replace(&mut sheet, &small, i64::from(cell * (i as u32 % 4)), i64::from(cell * (i as u32 / 4)));
    }
    let dir = artifacts_dir();
    std::fs::create_dir_all(&dir).unwrap();
    sheet.save(dir.join("sheet.png")).unwrap();
    eprintln!("contact sheet: {}", dir.join("sheet.png").display());
}

/// A mug (teal body, a handle ring on its right) at `(cx, base)` in `scene`,
/// drawn over what is there; returns the true mask and the handle's inner
/// circle `(x, y, r)`.
fn draw_mug(scene: &mut RgbImage, cx: f32, base: f32, size: f32) -> (GrayImage, (f32, f32, f32)) {
    let (w, h) = scene.dimensions();
    let half = size * 0.32;
    let (top, bottom) = (base - size, base);
    let (hx, hy, outer, inner) = (cx + half + size * 0.05, base - size * 0.55, size * 0.26, size * 0.16);
    let mut truth = GrayImage::new(w, h);
    for y in 0..h {
        for x in 0..w {
            let (fx, fy) = (x as f32 + 0.5, y as f32 + 0.5);
            let body = (fx - cx).abs() <= half && fy >= top && fy <= bottom;
            let d = ((fx - hx).powi(2) + (fy - hy).powi(2)).sqrt();
            let handle = fx > cx + half - 2.0 && d <= outer && d >= inner;
            if body || handle {
                // Cylinder shading across the body; the handle a little darker.
                let shade = if body { 1.0 - 0.35 * ((fx - cx) / half).powi(2) } else { 0.8 };
                *scene.get_pixel_mut(x, y) = Rgb([(40.0 * shade) as u8, (150.0 * shade) as u8, (160.0 * shade) as u8]);
                truth.put_pixel(x, y, image::Luma([255]));
            }
        }
    }
    (truth, (hx, hy, inner))
}

/// Pixels well inside the handle's inner circle and clear of the body.
fn handle_inside(circle: (f32, f32, f32), size: u32) -> GrayImage {
    let (hx, hy, r) = circle;
    GrayImage::from_fn(size, size, |x, y| {
        let d = ((x as f32 + 0.5 - hx).powi(2) + (y as f32 + 0.5 - hy).powi(2)).sqrt();
        image::Luma([if d < r - 4.0 && x as f32 > hx - r * 0.3 { 255 } else { 0 }])
    })
}

/// The scene seen through a mug's handle is the scene's own, not patches
/// painted in from elsewhere: removing the reference's mug keeps it, and
/// the merchant's mug (cut out from a white studio photo) shows the new
/// scene through its handle, not a patch of the old white backdrop.
/// Writes `mug.png` beside the contact sheet (reference | hole | removed |
/// product mug placed).
#[test]
fn a_mug_handle_shows_the_real_scene_through_it() {
    common::init_runtime();
    let isnet = CutoutSession::load(CutoutModelKind::IsNet, &common::model_path("isnet_fp16.onnx"), 2).unwrap();
    let clean = clean_scene();
    let mut scene = clean.clone();
    let (truth, circle) = draw_mug(&mut scene, SIDE as f32 * 0.42, SIDE as f32 * 0.84, SIDE as f32 * 0.36);
    let inside = handle_inside(circle, SIDE);

    let mask = isnet.run(&DynamicImage::ImageRgb8(scene.clone())).unwrap().mask;
    let iou = pixmart_models::mask_iou(&mask, &truth, 128);
    let (removed, hole) = reproduce::remove_subject(&scene, &mask).unwrap();
    let kept = mae_where(&removed, &clean, &inside);
    let refilled = inside.pixels().zip(hole.pixels()).filter(|(i, h)| i[0] == 255 && h[0] == 255).count() as f64
        / inside.pixels().filter(|i| i[0] == 255).count().max(1) as f64;
    eprintln!("mug IoU {iou:.3}; inside the handle: {:.0} % refilled, MAE vs clean {kept:.1}", refilled * 100.0);
    assert!(iou > 0.8, "ISNet mug IoU {iou:.3}");
    assert!(refilled < 0.35, "{:.0} % of the scene seen through the handle was painted over", refilled * 100.0);
    assert!(kept < 6.0, "the scene inside the handle changed by {kept:.1}");

    // The merchant's mug, photographed on white.
    let mut studio = RgbImage::from_pixel(SIDE, SIDE, Rgb([246, 246, 244]));
    let (_, pcircle) = draw_mug(&mut studio, SIDE as f32 * 0.45, SIDE as f32 * 0.8, SIDE as f32 * 0.5);
    let pmask = isnet.run(&DynamicImage::ImageRgb8(studio.clone())).unwrap().mask;
    let pinside = handle_inside(pcircle, SIDE);
    let opacity =
        pmask.pixels().zip(pinside.pixels()).filter(|(_, i)| i[0] == 255).map(|(m, _)| f64::from(m[0])).sum::<f64>()
            / pinside.pixels().filter(|i| i[0] == 255).count().max(1) as f64;
    eprintln!("product mug: mean mask inside its handle {opacity:.0} / 255");
    assert!(opacity < 40.0, "the cutout keeps the white backdrop inside the handle ({opacity:.0} / 255)");
    let cutout = compose::prepare_cutout(&studio, &pmask, 3, SIDE).unwrap();
    let placement = reproduce::placement_from_subject(&mask).unwrap();
    let placed = compose::place_product(&cutout, &removed, &placement, &reproduce::scene_effects(&removed));

    let cell = 256;
    let hole_rgb = RgbImage::from_fn(SIDE, SIDE, |x, y| {
        if hole.get_pixel(x, y)[0] == 255 && (x + y) % 8 == 0 {
            Rgb([255, 0, 255])
        } else {
            *removed.get_pixel(x, y)
        }
    });
    let mut sheet = RgbImage::new(cell * 4, cell);
    for (i, t) in [&scene, &hole_rgb, &removed, &placed].iter().enumerate() {
        let small = imageops::resize(*t, cell, cell, FilterType::Triangle);
        imageops::replace(&mut sheet, &small, i64::from(cell * i as u32), 0);
    }
    let dir = artifacts_dir();
    std::fs::create_dir_all(&dir).unwrap();
    sheet.save(dir.join("mug.png")).unwrap();
}
