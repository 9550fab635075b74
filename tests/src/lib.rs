//! Test harness: each test gets its own redis-server (random port), its own
//! database (a temporary SQLite file or a fresh PostgreSQL database), its
//! own storage directory, and the real API and worker.
#![allow(clippy::unwrap_used, clippy::expect_used)]

pub mod aliyun_double;
pub mod app;
pub mod database;
pub mod event_stream;
pub mod feed_server;
pub mod fixtures;
pub mod images;
pub mod media_files;
pub mod openai_double;
pub mod photo_files;
pub mod python;
pub mod qr_images;
pub mod redis_server;
pub mod removebg_client;
pub mod smtp_sink;
pub mod wechat_pay_double;
pub mod windows;
pub mod worker_process;

pub use app::{TestApp, TestClient};
pub use database::TestDatabase;
pub use redis_server::RedisServer;
pub use smtp_sink::SmtpSink;
pub use wechat_pay_double::WechatPayDouble;
pub use worker_process::WorkerProcess;

use std::path::PathBuf;

/// The repository root (tests run from `tests/`).
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).parent().expect("repo root").to_path_buf()
}

/// Where `scripts/fetch-models` put the models (or `PIXMART_MODELS_DIR`).
pub fn models_dir() -> PathBuf {
    std::env::var_os("PIXMART_MODELS_DIR").map(PathBuf::from).unwrap_or_else(|| repo_root().join("data/models"))
}
