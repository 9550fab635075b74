use actix_web::{get, post};
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::Utc;
use pixmart_shared::db::store::dispatch as dispatch_store;
use pixmart_shared::db::store::membership;
use pixmart_shared::db::store::tasks::{self as task_store, Created};
use pixmart_shared::domain::{BizType, TaskId, TaskSpec, TaskStatus};
use pixmart_shared::ErrorCode;
use serde::Deserialize;
use serde_json::Value;

use super::paging::{page_num, page_param};
use crate::admission::{self, Submission};
use crate::auth::AuthUser;
use crate::dispatch;
use crate::dto::{PageDto, TaskDto};
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::{lang, AppState};

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubmitBody {
    /// A task type; `GET /api/task-types` lists them.
    biz_type: String,
    /// The type's options (docs/API.md lists them per type).
    #[serde(default)]
    #[schema(value_type = Object)]
    params: Value,
}

#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubmittedDto {
    task_id: String,
    status: TaskStatus,
}

/// `POST /api/tasks`: parse the task spec, check the inputs belong to the
/// caller, route it (pool, lane, fairness share), create the task
/// (cap-checked, lingshi reserved), then let the dispatcher hand it to Redis
/// if its queue has room.
#[utoipa::path(
    tag = "tasks",
    params(("Idempotency-Key" = Option<String>, Header, description = "1 to 128 visible ASCII characters: a repeated submission with the same key returns the first task instead of charging again.")),
    request_body(content = SubmitBody),
    responses((status = 200, description = "The task was created (or an earlier one with the same Idempotency-Key is returned).", body = Envelope<SubmittedDto>)),
    security(("bearer" = []))
)]
#[post("/tasks")]
pub async fn submit(
    state: web::Data<AppState>,
    me: AuthUser,
    req: HttpRequest,
    body: web::Json<SubmitBody>,
) -> ApiResult<HttpResponse> {
    let idempotency_key = idempotency_key(&req)?;
    let spec = TaskSpec::parse(&body.biz_type, &body.params)?;
    let biz = spec.biz_type();
    let admitted =
        match admission::admit(&state, &req, me.id, biz, std::slice::from_ref(&spec), Submission::Single).await? {
            Ok(admitted) => admitted,
            Err(refused) => return Ok(refused),
        };
    let namespace = state.dispatcher.namespace();
    let queue = admitted.queue(namespace);
    let new_task = admitted.new_task(me.id, &spec, namespace, idempotency_key);
    let created = task_store::create_task(&state.db, new_task, state.settings.tasks.max_unfinished_per_user).await?;
    let task = match created {
        Created::New(task) => {
            // Straight to Redis when its queue has room; otherwise it waits
            // in the database for its turn.
            if let Err(e) = dispatch::dispatch_queue(&state, &queue, &admitted.route.pool).await {
                tracing::warn!(task_id = %task.id, error = %e, "dispatch after submit failed; the dispatcher retries");
            }
            task
        }
        Created::Existing(task) => task,
    };
    Ok(envelope::ok(SubmittedDto { task_id: task.id.to_string(), status: task.status }))
}

/// The optional `Idempotency-Key` header: 1 to 128 visible ASCII characters.
fn idempotency_key(req: &HttpRequest) -> ApiResult<Option<String>> {
    let Some(raw) = req.headers().get("Idempotency-Key") else { return Ok(None) };
    let bad = || ApiError::with_field(ErrorCode::InvalidParam, "Idempotency-Key");
    let key = raw.to_str().map_err(|_| bad())?.trim();
    let valid = (1..=128).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_graphic());
    if valid {
        Ok(Some(key.to_owned()))
    } else {
        Err(bad())
    }
}

#[utoipa::path(
    tag = "tasks",
    params(("task_id" = String, Path, description = "The task id.")),
    responses((status = 200, description = "The task.", body = Envelope<TaskDto>)),
    security(("bearer" = []))
)]
#[get("/tasks/{task_id}")]
pub async fn get(state: web::Data<AppState>, me: AuthUser, path: web::Path<String>) -> ApiResult<HttpResponse> {
    let not_found = || ApiError::new(ErrorCode::TaskNotFound);
    let id: TaskId = path.parse().map_err(|_| not_found())?;
    let task = task_store::get_task(&state.db, id).await?.filter(|t| t.owner == me.id).ok_or_else(not_found)?;
    let mut dto = TaskDto::from_record(&task, lang::current());
    if task.status == TaskStatus::New {
        let live_since = dispatch::live_since(&state);
        dto.waiting_for_pool = !dispatch_store::pool_is_live(&state.db, &task.pool, live_since).await?;
    }
    Ok(envelope::ok(dto))
}

/// `POST /api/tasks/{taskId}/stop`: the original app's stop, which returns the
/// lingshi ("停止生成，灵石已返还").
#[utoipa::path(
    tag = "tasks",
    params(("task_id" = String, Path, description = "The task id.")),
    responses((status = 200, description = "The task was stopped and its lingshi returned.", body = Envelope<TaskDto>)),
    security(("bearer" = []))
)]
#[post("/tasks/{task_id}/stop")]
pub async fn stop(state: web::Data<AppState>, me: AuthUser, path: web::Path<String>) -> ApiResult<HttpResponse> {
    let not_found = || ApiError::new(ErrorCode::TaskNotFound);
    let id: TaskId = path.parse().map_err(|_| not_found())?;
    let task = task_store::get_task(&state.db, id).await?.filter(|t| t.owner == me.id).ok_or_else(not_found)?;
    if !task_store::stop_task(&state.db, task.id, me.id).await? {
        return Err(ApiError::new(ErrorCode::TaskNotStoppable));
    }
    state.task_events.changed(id).await;
    let stopped = task_store::get_task(&state.db, id).await?.ok_or_else(not_found)?;
    Ok(envelope::ok(TaskDto::from_record(&stopped, lang::current())))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    page_num: Option<String>,
    page_size: Option<String>,
    biz_type: Option<String>,
}

/// The original app's default page size.
const DEFAULT_PAGE_SIZE: u64 = 10;
const MAX_PAGE_SIZE: u64 = 100;

#[utoipa::path(
    tag = "tasks",
    params(ListQuery),
    responses((status = 200, description = "The caller's tasks within their tier's history window, newest first.", body = Envelope<PageDto<TaskDto>>)),
    security(("bearer" = []))
)]
#[get("/tasks")]
pub async fn list(state: web::Data<AppState>, me: AuthUser, q: web::Query<ListQuery>) -> ApiResult<HttpResponse> {
    let page_num = page_num(q.page_num.as_deref(), "pageNum")?;
    let page_size = page_param(q.page_size.as_deref(), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, "pageSize")?;
    let biz = match q.biz_type.as_deref().filter(|s| !s.is_empty()) {
        Some(raw) => Some(BizType::parse(raw)?),
        None => None,
    };
    // History is kept for the tier's retention window (7/30/100/100/365 days).
    let tier = membership::current_tier(&state.db, me.id).await?;
    let since = Utc::now() - chrono::Duration::days(i64::from(tier.history_retention_days()));
    let (rows, total) = task_store::list_tasks_since(&state.db, me.id, biz, Some(since), page_num, page_size).await?;
    let lang = lang::current();
    let entries = rows.iter().map(|t| TaskDto::from_record(t, lang)).collect();
    Ok(envelope::ok(PageDto { list: entries, total }))
}
