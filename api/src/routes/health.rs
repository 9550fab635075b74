use actix_web::get;
use actix_web::{web, HttpResponse};
use chrono::Utc;
use pixmart_shared::db::{self, store::workers};
use serde::Serialize;
use utoipa::ToSchema;

use crate::envelope::Envelope;
use crate::AppState;

/// Live workers are those that heart-beat within this window.
const WORKER_LIVENESS_SECS: i64 = 30;

#[derive(Debug, Serialize, ToSchema)]
pub struct HealthDto {
    /// `ok` or `down`.
    database: &'static str,
    /// `ok` or `down`.
    redis: &'static str,
    /// Worker nodes that heart-beat in the last 30 seconds.
    workers: u64,
}

/// `GET /api/health`: 200 while the database answers, else 503 with code
/// 5003 in the same envelope.
#[utoipa::path(
    tag = "meta",
    responses(
        (status = 200, description = "The database answers.", body = Envelope<HealthDto>),
        (status = 503, description = "The database does not answer (code 5003).", body = Envelope<HealthDto>)
    )
)]
#[get("/health")]
pub async fn health(state: web::Data<AppState>) -> HttpResponse {
    let database_ok = db::ping(&state.db).await.is_ok();
    let redis_ok = state.dispatcher.ping().await;
    let since = Utc::now() - chrono::Duration::seconds(WORKER_LIVENESS_SECS);
    let workers = workers::count_live_workers(&state.db, since).await.unwrap_or(0);
    let word = |ok: bool| if ok { "ok" } else { "down" };
    let body = Envelope {
        code: if database_ok { 0 } else { 5003 },
        msg: String::new(),
        data: HealthDto { database: word(database_ok), redis: word(redis_ok), workers },
    };
    if database_ok {
        HttpResponse::Ok().json(body)
    } else {
        HttpResponse::ServiceUnavailable().json(body)
    }
}
