//! Process-wide ONNX Runtime setup.
//!
//! `ort` is built with `load-dynamic`: the shared library (the one shipped in
//! the PyPI `onnxruntime` wheel, placed by `scripts/fetch-models`) is loaded
//! at run time from a path the caller gives. ONNX Runtime allows one
//! environment per process, so it lives here in a global.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use crate::ModelError;

struct Runtime {
    env: ort::environment::Environment,
    dylib: PathBuf,
}

static RUNTIME: OnceLock<Runtime> = OnceLock::new();
static INIT_LOCK: Mutex<()> = Mutex::new(());

/// The process-wide ONNX Runtime.
pub struct OrtRuntime;

impl OrtRuntime {
    /// Loads the ONNX Runtime shared library from `dylib_path` and creates the
    /// process environment. Idempotent: later calls return `Ok` without
    /// reloading (a different path is ignored with a warning, since a loaded
    /// library cannot be swapped).
    pub fn init(dylib_path: &Path) -> Result<(), ModelError> {
        if let Some(rt) = RUNTIME.get() {
            warn_if_other(rt, dylib_path);
            return Ok(());
        }
        // Serialise first-time initialisation; a poisoned lock only means a
        // previous attempt panicked, which leaves nothing half-done here.
        let _guard = INIT_LOCK.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(rt) = RUNTIME.get() {
            warn_if_other(rt, dylib_path);
            return Ok(());
        }
        if !dylib_path.is_file() {
            return Err(ModelError::RuntimeMissing { path: dylib_path.to_path_buf(), reason: "no such file".into() });
        }
        let builder = ort::init_from(dylib_path)
            .map_err(|e| ModelError::RuntimeMissing { path: dylib_path.to_path_buf(), reason: e.to_string() })?;
        let env = builder.with_name("pixmart").with_telemetry(false).build().map_err(ModelError::RuntimeInit)?;
        tracing::info!(dylib = %dylib_path.display(), "ONNX Runtime loaded");
        // Cannot already be set: we hold INIT_LOCK and checked above.
        let _ = RUNTIME.set(Runtime { env, dylib: dylib_path.to_path_buf() });
        Ok(())
    }

    /// Whether [`OrtRuntime::init`] has succeeded in this process.
    pub fn is_initialised() -> bool {
        RUNTIME.get().is_some()
    }

    /// The library path the runtime was loaded from, once initialised.
    pub fn dylib_path() -> Option<&'static Path> {
        RUNTIME.get().map(|rt| rt.dylib.as_path())
    }

    pub(crate) fn environment() -> Result<&'static ort::environment::Environment, ModelError> {
        RUNTIME.get().map(|rt| &rt.env).ok_or(ModelError::RuntimeNotInitialised)
    }
}

fn warn_if_other(rt: &Runtime, requested: &Path) {
    if rt.dylib != requested {
        tracing::warn!(
            loaded = %rt.dylib.display(),
            requested = %requested.display(),
            "ONNX Runtime already loaded from another path; keeping it"
        );
    }
}

/// How a session is built for one model.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SessionOptions {
    /// Threads one inference may use (at least 1).
    pub intra_threads: usize,
    /// ONNX Runtime's memory pattern (arena reuse for a fixed input
    /// shape). Off for inputs whose shape varies run to run (tiles at an
    /// image's edges), where the arena would keep every shape's allocation.
    pub memory_pattern: bool,
    /// Whether ONNX Runtime's intra-op threads spin while waiting for work
    /// (its default). Spinning saves microseconds per node on an idle
    /// machine and burns the cores other work needs on a busy one.
    pub spinning: bool,
}

impl SessionOptions {
    pub(crate) fn new(intra_threads: usize, memory_pattern: bool) -> Self {
        SessionOptions { intra_threads, memory_pattern, spinning: true }
    }
}

/// Where a session's model comes from.
pub(crate) enum ModelSource<'a> {
    File,
    /// The file's model, rewritten in memory (see `onnx_fp32`).
    Bytes(&'a [u8]),
}

/// An ONNX session for `model_path` on the process runtime, fully graph-
/// optimised, one inter-op thread: the one way every ONNX model is loaded.
/// [`OrtRuntime::init`] must have succeeded first.
pub(crate) fn load_session(model_path: &Path, options: SessionOptions) -> Result<ort::session::Session, ModelError> {
    load_session_from(model_path, ModelSource::File, options)
}

/// As [`load_session`], the model given by `source` (`model_path` names it
/// in errors and is still required to exist).
pub(crate) fn load_session_from(
    model_path: &Path,
    source: ModelSource<'_>,
    options: SessionOptions,
) -> Result<ort::session::Session, ModelError> {
    use ort::session::builder::GraphOptimizationLevel;
    let env = OrtRuntime::environment()?;
    if !model_path.is_file() {
        return Err(ModelError::ModelMissing { path: model_path.to_path_buf() });
    }
    ort::session::Session::builder(env)
        .and_then(|b| Ok(b.with_optimization_level(GraphOptimizationLevel::All)?))
        .and_then(|b| Ok(b.with_intra_threads(options.intra_threads.max(1))?))
        .and_then(|b| Ok(b.with_inter_threads(1)?))
        .and_then(|b| Ok(b.with_memory_pattern(options.memory_pattern)?))
        .and_then(|b| Ok(b.with_intra_op_spinning(options.spinning)?))
        .and_then(|mut b| match source {
            ModelSource::File => b.commit_from_file(model_path),
            ModelSource::Bytes(bytes) => b.commit_from_memory(bytes),
        })
        .map_err(|e| ModelError::LoadFailed { path: model_path.to_path_buf(), reason: e.to_string() })
}
