//! Content per platform (/mott-content): start a batch of posts from a
//! hotspot, a calendar day, an idea or a topic; read it (which also takes
//! finished posts in); stop, continue, regenerate; edit a post's text and
//! pictures; like or dislike it. See docs/MARKETING.md.

use actix_web::{delete, get, post, put, web, HttpRequest, HttpResponse};
use pixmart_shared::copywriting::{CopyLanguage, CopyStyle, Platform, Verdict};
use pixmart_shared::db::store::content::{self as store, ContentBatch, ContentItem, Edit, NewBatch};
use pixmart_shared::db::store::idea_reports::{self as report_store, StageRoute};
use pixmart_shared::db::store::{hotspots, uploads};
use pixmart_shared::domain::content_request::{ContentBatchBody, ContentSubject, NewContentBatch};
use pixmart_shared::domain::task_spec::{upload_ref, upload_url, ContentSpec};
use pixmart_shared::domain::{BizType, TaskId, TaskSpec, TaskStatus, UploadId, UserId};
use pixmart_shared::marketing::content::{
    check_text, edit_content_max, ContentBrief, ContentSource, ItemResult, ItemStatus, MAX_IMAGES, MAX_PLATFORMS,
};
use pixmart_shared::marketing::ideas::pictures::PictureKind;
use pixmart_shared::marketing::ideas::{IdeaStage, StageOutput};
use pixmart_shared::ErrorCode;
use serde::{Deserialize, Serialize};

use super::paging::{page_num, page_param};
use crate::admission::{self, Submission};
use crate::auth::AuthUser;
use crate::dispatch;
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::AppState;

const PAGE_SIZE_MAX: u64 = 50;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct ContentImage {
    upload_id: String,
    url: String,
    /// `upload`: a picture the merchant added.
    r#type: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ContentItem)]
struct ContentItemDto {
    id: String,
    platform: Platform,
    status: ItemStatus,
    /// What the page shows: loading, success, fail or stop.
    result: ItemResult,
    /// None on weibo and before the first text.
    title: Option<String>,
    content: Option<String>,
    /// Hashtags without `#`.
    tags: Vec<String>,
    images: Vec<ContentImage>,
    /// The pictures made for its text from the product photo.
    gen_images: Vec<GenImageDto>,
    /// While loading: `GET /api/tasks/{id}/events` streams the text as written.
    current_task_id: Option<String>,
    error_code: Option<String>,
    /// The error's message in the request's language.
    error_msg: Option<String>,
    edited: bool,
    rating: Option<Verdict>,
    /// Milliseconds since the epoch.
    updated_at: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ContentBatch)]
struct ContentBatchDto {
    id: String,
    source: ContentSource,
    hotspot_id: Option<String>,
    report_id: Option<String>,
    topic: String,
    topic_desc: String,
    product_name: String,
    product_info: String,
    idea_style: CopyStyle,
    language: CopyLanguage,
    /// Whether any post is being written (poll while true).
    loading: bool,
    /// In the order the platforms were asked.
    items: Vec<ContentItemDto>,
    /// Some post's picture is still being made (poll while true).
    pictures_pending: bool,
    created_at: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ContentGenImage)]
struct GenImageDto {
    task_id: String,
    /// `scene_pic` or `design_pic`.
    r#type: &'static str,
    status: TaskStatus,
    url: Option<String>,
}

