//! The fonts a poster is set in, loaded once from files and shared.
//!
//! Noto Sans CJK and Noto Serif CJK (Debian `fonts-noto-cjk`, SIL Open Font
//! Licence) set Chinese, Japanese, Korean and Latin; Noto Color Emoji
//! (`fonts-noto-color-emoji`, OFL) sets emoji. A family whose files are
//! missing is replaced by one that is present, with a warning, so that text
//! never comes out as boxes.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use cosmic_text::{fontdb, FontSystem, SwashCache};

use pixmart_poster_template::FontFamily;
use pixmart_poster_template::PosterError;

/// Where Debian puts the Noto fonts.
pub const DEBIAN_NOTO_CJK_DIR: &str = "/usr/share/fonts/opentype/noto";
pub const DEBIAN_NOTO_EMOJI: &str = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf";

/// The family names inside the Noto CJK collections (simplified Chinese forms).
pub const SANS_FAMILY: &str = "Noto Sans CJK SC";
pub const SERIF_FAMILY: &str = "Noto Serif CJK SC";

/// Which files to load.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FontPaths {
    pub sans: Vec<PathBuf>,
    pub serif: Vec<PathBuf>,
    pub emoji: Vec<PathBuf>,
}

impl FontPaths {
    /// The Debian packages' files: sans and serif in several weights, and emoji.
    pub fn debian() -> FontPaths {
        let dir = Path::new(DEBIAN_NOTO_CJK_DIR);
        // Regular and Bold come with fonts-noto-cjk (expected: a missing one is
        // warned about); Medium and Black with fonts-noto-cjk-extra (taken
        // when present, else the nearest weight is used).
        let files = |family: &str| -> Vec<PathBuf> {
            let mut v: Vec<PathBuf> =
                ["Regular", "Bold"].iter().map(|w| dir.join(format!("Noto{family}CJK-{w}.ttc"))).collect();
            v.extend(
                ["Medium", "Black"]
                    .iter()
                    .map(|w| dir.join(format!("Noto{family}CJK-{w}.ttc")))
                    .filter(|p| p.is_file()),
            );
            v
        };
        FontPaths { sans: files("Sans"), serif: files("Serif"), emoji: vec![PathBuf::from(DEBIAN_NOTO_EMOJI)] }
    }
}

/// The loaded fonts, their shaping state and glyph cache.
///
/// Build it once per process ([`FontSet::load`]) and share it (it is
/// `Send + Sync`); renders take its lock while they set text.
pub struct FontSet {
    inner: Mutex<FontState>,
    sans: String,
    serif: String,
    warnings: Vec<String>,
}

pub(crate) struct FontState {
    pub system: FontSystem,
    pub cache: SwashCache,
}

impl std::fmt::Debug for FontSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FontSet").field("sans", &self.sans).field("serif", &self.serif).finish()
    }
}

impl FontSet {
    /// Loads the Debian Noto fonts.
    pub fn debian() -> Result<FontSet, PosterError> {
        FontSet::load(&FontPaths::debian())
    }

    /// Loads the given files. A missing or unreadable file is skipped with a
    /// warning; a family with no file left falls back to the other family
    /// (or any loaded face). Fails only when no font at all could be loaded.
    pub fn load(paths: &FontPaths) -> Result<FontSet, PosterError> {
        let mut db = fontdb::Database::new();
        let mut warnings = Vec::new();
        let mut load = |files: &[PathBuf], what: &str| -> usize {
            let mut loaded = 0;
            for file in files {
                let before = db.len();
                match db.load_font_file(file) {
                    Ok(()) if db.len() > before => loaded += 1,
                    Ok(()) => warn(&mut warnings, format!("{what} font {} holds no usable face", file.display())),
                    Err(e) => warn(&mut warnings, format!("{what} font {} could not be read: {e}", file.display())),
                }
            }
            loaded
        };
        let sans_files = load(&paths.sans, "sans");
        let serif_files = load(&paths.serif, "serif");
        let emoji_files = load(&paths.emoji, "emoji");
        if db.is_empty() {
            let looked_for = paths
                .sans
                .iter()
                .chain(&paths.serif)
                .chain(&paths.emoji)
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ");
            return Err(PosterError::NoFonts { looked_for });
        }
        let has_family = |name: &str| db.faces().any(|f| f.families.iter().any(|(n, _)| n == name));
        let any_text_family = db
            .faces()
            .filter(|f| !f.post_script_name.contains("Emoji"))
            .filter_map(|f| f.families.first().map(|(n, _)| n.clone()))
            .next();
        let pick = |wanted: &str, other: &str, files: usize, warnings: &mut Vec<String>| -> String {
            if files > 0 && has_family(wanted) {
                return wanted.to_string();
            }
            let chosen = if has_family(other) {
                other.to_string()
            } else {
                any_text_family.clone().unwrap_or_else(|| wanted.to_string())
            };
            warn(warnings, format!("font family {wanted} is missing; text set in it falls back to {chosen}"));
            chosen
        };
        let sans = pick(SANS_FAMILY, SERIF_FAMILY, sans_files, &mut warnings);
        let serif = pick(SERIF_FAMILY, SANS_FAMILY, serif_files, &mut warnings);
        if emoji_files == 0 {
            warn(&mut warnings, "no emoji font is loaded; emoji fall back to any face that has them".to_string());
        }
        db.set_sans_serif_family(sans.clone());
        db.set_serif_family(serif.clone());
        // A fixed locale: the fallback order must not depend on the machine.
        let system = FontSystem::new_with_locale_and_db("zh-CN".to_string(), db);
        Ok(FontSet { inner: Mutex::new(FontState { system, cache: SwashCache::new() }), sans, serif, warnings })
    }

    /// The family name text of `family` is set in (after fallback).
    pub fn family_name(&self, family: FontFamily) -> &str {
        match family {
            FontFamily::Sans => &self.sans,
            FontFamily::Serif => &self.serif,
        }
    }

    /// What was missing when the set was loaded (each also logged as a warning).
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    pub(crate) fn lock(&self) -> Result<MutexGuard<'_, FontState>, PosterError> {
        // A render that panicked mid-way leaves only caches behind: go on.
        Ok(self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner()))
    }
}

fn warn(warnings: &mut Vec<String>, message: String) {
    tracing::warn!(target: "pixmart_models::poster", "{message}");
    warnings.push(message);
}
