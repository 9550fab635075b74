//! Hotspot sources and imports, for admins: the feeds the worker fleet
//! refreshes (list with their state, add, change, remove, refresh now) and
//! the IMPORT tab's files. See docs/MARKETING.md.

use actix_multipart::Multipart;
use actix_web::{delete, get, patch, post};
use actix_web::{web, HttpResponse};
use chrono::Utc;
use futures::TryStreamExt;
use pixmart_shared::db::store::hotspot_sources::{self as store, SourceRecord};
use pixmart_shared::db::store::hotspots::{self as hotspot_store, Sighting};
use pixmart_shared::domain::hotspot::{
    FeedFormat, FeedMapping, HotspotKind, HotspotOrigin, HotspotPlatform, SourceBody, SourceChange, MAX_SOURCES,
};
use pixmart_shared::domain::HotspotSourceId;
use pixmart_shared::marketing::import;
use pixmart_shared::ErrorCode;
use serde::Serialize;

use super::AdminUser;
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::AppState;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = HotspotSource)]
struct SourceDto {
    id: String,
    name: String,
    format: FeedFormat,
    url: String,
    platform: HotspotPlatform,
    kind: HotspotKind,
    interval_minutes: u32,
    enabled: bool,
    mapping: Option<FeedMapping>,
    /// Milliseconds since the epoch.
    last_fetch_at: Option<i64>,
    last_ok_at: Option<i64>,
    /// The last refresh's failure in words (cleared by a success).
    last_error: Option<String>,
    last_item_count: u32,
    next_fetch_at: i64,
    created_at: i64,
}

impl From<SourceRecord> for SourceDto {
    fn from(s: SourceRecord) -> Self {
        SourceDto {
            id: s.id.to_string(),
            name: s.spec.name,
            format: s.spec.format,
            url: s.spec.url,
            platform: s.spec.platform,
            kind: s.spec.kind,
            interval_minutes: s.spec.interval_minutes,
            enabled: s.spec.enabled,
            mapping: s.spec.mapping,
            last_fetch_at: s.last_fetch_at.map(|t| t.timestamp_millis()),
            last_ok_at: s.last_ok_at.map(|t| t.timestamp_millis()),
            last_error: s.last_error,
            last_item_count: s.last_item_count,
            next_fetch_at: s.next_fetch_at.timestamp_millis(),
            created_at: s.created_at.timestamp_millis(),
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = HotspotSourceList)]
struct SourceListDto {
    list: Vec<SourceDto>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = ImportRowError)]
struct RowErrorDto {
    /// 1 is the first data row.
    row: usize,
    message: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = ImportReport)]
struct ImportReportDto {
    imported: usize,
    /// Rows already imported before (same title and link).
    skipped: usize,
    errors: Vec<RowErrorDto>,
}

async fn source(state: &AppState, raw: &str) -> ApiResult<SourceRecord> {
    let not_found = || ApiError::new(ErrorCode::HotspotSourceNotFound);
    let id: HotspotSourceId = raw.parse().map_err(|_| not_found())?;
    store::get(&state.db, id).await?.ok_or_else(not_found)
}

/// `GET /api/admin/hotspot-sources`.
#[utoipa::path(
    tag = "admin",
    responses((status = 200, description = "Every source with its refresh state.", body = Envelope<SourceListDto>)),
    security(("bearer" = []))
)]
#[get("/admin/hotspot-sources")]
pub async fn list(state: web::Data<AppState>, _admin: AdminUser) -> ApiResult<HttpResponse> {
    let sources = store::list(&state.db).await?.into_iter().map(SourceDto::from).collect();
    Ok(envelope::ok(SourceListDto { list: sources }))
}

/// `POST /api/admin/hotspot-sources`: a new source, due at once.
#[utoipa::path(
    tag = "admin",
    request_body(content = SourceBody),
    responses((status = 200, description = "The source.", body = Envelope<SourceDto>)),
    security(("bearer" = []))
)]
#[post("/admin/hotspot-sources")]
pub async fn create(
    state: web::Data<AppState>,
    admin: AdminUser,
    body: web::Json<SourceBody>,
) -> ApiResult<HttpResponse> {
    let spec = SourceChange::parse(&body)?.apply(None)?;
    if store::count(&state.db).await? >= MAX_SOURCES {
        return Err(ApiError::with_field(ErrorCode::HotspotSourceInvalid, "name"));
    }
    let record = store::insert(&state.db, &spec, Utc::now()).await?;
    tracing::info!(admin = admin.0.id.0, source = %record.id, url = %record.spec.url, "hotspot source added");
    Ok(envelope::ok(SourceDto::from(record)))
}

