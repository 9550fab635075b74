//! Real-ESRGAN x4plus and the fast AnimeVideo v3 model on the real
//! (converted) weights: the conversion is right (the output is a sharper
//! version of the input, not noise), tiling leaves no seams, parallel tiles
//! give the serial result, a cancel stops the work, and 2K targets are met
//! exactly. Small inputs keep this at a few seconds on 2 cores.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use image::imageops::{self, FilterType};
use std::ops::ControlFlow;

use image::{DynamicImage, GrayImage, Luma, RgbImage, RgbaImage};
use pixmart_models::upscale::{
    RouteOptions, TileOptions, UpscaleSession, REALESRGAN_FAST_FILE, REALESRGAN_X4PLUS_FILE,
};
use pixmart_models::ModelError;

fn session() -> UpscaleSession {
    common::init_runtime();
    UpscaleSession::load(&common::model_path(REALESRGAN_X4PLUS_FILE), 2).unwrap()
}

fn fast(parallel: usize) -> UpscaleSession {
    common::init_runtime();
    UpscaleSession::load_parallel(&common::model_path(REALESRGAN_FAST_FILE), 2, parallel).unwrap()
}

fn go(_: usize, _: usize) -> ControlFlow<()> {
    ControlFlow::Continue(())
}

/// A 96×96 crop of the bottle scene around the cap and shoulder (edges,
/// gradient and texture), downscaled ×4 from the original.
fn small_source() -> (RgbImage, RgbImage) {
    let (scene, _) = common::bottle_scene();
    let cx = scene.width() / 2;
    let hi = imageops::crop_imm(&scene, cx - 192, 150, 384, 384).to_image();
    let lo = imageops::resize(&hi, 96, 96, FilterType::Triangle);
    (hi, lo)
}

fn mean_abs_diff(a: &RgbImage, b: &RgbImage) -> f64 {
    let sum: u64 = a.as_raw().iter().zip(b.as_raw()).map(|(&x, &y)| u64::from(x.abs_diff(y))).sum();
    sum as f64 / a.as_raw().len() as f64
}

/// Mean gradient magnitude of the luma: how sharp an image is.
fn sharpness(img: &RgbImage) -> f64 {
    let luma = DynamicImage::ImageRgb8(img.clone()).to_luma8();
    let (w, h) = luma.dimensions();
    let mut sum = 0f64;
    for y in 0..h - 1 {
        for x in 0..w - 1 {
            let p = f64::from(luma.get_pixel(x, y)[0]);
            sum +=
                (f64::from(luma.get_pixel(x + 1, y)[0]) - p).abs() + (f64::from(luma.get_pixel(x, y + 1)[0]) - p).abs();
        }
    }
    sum / f64::from((w - 1) * (h - 1))
}

#[test]
fn converted_model_restores_detail_and_tiles_without_seams() {
    let s = session();
    let (hi, lo) = small_source();
    let whole = s.upscale_x4(&lo, TileOptions { tile: 96, overlap: 0 }, go).unwrap();
    assert_eq!(whole.dimensions(), (384, 384));

    // Faithful: close to the original it was downscaled from, as close as a
    // Lanczos upscale or closer, and sharper than Lanczos.
    let lanczos = imageops::resize(&lo, 384, 384, FilterType::Lanczos3);
    let (d_model, d_lanczos) = (mean_abs_diff(&whole, &hi), mean_abs_diff(&lanczos, &hi));
    let (sh_model, sh_lanczos) = (sharpness(&whole), sharpness(&lanczos));
    eprintln!("mean |diff| to original: model {d_model:.2}, lanczos {d_lanczos:.2}; sharpness {sh_model:.2} vs {sh_lanczos:.2}");
    assert!(d_model < 12.0 && d_model < d_lanczos * 1.5, "model output strays from the image: {d_model:.2}");
    assert!(sh_model > sh_lanczos * 1.1, "model output is not sharper: {sh_model:.2} vs {sh_lanczos:.2}");
    write_contact_sheet(&[&lanczos, &whole, &hi]);

    // Tiled (4×4 tiles of 24 px, 16 px of context) matches the whole-image
    // run: seams get the same context as the interior.
    let mut calls = 0;
    let tiled = s
        .upscale_x4(&lo, TileOptions { tile: 24, overlap: 16 }, |done, total| {
            calls += 1;
            assert_eq!(total, 16);
            assert_eq!(done, calls);
            ControlFlow::Continue(())
        })
        .unwrap();
    let seam_diff = mean_abs_diff(&tiled, &whole);
    eprintln!("tiled vs whole: mean |diff| {seam_diff:.3}");
    assert!(seam_diff < 1.0, "tiling changes the result: {seam_diff:.3}");
}

