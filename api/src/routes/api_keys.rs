//! The caller's API keys (personal settings): create one (its secret is in
//! this answer and nowhere else, ever), list them (name, prefix, created,
//! last used) and revoke one. The keys authenticate the remove.bg-compatible
//! API (`crate::removebg`).

use actix_web::{delete, get, post};
use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use pixmart_shared::db::store::api_keys as key_store;
use pixmart_shared::domain::{ApiKey, ApiKeyId, ApiKeyName, ApiKeySecret};
use pixmart_shared::ErrorCode;
use serde::{Deserialize, Serialize};

use crate::auth::AuthUser;
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::AppState;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CreateKeyBody {
    /// What the key is for (1 to 30 characters), e.g. the shop plugin using it.
    name: String,
}

/// A key as the list shows it: never the secret.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct ApiKeyDto {
    id: String,
    name: String,
    /// The key's first characters, to tell keys apart.
    prefix: String,
    created_at: DateTime<Utc>,
    last_used_at: Option<DateTime<Utc>>,
}

impl From<ApiKey> for ApiKeyDto {
    fn from(k: ApiKey) -> Self {
        ApiKeyDto {
            id: k.id.to_string(),
            name: k.name,
            prefix: k.prefix,
            created_at: k.created_at,
            last_used_at: k.last_used_at,
        }
    }
}

/// A new key: the list's fields and, this once, the secret itself.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct CreatedKeyDto {
    id: String,
    name: String,
    prefix: String,
    created_at: DateTime<Utc>,
    /// The secret key (`X-Api-Key`). Shown only in this answer.
    secret: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
struct ApiKeyListDto {
    list: Vec<ApiKeyDto>,
}

/// `POST /api/api-keys`.
#[utoipa::path(
    tag = "api-keys",
    request_body(content = CreateKeyBody),
    responses((status = 200, description = "The new key with its secret, shown only here.", body = Envelope<CreatedKeyDto>)),
    security(("bearer" = []))
)]
#[post("/api-keys")]
pub async fn create(
    state: web::Data<AppState>,
    me: AuthUser,
    body: web::Json<CreateKeyBody>,
) -> ApiResult<HttpResponse> {
    let name = ApiKeyName::parse(&body.name)?;
    let secret = ApiKeySecret::generate();
    let key = key_store::create(&state.db, me.id, &name, &secret, Utc::now())
        .await?
        .ok_or_else(|| ApiError::new(ErrorCode::ApiKeyLimit))?;
    Ok(envelope::ok(CreatedKeyDto {
        id: key.id.to_string(),
        name: key.name,
        prefix: key.prefix,
        created_at: key.created_at,
        secret: secret.expose().to_owned(),
    }))
}

/// `GET /api/api-keys`.
#[utoipa::path(
    tag = "api-keys",
    responses((status = 200, description = "The caller's live keys, newest first.", body = Envelope<ApiKeyListDto>)),
    security(("bearer" = []))
)]
#[get("/api-keys")]
pub async fn list(state: web::Data<AppState>, me: AuthUser) -> ApiResult<HttpResponse> {
    let keys = key_store::list(&state.db, me.id).await?;
    Ok(envelope::ok(ApiKeyListDto { list: keys.into_iter().map(ApiKeyDto::from).collect() }))
}

/// `DELETE /api/api-keys/{id}`: the key stops working at once.
#[utoipa::path(
    tag = "api-keys",
    params(("id" = String, Path, description = "The key id.")),
    responses((status = 200, description = "Revoked.", body = Envelope<bool>)),
    security(("bearer" = []))
)]
#[delete("/api-keys/{id}")]
pub async fn revoke(state: web::Data<AppState>, me: AuthUser, path: web::Path<String>) -> ApiResult<HttpResponse> {
    let not_found = || ApiError::new(ErrorCode::ApiKeyNotFound);
    let id: ApiKeyId = path.parse().map_err(|_| not_found())?;
    if !key_store::revoke(&state.db, me.id, id, Utc::now()).await? {
        return Err(not_found());
    }
    Ok(envelope::ok(true))
}
