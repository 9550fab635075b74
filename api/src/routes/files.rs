use actix_web::get;
use actix_web::http::header::{self, CacheControl, CacheDirective};
use actix_web::{web, HttpRequest, HttpResponse};
use pixmart_shared::db::store::{poster_assets, tasks as task_store, uploads as upload_store};
use pixmart_shared::domain::{TaskId, UploadId, UserId};
use pixmart_shared::storage::StorageError;
use pixmart_shared::ErrorCode;
use sha2::{Digest, Sha256};

use crate::auth::AuthUser;
use crate::error::{ApiError, ApiResult};
use crate::AppState;

/// `GET /api/files/{key}`: an upload, a task result or a saved image, only
/// to its owner.
/// Someone else's file answers 404, as if it did not exist. Some files are
/// replaced in place (an edited mask and its cutout, prepared downloads made
/// again), so the browser revalidates every time (`no-cache` with an ETag of
/// the content) instead of keeping a stale copy: an unchanged file costs a
/// 304 without its bytes.
#[utoipa::path(
    tag = "files",
    params(("key" = String, Path, description = "The storage key, e.g. results/<task>/<name>.")),
    responses((status = 200, description = "The file (image, video, ZIP or a text result), if the caller owns it.", content_type = "application/octet-stream", body = Vec<u8>), (status = 304, description = "Unchanged (If-None-Match).")),
    security(("bearer" = []))
)]
#[get("/files/{key:.+}")]
pub async fn download(
    state: web::Data<AppState>,
    me: AuthUser,
    req: HttpRequest,
    path: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let key = path.into_inner();
    let not_found = || ApiError::new(ErrorCode::FileNotFound);
    let (owner, content_type) = match key.split('/').collect::<Vec<_>>().as_slice() {
        ["uploads", id] => {
            let id: UploadId = id.parse().map_err(|_| not_found())?;
            let up = upload_store::get_upload(&state.db, id).await?.ok_or_else(not_found)?;
            // A poster material shared with the caller's tenant is the
            // team's to see.
            let shared = up.owner != me.id && poster_assets::shared_with_member(&state.db, id, me.id).await?;
            let owner = if shared { me.id } else { up.owner };
            (owner, up.format.mime())
        }
        ["results", task, name] => {
            let task: TaskId = task.parse().map_err(|_| not_found())?;
            let owner: UserId = task_store::result_owner(&state.db, task).await?.ok_or_else(not_found)?;
            (owner, content_type_of(name).ok_or_else(not_found)?)
        }
        // Prepared downloads (standard/2K) of a task's results.
        ["downloads", task, name] => {
            let task: TaskId = task.parse().map_err(|_| not_found())?;
            let owner: UserId = task_store::result_owner(&state.db, task).await?.ok_or_else(not_found)?;
            (owner, content_type_of(name).ok_or_else(not_found)?)
        }
        // Saved images (the creation space): the key names their owner,
        // and only the saved-images route writes under `saved/`.
        ["saved", user, name] => {
            let owner = UserId(user.parse().map_err(|_| not_found())?);
            (owner, content_type_of(name).ok_or_else(not_found)?)
        }
        _ => return Err(not_found()),
    };
    if owner != me.id {
        return Err(not_found());
    }
    let data = match state.blobs.get(&key).await {
        Ok(d) => d,
        Err(StorageError::NotFound(_) | StorageError::InvalidKey(_)) => return Err(not_found()),
        Err(e) => return Err(ApiError::internal(e)),
    };
    let etag = format!("\"{}\"", hex::encode(&Sha256::digest(&data)[..16]));
    let cache = CacheControl(vec![CacheDirective::Private, CacheDirective::NoCache]);
    let unchanged = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag));
    if unchanged {
        return Ok(HttpResponse::NotModified().insert_header(cache).insert_header((header::ETAG, etag)).finish());
    }
    Ok(HttpResponse::Ok()
        .content_type(content_type)
        .insert_header(cache)
        .insert_header((header::ETAG, etag))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .body(data))
}

fn content_type_of(name: &str) -> Option<&'static str> {
    match name.rsplit_once('.')?.1 {
        "png" => Some("image/png"),
        "jpg" | "jpeg" => Some("image/jpeg"),
        "webp" => Some("image/webp"),
        "mp4" => Some("video/mp4"),
        "gif" => Some("image/gif"),
        // Marketing copy as plain text.
        "txt" => Some("text/plain; charset=utf-8"),
        _ => None,
    }
}
