//! One cutout for the remove.bg-compatible API: the image becomes an upload
//! of the key's owner, then a normal `MATTING_IMAGE` task goes through the
//! same admission, charge and dispatch as `POST /api/tasks`, and the call
//! waits for its outcome by reading the task row (as the event stream does).
//!
//! Money: the task is charged once when it is created; a failed task is
//! refunded by the worker's (or the sweeper's) failure path, in the same
//! transaction that ends it. A call that stops waiting (its timeout, or the
//! client going away) stops the task with `store::tasks::stop_task`, which
//! refunds in the transaction that ends it and does nothing if the task has
//! already ended: whichever comes first, the charge is settled or refunded
//! exactly once.

use std::time::{Duration, Instant};

use actix_web::{web, HttpRequest};
use pixmart_shared::db::store::tasks::{self as task_store, Created, TaskRecord};
use pixmart_shared::db::store::uploads as upload_store;
use pixmart_shared::domain::task_spec::upload_url;
use pixmart_shared::domain::{
    BizType, Lingshi, ResultKind, TaskId, TaskSpec, TaskStatus, UploadId, UploadRules, UserId,
};
use pixmart_shared::storage::upload_key;
use pixmart_shared::ErrorCode;

use super::answer::{task_failure, Failure};
use crate::admission::{self, Submission};
use crate::error::ApiError;
use crate::{dispatch, AppState};

/// How often a waiting call reads its task (a primary-key read).
const POLL: Duration = Duration::from_millis(200);

/// A finished cutout: where its RGBA result is and what it cost.
#[derive(Debug)]
pub struct Finished {
    pub cutout_key: String,
    pub charged: Lingshi,
}

/// Validates the image (nothing is stored or charged for a bad one) and
/// stores it as an upload of `user`.
pub async fn store_image(state: &AppState, user: UserId, data: Vec<u8>) -> Result<UploadId, Failure> {
    let rules = UploadRules::API;
    let facts = rules.inspect(&data)?;
    // Full decode proves the body is a whole image, bounded in memory.
    let data = web::block(move || rules.decode(&data, &facts).map(|_| data)).await.map_err(ApiError::internal)??;
    let format = pixmart_shared::domain::UploadFormat::Image(facts.format);
    Ok(crate::routes::uploads::store_upload(state, user, &data, format, facts.width, facts.height).await?)
}

/// Charges and runs a cutout of `upload`, and waits for it.
pub async fn cutout(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    user: UserId,
    upload: UploadId,
) -> Result<Finished, Failure> {
    let task = match submit(state, req, user, upload).await {
        Ok(task) => task,
        Err(refused) => {
            forget_upload(state, upload).await;
            return Err(refused);
        }
    };
    let charged = task.1;
    let mut watch = StopOnDrop { state: state.clone(), task: task.0, owner: user, armed: true };
    let wait = Duration::from_secs(state.settings.limits.api_wait_secs.max(1));
    let record = wait_for(state, task.0, wait).await?;
    let record = match record {
        Some(done) => done,
        None => {
            // Out of time: stop it (refunded in the same transaction). If it
            // ended meanwhile, its outcome stands and is answered.
            if task_store::stop_task(&state.db, task.0, user).await? {
                watch.armed = false;
                return Err(ApiError::new(ErrorCode::ApiWaitTimeout).into());
            }
            task_store::get_task(&state.db, task.0).await?.ok_or_else(|| ApiError::new(ErrorCode::TaskNotFound))?
        }
    };
    watch.armed = false;
    match record.status {
        TaskStatus::Success => {
            let image = record.results.iter().find(|r| r.kind == ResultKind::Image);
            let cutout_key = image
                .map(|r| r.key.clone())
                .ok_or_else(|| ApiError::internal(anyhow::anyhow!("cutout task {} has no image result", record.id)))?;
            Ok(Finished { cutout_key, charged })
        }
        _ => Err(task_failure(record.error_code.as_deref())),
    }
}

/// Admits and creates the task (charged in the same transaction) and lets
/// the dispatcher send it; the task and its price.
async fn submit(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    user: UserId,
    upload: UploadId,
) -> Result<(TaskId, Lingshi), Failure> {
    let params = serde_json::json!({ "imageUrl": upload_url(upload) });
    let spec = TaskSpec::parse(BizType::MattingImage.as_str(), &params)?;
    let admitted =
        admission::admit_coded(state, req, user, spec.biz_type(), std::slice::from_ref(&spec), Submission::Single)
            .await?;
    let namespace = state.dispatcher.namespace();
    let queue = admitted.queue(namespace);
    let new_task = admitted.new_task(user, &spec, namespace, None);
    let cost = new_task.cost;
    let task = match task_store::create_task(&state.db, new_task, state.settings.tasks.max_unfinished_per_user).await? {
        Created::New(task) | Created::Existing(task) => task,
    };
    if let Err(e) = dispatch::dispatch_queue(state, &queue, &admitted.route.pool).await {
        tracing::warn!(task_id = %task.id, error = %e, "dispatch after a remove.bg call failed; the dispatcher retries");
    }
    Ok((task.id, cost))
}

/// The task once it has ended, or `None` when `wait` passed first.
async fn wait_for(state: &AppState, id: TaskId, wait: Duration) -> Result<Option<TaskRecord>, Failure> {
    let deadline = Instant::now() + wait;
    loop {
        let task = task_store::get_task(&state.db, id).await?.ok_or_else(|| ApiError::new(ErrorCode::TaskNotFound))?;
        if task.status.is_terminal() {
            return Ok(Some(task));
        }
        if Instant::now() >= deadline {
            return Ok(None);
        }
        tokio::time::sleep(POLL).await;
    }
}

/// An upload no task was created for: removed now rather than by the
/// upload sweeper days later.
async fn forget_upload(state: &AppState, upload: UploadId) {
    match upload_store::delete_if_unreferenced(&state.db, upload).await {
        Ok(true) => {
            if let Err(e) = state.blobs.delete(&upload_key(upload)).await {
                tracing::warn!(%upload, error = %e, "remove.bg: refused upload's file not deleted");
            }
        }
        Ok(false) => {}
        Err(e) => tracing::warn!(%upload, error = %e, "remove.bg: refused upload not deleted; the sweeper will"),
    }
}

/// Stops (and so refunds) the task if the call ends before its outcome was
/// read: the client went away and actix dropped the request.
struct StopOnDrop {
    state: web::Data<AppState>,
    task: TaskId,
    owner: UserId,
    armed: bool,
}

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        if !self.armed {
            return;
        }
        let (state, task, owner) = (self.state.clone(), self.task, self.owner);
        actix_web::rt::spawn(async move {
            match task_store::stop_task(&state.db, task, owner).await {
                Ok(stopped) => tracing::info!(task_id = %task, stopped, "remove.bg caller left; task stopped"),
                Err(e) => {
                    tracing::warn!(task_id = %task, error = %e, "remove.bg caller left; stop failed, the deadline sweeper ends it")
                }
            }
        });
    }
}
