//! The workbench's statistics (`/mott-statistics`): a user's or their
//! tenant's generations by type, platform and day, lingshi spent and
//! ratings, as JSON or as a CSV download. See docs/MARKETING.md.

use actix_web::http::header;
use actix_web::{get, web, HttpResponse};
use chrono::Utc;
use pixmart_shared::db::store::statistics as store;
use pixmart_shared::db::store::tenants as tenant_store;
use pixmart_shared::domain::statistics_query::{StatisticsQuery, StatisticsQueryParams, StatisticsScope};
use pixmart_shared::marketing::statistics::{self, Figures};
use pixmart_shared::ErrorCode;
use serde::Serialize;

use crate::auth::AuthUser;
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::AppState;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MarketingStatistics)]
struct StatisticsDto {
    from: String,
    to: String,
    scope: StatisticsScope,
    #[serde(flatten)]
    figures: Figures,
}

async fn figures(state: &AppState, me: AuthUser, q: &StatisticsQuery) -> ApiResult<Figures> {
    let owners = match q.scope {
        StatisticsScope::Mine => vec![me.id],
        StatisticsScope::Tenant => {
            let tenant = tenant_store::tenant_of_user(&state.db, me.id)
                .await?
                .ok_or_else(|| ApiError::new(ErrorCode::MarketingNoTenant))?;
            store::tenant_members(&state.db, tenant.id).await?
        }
    };
    let tasks = store::task_figures(&state.db, &owners, q.from, q.to).await?;
    Ok(statistics::aggregate(&tasks, q.from, q.to))
}

/// `GET /api/marketing/statistics`.
#[utoipa::path(
    tag = "marketing",
    params(StatisticsQueryParams),
    responses((status = 200, description = "The range's figures.", body = Envelope<StatisticsDto>)),
    security(("bearer" = []))
)]
#[get("/marketing/statistics")]
pub async fn json(
    state: web::Data<AppState>,
    me: AuthUser,
    q: web::Query<StatisticsQueryParams>,
) -> ApiResult<HttpResponse> {
    let query = StatisticsQuery::parse(&q, Utc::now().date_naive())?;
    let figures = figures(&state, me, &query).await?;
    Ok(envelope::ok(StatisticsDto {
        from: query.from.to_string(),
        to: query.to.to_string(),
        scope: query.scope,
        figures,
    }))
}

/// `GET /api/marketing/statistics.csv`: one row per day and task type.
#[utoipa::path(
    tag = "marketing",
    params(StatisticsQueryParams),
    responses((status = 200, description = "`date,bizType,generations,succeeded,failed,lingshiSpent` rows.", content_type = "text/csv", body = String)),
    security(("bearer" = []))
)]
#[get("/marketing/statistics.csv")]
pub async fn csv(
    state: web::Data<AppState>,
    me: AuthUser,
    q: web::Query<StatisticsQueryParams>,
) -> ApiResult<HttpResponse> {
    let query = StatisticsQuery::parse(&q, Utc::now().date_naive())?;
    let figures = figures(&state, me, &query).await?;
    let body = statistics::csv(&figures).map_err(ApiError::internal)?;
    let name = format!("pixmart-statistics-{}-{}.csv", query.from, query.to);
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((header::CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\"")))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(body))
}
