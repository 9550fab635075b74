//! Encoding rendered frames with ffmpeg (Debian's package): raw RGB24
//! frames go down a pipe; H.264 yuv420p MP4 with the index up front
//! (`+faststart`, plays while downloading in every browser), or a GIF with
//! a palette made for the clip and error-diffusion dithering.
//!
//! Why ffmpeg rather than a Rust encoder crate: x264 is the mature,
//! well-kept H.264 encoder (rate control, psychovisual tuning) and
//! palettegen/paletteuse gives far better GIFs than a per-frame quantiser;
//! the pure-Rust options are either encoder-less (MP4 muxers only) or
//! bindings to the same C libraries. The subprocess keeps those libraries
//! out of our address space, and `scripts/run` / `scripts/test` install it.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};

use pixmart_shared::domain::VideoFormat;

#[derive(Debug, Clone, Copy)]
pub struct EncodeSettings {
    pub width: u32,
    pub height: u32,
    pub fps: u32,
    pub format: VideoFormat,
}

#[derive(Debug, thiserror::Error)]
pub enum EncodeError {
    #[error("could not start ffmpeg at {0}: {1}")]
    Spawn(String, std::io::Error),
    #[error("ffmpeg I/O failed: {0}")]
    Io(#[from] std::io::Error),
    #[error("ffmpeg failed ({status}): {stderr}")]
    Failed { status: String, stderr: String },
}

/// The ffmpeg arguments for one clip written to `out`.
pub fn ffmpeg_args(s: &EncodeSettings, out: &Path) -> Vec<String> {
    let size = format!("{}x{}", s.width, s.height);
    let fps = s.fps.to_string();
    let input: [&str; 14] = [
        "-hide_banner",
        "-loglevel",
        "error",
        "-f",
        "rawvideo",
        "-pix_fmt",
        "rgb24",
        "-video_size",
        &size,
        "-framerate",
        &fps,
        "-i",
        "pipe:0",
        "-an",
    ];
    let mut args: Vec<String> = input.iter().chain(output_args(s.format)).map(|a| (*a).to_owned()).collect();
    args.push("-y".into());
    args.push(out.to_string_lossy().into_owned());
    args
}

/// The encoder half of the arguments: codec and container options for a
/// format. The video bench encodes its baseline with these too, so both
/// sides of its ratio pay for the same encoder.
pub fn output_args(format: VideoFormat) -> &'static [&'static str] {
    match format {
        VideoFormat::Mp4 => &[
            "-c:v",
            "libx264",
            "-preset",
            "medium",
            "-crf",
            "20",
            "-pix_fmt",
            "yuv420p",
            "-profile:v",
            "high",
            "-movflags",
            "+faststart",
            "-f",
            "mp4",
        ],
        // One palette for the whole clip (no flicker between frames),
        // Sierra-2-4A dithering for smooth gradients.
        VideoFormat::Gif => &[
            "-filter_complex",
            "[0:v]split[a][b];[a]palettegen=max_colors=256:stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a",
            "-loop",
            "0",
            "-f",
            "gif",
        ],
    }
}

/// Encodes `count` frames; `frame(i, buf)` fills `buf` with frame `i` as
/// packed RGB24 (width × height × 3 bytes). Returns the file's bytes.
pub fn encode(
    ffmpeg: &Path,
    settings: &EncodeSettings,
    count: u32,
    mut frame: impl FnMut(u32, &mut Vec<u8>),
) -> Result<Vec<u8>, EncodeError> {
    // MP4's faststart rewrites the file after the last frame, so ffmpeg
    // needs a seekable output: a private temporary file, removed on drop.
    let out = TempOut(std::env::temp_dir().join(format!(
        "pixmart-video-{}-{}.{}",
        std::process::id(),
        uuid::Uuid::new_v4(),
        settings.format.as_str()
    )));
    let mut child = Command::new(ffmpeg)
        .args(ffmpeg_args(settings, &out.0))
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| EncodeError::Spawn(ffmpeg.display().to_string(), e))?;
    // `-loglevel error` keeps stderr small, but read it on a thread anyway
    // so a chatty failure can never fill the pipe and stall both sides.
    let mut stderr = child.stderr.take();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        if let Some(s) = stderr.as_mut() {
            let _ = s.read_to_string(&mut text);
        }
        text
    });
    let mut write_result = Ok(());
    if let Some(mut stdin) = child.stdin.take() {
        let mut buf = Vec::with_capacity((settings.width * settings.height * 3) as usize);
        for i in 0..count {
            frame(i, &mut buf);
            if let Err(e) = stdin.write_all(&buf) {
                write_result = Err(e);
                break;
            }
        }
        // Dropping stdin closes the pipe: end of input.
    }
    let status = child.wait()?;
    let stderr = reader.join().unwrap_or_default();
    if !status.success() {
        return Err(EncodeError::Failed { status: status.to_string(), stderr: stderr.trim().to_owned() });
    }
    write_result?;
    Ok(std::fs::read(&out.0)?)
}

struct TempOut(std::path::PathBuf);

impl Drop for TempOut {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}
