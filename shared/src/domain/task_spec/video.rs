//! `IMG_2_VEDIO` options: a short camera-move clip made from one image.
//!
//! Option names and values are the original app's video defaults: `type` 1,
//! `genNum` 1, `resolutionRatio` 480p | 720p (default 720p), `duration`
//! 2.5 s, `format` mp4 | gif, the speed presets (fps high 9 / medium 8 /
//! low 7 paired with motionBucket 80 / 60 / 40), `motionDistance` 3 and
//! `lenControl` L (camera moves L, R, U, D, CW, ACW, I, O).

use serde_json::{Map, Value};

use super::{parse_upload_url, reject_unknown, required_str, upload_url};
use crate::domain::{Invalid, UploadId};
use crate::error::ErrorCode;

/// The camera move (`lenControl`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CameraMove {
    /// Pan left (`L`).
    Left,
    /// Pan right (`R`).
    Right,
    /// Pan up (`U`).
    Up,
    /// Pan down (`D`).
    Down,
    /// Roll clockwise (`CW`).
    Clockwise,
    /// Roll anticlockwise (`ACW`).
    Anticlockwise,
    /// Push in (`I`).
    In,
    /// Pull out (`O`).
    Out,
}

impl CameraMove {
    pub const ALL: [CameraMove; 8] = [
        CameraMove::Left,
        CameraMove::Right,
        CameraMove::Up,
        CameraMove::Down,
        CameraMove::Clockwise,
        CameraMove::Anticlockwise,
        CameraMove::In,
        CameraMove::Out,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            CameraMove::Left => "L",
            CameraMove::Right => "R",
            CameraMove::Up => "U",
            CameraMove::Down => "D",
            CameraMove::Clockwise => "CW",
            CameraMove::Anticlockwise => "ACW",
            CameraMove::In => "I",
            CameraMove::Out => "O",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.as_str().eq_ignore_ascii_case(raw.trim()))
    }
}

/// The speed preset: the original app pairs each fps with a motionBucket.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum MotionSpeed {
    High,
    #[default]
    Medium,
    Low,
}

impl MotionSpeed {
    pub const ALL: [MotionSpeed; 3] = [MotionSpeed::High, MotionSpeed::Medium, MotionSpeed::Low];

    pub fn as_str(self) -> &'static str {
        match self {
            MotionSpeed::High => "high",
            MotionSpeed::Medium => "medium",
            MotionSpeed::Low => "low",
        }
    }

    /// Frames per second of the clip.
    pub fn fps(self) -> u32 {
        match self {
            MotionSpeed::High => 9,
            MotionSpeed::Medium => 8,
            MotionSpeed::Low => 7,
        }
    }

    /// How fast the camera travels (the original app's motionBucket).
    pub fn motion_bucket(self) -> u32 {
        match self {
            MotionSpeed::High => 80,
            MotionSpeed::Medium => 60,
            MotionSpeed::Low => 40,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum VideoFormat {
    #[default]
    Mp4,
    Gif,
}

impl VideoFormat {
    pub fn as_str(self) -> &'static str {
        match self {
            VideoFormat::Mp4 => "mp4",
            VideoFormat::Gif => "gif",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            VideoFormat::Mp4 => "video/mp4",
            VideoFormat::Gif => "image/gif",
        }
    }
}

/// `resolutionRatio`: the output fits a 854×480 or 1280×720 box (either
/// orientation), keeping the image's aspect ratio.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum VideoResolution {
    P480,
    #[default]
    P720,
}

impl VideoResolution {
    pub fn as_str(self) -> &'static str {
        match self {
            VideoResolution::P480 => "480p",
            VideoResolution::P720 => "720p",
        }
    }

    /// (short side, long side) of the box the frame fits in.
    pub fn bounds(self) -> (u32, u32) {
        match self {
            VideoResolution::P480 => (480, 854),
            VideoResolution::P720 => (720, 1280),
        }
    }

    /// The frame size for a source of `w`×`h`: as large as fits the box,
    /// same aspect ratio, even sides (H.264 yuv420p needs them).
    pub fn frame_size(self, w: u32, h: u32) -> (u32, u32) {
        let (short, long) = self.bounds();
        let (bw, bh) = if w >= h { (long, short) } else { (short, long) };
        let scale = (f64::from(bw) / f64::from(w.max(1))).min(f64::from(bh) / f64::from(h.max(1)));
        let even = |v: f64| ((v / 2.0).round() as u32 * 2).max(2);
        (even(f64::from(w) * scale).min(bw), even(f64::from(h) * scale).min(bh))
    }
}