impl From<ContentItem> for ContentItemDto {
    fn from(i: ContentItem) -> Self {
        ContentItemDto {
            platform: i.platform,
            status: i.status,
            result: i.status.result(),
            title: i.title,
            content: i.content,
            tags: i.tags,
            images: i
                .images
                .into_iter()
                .map(|id| ContentImage { upload_id: id.to_string(), url: upload_url(id), r#type: "upload".into() })
                .collect(),
            gen_images: Vec::new(),
            current_task_id: i.current_task.filter(|_| i.status.is_loading()).map(|t| t.to_string()),
            error_msg: i.error_code.as_deref().map(|c| {
                ErrorCode::from_id(c).unwrap_or(ErrorCode::GenerationFailed).message(crate::lang::current()).to_owned()
            }),
            error_code: i.error_code,
            edited: i.edited,
            rating: i.rating,
            updated_at: i.updated_at.timestamp_millis(),
            id: i.id,
        }
    }
}

impl From<ContentBatch> for ContentBatchDto {
    fn from(b: ContentBatch) -> Self {
        ContentBatchDto {
            loading: b.loading(),
            source: b.source,
            hotspot_id: b.hotspot_id,
            report_id: b.report_id,
            topic: b.brief.topic,
            topic_desc: b.brief.topic_desc,
            product_name: b.brief.product_name,
            product_info: b.brief.product_info,
            idea_style: b.brief.style,
            language: b.brief.language,
            items: b.items.into_iter().map(ContentItemDto::from).collect(),
            pictures_pending: false,
            created_at: b.created_at.timestamp_millis(),
            id: b.id,
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = ContentBatchPage)]
struct PageDto {
    list: Vec<ContentBatchDto>,
    total: u64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct ContentDefaults {
    /// Lingshi per platform's post (and per regeneration).
    price_per_platform: i64,
    max_platforms: usize,
    platforms: Vec<Platform>,
    idea_style: CopyStyle,
    max_images: usize,
    /// What an edit may keep, per platform.
    text_limits: Vec<TextLimits>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ContentTextLimits)]
struct TextLimits {
    platform: Platform,
    /// None: the platform has no title (weibo).
    title_max: Option<usize>,
    /// Characters of body, line breaks not counted.
    content_max: usize,
}

/// The batch as answered, with its posts' pictures read from their tasks.
async fn dto(state: &AppState, batch: ContentBatch) -> ApiResult<ContentBatchDto> {
    let mut pictures = Vec::with_capacity(batch.items.len());
    for item in &batch.items {
        let mut made = Vec::with_capacity(item.gen_images.len());
        for g in &item.gen_images {
            let (status, url) = super::idea_reports::picture_state(state, g.task_id).await?;
            let kind = match g.kind {
                PictureKind::Scene => "scene_pic",
                PictureKind::Design => "design_pic",
            };
            made.push(GenImageDto { task_id: g.task_id.to_string(), r#type: kind, status, url });
        }
        pictures.push(made);
    }
    let mut dto = ContentBatchDto::from(batch);
    for (item, made) in dto.items.iter_mut().zip(pictures) {
        item.gen_images = made;
    }
    dto.pictures_pending = dto.items.iter().flat_map(|i| &i.gen_images).any(|g| !g.status.is_terminal());
    Ok(dto)
}

/// The batch if it is the caller's.
async fn owned(state: &AppState, id: &str, me: UserId) -> ApiResult<ContentBatch> {
    match store::get(&state.db, id).await? {
        Some(b) if b.owner == me => Ok(b),
        _ => Err(ApiError::new(ErrorCode::ContentBatchNotFound)),
    }
}

/// The item and its batch if they are the caller's.
async fn owned_item(state: &AppState, id: &str, me: UserId) -> ApiResult<(ContentBatch, ContentItem)> {
    let item = match store::get_item(&state.db, id).await? {
        Some(i) if i.owner == me => i,
        _ => return Err(ApiError::new(ErrorCode::ContentItemNotFound)),
    };
    let batch = owned(state, &item.batch_id, me).await?;
    Ok((batch, item))
}

/// The batch as it is now, with finished posts taken in.
async fn current(state: &AppState, id: &str, me: UserId) -> ApiResult<HttpResponse> {
    let batch = owned(state, id, me).await?;
    if batch.loading() && store::reconcile(&state.db, &batch).await? {
        return Ok(envelope::ok(dto(state, owned(state, id, me).await?).await?));
    }
    Ok(envelope::ok(dto(state, batch).await?))
}

async fn send(state: &AppState, route: &StageRoute, tasks: &[TaskId]) {
    if tasks.is_empty() {
        return;
    }
    if let Err(e) = dispatch::dispatch_queue(state, &route.queue, &route.pool).await {
        tracing::warn!(?tasks, error = %e, "dispatch of posts failed; the dispatcher retries");
    }
}

/// The topic and what it is about, read from the hotspot or idea.
async fn resolve(
    state: &AppState,
    me: UserId,
    subject: &ContentSubject,
) -> ApiResult<(String, String, Option<String>, Option<String>)> {
    Ok(match subject {
        ContentSubject::Hotspot(id) => {
            let h = hotspots::get(&state.db, *id, me).await?.ok_or(ApiError::new(ErrorCode::HotspotNotFound))?;
            (h.title, h.summary, Some(id.to_string()), None)
        }
        ContentSubject::Idea { report_id, index } => {
            let report = match report_store::get(&state.db, report_id).await? {
                Some(r) if r.owner == me => r,
                _ => return Err(ApiError::with_field(ErrorCode::IdeaReportNotFound, "reportId")),
            };
            let idea = match report.sections.get(&IdeaStage::AdviceOnline) {
                Some(StageOutput::Ideas(ideas)) => ideas.get(*index).cloned(),
                _ => None,
            }
            .ok_or(ApiError::with_field(ErrorCode::ContentIdeaNotFound, "ideaIndex"))?;
            (idea.title, idea.content, report.hotspot_id, Some(report.id))
        }
        ContentSubject::Topic { title, description } => (title.clone(), description.clone(), None, None),
    })
}

/// `GET /api/content-batches/defaults`: the price per post and the form's defaults.
#[utoipa::path(
    tag = "marketing",
    responses((status = 200, description = "Price and defaults.", body = Envelope<ContentDefaults>)),
    security(("bearer" = []))
)]
#[get("/content-batches/defaults")]
pub async fn defaults(_me: AuthUser) -> ApiResult<HttpResponse> {
    Ok(envelope::ok(ContentDefaults {
        price_per_platform: BizType::MktContentGen.cost().as_i64(),
        max_platforms: MAX_PLATFORMS,
        platforms: vec![Platform::Redbook, Platform::Weibo],
        idea_style: CopyStyle::Humorous,
        max_images: MAX_IMAGES,
        text_limits: Platform::ALL
            .into_iter()
            .map(|p| TextLimits { platform: p, title_max: p.title_max(), content_max: edit_content_max(p) })
            .collect(),
    }))
}

/// `POST /api/content-batches`: checks the request and that a text model
/// can serve it, then charges and queues one post per platform (all or
/// none).
#[utoipa::path(
    tag = "marketing",
    request_body(content = ContentBatchBody),
    responses((status = 200, description = "The batch, its posts being written.", body = Envelope<ContentBatchDto>)),
    security(("bearer" = []))
)]
#[post("/content-batches")]
pub async fn create(
    state: web::Data<AppState>,
    me: AuthUser,
    req: HttpRequest,
    body: web::Json<ContentBatchBody>,
) -> ApiResult<HttpResponse> {
    let asked = NewContentBatch::parse(&body)?;
    let (topic, topic_desc, hotspot_id, report_id) = resolve(&state, me.id, &asked.subject).await?;
    let brief = ContentBrief {
        topic,
        topic_desc,
        product_name: asked.product_name,
        product_info: asked.product_info,
        market_desc: asked.market_desc,
        prompt: asked.prompt,
        style: asked.style,
        language: asked.language,
        product_image: asked.product_image,
    };
    if let Some(product) = brief.product_image {
        if let Some(refused) = super::idea_reports::admit_pictures(&state, &req, me.id, product, &brief.topic).await? {
            return Ok(refused);
        }
    }
    let id = uuid::Uuid::new_v4().to_string();
    // Admission reads the type and the route; the items' ids come later.
    let probe = TaskSpec::Content(ContentSpec {
        batch_id: id.clone(),
        item_id: String::new(),
        platform: asked.platforms[0],
        brief: brief.clone(),
    });
    let admitted = match admission::admit(
        &state,
        &req,
        me.id,
        BizType::MktContentGen,
        std::slice::from_ref(&probe),
        Submission::Content,
    )
    .await?
    {
        Ok(admitted) => admitted,
        Err(refused) => return Ok(refused),
    };
    let route = StageRoute {
        pool: admitted.route.pool.clone(),
        lane: admitted.route.lane.as_str().to_owned(),
        share_key: admitted.route.share_key.clone(),
        queue: admitted.queue(state.dispatcher.namespace()),
        namespace: state.dispatcher.namespace().to_owned(),
        commercial_only: admitted.route.commercial_only,
    };
    let new = NewBatch {
        id,
        owner: me.id,
        source: asked.source,
        hotspot_id,
        report_id,
        brief,
        platforms: asked.platforms,
        route: route.clone(),
    };
    let (batch, tasks) = store::create(&state.db, new, state.settings.tasks.max_unfinished_per_user).await?;
    send(&state, &route, &tasks).await;
    Ok(envelope::ok(dto(&state, batch).await?))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    page_num: Option<String>,
    /// 1 to 50, default 10.
    page_size: Option<String>,
}

/// `GET /api/content-batches`: the caller's batches, newest first.
#[utoipa::path(
    tag = "marketing",
    params(ListQuery),
    responses((status = 200, description = "A page of batches and how many there are.", body = Envelope<PageDto>)),
    security(("bearer" = []))
)]
#[get("/content-batches")]
pub async fn list_batches(
    state: web::Data<AppState>,
    me: AuthUser,
    q: web::Query<ListQuery>,
) -> ApiResult<HttpResponse> {
    let page = page_num(q.page_num.as_deref(), "pageNum")?;
    let size = page_param(q.page_size.as_deref(), 10, PAGE_SIZE_MAX, "pageSize")?;
    let (rows, total) = store::list(&state.db, me.id, page, size).await?;
    Ok(envelope::ok(PageDto { list: rows.into_iter().map(ContentBatchDto::from).collect(), total }))
}

