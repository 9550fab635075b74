use actix_multipart::Multipart;
use actix_web::post;
use actix_web::{web, HttpResponse};
use chrono::Utc;
use futures::TryStreamExt;
use pixmart_shared::db::store::membership;
use pixmart_shared::db::store::uploads::{self as upload_store, UploadRecord};
use pixmart_shared::domain::task_spec::upload_url;
use pixmart_shared::domain::{UploadFormat, UploadId, UploadRules, UserId, VideoRules};
use pixmart_shared::storage::upload_key;
use pixmart_shared::ErrorCode;

use crate::auth::AuthUser;
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::limits::Held;
use crate::AppState;

/// The stored upload: its address and its displayed (EXIF-oriented) size.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct UploadedDto {
    urls: Vec<String>,
    width: u32,
    height: u32,
}

/// What an image is uploaded for; each purpose has its own rules.
#[derive(Debug, Clone, Copy, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum UploadPurpose {
    /// A product photo for the image pages: the original app's rules
    /// (500 KB to 10 MB, ratio 0.5 to 2, at least 256 px a side).
    #[default]
    Product,
    /// A note's picture for 图片改写: screenshots and long images, read
    /// for their text (any size up to 10 MB, ratio 1:10 to 10:1).
    Note,
    /// A poster material (`/modi-poster-material`): logos and small
    /// pictures (up to 10 MB, ratio 1:10 to 10:1, at least 32 px a side).
    Material,
}

#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UploadQuery {
    /// `product` (default), `note` or `material`.
    #[serde(default)]
    #[param(inline)]
    purpose: UploadPurpose,
}

/// `POST /api/uploads`, multipart field `file`: validated per the rules of
/// its purpose, then stored. Nothing is stored for a rejected file.
#[utoipa::path(
    tag = "uploads",
    params(UploadQuery),
    request_body(content = crate::openapi::FileUpload, content_type = "multipart/form-data"),
    responses((status = 200, description = "The stored image (EXIF-oriented size).", body = Envelope<UploadedDto>)),
    security(("bearer" = []))
)]
#[post("/uploads")]
pub async fn upload(
    state: web::Data<AppState>,
    me: AuthUser,
    query: web::Query<UploadQuery>,
    payload: Multipart,
) -> ApiResult<HttpResponse> {
    let rules = match query.purpose {
        UploadPurpose::Product => UploadRules::SPEC,
        UploadPurpose::Note => UploadRules::NOTE,
        UploadPurpose::Material => UploadRules::MATERIAL,
    };
    let budget = UploadBudget::take(&state, me).await?;
    let data = read_file_field_within(payload, rules.max_bytes, budget.room).await?;
    let facts = rules.inspect(&data)?;
    // Full decode proves the body is a whole image (a truncated file or a
    // bomb that lies about its size is refused here, bounded in memory).
    let data = web::block(move || rules.decode(&data, &facts).map(|_| data)).await.map_err(ApiError::internal)??;
    budget.recheck(&state, me, facts.bytes).await?;

    let id = store_upload(&state, me.id, &data, UploadFormat::Image(facts.format), facts.width, facts.height).await?;
    Ok(envelope::ok(UploadedDto { urls: vec![upload_url(id)], width: facts.width, height: facts.height }))
}

/// The stored video: its address, length and picture size.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadedVideoDto {
    urls: Vec<String>,
    duration_ms: u64,
    width: u32,
    height: u32,
}

/// `POST /api/uploads/video`, multipart field `file`: an MP4 or QuickTime
/// video with sound (视频改写's input), at most 50 MB and 3 minutes.
#[utoipa::path(
    tag = "uploads",
    request_body(content = crate::openapi::FileUpload, content_type = "multipart/form-data"),
    responses((status = 200, description = "The stored video.", body = Envelope<UploadedVideoDto>)),
    security(("bearer" = []))
)]
#[post("/uploads/video")]
pub async fn upload_video(state: web::Data<AppState>, me: AuthUser, payload: Multipart) -> ApiResult<HttpResponse> {
    let rules = VideoRules::SPEC;
    let budget = UploadBudget::take(&state, me).await?;
    let data = read_file_field_within(payload, rules.max_bytes, budget.room).await.map_err(|e| {
        if e.code == ErrorCode::UploadBadSize {
            ApiError::new(ErrorCode::VideoUploadTooLarge)
        } else {
            e
        }
    })?;
    let (data, facts) =
        web::block(move || rules.inspect(&data).map(|facts| (data, facts))).await.map_err(ApiError::internal)??;
    budget.recheck(&state, me, facts.bytes).await?;
    let id =
        store_upload(&state, me.id, &data, UploadFormat::Video(facts.container), facts.width, facts.height).await?;
    Ok(envelope::ok(UploadedVideoDto {
        urls: vec![upload_url(id)],
        duration_ms: facts.duration_ms,
        width: facts.width,
        height: facts.height,
    }))
}

