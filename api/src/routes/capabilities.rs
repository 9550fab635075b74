//! `GET /api/capabilities` and the submit gate: whether the caller's pool
//! can run each task type, and otherwise which model is missing and how an
//! operator installs it. The decision is `store::capabilities`'; this file
//! shapes answers (admins also see which pools lack a type).

use actix_web::get;
use actix_web::{web, HttpResponse};
use chrono::Utc;
use std::collections::BTreeMap;

use pixmart_shared::db::store::capabilities::{
    self as cap_store, BizCapability, CapabilityState, MissingModel, Windows,
};
use pixmart_shared::db::store::{admins, dispatch as dispatch_store, tenants};
use pixmart_shared::domain::{BizType, UserId};
use pixmart_shared::ErrorCode;
use serde::Serialize;
use utoipa::ToSchema;

use crate::auth::optional::OptionalUser;
use crate::envelope::Envelope;
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
#[utoipa::path(
    tag = "tasks",
    responses((status = 200, description = "Whether the caller's pool can run each task type, and which models are missing.", body = Envelope<CapabilitiesDto>))
)]
#[get("/capabilities")]
pub async fn list(state: web::Data<AppState>, who: OptionalUser) -> ApiResult<HttpResponse> {
    let (pool, refuse, admin) = caller(&state, who.0).await?;
    let w = windows(&state);
    let caps = cap_store::capabilities_for_pool(&state.db, &pool, w, refuse).await?;
    let lacking = if admin { Some(cap_store::pools_lacking(&state.db, w, &[]).await?) } else { None };
    let mut biz_types = BTreeMap::new();
    for cap in caps {
        let pools: Vec<String> = lacking
            .iter()
            .flatten()
            .filter(|(_, types)| types.iter().any(|c| c.biz_type == cap.biz_type))
            .map(|(p, _)| p.clone())
            .collect();
        biz_types.insert(cap.biz_type.as_str(), CapabilityDto::of(&cap, pools));
    }
    Ok(envelope::ok(CapabilitiesDto { pool, biz_types }))
}

/// The caller's pool and, per task type, whether it can run there.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CapabilitiesDto {
    pool: String,
    /// Keyed by task type (`bizType`).
    biz_types: BTreeMap<&'static str, CapabilityDto>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CapabilityDto {
    biz_type: BizType,
    state: CapabilityState,
    missing_models: Vec<MissingModel>,
    /// Pools that cannot run it (admins only; empty otherwise).
    lacking_pools: Vec<String>,
    /// The caller's pool, in an admin's refusal only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pool: Option<String>,
}

impl CapabilityDto {
    fn of(cap: &BizCapability, lacking_pools: Vec<String>) -> Self {
        CapabilityDto {
            biz_type: cap.biz_type,
            state: cap.state,
            missing_models: cap.missing_models.clone(),
            lacking_pools,
            pool: None,
        }
    }
}

/// `{code, msg, error, data: {bizType, state, missingModels[, pool]}}`;
/// the message names the missing models; admins also get the pool.
pub(crate) fn refusal(code: ErrorCode, cap: &BizCapability, admin_pool: Option<&str>) -> HttpResponse {
    let mut msg = code.message(lang::current()).replace("{models}", &cap.missing_names());
    let mut data = CapabilityDto::of(cap, Vec::new());
    if let Some(pool) = admin_pool {
        data.pool = Some(pool.to_owned());
        msg = format!("{msg} [pool: {pool}]");
    }
    envelope::failure(code, msg, serde_json::to_value(data).unwrap_or_default())
}
