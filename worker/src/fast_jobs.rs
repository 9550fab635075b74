//! The fast-job consumers (see `pixmart_shared::fast_jobs`): work that is
//! not a generation task. Two loops per node, each one job at a time and on
//! its own Redis connection (BRPOP blocks the connection it runs on):
//! cutout refinements (every node) and standard/2K downloads (nodes that
//! loaded a Real-ESRGAN model; a 2K upscale spreads its tiles over every
//! core it is given, reports its progress and stops when cancelled).
//! Like the queue consumers they follow the operator's pause and drain.

use std::io::Cursor;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use image::{DynamicImage, ImageFormat};
use pixmart_models::refine::{refine_mask, Click, RefineOptions};
use pixmart_models::upscale::{
    resize_long_side, RouteOptions, TileOptions, UpscaleSession, REALESRGAN_FAST_FILE, REALESRGAN_X4PLUS_FILE,
};
use pixmart_models::{ModelError, OrtRuntime};
use pixmart_shared::domain::download::DownloadQuality;
use pixmart_shared::fast_jobs::downloads::Preparation;
use pixmart_shared::fast_jobs::refinements::{self, Place};
use pixmart_shared::fast_jobs::{fast_queue, frame_reply, refine_queue, FastJob, RefineClick};
use redis::aio::MultiplexedConnection;
use tokio::sync::watch;

use crate::WorkerContext;

/// How long one BRPOP waits before the loop looks at the stop signal again.
const POP_TIMEOUT_SECS: f64 = 1.0;
/// How often the in-progress marker is renewed while a job runs.
const MARKER_REFRESH: Duration = Duration::from_secs(30);
/// How often a running preparation publishes its progress and looks for a
/// cancel.
const PROGRESS_EVERY: Duration = Duration::from_millis(500);

