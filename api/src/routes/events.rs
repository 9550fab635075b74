//! `GET /api/tasks/{taskId}/events`: the task's status and progress as
//! server-sent events, for clients that would rather listen than poll.
//!
//! The database is the truth, so the stream polls the task row (every
//! 250 ms; a primary-key read) and sends an event whenever its status or
//! progress changed, beginning with the current state, and ends after a
//! terminal status. Each event is `event: task` with the same JSON as
//! `GET /api/tasks/{taskId}`.

use std::time::Duration;

use actix_web::web::Bytes;
use actix_web::{web, HttpResponse};
use pixmart_shared::db::store::tasks as task_store;
use pixmart_shared::domain::{TaskId, TaskStatus};
use pixmart_shared::{ErrorCode, Lang};

use crate::auth::AuthUser;
use crate::dto::TaskDto;
use crate::error::{ApiError, ApiResult};
use crate::{lang, AppState};

const POLL: Duration = Duration::from_millis(250);
/// A comment line this often keeps proxies from closing a quiet stream.
const KEEP_ALIVE_EVERY: u32 = 60;

struct Watch {
    state: web::Data<AppState>,
    id: TaskId,
    lang: Lang,
    last: Option<(TaskStatus, u8)>,
    quiet_polls: u32,
    done: bool,
}

pub async fn events(state: web::Data<AppState>, me: AuthUser, path: web::Path<String>) -> ApiResult<HttpResponse> {
    let not_found = || ApiError::new(ErrorCode::TaskNotFound);
    let id: TaskId = path.parse().map_err(|_| not_found())?;
    task_store::get_task(&state.db, id).await?.filter(|t| t.owner == me.id).ok_or_else(not_found)?;
    let watch = Watch { state, id, lang: lang::current(), last: None, quiet_polls: 0, done: false };
    let stream = futures::stream::unfold(watch, |mut w| async move {
        if w.done {
            return None;
        }
        loop {
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
