//! The model registry (`models/registry.toml`): every model pixmart knows,
//! the task types each serves, where an operator gets it, its licence and
//! whether commercial use is allowed.
//!
//! Pure: [`Registry::parse`] reads the manifest text; [`presence`] checks
//! a directory the caller names; [`Registry::plan`] decides, from the ids
//! of the models a node has loaded and the deployment's policy, which task
//! types it can serve and, for the others, which models are missing.

mod manifest;
mod plan;
mod presence;

pub use manifest::{Device, ManifestError, ModelEntry, ModelFile, ModelKind, Registry, TaskEntry};
pub use plan::{Plan, Policy, TaskPlan, Unavailable};
pub use presence::{presence, FileProblem, Presence};

/// The manifest shipped with this build (`models/registry.toml`).
pub const EMBEDDED_MANIFEST: &str = include_str!("../../registry.toml");

impl Registry {
    /// The manifest shipped with this build.
    pub fn embedded() -> Result<Self, ManifestError> {
        Registry::parse(EMBEDDED_MANIFEST)
    }
}

#[cfg(test)]
mod tests;
