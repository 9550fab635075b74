use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use crate::branding::ConfigDto;
use crate::envelope;
use crate::AppState;

#[derive(Debug, Deserialize)]
pub struct ConfigQuery {
    brand: Option<String>,
}

/// `GET /api/config`: the brand the UI should show (by `?brand=`, else by
/// host, else the default) with its menu groups, routes and switches.
pub async fn config(state: web::Data<AppState>, req: HttpRequest, q: web::Query<ConfigQuery>) -> HttpResponse {
    let host = req.connection_info().host().to_owned();
    let brand = state.brands.select(q.brand.as_deref(), Some(&host));
    envelope::ok(ConfigDto::of(brand))
}
