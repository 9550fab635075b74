//! The creation space: the original app's saveImage / save2K pin a task result
//! there, where it stays after the task history's retention window.
//!
//! `POST /api/saved-images {taskId, index, quality}` saves a file the
//! downloads endpoint reports READY for that result and quality (the web
//! runs the download's prepare/poll flow first): the API copies it to
//! `saved/<user>/<id>.<ext>`, so the saved image never depends on task
//! results or the download cache. Saving the same result at the same
//! quality again answers the first copy. `GET /api/saved-images?page&size`
//! lists them newest first; `DELETE /api/saved-images/{id}` removes one and
//! its file.

use actix_web::{delete, get, post};
use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use pixmart_shared::db::store::saved_images::{self as saved_store, Inserted};
use pixmart_shared::domain::download::DownloadQuality;
use pixmart_shared::domain::saved_image::{
    saved_key, SaveBody, SaveRequest, SavedImage, DEFAULT_SAVED_PAGE_SIZE, MAX_SAVED_PAGE_SIZE,
};
use pixmart_shared::domain::{Invalid, SavedImageId, TaskId};
use pixmart_shared::ErrorCode;
use serde::{Deserialize, Serialize};

use super::downloads::resolve;
use super::paging::{page_num, page_param};
use crate::auth::AuthUser;
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::AppState;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct SavedImageDto {
    id: String,
    task_id: String,
    biz_type: &'static str,
    index: u32,
    quality: DownloadQuality,
    url: String,
    width: u32,
    height: u32,
    created_at: DateTime<Utc>,
}

impl From<SavedImage> for SavedImageDto {
    fn from(s: SavedImage) -> Self {
        SavedImageDto {
            id: s.id.to_string(),
            task_id: s.task.to_string(),
            biz_type: s.biz_type.as_str(),
            index: s.index,
            quality: s.quality,
            url: format!("/api/files/{}", s.storage_key),
            width: s.width,
            height: s.height,
            created_at: s.created_at,
        }
    }
}

/// `POST /api/saved-images`.
#[utoipa::path(
    tag = "images",
    request_body(content = SaveBody),
    responses((status = 200, description = "The saved image.", body = Envelope<SavedImageDto>)),
    security(("bearer" = []))
)]
#[post("/saved-images")]
pub async fn save(state: web::Data<AppState>, me: AuthUser, body: web::Json<SaveBody>) -> ApiResult<HttpResponse> {
    let req = SaveRequest::parse(&body)?;
    let index = u32::try_from(req.index).map_err(|_| Invalid::field(ErrorCode::InvalidParam, "index"))?;
    // Saved before: the first copy, even once the task's own files are gone.
    if let Ok(task) = req.task.parse::<TaskId>() {
        if let Some(existing) = saved_store::find(&state.db, me.id, task, index, req.quality).await? {
            return Ok(envelope::ok(SavedImageDto::from(existing)));
        }
    }
    let r = resolve(&state, &me, &req.task, req.index, req.quality.as_str()).await?;
    let source_key = r.ready_key(&state).await?.ok_or_else(|| ApiError::new(ErrorCode::SaveNotPrepared))?;
    let data = match state.blobs.get(&source_key).await {
        Ok(d) => d,
        // Removed between the check and the read (a cache cleanup): not ready.
        Err(pixmart_shared::storage::StorageError::NotFound(_)) => {
            return Err(ApiError::new(ErrorCode::SaveNotPrepared))
        }
        Err(e) => return Err(ApiError::internal(e)),
    };
    let (width, height) = dimensions(&data).unwrap_or((r.source.width, r.source.height));
    let id = SavedImageId::new();
    let key = saved_key(me.id, id, &source_key);
    state.blobs.put(&key, &data).await.map_err(ApiError::internal)?;
    let saved = SavedImage {
        id,
        owner: me.id,
        task: r.task,
        biz_type: r.biz_type,
        index,
        quality: r.quality,
        storage_key: key.clone(),
        width,
        height,
        created_at: Utc::now(),
    };
    let saved = match saved_store::insert(&state.db, &saved).await {
        Ok(Inserted::New(s)) => s,
        // A concurrent save of the same result won: keep only its copy.
        Ok(Inserted::Existing(s)) => {
            let _ = state.blobs.delete(&key).await;
            s
        }
        Err(e) => {
            let _ = state.blobs.delete(&key).await;
            return Err(e.into());
        }
    };
    Ok(envelope::ok(SavedImageDto::from(saved)))
}

/// The pixel size from the file's header (a prepared download's exact size
/// is the worker's rounding, not recorded anywhere else).
fn dimensions(data: &[u8]) -> Option<(u32, u32)> {
    image::ImageReader::new(std::io::Cursor::new(data)).with_guessed_format().ok()?.into_dimensions().ok()
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    page: Option<String>,
    size: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
struct SavedPageDto {
    items: Vec<SavedImageDto>,
    total: u64,
    page: u64,
    size: u64,
}

/// `GET /api/saved-images?page=1&size=20`.
#[utoipa::path(
    tag = "images",
    params(ListQuery),
    responses((status = 200, description = "A page of saved images.", body = Envelope<SavedPageDto>)),
    security(("bearer" = []))
)]
#[get("/saved-images")]
pub async fn list(state: web::Data<AppState>, me: AuthUser, q: web::Query<ListQuery>) -> ApiResult<HttpResponse> {
    let page = page_num(q.page.as_deref(), "page")?;
    let size = page_param(q.size.as_deref(), DEFAULT_SAVED_PAGE_SIZE, MAX_SAVED_PAGE_SIZE, "size")?;
    let (items, total) = saved_store::list(&state.db, me.id, page, size).await?;
    Ok(envelope::ok(SavedPageDto { items: items.into_iter().map(SavedImageDto::from).collect(), total, page, size }))
}

/// `DELETE /api/saved-images/{id}`.
#[utoipa::path(
    tag = "images",
    params(("id" = String, Path, description = "The saved image id.")),
    responses((status = 200, description = "Deleted.", body = Envelope<bool>)),
    security(("bearer" = []))
)]
#[delete("/saved-images/{id}")]
pub async fn delete(state: web::Data<AppState>, me: AuthUser, path: web::Path<String>) -> ApiResult<HttpResponse> {
    let not_found = || ApiError::new(ErrorCode::SavedImageNotFound);
    let id: SavedImageId = path.parse().map_err(|_| not_found())?;
    let gone = saved_store::delete(&state.db, me.id, id).await?.ok_or_else(not_found)?;
    // The row is the truth: a blob left behind by a failed delete is only
    // disk space, never visible (the files route needs the owner's key).
    if let Err(e) = state.blobs.delete(&gone.storage_key).await {
        tracing::warn!(error = %e, key = %gone.storage_key, "saved image: blob not deleted");
    }
    Ok(envelope::ok(true))
}
