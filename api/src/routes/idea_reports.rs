//! Idea reports (/mott-idea, /content-hotspot): start one from a hotspot,
//! a calendar day or a topic; read it (which also moves it on, see
//! `store::idea_reports::reconcile`); list them; cancel one; the default
//! settings per source type. See docs/MARKETING.md.

use actix_web::{get, post, web, HttpRequest, HttpResponse};
use chrono::Utc;
use pixmart_shared::copywriting::CopyStyle;
use pixmart_shared::db::store::idea_reports::{
    self as store, IdeaReport, Mode, NewReport, Progress, StagePricing, StageRoute,
};
use pixmart_shared::db::store::{hotspots, ledger, tasks as task_store};
use pixmart_shared::db::StoreError;
use pixmart_shared::domain::idea_report_request::{IdeaReportBody, NewIdeaReport, ReportSubject};
use pixmart_shared::domain::{BizType, ResultKind, TaskId, TaskSpec, TaskStatus, UploadId, UserId};
use pixmart_shared::marketing::ideas::pictures::{self, PictureKind};
use pixmart_shared::marketing::ideas::{
    stage_charged, Idea, IdeaBrief, IdeaStage, MktType, ReportOrdering, ReportParams, ReportState, SocialType,
    StageOutput,
};
use pixmart_shared::ErrorCode;
use serde::{Deserialize, Serialize};

use super::paging::{page_num, page_param};
use crate::admission::{self, Submission};
use crate::auth::AuthUser;
use crate::dispatch;
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::idea_docx;
use crate::AppState;

const PAGE_SIZE_MAX: u64 = 50;

pub(crate) fn pricing(state: &AppState) -> StagePricing {
    StagePricing { today: Utc::now().date_naive(), ideas_free_until: state.settings.marketing.ideas_free_until }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = IdeaReportParams)]
struct ParamsDto {
    topic: String,
    topic_desc: String,
    mkt_type: MktType,
    market_desc: String,
    prompt: String,
    idea_style: CopyStyle,
    social_type: Vec<SocialType>,
    ordering: ReportOrdering,
}

/// The report's sections, by the spec's names; empty until delivered.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = IdeaReportContent)]
struct ContentDto {
    event_summary: Option<String>,
    social_media_mkts: Vec<Idea>,
    social_media_mkt_videos: Vec<Idea>,
    offline_mkts: Vec<Idea>,
    association: Vec<String>,
    marketing_risk: Vec<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = IdeaReport)]
struct ReportDto {
    id: String,
    report_title: String,
    hotspot_id: Option<String>,
    hotspot_source_type: String,
    /// generating, completed, failed or cancelled.
    process: ReportState,
    /// The last stage delivered, `created` before any.
    stage: String,
    /// The stage being written now.
    running_stage: Option<IdeaStage>,
    /// Its task: `GET /api/tasks/{id}/events` streams the text as written.
    current_task_id: Option<String>,
    /// Every stage of this report, in order.
    stages: Vec<IdeaStage>,
    error_stage: Option<IdeaStage>,
    error_code: Option<String>,
    report_params: ParamsDto,
    report_content: ContentDto,
    /// A scene and a design picture per picture idea, once those arrived
    /// (only with a product photo; empty in lists).
    pictures: Vec<PictureDto>,
    /// Some picture is still being made (poll while true).
    pictures_pending: bool,
    /// Milliseconds since the epoch.
    created_at: i64,
    finished_at: Option<i64>,
}

