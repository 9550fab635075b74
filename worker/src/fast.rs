//! The fast-job consumers (see `pixmart_shared::fast_jobs`): work that is
//! not a generation task. Two loops per node, each one job at a time and on
//! its own Redis connection (BRPOP blocks the connection it runs on):
//! cutout refinements (every node) and standard/2K downloads (nodes that
//! loaded Real-ESRGAN x4plus; a 2K upscale uses every core it is given).
//! Like the queue consumers they follow the operator's pause and drain.

use std::io::Cursor;
use std::sync::Arc;
use std::time::Duration;

use image::{DynamicImage, ImageFormat};
use pixmart_models::refine::{refine_mask, Click, RefineOptions};
use pixmart_models::upscale::{resize_long_side, TileOptions, UpscaleSession, REALESRGAN_X4PLUS_FILE};
use pixmart_models::OrtRuntime;
use pixmart_shared::domain::download::DownloadQuality;
use pixmart_shared::fast_jobs::{
    failure_key, fast_queue, frame_reply, in_progress_key, refine_queue, FastJob, RefineClick, FAILURE_SECS,
    MARKER_WORKING_SECS,
};
use redis::aio::MultiplexedConnection;
use tokio::sync::watch;

use crate::WorkerContext;

/// How long one BRPOP waits before the loop looks at the stop signal again.
const POP_TIMEOUT_SECS: f64 = 1.0;
/// How often the in-progress marker is renewed while a job runs.
const MARKER_REFRESH: Duration = Duration::from_secs(30);

/// Starts the consumers: refinements on every node (they need no model
/// file), downloads only where Real-ESRGAN x4plus loads, so any node that
/// pops a download can finish it.
///
/// `accepting` is the node's desired state (see `node::Consumers`): while
/// it is false (paused or draining) no job is popped.
pub fn spawn(
    ctx: Arc<WorkerContext>,
    stop: watch::Receiver<bool>,
    accepting: watch::Receiver<bool>,
) -> Vec<tokio::task::JoinHandle<()>> {
    let s = &ctx.settings;
    let refine = Gate { stop: stop.clone(), accepting: accepting.clone() };
    let mut handles =
        vec![tokio::spawn(consume(ctx.clone(), None, refine_queue(&s.redis.namespace, &s.worker.pool), refine))];
    let path = s.models.dir.join(REALESRGAN_X4PLUS_FILE);
    if !OrtRuntime::is_initialised() || !path.is_file() {
        tracing::info!(path = %path.display(), "Real-ESRGAN not available: this node prepares no downloads");
        return handles;
    }
    let threads = s.models.intra_threads.max(1);
    let queue = fast_queue(&s.redis.namespace, &s.worker.pool);
    handles.push(tokio::spawn(async move {
        let loaded = tokio::task::spawn_blocking(move || UpscaleSession::load(&path, threads)).await;
        match loaded {
            Ok(Ok(session)) => {
                tracing::info!("Real-ESRGAN loaded; preparing downloads");
                consume(ctx, Some(Arc::new(session)), queue, Gate { stop, accepting }).await;
            }
            Ok(Err(e)) => tracing::warn!(error = %e, "Real-ESRGAN not loaded; this node prepares no downloads"),
            Err(e) => tracing::warn!(error = %e, "Real-ESRGAN loading panicked"),
        }
    }));
    handles
}

/// When a loop may pop: not once the node stops, and not while an operator
/// has it paused or draining.
struct Gate {
    stop: watch::Receiver<bool>,
    accepting: watch::Receiver<bool>,
}

impl Gate {
    fn stopping(&self) -> bool {
        *self.stop.borrow()
    }

    fn accepting(&self) -> bool {
        *self.accepting.borrow()
    }

    /// Waits until the node takes jobs again or stops. The desired state
    /// going away (the heartbeat is gone) is taken as stopping.
    async fn until_accepting(&mut self) {
        let orphaned = tokio::select! {
            r = self.accepting.wait_for(|a| *a) => r.is_err(),
            _ = self.stop.wait_for(|s| *s) => false,
        };
        if orphaned {
            let _ = self.stop.wait_for(|s| *s).await;
        }
    }

    async fn pause_a_moment(&mut self) {
        tokio::select! { _ = tokio::time::sleep(Duration::from_secs(1)) => {}, _ = self.stop.changed() => {} }
    }
}

