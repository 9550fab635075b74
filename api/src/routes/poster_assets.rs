//! Poster materials (`/modi-poster-material`): the caller's images and logos
//! for posters, and those shared with the caller's tenant.
//!
//! - `GET /api/poster-assets?cursor_id&updated_at_start&updated_at_end&content_type&scope&size`
//!   pages by cursor, newest change first (the spec's poster asset list:
//!   `cds_asset_infos` and the next `cursor_id`, null on the last page).
//! - `POST /api/poster-assets {uploadId, name?, contentType?, shared?}` adds
//!   one of the caller's image uploads; the same upload again answers the
//!   asset it already is.
//! - `GET`, `PATCH`, `DELETE /api/poster-assets/{id}`: read (owner or team),
//!   change and remove (owner only). Removing an asset leaves its upload to
//!   the upload sweeper, which keeps it while any task still names it.

use std::collections::HashMap;

use actix_web::{delete, get, patch, post};
use actix_web::{web, HttpResponse};
use chrono::Utc;
use pixmart_shared::db::store::poster_assets::{self as asset_store, Added, Viewer};
use pixmart_shared::db::store::tenants as tenant_store;
use pixmart_shared::db::store::uploads::{self as upload_store, UploadRecord};
use pixmart_shared::domain::poster_asset::{
    AddAsset, AddAssetBody, AssetChange, AssetCursor, AssetKind, AssetName, AssetQuery, AssetQueryParams,
    ChangeAssetBody, PosterAsset, MAX_ASSETS_PER_USER,
};
use pixmart_shared::domain::task_spec::parse_upload_url;
use pixmart_shared::domain::{PosterAssetId, UploadId};
use pixmart_shared::ErrorCode;
use serde::Serialize;

use crate::auth::AuthUser;
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::AppState;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PosterAsset)]
struct PosterAssetDto {
    id: String,
    upload_id: String,
    name: String,
    content_type: AssetKind,
    /// The picture (`/api/files/uploads/<id>`).
    url: String,
    width: u32,
    height: u32,
    size_bytes: u64,
    /// Shared with the caller's tenant.
    shared: bool,
    /// The caller added it (and so may change or remove it).
    mine: bool,
    /// Milliseconds since the epoch.
    created_at: i64,
    /// Milliseconds since the epoch.
    updated_at: i64,
}

impl PosterAssetDto {
    fn new(a: PosterAsset, upload: &UploadRecord, viewer: Viewer) -> Self {
        PosterAssetDto {
            id: a.id.to_string(),
            upload_id: a.upload.to_string(),
            name: a.name,
            content_type: a.kind,
            url: format!("/api/files/{}", upload.storage_key),
            width: upload.width,
            height: upload.height,
            size_bytes: upload.size_bytes,
            shared: a.shared_with.is_some(),
            mine: a.owner == viewer.user,
            created_at: a.created_at.timestamp_millis(),
            updated_at: a.updated_at_ms,
        }
    }
}

/// The spec's names: `cds_asset_infos` and `cursor_id`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = PosterAssetPage)]
struct PosterAssetPageDto {
    cds_asset_infos: Vec<PosterAssetDto>,
    /// Pass back for the next page; null on the last.
    cursor_id: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = PosterAssetRemoved)]
struct RemovedDto {
    removed: bool,
}

async fn viewer(state: &AppState, me: &AuthUser) -> ApiResult<Viewer> {
    let tenant = tenant_store::tenant_of_user(&state.db, me.id).await?.map(|t| t.id);
    Ok(Viewer { user: me.id, tenant })
}

fn not_found() -> ApiError {
    ApiError::new(ErrorCode::PosterAssetNotFound)
}

/// The DTOs of `assets` in order; an asset whose upload is gone is left out
/// (its row goes with the user, its upload cannot go while it refers to it).
async fn dtos(state: &AppState, assets: Vec<PosterAsset>, viewer: Viewer) -> ApiResult<Vec<PosterAssetDto>> {
    let ids: Vec<UploadId> = assets.iter().map(|a| a.upload).collect();
    let uploads: HashMap<UploadId, UploadRecord> =
        upload_store::get_many(&state.db, &ids).await?.into_iter().map(|u| (u.id, u)).collect();
    Ok(assets
        .into_iter()
        .filter_map(|a| {
            let upload = uploads.get(&a.upload)?;
            Some(PosterAssetDto::new(a, upload, viewer))
        })
        .collect())
}

async fn one(state: &AppState, asset: PosterAsset, viewer: Viewer) -> ApiResult<PosterAssetDto> {
    dtos(state, vec![asset], viewer).await?.pop().ok_or_else(not_found)
}

/// `GET /api/poster-assets`.
#[utoipa::path(
    tag = "posters",
    params(AssetQueryParams),
    responses((status = 200, description = "A page of materials, newest change first.", body = Envelope<PosterAssetPageDto>)),
    security(("bearer" = []))
)]
#[get("/poster-assets")]
pub async fn list(
    state: web::Data<AppState>,
    me: AuthUser,
    q: web::Query<AssetQueryParams>,
) -> ApiResult<HttpResponse> {
    let query = AssetQuery::parse(&q)?;
    let viewer = viewer(&state, &me).await?;
    let (assets, more) = asset_store::list(&state.db, viewer, &query).await?;
    let cursor = if more {
        assets.last().map(|a| AssetCursor { updated_at_ms: a.updated_at_ms, id: a.id }.encode())
    } else {
        None
    };
    let items = dtos(&state, assets, viewer).await?;
    Ok(envelope::ok(PosterAssetPageDto { cds_asset_infos: items, cursor_id: cursor }))
}

