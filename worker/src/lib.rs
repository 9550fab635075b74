//! The pixmart worker: apalis consumers over the shared job definitions,
//! one handler per task type, capability advertisement and heartbeats.

pub mod cli;
pub mod context;
pub mod diffusion_loader;
pub mod failure;
pub mod fast_jobs;
pub mod hotspot_refresh;
pub mod loaded_models;
pub mod metrics;
pub mod node;
pub mod noop;
pub mod pipelines;
pub mod process;
pub mod queues;
pub mod registry;
pub mod runner;
pub mod task_writer;
pub mod telemetry;
pub mod text;

pub use context::WorkerContext;
pub use process::{process_task, Outcome};
pub use runner::{run, shutdown_signal};
