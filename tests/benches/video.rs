//! Image-to-video benchmark: frames per second rendered and encoded at 720p
//! by our 2.5D parallax pipeline, against ffmpeg's own `zoompan` filter
//! doing a plain zoom of the same picture, same size, same encoder settings
//! (`encode::output_args`: libx264 medium, CRF 20, yuv420p), on the same
//! machine in the same run.
//!
//! Ours: `pipelines::video::render_and_encode`'s parts timed separately:
//! scene preparation (layers, subject hole inpainted: once per clip), then
//! every frame rendered (bilinear, two layers) and piped to ffmpeg. zoompan:
//! `ffmpeg -i photo.png -vf zoompan=...:d=N` encoding the same frame
//! count. Both write MP4 to a temporary directory. Rounds are interleaved so
//! both see the same machine load; medians are reported with the ratio
//! ours / zoompan (frames per second, render + encode; > 1 means faster).
//!
//!   scripts/bench video
//!   cargo bench -p pixmart-tests --bench video
//!
//! Env: PIXMART_BENCH_RUNS (timed rounds after 1 warm-up, default 3),
//! PIXMART_BENCH_FRAMES (frames per clip, default 90: 10 s at 9 fps).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::Command;
use std::time::Instant;

use image::{GrayImage, Luma, Rgb, RgbImage};
use pixmart_models::video::{CameraPath, Motion, ParallaxScene};
use pixmart_shared::domain::VideoFormat;
use pixmart_worker::pipelines::video::encode::{encode, output_args, EncodeSettings};

fn env_u32(key: &str, default: u32) -> u32 {
    std::env::var(key).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// A 1920×1080 product shot: a shaded bottle on a textured backdrop, and
/// its mask.
fn photo() -> (RgbImage, GrayImage) {
    let (w, h) = (1920u32, 1080u32);
    let inside = |x: f32, y: f32| ((x - 960.0) / 260.0).powi(2) + ((y - 600.0) / 380.0).powi(2) <= 1.0;
    let img = RgbImage::from_fn(w, h, |x, y| {
        let (fx, fy) = (x as f32, y as f32);
        if inside(fx, fy) {
            let t = ((fx - 960.0) / 260.0).clamp(-1.0, 1.0);
            let shade = (1.0 - t * t).sqrt() * 0.7 + 0.3;
            Rgb([(190.0 * shade) as u8, (35.0 * shade) as u8, (45.0 * shade) as u8])
        } else {
            let v = 150.0 + 40.0 * (fx * 0.031).sin() * (fy * 0.017).cos() + 25.0 * ((fx + fy) * 0.011).sin();
            Rgb([v as u8, (v * 0.95) as u8, (v * 0.85) as u8])
        }
    });
    let mask = GrayImage::from_fn(w, h, |x, y| Luma([if inside(x as f32, y as f32) { 255 } else { 0 }]));
    (img, mask)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn main() {
    let ffmpeg = pixmart_shared::config::Settings::load(None)
        .ok()
        .and_then(|s| s.models.ffmpeg)
        .expect("ffmpeg is required (apt-get install ffmpeg)");
    let runs = env_u32("PIXMART_BENCH_RUNS", 3).max(1);
    let frames = env_u32("PIXMART_BENCH_FRAMES", 90).max(2);
    let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    let (img, mask) = photo();
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("photo.png");
    img.save(&png).unwrap();
    let (w, h, fps) = (1280u32, 720u32, 9u32);
    // A push in over the clip: 10 % zoom, like zoompan's below.
    let motion = Motion { path: CameraPath::PushIn, travel: 0.10 };
    println!("video bench: {frames} frames at {w}x{h}, {fps} fps, {threads} threads, {runs} timed rounds (+1 warm-up)");

    let (mut prep, mut ours, mut render_only, mut zoompan) = (vec![], vec![], vec![], vec![]);
    for round in 0..=runs {
        let t = Instant::now();
        let scene = ParallaxScene::new(&img, &mask, w, h, motion, &pixmart_models::inpaint);
        let t_prep = t.elapsed().as_secs_f64();

        let t = Instant::now();
        let mut buf = Vec::new();
        for i in 0..frames {
            scene.render_into(i, frames, threads, &mut buf);
        }
        let t_render = t.elapsed().as_secs_f64();

        let settings = EncodeSettings { width: w, height: h, fps, format: VideoFormat::Mp4 };
        let t = Instant::now();
        let mp4 = encode(&ffmpeg, &settings, frames, |i, buf| scene.render_into(i, frames, threads, buf)).unwrap();
        let t_ours = t.elapsed().as_secs_f64();
        assert!(mp4.len() > 1000);

        // zoompan's zoom goes 1 -> 1.1 over the clip, output 1280x720.
        let out = dir.path().join("zoompan.mp4");
        let step = 0.10 / f64::from(frames - 1);
        let filter = format!(
            "zoompan=z='min(1+{step}*on,1.1)':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d={frames}:s={w}x{h}:fps={fps}"
        );
        let t = Instant::now();
        let status = Command::new(&ffmpeg)
            .args(["-hide_banner", "-loglevel", "error", "-i"])
            .arg(&png)
            .args(["-vf", &filter, "-frames:v", &frames.to_string()])
            .args(output_args(VideoFormat::Mp4))
            .arg("-y")
            .arg(&out)
            .status()
            .unwrap();
        let t_zoompan = t.elapsed().as_secs_f64();
        assert!(status.success(), "zoompan run failed");

        if round == 0 {
            continue; // warm-up
        }
        prep.push(t_prep);
        render_only.push(f64::from(frames) / t_render);
        ours.push(f64::from(frames) / t_ours);
        zoompan.push(f64::from(frames) / t_zoompan);
        println!(
            "  round {round}: prepare {t_prep:.2} s | render {:.1} fps | render+encode {:.1} fps | zoompan {:.1} fps",
            f64::from(frames) / t_render,
            f64::from(frames) / t_ours,
            f64::from(frames) / t_zoompan
        );
    }
    let (p, r, o, z) = (median(prep), median(render_only), median(ours), median(zoompan));
    println!("scene preparation (layers + inpainting, once per clip): {p:.2} s");
    println!("render only:                         {r:.1} fps");
    println!("ours, render + encode (720p):        {o:.1} fps");
    println!("ffmpeg zoompan + encode (720p):      {z:.1} fps");
    println!("ratio ours / zoompan:                {:.2}", o / z);
    let clip = f64::from(frames);
    println!(
        "whole clip of {frames} frames incl. preparation: ours {:.2} s vs zoompan {:.2} s",
        p + clip / o,
        clip / z
    );
}
