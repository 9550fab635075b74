//! Cutout accuracy and speed on pixmart's evaluation set, ours beside rembg
//! in one run: every model pixmart offers (ISNet, U²-Net, U²-Netp) and
//! rembg 2.0.86 (PyPI) on the same weight files with the same threads.
//!
//!   scripts/bench cutout-eval          (installs rembg, generates the set)
//!
//! Env: PIXMART_EVAL_SET (a directory made by tests/cutout_eval/make_set.py;
//! generated into the target directory when unset), PIXMART_EVAL_SIZE
//! (default 1600), PIXMART_BENCH_THREADS (default 2), PIXMART_EVAL_MODELS
//! (default "isnet,u2net,u2netp"), PIXMART_EVAL_PEER=0 to skip rembg,
//! PIXMART_EVAL_PYTHONPATH (where rembg is installed), plus
//! PIXMART_MODELS_DIR / ORT_DYLIB_PATH as for the tests.
//!
//! Prints one table: per category and model, mean and minimum IoU (alpha at
//! 128), mean absolute alpha error and mean seconds per image (decoded photo
//! in, RGBA cutout out, in process, after one warm-up).
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../tests/common/mod.rs"]
mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use image::{DynamicImage, GrayImage};
use pixmart_models::{mask_iou, run_fused, CutoutModelKind, CutoutOutput, CutoutSession, ModelError};

/// One scored run of one image.
struct Score {
    who: String,
    name: String,
    iou: f64,
    mae: f64,
    seconds: f64,
}

fn mae(a: &GrayImage, b: &GrayImage) -> f64 {
    let sum: u64 = a.as_raw().iter().zip(b.as_raw()).map(|(x, y)| u64::from(x.abs_diff(*y))).sum();
    sum as f64 / 255.0 / a.as_raw().len() as f64
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn eval_set(python_path: &str) -> PathBuf {
    if let Some(dir) = std::env::var_os("PIXMART_EVAL_SET").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    let size = std::env::var("PIXMART_EVAL_SIZE").unwrap_or_else(|_| "1600".into());
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| repo().join("target"), PathBuf::from);
    let dir = target.join(format!("cutout-eval-{size}"));
    if !dir.join("index.tsv").is_file() {
        let status = Command::new("python3")
            .arg(repo().join("tests/cutout_eval/make_set.py"))
            .arg(&dir)
            .args(["--size", &size])
            .env("PYTHONPATH", python_path)
            .status()
            .expect("python3");
        assert!(status.success(), "make_set.py failed (needs numpy and Pillow on PYTHONPATH)");
    }
    dir
}

/// name -> category, from the set's index.
fn index(dir: &Path) -> BTreeMap<String, String> {
    std::fs::read_to_string(dir.join("index.tsv"))
        .expect("index.tsv")
        .lines()
        .skip(1)
        .filter_map(|l| {
            let mut f = l.split('\t');
            Some((f.next()?.to_owned(), f.next()?.to_owned()))
        })
        .collect()
}

fn load_photos(dir: &Path, names: &[String]) -> Vec<DynamicImage> {
    names.iter().map(|n| image::open(dir.join(format!("{n}.jpg"))).unwrap().into_rgb8().into()).collect()
}

/// Scores `cut` (photo in, cutout out) on every image, after one warm-up.
fn ours(
    dir: &Path,
    names: &[String],
    photos: &[DynamicImage],
    who: &str,
    cut: impl Fn(&DynamicImage) -> Result<CutoutOutput, ModelError>,
) -> Vec<Score> {
    let _ = cut(&photos[0]);
    names
        .iter()
        .zip(photos)
        .map(|(name, photo)| {
            let truth = image::open(dir.join(format!("{name}.alpha.png"))).unwrap().into_luma8();
            let start = Instant::now();
            let mask = match cut(photo) {
                Ok(out) => out.mask,
                Err(_) => GrayImage::new(photo.width(), photo.height()),
            };
            let seconds = start.elapsed().as_secs_f64();
            Score {
                who: who.to_owned(),
                name: name.clone(),
                iou: mask_iou(&mask, &truth, 128),
                mae: mae(&mask, &truth),
                seconds,
            }
        })
        .collect()
}

