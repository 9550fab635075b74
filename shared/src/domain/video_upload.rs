//! Video uploads (视频改写's input): MP4 or QuickTime, read by their
//! container boxes, not by name or declared type. The API refuses at the
//! edge what the worker could not use: another container, too large, too
//! long, or no sound track (nothing to transcribe).

use std::io::Cursor;

use super::{ImageFormat, Invalid};
use crate::error::ErrorCode;

/// The container of an uploaded video.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VideoContainer {
    Mp4,
    QuickTime,
}

impl VideoContainer {
    pub fn mime(self) -> &'static str {
        match self {
            VideoContainer::Mp4 => "video/mp4",
            VideoContainer::QuickTime => "video/quicktime",
        }
    }

    /// The file name extension the worker gives ffmpeg.
    pub fn extension(self) -> &'static str {
        match self {
            VideoContainer::Mp4 => "mp4",
            VideoContainer::QuickTime => "mov",
        }
    }
}

/// What an upload is, as stored in its row (`content_type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UploadFormat {
    Image(ImageFormat),
    Video(VideoContainer),
}

impl UploadFormat {
    pub fn mime(self) -> &'static str {
        match self {
            UploadFormat::Image(f) => f.mime(),
            UploadFormat::Video(c) => c.mime(),
        }
    }

    pub fn parse_mime(mime: &str) -> Option<Self> {
        match mime {
            "video/mp4" => Some(UploadFormat::Video(VideoContainer::Mp4)),
            "video/quicktime" => Some(UploadFormat::Video(VideoContainer::QuickTime)),
            _ => ImageFormat::parse_mime(mime).map(UploadFormat::Image),
        }
    }

    pub fn image(self) -> Option<ImageFormat> {
        match self {
            UploadFormat::Image(f) => Some(f),
            UploadFormat::Video(_) => None,
        }
    }

    pub fn video(self) -> Option<VideoContainer> {
        match self {
            UploadFormat::Video(c) => Some(c),
            UploadFormat::Image(_) => None,
        }
    }
}

/// What a valid video upload turned out to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VideoFacts {
    pub container: VideoContainer,
    /// The picture's size (0×0 for a sound-only file).
    pub width: u32,
    pub height: u32,
    /// The longest track's length.
    pub duration_ms: u64,
    pub bytes: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VideoRules {
    pub max_bytes: u64,
    pub max_seconds: u32,
}

impl VideoRules {
    /// A short video from a social platform: a few minutes at phone
    /// quality. Three minutes of speech is about 800 Chinese characters, as
    /// much as one script draws on.
    pub const SPEC: VideoRules = VideoRules { max_bytes: 50 * 1024 * 1024, max_seconds: 180 };

    /// Reads the container's boxes: format, length, sound, picture size.
    pub fn inspect(&self, data: &[u8]) -> Result<VideoFacts, Invalid> {
        let bytes = data.len() as u64;
        if bytes > self.max_bytes {
            return Err(Invalid::new(ErrorCode::VideoUploadTooLarge));
        }
        let container = container_of(data).ok_or(Invalid::new(ErrorCode::VideoUploadFormat))?;
        let context =
            mp4parse::read_mp4(&mut Cursor::new(data)).map_err(|_| Invalid::new(ErrorCode::InputVideoUnreadable))?;
        let mut duration_ms = 0u64;
        let (mut width, mut height, mut audio) = (0u32, 0u32, false);
        for track in context.tracks.iter() {
            if let (Some(d), Some(ts)) = (&track.duration, &track.timescale) {
                if let Some(ms) = d.0.saturating_mul(1000).checked_div(ts.0) {
                    duration_ms = duration_ms.max(ms);
                }
            }
            match track.track_type {
                mp4parse::TrackType::Audio => audio = true,
                mp4parse::TrackType::Video => {
                    if let Some(tkhd) = &track.tkhd {
                        // 16.16 fixed point.
                        width = width.max(tkhd.width >> 16);
                        height = height.max(tkhd.height >> 16);
                    }
                }
                _ => {}
            }
        }
        if duration_ms == 0 {
            return Err(Invalid::new(ErrorCode::InputVideoUnreadable));
        }
        if duration_ms > u64::from(self.max_seconds) * 1000 {
            return Err(Invalid::new(ErrorCode::VideoUploadTooLong));
        }
        if !audio {
            return Err(Invalid::new(ErrorCode::VideoUploadNoAudio));
        }
        Ok(VideoFacts { container, width, height, duration_ms, bytes })
    }
}

/// MP4 and QuickTime both open with an `ftyp` box; its major brand says
/// which. Anything else (WebM, AVI, an image) is not taken.
fn container_of(data: &[u8]) -> Option<VideoContainer> {
    if data.len() < 12 || &data[4..8] != b"ftyp" {
        return None;
    }
    Some(if &data[8..12] == b"qt  " { VideoContainer::QuickTime } else { VideoContainer::Mp4 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mime_round_trips_for_every_format() {
        for f in [
            UploadFormat::Image(ImageFormat::Png),
            UploadFormat::Image(ImageFormat::Jpeg),
            UploadFormat::Image(ImageFormat::Webp),
            UploadFormat::Video(VideoContainer::Mp4),
            UploadFormat::Video(VideoContainer::QuickTime),
        ] {
            assert_eq!(UploadFormat::parse_mime(f.mime()), Some(f));
        }
        assert_eq!(UploadFormat::parse_mime("video/webm"), None);
    }

    #[test]
    fn other_containers_are_refused_by_their_bytes() {
        let webm = [0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
        assert_eq!(VideoRules::SPEC.inspect(&webm).unwrap_err().code, ErrorCode::VideoUploadFormat);
        assert_eq!(VideoRules::SPEC.inspect(b"short").unwrap_err().code, ErrorCode::VideoUploadFormat);
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
        assert_eq!(VideoRules::SPEC.inspect(png).unwrap_err().code, ErrorCode::VideoUploadFormat);
    }

    #[test]
    fn a_file_that_only_looks_like_mp4_is_unreadable() {
        let mut fake = b"\0\0\0\x14ftypisom\0\0\x02\0isom".to_vec();
        fake.extend_from_slice(&[0xff; 64]);
        assert_eq!(VideoRules::SPEC.inspect(&fake).unwrap_err().code, ErrorCode::InputVideoUnreadable);
    }

    #[test]
    fn too_large_is_refused_before_parsing() {
        let rules = VideoRules { max_bytes: 10, max_seconds: 180 };
        assert_eq!(rules.inspect(&[0; 11]).unwrap_err().code, ErrorCode::VideoUploadTooLarge);
    }
}