/// Allowed clip lengths, in tenths of a second.
pub const MIN_DURATION_TENTHS: u32 = 10;
pub const MAX_DURATION_TENTHS: u32 = 50;
pub const DEFAULT_DURATION_TENTHS: u32 = 25;
pub const DEFAULT_MOTION_DISTANCE: u32 = 3;
pub const MIN_MOTION_DISTANCE: u32 = 1;
pub const MAX_MOTION_DISTANCE: u32 = 5;

/// `IMG_2_VEDIO` options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VideoSpec {
    pub image: UploadId,
    pub camera: CameraMove,
    pub speed: MotionSpeed,
    /// Requested length in tenths of a second (10–50).
    pub duration_tenths: u32,
    pub format: VideoFormat,
    pub resolution: VideoResolution,
    /// Amplitude of the move, 1–5 (default 3).
    pub motion_distance: u32,
}

impl VideoSpec {
    pub fn fps(&self) -> u32 {
        self.speed.fps()
    }

    /// Frames rendered: the requested length at the preset's fps, rounded
    /// to whole frames (at least two, so there is motion).
    pub fn frame_count(&self) -> u32 {
        ((self.duration_tenths * self.fps() + 5) / 10).max(2)
    }

    /// The clip's real length in milliseconds (whole frames at `fps`).
    pub fn duration_ms(&self) -> u32 {
        (self.frame_count() * 1000 + self.fps() / 2) / self.fps()
    }

    pub fn to_params(&self) -> Value {
        serde_json::json!({
            "imageUrl": upload_url(self.image),
            "type": 1,
            "genNum": 1,
            "lenControl": self.camera.as_str(),
            "speed": self.speed.as_str(),
            "fps": self.speed.fps(),
            "motionBucket": self.speed.motion_bucket(),
            "duration": f64::from(self.duration_tenths) / 10.0,
            "format": self.format.as_str(),
            "resolutionRatio": self.resolution.as_str(),
            "motionDistance": self.motion_distance,
        })
    }
}

const KNOWN: &[&str] = &[
    "imageUrl",
    "type",
    "genNum",
    "lenControl",
    "speed",
    "fps",
    "motionBucket",
    "duration",
    "format",
    "resolutionRatio",
    "motionDistance",
    "enableSeed",
];

