//! `GET /api/tasks/{taskId}/events`: the task's status and progress as
//! server-sent events, for clients that would rather listen than poll.
//!
//! The database is the truth, so the stream polls the task row (every
//! 250 ms; a primary-key read) and sends an event whenever its status or
//! progress changed, beginning with the current state, and ends after a
//! terminal status. Each event is `event: task` with the same JSON as
//! `GET /api/tasks/{taskId}`.
//!
//! Each open stream costs its instance a read every 250 ms, so a user holds
//! at most `limits.max_streams_per_user` open on one instance (the next
//! answers 429 `TOO_MANY_STREAMS`; the place is given back when the stream
//! ends or the client goes away), and a stream ends once its bearer token
//! is no longer live (logout, password reset, expiry), checked every
//! `limits.stream_token_check_secs`.

use actix_web::get;
use std::time::{Duration, Instant};

use actix_web::web::Bytes;
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::Utc;
use pixmart_shared::db::store::{tasks as task_store, tokens};
use pixmart_shared::domain::{TaskId, TaskStatus};
use pixmart_shared::{ErrorCode, Lang};

use crate::auth::extractor::bearer_token;
use crate::auth::{token, AuthUser};
use crate::dto::TaskDto;
use crate::error::{ApiError, ApiResult};
use crate::limits::Held;
use crate::{lang, AppState};

const POLL: Duration = Duration::from_millis(250);
/// A comment line this often (5 s) keeps proxies from closing a quiet
/// stream, and is how a stream whose client left finds out (the write
/// fails) and gives its place back.
const KEEP_ALIVE_EVERY: u32 = 20;

struct Watch {
    state: web::Data<AppState>,
    id: TaskId,
    lang: Lang,
    last: Option<(TaskStatus, u8)>,
    quiet_polls: u32,
    done: bool,
    /// The digest of the bearer token that opened the stream.
    token_hash: String,
    check_every: Duration,
    next_check: Instant,
    /// This stream's place among the user's; given back on drop.
    _place: Held,
}

impl Watch {
    /// False once the stream's token is revoked or expired. A failed read
    /// keeps the stream (the next check decides).
    async fn token_live(&mut self) -> bool {
        if Instant::now() < self.next_check {
            return true;
        }
        self.next_check = Instant::now() + self.check_every;
        match tokens::user_for_token(&self.state.db, &self.token_hash, Utc::now()).await {
            Ok(user) => user.is_some(),
            Err(e) => {
                tracing::warn!(task_id = %self.id, error = %e, "event stream cannot check its token");
                true
            }
        }
    }
}

#[utoipa::path(
    tag = "tasks",
    params(("task_id" = String, Path, description = "The task id.")),
    responses((status = 200, description = "Server-sent events: the task's status and progress until it ends.", content_type = "text/event-stream", body = String)),
    security(("bearer" = []))
)]
#[get("/tasks/{task_id}/events")]
pub async fn events(
    state: web::Data<AppState>,
    me: AuthUser,
    req: HttpRequest,
    path: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let not_found = || ApiError::new(ErrorCode::TaskNotFound);
    let id: TaskId = path.parse().map_err(|_| not_found())?;
    task_store::get_task(&state.db, id).await?.filter(|t| t.owner == me.id).ok_or_else(not_found)?;
    let limits = &state.settings.limits;
    let place = state
        .limits
        .streams
        .try_acquire(me.id, limits.max_streams_per_user)
        .ok_or_else(|| ApiError::new(ErrorCode::TooManyStreams))?;
    // The extractor found a live bearer token, so it is there.
    let token_hash = bearer_token(&req).map(|t| token::digest(&t)).unwrap_or_default();
    let check_every = Duration::from_secs(limits.stream_token_check_secs.max(1));
    let watch = Watch {
        state,
        id,
        lang: lang::current(),
        last: None,
        quiet_polls: 0,
        done: false,
        token_hash,
        check_every,
        next_check: Instant::now() + check_every,
        _place: place,
    };
    let stream = futures::stream::unfold(watch, |mut w| async move {
        if w.done {
            return None;
        }
        loop {
            if !w.token_live().await {
                return None;
            }
            let task = match task_store::get_task(&w.state.db, w.id).await {
                Ok(Some(task)) => task,
                Ok(None) => return None,
                Err(e) => {
                    tracing::warn!(task_id = %w.id, error = %e, "event stream cannot read the task");
                    return None;
                }
            };
            let now = (task.status, task.progress);
            if w.last != Some(now) {
                w.last = Some(now);
                w.quiet_polls = 0;
                w.done = task.status.is_terminal();
                let json = serde_json::to_string(&TaskDto::from_record(&task, w.lang)).unwrap_or_default();
                let frame = format!("event: task\ndata: {json}\n\n");
                return Some((Ok::<_, actix_web::Error>(Bytes::from(frame)), w));
            }
            w.quiet_polls += 1;
            if w.quiet_polls >= KEEP_ALIVE_EVERY {
                w.quiet_polls = 0;
                return Some((Ok(Bytes::from_static(b": keep-alive\n\n")), w));
            }
            tokio::time::sleep(POLL).await;
        }
    });
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header(("Cache-Control", "no-cache"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(stream))
}
