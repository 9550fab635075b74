//! `/api/admin/...`: fleet administration for users with the admin role
//! (everyone else gets `ADMIN_ONLY`, 403). Nodes with their status and
//! load, drain/pause/resume, queue depths, pools, tenants' dedicated pools
//! and poster templates, cancelling any task, and refunding a paid order.

mod guard;
mod hotspot_sources;
mod nodes;
mod orders;
mod poster_templates;
mod queues;
mod tasks;
mod tenants;

use utoipa_actix_web::service_config::ServiceConfig;

pub use guard::AdminUser;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(nodes::list)
        .service(nodes::act)
        .service(queues::depths)
        .service(queues::pools)
        .service(tasks::cancel)
        .service(orders::refund)
        .service(tenants::list)
        .service(tenants::assign_pool)
        .service(poster_templates::export)
        .service(poster_templates::import)
        .service(poster_templates::remove)
        .service(hotspot_sources::list)
        .service(hotspot_sources::create)
        .service(hotspot_sources::change)
        .service(hotspot_sources::remove)
        .service(hotspot_sources::refresh)
        .service(hotspot_sources::import_file);
}

/// A node is live when it heart-beat within three of its intervals.
fn live_since(state: &crate::AppState) -> chrono::DateTime<chrono::Utc> {
    let secs = state.settings.worker.heartbeat_secs.max(1).saturating_mul(3);
    chrono::Utc::now() - chrono::Duration::seconds(i64::try_from(secs).unwrap_or(30))
}
