//! The vocabulary the API and the worker share: typed domain values, job
//! definitions, configuration, blob storage and the database store.

pub mod admission;
pub mod config;
pub mod copywriting;
pub mod db;
pub mod domain;
pub mod error;
pub mod fast_jobs;
pub mod jobs;
pub mod marketing;
pub mod poster;
pub mod storage;
pub mod task_events;
pub mod web_fetch;

pub use error::{ErrorCode, Lang};
