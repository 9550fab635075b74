//! Batch generation (a flagship-tier benefit): `POST /api/batches`
//! creates many tasks of one type in one request, charged atomically, and
//! `GET /api/batches/{id}` reports their progress.

use actix_web::{get, post};
use actix_web::{web, HttpRequest, HttpResponse};
use pixmart_shared::db::store::batches::{self as batch_store, BatchCreated};
use pixmart_shared::domain::{BizType, TaskSpec};
use pixmart_shared::ErrorCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::admission::{self, Submission};
use crate::auth::AuthUser;
use crate::dispatch;
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::AppState;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchBody {
    biz_type: String,
    #[serde(default)]
    items: Vec<BatchItem>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct BatchItem {
    /// The type's options, as for a single task.
    #[serde(default)]
    #[schema(value_type = Object)]
    params: Value,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchCreatedDto {
    batch_id: String,
    total: usize,
    task_ids: Vec<String>,
}

/// `POST /api/batches {bizType, items:[{params}]}`: every item is parsed
/// like a single submission; then all tasks are created and charged in one
/// transaction, or none (not enough lingshi for the whole batch).
#[utoipa::path(
    tag = "tasks",
    params(("Idempotency-Key" = Option<String>, Header, description = "1 to 128 visible ASCII characters: a repeated submission with the same key returns the first task instead of charging again.")),
    request_body(content = BatchBody),
    responses((status = 200, description = "The batch and its tasks.", body = Envelope<BatchCreatedDto>)),
    security(("bearer" = []))
)]
#[post("/batches")]
pub async fn submit(
    state: web::Data<AppState>,
    me: AuthUser,
    req: HttpRequest,
    body: web::Json<BatchBody>,
) -> ApiResult<HttpResponse> {
    let max = usize::try_from(state.settings.tasks.max_batch_items).unwrap_or(usize::MAX);
    if body.items.is_empty() || body.items.len() > max {
        return Err(ApiError::with_field(ErrorCode::BatchSize, "items"));
    }
    let biz = BizType::parse(&body.biz_type)?;
    let mut specs = Vec::with_capacity(body.items.len());
    for item in &body.items {
        specs.push(TaskSpec::parse(biz.as_str(), &item.params)?);
    }
    let admitted = match admission::admit(&state, &req, me.id, biz, &specs, Submission::Batch).await? {
        Ok(admitted) => admitted,
        Err(refused) => return Ok(refused),
    };
    let namespace = state.dispatcher.namespace();
    let queue = admitted.queue(namespace);
    let items = specs.iter().map(|spec| admitted.new_task(me.id, spec, namespace, None)).collect();
    let created =
        batch_store::create_batch(&state.db, me.id, biz, items, state.settings.tasks.max_open_batches).await?;
    let BatchCreated::New { batch_id, task_ids } = created else {
        return Err(ApiError::new(ErrorCode::BatchLimit));
    };
    if let Err(e) = dispatch::dispatch_queue(&state, &queue, &admitted.route.pool).await {
        tracing::warn!(%batch_id, error = %e, "dispatch after batch submit failed; the dispatcher retries");
    }
    let task_ids: Vec<String> = task_ids.iter().map(ToString::to_string).collect();
    Ok(envelope::ok(BatchCreatedDto { batch_id, total: task_ids.len(), task_ids }))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchProgressDto {
    batch_id: String,
    biz_type: String,
    total: u32,
    /// Ended tasks (SUCCESS, FAILED or TIMEOUT).
    finished: u32,
    /// Tasks per status, every status present.
    counts: std::collections::BTreeMap<String, u32>,
    cost_lingshi: i64,
    task_ids: Vec<String>,
    created_at: chrono::DateTime<chrono::Utc>,
}

/// `GET /api/batches/{batchId}`: the owner's batch progress.
#[utoipa::path(
    tag = "tasks",
    params(("batch_id" = String, Path, description = "The batch id.")),
    responses((status = 200, description = "The batch's progress.", body = Envelope<BatchProgressDto>)),
    security(("bearer" = []))
)]
#[get("/batches/{batch_id}")]
pub async fn get(state: web::Data<AppState>, me: AuthUser, path: web::Path<String>) -> ApiResult<HttpResponse> {
    let id = path.into_inner();
    let valid = uuid::Uuid::parse_str(&id).is_ok();
    let batch = if valid { batch_store::batch_progress(&state.db, &id, me.id).await? } else { None };
    let b = batch.ok_or_else(|| ApiError::new(ErrorCode::BatchNotFound))?;
    Ok(envelope::ok(BatchProgressDto {
        finished: b.finished(),
        batch_id: b.id,
        biz_type: b.biz_type,
        total: b.total,
        counts: b.by_status,
        cost_lingshi: b.cost,
        task_ids: b.task_ids,
        created_at: b.created_at,
    }))
}