/// `PATCH /api/admin/hotspot-sources/{id}`: the fields given change; a new
/// address or format is due at once.
#[utoipa::path(
    tag = "admin",
    params(("id" = String, Path, description = "The source's id.")),
    request_body(content = SourceBody),
    responses((status = 200, description = "The source.", body = Envelope<SourceDto>)),
    security(("bearer" = []))
)]
#[patch("/admin/hotspot-sources/{id}")]
pub async fn change(
    state: web::Data<AppState>,
    _admin: AdminUser,
    id: web::Path<String>,
    body: web::Json<SourceBody>,
) -> ApiResult<HttpResponse> {
    let before = source(&state, &id).await?;
    let spec = SourceChange::parse(&body)?.apply(Some(before.spec.clone()))?;
    let after = store::update(&state.db, &before, &spec, Utc::now())
        .await?
        .ok_or_else(|| ApiError::new(ErrorCode::HotspotSourceNotFound))?;
    Ok(envelope::ok(SourceDto::from(after)))
}

/// `DELETE /api/admin/hotspot-sources/{id}`: the source goes; the hotspots
/// it listed stay.
#[utoipa::path(
    tag = "admin",
    params(("id" = String, Path, description = "The source's id.")),
    responses((status = 200, description = "Removed.", body = Envelope<bool>)),
    security(("bearer" = []))
)]
#[delete("/admin/hotspot-sources/{id}")]
pub async fn remove(state: web::Data<AppState>, _admin: AdminUser, id: web::Path<String>) -> ApiResult<HttpResponse> {
    let s = source(&state, &id).await?;
    store::delete(&state.db, s.id).await?;
    Ok(envelope::ok(true))
}

/// `POST /api/admin/hotspot-sources/{id}/refresh`: due now; the next
/// worker poll fetches it.
#[utoipa::path(
    tag = "admin",
    params(("id" = String, Path, description = "The source's id.")),
    responses((status = 200, description = "The source, due now.", body = Envelope<SourceDto>)),
    security(("bearer" = []))
)]
#[post("/admin/hotspot-sources/{id}/refresh")]
pub async fn refresh(state: web::Data<AppState>, _admin: AdminUser, id: web::Path<String>) -> ApiResult<HttpResponse> {
    let s = source(&state, &id).await?;
    store::due_now(&state.db, s.id, Utc::now()).await?;
    Ok(envelope::ok(SourceDto::from(source(&state, &id).await?)))
}

/// The one `file` field, at most `import::MAX_BYTES`.
async fn read_file(mut payload: Multipart) -> ApiResult<Vec<u8>> {
    let bad_request = |_| ApiError::new(ErrorCode::BadRequest);
    let mut found = None;
    while let Some(mut field) = payload.try_next().await.map_err(bad_request)? {
        let mut data = Vec::new();
        while let Some(chunk) = field.try_next().await.map_err(bad_request)? {
            if data.len() + chunk.len() > import::MAX_BYTES {
                return Err(ApiError::body_too_large(import::MAX_BYTES));
            }
            data.extend_from_slice(&chunk);
        }
        if field.name() == Some("file") && found.is_none() {
            found = Some(data);
        }
    }
    found.filter(|d| !d.is_empty()).ok_or_else(|| ApiError::new(ErrorCode::UploadMissingFile))
}

/// `POST /api/admin/hotspots/import` (multipart `file`, CSV or JSON): the
/// IMPORT tab's hotspots. Good rows are stored (a row imported before is
/// skipped), bad rows reported by number.
#[utoipa::path(
    tag = "admin",
    request_body(content = crate::openapi::FileUpload, content_type = "multipart/form-data"),
    responses((status = 200, description = "What was imported, skipped and refused.", body = Envelope<ImportReportDto>)),
    security(("bearer" = []))
)]
#[post("/admin/hotspots/import")]
pub async fn import_file(state: web::Data<AppState>, admin: AdminUser, payload: Multipart) -> ApiResult<HttpResponse> {
    let bytes = read_file(payload).await?;
    let rows = import::parse(&bytes).map_err(|e| {
        let mut refused = ApiError::new(ErrorCode::HotspotImportInvalid);
        refused.detail = Some(e.to_string());
        refused
    })?;
    let mut errors = Vec::new();
    let mut good = Vec::new();
    for row in rows {
        match row {
            Ok(r) => good.push(r),
            Err(e) => errors.push(RowErrorDto { row: e.row, message: e.message }),
        }
    }
    let keys: Vec<String> = good.iter().map(|r| hotspot_store::import_key(&r.title, r.url.as_deref())).collect();
    // Already stored, or earlier in this file: skipped.
    let mut seen = hotspot_store::existing_keys(&state.db, &keys).await?;
    let now = Utc::now();
    let mut skipped = 0;
    let mut sightings = Vec::new();
    for (r, key) in good.iter().zip(keys) {
        if !seen.insert(key.clone()) {
            skipped += 1;
            continue;
        }
        sightings.push(Sighting {
            dedupe_key: key,
            source: None,
            origin: HotspotOrigin::Import,
            kind: r.kind,
            platform: r.platform,
            title: &r.title,
            summary: &r.summary,
            url: r.url.as_deref(),
            pic_url: r.pic_url.as_deref(),
            rank: None,
            heat: r.heat,
            at: now,
        });
    }
    let imported = hotspot_store::record_sightings(&state.db, &sightings).await?;
    tracing::info!(admin = admin.0.id.0, imported, skipped, refused = errors.len(), "hotspots imported");
    Ok(envelope::ok(ImportReportDto { imported, skipped, errors }))
}
