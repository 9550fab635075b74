//! The background library of `PRODUCT_IMAGE`: the original app's 7-colour palette
//! and the generated templates with their previews (rendered and stored by
//! workers, see `worker::pipelines::product_image::store_template_previews`).

use actix_web::get;
use actix_web::http::header::{self, CacheControl, CacheDirective};
use actix_web::{web, HttpResponse};
use pixmart_shared::domain::task_spec::product_image::{hex, template_preview_key, PALETTE, TEMPLATES};
use pixmart_shared::storage::StorageError;
use pixmart_shared::{ErrorCode, Lang};
use serde::Serialize;

use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::{lang, AppState};

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct ColourDto {
    name: &'static str,
    hex: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct TemplateDto {
    id: &'static str,
    category: &'static str,
    name: &'static str,
    preview_url: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct LibraryDto {
    palette: Vec<ColourDto>,
    templates: Vec<TemplateDto>,
}

/// `GET /api/backgrounds`: `{palette:[{name, hex}], templates:[{id,
/// category, name, previewUrl}]}` (public).
#[utoipa::path(
    tag = "tasks",
    responses((status = 200, description = "The colour palette and background templates.", body = Envelope<LibraryDto>))
)]
#[get("/backgrounds")]
pub async fn list() -> ApiResult<HttpResponse> {
    let lang = lang::current();
    let palette = PALETTE.iter().map(|&(name, c)| ColourDto { name, hex: hex(c) }).collect();
    let templates = TEMPLATES
        .iter()
        .map(|t| TemplateDto {
            id: t.id,
            category: t.category,
            name: if lang == Lang::En { t.name_en } else { t.name_zh },
            preview_url: format!("/api/backgrounds/{}/preview", t.id),
        })
        .collect();
    Ok(envelope::ok(LibraryDto { palette, templates }))
}

/// `GET /api/backgrounds/{id}/preview`: the template's preview (WebP).
#[utoipa::path(
    tag = "tasks",
    params(("id" = String, Path, description = "A background template id.")),
    responses((status = 200, description = "The template's WebP preview.", content_type = "image/webp", body = Vec<u8>))
)]
#[get("/backgrounds/{id}/preview")]
pub async fn preview(state: web::Data<AppState>, path: web::Path<String>) -> ApiResult<HttpResponse> {
    let not_found = || ApiError::new(ErrorCode::FileNotFound);
    let id = path.into_inner();
    let t = TEMPLATES.iter().find(|t| t.id == id).ok_or_else(not_found)?;
    let data = match state.blobs.get(&template_preview_key(t.id)).await {
        Ok(d) => d,
        Err(StorageError::NotFound(_) | StorageError::InvalidKey(_)) => return Err(not_found()),
        Err(e) => return Err(ApiError::internal(e)),
    };
    Ok(HttpResponse::Ok()
        .content_type("image/webp")
        .insert_header(CacheControl(vec![CacheDirective::Public, CacheDirective::MaxAge(86400)]))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .body(data))
}
