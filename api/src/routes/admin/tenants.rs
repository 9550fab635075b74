//! Tenants' dedicated compute, from the admin page: the same operation as
//! `pixmart-tenants pool`, for operators who do not have a shell.

use actix_web::{get, put};
use actix_web::{web, HttpResponse};
use pixmart_shared::db::store::{dispatch as dispatch_store, tenants as tenant_store};
use pixmart_shared::jobs::valid_pool_name;
use pixmart_shared::ErrorCode;
use serde::{Deserialize, Serialize};

use super::AdminUser;
use crate::dto::ListDto;
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::AppState;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TenantPoolDto {
    id: i64,
    slug: String,
    name: String,
    enterprise: bool,
    /// The pool its users' tasks go to (`default` when none is assigned).
    pool: String,
}

/// `GET /api/admin/tenants`: `{list: [tenant with its pool]}`.
#[utoipa::path(
    tag = "admin",
    responses((status = 200, description = "Every tenant with its pool.", body = Envelope<ListDto<TenantPoolDto>>)),
    security(("bearer" = []))
)]
#[get("/admin/tenants")]
pub async fn list(state: web::Data<AppState>, _admin: AdminUser) -> ApiResult<HttpResponse> {
    let mut list = Vec::new();
    for t in tenant_store::list_tenants(&state.db).await? {
        let pool = dispatch_store::pool_of_tenant(&state.db, Some(t.id)).await?;
        list.push(TenantPoolDto { id: t.id, slug: t.slug, name: t.name, enterprise: t.enterprise, pool });
    }
    Ok(envelope::ok(ListDto { list }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AssignPoolBody {
    /// A pool name, or `null` to send the tenant's tasks back to the shared
    /// pool.
    pool: Option<String>,
}

/// `PUT /api/admin/tenants/{tenantId}/pool` `{pool}`: assigns (or, with
/// `null`, removes) a tenant's dedicated pool. Tasks already waiting keep
/// their pool; new ones go to the new one.
#[utoipa::path(
    tag = "admin",
    params(("tenant_id" = String, Path, description = "The tenant id.")),
    request_body(content = AssignPoolBody),
    responses((status = 200, description = "The tenant with its new pool.", body = Envelope<TenantPoolDto>)),
    security(("bearer" = []))
)]
#[put("/admin/tenants/{tenant_id}/pool")]
pub async fn assign_pool(
    state: web::Data<AppState>,
    admin: AdminUser,
    path: web::Path<String>,
    body: web::Json<AssignPoolBody>,
) -> ApiResult<HttpResponse> {
    let not_found = || ApiError::new(ErrorCode::TenantNotFound);
    let tenant_id: i64 = path.parse().map_err(|_| not_found())?;
    let pool = match body.into_inner().pool.map(|p| p.trim().to_owned()) {
        None => None,
        Some(p) if valid_pool_name(&p) => Some(p),
        Some(_) => return Err(ApiError::with_field(ErrorCode::InvalidParam, "pool")),
    };
    let tenant = tenant_store::get_tenant(&state.db, tenant_id).await?.ok_or_else(not_found)?;
    dispatch_store::assign_tenant_pool(&state.db, tenant.id, pool.as_deref()).await?;
    tracing::info!(tenant = tenant.id, pool = ?pool, admin = admin.0.id.0, "admin assigned a tenant pool");
    let pool = dispatch_store::pool_of_tenant(&state.db, Some(tenant.id)).await?;
    Ok(envelope::ok(TenantPoolDto {
        id: tenant.id,
        slug: tenant.slug,
        name: tenant.name,
        enterprise: tenant.enterprise,
        pool,
    }))
}
