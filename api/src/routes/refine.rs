//! Click to keep / click to remove in the cutout editor:
//! `POST /api/tasks/{taskId}/refine` `{clicks: [{x, y, keep}]}` answers the
//! refined mask as a PNG (the result's size). The API cannot run the
//! refinement (it is model code), so it hands a fast job to a worker on the
//! pool's refine list and waits on a private reply list (BLPOP on its own
//! connection, so the shared one is never blocked); typical answer well
//! under a second. The refinement starts from the task's saved mask: the
//! editor saves brush edits (`PUT .../mask`) before it sends clicks.

use actix_web::{web, HttpResponse};
use pixmart_shared::db::store::{dispatch as dispatch_store, tasks as task_store};
use pixmart_shared::domain::{BizType, ResultKind, TaskId, TaskStatus};
use pixmart_shared::fast_jobs::{
    refine_queue, refine_reply_key, FastJob, RefineClick, MAX_REFINE_CLICKS, REFINE_WAIT_SECS,
};
use pixmart_shared::ErrorCode;
use serde::Deserialize;

use crate::auth::AuthUser;
use crate::error::{ApiError, ApiResult};
use crate::AppState;

#[derive(Debug, Deserialize)]
pub struct RefineBody {
    clicks: Vec<RefineClick>,
}

const PNG_MAGIC: &[u8] = b"\x89PNG\r\n\x1a\n";

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
        return Err(ApiError { code: ErrorCode::InvalidParam, field: Some("clicks") });
    }
    let ns = state.dispatcher.namespace();
    let reply_key = refine_reply_key(ns);
    let pool = dispatch_store::route_for(&state.db, me.id).await?.pool;
    let job = FastJob::RefineMask {
        task_id: id,
        image_key: image.key.clone(),
        mask_key: mask.key.clone(),
        clicks: clicks.clone(),
        reply_key: reply_key.clone(),
    };
    let payload = serde_json::to_string(&job).map_err(ApiError::internal)?;
    let unavailable = |e: redis::RedisError| {
        tracing::warn!(error = %e, "refine: Redis failed");
        ApiError::new(ErrorCode::ServiceUnavailable)
    };
    // A private connection: BLPOP would stall every other command on the
    // shared multiplexed one.
    // Its response timeout must outlast the BLPOP (the default is 500 ms).
    let client = redis::Client::open(state.dispatcher.url()).map_err(unavailable)?;
    let config = redis::AsyncConnectionConfig::new()
        .set_response_timeout(Some(std::time::Duration::from_secs_f64(REFINE_WAIT_SECS + 5.0)));
    let mut conn = client.get_multiplexed_async_connection_with_config(&config).await.map_err(unavailable)?;
    redis::cmd("LPUSH")
        .arg(refine_queue(ns, &pool))
        .arg(payload)
        .query_async::<i64>(&mut conn)
        .await
        .map_err(unavailable)?;
    let reply = redis::cmd("BLPOP")
        .arg(&reply_key)
        .arg(REFINE_WAIT_SECS)
        .query_async::<Option<(String, Vec<u8>)>>(&mut conn)
        .await
        .map_err(unavailable)?;
    match reply {
        Some((_, png)) if png.starts_with(PNG_MAGIC) => Ok(HttpResponse::Ok().content_type("image/png").body(png)),
        Some((_, err)) => {
            tracing::warn!(reason = %String::from_utf8_lossy(&err), "refine failed on the worker");
            Err(ApiError::new(ErrorCode::RefineFailed))
        }
        None => Err(ApiError::new(ErrorCode::ServiceUnavailable)),
    }
}