impl From<IdeaReport> for ReportDto {
    fn from(r: IdeaReport) -> Self {
        let mut content = ContentDto::default();
        for (stage, output) in r.sections {
            match (stage, output) {
                (IdeaStage::Summary, StageOutput::Summary(s)) => content.event_summary = Some(s),
                (IdeaStage::AdviceOnline, StageOutput::Ideas(i)) => content.social_media_mkts = i,
                (IdeaStage::AdviceOnlineVideo, StageOutput::Ideas(i)) => content.social_media_mkt_videos = i,
                (IdeaStage::AdviceOffline, StageOutput::Ideas(i)) => content.offline_mkts = i,
                (IdeaStage::Association, StageOutput::Points(p)) => content.association = p,
                (IdeaStage::Risk, StageOutput::Points(p)) => content.marketing_risk = p,
                (stage, _) => tracing::warn!(report = %r.id, stage = stage.as_str(), "a section of the wrong shape"),
            }
        }
        let brief = &r.params.brief;
        ReportDto {
            report_title: r.title,
            hotspot_id: r.hotspot_id,
            hotspot_source_type: r.source_type,
            process: r.state,
            stage: r.stage.map_or("created", IdeaStage::as_str).to_owned(),
            running_stage: r.running_stage,
            current_task_id: r.current_task.map(|t| t.to_string()),
            stages: r.params.plan(),
            error_stage: r.error_stage,
            error_code: r.error_code,
            report_params: ParamsDto {
                topic: brief.topic.clone(),
                topic_desc: brief.background.clone(),
                mkt_type: brief.mkt_type,
                market_desc: brief.market_desc.clone(),
                prompt: brief.prompt.clone(),
                idea_style: brief.style,
                social_type: r.params.social_types.clone(),
                ordering: r.params.ordering,
            },
            report_content: content,
            pictures: Vec::new(),
            pictures_pending: false,
            created_at: r.created_at.timestamp_millis(),
            finished_at: r.finished_at.map(|t| t.timestamp_millis()),
            id: r.id,
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = IdeaPicture)]
struct PictureDto {
    /// The picture idea's place in `socialMediaMkts`.
    idea: usize,
    kind: PictureKind,
    task_id: String,
    status: TaskStatus,
    /// The picture, once made.
    url: Option<String>,
}

/// A generated picture's state (an idea's, a post's), from its task: the
/// task's status, and the picture's URL once made. A task that is gone
/// reads as failed.
pub(crate) async fn picture_state(state: &AppState, task: TaskId) -> ApiResult<(TaskStatus, Option<String>)> {
    let task = task_store::get_task(&state.db, task).await?;
    let status = task.as_ref().map_or(TaskStatus::Failed, |t| t.status);
    let url = task
        .as_ref()
        .filter(|t| t.status == TaskStatus::Success)
        .and_then(|t| t.results.iter().find(|r| r.kind == ResultKind::Image))
        .map(|r| crate::dto::file_url(&r.key));
    Ok((status, url))
}

/// The report with its pictures' state read from their tasks.
async fn with_pictures(state: &AppState, report: IdeaReport) -> ApiResult<ReportDto> {
    let mut pictures = Vec::with_capacity(report.pictures.len());
    for p in &report.pictures {
        let (status, url) = picture_state(state, p.task_id).await?;
        pictures.push(PictureDto { idea: p.idea, kind: p.kind, task_id: p.task_id.to_string(), status, url });
    }
    let mut dto = ReportDto::from(report);
    dto.pictures_pending = pictures.iter().any(|p| !p.status.is_terminal());
    dto.pictures = pictures;
    Ok(dto)
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = IdeaReportPage)]
struct PageDto {
    list: Vec<ReportDto>,
    total: u64,
}

/// The report if it is the caller's.
async fn owned(state: &AppState, id: &str, me: UserId) -> ApiResult<IdeaReport> {
    match store::get(&state.db, id).await? {
        Some(r) if r.owner == me => Ok(r),
        _ => Err(ApiError::new(ErrorCode::IdeaReportNotFound)),
    }
}

/// Moves the report on and sends a new stage's task to Redis at once;
/// true when it moved (a stage taken in, or the report ended).
pub(crate) async fn progress(state: &AppState, id: &str) -> Result<bool, StoreError> {
    let moved = store::reconcile(&state.db, id, pricing(state), Mode::Advance).await?;
    if let Progress::Advanced { next_task, queue, pool, picture_queues } = &moved {
        for queue in std::iter::once(queue).chain(picture_queues) {
            if let Err(e) = dispatch::dispatch_queue(state, queue, pool).await {
                tracing::warn!(task_id = %next_task, error = %e, "dispatch of a report's tasks failed; the dispatcher retries");
            }
        }
    }
    Ok(moved != Progress::Unchanged)
}