/// `GET /api/content-batches/{id}`: the batch, its finished posts taken in
/// first (the page polls this while it is loading).
#[utoipa::path(
    tag = "marketing",
    params(("id" = String, Path, description = "The batch id.")),
    responses((status = 200, description = "The batch.", body = Envelope<ContentBatchDto>)),
    security(("bearer" = []))
)]
#[get("/content-batches/{id}")]
pub async fn get_batch(state: web::Data<AppState>, me: AuthUser, id: web::Path<String>) -> ApiResult<HttpResponse> {
    current(&state, &id, me.id).await
}

/// `POST /api/content-batches/{id}/stop`: every post being written stops
/// and its lingshi comes back; a post that finished first is kept.
#[utoipa::path(
    tag = "marketing",
    params(("id" = String, Path, description = "The batch id.")),
    responses((status = 200, description = "The batch.", body = Envelope<ContentBatchDto>)),
    security(("bearer" = []))
)]
#[post("/content-batches/{id}/stop")]
pub async fn stop_batch(state: web::Data<AppState>, me: AuthUser, id: web::Path<String>) -> ApiResult<HttpResponse> {
    let batch = owned(&state, &id, me.id).await?;
    store::stop_batch(&state.db, &batch).await?;
    current(&state, &id, me.id).await
}

