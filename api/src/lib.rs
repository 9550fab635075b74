//! The pixmart HTTP API: thin handlers over `pixmart_shared`.

pub mod access_log;
pub mod admin_cli;
pub mod admission;
pub mod articles;
pub mod auth;
pub mod branding;
pub mod catalogue;
#[cfg(test)]
mod dependency_rule;
pub mod dispatch;
pub mod dto;
pub mod envelope;
pub mod error;
pub mod idea_docx;
pub mod lang;
pub mod limits;
pub mod metrics;
pub mod openapi;
pub mod payments;
pub mod refine_replies;
pub mod removebg;
pub mod routes;
pub mod scheduler;
pub mod security_headers;
pub mod senders;
pub mod sign_in;
pub mod state;
pub mod task_stream;
pub mod telemetry;
pub mod upload_sweeper;
mod web_ui;

use std::net::TcpListener;

use actix_web::{web, App, HttpServer};
use anyhow::Context;
use pixmart_shared::config::Settings;

pub use state::AppState;

/// Connects, migrates, starts the dispatcher and serves until stopped.
pub async fn serve(settings: Settings) -> anyhow::Result<()> {
    let addr = format!("{}:{}", settings.server.host, settings.server.port);
    let listener = TcpListener::bind(&addr).with_context(|| format!("cannot listen on {addr}"))?;
    let state = AppState::connect(settings).await?;
    tracing::info!("pixmart-api listening on http://{addr}");
    serve_on(listener, state).await
}

/// Serves on an already bound listener (tests bind port 0).
pub async fn serve_on(listener: TcpListener, state: AppState) -> anyhow::Result<()> {
    let sweeper = dispatch::spawn_dispatcher(state.clone());
    let scheduler = scheduler::spawn_scheduler(state.clone());
    let web_dist = state.settings.server.web_dist_dir.clone();
    let development = state.settings.is_development();
    let data = web::Data::new(state);
    let server = HttpServer::new(move || {
        App::new()
            .app_data(data.clone())
            .wrap(lang::LangScope)
            .wrap(security_headers::middleware())
            .wrap(access_log::middleware())
            .configure(|cfg| routes::configure(cfg, development))
            .configure(|cfg| web_ui::configure(cfg, &web_dist))
    })
    .workers(2)
    .listen(listener)?
    .run();
    let result = server.await.context("http server failed");
    sweeper.abort();
    scheduler.abort();
    result
}
