//! Media made for a test, with the programs the product itself requires
//! (ffmpeg; espeak-ng for speech): a note's picture with known text drawn
//! in Noto Sans CJK, and short clips with spoken, silent or no audio.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Debian's `fonts-noto-cjk` (scripts/test installs it).
pub const CJK_FONT: &str = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc";

fn run(cmd: &mut Command, what: &str) {
    let out = cmd.output().unwrap_or_else(|e| panic!("{what}: cannot run {:?}: {e}", cmd.get_program()));
    assert!(out.status.success(), "{what} failed: {}", String::from_utf8_lossy(&out.stderr));
}

fn ffmpeg() -> Command {
    let mut c = Command::new("ffmpeg");
    c.args(["-hide_banner", "-loglevel", "error", "-y"]);
    c
}

/// A 1080×1440 PNG (a note's portrait picture) with `lines` drawn black
/// on white, one under another.
pub fn note_picture(dir: &Path, lines: &[&str]) -> Vec<u8> {
    let out = dir.join("note.png");
    let filters: Vec<String> = lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            format!("drawtext=fontfile={CJK_FONT}:text='{line}':fontsize=84:fontcolor=black:x=80:y={}", 240 + i * 220)
        })
        .collect();
    let filter = if filters.is_empty() { "null".to_owned() } else { filters.join(",") };
    run(
        ffmpeg().args(["-f", "lavfi", "-i", "color=c=white:s=1080x1440", "-vf", &filter, "-frames:v", "1"]).arg(&out),
        "drawing a note picture",
    );
    std::fs::read(out).unwrap()
}

/// An MP4 clip: a plain picture with `words` spoken by espeak-ng in
/// `voice` ("en", "cmn").
pub fn spoken_clip(dir: &Path, voice: &str, words: &str) -> Vec<u8> {
    let wav = dir.join("speech.wav");
    run(Command::new("espeak-ng").args(["-v", voice, "-s", "140", "-w"]).arg(&wav).arg(words), "espeak-ng");
    clip(dir, &["-i", wav.to_str().unwrap()], "spoken.mp4")
}

/// An MP4 clip of 5 s whose sound track is silence.
pub fn silent_clip(dir: &Path) -> Vec<u8> {
    clip(dir, &["-f", "lavfi", "-t", "5", "-i", "anullsrc=r=16000:cl=mono"], "silent.mp4")
}

/// An MP4 clip of 3 s with no sound track at all.
pub fn mute_clip(dir: &Path) -> Vec<u8> {
    let out = dir.join("mute.mp4");
    run(
        ffmpeg()
            .args(["-f", "lavfi", "-i", "color=c=white:s=320x240:d=3", "-c:v", "libx264", "-pix_fmt", "yuv420p"])
            .arg(&out),
        "a mute clip",
    );
    std::fs::read(out).unwrap()
}

fn clip(dir: &Path, audio_input: &[&str], name: &str) -> Vec<u8> {
    let out: PathBuf = dir.join(name);
    run(
        ffmpeg()
            .args(["-f", "lavfi", "-i", "color=c=white:s=320x240:d=60"])
            .args(audio_input)
            .args(["-shortest", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac"])
            .arg(&out),
        "a clip",
    );
    std::fs::read(out).unwrap()
}
