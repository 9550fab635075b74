//! `/api/admin/...`: fleet administration for users with the admin role
//! (everyone else gets `ADMIN_ONLY`, 403). Nodes with their status and
//! load, drain/pause/resume, queue depths, pools, tenants' dedicated pools,
//! cancelling any task, and refunding a paid order.

mod guard;
mod nodes;
mod orders;
mod queues;
mod tasks;
mod tenants;

use actix_web::web;

pub use guard::AdminUser;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/admin/nodes", web::get().to(nodes::list))
        .route("/admin/nodes/{node_id}/{action}", web::post().to(nodes::act))
        .route("/admin/queues", web::get().to(queues::depths))
        .route("/admin/pools", web::get().to(queues::pools))
        .route("/admin/tasks/{task_id}/cancel", web::post().to(tasks::cancel))
        .route("/admin/orders/{order_no}/refund", web::post().to(orders::refund))
        .route("/admin/tenants", web::get().to(tenants::list))
        .route("/admin/tenants/{tenant_id}/pool", web::put().to(tenants::assign_pool));
}

/// A node is live when it heart-beat within three of its intervals.
fn live_since(state: &crate::AppState) -> chrono::DateTime<chrono::Utc> {
    let secs = state.settings.worker.heartbeat_secs.max(1).saturating_mul(3);
    chrono::Utc::now() - chrono::Duration::seconds(i64::try_from(secs).unwrap_or(30))
}
