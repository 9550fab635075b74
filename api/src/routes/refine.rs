//! Click to keep / click to remove in the cutout editor:
//! `POST /api/tasks/{taskId}/refine` `{clicks: [{x, y, keep}]}` answers the
//! refined mask as a PNG (the result's size). The API cannot run the
//! refinement (it is model code), so it hands a fast job to a worker on the
//! pool's refine list (on the dispatcher's shared connection) and waits for
//! the answer on the instance's reply list (`crate::refine_replies`: one
//! blocking connection per instance, not one per request); typical answer
//! well under a second. A user has at most
//! `limits.max_refinements_per_user` refinements queued or running (a
//! Redis set of request ids with their deadlines, shared by every
//! instance); the next answers 429 `TOO_MANY_REFINEMENTS`. The refinement starts from the task's saved mask: the
//! editor saves brush edits (`PUT .../mask`) before it sends clicks.

use actix_web::post;
use std::time::Duration;

use actix_web::{web, HttpResponse};
use chrono::Utc;
use pixmart_shared::db::store::{dispatch as dispatch_store, tasks as task_store};
use pixmart_shared::domain::{BizType, ResultKind, TaskId, TaskStatus};
use pixmart_shared::fast_jobs::refinements::{self, Place};
use pixmart_shared::fast_jobs::{refine_in_flight_key, FastJob, RefineClick, MAX_REFINE_CLICKS, REFINE_WAIT_SECS};
use pixmart_shared::ErrorCode;
use serde::Deserialize;

use crate::auth::AuthUser;
use crate::error::{ApiError, ApiResult};
use crate::AppState;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct RefineBody {
    clicks: Vec<RefineClick>,
}

const PNG_MAGIC: &[u8] = b"\x89PNG\r\n\x1a\n";

#[utoipa::path(
    tag = "tasks",
    params(("task_id" = String, Path, description = "The task id.")),
    request_body(content = RefineBody),
    responses((status = 200, description = "The refined mask (PNG).", content_type = "image/png", body = Vec<u8>)),
    security(("bearer" = []))
)]
#[post("/tasks/{task_id}/refine")]
pub async fn refine(
    state: web::Data<AppState>,
    me: AuthUser,
    path: web::Path<String>,
    body: web::Json<RefineBody>,
) -> ApiResult<HttpResponse> {
    let not_found = || ApiError::new(ErrorCode::TaskNotFound);
    let id: TaskId = path.parse().map_err(|_| not_found())?;
    let task = task_store::get_task(&state.db, id).await?.filter(|t| t.owner == me.id).ok_or_else(not_found)?;
    let find = |kind: ResultKind| task.results.iter().find(|r| r.kind == kind).cloned();
    let (Some(image), Some(mask)) = (find(ResultKind::Image), find(ResultKind::Mask)) else {
        return Err(ApiError::new(ErrorCode::FileNotFound));
    };
    if task.biz_type != BizType::MattingImage || task.status != TaskStatus::Success {
        return Err(ApiError::new(ErrorCode::FileNotFound));
    }
    let clicks = &body.clicks;
    let inside = clicks.iter().all(|c| c.x < mask.width && c.y < mask.height);
    if clicks.is_empty() || clicks.len() > MAX_REFINE_CLICKS || !inside {
        return Err(ApiError::with_field(ErrorCode::InvalidParam, "clicks"));
    }
    let ns = state.dispatcher.namespace();
    let pool = dispatch_store::route_for(&state.db, me.id).await?.pool;
    let unavailable = |e: redis::RedisError| {
        tracing::warn!(error = %e, "refine: Redis failed");
        ApiError::new(ErrorCode::ServiceUnavailable)
    };
    // The dispatcher's shared connection: LPUSH and the place check never
    // block it (the answer arrives on the instance's reply loop).
    let mut conn = state.dispatcher.connection().await.map_err(|e| {
        tracing::warn!(error = %e, "refine: Redis unavailable");
        ApiError::new(ErrorCode::ServiceUnavailable)
    })?;
    let request_id = uuid::Uuid::new_v4().to_string();
    let wait = Duration::from_secs_f64(REFINE_WAIT_SECS);
    let now_ms = Utc::now().timestamp_millis();
    let deadline_ms = now_ms + i64::try_from(wait.as_millis()).unwrap_or(i64::MAX / 2);
    let in_flight_key = refine_in_flight_key(ns, me.id);
    let max = state.settings.limits.max_refinements_per_user;
    let place = Place { in_flight_key: &in_flight_key, request_id: &request_id };
    let ttl_ms = i64::try_from(wait.as_millis() * 2).unwrap_or(i64::MAX / 2);
    if !place.acquire(&mut conn, now_ms, max, deadline_ms, ttl_ms).await.map_err(unavailable)? {
        return Err(ApiError::new(ErrorCode::TooManyRefinements));
    }
    let job = FastJob::RefineMask {
        task_id: id,
        image_key: image.key.clone(),
        mask_key: mask.key.clone(),
        clicks: clicks.clone(),
        reply_key: state.refine_replies.key().to_owned(),
        request_id: Some(request_id.clone()),
        deadline_ms: Some(deadline_ms),
        in_flight_key: Some(in_flight_key.clone()),
    };
    // Registered before the job is queued, so no answer can come unheard.
    let pending = state.refine_replies.expect(&request_id);
    if let Err(e) = refinements::push(&mut conn, ns, &pool, &job).await {
        let _ = place.release(&mut conn).await;
        return Err(unavailable(e));
    }
    // No answer in time: the place is given back at its deadline, when the
    // worker drops the job unrun.
    let reply = pending.wait(wait).await.ok_or_else(|| ApiError::new(ErrorCode::ServiceUnavailable))?;
    if reply.starts_with(PNG_MAGIC) {
        Ok(HttpResponse::Ok().content_type("image/png").body(reply))
    } else {
        tracing::warn!(reason = %String::from_utf8_lossy(&reply), "refine failed on the worker");
        Err(ApiError::new(ErrorCode::RefineFailed))
    }
}