pub fn parse(params: &Map<String, Value>) -> Result<VideoSpec, Invalid> {
    reject_unknown(params, KNOWN)?;
    let image = parse_upload_url(required_str(params, "imageUrl")?)
        .ok_or(Invalid::field(ErrorCode::ImageNotFound, "imageUrl"))?;
    // `type` and `genNum` are fixed at 1 by the original app; anything else is a
    // request for something this product does not make.
    for key in ["type", "genNum"] {
        match params.get(key) {
            None | Some(Value::Null) => {}
            Some(v) if v.as_u64() == Some(1) => {}
            Some(_) => return Err(Invalid::field(ErrorCode::InvalidParam, key)),
        }
    }
    // The frames are rendered deterministically; a seed changes nothing.
    match params.get("enableSeed") {
        None | Some(Value::Null | Value::Bool(_)) => {}
        Some(_) => return Err(Invalid::field(ErrorCode::InvalidParam, "enableSeed")),
    }
    let camera = match params.get("lenControl") {
        None | Some(Value::Null) => CameraMove::Left,
        Some(Value::String(s)) => {
            CameraMove::parse(s).ok_or(Invalid::field(ErrorCode::VideoBadCameraMove, "lenControl"))?
        }
        Some(_) => return Err(Invalid::field(ErrorCode::VideoBadCameraMove, "lenControl")),
    };
    let speed = parse_speed(params)?;
    let duration_tenths = match params.get("duration") {
        None | Some(Value::Null) => DEFAULT_DURATION_TENTHS,
        Some(v) => {
            let secs = v
                .as_f64()
                .or_else(|| v.as_str().and_then(|s| s.trim().trim_end_matches('s').parse().ok()))
                .ok_or(Invalid::field(ErrorCode::VideoBadDuration, "duration"))?;
            let tenths = (secs * 10.0).round();
            if !(f64::from(MIN_DURATION_TENTHS)..=f64::from(MAX_DURATION_TENTHS)).contains(&tenths)
                || (secs * 10.0 - tenths).abs() > 1e-6
            {
                return Err(Invalid::field(ErrorCode::VideoBadDuration, "duration"));
            }
            tenths as u32
        }
    };
    let format = match params.get("format") {
        None | Some(Value::Null) => VideoFormat::default(),
        Some(Value::String(s)) if s.eq_ignore_ascii_case("mp4") => VideoFormat::Mp4,
        Some(Value::String(s)) if s.eq_ignore_ascii_case("gif") => VideoFormat::Gif,
        Some(_) => return Err(Invalid::field(ErrorCode::InvalidParam, "format")),
    };
    let resolution = match params.get("resolutionRatio") {
        None | Some(Value::Null) => VideoResolution::default(),
        Some(Value::String(s)) if s.eq_ignore_ascii_case("480p") => VideoResolution::P480,
        Some(Value::String(s)) if s.eq_ignore_ascii_case("720p") => VideoResolution::P720,
        Some(_) => return Err(Invalid::field(ErrorCode::VideoBadResolution, "resolutionRatio")),
    };
    let motion_distance = match params.get("motionDistance") {
        None | Some(Value::Null) => DEFAULT_MOTION_DISTANCE,
        Some(v) => match v.as_u64() {
            Some(d) if (u64::from(MIN_MOTION_DISTANCE)..=u64::from(MAX_MOTION_DISTANCE)).contains(&d) => d as u32,
            _ => return Err(Invalid::field(ErrorCode::InvalidParam, "motionDistance")),
        },
    };
    Ok(VideoSpec { image, camera, speed, duration_tenths, format, resolution, motion_distance })
}