/// One loop per list: downloads and refinements are consumed separately, so
/// a click is never queued behind a 2K upscale.
async fn consume(ctx: Arc<WorkerContext>, session: Option<Arc<UpscaleSession>>, queue: String, mut gate: Gate) {
    let s = &ctx.settings;
    let mut conn: Option<MultiplexedConnection> = None;
    while !gate.stopping() {
        if !gate.accepting() {
            tracing::info!(%queue, "fast jobs: node paused or draining; taking none");
            gate.until_accepting().await;
            continue;
        }
        if conn.is_none() {
            match connect(s.redis_url()).await {
                Ok(c) => conn = Some(c),
                Err(e) => {
                    tracing::warn!(error = %e, "fast jobs: Redis unavailable; retrying");
                    gate.pause_a_moment().await;
                    continue;
                }
            }
        }
        let Some(c) = conn.as_mut() else { continue };
        let popped =
            redis::cmd("BRPOP").arg(&queue).arg(POP_TIMEOUT_SECS).query_async::<Option<(String, String)>>(c).await;
        match popped {
            // Paused or drained while the pop waited: the job goes back to
            // the end it came from, first in line for the next node.
            Ok(Some((_, payload))) if !gate.accepting() || gate.stopping() => {
                redis_quiet::<i64>(c, redis::cmd("RPUSH").arg(&queue).arg(&payload)).await;
            }
            Ok(Some((_, payload))) => match serde_json::from_str::<FastJob>(&payload) {
                Ok(job) => run_job(&ctx, session.as_ref(), c, &job).await,
                Err(e) => tracing::warn!(error = %e, %payload, "fast jobs: undecodable payload dropped"),
            },
            Ok(None) => {}
            Err(e) => {
                tracing::warn!(error = %e, "fast jobs: BRPOP failed; reconnecting");
                conn = None;
            }
        }
    }
}

/// A connection of our own: BRPOP blocks the connection it runs on, and the
/// response timeout must outlast it (redis-rs defaults to 500 ms).
async fn connect(url: &str) -> redis::RedisResult<MultiplexedConnection> {
    let config = redis::AsyncConnectionConfig::new().set_response_timeout(Some(Duration::from_secs(10)));
    redis::Client::open(url)?.get_multiplexed_async_connection_with_config(&config).await
}

async fn redis_quiet<T: redis::FromRedisValue>(conn: &mut MultiplexedConnection, cmd: &redis::Cmd) {
    if let Err(e) = cmd.query_async::<T>(conn).await {
        tracing::warn!(error = %e, "fast jobs: Redis command failed");
    }
}

/// Runs one job and clears its in-progress marker (recording a failure for
/// the status call). Public so tests can drive a job directly.
pub async fn run_job(
    ctx: &WorkerContext,
    session: Option<&Arc<UpscaleSession>>,
    conn: &mut MultiplexedConnection,
    job: &FastJob,
) {
    let ns = &ctx.settings.redis.namespace;
    match job {
        FastJob::PrepareDownload { source_key, target_key, quality, long_side, .. } => {
            let busy = in_progress_key(ns, target_key);
            let expire = redis::cmd("EXPIRE").arg(&busy).arg(MARKER_WORKING_SECS).clone();
            redis_quiet::<i64>(conn, &expire).await;
            let work = prepare_download(ctx, session, source_key, target_key, *quality, *long_side);
            tokio::pin!(work);
            let mut refresh = tokio::time::interval(MARKER_REFRESH);
            refresh.tick().await;
            let outcome = loop {
                tokio::select! {
                    r = &mut work => break r,
                    _ = refresh.tick() => {
                        redis_quiet::<i64>(conn, &expire).await;
                    }
                }
            };
            if let Err(reason) = &outcome {
                tracing::warn!(%target_key, %reason, "preparing a download failed");
                let set =
                    redis::cmd("SET").arg(failure_key(ns, target_key)).arg(reason).arg("EX").arg(FAILURE_SECS).clone();
                redis_quiet::<()>(conn, &set).await;
            } else {
                tracing::info!(%target_key, "download prepared");
            }
            redis_quiet::<i64>(conn, redis::cmd("DEL").arg(&busy)).await;
        }
        FastJob::RefineMask {
            image_key, mask_key, clicks, reply_key, request_id, deadline_ms, in_flight_key, ..
        } => {
            // Nobody waits for an answer past the deadline: drop the job
            // unrun (a user cannot pile up free work by giving up waiting).
            let expired = deadline_ms.is_some_and(|d| chrono::Utc::now().timestamp_millis() > d);
            if expired {
                tracing::debug!(%mask_key, "refinement past its deadline; dropped");
            } else {
                let started = std::time::Instant::now();
                let reply = match refine(ctx, image_key, mask_key, clicks).await {
                    Ok(png) => png,
                    Err(reason) => {
                        tracing::warn!(%mask_key, %reason, "mask refinement failed");
                        format!("ERR {reason}").into_bytes()
                    }
                };
                tracing::debug!(%mask_key, took_ms = started.elapsed().as_millis() as u64, "mask refined");
                let reply = match request_id {
                    Some(id) => frame_reply(id, &reply),
                    None => reply,
                };
                redis_quiet::<i64>(conn, redis::cmd("LPUSH").arg(reply_key).arg(reply)).await;
                // Nobody may be waiting any more (the request timed out).
                redis_quiet::<i64>(conn, redis::cmd("EXPIRE").arg(reply_key).arg(60)).await;
            }
            // Done with it: the user's place is free again.
            if let (Some(set), Some(id)) = (in_flight_key, request_id) {
                redis_quiet::<i64>(conn, redis::cmd("ZREM").arg(set).arg(id)).await;
            }
        }
    }
}