#[test]
fn two_k_target_is_exact_and_alpha_is_kept() {
    let s = session();
    let (_, lo) = small_source();
    // A 96×64 cutout-like RGBA source: long side 2048 exactly, ratio kept.
    let rgba = RgbaImage::from_fn(96, 64, |x, y| {
        let p = lo.get_pixel(x, y);
        image::Rgba([p[0], p[1], p[2], if (20..76).contains(&x) { 255 } else { 0 }])
    });
    let out = s
        .upscale_to_long_side(
            &DynamicImage::ImageRgba8(rgba),
            2048,
            TileOptions::default(),
            RouteOptions::default(),
            go,
        )
        .unwrap();
    assert_eq!((out.width(), out.height()), (2048, 1365));
    let rgba = out.to_rgba8();
    let alpha: GrayImage = GrayImage::from_fn(out.width(), out.height(), |x, y| Luma([rgba.get_pixel(x, y)[3]]));
    // Transparent left margin stays transparent, the middle stays opaque.
    assert!(alpha.get_pixel(100, 600)[0] < 10);
    assert!(alpha.get_pixel(1024, 600)[0] > 245);
}

#[test]
fn fast_model_restores_detail_and_parallel_tiles_match_serial() {
    let (hi, lo) = small_source();
    let serial = fast(1).upscale_x4(&lo, TileOptions { tile: 32, overlap: 12 }, go).unwrap();
    let parallel = fast(2).upscale_x4(&lo, TileOptions { tile: 32, overlap: 12 }, go).unwrap();
    assert_eq!(serial.dimensions(), (384, 384));
    let d = mean_abs_diff(&serial, &parallel);
    assert!(d < 0.5, "parallel tiles differ from serial ones: {d:.3}");

    let lanczos = imageops::resize(&lo, 384, 384, FilterType::Lanczos3);
    let (d_model, d_lanczos) = (mean_abs_diff(&parallel, &hi), mean_abs_diff(&lanczos, &hi));
    let (sh_model, sh_lanczos) = (sharpness(&parallel), sharpness(&lanczos));
    eprintln!("fast: mean |diff| to original {d_model:.2} (lanczos {d_lanczos:.2}); sharpness {sh_model:.2} vs {sh_lanczos:.2}");
    assert!(d_model < 12.0 && d_model < d_lanczos * 1.5, "fast model output strays from the image: {d_model:.2}");
    assert!(sh_model > sh_lanczos * 1.05, "fast model output is not sharper: {sh_model:.2} vs {sh_lanczos:.2}");
}

#[test]
fn a_cancel_stops_after_the_tile_that_asked() {
    let (_, lo) = small_source();
    let mut calls = 0;
    let out = fast(2).upscale_x4(&lo, TileOptions { tile: 16, overlap: 4 }, |_, total| {
        calls += 1;
        assert_eq!(total, 36);
        ControlFlow::Break(())
    });
    assert!(matches!(out, Err(ModelError::Cancelled)), "{out:?}");
    assert_eq!(calls, 1, "no tile is reported after the cancel");
}

/// Lanczos ×4 | Real-ESRGAN ×4 | the original, side by side, for a look:
/// `<repo>/target/test-artifacts/upscale/contact.png` (git-ignored).
fn write_contact_sheet(images: &[&RgbImage]) {
    let (w, h) = images[0].dimensions();
    let mut sheet =
        RgbImage::from_pixel(w * images.len() as u32 + 8 * (images.len() as u32 - 1), h, image::Rgb([255, 255, 255]));
    for (i, img) in images.iter().enumerate() {
        imageops::replace(&mut sheet, *img, i64::from(i as u32 * (w + 8)), 0);
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/test-artifacts/upscale");
    std::fs::create_dir_all(&dir).unwrap();
    sheet.save(dir.join("contact.png")).unwrap();
    eprintln!("contact sheet: {}", dir.join("contact.png").display());
}
