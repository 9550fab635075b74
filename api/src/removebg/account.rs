//! `GET /v1.0/account`: remove.bg's balance call, which plugins use to check
//! a key and to show what is left. Credits are the key owner's lingshi:
//! `subscription` the plan's, `payg` the top-ups', and `free_calls` how many
//! cutouts the free gift still pays for; `total` counts all three.

use actix_web::{web, HttpRequest, HttpResponse};
use pixmart_shared::db::store::ledger;
use pixmart_shared::domain::BizType;
use serde_json::json;

use super::answer::{self, Failure};
use super::key;
use crate::AppState;

pub async fn account(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    match balance(&state, &req).await {
        Ok(body) => HttpResponse::Ok().json(body),
        Err(failure) => answer::respond(&failure),
    }
}

async fn balance(state: &AppState, req: &HttpRequest) -> Result<serde_json::Value, Failure> {
    let owner = key::authenticate(state, req).await?;
    key::count_call(state, owner).await?;
    let b = ledger::balances(&state.db, owner.user).await?;
    let per_call = i64::from(BizType::MattingImage.cost().get()).max(1);
    Ok(json!({
        "data": { "attributes": {
            "credits": { "total": b.total(), "subscription": b.plan, "payg": b.topup, "enterprise": 0 },
            "api": { "free_calls": b.free / per_call, "sizes": "all" },
        } }
    }))
}
