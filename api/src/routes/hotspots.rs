//! Hotspots (the hot lists, /hot-topic-list and its siblings): pages ranked
//! from their observations, one hotspot with its history, a user's own
//! saved hotspots (the CUSTOM tab), and hot words. See docs/MARKETING.md.

use actix_web::{delete, get, post};
use actix_web::{web, HttpResponse};
use chrono::Utc;
use pixmart_shared::db::store::hotspots::{self as store, HotspotRecord, Listed, Point};
use pixmart_shared::domain::hotspot::{
    HotWordQuery, HotWordQueryParams, HotspotKind, HotspotOrigin, HotspotPlatform, HotspotQuery, HotspotQueryParams,
    NewHotspot, NewHotspotBody, MAX_CUSTOM_PER_USER,
};
use pixmart_shared::domain::{HotspotId, UserId};
use pixmart_shared::marketing::hot_words::WordTrend;
use pixmart_shared::ErrorCode;
use serde::Serialize;

use crate::auth::AuthUser;
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::AppState;

/// Points of history a hotspot's page shows.
const HISTORY_POINTS: u64 = 200;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Hotspot)]
pub(crate) struct HotspotDto {
    id: String,
    title: String,
    summary: String,
    url: Option<String>,
    pic_url: Option<String>,
    kind: HotspotKind,
    platform: HotspotPlatform,
    origin: HotspotOrigin,
    /// The source's name; empty for imports, saves and removed sources.
    source_name: String,
    /// The latest heat (the source's figure, or 100000 / rank).
    heat: i64,
    /// The latest place in its source's list.
    rank: Option<u32>,
    /// Heat gained within the asked window.
    growth: i64,
    /// Observations within the asked window.
    mentions: u32,
    /// Milliseconds since the epoch.
    first_seen_at: i64,
    last_seen_at: i64,
    /// The caller saved it (and may remove it).
    mine: bool,
}

impl HotspotDto {
    fn new(h: HotspotRecord, growth: i64, mentions: u32, source_name: String, viewer: UserId) -> Self {
        HotspotDto {
            id: h.id.to_string(),
            title: h.title,
            summary: h.summary,
            url: h.url,
            pic_url: h.pic_url,
            kind: h.kind,
            platform: h.platform,
            origin: h.origin,
            source_name,
            heat: h.heat,
            rank: h.rank,
            growth,
            mentions,
            first_seen_at: h.first_seen_at.timestamp_millis(),
            last_seen_at: h.last_seen_at.timestamp_millis(),
            mine: h.owner == Some(viewer),
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = HotspotPage)]
struct HotspotPageDto {
    list: Vec<HotspotDto>,
    total: u64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = HotspotPoint)]
struct PointDto {
    /// Milliseconds since the epoch.
    at: i64,
    rank: Option<u32>,
    heat: i64,
}

impl From<Point> for PointDto {
    fn from(p: Point) -> Self {
        PointDto { at: p.at.timestamp_millis(), rank: p.rank, heat: p.heat }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = HotspotDetail)]
struct HotspotDetailDto {
    #[serde(flatten)]
    hotspot: HotspotDto,
    /// A saved hotspot's article text.
    article: Option<String>,
    /// Oldest first, at most 200 points.
    history: Vec<PointDto>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = HotWordList)]
struct HotWordListDto {
    list: Vec<WordTrend>,
}

async fn dtos(state: &AppState, listed: Vec<Listed>, viewer: UserId) -> ApiResult<Vec<HotspotDto>> {
    let names = store::source_names(&state.db, listed.iter().filter_map(|l| l.hotspot.source)).await?;
    Ok(listed
        .into_iter()
        .map(|l| {
            let name = l.hotspot.source.and_then(|s| names.get(&s).cloned()).unwrap_or_default();
            HotspotDto::new(l.hotspot, l.growth, l.mentions, name, viewer)
        })
        .collect())
}

fn parse_id(raw: &str) -> ApiResult<HotspotId> {
    raw.parse().map_err(|_| ApiError::new(ErrorCode::HotspotNotFound))
}

/// `GET /api/hotspots`.
#[utoipa::path(
    tag = "marketing",
    params(HotspotQueryParams),
    responses((status = 200, description = "A page of hotspots and how many match.", body = Envelope<HotspotPageDto>)),
    security(("bearer" = []))
)]
#[get("/hotspots")]
pub async fn list(
    state: web::Data<AppState>,
    me: AuthUser,
    q: web::Query<HotspotQueryParams>,
) -> ApiResult<HttpResponse> {
    let query = HotspotQuery::parse(&q)?;
    let (listed, total) = store::list(&state.db, me.id, &query, Utc::now()).await?;
    Ok(envelope::ok(HotspotPageDto { list: dtos(&state, listed, me.id).await?, total }))
}