/// `speed` (high | medium | low), or the preset's `fps` / `motionBucket`
/// numbers as the original app sends them; given together they must name
/// the same preset.
fn parse_speed(params: &Map<String, Value>) -> Result<MotionSpeed, Invalid> {
    let mut found: Option<MotionSpeed> = None;
    let mut agree = |key: &'static str, s: MotionSpeed| match found {
        Some(prev) if prev != s => Err(Invalid::field(ErrorCode::InvalidParam, key)),
        _ => {
            found = Some(s);
            Ok(())
        }
    };
    match params.get("speed") {
        None | Some(Value::Null) => {}
        Some(Value::String(s)) => {
            let speed = MotionSpeed::ALL
                .into_iter()
                .find(|m| m.as_str().eq_ignore_ascii_case(s.trim()))
                .ok_or(Invalid::field(ErrorCode::InvalidParam, "speed"))?;
            agree("speed", speed)?;
        }
        Some(_) => return Err(Invalid::field(ErrorCode::InvalidParam, "speed")),
    }
    for (key, of) in [("fps", MotionSpeed::fps as fn(MotionSpeed) -> u32), ("motionBucket", MotionSpeed::motion_bucket)]
    {
        match params.get(key) {
            None | Some(Value::Null) => {}
            Some(v) => {
                let n = v.as_u64().ok_or(Invalid::field(ErrorCode::InvalidParam, key))?;
                let speed = MotionSpeed::ALL
                    .into_iter()
                    .find(|m| u64::from(of(*m)) == n)
                    .ok_or(Invalid::field(ErrorCode::InvalidParam, key))?;
                agree(key, speed)?;
            }
        }
    }
    Ok(found.unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::super::TaskSpec;
    use super::*;
    use serde_json::json;

    fn url() -> String {
        upload_url(UploadId::new())
    }

    #[test]
    fn defaults_are_the_specs_and_round_trip() {
        let spec = TaskSpec::parse("IMG_2_VEDIO", &json!({ "imageUrl": url() })).unwrap();
        let TaskSpec::Video(v) = &spec else { panic!("{spec:?}") };
        assert_eq!(v.camera, CameraMove::Left);
        assert_eq!(v.resolution, VideoResolution::P720);
        assert_eq!(v.format, VideoFormat::Mp4);
        assert_eq!(v.duration_tenths, 25);
        assert_eq!(v.motion_distance, 3);
        assert_eq!((v.speed.fps(), v.speed.motion_bucket()), (8, 60));
        assert_eq!(TaskSpec::parse("IMG_2_VEDIO", &spec.to_params()).unwrap(), spec);
        assert_eq!(spec.cost().get(), 80);
    }

    #[test]
    fn every_option_round_trips() {
        for camera in CameraMove::ALL {
            for speed in MotionSpeed::ALL {
                let p = json!({
                    "imageUrl": url(), "lenControl": camera.as_str(), "fps": speed.fps(),
                    "motionBucket": speed.motion_bucket(), "duration": 1.5, "format": "gif",
                    "resolutionRatio": "480p", "motionDistance": 5, "type": 1, "genNum": 1, "enableSeed": false,
                });
                let spec = TaskSpec::parse("IMG_2_VEDIO", &p).unwrap();
                let TaskSpec::Video(v) = &spec else { panic!() };
                assert_eq!((v.camera, v.speed, v.duration_tenths, v.format), (camera, speed, 15, VideoFormat::Gif));
                assert_eq!(TaskSpec::parse("IMG_2_VEDIO", &spec.to_params()).unwrap(), spec);
                assert_eq!(spec.cost().get(), 40, "480p costs 40");
            }
        }
    }

    #[test]
    fn frames_and_duration() {
        let TaskSpec::Video(mut v) = TaskSpec::parse("IMG_2_VEDIO", &json!({ "imageUrl": url() })).unwrap() else {
            panic!()
        };
        assert_eq!((v.frame_count(), v.duration_ms()), (20, 2500));
        v.speed = MotionSpeed::High;
        assert_eq!((v.frame_count(), v.duration_ms()), (23, 2556));
    }

    #[test]
    fn frame_sizes_fit_the_box_with_even_sides() {
        assert_eq!(VideoResolution::P720.frame_size(1920, 1080), (1280, 720));
        assert_eq!(VideoResolution::P720.frame_size(1000, 1000), (720, 720));
        assert_eq!(VideoResolution::P720.frame_size(1000, 1200), (720, 864));
        assert_eq!(VideoResolution::P480.frame_size(2000, 1000), (854, 428));
        assert_eq!(VideoResolution::P480.frame_size(333, 517), (480, 746));
    }

    #[test]
    fn bad_options_name_the_field() {
        let u = url();
        let cases = [
            (json!({ "imageUrl": u, "lenControl": "Z" }), ErrorCode::VideoBadCameraMove, "lenControl"),
            (json!({ "imageUrl": u, "duration": 9 }), ErrorCode::VideoBadDuration, "duration"),
            (json!({ "imageUrl": u, "duration": 2.55 }), ErrorCode::VideoBadDuration, "duration"),
            (json!({ "imageUrl": u, "resolutionRatio": "1080p" }), ErrorCode::VideoBadResolution, "resolutionRatio"),
            (json!({ "imageUrl": u, "format": "webm" }), ErrorCode::InvalidParam, "format"),
            (json!({ "imageUrl": u, "fps": 30 }), ErrorCode::InvalidParam, "fps"),
            (json!({ "imageUrl": u, "fps": 9, "motionBucket": 40 }), ErrorCode::InvalidParam, "motionBucket"),
            (json!({ "imageUrl": u, "genNum": 2 }), ErrorCode::InvalidParam, "genNum"),
            (json!({ "imageUrl": u, "motionDistance": 0 }), ErrorCode::InvalidParam, "motionDistance"),
            (json!({ "imageUrl": u, "prompt": "x" }), ErrorCode::InvalidParam, "params"),
            (json!({ "lenControl": "L" }), ErrorCode::InvalidParam, "imageUrl"),
        ];
        for (params, code, field) in cases {
            let err = TaskSpec::parse("IMG_2_VEDIO", &params).unwrap_err();
            assert_eq!((err.code, err.field), (code, Some(field)), "{params}");
        }
    }
}