/// `POST /api/poster-assets`.
#[utoipa::path(
    tag = "posters",
    request_body(content = AddAssetBody),
    responses((status = 200, description = "The material (the existing one if the upload was added before).", body = Envelope<PosterAssetDto>)),
    security(("bearer" = []))
)]
#[post("/poster-assets")]
pub async fn add(state: web::Data<AppState>, me: AuthUser, body: web::Json<AddAssetBody>) -> ApiResult<HttpResponse> {
    let req = AddAsset::parse(&body)?;
    let image_not_found = || ApiError::with_field(ErrorCode::ImageNotFound, "uploadId");
    // The id, or the URL the upload answered with.
    let upload_id: UploadId =
        req.upload.parse().ok().or_else(|| parse_upload_url(&req.upload)).ok_or_else(image_not_found)?;
    let upload = upload_store::get_upload(&state.db, upload_id)
        .await?
        .filter(|u| u.owner == me.id && u.format.image().is_some())
        .ok_or_else(image_not_found)?;
    let viewer = viewer(&state, &me).await?;
    if let Some(existing) = asset_store::find_by_upload(&state.db, me.id, upload_id).await? {
        return Ok(envelope::ok(PosterAssetDto::new(existing, &upload, viewer)));
    }
    let shared_with = match (req.shared, viewer.tenant) {
        (false, _) => None,
        (true, Some(tenant)) => Some(tenant),
        (true, None) => return Err(ApiError::with_field(ErrorCode::PosterAssetNoTenant, "shared")),
    };
    if asset_store::count_owned(&state.db, me.id).await? >= MAX_ASSETS_PER_USER {
        return Err(ApiError::new(ErrorCode::PosterAssetLimit));
    }
    let now = Utc::now();
    let asset = PosterAsset {
        id: PosterAssetId::new(),
        owner: me.id,
        upload: upload_id,
        name: req.name.unwrap_or_else(|| AssetName::default_for(now)).as_str().to_owned(),
        kind: req.kind,
        shared_with,
        created_at: now,
        updated_at_ms: now.timestamp_millis(),
    };
    let asset = match asset_store::insert(&state.db, &asset).await? {
        Added::New(a) | Added::Existing(a) => a,
    };
    Ok(envelope::ok(PosterAssetDto::new(asset, &upload, viewer)))
}

/// `GET /api/poster-assets/{id}`.
#[utoipa::path(
    tag = "posters",
    params(("id" = String, Path, description = "The material's id.")),
    responses((status = 200, description = "The material, if the caller or the caller's team has it.", body = Envelope<PosterAssetDto>)),
    security(("bearer" = []))
)]
#[get("/poster-assets/{id}")]
pub async fn get(state: web::Data<AppState>, me: AuthUser, path: web::Path<String>) -> ApiResult<HttpResponse> {
    let id: PosterAssetId = path.parse().map_err(|_| not_found())?;
    let viewer = viewer(&state, &me).await?;
    let asset = asset_store::get_visible(&state.db, viewer, id).await?.ok_or_else(not_found)?;
    Ok(envelope::ok(one(&state, asset, viewer).await?))
}

/// Someone else's asset the caller sees is not theirs to change; one the
/// caller does not see does not exist.
async fn refuse_not_owner(state: &AppState, viewer: Viewer, id: PosterAssetId) -> ApiError {
    match asset_store::get_visible(&state.db, viewer, id).await {
        Ok(Some(_)) => ApiError::new(ErrorCode::PosterAssetNotYours),
        Ok(None) => not_found(),
        Err(e) => e.into(),
    }
}

/// `PATCH /api/poster-assets/{id}`.
#[utoipa::path(
    tag = "posters",
    params(("id" = String, Path, description = "The material's id.")),
    request_body(content = ChangeAssetBody),
    responses((status = 200, description = "The changed material.", body = Envelope<PosterAssetDto>)),
    security(("bearer" = []))
)]
#[patch("/poster-assets/{id}")]
pub async fn change(
    state: web::Data<AppState>,
    me: AuthUser,
    path: web::Path<String>,
    body: web::Json<ChangeAssetBody>,
) -> ApiResult<HttpResponse> {
    let id: PosterAssetId = path.parse().map_err(|_| not_found())?;
    let change = AssetChange::parse(&body)?;
    let viewer = viewer(&state, &me).await?;
    if change.shared == Some(true) && viewer.tenant.is_none() {
        return Err(ApiError::with_field(ErrorCode::PosterAssetNoTenant, "shared"));
    }
    let now_ms = Utc::now().timestamp_millis();
    match asset_store::change(&state.db, me.id, id, &change, viewer.tenant, now_ms).await? {
        Some(asset) => Ok(envelope::ok(one(&state, asset, viewer).await?)),
        None => Err(refuse_not_owner(&state, viewer, id).await),
    }
}

/// `DELETE /api/poster-assets/{id}`.
#[utoipa::path(
    tag = "posters",
    params(("id" = String, Path, description = "The material's id.")),
    responses((status = 200, description = "Removed.", body = Envelope<RemovedDto>)),
    security(("bearer" = []))
)]
#[delete("/poster-assets/{id}")]
pub async fn remove(state: web::Data<AppState>, me: AuthUser, path: web::Path<String>) -> ApiResult<HttpResponse> {
    let id: PosterAssetId = path.parse().map_err(|_| not_found())?;
    if asset_store::delete(&state.db, me.id, id).await? {
        return Ok(envelope::ok(RemovedDto { removed: true }));
    }
    let viewer = viewer(&state, &me).await?;
    Err(refuse_not_owner(&state, viewer, id).await)
}
