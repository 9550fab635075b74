//! Image-to-video (`IMG_2_VEDIO`): the clips are checked with ffprobe and by
//! decoding them with ffmpeg (independent of our renderer): codec, pixel
//! format, size, fps, duration, frame count, and that the picture moves in
//! the camera move's direction (the background's translation, scale or
//! rotation between the first and last frames, found by search), with the
//! subject moving further than the background (parallax). The end-to-end
//! test goes through the API, Redis and a worker running ISNet.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use image::{GrayImage, RgbImage};
use pixmart_shared::domain::{CameraMove, MotionSpeed, UploadId, VideoFormat, VideoResolution, VideoSpec};
use pixmart_tests::images::{encode_png, product_photo};
use pixmart_tests::{TestApp, TestDatabase};
use serde_json::{json, Value};

/// The product photo with a textured backdrop (soft blobs of varied
/// brightness), so the background's motion can be measured.
fn textured_product(width: u32, height: u32) -> (RgbImage, GrayImage) {
    let (mut img, mask) = product_photo(width, height);
    let mut seed = 0x2545_f491_u32;
    let mut rnd = move || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed as f32 / u32::MAX as f32
    };
    let blobs: Vec<(f32, f32, f32, f32)> =
        (0..90).map(|_| (rnd() * width as f32, rnd() * height as f32, 6.0 + rnd() * 22.0, rnd() * 2.0 - 1.0)).collect();
    for y in 0..height {
        for x in 0..width {
            if mask.get_pixel(x, y)[0] > 0 {
                continue;
            }
            let mut v = 0.0;
            for &(bx, by, r, a) in &blobs {
                let d2 = ((x as f32 - bx).powi(2) + (y as f32 - by).powi(2)) / (r * r);
                if d2 < 9.0 {
                    v += a * (-d2).exp();
                }
            }
            let p = img.get_pixel_mut(x, y);
            for k in 0..3 {
                p[k] = (f32::from(p[k]) * 0.75 + v * 70.0 - 20.0 + k as f32 * 8.0).clamp(0.0, 255.0) as u8;
            }
        }
    }
    (img, mask)
}

fn spec(camera: CameraMove, format: VideoFormat) -> VideoSpec {
    VideoSpec {
        image: UploadId::new(),
        camera,
        speed: MotionSpeed::Medium,
        duration_tenths: 10,
        format,
        resolution: VideoResolution::P480,
        motion_distance: 5,
    }
}