/// The refined mask as PNG bytes.
async fn refine(
    ctx: &WorkerContext,
    image_key: &str,
    mask_key: &str,
    clicks: &[RefineClick],
) -> Result<Vec<u8>, String> {
    let image = ctx.blobs.get(image_key).await.map_err(|e| e.to_string())?;
    let mask = ctx.blobs.get(mask_key).await.map_err(|e| e.to_string())?;
    let clicks: Vec<Click> = clicks.iter().map(|c| Click { x: c.x, y: c.y, keep: c.keep }).collect();
    tokio::task::spawn_blocking(move || -> Result<Vec<u8>, String> {
        let rgb = image::load_from_memory(&image).map_err(|e| e.to_string())?.to_rgb8();
        let mask = image::load_from_memory(&mask).map_err(|e| e.to_string())?.to_luma8();
        let out = refine_mask(&rgb, &mask, &clicks, &RefineOptions::default()).map_err(|e| e.to_string())?;
        encode(&DynamicImage::ImageLuma8(out), true)
    })
    .await
    .map_err(|e| format!("refinement panicked: {e}"))?
}

/// Reads the result, resizes or upscales it to the target long side and
/// stores it under the prepared key (PNG stays PNG, keeping alpha; other
/// formats become JPEG).
async fn prepare_download(
    ctx: &WorkerContext,
    session: Option<&Arc<UpscaleSession>>,
    source_key: &str,
    target_key: &str,
    quality: DownloadQuality,
    long_side: u32,
) -> Result<(), String> {
    let data = ctx.blobs.get(source_key).await.map_err(|e| e.to_string())?;
    let session = session.cloned();
    let png = target_key.ends_with(".png");
    let encoded = tokio::task::spawn_blocking(move || -> Result<Vec<u8>, String> {
        let img = image::load_from_memory(&data).map_err(|e| format!("result is not a readable image: {e}"))?;
        let out = match quality {
            DownloadQuality::Standard => resize_long_side(&img, long_side),
            DownloadQuality::TwoK => session
                .ok_or("this node has no upscale model")?
                .upscale_to_long_side(&img, long_side, TileOptions::default(), |_, _| {})
                .map_err(|e| e.to_string())?,
        };
        encode(&out, png)
    })
    .await
    .map_err(|e| format!("upscale panicked: {e}"))??;
    ctx.blobs.put(target_key, &encoded).await.map_err(|e| e.to_string())
}

fn encode(img: &DynamicImage, png: bool) -> Result<Vec<u8>, String> {
    let mut buf = Cursor::new(Vec::new());
    if png {
        img.write_to(&mut buf, ImageFormat::Png).map_err(|e| e.to_string())?;
    } else {
        let rgb = DynamicImage::ImageRgb8(img.to_rgb8());
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut buf, 92)
            .encode_image(&rgb)
            .map_err(|e| e.to_string())?;
    }
    Ok(buf.into_inner())
}