/// Pictures from a product photo (an idea report's, a content batch's):
/// the photo must be the caller's image and the pool must make both kinds
/// now, or nothing starts; the refusal to answer, if any.
pub(crate) async fn admit_pictures(
    state: &AppState,
    req: &HttpRequest,
    me: UserId,
    product: UploadId,
    topic: &str,
) -> ApiResult<Option<HttpResponse>> {
    let probe = Idea { title: topic.to_owned(), content: topic.to_owned() };
    for (biz, params) in [
        (BizType::ProductImage, pictures::scene_params(&probe, product)),
        (BizType::PlacardGen, pictures::design_params(&probe, topic, product)),
    ] {
        let spec = TaskSpec::parse(biz.as_str(), &params)?;
        if let Err(refused) =
            admission::admit(state, req, me, biz, std::slice::from_ref(&spec), Submission::Single).await?
        {
            return Ok(Some(refused));
        }
    }
    Ok(None)
}

/// `POST /api/idea-reports`: checks the request, that a text model can
/// serve it and that the caller can pay for every charged stage, then
/// starts it with its first stage queued.
#[utoipa::path(
    tag = "marketing",
    request_body(content = IdeaReportBody),
    responses((status = 200, description = "The report, generating.", body = Envelope<ReportDto>)),
    security(("bearer" = []))
)]
#[post("/idea-reports")]
pub async fn create(
    state: web::Data<AppState>,
    me: AuthUser,
    req: HttpRequest,
    body: web::Json<IdeaReportBody>,
) -> ApiResult<HttpResponse> {
    let asked = NewIdeaReport::parse(&body)?;
    let (topic, background, hotspot_id) = match &asked.subject {
        ReportSubject::Hotspot(id) => {
            let h = hotspots::get(&state.db, *id, me.id).await?.ok_or(ApiError::new(ErrorCode::HotspotNotFound))?;
            (h.title, h.summary, Some(id.to_string()))
        }
        ReportSubject::Topic { title, description } => (title.clone(), description.clone(), None),
    };
    let params = ReportParams {
        brief: IdeaBrief {
            topic: topic.clone(),
            background,
            mkt_type: asked.mkt_type,
            market_desc: asked.market_desc.clone(),
            prompt: asked.prompt.clone(),
            style: asked.style,
            language: asked.language,
        },
        social_types: asked.social_types.clone(),
        ordering: asked.ordering,
        product_image: asked.product_image,
    };
    let pricing = pricing(&state);
    let plan = params.plan();
    let report_id = uuid::Uuid::new_v4().to_string();
    let first_stage = plan[0];
    let first = store::stage_spec(&report_id, &params, first_stage, None, pricing);
    let admitted = match admission::admit(
        &state,
        &req,
        me.id,
        BizType::MktIdeaGen,
        std::slice::from_ref(&first),
        Submission::Report,
    )
    .await?
    {
        Ok(admitted) => admitted,
        Err(refused) => return Ok(refused),
    };
    // Every charged stage must be affordable now; each is charged when it
    // starts (and refunded if it fails).
    let price = BizType::MktIdeaGen.cost().as_i64();
    let total: i64 =
        plan.iter().filter(|s| stage_charged(**s, pricing.today, pricing.ideas_free_until)).map(|_| price).sum();
    if ledger::balances(&state.db, me.id).await?.total() < total {
        return Err(ApiError::new(ErrorCode::InsufficientLingshi));
    }
    if let Some(product) = asked.product_image {
        if let Some(refused) = admit_pictures(&state, &req, me.id, product, &topic).await? {
            return Ok(refused);
        }
    }
    let namespace = state.dispatcher.namespace();
    let route = StageRoute {
        pool: admitted.route.pool.clone(),
        lane: admitted.route.lane.as_str().to_owned(),
        share_key: admitted.route.share_key.clone(),
        queue: admitted.queue(namespace),
        namespace: namespace.to_owned(),
        commercial_only: admitted.route.commercial_only,
    };
    let new = NewReport {
        id: report_id,
        owner: me.id,
        title: asked.title.unwrap_or(topic),
        source_type: asked.source_type,
        hotspot_id,
        params,
        route: route.clone(),
    };
    let report = store::create(&state.db, new, pricing, state.settings.tasks.max_unfinished_per_user).await?;
    if let Err(e) = dispatch::dispatch_queue(&state, &route.queue, &route.pool).await {
        tracing::warn!(report = %report.id, error = %e, "dispatch after a report's start failed; the dispatcher retries");
    }
    Ok(envelope::ok(with_pictures(&state, report).await?))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    page_num: Option<String>,
    /// 1 to 50, default 10.
    page_size: Option<String>,
}