/// `POST /api/content-batches/{id}/continue`: every stopped or failed post
/// is written again, charged again.
#[utoipa::path(
    tag = "marketing",
    params(("id" = String, Path, description = "The batch id.")),
    responses((status = 200, description = "The batch.", body = Envelope<ContentBatchDto>)),
    security(("bearer" = []))
)]
#[post("/content-batches/{id}/continue")]
pub async fn continue_batch(
    state: web::Data<AppState>,
    me: AuthUser,
    id: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let batch = owned(&state, &id, me.id).await?;
    let max = state.settings.tasks.max_unfinished_per_user;
    let tasks = store::continue_batch(&state.db, &batch, max)
        .await?
        .ok_or(ApiError::new(ErrorCode::ContentNothingToContinue))?;
    send(&state, &batch.route, &tasks).await;
    current(&state, &id, me.id).await
}

/// `POST /api/content-items/{id}/stop`: this post stops, its lingshi back.
#[utoipa::path(
    tag = "marketing",
    params(("id" = String, Path, description = "The post id.")),
    responses((status = 200, description = "The post's batch.", body = Envelope<ContentBatchDto>)),
    security(("bearer" = []))
)]
#[post("/content-items/{id}/stop")]
pub async fn stop_item(state: web::Data<AppState>, me: AuthUser, id: web::Path<String>) -> ApiResult<HttpResponse> {
    let (batch, item) = owned_item(&state, &id, me.id).await?;
    store::stop_item(&state.db, &item, me.id).await?;
    current(&state, &batch.id, me.id).await
}

/// `POST /api/content-items/{id}/regenerate`: a new version of a finished
/// post, charged again (`CONTENT_ITEM_BUSY` while it is being written).
#[utoipa::path(
    tag = "marketing",
    params(("id" = String, Path, description = "The post id.")),
    responses((status = 200, description = "The post's batch.", body = Envelope<ContentBatchDto>)),
    security(("bearer" = []))
)]
#[post("/content-items/{id}/regenerate")]
pub async fn regenerate(state: web::Data<AppState>, me: AuthUser, id: web::Path<String>) -> ApiResult<HttpResponse> {
    let (batch, item) = owned_item(&state, &id, me.id).await?;
    let max = state.settings.tasks.max_unfinished_per_user;
    let task =
        store::regenerate(&state.db, &batch, &item, max).await?.ok_or(ApiError::new(ErrorCode::ContentItemBusy))?;
    send(&state, &batch.route, &[task]).await;
    current(&state, &batch.id, me.id).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContentTextBody {
    /// None on weibo.
    title: Option<String>,
    content: Option<String>,
    tags: Option<Vec<String>>,
}

/// `PUT /api/content-items/{id}/text`: the merchant's edit of a finished
/// post, within the platform's limits.
#[utoipa::path(
    tag = "marketing",
    params(("id" = String, Path, description = "The post id.")),
    request_body(content = ContentTextBody),
    responses((status = 200, description = "The post's batch.", body = Envelope<ContentBatchDto>)),
    security(("bearer" = []))
)]
#[put("/content-items/{id}/text")]
pub async fn save_text(
    state: web::Data<AppState>,
    me: AuthUser,
    id: web::Path<String>,
    body: web::Json<ContentTextBody>,
) -> ApiResult<HttpResponse> {
    let (batch, item) = owned_item(&state, &id, me.id).await?;
    let text = check_text(
        item.platform,
        body.title.as_deref(),
        body.content.as_deref().unwrap_or_default(),
        body.tags.as_deref().unwrap_or_default(),
    )?;
    answer_edit(&state, &batch, me.id, store::save_text(&state.db, &item, text).await?).await
}

