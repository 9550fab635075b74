//! The poster template library of `PLACARD_GEN` (public): the built-in
//! templates and, for a tenant's members, the tenant's own, searchable by
//! words and category, each with its whole document so an editor can draw
//! and change it.

use actix_web::get;
use actix_web::{web, HttpResponse};
use pixmart_shared::db::store::{poster_templates, tenants};
use pixmart_shared::poster::{self, Category, Template};
use pixmart_shared::{ErrorCode, Lang};
use serde::{Deserialize, Serialize};

use crate::auth::OptionalUser;
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::{lang, AppState};

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct TemplateQuery {
    /// Words that must all appear in the id, a name or the keywords.
    q: Option<String>,
    /// One of the categories (`newArrival`, `discount`, `festival`, ...).
    category: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct PosterTemplateDto {
    id: String,
    /// `library` (built in) or `tenant` (the caller's tenant's own: submit
    /// it with its `template` document).
    source: &'static str,
    category: &'static str,
    /// In the request's language.
    name: String,
    aspect: &'static str,
    width: u32,
    height: u32,
    /// The template document (docs/POSTERS.md), as `PLACARD_GEN` takes it.
    #[schema(value_type = Object)]
    template: serde_json::Value,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct PosterLibraryDto {
    categories: Vec<&'static str>,
    templates: Vec<PosterTemplateDto>,
}

/// `GET /api/poster-templates?q=&category=`: the templates that match.
#[utoipa::path(
    tag = "tasks",
    params(TemplateQuery),
    responses((status = 200, description = "The poster templates that match, with their documents.", body = Envelope<PosterLibraryDto>))
)]
#[get("/poster-templates")]
pub async fn list(
    state: web::Data<AppState>,
    who: OptionalUser,
    query: web::Query<TemplateQuery>,
) -> ApiResult<HttpResponse> {
    let category = match query.category.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
        None => None,
        Some(raw) => Some(Category::parse(raw).ok_or(ApiError::with_field(ErrorCode::InvalidParam, "category"))?),
    };
    let library = poster::library().map_err(ApiError::internal)?;
    let own = match who.0 {
        Some(user) => match tenants::tenant_of_user(&state.db, user).await? {
            Some(tenant) => poster_templates::list(&state.db, tenant.id).await?,
            None => Vec::new(),
        },
        None => Vec::new(),
    };
    let lang = lang::current();
    let words = query.q.as_deref().unwrap_or_default();
    let templates = poster::search(&own, words, category)
        .into_iter()
        .map(|t| dto(t, "tenant", lang))
        .chain(poster::search(library, words, category).into_iter().map(|t| dto(t, "library", lang)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(ApiError::internal)?;
    let categories = Category::ALL.iter().map(|c| c.as_str()).collect();
    Ok(envelope::ok(PosterLibraryDto { categories, templates }))
}

fn dto(t: &Template, source: &'static str, lang: Lang) -> Result<PosterTemplateDto, serde_json::Error> {
    Ok(PosterTemplateDto {
        id: t.id.clone(),
        source,
        category: t.category.as_str(),
        name: if lang == Lang::En { t.name.en.clone() } else { t.name.zh.clone() },
        aspect: t.canvas.aspect.as_str(),
        width: t.canvas.width,
        height: t.canvas.height,
        template: serde_json::to_value(t)?,
    })
}