/// Stores an upload already validated as `format` for `owner`: the file,
/// then its row (the file is removed again if the row fails).
pub(crate) async fn store_upload(
    state: &AppState,
    owner: UserId,
    data: &[u8],
    format: UploadFormat,
    width: u32,
    height: u32,
) -> ApiResult<UploadId> {
    let id = UploadId::new();
    let key = upload_key(id);
    state.blobs.put(&key, data).await.map_err(ApiError::internal)?;
    let record = UploadRecord {
        id,
        owner,
        storage_key: key.clone(),
        format,
        width,
        height,
        size_bytes: data.len() as u64,
        created_at: Utc::now(),
    };
    if let Err(e) = upload_store::insert_upload(&state.db, &record).await {
        let _ = state.blobs.delete(&key).await;
        return Err(e.into());
    }
    Ok(id)
}

/// What one upload may use: a place among the user's concurrent uploads
/// (`limits.max_concurrent_uploads_per_user`, given back when dropped) and
/// the room left in the user's storage quota (by tier).
pub(crate) struct UploadBudget {
    _place: Held,
    quota: u64,
    pub room: u64,
}

impl UploadBudget {
    /// Takes a place (429 `UPLOAD_TOO_MANY` when the user has none left)
    /// and measures the room left (413 `UPLOAD_QUOTA_EXCEEDED` when none).
    pub async fn take(state: &AppState, me: AuthUser) -> ApiResult<Self> {
        let limits = &state.settings.limits;
        let place = state
            .limits
            .uploads
            .try_acquire(me.id, limits.max_concurrent_uploads_per_user)
            .ok_or_else(|| ApiError::new(ErrorCode::UploadTooMany))?;
        let quota = limits.upload_quota_bytes(membership::current_tier(&state.db, me.id).await?);
        let room = quota.saturating_sub(upload_store::total_bytes(&state.db, me.id).await?);
        if room == 0 {
            return Err(ApiError::new(ErrorCode::UploadQuotaExceeded));
        }
        Ok(UploadBudget { _place: place, quota, room })
    }

    /// Checks again just before the row is written: the user's other
    /// uploads (up to the concurrency cap) may have landed meanwhile.
    pub async fn recheck(&self, state: &AppState, me: AuthUser, bytes: u64) -> ApiResult<()> {
        let used = upload_store::total_bytes(&state.db, me.id).await?;
        if used.saturating_add(bytes) > self.quota {
            return Err(ApiError::new(ErrorCode::UploadQuotaExceeded));
        }
        Ok(())
    }
}

/// Reads the `file` field, refusing (without buffering further) once it
/// passes `max_bytes`.
pub(crate) async fn read_file_field(payload: Multipart, max_bytes: u64) -> ApiResult<Vec<u8>> {
    read_file_field_within(payload, max_bytes, u64::MAX).await
}

/// As [`read_file_field`], also refusing with `UPLOAD_QUOTA_EXCEEDED` once
/// the field passes `room` (the bytes left in the user's quota), so no byte
/// beyond the quota is buffered.
pub(crate) async fn read_file_field_within(mut payload: Multipart, max_bytes: u64, room: u64) -> ApiResult<Vec<u8>> {
    let bad_request = |_| ApiError::new(ErrorCode::BadRequest);
    while let Some(mut field) = payload.try_next().await.map_err(bad_request)? {
        if field.name() != Some("file") {
            while field.try_next().await.map_err(bad_request)?.is_some() {}
            continue;
        }
        let mut data = Vec::new();
        while let Some(chunk) = field.try_next().await.map_err(bad_request)? {
            let len = (data.len() + chunk.len()) as u64;
            if len > max_bytes {
                return Err(ApiError::new(ErrorCode::UploadBadSize));
            }
            if len > room {
                return Err(ApiError::new(ErrorCode::UploadQuotaExceeded));
            }
            data.extend_from_slice(&chunk);
        }
        if data.is_empty() {
            return Err(ApiError::new(ErrorCode::UploadMissingFile));
        }
        return Ok(data);
    }
    Err(ApiError::new(ErrorCode::UploadMissingFile))
}