/// Starts the consumers: refinements on every node (they need no model
/// file), downloads only where a Real-ESRGAN model loads (the fast compact
/// one when fetched, else x4plus), so any node that pops a download can
/// finish it.
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
    let candidates = [REALESRGAN_FAST_FILE, REALESRGAN_X4PLUS_FILE].map(|f| s.models.dir.join(f));
    let Some(path) = candidates.iter().find(|p| p.is_file()).cloned().filter(|_| OrtRuntime::is_initialised()) else {
        tracing::info!(dir = %s.models.dir.display(), "Real-ESRGAN not available: this node prepares no downloads");
        return handles;
    };
    let threads = s.models.intra_threads.max(1);
    let queue = fast_queue(&s.redis.namespace, &s.worker.pool);
    // The compact model: one single-threaded session per core, tiles side
    // by side (measured 0.8–0.9× the time of one session on every core,
    // docs/upscale.md). x4plus: one session (its ×4 tail is memory-hungry).
    let compact = path.ends_with(REALESRGAN_FAST_FILE);
    let (parallel, tiles) = (if compact { threads } else { 1 }, TileOptions::default());
    handles.push(tokio::spawn(async move {
        let loaded = tokio::task::spawn_blocking(move || UpscaleSession::load_parallel(&path, threads, parallel)).await;
        match loaded {
            Ok(Ok(session)) => {
                tracing::info!(compact, "Real-ESRGAN loaded; preparing downloads");
                let upscaler = Upscaler { session: Arc::new(session), tiles };
                consume(ctx, Some(upscaler), queue, Gate { stop, accepting }).await;
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
/// A loaded model and the tiles it runs best with.
#[derive(Clone)]
pub struct Upscaler {
    pub session: Arc<UpscaleSession>,
    pub tiles: TileOptions,
}

async fn consume(ctx: Arc<WorkerContext>, session: Option<Upscaler>, queue: String, mut gate: Gate) {
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
        let popped = pixmart_shared::fast_jobs::pop(c, &queue, POP_TIMEOUT_SECS).await;
        match popped {
            // Paused or drained while the pop waited: the job goes back.
            Ok(Some(payload)) if !gate.accepting() || gate.stopping() => {
                quiet(pixmart_shared::fast_jobs::give_back(c, &queue, &payload).await);
            }
            Ok(Some(payload)) => match serde_json::from_str::<FastJob>(&payload) {
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

/// A Redis failure in the download protocol costs the user a retry at most
/// (the marker expires): logged, not fatal.
fn quiet(result: redis::RedisResult<()>) {
    if let Err(e) = result {
        tracing::warn!(error = %e, "fast jobs: Redis command failed");
    }
}

/// Runs one job and clears its in-progress marker (recording a failure for
/// the status call). Public so tests can drive a job directly.
pub async fn run_job(ctx: &WorkerContext, session: Option<&Upscaler>, conn: &mut MultiplexedConnection, job: &FastJob) {
    let ns = &ctx.settings.redis.namespace;
    match job {
        FastJob::PrepareDownload { job_id, source_key, target_key, quality, long_side, .. } => {
            let preparation = Preparation { namespace: ns, target_key };
            if preparation.is_cancelled(conn, job_id).await {
                tracing::info!(%target_key, "download cancelled before it started");
                return;
            }
            quiet(preparation.keep_alive(conn).await);
            let control = Arc::new(Control::default());
            let work = prepare_download(ctx, session, source_key, target_key, *quality, *long_side, control.clone());
            tokio::pin!(work);
            let mut refresh = tokio::time::interval(MARKER_REFRESH);
            refresh.tick().await;
            let mut tick = tokio::time::interval(PROGRESS_EVERY);
            let mut published = (0, 0);
            let outcome = loop {
                tokio::select! {
                    r = &mut work => break r,
                    _ = refresh.tick() => {
                        if !control.cancelled.load(Ordering::Relaxed) {
                            quiet(preparation.keep_alive(conn).await);
                        }
                    }
                    _ = tick.tick() => {
                        if preparation.is_cancelled(conn, job_id).await {
                            control.cancelled.store(true, Ordering::Relaxed);
                        }
                        let now = (control.done.load(Ordering::Relaxed), control.total.load(Ordering::Relaxed));
                        if now != published && now.1 > 0 {
                            published = now;
                            quiet(preparation.publish_progress(conn, now.0, now.1).await);
                        }
                    }
                }
            };
            match &outcome {
                Ok(()) => tracing::info!(%target_key, "download prepared"),
                Err(Stop::Cancelled) => tracing::info!(%target_key, "download cancelled"),
                Err(Stop::Failed(reason)) => {
                    tracing::warn!(%target_key, %reason, "preparing a download failed");
                    quiet(preparation.fail(conn, reason).await);
                }
            }
            quiet(preparation.end(conn, job_id).await);
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
                quiet(refinements::reply(conn, reply_key, &reply).await);
            }
            // Done with it: the user's place is free again.
            if let (Some(in_flight_key), Some(request_id)) = (in_flight_key, request_id) {
                quiet(Place { in_flight_key, request_id }.release(conn).await);
            }
        }
    }
}

/// Shared between a preparation's blocking work and the loop that
/// publishes its progress and relays a cancel.
#[derive(Debug, Default)]
struct Control {
    cancelled: AtomicBool,
    done: AtomicUsize,
    total: AtomicUsize,
}

/// Why a preparation ended without a file.
#[derive(Debug)]
enum Stop {
    Cancelled,
    Failed(String),
}

impl From<String> for Stop {
    fn from(reason: String) -> Self {
        Stop::Failed(reason)
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
/// formats become JPEG). Tiles done are counted in `control`, and a cancel
/// there stops the model between tiles.
async fn prepare_download(
    ctx: &WorkerContext,
    session: Option<&Upscaler>,
    source_key: &str,
    target_key: &str,
    quality: DownloadQuality,
    long_side: u32,
    control: Arc<Control>,
) -> Result<(), Stop> {
    let data = ctx.blobs.get(source_key).await.map_err(|e| e.to_string())?;
    let session = session.cloned();
    let png = target_key.ends_with(".png");
    let encoded = tokio::task::spawn_blocking(move || -> Result<Vec<u8>, Stop> {
        let img = image::load_from_memory(&data).map_err(|e| format!("result is not a readable image: {e}"))?;
        let out = match quality {
            DownloadQuality::Standard => resize_long_side(&img, long_side),
            DownloadQuality::TwoK => {
                let on_tile = |done: usize, total: usize| {
                    control.done.store(done, Ordering::Relaxed);
                    control.total.store(total, Ordering::Relaxed);
                    if control.cancelled.load(Ordering::Relaxed) {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                };
                let up = session.ok_or_else(|| "this node has no upscale model".to_owned())?;
                match up.session.upscale_to_long_side(&img, long_side, up.tiles, RouteOptions::default(), on_tile) {
                    Ok(out) => out,
                    Err(ModelError::Cancelled) => return Err(Stop::Cancelled),
                    Err(e) => return Err(Stop::Failed(e.to_string())),
                }
            }
        };
        Ok(encode(&out, png)?)
    })
    .await
    .map_err(|e| format!("upscale panicked: {e}"))??;
    ctx.blobs.put(target_key, &encoded).await.map_err(|e| Stop::Failed(e.to_string()))
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
