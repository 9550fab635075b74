//! Product on new backgrounds with the real ISNet mask, for a fixed set of
//! inputs: a bottle on a strongly green backdrop (the halo case) and the
//! bottle on a light studio backdrop. Checks there is no green left along
//! the edges on any background and variant, and writes contact sheets for
//! a visual check to `$CARGO_TARGET_DIR/../test-artifacts/compose/`
//! (`sheet-green.png`, `sheet-studio.png`, `edges-green.png`: each row a
//! background, each column a `genNum` variant; the edge sheet is a 3×
//! zoom on the shoulder of the bottle).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use image::imageops::{self, FilterType};
use image::{DynamicImage, Rgb, RgbImage};
use pixmart_models::compose::{self, Background, ComposeOptions, PALETTE, TEMPLATES};
use pixmart_models::{CutoutModelKind, CutoutSession};

const CELL: u32 = 320;
const VARIANTS: u32 = 4;

/// The studio bottle with its backdrop replaced by a strong green, edge
/// pixels mixed with the green in proportion to their coverage.
fn bottle_on_green() -> RgbImage {
    let (scene, mask) = common::bottle_scene();
    // Soft coverage from the binary mask (a 3×3 mean) so edges mix.
    let soft = DynamicImage::ImageLuma8(mask).blur(1.0).into_luma8();
    RgbImage::from_fn(scene.width(), scene.height(), |x, y| {
        let a = f32::from(soft.get_pixel(x, y)[0]) / 255.0;
        let p = scene.get_pixel(x, y);
        let green = [45.0, 190.0 - 20.0 * y as f32 / scene.height() as f32, 60.0];
        Rgb([0, 1, 2].map(|c| (f32::from(p[c]) * a + green[c] * (1.0 - a)).round() as u8))
    })
}

fn backgrounds() -> Vec<(String, Background)> {
    let mut v = vec![
        ("white".to_owned(), Background::Solid(PALETTE[0].1)),
        ("darkGrey".to_owned(), Background::Solid(PALETTE[4].1)),
        ("gradient".to_owned(), Background::Gradient { from: PALETTE[5].1, to: PALETTE[3].1 }),
    ];
    v.extend(TEMPLATES.iter().map(|t| (t.id.to_owned(), Background::Template(t.id.to_owned()))));
    v
}

fn greenish(p: &Rgb<u8>) -> bool {
    let [r, g, b] = p.0.map(i32::from);
    g > r + 25 && g > b + 25
}

fn artifacts_dir() -> std::path::PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target"));
    target.join("../test-artifacts/compose")
}

#[test]
fn real_isnet_compositions_have_no_halo_and_make_a_contact_sheet() {
    common::init_runtime();
    let session = CutoutSession::load(CutoutModelKind::IsNet, &common::model_path("isnet_fp16.onnx"), 2).unwrap();
    let dir = artifacts_dir();
    std::fs::create_dir_all(&dir).unwrap();
    let inputs = [("green", bottle_on_green()), ("studio", common::bottle_scene().0)];
    let bgs = backgrounds();
    for (name, photo) in &inputs {
        let out = session.run(&DynamicImage::ImageRgb8(photo.clone())).unwrap();
        let cut = compose::prepare_cutout(photo, &out.mask, 3, 2 * CELL).unwrap();
        let mut sheet = RgbImage::from_pixel(CELL * VARIANTS, CELL * bgs.len() as u32, Rgb([0, 0, 0]));
        let mut edges = RgbImage::new(CELL * VARIANTS, CELL * bgs.len() as u32);
        for (row, (bg_name, bg)) in bgs.iter().enumerate() {
            let options = ComposeOptions {
                background: bg.clone(),
                width: 2 * CELL,
                height: 2 * CELL,
                scale: compose::scale_factor(20),
                erode: 3,
                reflection: true,
            };
            for v in 0..VARIANTS {
                let img = compose::compose_variant(&cut, &options, v);
                assert_eq!(img.dimensions(), (2 * CELL, 2 * CELL));
                if *name == "green" && !bg_name.starts_with("studio") && bg_name != "wood-table" {
                    // No backdrop green may survive (the backgrounds here
                    // have no green of their own).
                    let green = img.pixels().filter(|p| greenish(p)).count();
                    assert!(green < 40, "{bg_name} variant {v}: {green} green pixels");
                }
                let small = imageops::resize(&img, CELL, CELL, FilterType::Triangle);
                imageops::replace(&mut sheet, &small, i64::from(v * CELL), i64::from(row as u32 * CELL));
                // A 3× zoom on the bottle's left shoulder, where edges run
                // diagonally.
                let (px, py, pw, ph) = shoulder(&img);
                let crop = imageops::crop_imm(&img, px, py, pw, ph).to_image();
                let zoom = imageops::resize(&crop, CELL, CELL, FilterType::Nearest);
                imageops::replace(&mut edges, &zoom, i64::from(v * CELL), i64::from(row as u32 * CELL));
            }
        }
        sheet.save(dir.join(format!("sheet-{name}.png"))).unwrap();
        if *name == "green" {
            edges.save(dir.join("edges-green.png")).unwrap();
        }
    }
    eprintln!("contact sheets in {}", dir.display());
}

/// A square window around the top-left of the product's shoulder: the
/// first row (from the top) of saturated product pixels, a bit lower.
fn shoulder(img: &RgbImage) -> (u32, u32, u32, u32) {
    let side = CELL / 3;
    let sat = |p: &Rgb<u8>| {
        let (mx, mn) = (p.0.iter().max().copied().unwrap_or(0), p.0.iter().min().copied().unwrap_or(0));
        mx - mn > 60 && !greenish(p)
    };
    let (w, h) = img.dimensions();
    let mut best = (w / 2, h / 2);
    'rows: for y in (h / 3..h).step_by(2) {
        for x in 0..w {
            if sat(img.get_pixel(x, y)) {
                best = (x, y);
                break 'rows;
            }
        }
    }
    let x = best.0.saturating_sub(side / 2).min(w - side);
    let y = best.1.saturating_sub(side / 2).min(h - side);
    (x, y, side, side)
}