fn ffprobe(path: &Path) -> Value {
    let out = Command::new("ffprobe")
        .args(["-v", "error", "-count_frames", "-show_streams", "-show_format", "-of", "json"])
        .arg(path)
        .output()
        .expect("ffprobe must be installed (scripts/test installs ffmpeg)");
    assert!(out.status.success(), "ffprobe: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Every frame, decoded by ffmpeg to RGB.
fn decode_frames(path: &Path, w: u32, h: u32) -> Vec<RgbImage> {
    let out = Command::new("ffmpeg")
        .args(["-v", "error", "-i"])
        .arg(path)
        .args(["-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        .output()
        .expect("ffmpeg must be installed");
    assert!(out.status.success(), "ffmpeg: {}", String::from_utf8_lossy(&out.stderr));
    let size = (w * h * 3) as usize;
    assert_eq!(out.stdout.len() % size, 0);
    out.stdout.chunks(size).map(|c| RgbImage::from_raw(w, h, c.to_vec()).unwrap()).collect()
}

fn gray(img: &RgbImage) -> GrayImage {
    image::imageops::grayscale(img)
}

fn sample(img: &GrayImage, x: f32, y: f32) -> Option<f32> {
    let (w, h) = (img.width() as f32, img.height() as f32);
    if x < 0.0 || y < 0.0 || x > w - 2.0 || y > h - 2.0 {
        return None;
    }
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    let p = |dx: u32, dy: u32| f32::from(img.get_pixel(x0 as u32 + dx, y0 as u32 + dy)[0]);
    Some(p(0, 0) * (1.0 - fx) * (1.0 - fy) + p(1, 0) * fx * (1.0 - fy) + p(0, 1) * (1.0 - fx) * fy + p(1, 1) * fx * fy)
}

/// Mean |last(x) − first(warp(x))| over the frame's side strips (the
/// background: the product stands in the middle).
fn warp_error(first: &GrayImage, last: &GrayImage, warp: impl Fn(f32, f32) -> (f32, f32)) -> f32 {
    let (w, h) = (last.width(), last.height());
    let (mut sum, mut n) = (0.0, 0);
    for y in (4..h - 4).step_by(2) {
        for x in (4..w - 4).step_by(2) {
            if x > w / 4 && x < w * 3 / 4 {
                continue;
            }
            let (sx, sy) = warp(x as f32, y as f32);
            if let Some(v) = sample(first, sx, sy) {
                sum += (f32::from(last.get_pixel(x, y)[0]) - v).abs();
                n += 1;
            }
        }
    }
    if n < 500 {
        f32::MAX
    } else {
        sum / n as f32
    }
}

fn best(candidates: impl Iterator<Item = f32>, err: impl Fn(f32) -> f32) -> (f32, f32) {
    candidates.map(|p| (p, err(p))).fold((0.0, f32::MAX), |a, b| if b.1 < a.1 { b } else { a })
}

/// The background's motion from the first to the last frame, each kind
/// found by search with the others held at rest: the best parameter and
/// its residual (mean absolute grey-level error).
fn shift_x(first: &GrayImage, last: &GrayImage) -> (f32, f32) {
    best((-90..=90).map(|d| d as f32), |d| warp_error(first, last, |x, y| (x - d, y)))
}

fn shift_y(first: &GrayImage, last: &GrayImage) -> (f32, f32) {
    best((-90..=90).map(|d| d as f32), |d| warp_error(first, last, |x, y| (x, y - d)))
}

fn scale(first: &GrayImage, last: &GrayImage) -> (f32, f32) {
    let (cx, cy) = (first.width() as f32 / 2.0, first.height() as f32 / 2.0);
    best((0..=150).map(|i| 0.85 + i as f32 * 0.002), |s| {
        warp_error(first, last, |x, y| (cx + (x - cx) / s, cy + (y - cy) / s))
    })
}

/// On-screen clockwise rotation in radians.
fn rotation(first: &GrayImage, last: &GrayImage) -> (f32, f32) {
    let (cx, cy) = (first.width() as f32 / 2.0, first.height() as f32 / 2.0);
    best((-80..=80).map(|i| i as f32 * 0.003), |a| {
        let (c, s) = (a.cos(), a.sin());
        warp_error(first, last, |x, y| {
            let (px, py) = (x - cx, y - cy);
            (cx + c * px + s * py, cy - s * px + c * py)
        })
    })
}

/// The bottle's red (not its yellow label, not the backdrop).
fn is_red(p: &image::Rgb<u8>) -> bool {
    let [r, g, b] = p.0.map(u32::from);
    r > 90 && r > g * 3 && r > b * 2
}

/// Mean x, y of the red bottle's pixels.
fn subject_centroid(img: &RgbImage) -> (f32, f32) {
    let (mut sx, mut sy, mut n) = (0.0, 0.0, 0.0);
    for (x, y, p) in img.enumerate_pixels() {
        if is_red(p) {
            sx += x as f32;
            sy += y as f32;
            n += 1.0;
        }
    }
    assert!(n > 100.0, "no subject found");
    (sx / n, sy / n)
}

fn with((value, residual): (f32, f32), expected: f32, tolerance: f32) -> (f32, f32, f32, f32) {
    (value, residual, expected, tolerance)
}

fn moov_before_mdat(data: &[u8]) -> bool {
    let find = |tag: &[u8]| data.windows(4).position(|w| w == tag);
    matches!((find(b"moov"), find(b"mdat")), (Some(m), Some(d)) if m < d)
}

fn ffmpeg() -> std::path::PathBuf {
    pixmart_shared::config::Settings::load(None)
        .ok()
        .and_then(|s| s.models.ffmpeg)
        .expect("ffmpeg must be installed (scripts/test installs it)")
}

#[test]
fn every_camera_move_moves_the_picture_its_way_with_parallax() {
    let (photo, mask) = textured_product(600, 450);
    let dir = tempfile::tempdir().unwrap();
    // First and last decoded frame of every move, for a look:
    // `target/test-artifacts/video/moves.png` (git-ignored).
    let mut sheet = RgbImage::new(320 * 4, 240 * 4);
    for (i, camera) in CameraMove::ALL.into_iter().enumerate() {
        let spec = spec(camera, VideoFormat::Mp4);
        let clip = pixmart_worker::pipelines::video::render_and_encode(&ffmpeg(), &spec, &photo, &mask, 2).unwrap();
        assert_eq!((clip.width, clip.height), (640, 480), "480p box, the photo's 4:3");
        assert!(moov_before_mdat(&clip.video), "{camera:?}: +faststart puts the index first");
        let poster = image::load_from_memory(&clip.poster).unwrap();
        assert_eq!((poster.width(), poster.height()), (640, 480));
        let path = dir.path().join(format!("{}.mp4", camera.as_str()));
        std::fs::write(&path, &clip.video).unwrap();

        let probe = ffprobe(&path);
        let v = &probe["streams"][0];
        assert_eq!(v["codec_name"], "h264", "{camera:?}");
        assert_eq!(v["pix_fmt"], "yuv420p");
        assert_eq!((v["width"].as_u64(), v["height"].as_u64()), (Some(640), Some(480)));
        assert_eq!(v["r_frame_rate"], "8/1", "medium speed is 8 fps");
        assert_eq!(v["nb_read_frames"], "8", "1.0 s at 8 fps");
        let duration: f64 = probe["format"]["duration"].as_str().unwrap().parse().unwrap();
        assert!((duration - 1.0).abs() < 0.01, "{camera:?}: duration {duration}");

        let frames = decode_frames(&path, 640, 480);
        assert_eq!(frames.len(), 8);
        let (first, last) = (&frames[0], &frames[7]);
        for (j, frame) in [first, last].into_iter().enumerate() {
            let small = image::imageops::resize(frame, 320, 240, image::imageops::FilterType::Triangle);
            let (col, row) = ((i % 2) * 2 + j, i / 2);
            image::imageops::replace(&mut sheet, &small, (col * 320) as i64, (row * 240) as i64);
        }
        let (g0, g1) = (gray(first), gray(last));
        // motionDistance 5, motionBucket 60, 1 s: the background travels
        // 6 % (of the width or height for pans, of the scale for zooms).
        let travel = 0.06;
        let (value, residual, expected, tolerance) = match camera {
            CameraMove::Left => with(shift_x(&g0, &g1), travel * 640.0, 4.0),
            CameraMove::Right => with(shift_x(&g0, &g1), -travel * 640.0, 4.0),
            // A pan up shows what is above: the picture slides down.
            CameraMove::Up => with(shift_y(&g0, &g1), travel * 480.0, 4.0),
            CameraMove::Down => with(shift_y(&g0, &g1), -travel * 480.0, 4.0),
            CameraMove::In => with(scale(&g0, &g1), 1.0 + travel, 0.012),
            CameraMove::Out => with(scale(&g0, &g1), 1.0 / (1.0 + travel), 0.012),
            // A clockwise roll of the camera turns the picture anticlockwise
            // (1.75 rad per unit of travel).
            CameraMove::Clockwise => with(rotation(&g0, &g1), -travel * 1.75, 0.02),
            CameraMove::Anticlockwise => with(rotation(&g0, &g1), travel * 1.75, 0.02),
        };
        assert!(residual < 12.0, "{camera:?}: the motion does not explain the frames (residual {residual})");
        assert!((value - expected).abs() <= tolerance, "{camera:?}: measured {value}, expected {expected}");
        // Across the other axis, a pan stays put.
        if matches!(camera, CameraMove::Left | CameraMove::Right) {
            let (dy, _) = best((-6..=6).map(|d| d as f32), |d| warp_error(&g0, &g1, |x, y| (x - value, y - d)));
            assert!(dy.abs() <= 1.0, "{camera:?} drifts vertically by {dy}");
        }
        // Parallax: the subject (near) moves further than the background.
        if matches!(camera, CameraMove::Left | CameraMove::Right) {
            let (a, b) = (subject_centroid(first), subject_centroid(last));
            let ratio = (b.0 - a.0) / value;
            assert!((1.35..=1.85).contains(&ratio), "{camera:?}: subject/background travel {ratio:.2}");
        }
        // Frames in between move monotonically (eased, no jumps back).
        if camera == CameraMove::Left {
            let xs: Vec<f32> = frames.iter().map(|f| shift_x(&g0, &gray(f)).0).collect();
            assert!(xs.windows(2).all(|p| p[1] >= p[0] - 1.0), "{xs:?}");
        }
    }
    let out = pixmart_tests::repo_root().join("target/test-artifacts/video");
    std::fs::create_dir_all(&out).unwrap();
    sheet.save(out.join("moves.png")).unwrap();
}

#[test]
fn gif_has_every_frame_a_palette_and_loops() {
    let (photo, mask) = textured_product(400, 400);
    let mut spec = spec(CameraMove::In, VideoFormat::Gif);
    spec.speed = MotionSpeed::High;
    spec.duration_tenths = 15;
    let clip = pixmart_worker::pipelines::video::render_and_encode(&ffmpeg(), &spec, &photo, &mask, 2).unwrap();
    assert!(clip.video.starts_with(b"GIF89a"));
    assert!(clip.video.windows(11).any(|w| w == b"NETSCAPE2.0"), "loops forever");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("clip.gif");
    std::fs::write(&path, &clip.video).unwrap();
    let probe = ffprobe(&path);
    let v = &probe["streams"][0];
    assert_eq!(v["codec_name"], "gif");
    assert_eq!((v["width"].as_u64(), v["height"].as_u64()), (Some(480), Some(480)));
    // 1.5 s at 9 fps = 13.5, rounded to 14 frames.
    assert_eq!(spec.frame_count(), 14);
    assert_eq!(v["nb_read_frames"], "14");
    let duration: f64 = probe["format"]["duration"].as_str().unwrap().parse().unwrap();
    assert!((duration - 14.0 / 9.0).abs() < 0.05, "duration {duration}");
    // Dithered palette: the frames keep the photo's look (mean error small).
    let frames = decode_frames(&path, 480, 480);
    let first = spec_first_frame(&photo, &mask, &spec);
    let err: f64 = frames[0]
        .pixels()
        .zip(first.pixels())
        .map(|(a, b)| (0..3).map(|k| (f64::from(a[k]) - f64::from(b[k])).abs()).sum::<f64>())
        .sum::<f64>()
        / (480.0 * 480.0 * 3.0);
    assert!(err < 8.0, "GIF frame differs from the render by {err:.1} per channel");
}

/// Each speed's MP4 plays at the frame rate its option names (9 / 8 / 7),
/// for as long as the clip lasts.
#[test]
fn every_speed_encodes_at_its_frame_rate() {
    let (photo, mask) = textured_product(320, 240);
    let dir = tempfile::tempdir().unwrap();
    for speed in MotionSpeed::ALL {
        let mut spec = spec(CameraMove::Right, VideoFormat::Mp4);
        spec.speed = speed;
        let clip = pixmart_worker::pipelines::video::render_and_encode(&ffmpeg(), &spec, &photo, &mask, 2).unwrap();
        let path = dir.path().join(format!("{}.mp4", speed.fps()));
        std::fs::write(&path, &clip.video).unwrap();
        let probe = ffprobe(&path);
        let v = &probe["streams"][0];
        assert_eq!(v["r_frame_rate"], format!("{}/1", speed.fps()), "{speed:?}");
        assert_eq!(v["nb_read_frames"], spec.frame_count().to_string(), "{speed:?}");
        let duration: f64 = probe["format"]["duration"].as_str().unwrap().parse().unwrap();
        let expected = f64::from(spec.frame_count()) / f64::from(speed.fps());
        assert!((duration - expected).abs() < 0.01, "{speed:?}: {duration} s, expected {expected}");
    }
}

fn spec_first_frame(photo: &RgbImage, mask: &GrayImage, spec: &VideoSpec) -> RgbImage {
    pixmart_worker::pipelines::video::build_scene(spec, photo, mask).render(0, spec.frame_count(), 2)
}

#[test]
fn the_subjects_place_is_inpainted_not_left_as_a_ghost() {
    // After a pan the background where the subject stood is visible; it
    // must not show the subject's red.
    let (photo, mask) = textured_product(600, 450);
    let s = spec(CameraMove::Right, VideoFormat::Mp4);
    let scene = pixmart_worker::pipelines::video::build_scene(&s, &photo, &mask);
    assert!(scene.has_subject_layer());
    let last = scene.render(s.frame_count() - 1, s.frame_count(), 2);
    let first = scene.render(0, s.frame_count(), 2);
    let red = |img: &RgbImage| img.pixels().filter(|p| is_red(p)).count() as f64;
    // The same amount of subject is on screen at the start and the end
    // (moved, not smeared or doubled).
    let (a, b) = (red(&first), red(&last));
    assert!((a - b).abs() / a < 0.1, "red pixels {a} vs {b}");
}

/// Through the API, Redis and a worker with ISNet: the task is charged by
/// resolution (480p 40), the result carries the clip, its poster and its
/// length, and the file is what was asked for.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn img2video_end_to_end_with_isnet() {
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    app.start_worker();
    app.wait_workers(1).await;
    let mut c = app.client();
    c.register_random().await;
    let (photo, _) = textured_product(1000, 750);
    let url = c.upload_png(encode_png(&photo)).await;
    let (_, info) = c.get("/api/user/info").await;
    let before = info["data"]["points"].as_i64().unwrap();

    let params = json!({ "imageUrl": url, "lenControl": "L", "resolutionRatio": "480p", "duration": 1.5,
                         "fps": 7, "motionBucket": 40, "format": "mp4", "type": 1, "genNum": 1 });
    let (status, body) = c.post_json("/api/tasks", json!({ "bizType": "IMG_2_VEDIO", "params": params })).await;
    assert_eq!(status, 200, "{body}");
    let task_id = body["data"]["taskId"].as_str().unwrap().to_owned();
    let (_, info) = c.get("/api/user/info").await;
    assert_eq!(before - info["data"]["points"].as_i64().unwrap(), 40, "480p costs 40");

    let task = c.wait_task(&task_id, Duration::from_secs(240)).await;
    assert_eq!(task["status"], "SUCCESS", "{task}");
    assert_eq!(task["params"]["speed"], "low");
    let results = task["results"].as_array().unwrap();
    let video = results.iter().find(|r| r["kind"] == "video").unwrap();
    let poster = results.iter().find(|r| r["kind"] == "poster").unwrap();
    // 1.5 s at 7 fps: 11 frames (10.5 rounded up) = 1571 ms.
    assert_eq!(video["durationMs"], 1571);
    assert_eq!((video["width"].as_u64(), video["height"].as_u64()), (Some(640), Some(480)));
    let (status, mp4) = c.get_bytes(video["url"].as_str().unwrap()).await;
    assert_eq!(status, 200);
    let (status, webp) = c.get_bytes(poster["url"].as_str().unwrap()).await;
    assert_eq!(status, 200);
    assert_eq!(image::guess_format(&webp).unwrap(), image::ImageFormat::WebP);

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("clip.mp4");
    std::fs::write(&path, &mp4).unwrap();
    let probe = ffprobe(&path);
    let v = &probe["streams"][0];
    assert_eq!((v["codec_name"].as_str(), v["pix_fmt"].as_str()), (Some("h264"), Some("yuv420p")));
    assert_eq!(v["r_frame_rate"], "7/1");
    assert_eq!(v["nb_read_frames"], "11");
    let frames = decode_frames(&path, 640, 480);
    let (g0, g1) = (gray(&frames[0]), gray(&frames[10]));
    let (dx, residual) = shift_x(&g0, &g1);
    assert!(dx > 5.0 && residual < 12.0, "a pan left slides the picture right: dx {dx} (residual {residual})");
    // ISNet found the bottle: it moves further than the backdrop.
    let (a, b) = (subject_centroid(&frames[0]), subject_centroid(&frames[10]));
    assert!((b.0 - a.0) > dx * 1.3, "subject {} vs background {dx}", b.0 - a.0);

    // 720p costs 80.
    let (status, body) = c
        .post_json("/api/tasks", json!({ "bizType": "IMG_2_VEDIO", "params": { "imageUrl": url, "duration": 1 } }))
        .await;
    assert_eq!(status, 200, "{body}");
    let (_, info2) = c.get("/api/user/info").await;
    assert_eq!(info["data"]["points"].as_i64().unwrap() - info2["data"]["points"].as_i64().unwrap(), 80);
    let bad = c
        .post_json("/api/tasks", json!({ "bizType": "IMG_2_VEDIO", "params": { "imageUrl": url, "lenControl": "X" } }))
        .await;
    assert_eq!(bad.0, 400);
    assert_eq!(bad.1["error"], "VIDEO_BAD_CAMERA_MOVE", "{}", bad.1);
}
