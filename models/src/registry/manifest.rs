//! The manifest's types and parsing, with the checks that keep it sound
//! (unique ids, known references, well-formed sha256).

use std::collections::BTreeSet;

use serde::Deserialize;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ManifestError {
    #[error("model registry is not valid TOML: {0}")]
    Toml(String),
    #[error("model registry: {0}")]
    Invalid(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ModelKind {
    Onnx,
    Safetensors,
    Gguf,
    Runtime,
    /// A program the worker runs (ffmpeg): found on `PATH`, not in the
    /// models directory, so it lists no files.
    Program,
    /// A model behind an HTTP endpoint an operator configures (an
    /// OpenAI-compatible server): it lists no files either.
    Endpoint,
    /// Fonts from the system's packages (Noto CJK): the worker loads them
    /// from where Debian installs them, so it lists no files.
    Font,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Device {
    Cpu,
    Gpu,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelFile {
    /// Relative to the models directory.
    pub path: String,
    /// Bytes; 0 when not recorded.
    #[serde(default)]
    pub size: u64,
    /// Lower-case hex; empty when not recorded (never obtained here).
    #[serde(default)]
    pub sha256: String,
    /// Model-hub URL for users with internet.
    #[serde(default)]
    pub url: Option<String>,
}

impl ModelFile {
    pub fn sha256(&self) -> Option<&str> {
        (!self.sha256.is_empty()).then_some(self.sha256.as_str())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelEntry {
    pub id: String,
    pub name: String,
    pub kind: ModelKind,
    pub licence: String,
    pub commercial_use: bool,
    pub memory_mb: u32,
    pub devices: Vec<Device>,
    /// A package registry ships it (fetched by default).
    pub obtainable_here: bool,
    /// How an operator installs it.
    pub how: String,
    #[serde(default)]
    pub files: Vec<ModelFile>,
    /// The same files as this model, when they turn out to be a particular
    /// kind of it (operator weights whose config says "inpainting"): a
    /// variant lists no files of its own and is loaded only when the worker
    /// finds its base model to be that kind.
    #[serde(default)]
    pub variant_of: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TaskEntry {
    /// A bizType (`MATTING_IMAGE`) or an internal job (`UPSCALE_2K`).
    #[serde(rename = "type")]
    pub task_type: String,
    /// All groups must be met; a group is met by any one of its models.
    #[serde(default)]
    pub needs: Vec<Vec<String>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Registry {
    #[serde(default, rename = "model")]
    pub models: Vec<ModelEntry>,
    #[serde(default, rename = "task")]
    pub tasks: Vec<TaskEntry>,
}

impl Registry {
    pub fn parse(text: &str) -> Result<Self, ManifestError> {
        let registry: Registry = toml::from_str(text).map_err(|e| ManifestError::Toml(e.to_string()))?;
        registry.check()?;
        Ok(registry)
    }

    pub fn model(&self, id: &str) -> Option<&ModelEntry> {
        self.models.iter().find(|m| m.id == id)
    }

    pub fn task(&self, task_type: &str) -> Option<&TaskEntry> {
        self.tasks.iter().find(|t| t.task_type == task_type)
    }

    /// Replaces a model's licence with what its own files declare
    /// (operator-supplied weights: `diffusion/config.json`); what is not
    /// declared keeps the manifest's value. False when there is no such model.
    pub fn declare_licence(&mut self, id: &str, licence: Option<&str>, commercial_use: Option<bool>) -> bool {
        let Some(m) = self.models.iter_mut().find(|m| m.id == id) else { return false };
        if let Some(l) = licence {
            m.licence = l.to_owned();
        }
        if let Some(c) = commercial_use {
            m.commercial_use = c;
        }
        true
    }

    /// Task types a model takes part in.
    pub fn serves(&self, model_id: &str) -> Vec<&str> {
        self.tasks
            .iter()
            .filter(|t| t.needs.iter().flatten().any(|m| m == model_id))
            .map(|t| t.task_type.as_str())
            .collect()
    }

    fn check(&self) -> Result<(), ManifestError> {
        let bad = |msg: String| Err(ManifestError::Invalid(msg));
        let mut ids = BTreeSet::new();
        let mut paths = BTreeSet::new();
        for m in &self.models {
            let id_ok = !m.id.is_empty()
                && !m.id.starts_with('.')
                && !m.id.contains("..")
                && m.id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"-_.".contains(&b));
            if !id_ok {
                return bad(format!("model id {:?}: use a-z, 0-9, '-', '_' and '.' (not first)", m.id));
            }
            if !ids.insert(m.id.as_str()) {
                return bad(format!("model id {} appears twice", m.id));
            }
            let fileless =
                matches!(m.kind, ModelKind::Program | ModelKind::Endpoint | ModelKind::Font) || m.variant_of.is_some();
            if m.files.is_empty() != fileless {
                let rule =
                    "a program, an endpoint, a font or a variant lists no files; every other model lists its files";
                return bad(format!("model {}: {rule}", m.id));
            }
            for f in &m.files {
                let safe = !f.path.is_empty()
                    && !f.path.starts_with('/')
                    && f.path.split('/').all(|part| !part.is_empty() && part != "." && part != "..");
                if !safe {
                    return bad(format!("model {}: file path {:?} must be relative, without '..'", m.id, f.path));
                }
                if !paths.insert(f.path.as_str()) {
                    return bad(format!("file {} appears twice", f.path));
                }
                let hex =
                    f.sha256.len() == 64 && f.sha256.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
                if !f.sha256.is_empty() && !hex {
                    return bad(format!("model {}: sha256 of {} is not 64 lower-case hex digits", m.id, f.path));
                }
                if let Some(url) = &f.url {
                    if !url.starts_with("https://") && !url.starts_with("http://") {
                        return bad(format!("model {}: url of {} is not http(s)", m.id, f.path));
                    }
                }
            }
        }
        for m in &self.models {
            if let Some(base) = &m.variant_of {
                let base_ok = self.model(base).is_some_and(|b| b.variant_of.is_none() && !b.files.is_empty());
                if !base_ok {
                    return bad(format!("model {} is a variant of {base}, which is not a model with files", m.id));
                }
            }
        }
        let mut types = BTreeSet::new();
        for t in &self.tasks {
            if !types.insert(t.task_type.as_str()) {
                return bad(format!("task type {} appears twice", t.task_type));
            }
            for group in &t.needs {
                if group.is_empty() {
                    return bad(format!("task type {} has an empty needs group", t.task_type));
                }
                if let Some(unknown) = group.iter().find(|id| !ids.contains(id.as_str())) {
                    return bad(format!("task type {} needs unknown model {unknown}", t.task_type));
                }
            }
        }
        Ok(())
    }
}