/// `GET /api/idea-reports`: the caller's reports, newest first.
#[utoipa::path(
    tag = "marketing",
    params(ListQuery),
    responses((status = 200, description = "A page of reports and how many there are.", body = Envelope<PageDto>)),
    security(("bearer" = []))
)]
#[get("/idea-reports")]
pub async fn list_reports(
    state: web::Data<AppState>,
    me: AuthUser,
    q: web::Query<ListQuery>,
) -> ApiResult<HttpResponse> {
    let page = page_num(q.page_num.as_deref(), "pageNum")?;
    let size = page_param(q.page_size.as_deref(), 10, PAGE_SIZE_MAX, "pageSize")?;
    let (rows, total) = store::list(&state.db, me.id, page, size).await?;
    Ok(envelope::ok(PageDto { list: rows.into_iter().map(ReportDto::from).collect(), total }))
}

/// `GET /api/idea-reports/{id}`: the report, moved on first if its stage
/// has ended (the page polls this while it generates).
#[utoipa::path(
    tag = "marketing",
    params(("id" = String, Path, description = "The report id.")),
    responses((status = 200, description = "The report.", body = Envelope<ReportDto>)),
    security(("bearer" = []))
)]
#[get("/idea-reports/{id}")]
pub async fn get_report(state: web::Data<AppState>, me: AuthUser, id: web::Path<String>) -> ApiResult<HttpResponse> {
    let report = owned(&state, &id, me.id).await?;
    if report.state == ReportState::Generating {
        progress(&state, &report.id).await?;
        return Ok(envelope::ok(with_pictures(&state, owned(&state, &id, me.id).await?).await?));
    }
    Ok(envelope::ok(with_pictures(&state, report).await?))
}

/// `POST /api/idea-reports/{id}/cancel` (the spec's `opsType cancel`): the
/// running stage stops and is refunded; what was delivered stays.
#[utoipa::path(
    tag = "marketing",
    params(("id" = String, Path, description = "The report id.")),
    responses((status = 200, description = "The report, cancelled.", body = Envelope<ReportDto>)),
    security(("bearer" = []))
)]
#[post("/idea-reports/{id}/cancel")]
pub async fn cancel(state: web::Data<AppState>, me: AuthUser, id: web::Path<String>) -> ApiResult<HttpResponse> {
    let report = owned(&state, &id, me.id).await?;
    if !store::cancel(&state.db, &report.id, me.id, pricing(&state)).await? {
        let now = owned(&state, &id, me.id).await?;
        if now.state != ReportState::Cancelled {
            return Err(ApiError::new(ErrorCode::IdeaReportEnded));
        }
    }
    Ok(envelope::ok(with_pictures(&state, owned(&state, &id, me.id).await?).await?))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DefaultsQuery {
    /// The source the report starts from (PUBLIC, CALENDAR, …).
    hotspot_source_type: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = IdeaStagePrices)]
struct PricesDto {
    image: i64,
    video: i64,
    offline: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = IdeaReportDefaults)]
struct DefaultsDto {
    mkt_type: MktType,
    market_desc: String,
    prompt: String,
    idea_style: CopyStyle,
    social_type: Vec<SocialType>,
    /// What each kind of ideas costs today (3 ideas).
    prices: PricesDto,
    /// The last day video and offline ideas are free (YYYY-MM-DD).
    ideas_free_until: String,
}

