//! A tenant's own poster templates, for admins: export them (the documents,
//! ready to import elsewhere), import a set (each validated like a task's
//! template; all stored or none), remove one.

use actix_web::{delete, get, post};
use actix_web::{web, HttpResponse};
use futures::StreamExt;
use pixmart_shared::db::store::{poster_templates, tenants as tenant_store};
use pixmart_shared::poster::{self, Template};
use pixmart_shared::ErrorCode;
use serde::{Deserialize, Serialize};

use super::AdminUser;
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::AppState;

/// Most templates one import takes.
const MAX_IMPORT: usize = 100;
/// Most bytes of an import: 100 templates of the library's size fit with
/// room (the API's other JSON bodies stop at 64 KiB).
const MAX_IMPORT_BYTES: usize = 4 * 1024 * 1024;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ImportBody {
    /// Template documents (docs/POSTERS.md), as an export lists them.
    #[schema(value_type = Vec<Object>)]
    templates: Vec<serde_json::Value>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportedDto {
    imported: usize,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ExportDto {
    /// The template documents.
    #[schema(value_type = Vec<Object>)]
    list: Vec<Template>,
}

async fn tenant(state: &AppState, path: &str) -> ApiResult<i64> {
    let not_found = || ApiError::new(ErrorCode::TenantNotFound);
    let id: i64 = path.parse().map_err(|_| not_found())?;
    Ok(tenant_store::get_tenant(&state.db, id).await?.ok_or_else(not_found)?.id)
}

/// `GET /api/admin/tenants/{tenantId}/poster-templates`: `{list: [document]}`.
#[utoipa::path(
    tag = "admin",
    params(("tenant_id" = String, Path, description = "The tenant id.")),
    responses((status = 200, description = "The tenant's template documents.", body = Envelope<ExportDto>)),
    security(("bearer" = []))
)]
#[get("/admin/tenants/{tenant_id}/poster-templates")]
pub async fn export(state: web::Data<AppState>, _admin: AdminUser, path: web::Path<String>) -> ApiResult<HttpResponse> {
    let tenant = tenant(&state, &path).await?;
    let list = poster_templates::list(&state.db, tenant).await?;
    Ok(envelope::ok(ExportDto { list }))
}

/// `POST /api/admin/tenants/{tenantId}/poster-templates {templates:[document]}`:
/// validates every document, then stores them all (an id the tenant has
/// already is replaced). One bad document refuses the import, naming it.
#[utoipa::path(
    tag = "admin",
    params(("tenant_id" = String, Path, description = "The tenant id.")),
    request_body(content = ImportBody),
    responses((status = 200, description = "How many were stored.", body = Envelope<ImportedDto>)),
    security(("bearer" = []))
)]
#[post("/admin/tenants/{tenant_id}/poster-templates")]
pub async fn import(
    state: web::Data<AppState>,
    admin: AdminUser,
    path: web::Path<String>,
    mut payload: web::Payload,
) -> ApiResult<HttpResponse> {
    let tenant = tenant(&state, &path).await?;
    let mut body = Vec::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|_| ApiError::new(ErrorCode::BadRequest))?;
        if body.len() + chunk.len() > MAX_IMPORT_BYTES {
            return Err(ApiError::body_too_large(MAX_IMPORT_BYTES));
        }
        body.extend_from_slice(&chunk);
    }
    let body: ImportBody = serde_json::from_slice(&body).map_err(|_| ApiError::new(ErrorCode::BadRequest))?;
    let docs = body.templates;
    if docs.is_empty() || docs.len() > MAX_IMPORT {
        return Err(ApiError::with_field(ErrorCode::PosterImportSize, "templates"));
    }
    let mut templates = Vec::with_capacity(docs.len());
    for (i, doc) in docs.iter().enumerate() {
        let t = Template::from_json(&doc.to_string()).map_err(|e| {
            let mut refused = ApiError::from(poster::invalid("templates", &e));
            refused.detail = Some(format!("template {}: {e}", i + 1));
            refused
        })?;
        if poster::library_template(&t.id).map_err(ApiError::internal)?.is_some() {
            return Err(ApiError {
                code: ErrorCode::PosterTemplateIdTaken,
                field: Some("templates"),
                detail: Some(format!("template {}: the built-in library has a template \"{}\"", i + 1, t.id)),
            });
        }
        templates.push(t);
    }
    let imported = poster_templates::import(&state.db, tenant, &templates).await?;
    tracing::info!(tenant, imported, admin = admin.0.id.0, "admin imported poster templates");
    Ok(envelope::ok(ImportedDto { imported }))
}

/// `DELETE /api/admin/tenants/{tenantId}/poster-templates/{templateId}`.
#[utoipa::path(
    tag = "admin",
    params(
        ("tenant_id" = String, Path, description = "The tenant id."),
        ("template_id" = String, Path, description = "The template's id."),
    ),
    responses((status = 200, description = "Removed.", body = Envelope<bool>)),
    security(("bearer" = []))
)]
#[delete("/admin/tenants/{tenant_id}/poster-templates/{template_id}")]
pub async fn remove(
    state: web::Data<AppState>,
    _admin: AdminUser,
    path: web::Path<(String, String)>,
) -> ApiResult<HttpResponse> {
    let (tenant_path, template_id) = path.into_inner();
    let tenant = tenant(&state, &tenant_path).await?;
    if !poster_templates::delete(&state.db, tenant, &template_id).await? {
        return Err(ApiError::new(ErrorCode::PosterTemplateNotFound));
    }
    Ok(envelope::ok(true))
}
