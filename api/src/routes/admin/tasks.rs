use actix_web::post;
use actix_web::{web, HttpResponse};
use pixmart_shared::db::store::tasks as task_store;
use pixmart_shared::domain::TaskId;
use pixmart_shared::ErrorCode;

use super::AdminUser;
use crate::dto::TaskDto;
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::{lang, AppState};

/// `POST /api/admin/tasks/{taskId}/cancel`: ends any NEW or RUNNING task
/// through the owner's stop path (FAILED, `TASK_STOPPED`, lingshi returned
/// once; a worker still running it cannot write its outcome). Answers the
/// task; `TASK_NOT_STOPPABLE` when it has already ended.
#[utoipa::path(
    tag = "admin",
    params(("task_id" = String, Path, description = "The task id.")),
    responses((status = 200, description = "The task was cancelled and refunded.", body = Envelope<TaskDto>)),
    security(("bearer" = []))
)]
#[post("/admin/tasks/{task_id}/cancel")]
pub async fn cancel(state: web::Data<AppState>, admin: AdminUser, path: web::Path<String>) -> ApiResult<HttpResponse> {
    let not_found = || ApiError::new(ErrorCode::TaskNotFound);
    let id: TaskId = path.parse().map_err(|_| not_found())?;
    let task = task_store::get_task(&state.db, id).await?.ok_or_else(not_found)?;
    if !task_store::stop_task(&state.db, task.id, task.owner).await? {
        return Err(ApiError::new(ErrorCode::TaskNotStoppable));
    }
    tracing::info!(task_id = %id, admin = admin.0.id.0, "admin cancelled a task");
    state.task_events.changed(id).await;
    let stopped = task_store::get_task(&state.db, id).await?.ok_or_else(not_found)?;
    Ok(envelope::ok(TaskDto::from_record(&stopped, lang::current())))
}
