use actix_web::get;
use actix_web::{web, HttpResponse};
use pixmart_shared::db::store::capabilities::{self, CapabilityState};
use pixmart_shared::db::store::dispatch as dispatch_store;
use pixmart_shared::domain::BizType;
use pixmart_shared::jobs::QueueKey;
use serde::Serialize;

use super::AdminUser;
use crate::dto::ListDto;
use crate::envelope::{self, Envelope};
use crate::error::ApiResult;
use crate::AppState;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueueDepthDto {
    biz_type: String,
    pool: String,
    lane: String,
    /// The Redis queue its jobs go to.
    queue: String,
    /// NEW tasks still in the database (the dispatcher sends them on).
    waiting: u64,
    /// NEW tasks whose job is in Redis.
    dispatched: u64,
    running: u64,
    /// Jobs in the Redis queue now (`null` when Redis does not answer);
    /// shared by the lanes and task types of one queue.
    redis_depth: Option<u64>,
}

/// `GET /api/admin/queues`: `{list: [depth]}` by task type, pool and lane.
#[utoipa::path(
    tag = "admin",
    responses((status = 200, description = "Queue depths per family and pool.", body = Envelope<ListDto<QueueDepthDto>>)),
    security(("bearer" = []))
)]
#[get("/admin/queues")]
pub async fn depths(state: web::Data<AppState>, _admin: AdminUser) -> ApiResult<HttpResponse> {
    let rows = dispatch_store::queue_depths(&state.db).await?;
    let mut list = Vec::with_capacity(rows.len());
    for d in rows {
        let queue = match BizType::parse(&d.biz_type) {
            Ok(biz) => QueueKey::for_task(biz, Some(&d.pool)).name(state.dispatcher.namespace()),
            Err(_) => String::new(),
        };
        let redis_depth = if queue.is_empty() { None } else { state.dispatcher.depth(&queue).await.ok() };
        list.push(QueueDepthDto {
            biz_type: d.biz_type,
            pool: d.pool,
            lane: d.lane,
            queue,
            waiting: d.waiting,
            dispatched: d.dispatched,
            running: d.running,
            redis_depth,
        });
    }
    Ok(envelope::ok(ListDto { list }))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PoolDto {
    pool: String,
    /// Tenants assigned to this pool.
    tenants: Vec<i64>,
    live_workers: u64,
    live_concurrency: u64,
    queued_tasks: u64,
    running_tasks: u64,
    /// No live worker: its tasks wait until one starts with `--pool`.
    no_live_worker: bool,
    /// No live worker and tasks are waiting.
    stranded: bool,
    /// Task types no node of the pool served within the capability memory
    /// window, with the models its nodes lack.
    lacking: Vec<LackingDto>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LackingDto {
    biz_type: &'static str,
    /// `modelMissing` or `noWorker`.
    state: CapabilityState,
    missing_models: Vec<String>,
}

/// `GET /api/admin/pools`: `{list: [pool]}`.
#[utoipa::path(
    tag = "admin",
    responses((status = 200, description = "Pools with their nodes and capabilities.", body = Envelope<ListDto<PoolDto>>)),
    security(("bearer" = []))
)]
#[get("/admin/pools")]
pub async fn pools(state: web::Data<AppState>, _admin: AdminUser) -> ApiResult<HttpResponse> {
    let rows = dispatch_store::pools_overview(&state.db, super::live_since(&state)).await?;
    let names: Vec<String> = rows.iter().map(|p| p.pool.clone()).collect();
    let windows = crate::routes::capabilities::windows(&state);
    let mut lacking = capabilities::pools_lacking(&state.db, windows, &names).await?;
    let list: Vec<PoolDto> = rows
        .into_iter()
        .map(|p| PoolDto {
            lacking: lacking
                .remove(&p.pool)
                .unwrap_or_default()
                .into_iter()
                .map(|c| LackingDto {
                    biz_type: c.biz_type.as_str(),
                    state: c.state,
                    missing_models: c.missing_models.into_iter().map(|m| m.id).collect(),
                })
                .collect(),
            no_live_worker: p.live_workers == 0,
            stranded: p.is_stranded(),
            pool: p.pool,
            tenants: p.tenants,
            live_workers: p.live_workers,
            live_concurrency: p.live_concurrency,
            queued_tasks: p.queued_tasks,
            running_tasks: p.running_tasks,
        })
        .collect();
    Ok(envelope::ok(ListDto { list }))
}