/// `GET /api/idea-reports/defaults`: the form's default settings for a
/// source type (a calendar day suggests offline ideas too), and prices.
#[utoipa::path(
    tag = "marketing",
    params(DefaultsQuery),
    responses((status = 200, description = "Default settings and today's prices.", body = Envelope<DefaultsDto>)),
    security(("bearer" = []))
)]
#[get("/idea-reports/defaults")]
pub async fn defaults(
    state: web::Data<AppState>,
    _me: AuthUser,
    q: web::Query<DefaultsQuery>,
) -> ApiResult<HttpResponse> {
    let source = q.hotspot_source_type.as_deref().map(str::trim).unwrap_or("PUBLIC");
    if !pixmart_shared::domain::idea_report_request::SOURCE_TYPES.contains(&source) {
        return Err(ApiError::with_field(ErrorCode::InvalidParam, "hotspotSourceType"));
    }
    let p = pricing(&state);
    let price = |stage: IdeaStage| {
        if stage_charged(stage, p.today, p.ideas_free_until) {
            BizType::MktIdeaGen.cost().as_i64()
        } else {
            0
        }
    };
    let prompt = match source {
        "CALENDAR" => "结合节日氛围，突出节日限定和送礼场景",
        _ => "",
    };
    Ok(envelope::ok(DefaultsDto {
        mkt_type: MktType::Product,
        market_desc: String::new(),
        prompt: prompt.to_owned(),
        idea_style: CopyStyle::Humorous,
        social_type: SocialType::ALL.to_vec(),
        prices: PricesDto {
            image: price(IdeaStage::AdviceOnline),
            video: price(IdeaStage::AdviceOnlineVideo),
            offline: price(IdeaStage::AdviceOffline),
        },
        ideas_free_until: p.ideas_free_until.to_string(),
    }))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// The document's title, at most 50 characters; default 热点营销策划
    /// (Hotspot marketing plan for an English report).
    title: Option<String>,
}

/// Longest side of a picture in the Word document: enough for print at
/// its 4.5 cm, small enough that six keep the file light.
const DOC_PICTURE_SIDE: u32 = 480;

/// The made pictures of the report's picture ideas, as small PNGs; a
/// picture that is not made or cannot be read is left out (the document
/// still has its text).
async fn doc_pictures(state: &AppState, report: &IdeaReport) -> Vec<idea_docx::DocPicture> {
    let mut out = Vec::new();
    for p in &report.pictures {
        let Ok(Some(task)) = task_store::get_task(&state.db, p.task_id).await else { continue };
        let Some(result) = task.results.iter().find(|r| r.kind == ResultKind::Image) else { continue };
        let Ok(bytes) = state.blobs.get(&result.key).await else { continue };
        let Ok(img) = image::load_from_memory(&bytes) else { continue };
        let small = img.thumbnail(DOC_PICTURE_SIDE, DOC_PICTURE_SIDE);
        let mut png = std::io::Cursor::new(Vec::new());
        if small.write_to(&mut png, image::ImageFormat::Png).is_ok() {
            out.push(idea_docx::DocPicture {
                idea: p.idea,
                png: png.into_inner(),
                width: small.width(),
                height: small.height(),
            });
        }
    }
    out
}

/// `GET /api/idea-reports/{id}/export.docx`: the report as a Word document,
/// with what it has delivered (a report still generating exports its
/// sections so far).
#[utoipa::path(
    tag = "marketing",
    params(("id" = String, Path, description = "The report id."), ExportQuery),
    responses((status = 200, description = "The Word document.", content_type = "application/vnd.openxmlformats-officedocument.wordprocessingml.document", body = Vec<u8>)),
    security(("bearer" = []))
)]
#[get("/idea-reports/{id}/export.docx")]
pub async fn export_docx(
    state: web::Data<AppState>,
    me: AuthUser,
    id: web::Path<String>,
    q: web::Query<ExportQuery>,
) -> ApiResult<HttpResponse> {
    let report = owned(&state, &id, me.id).await?;
    let zh = report.params.brief.language.is_chinese();
    let default = if zh { idea_docx::DEFAULT_TITLE_ZH } else { idea_docx::DEFAULT_TITLE_EN };
    let title = pixmart_shared::domain::text_field::optional(
        q.title.as_deref(),
        idea_docx::TITLE_MAX_CHARS,
        ErrorCode::IdeaTextTooLong,
    )?
    .unwrap_or_else(|| default.to_owned());
    let pictures = doc_pictures(&state, &report).await;
    let body = idea_docx::write(&report, &title, &pictures).map_err(ApiError::internal)?;
    // The name as typed (RFC 6266's filename*), and a plain fallback.
    let encoded: String = url::form_urlencoded::byte_serialize(format!("{title}.docx").as_bytes()).collect();
    let disposition = format!("attachment; filename=\"report.docx\"; filename*=UTF-8''{}", encoded.replace('+', "%20"));
    Ok(HttpResponse::Ok()
        .content_type("application/vnd.openxmlformats-officedocument.wordprocessingml.document")
        .insert_header((actix_web::http::header::CONTENT_DISPOSITION, disposition))
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .body(body))
}
