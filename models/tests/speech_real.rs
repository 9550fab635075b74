//! Speech to text on the real Whisper base weights (`scripts/fetch-models
//! whisper-base`), with speech synthesised by espeak-ng and decoded by
//! ffmpeg in a temporary directory. Needs `espeak-ng` and `ffmpeg` on PATH
//! (Debian: apt-get install espeak-ng ffmpeg). Run with `--nocapture` to
//! see the transcripts and timings.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Instant;

use pixmart_models::speech::{decode_audio, TranscribeOptions, Transcript, Whisper, SAMPLE_RATE, WHISPER_DIR};
use pixmart_models::ModelError;

fn whisper() -> &'static Whisper {
    static W: OnceLock<Whisper> = OnceLock::new();
    W.get_or_init(|| {
        let dir = common::models_dir().join(WHISPER_DIR);
        for f in ["model.safetensors", "config.json", "tokenizer.json"] {
            assert!(
                dir.join(f).is_file(),
                "{} is missing: run scripts/fetch-models whisper-base (scripts/test fetches it)",
                dir.join(f).display()
            );
        }
        let t = Instant::now();
        let w = Whisper::load(&dir).unwrap();
        eprintln!("whisper base loaded in {:.2?}", t.elapsed());
        w
    })
}

fn ffmpeg() -> PathBuf {
    std::env::var_os("PIXMART_FFMPEG").filter(|p| !p.is_empty()).map(PathBuf::from).unwrap_or_else(|| "ffmpeg".into())
}

fn run(cmd: &mut Command) {
    let out = cmd.output().unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e} (apt-get install espeak-ng ffmpeg)"));
    assert!(out.status.success(), "{cmd:?} failed: {}", String::from_utf8_lossy(&out.stderr));
}

/// espeak-ng speaks `text` with `voice` at `wpm` words a minute into `<dir>/<name>.wav`.
fn speak(dir: &Path, name: &str, voice: &str, wpm: u32, text: &str) -> PathBuf {
    let wav = dir.join(format!("{name}.wav"));
    run(Command::new("espeak-ng").args(["-v", voice, "-s", &wpm.to_string(), "-w"]).arg(&wav).arg(text));
    wav
}

fn never() -> bool {
    false
}

fn transcribe(samples: &[f32], language: Option<&str>, label: &str) -> Transcript {
    let opts = TranscribeOptions { language: language.map(str::to_owned), initial_prompt: None };
    let t = Instant::now();
    let tr = whisper().transcribe(samples, &opts, &never).unwrap();
    eprintln!(
        "{label}: {:.1} s of audio transcribed in {:.2?} ({} threads): [{}] {:?} segments {:?}",
        samples.len() as f32 / SAMPLE_RATE as f32,
        t.elapsed(),
        candle_core::utils::get_num_threads(),
        tr.language,
        tr.text,
        tr.segments
    );
    tr
}

const EN: &str = "This water bottle keeps drinks cold for twelve hours. \
    It is made of stainless steel and weighs only three hundred grams. \
    The lid does not leak, so you can carry it in your bag. \
    It comes in five colours, and it is easy to clean. \
    Order today and we will ship it tomorrow morning. \
    Every bottle has a two year warranty.";

