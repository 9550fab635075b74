//! The original app's downloadImage / download2K (and saveImage / save2K, which
//! fetch the same file): a task result at standard definition (long side at
//! most 1920, every tier) or 2K (long side 2048, professional and above).
//!
//! `POST /api/tasks/{taskId}/downloads` `{index, quality}` answers READY with
//! the file's URL when it needs no work or is already prepared (cached in the
//! blob store under a key derived from the result), else hands the work to a
//! worker as a fast job and answers PREPARING; while that runs, asking again
//! answers DOWNLOAD_IN_PROGRESS (429, "try again later").
//! `GET /api/tasks/{taskId}/downloads?index=&quality=` polls the state, with
//! the preparation's progress (0..1) while a worker runs it;
//! `DELETE /api/tasks/{taskId}/downloads?index=&quality=` cancels it (the
//! worker stops between tiles, or skips the job if it is still queued).
//! Nothing is charged: the API never runs models (2K upscaling is a worker's
//! job), and a lost job only means the marker expires and the user asks again.

use actix_web::{delete, get, post};
use actix_web::{web, HttpResponse};
use pixmart_shared::db::store::{dispatch as dispatch_store, membership, tasks as task_store};
use pixmart_shared::domain::download::{prepared_key, DownloadQuality, DownloadState};
use pixmart_shared::domain::{BizType, ResultKind, TaskId, TaskResult, TaskStatus};
use pixmart_shared::fast_jobs::downloads::{Preparation, PreparationState};
use pixmart_shared::fast_jobs::FastJob;
use pixmart_shared::storage::StorageError;
use pixmart_shared::ErrorCode;
use serde::{Deserialize, Serialize};

use crate::auth::AuthUser;
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::AppState;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DownloadRequest {
    #[serde(default)]
    index: usize,
    quality: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct DownloadDto {
    state: DownloadState,
    quality: DownloadQuality,
    /// Where to fetch the file, once READY.
    #[serde(skip_serializing_if = "Option::is_none")]
    url: Option<String>,
    /// The long side the file has (READY) or will have.
    long_side: u32,
    /// How far a running preparation is, 0..1 (PREPARING, once a worker
    /// has started it).
    #[serde(skip_serializing_if = "Option::is_none")]
    progress: Option<f32>,
}

/// What a request resolves to before anything is started.
pub(super) struct Resolved {
    pub(super) task: TaskId,
    pub(super) biz_type: BizType,
    pub(super) quality: DownloadQuality,
    pub(super) source: TaskResult,
    /// `None`: the result itself is the download.
    target: Option<(String, u32)>,
}

impl Resolved {
    /// The key of the downloadable file once READY, or `None` while it
    /// still has to be prepared (saving needs it READY).
    pub(super) async fn ready_key(&self, state: &AppState) -> ApiResult<Option<String>> {
        match &self.target {
            None => Ok(Some(self.source.key.clone())),
            Some((key, _)) => Ok(is_stored(state, key).await?.then(|| key.clone())),
        }
    }
}

/// Checks the caller may have result `index` of `task` at `quality`: the
/// caller's task (else TASK_NOT_FOUND), finished with an image there (else
/// FILE_NOT_FOUND), 2K only on a tier with it.
pub(super) async fn resolve(
    state: &AppState,
    me: &AuthUser,
    task: &str,
    index: usize,
    quality: &str,
) -> ApiResult<Resolved> {
    let not_found = || ApiError::new(ErrorCode::TaskNotFound);
    let id: TaskId = task.parse().map_err(|_| not_found())?;
    let quality = DownloadQuality::parse(quality)?;
    let task = task_store::get_task(&state.db, id).await?.filter(|t| t.owner == me.id).ok_or_else(not_found)?;
    let source = task
        .results
        .iter()
        .filter(|r| r.kind == ResultKind::Image)
        .nth(index)
        .filter(|_| task.status == TaskStatus::Success)
        .cloned()
        .ok_or_else(|| ApiError::new(ErrorCode::FileNotFound))?;
    if !quality.allowed_for(membership::current_tier(&state.db, me.id).await?) {
        return Err(ApiError::new(ErrorCode::Download2kNeedsMembership));
    }
    let name = source.key.rsplit('/').next().unwrap_or("result.png").to_owned();
    let target =
        quality.target_long_side(source.width.max(source.height)).map(|l| (prepared_key(id, &name, quality), l));
    Ok(Resolved { task: id, biz_type: task.biz_type, quality, source, target })
}

fn ready(r: &Resolved, key: &str, long_side: u32) -> HttpResponse {
    envelope::ok(DownloadDto {
        state: DownloadState::Ready,
        quality: r.quality,
        url: Some(format!("/api/files/{key}")),
        long_side,
        progress: None,
    })
}

/// The result already has the size asked for: it is its own download.
fn ready_as_is(r: &Resolved) -> HttpResponse {
    ready(r, &r.source.key, r.source.width.max(r.source.height))
}

fn pending(r: &Resolved, state: DownloadState, long_side: u32, progress: Option<f32>) -> HttpResponse {
    envelope::ok(DownloadDto { state, quality: r.quality, url: None, long_side, progress })
}

/// `"done/total"` as a fraction in 0..1.
async fn is_stored(state: &AppState, key: &str) -> ApiResult<bool> {
    match state.blobs.get(key).await {
        Ok(_) => Ok(true),
        Err(StorageError::NotFound(_)) => Ok(false),
        Err(e) => Err(ApiError::internal(e)),
    }
}

async fn redis(state: &AppState) -> ApiResult<redis::aio::ConnectionManager> {
    state.dispatcher.connection().await.map_err(|_| ApiError::new(ErrorCode::ServiceUnavailable))
}

fn redis_down(e: redis::RedisError) -> ApiError {
    tracing::warn!(error = %e, "download: Redis command failed");
    ApiError::new(ErrorCode::ServiceUnavailable)
}

/// `POST /api/tasks/{taskId}/downloads`.
#[utoipa::path(
    tag = "downloads",
    params(("task_id" = String, Path, description = "The task id.")),
    request_body(content = DownloadRequest),
    responses((status = 200, description = "The prepared file, or the preparation's state.", body = Envelope<DownloadDto>)),
    security(("bearer" = []))
)]
#[post("/tasks/{task_id}/downloads")]
pub async fn request(
    state: web::Data<AppState>,
    me: AuthUser,
    path: web::Path<String>,
    body: web::Json<DownloadRequest>,
) -> ApiResult<HttpResponse> {
    let r = resolve(&state, &me, &path, body.index, &body.quality).await?;
    let Some((key, long_side)) = r.target.clone() else {
        return Ok(ready_as_is(&r));
    };
    if is_stored(&state, &key).await? {
        return Ok(ready(&r, &key, long_side));
    }
    let preparation = Preparation { namespace: state.dispatcher.namespace(), target_key: &key };
    let mut conn = redis(&state).await?;
    let pool = dispatch_store::route_for(&state.db, me.id).await?.pool;
    // The marker holds the job's id, which a cancel names.
    let job_id = uuid::Uuid::new_v4().to_string();
    let job = FastJob::PrepareDownload {
        job_id: job_id.clone(),
        task_id: r.task,
        source_key: r.source.key.clone(),
        target_key: key.clone(),
        quality: r.quality,
        long_side,
    };
    // Exactly one request starts the work; the others come back later.
    if !preparation.start(&mut conn, &job_id, &pool, &job).await.map_err(redis_down)? {
        return Err(ApiError::new(ErrorCode::DownloadInProgress));
    }
    Ok(pending(&r, DownloadState::Preparing, long_side, Some(0.0)))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct StatusQuery {
    #[serde(default)]
    index: usize,
    quality: String,
}

/// `GET /api/tasks/{taskId}/downloads?index=&quality=`.
#[utoipa::path(
    tag = "downloads",
    params(("task_id" = String, Path, description = "The task id."), StatusQuery),
    responses((status = 200, description = "The preparation's state.", body = Envelope<DownloadDto>)),
    security(("bearer" = []))
)]
#[get("/tasks/{task_id}/downloads")]
pub async fn status(
    state: web::Data<AppState>,
    me: AuthUser,
    path: web::Path<String>,
    q: web::Query<StatusQuery>,
) -> ApiResult<HttpResponse> {
    let r = resolve(&state, &me, &path, q.index, &q.quality).await?;
    let Some((key, long_side)) = r.target.clone() else {
        return Ok(ready_as_is(&r));
    };
    if is_stored(&state, &key).await? {
        return Ok(ready(&r, &key, long_side));
    }
    let preparation = Preparation { namespace: state.dispatcher.namespace(), target_key: &key };
    let mut conn = redis(&state).await?;
    let (s, progress) = match preparation.state(&mut conn).await.map_err(redis_down)? {
        PreparationState::Running { progress } => (DownloadState::Preparing, Some(progress.unwrap_or(0.0))),
        PreparationState::Failed => (DownloadState::Failed, None),
        PreparationState::Idle => (DownloadState::None, None),
    };
    Ok(pending(&r, s, long_side, progress))
}

