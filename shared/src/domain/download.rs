//! Downloads of a task result: the original app's standard definition (long side at
//! most 1920, free and basic tiers) and 2K (long side exactly 2048,
//! professional and above, upscaled with Real-ESRGAN when the source is
//! smaller). Prepared files are cached in the blob store under a key derived
//! from the result, so a second request never recomputes them.

use serde::{Deserialize, Serialize};

use super::{Invalid, TaskId, Tier};
use crate::error::ErrorCode;

/// Long side of a standard-definition download (the original app's 1080P class).
pub const STANDARD_MAX_LONG_SIDE: u32 = 1920;
/// Long side of a 2K download.
pub const TWO_K_LONG_SIDE: u32 = 2048;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
pub enum DownloadQuality {
    /// `downloadImage` / `saveImage`.
    #[serde(rename = "standard")]
    Standard,
    /// `download2K` / `save2K`.
    #[serde(rename = "2k")]
    TwoK,
}

impl DownloadQuality {
    pub fn as_str(self) -> &'static str {
        match self {
            DownloadQuality::Standard => "standard",
            DownloadQuality::TwoK => "2k",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        match raw.trim().to_ascii_lowercase().as_str() {
            "standard" | "sd" => Ok(DownloadQuality::Standard),
            "2k" => Ok(DownloadQuality::TwoK),
            _ => Err(Invalid::field(ErrorCode::InvalidParam, "quality")),
        }
    }

    /// Whether `tier` may have this quality (2K needs professional+).
    pub fn allowed_for(self, tier: Tier) -> bool {
        match self {
            DownloadQuality::Standard => true,
            DownloadQuality::TwoK => tier.allows_2k(),
        }
    }

    /// The long side the prepared file must have for a source of this long
    /// side, or `None` when the source itself is the download.
    pub fn target_long_side(self, source_long_side: u32) -> Option<u32> {
        match self {
            DownloadQuality::Standard => (source_long_side > STANDARD_MAX_LONG_SIDE).then_some(STANDARD_MAX_LONG_SIDE),
            DownloadQuality::TwoK => (source_long_side != TWO_K_LONG_SIDE).then_some(TWO_K_LONG_SIDE),
        }
    }
}

/// The blob key of a prepared download of the result `results/<task>/<name>`:
/// `downloads/<task>/<stem>-<quality>.<ext>`. Deterministic, so the cache
/// is found again without any index.
pub fn prepared_key(task: TaskId, result_name: &str, quality: DownloadQuality) -> String {
    let (stem, ext) = result_name.rsplit_once('.').unwrap_or((result_name, "png"));
    format!("downloads/{task}/{stem}-{}.{ext}", quality.as_str())
}

/// Where a download stands, as the status call reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum DownloadState {
    /// Nothing prepared and nothing running.
    None,
    /// A worker is (or will be) preparing it.
    Preparing,
    /// The file can be fetched.
    Ready,
    /// The last preparation failed; asking again retries.
    Failed,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qualities_parse_and_gate_by_tier() {
        assert_eq!(DownloadQuality::parse("2K"), Ok(DownloadQuality::TwoK));
        assert_eq!(DownloadQuality::parse("standard"), Ok(DownloadQuality::Standard));
        assert_eq!(DownloadQuality::parse("4k").unwrap_err().code, ErrorCode::InvalidParam);
        for tier in [Tier::Free, Tier::Basic] {
            assert!(DownloadQuality::Standard.allowed_for(tier));
            assert!(!DownloadQuality::TwoK.allowed_for(tier));
        }
        assert!(DownloadQuality::TwoK.allowed_for(Tier::Professional));
        assert!(DownloadQuality::TwoK.allowed_for(Tier::Enterprise));
    }

    #[test]
    fn targets_follow_the_spec_sizes() {
        use DownloadQuality::*;
        assert_eq!(Standard.target_long_side(1024), None);
        assert_eq!(Standard.target_long_side(1920), None);
        assert_eq!(Standard.target_long_side(4000), Some(1920));
        assert_eq!(TwoK.target_long_side(512), Some(2048));
        assert_eq!(TwoK.target_long_side(4000), Some(2048));
        assert_eq!(TwoK.target_long_side(2048), None);
    }

    #[test]
    fn prepared_keys_derive_from_the_result() {
        let t = TaskId::new();
        assert_eq!(prepared_key(t, "cutout.png", DownloadQuality::TwoK), format!("downloads/{t}/cutout-2k.png"));
        assert_eq!(prepared_key(t, "0.jpg", DownloadQuality::Standard), format!("downloads/{t}/0-standard.jpg"));
    }
}
