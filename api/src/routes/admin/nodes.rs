use actix_web::{get, post};
use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use pixmart_shared::db::store::capabilities::DiffusionReport;
use pixmart_shared::db::store::workers::{self, DesiredState, NodeView};
use pixmart_shared::ErrorCode;
use serde::Serialize;

use super::AdminUser;
use crate::dto::ListDto;
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::AppState;

/// Throughput is counted over this window.
const THROUGHPUT_WINDOW_MINUTES: i64 = 5;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NodeDto {
    id: String,
    host: String,
    version: String,
    device: String,
    pool: String,
    biz_types: Vec<String>,
    concurrency: u32,
    /// `live`, `stale`, `draining`, `paused` or `offline`.
    status: &'static str,
    /// `active`, `paused` or `draining`: what the admin asked for.
    desired_state: &'static str,
    current_jobs: u64,
    jobs_done: u64,
    jobs_failed: u64,
    /// Tasks finished per minute over the last five minutes.
    throughput_per_min: f64,
    /// Running jobs over the jobs it may run at once, 0 to 1.
    load: f64,
    metrics_addr: Option<String>,
    /// Registry ids of the models it loaded.
    models: Vec<String>,
    /// Task types it does not serve, with the ids of the models it lacks.
    missing_models: std::collections::BTreeMap<String, Vec<String>>,
    /// Its diffusion model: id, device and the memory its weights hold.
    diffusion: Option<DiffusionReport>,
    started_at: DateTime<Utc>,
    last_heartbeat_at: DateTime<Utc>,
}

impl From<NodeView> for NodeDto {
    fn from(n: NodeView) -> Self {
        #[allow(clippy::cast_precision_loss)] // small counts
        let throughput = n.finished_recently as f64 / THROUGHPUT_WINDOW_MINUTES as f64;
        let report = n.models.unwrap_or_default();
        NodeDto {
            diffusion: report.diffusion,
            models: report.loaded,
            missing_models: report
                .missing
                .into_iter()
                .map(|(task, models)| (task, models.into_iter().map(|m| m.id).collect()))
                .collect(),
            status: n.status.as_str(),
            desired_state: n.desired_state.as_str(),
            biz_types: n.capabilities.iter().map(|b| b.as_str().to_owned()).collect(),
            concurrency: n.concurrency,
            current_jobs: n.current_jobs,
            jobs_done: n.jobs_done,
            jobs_failed: n.jobs_failed,
            throughput_per_min: throughput,
            load: n.load,
            id: n.id,
            host: n.host,
            version: n.version,
            device: n.device,
            pool: n.pool,
            metrics_addr: n.metrics_addr,
            started_at: n.started_at,
            last_heartbeat_at: n.last_heartbeat_at,
        }
    }
}

async fn nodes(state: &AppState) -> ApiResult<Vec<NodeDto>> {
    let recent = Utc::now() - chrono::Duration::minutes(THROUGHPUT_WINDOW_MINUTES);
    let entries = workers::list_nodes(&state.db, super::live_since(state), recent).await?;
    Ok(entries.into_iter().map(NodeDto::from).collect())
}

/// `GET /api/admin/nodes`: `{list: [node]}`.
#[utoipa::path(
    tag = "admin",
    responses((status = 200, description = "Every worker node with status and load.", body = Envelope<ListDto<NodeDto>>)),
    security(("bearer" = []))
)]
#[get("/admin/nodes")]
pub async fn list(state: web::Data<AppState>, _admin: AdminUser) -> ApiResult<HttpResponse> {
    Ok(envelope::ok(ListDto { list: nodes(&state).await? }))
}

/// `POST /api/admin/nodes/{nodeId}/{drain|pause|resume}`: sets what the
/// node should do; it follows on its next heartbeat. Answers the node.
#[utoipa::path(
    tag = "admin",
    params(("node_id" = String, Path, description = "The worker node id."), ("action" = String, Path, description = "drain, pause or resume.")),
    responses((status = 200, description = "The node after the action.", body = Envelope<NodeDto>)),
    security(("bearer" = []))
)]
#[post("/admin/nodes/{node_id}/{action}")]
pub async fn act(
    state: web::Data<AppState>,
    _admin: AdminUser,
    path: web::Path<(String, String)>,
) -> ApiResult<HttpResponse> {
    let (node_id, action) = path.into_inner();
    let desired = match action.as_str() {
        "drain" => DesiredState::Draining,
        "pause" => DesiredState::Paused,
        "resume" => DesiredState::Active,
        _ => return Err(ApiError::with_field(ErrorCode::InvalidNodeAction, "action")),
    };
    if !workers::set_desired_state(&state.db, &node_id, desired).await? {
        return Err(ApiError::new(ErrorCode::NodeNotFound));
    }
    tracing::info!(node = %node_id, desired = desired.as_str(), "admin changed a node's desired state");
    let node = nodes(&state).await?.into_iter().find(|n| n.id == node_id).ok_or(ErrorCode::NodeNotFound)?;
    Ok(envelope::ok(node))
}