fn peer(dir: &Path, models: &[CutoutModelKind], threads: usize, python_path: &str) -> Vec<Score> {
    let out = Command::new("python3")
        .arg(repo().join("tests/cutout_eval/rembg_peer.py"))
        .arg(dir)
        .arg(common::models_dir())
        .arg(threads.to_string())
        .args(models.iter().map(|m| m.id()))
        .env("PYTHONPATH", python_path)
        .output()
        .expect("python3");
    assert!(out.status.success(), "rembg peer failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Some(Score {
                who: format!("rembg {}", f.first()?),
                name: (*f.get(1)?).to_owned(),
                iou: f.get(2)?.parse().ok()?,
                mae: f.get(3)?.parse().ok()?,
                seconds: f.get(4)?.parse().ok()?,
            })
        })
        .collect()
}

fn main() {
    common::init_runtime();
    let threads: usize = std::env::var("PIXMART_BENCH_THREADS").ok().and_then(|v| v.parse().ok()).unwrap_or(2);
    let python_path = std::env::var("PIXMART_EVAL_PYTHONPATH").unwrap_or_default();
    let models: Vec<CutoutModelKind> = std::env::var("PIXMART_EVAL_MODELS")
        .unwrap_or_else(|_| "isnet,u2net,u2netp".into())
        .split(',')
        .filter_map(CutoutModelKind::from_id)
        .collect();
    let dir = eval_set(&python_path);
    let categories = index(&dir);
    let names: Vec<String> = categories.keys().cloned().collect();
    println!("cutout evaluation: {} images in {}, {threads} threads", names.len(), dir.display());

    let photos = load_photos(&dir, &names);
    let mut scores = Vec::new();
    let sessions: Vec<(CutoutModelKind, CutoutSession)> = models
        .iter()
        .map(|&m| (m, CutoutSession::load(m, &common::model_path(m.file_name()), threads).unwrap()))
        .collect();
    for (m, session) in &sessions {
        scores.extend(ours(&dir, &names, &photos, &format!("pixmart {}", m.id()), |p| session.run(p)));
    }
    let find = |k: CutoutModelKind| sessions.iter().find(|(m, _)| *m == k).map(|(_, s)| s);
    if let (Some(isnet), Some(u2net)) = (find(CutoutModelKind::IsNet), find(CutoutModelKind::U2Net)) {
        scores.extend(ours(&dir, &names, &photos, "pixmart fused", |p| run_fused(isnet, u2net, p)));
    }
    if std::env::var("PIXMART_EVAL_PEER").as_deref() != Ok("0") {
        scores.extend(peer(&dir, &models, threads, &python_path));
    }

    // (category, who) -> scores; "all" holds every image.
    let mut groups: BTreeMap<(String, String), Vec<&Score>> = BTreeMap::new();
    for s in &scores {
        let cat = categories.get(&s.name).cloned().unwrap_or_default();
        groups.entry((cat, s.who.clone())).or_default().push(s);
        groups.entry(("~all".into(), s.who.clone())).or_default().push(s);
    }
    println!("{:<16} {:<16} {:>9} {:>8} {:>8} {:>8}  worst", "category", "who", "mean IoU", "min IoU", "MAE", "s/img");
    for ((cat, who), v) in &groups {
        let n = v.len() as f64;
        let worst = v.iter().min_by(|a, b| a.iou.total_cmp(&b.iou)).unwrap();
        println!(
            "{:<16} {:<16} {:>9.4} {:>8.4} {:>8.4} {:>8.3}  {}",
            cat.trim_start_matches('~'),
            who,
            v.iter().map(|s| s.iou).sum::<f64>() / n,
            worst.iou,
            v.iter().map(|s| s.mae).sum::<f64>() / n,
            v.iter().map(|s| s.seconds).sum::<f64>() / n,
            worst.name
        );
    }
}
