//! This worker's Prometheus metrics and the small HTTP listener that serves
//! them (`GET /metrics`), started when `worker.metrics_addr` is set.
//!
//! Each process (and each in-process test worker) has its own registry.

use std::net::SocketAddr;

use prometheus::{Encoder, Gauge, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge, Opts, Registry};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// Buckets (seconds) from a fast cutout to a long video job.
const LATENCY_BUCKETS: &[f64] =
    &[0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0, 900.0];

pub struct WorkerMetrics {
    registry: Registry,
    /// Submit → claim, by task type.
    pub queue_wait: HistogramVec,
    /// Claim → outcome, by task type.
    pub run_time: HistogramVec,
    /// Finished tasks by task type and outcome (`success`, `failed`, `lost`).
    pub finished: IntCounterVec,
    /// Failed tasks by task type and stable error code.
    pub failures: IntCounterVec,
    pub heartbeats: IntCounter,
    pub last_heartbeat: Gauge,
    pub current_jobs: IntGauge,
    /// 1 while this node takes new jobs, 0 while paused or draining.
    pub accepting: IntGauge,
}

impl WorkerMetrics {
    pub fn new(node: &str, pool: &str) -> prometheus::Result<Self> {
        let labels = [("node".to_owned(), node.to_owned()), ("pool".to_owned(), pool.to_owned())].into_iter().collect();
        let registry = Registry::new_custom(Some("pixmart".to_owned()), Some(labels))?;
        let histogram = |name: &str, help: &str| {
            HistogramVec::new(HistogramOpts::new(name, help).buckets(LATENCY_BUCKETS.to_vec()), &["biz_type"])
        };
        let m = WorkerMetrics {
            queue_wait: histogram("task_queue_wait_seconds", "Time from submission to a worker claiming the task")?,
            run_time: histogram("task_run_seconds", "Time from claim to the task's outcome")?,
            finished: IntCounterVec::new(
                Opts::new("worker_tasks_finished_total", "Tasks this node finished"),
                &["biz_type", "outcome"],
            )?,
            failures: IntCounterVec::new(
                Opts::new("task_failures_total", "Failed tasks by stable error code"),
                &["biz_type", "code"],
            )?,
            heartbeats: IntCounter::new("worker_heartbeats_total", "Heartbeats this node wrote")?,
            last_heartbeat: Gauge::new(
                "worker_last_heartbeat_timestamp_seconds",
                "Unix time of this node's last successful heartbeat",
            )?,
            current_jobs: IntGauge::new("worker_current_jobs", "Tasks running on this node now")?,
            accepting: IntGauge::new("worker_accepting_jobs", "1 while the node takes new jobs")?,
            registry,
        };
        m.registry.register(Box::new(m.queue_wait.clone()))?;
        m.registry.register(Box::new(m.run_time.clone()))?;
        m.registry.register(Box::new(m.finished.clone()))?;
        m.registry.register(Box::new(m.failures.clone()))?;
        m.registry.register(Box::new(m.heartbeats.clone()))?;
        m.registry.register(Box::new(m.last_heartbeat.clone()))?;
        m.registry.register(Box::new(m.current_jobs.clone()))?;
        m.registry.register(Box::new(m.accepting.clone()))?;
        m.accepting.set(1);
        Ok(m)
    }

    /// The text exposition format.
    pub fn render(&self) -> String {
        let mut buf = Vec::new();
        if let Err(e) = prometheus::TextEncoder::new().encode(&self.registry.gather(), &mut buf) {
            tracing::warn!(error = %e, "cannot encode metrics");
        }
        String::from_utf8(buf).unwrap_or_default()
    }
}

/// Binds the metrics listener (port 0 picks a free one).
pub async fn bind(addr: &str) -> std::io::Result<(TcpListener, SocketAddr)> {
    let listener = TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    Ok((listener, local))
}

/// Serves `GET /metrics` (anything else: 404) until the task is aborted.
/// Hand-written because the worker has no HTTP stack otherwise and this is
/// one read-only text endpoint.
pub fn serve(listener: TcpListener, metrics: std::sync::Arc<WorkerMetrics>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            let Ok((mut stream, _)) = listener.accept().await else { continue };
            let metrics = metrics.clone();
            tokio::spawn(async move {
                let mut buf = [0u8; 2048];
                let n = match tokio::time::timeout(std::time::Duration::from_secs(5), stream.read(&mut buf)).await {
                    Ok(Ok(n)) => n,
                    _ => return,
                };
                let request = String::from_utf8_lossy(&buf[..n]);
                let path = request.split_whitespace().nth(1).unwrap_or("");
                let (status, body) = if request.starts_with("GET ") && (path == "/metrics" || path == "/") {
                    ("200 OK", metrics.render())
                } else {
                    ("404 Not Found", "not found\n".to_owned())
                };
                let head = format!(
                    "HTTP/1.1 {status}\r\nContent-Type: text/plain; version=0.0.4; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                    body.len()
                );
                let _ = stream.write_all(head.as_bytes()).await;
                let _ = stream.write_all(body.as_bytes()).await;
                let _ = stream.shutdown().await;
            });
        }
    })
}