/// `GET /api/hotspots/{id}`: one hotspot and its history.
#[utoipa::path(
    tag = "marketing",
    params(("id" = String, Path, description = "The hotspot's id.")),
    responses((status = 200, description = "The hotspot, its figures over the last 24 hours and its history.", body = Envelope<HotspotDetailDto>)),
    security(("bearer" = []))
)]
#[get("/hotspots/{id}")]
pub async fn get(state: web::Data<AppState>, me: AuthUser, id: web::Path<String>) -> ApiResult<HttpResponse> {
    let id = parse_id(&id)?;
    let h = store::get(&state.db, id, me.id).await?.ok_or_else(|| ApiError::new(ErrorCode::HotspotNotFound))?;
    let history: Vec<Point> = store::history(&state.db, id, HISTORY_POINTS).await?;
    // The day's figures, from the same history.
    let day_ago = Utc::now() - chrono::Duration::hours(24);
    let day: Vec<&Point> = history.iter().filter(|p| p.at >= day_ago).collect();
    let growth = day.first().map_or(0, |first| store::growth(h.heat, h.first_seen_at, day_ago, first.heat));
    let mentions = day.len() as u32;
    let article = h.article.clone();
    let listed = Listed { hotspot: h, growth, mentions };
    let hotspot =
        dtos(&state, vec![listed], me.id).await?.pop().ok_or_else(|| ApiError::new(ErrorCode::HotspotNotFound))?;
    Ok(envelope::ok(HotspotDetailDto { hotspot, article, history: history.into_iter().map(PointDto::from).collect() }))
}

/// `POST /api/hotspots`: save a hotspot of one's own (Save a hotspot for rewrite).
#[utoipa::path(
    tag = "marketing",
    request_body(content = NewHotspotBody),
    responses((status = 200, description = "The saved hotspot.", body = Envelope<HotspotDto>)),
    security(("bearer" = []))
)]
#[post("/hotspots")]
pub async fn save(
    state: web::Data<AppState>,
    me: AuthUser,
    body: web::Json<NewHotspotBody>,
) -> ApiResult<HttpResponse> {
    let new = NewHotspot::parse(&body)?;
    if store::count_custom(&state.db, me.id).await? >= MAX_CUSTOM_PER_USER {
        return Err(ApiError::new(ErrorCode::HotspotCustomLimit));
    }
    let h = store::insert_custom(&state.db, me.id, &new, Utc::now()).await?;
    Ok(envelope::ok(HotspotDto::new(h, 0, 0, String::new(), me.id)))
}

/// `DELETE /api/hotspots/{id}`: remove one's own saved hotspot.
#[utoipa::path(
    tag = "marketing",
    params(("id" = String, Path, description = "The hotspot's id.")),
    responses((status = 200, description = "Removed.", body = Envelope<bool>)),
    security(("bearer" = []))
)]
#[delete("/hotspots/{id}")]
pub async fn remove(state: web::Data<AppState>, me: AuthUser, id: web::Path<String>) -> ApiResult<HttpResponse> {
    let id = parse_id(&id)?;
    let h = store::get(&state.db, id, me.id).await?.ok_or_else(|| ApiError::new(ErrorCode::HotspotNotFound))?;
    if h.origin != HotspotOrigin::Custom || h.owner != Some(me.id) {
        return Err(ApiError::new(ErrorCode::HotspotNotYours));
    }
    store::delete(&state.db, id).await?;
    Ok(envelope::ok(true))
}

/// `GET /api/hot-words`: words ranked by growth against the window before.
#[utoipa::path(
    tag = "marketing",
    params(HotWordQueryParams),
    responses((status = 200, description = "Hot words, fastest growing first.", body = Envelope<HotWordListDto>)),
    security(("bearer" = []))
)]
#[get("/hot-words")]
pub async fn hot_words(
    state: web::Data<AppState>,
    _me: AuthUser,
    q: web::Query<HotWordQueryParams>,
) -> ApiResult<HttpResponse> {
    let query = HotWordQuery::parse(&q)?;
    let words = store::hot_words(&state.db, &query, Utc::now()).await?;
    Ok(envelope::ok(HotWordListDto { list: words }))
}
