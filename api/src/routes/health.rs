use actix_web::{web, HttpResponse};
use chrono::Utc;
use pixmart_shared::db::{self, store::workers};
use serde_json::json;

use crate::AppState;

/// Live workers are those that heart-beat within this window.
const WORKER_LIVENESS_SECS: i64 = 30;

pub async fn health(state: web::Data<AppState>) -> HttpResponse {
    let database_ok = db::ping(&state.db).await.is_ok();
    let redis_ok = state.dispatcher.ping().await;
    let since = Utc::now() - chrono::Duration::seconds(WORKER_LIVENESS_SECS);
    let workers = workers::count_live_workers(&state.db, since).await.unwrap_or(0);
    let word = |ok: bool| if ok { "ok" } else { "down" };
    let body = json!({
        "code": if database_ok { 0 } else { 5003 },
        "msg": "",
        "data": { "database": word(database_ok), "redis": word(redis_ok), "workers": workers },
    });
    if database_ok {
        HttpResponse::Ok().json(body)
    } else {
        HttpResponse::ServiceUnavailable().json(body)
    }
}
