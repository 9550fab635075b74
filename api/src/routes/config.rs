use actix_web::get;
use actix_web::{web, HttpRequest, HttpResponse};
use pixmart_shared::db::store::tenants;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::auth::OptionalUser;
use crate::branding::ConfigDto;
use crate::envelope::{self, Envelope};
use crate::error::ApiResult;
use crate::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ConfigQuery {
    /// A brand id; otherwise the brand of the request's host, else the default.
    brand: Option<String>,
}

/// `GET /api/config`: the brand the UI should show (by `?brand=`, else by
/// host, else the default) with its menu groups, routes and switches; for
/// a signed-in member of a tenant (bearer token), the tenant's switches
/// laid over the brand.
#[utoipa::path(
    tag = "meta",
    params(ConfigQuery),
    responses((status = 200, description = "The brand's look, menu and switches.", body = Envelope<ConfigDto>)),
    security((), ("bearer" = []))
)]
#[get("/config")]
pub async fn config(
    state: web::Data<AppState>,
    req: HttpRequest,
    q: web::Query<ConfigQuery>,
    user: OptionalUser,
) -> ApiResult<HttpResponse> {
    let host = crate::branding::request_host(&req);
    let brand = state.brands.select(q.brand.as_deref(), host);
    // Only a brand reached by one of its own hosts may take a token from a
    // link; `?brand=` is the visitor's (or a link maker's) choice, and the
    // default brand on an unlisted host is no partner.
    let url_token_login = state.brands.by_host(host).is_some_and(|b| b.url_token_login && b.id == brand.id);
    let tenant = match user.0 {
        Some(id) => tenants::tenant_of_user(&state.db, id).await?,
        None => None,
    };
    let mut dto = ConfigDto::of(brand);
    dto.flags.url_token_login = url_token_login;
    Ok(envelope::ok(match &tenant {
        Some(t) => dto.with_tenant(t),
        None => dto,
    }))
}
