use actix_web::{web, HttpRequest, HttpResponse};
use pixmart_shared::db::store::tenants;
use serde::Deserialize;

use crate::auth::OptionalUser;
use crate::branding::ConfigDto;
use crate::envelope;
use crate::error::ApiResult;
use crate::AppState;

#[derive(Debug, Deserialize)]
pub struct ConfigQuery {
    brand: Option<String>,
}

/// `GET /api/config`: the brand the UI should show (by `?brand=`, else by
/// host, else the default) with its menu groups, routes and switches; for
/// a signed-in member of a tenant (bearer token), the tenant's switches
/// laid over the brand.
pub async fn config(
    state: web::Data<AppState>,
    req: HttpRequest,
    q: web::Query<ConfigQuery>,
    user: OptionalUser,
) -> ApiResult<HttpResponse> {
    let host = req.connection_info().host().to_owned();
    let brand = state.brands.select(q.brand.as_deref(), Some(&host));
    let tenant = match user.0 {
        Some(id) => tenants::tenant_of_user(&state.db, id).await?,
        None => None,
    };
    let dto = ConfigDto::of(brand);
    Ok(envelope::ok(match &tenant {
        Some(t) => dto.with_tenant(t),
        None => dto,
    }))
}
