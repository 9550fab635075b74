//! Where this API instance receives refined masks. Workers push every
//! answer, framed with its request id, onto one reply list per instance;
//! one background loop pops that list on one connection of its own (BLPOP
//! blocks the connection it runs on) and hands each answer to the request
//! waiting for it. Before, each refinement opened a connection of its own
//! for its BLPOP: a user clicking fast cost Redis a connection per click.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::Duration;

use pixmart_shared::fast_jobs::{refine_instance_reply_key, split_reply};
use tokio::sync::oneshot;

/// How long one BLPOP waits before the loop looks again (and notices that
/// the instance is gone).
const POP_SECS: f64 = 1.0;

type Waiters = HashMap<String, oneshot::Sender<Vec<u8>>>;

pub struct RefineReplies {
    url: String,
    key: String,
    waiting: Mutex<Waiters>,
    started: AtomicBool,
}

impl RefineReplies {
    pub fn new(url: String, namespace: &str) -> Arc<Self> {
        let instance = uuid::Uuid::new_v4().to_string();
        Arc::new(RefineReplies {
            url,
            key: refine_instance_reply_key(namespace, &instance),
            waiting: Mutex::new(HashMap::new()),
            started: AtomicBool::new(false),
        })
    }

    /// The list workers answer this instance on.
    pub fn key(&self) -> &str {
        &self.key
    }

    /// Registers a request before its job is queued; its answer arrives on
    /// the returned [`Pending`]. Starts the reply loop on first use.
    pub fn expect(self: &Arc<Self>, request_id: &str) -> Pending {
        let (tx, rx) = oneshot::channel();
        self.lock().insert(request_id.to_owned(), tx);
        if !self.started.swap(true, Ordering::SeqCst) {
            tokio::spawn(reply_loop(Arc::downgrade(self)));
        }
        Pending { replies: self.clone(), id: request_id.to_owned(), rx: Some(rx) }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Waiters> {
        self.waiting.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn deliver(&self, frame: &[u8]) {
        let Some((id, body)) = split_reply(frame) else {
            tracing::warn!("refine: unframed reply on the instance list dropped");
            return;
        };
        // No one waiting: the request gave up (timed out or the client left).
        if let Some(tx) = self.lock().remove(id) {
            let _ = tx.send(body.to_vec());
        }
    }
}

/// One request's expected answer; forgets the request when dropped.
pub struct Pending {
    replies: Arc<RefineReplies>,
    id: String,
    rx: Option<oneshot::Receiver<Vec<u8>>>,
}

impl Pending {
    /// The answer, or `None` when none came within `wait`.
    pub async fn wait(mut self, wait: Duration) -> Option<Vec<u8>> {
        let rx = self.rx.take()?;
        tokio::time::timeout(wait, rx).await.ok()?.ok()
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        self.replies.lock().remove(&self.id);
    }
}

/// Pops the instance's reply list until the instance is gone, reconnecting
/// after a failure.
async fn reply_loop(replies: Weak<RefineReplies>) {
    let mut conn: Option<redis::aio::MultiplexedConnection> = None;
    loop {
        let Some(r) = replies.upgrade() else { return };
        if conn.is_none() {
            match connect(&r.url).await {
                Ok(c) => conn = Some(c),
                Err(e) => {
                    tracing::warn!(error = %e, "refine replies: Redis unavailable; retrying");
                    drop(r);
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    continue;
                }
            }
        }
        let Some(c) = conn.as_mut() else { continue };
        let key = r.key.clone();
        // Not holding the instance while blocked, so it can go away.
        drop(r);
        let popped = pixmart_shared::fast_jobs::refinements::pop_reply(c, &key, POP_SECS).await;
        match popped {
            Ok(Some(frame)) => {
                if let Some(r) = replies.upgrade() {
                    r.deliver(&frame);
                }
            }
            Ok(None) => {}
            Err(e) => {
                tracing::warn!(error = %e, "refine replies: BLPOP failed; reconnecting");
                conn = None;
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    }
}

/// The loop's own connection; its response timeout outlasts the BLPOP
/// (redis-rs defaults to 500 ms).
async fn connect(url: &str) -> redis::RedisResult<redis::aio::MultiplexedConnection> {
    let config =
        redis::AsyncConnectionConfig::new().set_response_timeout(Some(Duration::from_secs_f64(POP_SECS + 5.0)));
    redis::Client::open(url)?.get_multiplexed_async_connection_with_config(&config).await
}
