//! `PUT /api/tasks/{taskId}/results/{index}/rating`: the owner likes or
//! dislikes (with reasons) one piece of generated copy, or takes that back
//! (`rating: null`).

use actix_web::{put, web, HttpResponse};
use pixmart_shared::copywriting::{CopyRating, DislikeReason, Verdict};
use pixmart_shared::db::store::copy_ratings;
use pixmart_shared::domain::{TaskId, TaskSpec};
use pixmart_shared::ErrorCode;
use serde::Deserialize;

use crate::auth::AuthUser;
use crate::dto::TaskDto;
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::{lang, AppState};

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct RatingRequest {
    /// `like`, `dislike`, or null to take a rating back.
    rating: Option<Verdict>,
    /// With a dislike: why (each at most once; `offTopic` for scripts only).
    #[serde(default)]
    reasons: Vec<DislikeReason>,
}

#[utoipa::path(
    tag = "copywriting",
    params(
        ("task_id" = String, Path, description = "The task id."),
        ("index" = u32, Path, description = "The result's position in the task's results."),
    ),
    request_body = RatingRequest,
    responses((status = 200, description = "The task with the result's rating.", body = Envelope<TaskDto>)),
    security(("bearer" = []))
)]
#[put("/tasks/{task_id}/results/{index}/rating")]
pub async fn rate(
    state: web::Data<AppState>,
    me: AuthUser,
    path: web::Path<(String, String)>,
    body: web::Json<RatingRequest>,
) -> ApiResult<HttpResponse> {
    let not_found = || ApiError::new(ErrorCode::CopyResultNotFound);
    let (task, index) = path.into_inner();
    let task: TaskId = task.parse().map_err(|_| not_found())?;
    let index: usize = index.parse().map_err(|_| not_found())?;
    let record = pixmart_shared::db::store::tasks::get_task(&state.db, task)
        .await?
        .filter(|t| t.owner == me.id)
        .ok_or_else(not_found)?;
    let platform = match TaskSpec::parse(record.biz_type.as_str(), &record.params) {
        Ok(TaskSpec::Copy(spec)) => spec.platform,
        Ok(TaskSpec::MediaCopy(spec)) => spec.platform,
        _ => return Err(not_found()),
    };
    let body = body.into_inner();
    let rating = match body.rating {
        None if body.reasons.is_empty() => None,
        None => return Err(ApiError::new(ErrorCode::CopyBadRating)),
        Some(verdict) => Some(
            CopyRating::parse(verdict, body.reasons, platform)
                .ok_or_else(|| ApiError::new(ErrorCode::CopyBadRating))?,
        ),
    };
    let rated = copy_ratings::rate_result(&state.db, task, me.id, index, rating).await?.ok_or_else(not_found)?;
    Ok(envelope::ok(TaskDto::from_record(&rated, lang::current())))
}
