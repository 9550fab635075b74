//! The worker's one writer of claims and outcomes (group commit): jobs hand
//! their claim or outcome to it and wait for the commit; whatever arrives
//! while a group is being written goes into the next one. A node thus opens
//! one transaction per group instead of one or two per job, and its jobs
//! never wait on each other for the SQLite write lock. See
//! `store::group_commit` for what a group writes.
//!
//! A group that fails (a database error) is written again one request at a
//! time, so one bad request cannot fail the others; a job still gets its
//! own error.

use chrono::Duration;
use pixmart_shared::db::store::group_commit::{self, Ending, Finish};
use pixmart_shared::db::store::tasks::TaskRecord;
use pixmart_shared::db::{Db, StoreError};
use pixmart_shared::domain::{TaskId, TaskResult};
use tokio::sync::{mpsc, oneshot};

/// The most requests one group writes (bounds a transaction's length).
const MAX_GROUP: usize = 256;

enum Request {
    Claim { id: TaskId, reply: oneshot::Sender<Result<Option<TaskRecord>, StoreError>> },
    Finish { finish: Finish, reply: oneshot::Sender<Result<bool, StoreError>> },
}

/// A handle to the writer; cheap to clone. The writer runs until every
/// handle is dropped.
#[derive(Clone)]
pub struct TaskWriter {
    requests: mpsc::UnboundedSender<Request>,
}

impl TaskWriter {
    /// Starts the writer on the current tokio runtime.
    pub fn spawn(db: Db, worker_id: String, lease: Duration) -> Self {
        let (requests, rx) = mpsc::unbounded_channel();
        tokio::spawn(write_groups(db, worker_id, lease, rx));
        TaskWriter { requests }
    }

    /// Claims a NEW task (RUNNING, one more attempt, a lease): `None` when
    /// it is not NEW any more, which a worker treats as done.
    pub async fn claim(&self, id: TaskId) -> Result<Option<TaskRecord>, StoreError> {
        let (reply, answer) = oneshot::channel();
        self.send(Request::Claim { id, reply })?;
        answer.await.map_err(|_| writer_gone())?
    }

    /// SUCCESS with results, settling the task's lingshi, if this worker
    /// still holds it.
    pub async fn complete(&self, id: TaskId, results: Vec<TaskResult>) -> Result<bool, StoreError> {
        self.finish(Finish { id, ending: Ending::Success(results) }).await
    }

    /// FAILED with a stable code and a message, refunding the task, if this
    /// worker still holds it.
    pub async fn fail(&self, id: TaskId, code: &str, message: &str) -> Result<bool, StoreError> {
        let ending = Ending::Failure { code: code.to_owned(), message: message.to_owned() };
        self.finish(Finish { id, ending }).await
    }

    async fn finish(&self, finish: Finish) -> Result<bool, StoreError> {
        let (reply, answer) = oneshot::channel();
        self.send(Request::Finish { finish, reply })?;
        answer.await.map_err(|_| writer_gone())?
    }

    fn send(&self, request: Request) -> Result<(), StoreError> {
        self.requests.send(request).map_err(|_| writer_gone())
    }
}

fn writer_gone() -> StoreError {
    StoreError::other("the task writer has stopped")
}

async fn write_groups(db: Db, worker_id: String, lease: Duration, mut rx: mpsc::UnboundedReceiver<Request>) {
    let mut group = Vec::with_capacity(MAX_GROUP);
    while rx.recv_many(&mut group, MAX_GROUP).await > 0 {
        if let Err(e) = write(&db, &worker_id, lease, std::mem::take(&mut group)).await {
            tracing::warn!(error = %e, "a group write failed; its requests were written one by one");
        }
    }
}

/// Writes one group; on failure, each request alone (and returns the
/// group's error, for the log).
async fn write(db: &Db, worker_id: &str, lease: Duration, group: Vec<Request>) -> Result<(), StoreError> {
    let (claims, finishes) = split(&group);
    let written = group_commit::write_group(db, worker_id, lease, &claims, &finishes).await;
    match written {
        Ok(written) => {
            let mut claimed = written.claimed.into_iter();
            let mut finished = written.finished.into_iter();
            for request in group {
                match request {
                    Request::Claim { reply, .. } => {
                        let _ = reply.send(Ok(claimed.next().flatten()));
                    }
                    Request::Finish { reply, .. } => {
                        let _ = reply.send(Ok(finished.next().unwrap_or(false)));
                    }
                }
            }
            Ok(())
        }
        Err(group_error) if group.len() == 1 => {
            answer_error(group, &group_error);
            Err(group_error)
        }
        Err(group_error) => {
            for request in group {
                Box::pin(write(db, worker_id, lease, vec![request])).await.ok();
            }
            Err(group_error)
        }
    }
}

fn split(group: &[Request]) -> (Vec<TaskId>, Vec<Finish>) {
    let mut claims = Vec::new();
    let mut finishes = Vec::new();
    for request in group {
        match request {
            Request::Claim { id, .. } => claims.push(*id),
            Request::Finish { finish, .. } => finishes.push(finish.clone()),
        }
    }
    (claims, finishes)
}

fn answer_error(group: Vec<Request>, error: &StoreError) {
    let copy = || StoreError::other(error.to_string());
    for request in group {
        match request {
            Request::Claim { reply, .. } => {
                let _ = reply.send(Err(copy()));
            }
            Request::Finish { reply, .. } => {
                let _ = reply.send(Err(copy()));
            }
        }
    }
}