/// `DELETE /api/tasks/{taskId}/downloads?index=&quality=`: stops a
/// preparation. Answers the state after it (NONE, or READY when the file
/// was finished before the cancel arrived); cancelling nothing is not an
/// error.
#[utoipa::path(
    tag = "downloads",
    params(("task_id" = String, Path, description = "The task id."), StatusQuery),
    responses((status = 200, description = "The preparation was cancelled.", body = Envelope<DownloadDto>)),
    security(("bearer" = []))
)]
#[delete("/tasks/{task_id}/downloads")]
pub async fn cancel(
    state: web::Data<AppState>,
    me: AuthUser,
    path: web::Path<String>,
    q: web::Query<StatusQuery>,
) -> ApiResult<HttpResponse> {
    let r = resolve(&state, &me, &path, q.index, &q.quality).await?;
    let Some((key, long_side)) = r.target.clone() else {
        return Ok(ready_as_is(&r));
    };
    let preparation = Preparation { namespace: state.dispatcher.namespace(), target_key: &key };
    let mut conn = redis(&state).await?;
    if let Some(job) = preparation.cancel(&mut conn).await.map_err(redis_down)? {
        tracing::info!(%key, %job, "download preparation cancelled");
    }
    if is_stored(&state, &key).await? {
        return Ok(ready(&r, &key, long_side));
    }
    Ok(pending(&r, DownloadState::None, long_side, None))
}

#[cfg(test)]
mod tests {
    use pixmart_shared::fast_jobs::downloads::parse_progress;

    #[test]
    fn progress_is_a_fraction_of_tiles() {
        assert_eq!(parse_progress("3/12"), Some(0.25));
        assert_eq!(parse_progress("12/12"), Some(1.0));
        assert_eq!(parse_progress("0/0"), None);
        assert_eq!(parse_progress("x/2"), None);
        assert_eq!(parse_progress("5"), None);
    }
}