async fn answer_edit(state: &AppState, batch: &ContentBatch, me: UserId, edit: Edit) -> ApiResult<HttpResponse> {
    match edit {
        Edit::Done => current(state, &batch.id, me).await,
        Edit::Busy => Err(ApiError::new(ErrorCode::ContentItemBusy)),
        Edit::Full => Err(ApiError::with_field(ErrorCode::ContentImageLimit, "uploadId")),
    }
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContentImageBody {
    /// An image the caller uploaded (`POST /api/uploads`): its id, or the
    /// URL the upload answered.
    upload_id: Option<String>,
}

fn upload_id(raw: Option<&str>) -> ApiResult<UploadId> {
    raw.map(str::trim).and_then(upload_ref).ok_or(ApiError::with_field(ErrorCode::ImageNotFound, "uploadId"))
}

/// `POST /api/content-items/{id}/images`: adds one of the caller's images
/// to the post (at most nine).
#[utoipa::path(
    tag = "marketing",
    params(("id" = String, Path, description = "The post id.")),
    request_body(content = ContentImageBody),
    responses((status = 200, description = "The post's batch.", body = Envelope<ContentBatchDto>)),
    security(("bearer" = []))
)]
#[post("/content-items/{id}/images")]
pub async fn add_image(
    state: web::Data<AppState>,
    me: AuthUser,
    id: web::Path<String>,
    body: web::Json<ContentImageBody>,
) -> ApiResult<HttpResponse> {
    let (batch, item) = owned_item(&state, &id, me.id).await?;
    let image = upload_id(body.upload_id.as_deref())?;
    let usable =
        uploads::get_upload(&state.db, image).await?.is_some_and(|u| u.owner == me.id && u.format.image().is_some());
    if !usable {
        return Err(ApiError::with_field(ErrorCode::ImageNotFound, "uploadId"));
    }
    answer_edit(&state, &batch, me.id, store::add_image(&state.db, &item, image).await?).await
}

/// `DELETE /api/content-items/{id}/images/{uploadId}`: takes a picture off
/// the post (the upload itself stays).
#[utoipa::path(
    tag = "marketing",
    params(("id" = String, Path, description = "The post id."), ("upload_id" = String, Path, description = "The picture's upload id.")),
    responses((status = 200, description = "The post's batch.", body = Envelope<ContentBatchDto>)),
    security(("bearer" = []))
)]
#[delete("/content-items/{id}/images/{upload_id}")]
pub async fn remove_image(
    state: web::Data<AppState>,
    me: AuthUser,
    path: web::Path<(String, String)>,
) -> ApiResult<HttpResponse> {
    let (id, raw) = path.into_inner();
    let (batch, item) = owned_item(&state, &id, me.id).await?;
    let image = upload_id(Some(&raw))?;
    answer_edit(&state, &batch, me.id, store::remove_image(&state.db, &item, image).await?).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContentRatingBody {
    /// like, dislike, or null to clear.
    operation_type: Option<String>,
}

/// `PUT /api/content-items/{id}/rating`: like, dislike or neither.
#[utoipa::path(
    tag = "marketing",
    params(("id" = String, Path, description = "The post id.")),
    request_body(content = ContentRatingBody),
    responses((status = 200, description = "The post's batch.", body = Envelope<ContentBatchDto>)),
    security(("bearer" = []))
)]
#[put("/content-items/{id}/rating")]
pub async fn rate(
    state: web::Data<AppState>,
    me: AuthUser,
    id: web::Path<String>,
    body: web::Json<ContentRatingBody>,
) -> ApiResult<HttpResponse> {
    let (batch, item) = owned_item(&state, &id, me.id).await?;
    let rating = match body.operation_type.as_deref().map(str::trim) {
        None | Some("") => None,
        Some("like") => Some(Verdict::Like),
        Some("dislike") => Some(Verdict::Dislike),
        Some(_) => return Err(ApiError::with_field(ErrorCode::CopyBadRating, "operationType")),
    };
    store::rate(&state.db, &item, rating).await?;
    current(&state, &batch.id, me.id).await
}
