//! Reads `GET /api/tasks/{id}/events` as a browser would (bearer header,
//! server-sent events), recording every frame in the order it arrived.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures::StreamExt;
use serde_json::Value;

use crate::TestClient;

/// One server-sent event.
#[derive(Debug, Clone)]
pub struct Frame {
    pub event: String,
    pub data: Value,
}

/// The frames of one open stream, filled in the background.
pub struct EventLog {
    frames: Arc<Mutex<Vec<Frame>>>,
    ended: Arc<Mutex<bool>>,
    task: tokio::task::JoinHandle<()>,
}

impl EventLog {
    pub fn frames(&self) -> Vec<Frame> {
        self.frames.lock().unwrap().clone()
    }

    /// `text` frames so far.
    pub fn texts(&self) -> Vec<Value> {
        self.frames().into_iter().filter(|f| f.event == "text").map(|f| f.data).collect()
    }

    /// Waits until a frame satisfies `pred` (panics after `timeout`).
    pub async fn wait_for(&self, timeout: Duration, pred: impl Fn(&Frame) -> bool) -> Frame {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(f) = self.frames().into_iter().find(|f| pred(f)) {
                return f;
            }
            assert!(Instant::now() < deadline, "no such frame within {timeout:?}; got {:?}", self.frames());
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Waits for the server to end the stream.
    pub async fn wait_end(&self, timeout: Duration) {
        let deadline = Instant::now() + timeout;
        while !*self.ended.lock().unwrap() {
            assert!(Instant::now() < deadline, "the stream did not end within {timeout:?}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

impl Drop for EventLog {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl TestClient {
    /// Opens the task's event stream (asserting 200) and records its frames.
    pub async fn listen(&self, task_id: &str) -> EventLog {
        let mut req = self.http.get(format!("{}/api/tasks/{task_id}/events", self.base));
        if let Some(t) = &self.token {
            req = req.bearer_auth(t);
        }
        let resp = req.send().await.unwrap();
        assert_eq!(resp.status(), 200, "event stream refused");
        let frames = Arc::new(Mutex::new(Vec::new()));
        let ended = Arc::new(Mutex::new(false));
        let (f, e) = (frames.clone(), ended.clone());
        let task = tokio::spawn(async move {
            let mut body = resp.bytes_stream();
            let mut buf: Vec<u8> = Vec::new();
            while let Some(Ok(chunk)) = body.next().await {
                buf.extend_from_slice(&chunk);
                while let Some(end) = buf.windows(2).position(|w| w == b"\n\n") {
                    let raw: Vec<u8> = buf.drain(..end + 2).collect();
                    let text = String::from_utf8(raw).expect("frames are UTF-8");
                    let mut event = String::from("message");
                    let mut data = String::new();
                    for line in text.lines() {
                        if let Some(v) = line.strip_prefix("event: ") {
                            event = v.to_owned();
                        } else if let Some(v) = line.strip_prefix("data: ") {
                            data.push_str(v);
                        }
                    }
                    if !data.is_empty() {
                        let data = serde_json::from_str(&data).expect("frame data is JSON");
                        f.lock().unwrap().push(Frame { event, data });
                    }
                }
            }
            *e.lock().unwrap() = true;
        });
        EventLog { frames, ended, task }
    }
}
