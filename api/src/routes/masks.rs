//! The cutout editor saves its mask: `PUT /api/tasks/{taskId}/mask`
//! (multipart field `file`, a PNG of the result's size; alpha or luminance).
//! An empty mask is refused with "Mask Cannot Be Empty！". The task's mask
//! and cutout results are replaced in place (same keys, same size), and its
//! prepared standard/2K downloads are dropped so they are made again from
//! the edited cutout. The mask is downloaded like any result
//! (`GET /api/files/results/{taskId}/mask.png`).

use actix_multipart::Multipart;
use actix_web::put;
use actix_web::{web, HttpResponse};
use pixmart_shared::db::store::tasks as task_store;
use pixmart_shared::domain::download::{prepared_key, DownloadQuality};
use pixmart_shared::domain::mask_edit::{apply_mask, parse_mask};
use pixmart_shared::domain::{BizType, ResultKind, TaskId, TaskStatus};
use pixmart_shared::ErrorCode;

use crate::auth::AuthUser;
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::AppState;

/// An edited mask PNG is small next to a photo; 20 MB is the original app's upload cap.
const MAX_MASK_BYTES: u64 = 20 * 1024 * 1024;

/// The edited mask and the cutout made from it.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct SavedMaskDto {
    mask: String,
    image: String,
}

#[utoipa::path(
    tag = "tasks",
    params(("task_id" = String, Path, description = "The task id.")),
    request_body(content = crate::openapi::FileUpload, content_type = "multipart/form-data"),
    responses((status = 200, description = "The edited mask and the cutout made from it.", body = Envelope<SavedMaskDto>)),
    security(("bearer" = []))
)]
#[put("/tasks/{task_id}/mask")]
pub async fn save(
    state: web::Data<AppState>,
    me: AuthUser,
    path: web::Path<String>,
    payload: Multipart,
) -> ApiResult<HttpResponse> {
    let not_found = || ApiError::new(ErrorCode::TaskNotFound);
    let id: TaskId = path.parse().map_err(|_| not_found())?;
    let task = task_store::get_task(&state.db, id).await?.filter(|t| t.owner == me.id).ok_or_else(not_found)?;
    let find = |kind: ResultKind| task.results.iter().find(|r| r.kind == kind).cloned();
    let (Some(cutout), Some(mask)) = (find(ResultKind::Image), find(ResultKind::Mask)) else {
        return Err(ApiError::new(ErrorCode::FileNotFound));
    };
    if task.biz_type != BizType::MattingImage || task.status != TaskStatus::Success {
        return Err(ApiError::new(ErrorCode::FileNotFound));
    }
    let data = super::uploads::read_file_field(payload, MAX_MASK_BYTES).await?;
    let old = state.blobs.get(&cutout.key).await.map_err(ApiError::internal)?;
    let size = (mask.width, mask.height);
    let (mask_png, cutout_png) = web::block(move || -> ApiResult<(Vec<u8>, Vec<u8>)> {
        let new_mask = parse_mask(&data, size)?;
        let old = image::load_from_memory(&old).map_err(ApiError::internal)?.to_rgba8();
        let edited = apply_mask(&old, &new_mask).ok_or_else(|| ApiError::new(ErrorCode::FileNotFound))?;
        Ok((png(image::DynamicImage::ImageLuma8(new_mask))?, png(image::DynamicImage::ImageRgba8(edited))?))
    })
    .await
    .map_err(ApiError::internal)??;
    state.blobs.put(&mask.key, &mask_png).await.map_err(ApiError::internal)?;
    state.blobs.put(&cutout.key, &cutout_png).await.map_err(ApiError::internal)?;
    let name = cutout.key.rsplit('/').next().unwrap_or("cutout.png");
    for q in [DownloadQuality::Standard, DownloadQuality::TwoK] {
        state.blobs.delete(&prepared_key(id, name, q)).await.map_err(ApiError::internal)?;
    }
    Ok(envelope::ok(SavedMaskDto {
        mask: format!("/api/files/{}", mask.key),
        image: format!("/api/files/{}", cutout.key),
    }))
}

fn png(img: image::DynamicImage) -> ApiResult<Vec<u8>> {
    let mut buf = std::io::Cursor::new(Vec::new());
    img.write_to(&mut buf, image::ImageFormat::Png).map_err(ApiError::internal)?;
    Ok(buf.into_inner())
}
