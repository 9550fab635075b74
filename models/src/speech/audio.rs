//! Audio input: any file ffmpeg reads → 16 kHz mono f32.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::ModelError;

use super::SAMPLE_RATE;

/// Decodes the first audio stream of any audio or video file to 16 kHz mono
/// f32 samples in [-1, 1] with the given ffmpeg binary, at most
/// `max_seconds` of it. An input without an audio stream gives an empty
/// `Vec` (not an error); a file ffmpeg cannot read is
/// [`ModelError::InvalidAudio`]; a missing ffmpeg is [`ModelError::ModelMissing`].
pub fn decode_audio(ffmpeg: &Path, input: &Path, max_seconds: u32) -> Result<Vec<f32>, ModelError> {
    let output = Command::new(ffmpeg)
        .args(["-nostdin", "-hide_banner", "-loglevel", "error", "-i"])
        .arg(input)
        // `?`: a file without audio maps nothing instead of failing here.
        .args(["-map", "0:a:0?", "-vn", "-sn", "-dn", "-ac", "1", "-ar"])
        .arg(SAMPLE_RATE.to_string())
        .arg("-t")
        .arg(max_seconds.to_string())
        .args(["-f", "f32le", "-acodec", "pcm_f32le", "pipe:1"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => ModelError::ModelMissing { path: ffmpeg.to_path_buf() },
            _ => ModelError::InvalidAudio(format!("cannot run {}: {e}", ffmpeg.display())),
        })?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        // ffmpeg refuses to write an output without streams: no audio stream.
        if stderr.contains("does not contain any stream") {
            return Ok(Vec::new());
        }
        let why = stderr.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("no message");
        return Err(ModelError::InvalidAudio(format!("ffmpeg cannot decode {}: {why}", input.display())));
    }
    Ok(output.stdout.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]).clamp(-1.0, 1.0)).collect())
}