#[test]
fn english_speech_is_transcribed_with_its_words() {
    let dir = tempfile::tempdir().unwrap();
    let wav = speak(dir.path(), "en", "en-us", 175, EN);
    let samples = decode_audio(&ffmpeg(), &wav, 600).unwrap();
    assert!(samples.len() > 10 * SAMPLE_RATE as usize, "{} samples", samples.len());
    let tr = transcribe(&samples, None, "english");
    assert_eq!(tr.language, "en", "detected language");
    assert!(tr.has_speech());
    let text = tr.text.to_lowercase();
    assert!(text.contains("water bottle"), "{text}");
    assert!(text.contains("twelve") || text.contains("12"), "{text}");
    assert!(text.contains("stainless steel"), "{text}");
    assert_eq!(tr.segments.len(), 1);
    assert_eq!(tr.segments[0].start_s, 0.0);

    // A minute and more: speech, a silent 30 s window (never decoded), speech.
    let mut long = samples.clone();
    long.resize(60 * SAMPLE_RATE as usize, 0.0);
    long.extend_from_slice(&samples);
    let tr = transcribe(&long, Some("en"), "english, 3 windows");
    let starts: Vec<f32> = tr.segments.iter().map(|s| s.start_s).collect();
    assert_eq!(starts, vec![0.0, 60.0], "{:?}", tr.segments);
    for s in &tr.segments {
        assert!(s.text.to_lowercase().contains("water bottle"), "{}", s.text);
    }
    assert!((tr.segments[1].end_s - long.len() as f32 / SAMPLE_RATE as f32).abs() < 1e-3);
}

#[test]
fn mandarin_speech_is_transcribed_in_simplified_chinese() {
    let dir = tempfile::tempdir().unwrap();
    // espeak-ng's `cmn` voice reads the characters' pinyin with English
    // letters and digits (Whisper hears "4131P1K…"); `cmn-latn-pinyin`
    // speaks Mandarin.
    let wav = speak(
        dir.path(),
        "zh",
        "cmn-latn-pinyin",
        175,
        "这款保温杯可以保温十二个小时。我们的客服每天都在线。谢谢大家的支持。",
    );
    let samples = decode_audio(&ffmpeg(), &wav, 600).unwrap();
    let tr = transcribe(&samples, Some("zh"), "mandarin");
    assert_eq!(tr.language, "zh");
    assert!(tr.has_speech());
    // Measured: "这款泡温配合一泡温是二个小时,我们的恶夫每天都在先,谢谢大家的支持。"
    // espeak's unaspirated b sounds like p to base (保温 -> 泡温), 十 like 是,
    // 客服 and 在线 come out wrong; these words come out right.
    for word in ["这款", "小时", "每天", "谢谢大家的支持"] {
        assert!(tr.text.contains(word), "{word} not in {}", tr.text);
    }
    // Simplified, not traditional, characters (unprompted, base writes 這款…二個小時),
    // also with a caller's own Chinese prompt.
    let prompted = TranscribeOptions {
        language: Some("zh".into()),
        initial_prompt: Some("以下是普通话的句子，使用简体中文。".into()),
    };
    let with_prompt = whisper().transcribe(&samples, &prompted, &never).unwrap();
    eprintln!("mandarin with the caller's prompt: {:?}", with_prompt.text);
    for text in [&tr.text, &with_prompt.text] {
        for traditional in ['這', '個', '時', '們', '謝', '溫', '線'] {
            assert!(!text.contains(traditional), "traditional {traditional} in {text}");
        }
        assert!(text.contains("小时"), "{text}");
    }
    // Detection on espeak-ng's robotic Mandarin is not reliable (this clip:
    // zh; a 10 s one was heard as Thai): printed, not asserted.
    transcribe(&samples, None, "mandarin, language detected");
}

#[test]
fn silence_has_no_speech_and_no_text() {
    let dir = tempfile::tempdir().unwrap();
    let wav = dir.path().join("silence.wav");
    run(Command::new(ffmpeg())
        .args(["-nostdin", "-v", "error", "-f", "lavfi", "-i", "anullsrc=r=16000:cl=mono", "-t", "5", "-y"])
        .arg(&wav));
    let samples = decode_audio(&ffmpeg(), &wav, 600).unwrap();
    assert_eq!(samples.len(), 5 * SAMPLE_RATE as usize);
    let tr = transcribe(&samples, None, "silence");
    assert!(!tr.has_speech());
    assert_eq!(tr.text, "");
    assert!(tr.segments.is_empty());
    // No samples at all: nothing to say either.
    assert!(!transcribe(&[], None, "empty").has_speech());
}

