//! Which of a registry's models have their files in a directory. Checks
//! existence and (where recorded) size; hashing is scripts/fetch-models'
//! and pixmart-fetch's job, so a worker starts without reading gigabytes.

use std::path::Path;

use super::{ModelEntry, Registry};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileProblem {
    Missing { path: String },
    WrongSize { path: String, expected: u64, actual: u64 },
}

impl std::fmt::Display for FileProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FileProblem::Missing { path } => write!(f, "{path} is missing"),
            FileProblem::WrongSize { path, expected, actual } => {
                write!(f, "{path} has {actual} bytes, expected {expected} (partial or wrong file)")
            }
        }
    }
}

/// One model's state in a directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Presence {
    pub id: String,
    /// Empty when every file is there with its recorded size.
    pub problems: Vec<FileProblem>,
}

impl Presence {
    pub fn is_present(&self) -> bool {
        self.problems.is_empty()
    }

    /// "isnet_fp16.onnx is missing; …", for logs and reports.
    pub fn reason(&self) -> Option<String> {
        (!self.problems.is_empty())
            .then(|| self.problems.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))
    }
}

fn check(model: &ModelEntry, dir: &Path) -> Presence {
    let problems = model
        .files
        .iter()
        .filter_map(|f| match std::fs::metadata(dir.join(&f.path)) {
            Ok(meta) if meta.is_file() => (f.size != 0 && meta.len() != f.size).then(|| FileProblem::WrongSize {
                path: f.path.clone(),
                expected: f.size,
                actual: meta.len(),
            }),
            _ => Some(FileProblem::Missing { path: f.path.clone() }),
        })
        .collect();
    Presence { id: model.id.clone(), problems }
}

/// Every model of `registry`, in manifest order, checked against `dir`. A
/// variant is present when its base model's files are; a program has no
/// files here (the worker looks for it on `PATH`).
pub fn presence(registry: &Registry, dir: &Path) -> Vec<Presence> {
    registry
        .models
        .iter()
        .map(|m| {
            let files = m.variant_of.as_deref().and_then(|base| registry.model(base)).unwrap_or(m);
            Presence { id: m.id.clone(), problems: check(files, dir).problems }
        })
        .collect()
}
