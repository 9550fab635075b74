//! The end-to-end and integration tests, one binary: each file is a module
//! (linking candle and ONNX Runtime once instead of once per file). Every
//! test still starts its own redis-server and database (`pixmart_tests`).

// Helpers outside `#[test]` functions unwrap too: a failed setup is a
// failed test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod abuse_limits;
mod admin;
mod article_links;
mod background_reproduce_end_to_end;
mod batches;
mod code_senders;
mod colour_and_orientation;
mod concurrent_submissions;
mod content_per_platform;
mod copywriting;
mod cutout_editor;
mod cutout_end_to_end;
mod downloads;
mod fleet_processes;
mod history_retention;
mod hotspots;
mod idea_reports;
mod marketing_statistics;
mod media_rewrite;
mod membership_and_orders;
mod model_registry;
mod pools;
mod poster_assets;
mod poster_copy;
mod posters;
mod product_image_end_to_end;
mod qr_code_art;
mod queue_semantics;
mod removebg;
mod saved_images;
mod scheduling;
mod sign_in;
mod support;
mod tenants_messages_feedback;
mod tiny_random_weights_diffusion;
mod validation;
mod video;
mod web_and_config;
mod wechat_pay;