#[test]
fn noise_has_no_speech() {
    let dir = tempfile::tempdir().unwrap();
    let wav = dir.path().join("noise.wav");
    run(Command::new(ffmpeg())
        .args(["-nostdin", "-v", "error", "-f", "lavfi", "-i", "anoisesrc=r=16000:a=0.05:c=pink:s=7", "-t", "5"])
        .arg("-y")
        .arg(&wav));
    let samples = decode_audio(&ffmpeg(), &wav, 600).unwrap();
    let tr = transcribe(&samples, None, "pink noise");
    assert!(!tr.has_speech(), "{tr:?}");
    assert_eq!(tr.text, "");
    assert_eq!(tr.language, "", "no language is reported for noise");
}

#[test]
fn cancel_stops_and_an_unknown_language_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let wav = speak(dir.path(), "hello", "en-us", 175, "Hello, this is a short test.");
    let samples = decode_audio(&ffmpeg(), &wav, 600).unwrap();
    let cancelled = whisper().transcribe(&samples, &TranscribeOptions::default(), &|| true).unwrap_err();
    assert!(matches!(cancelled, ModelError::Cancelled), "{cancelled}");
    let opts = TranscribeOptions { language: Some("xx".into()), initial_prompt: None };
    let unknown = whisper().transcribe(&samples, &opts, &never).unwrap_err();
    assert!(unknown.to_string().contains("xx"), "{unknown}");
    assert!(whisper().languages().any(|l| l == "zh") && whisper().languages().count() == 99);
    // An English prompt is used as given (and the transcript stays English).
    let opts = TranscribeOptions { language: None, initial_prompt: Some("Product demo for the shop.".into()) };
    let tr = whisper().transcribe(&samples, &opts, &never).unwrap();
    assert_eq!(tr.language, "en");
    assert!(tr.text.to_lowercase().contains("test"), "{}", tr.text);
    // A Chinese prompt (what a caller not knowing the language may pass) does not turn English speech into Chinese.
    let opts = TranscribeOptions {
        language: None, initial_prompt: Some("以下是普通话的句子，使用简体中文。".into())
    };
    let tr = whisper().transcribe(&samples, &opts, &never).unwrap();
    eprintln!("english with a Chinese prompt: [{}] {:?}", tr.language, tr.text);
    assert_eq!(tr.language, "en");
    assert!(tr.text.to_lowercase().contains("test"), "{}", tr.text);
}

#[test]
fn a_video_without_audio_decodes_to_no_samples_and_garbage_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let mp4 = dir.path().join("video.mp4");
    run(Command::new(ffmpeg())
        .args(["-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc=duration=2:size=128x96:rate=10"])
        .args(["-pix_fmt", "yuv420p", "-y"])
        .arg(&mp4));
    assert_eq!(decode_audio(&ffmpeg(), &mp4, 600).unwrap(), Vec::<f32>::new());

    let bad = dir.path().join("bad.mp3");
    std::fs::write(&bad, b"this is not audio").unwrap();
    let err = decode_audio(&ffmpeg(), &bad, 600).unwrap_err();
    assert!(matches!(err, ModelError::InvalidAudio(_)), "{err}");
    assert_eq!(err.code(), "INVALID_AUDIO");

    let missing = decode_audio(Path::new("/nonexistent/ffmpeg"), &mp4, 600).unwrap_err();
    assert!(matches!(missing, ModelError::ModelMissing { .. }), "{missing}");
}

#[test]
fn max_seconds_cuts_the_decoded_audio() {
    let dir = tempfile::tempdir().unwrap();
    let wav = dir.path().join("tone.wav");
    run(Command::new(ffmpeg())
        .args(["-nostdin", "-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100", "-t", "4"])
        .args(["-ac", "2", "-y"])
        .arg(&wav));
    let samples = decode_audio(&ffmpeg(), &wav, 2).unwrap();
    assert_eq!(samples.len(), 2 * SAMPLE_RATE as usize);
    assert!(samples.iter().all(|s| (-1.0..=1.0).contains(s)));
}
