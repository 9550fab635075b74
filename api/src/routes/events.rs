//! `GET /api/tasks/{taskId}/events`: the task as server-sent events, for
//! clients that would rather listen than poll.
//!
//! * `event: task`: the same JSON as `GET /api/tasks/{taskId}`, first on
//!   open and then whenever the task's status or progress changed;
//! * `event: text` (text tasks): `{"kind":"text","index":i,"attempt":a,"text":…}`,
//!   result `i`'s text so far while it is written. Replace, don't append: an
//!   answer that broke a rule is written again (`attempt` grows) from "".
//!
//! The stream ends after a terminal status. It hears changes through this
//! instance's one subscription to task events (`crate::task_stream`), so it
//! reads the task row only when told the row changed, and once every
//! `SAFETY_READ` in case a change was made while Redis was away.
//!
//! A user holds at most `limits.max_streams_per_user` open streams on one
//! instance (the next answers 429 `TOO_MANY_STREAMS`; the place is given
//! back when the stream ends or the client goes away), and a stream ends
//! once its bearer token is no longer live (logout, password reset,
//! expiry), checked every `limits.stream_token_check_secs`.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use actix_web::get;
use actix_web::web::Bytes;
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::Utc;
use pixmart_shared::db::store::{tasks as task_store, tokens};
use pixmart_shared::domain::task_spec::copy::TEXT_GEN_NUM_MAX;
use pixmart_shared::domain::{JobFamily, TaskId, TaskStatus};
use pixmart_shared::task_events::{encode, TaskEvent};
use pixmart_shared::{ErrorCode, Lang};

use crate::auth::extractor::bearer_token;
use crate::auth::{token, AuthUser};
use crate::dto::TaskDto;
use crate::error::{ApiError, ApiResult};
use crate::limits::Held;
use crate::task_stream::{Signal, Watch};
use crate::{lang, AppState};

/// A comment line this often keeps proxies from closing a quiet stream,
/// and is how a stream whose client left finds out (the write fails) and
/// gives its place back.
const KEEP_ALIVE: Duration = Duration::from_secs(5);
/// The task row is read at least this often, whatever was heard.
const SAFETY_READ: Duration = Duration::from_secs(15);

struct Stream {
    state: web::Data<AppState>,
    id: TaskId,
    lang: Lang,
    watch: Watch,
    last: Option<(TaskStatus, u8)>,
    is_text: bool,
    frames: VecDeque<Bytes>,
    done: bool,
    last_read: Instant,
    /// The digest of the bearer token that opened the stream.
    token_hash: String,
    check_every: Duration,
    next_check: Instant,
    /// This stream's place among the user's; given back on drop.
    _place: Held,
}

impl Stream {
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

    /// Reads the task; queues a `task` frame when it changed. False when
    /// the stream must end (the task is gone or unreadable).
    async fn read_task(&mut self) -> bool {
        self.last_read = Instant::now();
        let task = match task_store::get_task(&self.state.db, self.id).await {
            Ok(Some(task)) => task,
            Ok(None) => return false,
            Err(e) => {
                tracing::warn!(task_id = %self.id, error = %e, "event stream cannot read the task");
                return false;
            }
        };
        let now = (task.status, task.progress);
        if self.last != Some(now) {
            self.last = Some(now);
            self.done = task.status.is_terminal();
            let json = serde_json::to_string(&TaskDto::from_record(&task, self.lang)).unwrap_or_default();
            self.frames.push_back(Bytes::from(format!("event: task\ndata: {json}\n\n")));
        }
        true
    }

    /// Queues the latest text of each result being written.
    async fn read_live_text(&mut self) {
        if !self.is_text || self.done {
            return;
        }
        for event in self.state.task_events.live_texts(self.id, TEXT_GEN_NUM_MAX).await {
            self.frames.push_back(text_frame(&event));
        }
    }

    async fn next_frame(&mut self) -> Option<Bytes> {
        loop {
            if let Some(frame) = self.frames.pop_front() {
                return Some(frame);
            }
            if self.done || !self.token_live().await {
                return None;
            }
            if self.last_read.elapsed() >= SAFETY_READ && !self.read_task().await {
                return None;
            }
            if !self.frames.is_empty() {
                continue;
            }
            tokio::select! {
                signal = self.watch.recv() => match signal {
                    Signal::Event(event @ TaskEvent::Text { .. }) => self.frames.push_back(text_frame(&event)),
                    Signal::Event(TaskEvent::Changed) => {
                        if !self.read_task().await {
                            return None;
                        }
                    }
                    Signal::Resync => {
                        if !self.read_task().await {
                            return None;
                        }
                        self.read_live_text().await;
                    }
                },
                _ = tokio::time::sleep(KEEP_ALIVE) => return Some(Bytes::from_static(b": keep-alive\n\n")),
            }
        }
    }
}

fn text_frame(event: &TaskEvent) -> Bytes {
    Bytes::from(format!("event: text\ndata: {}\n\n", encode(event)))
}

#[utoipa::path(
    tag = "tasks",
    params(("task_id" = String, Path, description = "The task id.")),
    responses((status = 200, description = "Server-sent events: `task` (the task, on open and on every change, until it ends) and, for text tasks, `text` (a result's text so far).", content_type = "text/event-stream", body = String)),
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
    let task = task_store::get_task(&state.db, id).await?.filter(|t| t.owner == me.id).ok_or_else(not_found)?;
    let limits = &state.settings.limits;
    let place = state
        .limits
        .streams
        .try_acquire(me.id, limits.max_streams_per_user)
        .ok_or_else(|| ApiError::new(ErrorCode::TooManyStreams))?;
    // The extractor found a live bearer token, so it is there.
    let token_hash = bearer_token(&req).map(|t| token::digest(&t)).unwrap_or_default();
    let check_every = Duration::from_secs(limits.stream_token_check_secs.max(1));
    // Listen before the first read, so nothing said in between is missed.
    let watch = state.task_streams.watch(id);
    let mut stream = Stream {
        watch,
        id,
        lang: lang::current(),
        last: None,
        is_text: task.biz_type.family() == JobFamily::Text,
        frames: VecDeque::new(),
        done: false,
        last_read: Instant::now(),
        token_hash,
        check_every,
        next_check: Instant::now() + check_every,
        _place: place,
        state,
    };
    if stream.read_task().await {
        stream.read_live_text().await;
    }
    let body = futures::stream::unfold(stream, |mut s| async move {
        s.next_frame().await.map(|frame| (Ok::<_, actix_web::Error>(frame), s))
    });
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header(("Cache-Control", "no-cache"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(body))
}
