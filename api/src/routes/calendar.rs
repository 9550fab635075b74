//! The marketing calendar (`/content-calendar`, the hot list's CALENDAR
//! tab): `GET /api/calendar?year&month&calendarMarketingTypes&showActivityDesc`
//! answers every day of the month with its lunar date, statutory day off or
//! make-up working day, and the festivals, solar terms and platform nodes
//! that fall on it. Computed, so any month of 1900–2100 answers.

use actix_web::{get, web, HttpResponse};
use pixmart_shared::domain::calendar_query::{CalendarQuery, CalendarQueryParams};
use pixmart_shared::marketing::calendar::{self, CalendarDay, MonthQuery};
use pixmart_shared::ErrorCode;
use serde::Serialize;

use crate::auth::AuthUser;
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::AppState;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CalendarMonth)]
struct CalendarMonthDto {
    year: i32,
    month: u32,
    /// Every day of the month, in order (days with nothing on them too, for
    /// their lunar date and holiday mark).
    list: Vec<CalendarDay>,
}

/// `GET /api/calendar`: a signed-in user's marketing calendar for a month.
#[utoipa::path(
    tag = "marketing",
    params(CalendarQueryParams),
    responses((status = 200, description = "The month, day by day.", body = Envelope<CalendarMonthDto>)),
    security(("bearer" = []))
)]
#[get("/calendar")]
pub async fn month(
    state: web::Data<AppState>,
    _me: AuthUser,
    q: web::Query<CalendarQueryParams>,
) -> ApiResult<HttpResponse> {
    let query = CalendarQuery::parse(&q)?;
    let list = calendar::month(&MonthQuery {
        year: query.year,
        month: query.month,
        kinds: &query.kinds,
        show_descriptions: query.show_descriptions,
        nodes: &state.settings.marketing.calendar_nodes,
    })
    .ok_or_else(|| ApiError::with_field(ErrorCode::InvalidParam, "year"))?;
    Ok(envelope::ok(CalendarMonthDto { year: query.year, month: query.month, list }))
}
