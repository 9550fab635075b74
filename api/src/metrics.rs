//! The API's Prometheus endpoint (`GET /metrics`). Fleet-wide gauges are
//! computed from the database (the truth) and Redis at scrape time, so any
//! API instance answers the same: queue depth by task type, pool, lane and
//! where the task is; Redis queue lengths; live nodes; each node's last
//! heartbeat. Latency histograms and failures by code come from each
//! worker's own `/metrics` (`pixmart-worker --metrics-addr`).

use actix_web::{web, HttpRequest, HttpResponse};
use chrono::Utc;
use pixmart_shared::db::store::{dispatch as dispatch_store, workers};
use pixmart_shared::domain::BizType;
use pixmart_shared::jobs::QueueKey;
use prometheus::{Encoder, GaugeVec, IntGaugeVec, Opts, Registry};
use secrecy::ExposeSecret;
use sha2::{Digest, Sha256};

use crate::AppState;

fn gauges() -> prometheus::Result<(Registry, IntGaugeVec, IntGaugeVec, IntGaugeVec, GaugeVec, GaugeVec)> {
    let registry = Registry::new_custom(Some("pixmart".to_owned()), None)?;
    let depth = IntGaugeVec::new(
        Opts::new("queue_depth", "Unfinished tasks by task type, pool, lane and state (waiting, dispatched, running)"),
        &["biz_type", "pool", "lane", "state"],
    )?;
    let redis = IntGaugeVec::new(Opts::new("redis_queue_length", "Jobs waiting in each Redis queue"), &["queue"])?;
    let nodes = IntGaugeVec::new(Opts::new("worker_nodes", "Worker nodes by status and pool"), &["status", "pool"])?;
    let heartbeat = GaugeVec::new(
        Opts::new("worker_last_heartbeat_timestamp_seconds", "Unix time of each node's last heartbeat"),
        &["node", "pool"],
    )?;
    let heartbeat_age = GaugeVec::new(
        Opts::new("worker_heartbeat_age_seconds", "Seconds since each node's last heartbeat"),
        &["node", "pool"],
    )?;
    registry.register(Box::new(depth.clone()))?;
    registry.register(Box::new(redis.clone()))?;
    registry.register(Box::new(nodes.clone()))?;
    registry.register(Box::new(heartbeat.clone()))?;
    registry.register(Box::new(heartbeat_age.clone()))?;
    Ok((registry, depth, redis, nodes, heartbeat, heartbeat_age))
}

async fn render(state: &AppState) -> anyhow::Result<String> {
    let (registry, depth, redis, nodes, heartbeat, heartbeat_age) = gauges()?;
    for d in dispatch_store::queue_depths(&state.db).await? {
        for (label, n) in [("waiting", d.waiting), ("dispatched", d.dispatched), ("running", d.running)] {
            depth
                .with_label_values(&[d.biz_type.as_str(), d.pool.as_str(), d.lane.as_str(), label])
                .set(i64::try_from(n).unwrap_or(i64::MAX));
        }
        if let Ok(biz) = BizType::parse(&d.biz_type) {
            // The plain queue and the commercial one (tenants that refuse
            // non-commercial models).
            for commercial in [false, true] {
                let key = QueueKey::for_task(biz, Some(&d.pool)).commercial_only(commercial);
                let queue = key.name(state.dispatcher.namespace());
                if let Ok(n) = state.dispatcher.depth(&queue).await {
                    redis.with_label_values(&[queue.as_str()]).set(i64::try_from(n).unwrap_or(i64::MAX));
                }
            }
        }
    }
    let secs = state.settings.worker.heartbeat_secs.max(1).saturating_mul(3);
    let now = Utc::now();
    let live_since = now - chrono::Duration::seconds(i64::try_from(secs).unwrap_or(30));
    for n in workers::list_nodes(&state.db, live_since, now).await? {
        nodes.with_label_values(&[n.status.as_str(), n.pool.as_str()]).inc();
        if n.status.as_str() != "offline" {
            #[allow(clippy::cast_precision_loss)] // milliseconds since 1970 fit an f64 exactly
            let at = n.last_heartbeat_at.timestamp_millis() as f64 / 1000.0;
            heartbeat.with_label_values(&[n.id.as_str(), n.pool.as_str()]).set(at);
            #[allow(clippy::cast_precision_loss)]
            let age = (now - n.last_heartbeat_at).num_milliseconds() as f64 / 1000.0;
            heartbeat_age.with_label_values(&[n.id.as_str(), n.pool.as_str()]).set(age);
        }
    }
    let mut buf = Vec::new();
    prometheus::TextEncoder::new().encode(&registry.gather(), &mut buf)?;
    Ok(String::from_utf8(buf)?)
}

/// Who may scrape: the bearer of `server.metrics_token`; without one,
/// anyone in development mode and nobody in production (the fleet's
/// queue names and node addresses are not for the public).
fn may_scrape(state: &AppState, req: &HttpRequest) -> bool {
    let Some(token) = &state.settings.server.metrics_token else { return state.settings.is_development() };
    let given = req
        .headers()
        .get(actix_web::http::header::AUTHORIZATION)
        .and_then(|h| h.to_str().ok())
        .and_then(|h| h.strip_prefix("Bearer "))
        .unwrap_or_default();
    // Digests compared, so the time taken says nothing about the token.
    Sha256::digest(given.as_bytes()) == Sha256::digest(token.expose_secret().as_bytes())
}

/// `GET /metrics` (outside `/api`, where Prometheus looks by default).
pub async fn metrics(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    if !may_scrape(&state, &req) {
        return match state.settings.server.metrics_token {
            Some(_) => HttpResponse::Unauthorized().insert_header(("WWW-Authenticate", "Bearer")).finish(),
            None => HttpResponse::NotFound().finish(),
        };
    }
    match render(&state).await {
        Ok(body) => HttpResponse::Ok().content_type("text/plain; version=0.0.4; charset=utf-8").body(body),
        Err(e) => {
            tracing::error!(error = format!("{e:#}"), "cannot render metrics");
            HttpResponse::ServiceUnavailable().body("metrics unavailable\n")
        }
    }
}
