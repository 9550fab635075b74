//! `GET /api/capabilities` and the submit gate: whether the caller's pool
//! can run each task type, and otherwise which model is missing and how an
//! operator installs it. The decision is `store::capabilities`'; this file
//! shapes answers (admins also see which pools lack a type).

use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use chrono::Utc;
use pixmart_shared::db::store::capabilities::{self as cap_store, BizCapability, Windows};
use pixmart_shared::db::store::{admins, dispatch as dispatch_store, tenants};
use pixmart_shared::domain::UserId;
use pixmart_shared::ErrorCode;
use serde_json::{json, Map, Value};

use crate::auth::optional::OptionalUser;
use crate::error::ApiResult;
use crate::{dispatch, envelope, lang, AppState};

pub(crate) fn windows(state: &AppState) -> Windows {
    let memory = i64::try_from(state.settings.models.capability_memory_secs).unwrap_or(86_400);
    Windows { memory_since: Utc::now() - chrono::Duration::seconds(memory), live_since: dispatch::live_since(state) }
}

/// The caller's pool, whether their tenant refuses non-commercial models,
/// and whether they are an admin. Visitors: the default pool.
async fn caller(state: &AppState, user: Option<UserId>) -> ApiResult<(String, bool, bool)> {
    let Some(user) = user else { return Ok(("default".to_owned(), false, false)) };
    let pool = dispatch_store::route_for(&state.db, user).await?.pool;
    let refuse =
        tenants::tenant_of_user(&state.db, user).await?.is_some_and(|t| t.switches.refuse_non_commercial_models);
    Ok((pool, refuse, admins::is_admin(&state.db, user).await?))
}

/// `GET /api/capabilities`: `{pool, bizTypes: {BIZ: {state, missingModels,
/// lackingPools}}}`; `lackingPools` is filled for admins only.
pub async fn list(state: web::Data<AppState>, who: OptionalUser) -> ApiResult<HttpResponse> {
    let (pool, refuse, admin) = caller(&state, who.0).await?;
    let w = windows(&state);
    let caps = cap_store::capabilities_for_pool(&state.db, &pool, w, refuse).await?;
    let lacking = if admin { Some(cap_store::pools_lacking(&state.db, w, &[]).await?) } else { None };
    let mut out = Map::new();
    for cap in caps {
        let pools: Vec<&str> = lacking
            .iter()
            .flatten()
            .filter(|(_, types)| types.iter().any(|c| c.biz_type == cap.biz_type))
            .map(|(p, _)| p.as_str())
            .collect();
        out.insert(cap.biz_type.as_str().to_owned(), describe(&cap, &pools));
    }
    Ok(envelope::ok(json!({ "pool": pool, "bizTypes": out })))
}

fn describe(cap: &BizCapability, lacking_pools: &[&str]) -> Value {
    json!({
        "bizType": cap.biz_type,
        "state": cap.state,
        "missingModels": cap.missing_models,
        "lackingPools": lacking_pools,
    })
}

/// `{code, msg, error, data: {bizType, state, missingModels[, pool]}}`;
/// the message names the missing models; admins also get the pool.
pub(crate) fn refusal(code: ErrorCode, cap: &BizCapability, admin_pool: Option<&str>) -> HttpResponse {
    let mut msg = code.message(lang::current()).replace("{models}", &cap.missing_names());
    let mut data = describe(cap, &[]);
    if let (Some(pool), Some(obj)) = (admin_pool, data.as_object_mut()) {
        obj.insert("pool".to_owned(), json!(pool));
        msg = format!("{msg} [pool: {pool}]");
    }
    let status = StatusCode::from_u16(code.http_status()).unwrap_or(StatusCode::SERVICE_UNAVAILABLE);
    HttpResponse::build(status).json(json!({
        "code": code.number(),
        "msg": msg,
        "error": code.id(),
        "data": data,
    }))
}
